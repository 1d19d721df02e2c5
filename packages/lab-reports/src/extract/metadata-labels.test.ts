import { labelOf } from './metadata-labels';

describe('labelOf', () => {
  it("reads a specimen label whose '#' OCR read as 4, H, ff or %", () => {
    expect(labelOf('Accession 4')?.field).toBe('specimen');
    expect(labelOf('Specimen H:')?.field).toBe('specimen');
    expect(labelOf('Sample ff')?.field).toBe('specimen');
    expect(labelOf('Lab No %')?.field).toBe('specimen');
    // Only specimen labels: other words followed by 4 or H stay unknown.
    expect(labelOf('Factor 4')).toBeNull();
    expect(labelOf('Vitamin H')).toBeNull();
    expect(labelOf('Patient 4')?.field).not.toBe('specimen');
  });

  it("reads an 'rn' OCR read for 'm' in a label that also holds a real 'rn', and short date wordings", () => {
    expect(labelOf('Surnarne:')?.field).toBe('lastName');
    expect(labelOf('Birth Dt')?.field).toBe('dob');
    expect(labelOf('Coll. Dt')?.field).toBe('collected');
    expect(labelOf('Turn')).toBeNull();
  });

  it('reads a short label with one letter added or lost in one word', () => {
    expect(labelOf('Lab Neo:')?.field).toBe('specimen');
    expect(labelOf('Pt INR')).toBeNull();
  });
});
