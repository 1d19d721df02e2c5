import { correctNumber, correctRangeDecimals, correctUnits, harmoniseEnzymeUnits } from './ocr-corrections';

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

  it('spells enzyme units the way most rows of the report do', () => {
    const row = (units: string | null) => ({
      name: 'ALT',
      value: '20',
      flag: null,
      units,
      range: '0-32',
      panel: null,
    });
    expect(
      harmoniseEnzymeUnits([row('IU/L'), row('U/L'), row('IU/L'), row(null)]).map((r) => r.units),
    ).toEqual(['IU/L', 'IU/L', 'IU/L', null]);
    expect(harmoniseEnzymeUnits([row('U/L'), row('IU/L')]).map((r) => r.units)).toEqual(['U/L', 'IU/L']);
  });
});
