import { capitalIMisread, undoubleWords } from './name-misreads';

describe('name misreads', () => {
  it('reads a word read twice over once', () => {
    expect(undoubleWords('RhiannonRhiannon Jones')).toBe('Rhiannon Jones');
    expect(undoubleWords('MaleMale')).toBe('Male');
    expect(undoubleWords('SMITHSMITH, JOHN')).toBe('SMITH, JOHN');
    // Names that happen to repeat a syllable stay.
    expect(undoubleWords('Nana Lulu')).toBe('Nana Lulu');
    expect(undoubleWords('Barbara')).toBe('Barbara');
    // Two reads that disagree: no value.
    expect(undoubleWords('MacLeodMacleod')).toBeNull();
  });

  it('reads a small l starting a capitalised name as a capital I', () => {
    expect(capitalIMisread('lyer, Rohan')).toBe('Iyer, Rohan');
    expect(capitalIMisread('Rohan lyer')).toBe('Rohan Iyer');
    expect(capitalIMisread('lsabel')).toBe('Isabel');
    expect(capitalIMisread('lYER, ROHAN')).toBe('IYER, ROHAN');
    // A capital whose small letter has the same shape.
    expect(capitalIMisread('whitfield, Imran')).toBe('Whitfield, Imran');
    expect(capitalIMisread('Anna sokolova')).toBe('Anna Sokolova');
    expect(capitalIMisread('Pieter van Dijk')).toBe('Pieter van Dijk');
    // Particles, capitalised names and lower-case text stay.
    expect(capitalIMisread('Anna le Roux')).toBe('Anna le Roux');
    expect(capitalIMisread('Lopez, Maria')).toBe('Lopez, Maria');
    expect(capitalIMisread('lyer rohan')).toBe('lyer rohan');
  });
});
