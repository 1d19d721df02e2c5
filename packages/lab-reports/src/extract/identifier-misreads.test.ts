import { hasSeamLookalike, hasStrayLowerCase, yearThenLookalike } from './identifier-misreads';

describe('identifier misreads', () => {
  it('finds a small letter among capitals and digits', () => {
    expect(hasStrayLowerCase('SDi23/558575')).toBe(true);
    expect(hasStrayLowerCase('KM8226l322')).toBe(true);
    expect(hasStrayLowerCase('SD/23/558575')).toBe(false);
    expect(hasStrayLowerCase('2839636346')).toBe(false);
    // Words in small letters are not one misread glyph.
    expect(hasStrayLowerCase('Ref23abc')).toBe(false);
  });

  it('finds a letter OCR confuses with a digit where letters meet digits', () => {
    expect(hasSeamLookalike('KMB2262122')).toBe(true); // KM82262122?
    expect(hasSeamLookalike('PS25-4290280')).toBe(true); // P525-…?
    expect(hasSeamLookalike('23Z1030782')).toBe(true); // digits, Z, digits
    // Not at a seam, or not a look-alike: told by the neighbours.
    expect(hasSeamLookalike('BW25-1723321')).toBe(false);
    expect(hasSeamLookalike('C74682046')).toBe(false);
    expect(hasSeamLookalike('NL-24-452272')).toBe(false);
    expect(hasSeamLookalike('2839636346')).toBe(false);
    expect(hasSeamLookalike('SLXX')).toBe(false);
  });

  it("finds digits only that start with the report's year and then a digit OCR reads for a letter", () => {
    const years = new Set(['23', '24']);
    expect(yearThenLookalike('2371030782', years)).toBe(true);
    expect(yearThenLookalike('2414542378', years)).toBe(true);
    expect(yearThenLookalike('2571030782', years)).toBe(false); // not the report's year
    expect(yearThenLookalike('2391030782', years)).toBe(false); // 9: no capital looks like it
    expect(yearThenLookalike('23Z1030782', years)).toBe(false); // read with its letter
    expect(yearThenLookalike('2371', years)).toBe(false); // too short for an identifier
  });
});
