import { isPrintedUnit, ocrUnitDistance, readMisreadUnits } from './unit-misreadings';

describe('readMisreadUnits', () => {
  it.each([
    // The slash read as a thin letter, or lost.
    ['mgrdL', 'mg/dL'],
    ['mgldL', 'mg/dL'],
    // A faxed `g` read as `y`.
    ['my/dL', 'mg/dL'],
    ['uy/L', 'ug/L'],
    ['pgmL', 'pg/mL'],
    ['mEgl', 'mEq/L'],
    // `m` read as `rn` or `in`, `l` as `I` or `1`.
    ['rng/dL', 'mg/dL'],
    ['minol/L', 'mmol/L'],
    ['ng/rnL', 'ng/mL'],
    ['mmoI/L', 'mmol/L'],
    ['g/1', 'g/L'],
    // Specks and stops around the unit.
    ['mg/dl.', 'mg/dL'],
    ['-mg/dL', 'mg/dL'],
    ['- ng/mL', 'ng/mL'],
    ['fL.', 'fL'],
    ['%.', '%'],
    // The caret of a power of ten read as a letter or `7`; a glyph dropped in.
    ['10A9/L', '10^9/L'],
    ['10M9/L', '10^9/L'],
    ['107 3/ul', '10^3/uL'],
    ['x10QE6/uL', 'x10E6/uL'],
    // The micro sign not seen: a count per litre in thousands is no unit.
    ['10^3/L', '10^3/uL'],
    ['x10E3/L', 'x10E3/uL'],
    // A capital E read as another glyph on a tall stem.
    ['mLq/L', 'mEq/L'],
    ['mbq/L', 'mEq/L'],
    // A bracket without its pair.
    ['mg/dL)', 'mg/dL'],
    ['[mg/dL', 'mg/dL'],
    // A long unit with two misread glyphs.
    ['mu/min/i1.73m2', 'mL/min/1.73m2'],
    ['mi/min/1.73m2', 'mL/min/1.73m2'],
    // Two glyphs read together as others: `l/` as `V`, `b` or `Vl`, `/L` as `n`.
    ['mmoVL', 'mmol/L'],
    ['mmobL', 'mmol/L'],
    ['mmoVlL', 'mmol/L'],
    ['Un', 'U/L'],
    ['un', 'U/L'],
    // The slash read as an `A`, the caret as a degree sign, a `g` as a `p`.
    ['UAL', 'U/L'],
    ['mUIAL', 'mUI/L'],
    ['10°9/L', '10^9/L'],
    ['up/dL', 'ug/dL'],
  ])('%s → %s', (read, unit) => {
    expect(readMisreadUnits(read)).toBe(unit);
  });

  it('keeps units as printed, in their own letter case and spelling', () => {
    for (const unit of [
      'mg/dL',
      'mg/dl',
      'mmol/l',
      'µmol/L',
      'umol/L',
      'pmol/L',
      'x10E3/uL',
      '10^9/L',
      '10*3/uL',
      'mUI/L',
    ])
      expect(readMisreadUnits(unit)).toBe(unit);
    expect(readMisreadUnits('mL/min/1.73 m2')).toBe('mL/min/1.73 m2');
    expect(readMisreadUnits('(mg/dL)')).toBe('(mg/dL)');
    expect(readMisreadUnits('mL/min/1.73m^2')).toBe('mL/min/1.73m^2');
    expect(readMisreadUnits('x 10^9/L')).toBe('x 10^9/L');
    expect(readMisreadUnits('mL/min/{1.73_m2}')).toBe('mL/min/{1.73_m2}');
  });

  it('keeps a unit of a kind of its own rather than make another kind of it', () => {
    expect(readMisreadUnits('mg/mmol')).toBe('mg/mmol');
    expect(readMisreadUnits('ng/mL/hr')).toBe('ng/mL/hr');
    expect(readMisreadUnits('mg/24h')).toBe('mg/24h');
  });

  it('reads nothing into flags, words, digits or a unit two spellings are equally near', () => {
    for (const text of ['H', 'L', 'High', 'KP', 'Negative', 'Result', '107', '4.5', 'glu', 'gill', 'tn.'])
      expect(readMisreadUnits(text)).toBeNull();
    // In a unit of five glyphs or less, a glyph that is no look-alike makes another unit: `mkg/L` is no `mg/L`.
    for (const text of ['mkg/l.', 'mgg/L']) expect(readMisreadUnits(text)).toBeNull();
    // `mm/hr` and `mm/h` are one edit from `mm/he` each.
    expect(readMisreadUnits('mm/he')).toBeNull();
  });
});

describe('ocrUnitDistance', () => {
  it('counts look-alikes and specks as less than other edits', () => {
    expect(ocrUnitDistance('mg/dL', 'mg/dL')).toBe(0);
    expect(ocrUnitDistance('MG/DL', 'mg/dL')).toBe(0);
    expect(ocrUnitDistance('rng/dL', 'mg/dL')).toBe(0.5);
    expect(ocrUnitDistance('mg/dL.', 'mg/dL')).toBeCloseTo(0.3);
    expect(ocrUnitDistance('mk/dL', 'mg/dL')).toBe(1);
  });

  it('knows the printed units in any letter case', () => {
    expect(isPrintedUnit('MG/DL')).toBe(true);
    expect(isPrintedUnit('μmol/L')).toBe(true);
    expect(isPrintedUnit('mgrdL')).toBe(false);
  });
});
