import {
  correctLeadingPoint,
  correctLostPoint,
  correctLowerBound,
  correctFlagUnits,
  correctNumber,
  correctOcrRow,
  correctRangeColon,
  correctRangeDecimals,
  correctRangeNumber,
  correctSpeckMinus,
  correctUnits,
  harmoniseEnzymeUnits,
  isKnownUnits,
  readUnitsFromReport,
} from './ocr-corrections';

const row = (value: string, range: string | null, flag: string | null = null, name = 'Test') => ({
  name,
  value,
  flag,
  units: null,
  range,
  panel: null,
});

describe('OCR corrections', () => {
  it('restores the usual spelling of known units', () => {
    expect(
      ['x10E3/ul', 'x10E3/ulL', 'Pg', '[HPF', '{HPF', 'MG/DL', 'mlL/min/1.73m2', 'ulU/mL', 'W/L'].map(
        correctUnits,
      ),
    ).toEqual(['x10E3/uL', 'x10E3/uL', 'pg', '/HPF', '/HPF', 'mg/dL', 'mL/min/1.73m2', 'uIU/mL', 'IU/L']);
    expect(correctUnits('widgets')).toBe('widgets');
    // A slash read as `i`/`l` or lost, `q` read as `g`.
    expect(['mgiL', 'mmolL', 'uiL', 'UL', 'mEg/L', 'mU/l'].map(correctUnits)).toEqual([
      'mg/L',
      'mmol/L',
      'U/L',
      'U/L',
      'mEq/L',
      'mU/L',
    ]);
    expect(correctUnits(null)).toBeNull();
  });

  it('reads letters inside numbers as digits, and leaves words alone', () => {
    expect(correctNumber('1O.2')).toBe('10.2');
    expect(correctNumber('<l.5')).toBe('<1.5');
    expect(correctNumber('0.1-O.9')).toBe('0.1-0.9');
    expect(correctNumber('Negative')).toBe('Negative');
    expect(correctNumber('Lo')).toBe('Lo');
    expect(correctNumber('S.4')).toBe('5.4');
    expect(correctNumber('B12')).toBe('B12');
  });

  it('gives a range bound back the decimals OCR lost', () => {
    expect(
      ['1.5-45', '0.1-9', '3.4-10.8', '70-99', '0.57-100', 'Negative', '0.04.4'].map(correctRangeDecimals),
    ).toEqual(['1.5-4.5', '0.1-0.9', '3.4-10.8', '70-99', '0.57-1.00', 'Negative', '0.0-4.4']);
  });

  it('reads units misread beyond their spellings, and leaves unknown ones alone', () => {
    expect(
      [
        'fL.',
        '_mmol/mol',
        '1079/1',
        '6/uL.',
        '3/uL',
        'mmol',
        'umal/L',
        'umol/t',
        'a/L',
        'tL',
        'Hg/dL',
        'u/iL',
        'meq',
        'mEq',
      ].map(correctUnits),
    ).toEqual([
      'fL',
      'mmol/mol',
      '10^9/L',
      '10^6/uL',
      '10^3/uL',
      'mmol/L',
      'umol/L',
      'umol/L',
      'g/L',
      'fL',
      'µg/dL',
      'U/L',
      'mEq/L',
      'mEq/L',
    ]);
    // Valid units stay as printed; a word close to no unit stays too.
    const valid = [
      'pmol/L',
      'nmol/L',
      'mOsm/kg',
      'copies/mL',
      'x10^9/L',
      '10*3/uL',
      '×10^12/L',
      'kU/L',
      'widgets',
    ];
    expect(valid.map(correctUnits)).toEqual(valid);
    expect(correctUnits('x1079/L')).toBe('x10^9/L');
    expect(['µmol/L', 'µg/l', 'μg/L'].map(correctUnits)).toEqual(['µmol/L', 'µg/L', 'μg/L']);
    expect(isKnownUnits('nmol/L')).toBe(true);
    expect(isKnownUnits('Sodium')).toBe(false);
  });

  it('gives a lower bound its decimal point back', () => {
    expect(['48-5.6', '40-11.0', '(40-11.0)', '4.8-5.6', '70-99', '60-5.0'].map(correctLowerBound)).toEqual([
      '4.8-5.6',
      '4.0-11.0',
      '(4.0-11.0)',
      '4.8-5.6',
      '70-99',
      '60-5.0',
    ]);
  });

  it('reads letters as digits after a range word', () => {
    expect(['UptoS', '<O.5', 'Up to 5', 'Below l', 'Negative'].map(correctRangeNumber)).toEqual([
      'Upto5',
      '<0.5',
      'Up to 5',
      'Below l',
      'Negative',
    ]);
  });

  it('restores a decimal point lost in the range or the value when the fields disagree as read', () => {
    // Both bounds lost their points: the value (one decimal, no flag) lies inside the range read with them.
    expect(correctLostPoint(row('4.1', '35-53')).range).toBe('3.5-5.3');
    expect(correctLostPoint(row('22.0', '(39-268)')).range).toBe('(3.9-26.8)');
    // A value the flag says is low, below the range as printed: nothing to repair.
    expect(correctLostPoint(row('7.5', '30-100', 'L')).range).toBe('30-100');
    // The value lost its point: the range prints one decimal everywhere.
    expect(correctLostPoint(row('135', '9.1-12.0', 'H')).value).toBe('13.5');
    expect(correctLostPoint(row('196', '30.0-100.0', 'L')).value).toBe('19.6');
    expect(correctLostPoint(row('24', '< 5.0')).value).toBe('2.4');
    // A high value the flag agrees with, not ten times the bound: left alone.
    expect(correctLostPoint(row('16', '9.1-12.0', 'H')).value).toBe('16');
    // Without a range nothing tells.
    expect(correctLostPoint(row('24', null)).value).toBe('24');
  });

  it('drops a speck read as a point before a value the range and flag then agree with', () => {
    expect(correctLeadingPoint(row('.390', '232-1245')).value).toBe('390');
    expect(correctLeadingPoint(row(',52', '27-159')).value).toBe('52');
    // Low as read and flagged low: the point may be real.
    expect(correctLeadingPoint(row('.390', '232-1245', 'L')).value).toBe('.390');
    // Without the point the value would disagree: left as read.
    expect(correctLeadingPoint(row('.5', '0.1-1.0')).value).toBe('.5');
    expect(correctLeadingPoint(row('.390', null)).value).toBe('.390');
    expect(correctOcrRow(row('.390', '232-1245'))).toMatchObject({ value: '390' });
  });

  it("reads a range's hyphen misread as a colon back when the value agrees with the range", () => {
    expect(correctRangeColon(row('68', '0:60', 'H')).range).toBe('0-60');
    expect(correctRangeColon(row('4.2', '(3.5;5.1)')).range).toBe('(3.5-5.1)');
    // A value the range (so read) and flag disagree with, or bounds that do not rise: left as read.
    expect(correctRangeColon(row('68', '0:60')).range).toBe('0:60');
    expect(correctRangeColon(row('1', '40:1')).range).toBe('40:1');
    expect(correctRangeColon(row('Positive', '1:40')).range).toBe('1:40');
    expect(correctOcrRow(row('68', '0:60', 'H'))).toMatchObject({ range: '0-60' });
  });

  it('drops a speck read as a minus before a range the value lies in', () => {
    expect(correctSpeckMinus('87', '-80-100')).toBe('80-100');
    expect(correctSpeckMinus('2', '-2-2')).toBe('-2-2');
    expect(correctSpeckMinus('-1.0', '-2.0-2.0')).toBe('-2.0-2.0');
    expect(correctSpeckMinus('120', '-80-100')).toBe('-80-100');
  });

  it('corrects a whole row: name, one-letter value, range', () => {
    expect(correctOcrRow(row('S', '0-40', null, 'Atbumin'))).toMatchObject({ name: 'Albumin', value: '5' });
    expect(correctOcrRow(row('5.4', '48-5.6', null, 'HbAlc'))).toMatchObject({
      name: 'HbA1c',
      range: '4.8-5.6',
    });
    expect(correctOcrRow({ ...row('1.5', '1.0-4..0'), panel: 'iron Studies' })).toMatchObject({
      range: '1.0-4.0',
      panel: 'Iron Studies',
    });
  });

  it('spells enzyme units the way most rows of the report do', () => {
    const enzyme = (units: string | null) => ({ ...row('20', '0-32', null, 'ALT'), units });
    expect(
      harmoniseEnzymeUnits([enzyme('IU/L'), enzyme('U/L'), enzyme('IU/L'), enzyme(null)]).map((r) => r.units),
    ).toEqual(['IU/L', 'IU/L', 'IU/L', null]);
    expect(harmoniseEnzymeUnits([enzyme('U/L'), enzyme('IU/L')]).map((r) => r.units)).toEqual([
      'U/L',
      'IU/L',
    ]);
  });

  it('reads a unit misread past the vocabulary back from the units the report prints on other rows', () => {
    const count = (units: string | null) => ({ ...row('7.2', '4.0-11.0', null, 'WBC'), units });
    const units = (list: (string | null)[]) => readUnitsFromReport(list.map(count)).map((r) => r.units);
    // `Kul` is as near `kU/L` as `K/uL`; the report prints `K/uL`.
    expect(units(['Kul', 'K/uL', 'g/dL', 'K/uL'])).toEqual(['K/uL', 'K/uL', 'g/dL', 'K/uL']);
    expect(units(['K/ubl', 'K/uL', 'fL'])).toEqual(['K/uL', 'K/uL', 'fL']);
    // Both near units printed in the report, or none printed: kept as read; nothing is made of a flag or a lost unit.
    expect(units(['Kul', 'kU/L', 'K/uL'])).toEqual(['Kul', 'kU/L', 'K/uL']);
    expect(units(['Kul', 'Kul'])).toEqual(['Kul', 'Kul']);
    expect(units(['H', null, 'x10^9/L'])).toEqual(['H', null, 'x10^9/L']);
    // A printed unit stays as read even when another row prints a near one.
    expect(units(['mU/L', 'mUI/L'])).toEqual(['mU/L', 'mUI/L']);
    expect(harmoniseEnzymeUnits(['Kul', 'K/uL'].map(count)).map((r) => r.units)).toEqual(['K/uL', 'K/uL']);
  });

  it('reads units misread in the range cell back from the units other rows print there', () => {
    const cell = (range: string) => row('11.8', range, 'H', 'WBC');
    const read = readUnitsFromReport([cell('4.0-11.0 x EOL'), cell('150-400 x E9/L'), cell('135-175 g/L')]);
    expect(read.map((r) => [r.range, r.units])).toEqual([
      ['4.0-11.0', 'x E9/L'],
      ['150-400 x E9/L', null],
      ['135-175 g/L', null],
    ]);
    // No row prints the unit: the cell stays as read.
    expect(readUnitsFromReport([cell('4.0-11.0 x EOL'), cell('135-175 g/L')])[0]).toEqual(
      cell('4.0-11.0 x EOL'),
    );
  });

  it('reads a critical-low flag the value contradicts as the unit L/L', () => {
    const hct = (value: string, flag: string | null, range = '(0.40-0.54)') =>
      row(value, range, flag, 'Haematocrit');
    expect(correctOcrRow(hct('047', 'LL'))).toMatchObject({ value: '0.47', units: 'L/L', flag: null });
    expect(correctFlagUnits(hct('0.45', 'LL'))).toMatchObject({ value: '0.45', units: 'L/L', flag: null });
    // A value below the range keeps its flag; so does a row with units, or another flag.
    expect(correctFlagUnits(hct('0.21', 'LL'))).toEqual(hct('0.21', 'LL'));
    expect(correctFlagUnits(hct('021', 'LL'))).toEqual(hct('021', 'LL'));
    expect(correctFlagUnits({ ...hct('0.45', 'LL'), units: '%' })).toEqual({
      ...hct('0.45', 'LL'),
      units: '%',
    });
    expect(correctFlagUnits(hct('0.45', 'L'))).toEqual(hct('0.45', 'L'));
  });

  it('reads a power of ten per litre whose caret was lost and slash read as a 1', () => {
    expect(correctUnits('1091')).toBe('10^9/L');
    expect(correctUnits('x10121')).toBe('x10^12/L');
    // Other digits are no such unit.
    expect(correctUnits('1031')).toBe('1031');
    expect(correctUnits('1092')).toBe('1092');
  });

  it('reads no unit from a misreading two known units share', () => {
    // `mUI/L` without its slash, or `mU/L` with the slash read as `I`.
    expect(correctUnits('mUIL')).toBe('mUIL');
    expect(correctUnits('mUl/L')).toBe('mUI/L');
  });
});
