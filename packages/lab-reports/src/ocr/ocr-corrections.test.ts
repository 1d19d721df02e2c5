import {
  correctLeadingPoint,
  correctLostPoint,
  correctLowerBound,
  correctNumber,
  correctOcrRow,
  correctRangeColon,
  correctRangeDecimals,
  correctRangeNumber,
  correctSpeckMinus,
  correctUnits,
  harmoniseEnzymeUnits,
  isKnownUnits,
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
});
