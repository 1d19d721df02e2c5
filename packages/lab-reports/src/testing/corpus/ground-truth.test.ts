import { expectedResult, parseRange, resultType, type PrintedRow } from './ground-truth';

const row = (over: Partial<PrintedRow>): PrintedRow => ({
  name: 'Glucose',
  value: '92',
  flag: '',
  units: 'mg/dL',
  range: '70-99',
  loinc: '2345-7',
  ...over,
});

describe('corpus ground-truth rules', () => {
  it.each([
    ['70-99', 70, 99],
    ['65 - 99', 65, 99],
    ['0.450-4.500', 0.45, 4.5],
    ['<5.7', null, 5.7],
    ['<=149', null, 149],
    ['< OR = 199', null, 199],
    ['>39', 39, null],
    ['>=60', 60, null],
    ['> OR = 40', 40, null],
    ['Negative', null, null],
    ['<1:40', null, null],
    ['', null, null],
  ])('parses the range %p', (text, min, max) => {
    expect(parseRange(text)).toEqual({ min, max });
  });

  it.each([
    ['92', 'mg/dL', 'numeric'],
    ['<0.20', 'mg/L', 'numeric'],
    ['>90', 'mL/min/1.73m2', 'numeric'],
    ['5.4', '%', 'percentage'],
    ['11.2', 'sec', 'duration'],
    ['1:160', null, 'ratio'],
    ['0-2', '/HPF', 'range'],
    ['Negative', null, 'boolean'],
    ['Not Detected', null, 'boolean'],
    ['Non-Reactive', null, 'boolean'],
    ['Trace', null, 'comment'],
    ['Yellow', null, 'comment'],
    ['1+', null, 'comment'],
  ])('types %p %p as %p', (value, units, type) => {
    expect(resultType(value, units)).toBe(type);
  });

  it('takes the interpretation from the flag first, else compares value and range', () => {
    expect(expectedResult(row({ value: '480', flag: 'HH' }), null).interpretation).toBe('critical');
    expect(expectedResult(row({ value: '480', flag: 'CRITICAL' }), null).interpretation).toBe('critical');
    expect(expectedResult(row({ value: '120', flag: 'High' }), null).interpretation).toBe('abnormal');
    expect(expectedResult(row({ value: '120' }), null).interpretation).toBe('abnormal');
    expect(expectedResult(row({ value: '99' }), null).interpretation).toBe('normal');
    expect(expectedResult(row({ value: '70' }), null).interpretation).toBe('normal');
    expect(
      expectedResult(row({ value: 'Negative', units: null, range: 'Negative' }), null).interpretation,
    ).toBe('normal');
    expect(expectedResult(row({ value: 'Trace', units: null, range: 'Negative' }), null).interpretation).toBe(
      'abnormal',
    );
    expect(expectedResult(row({ value: '0-2', units: '/HPF', range: '0-5' }), null).interpretation).toBe(
      'normal',
    );
    expect(expectedResult(row({ value: '6-10', units: '/HPF', range: '0-5' }), null).interpretation).toBe(
      'abnormal',
    );
    expect(expectedResult(row({ value: '12', range: '' }), null).interpretation).toBe('unknown');
  });

  it('sets above/below from the numeric part and leaves them null without a bound or a number', () => {
    const high = expectedResult(row({ value: '120', flag: 'H' }), 'Chemistry');
    expect(high).toMatchObject({
      is_above_max_range: true,
      is_below_min_range: false,
      source_panel_name: 'Chemistry',
    });
    const lt = expectedResult(row({ value: '<0.20', range: '<3.00' }), null);
    expect(lt).toMatchObject({
      is_above_max_range: false,
      is_below_min_range: null,
      min_reference_range: null,
    });
    const gt = expectedResult(row({ value: '>90', range: '>=60' }), null);
    expect(gt).toMatchObject({
      is_above_max_range: null,
      is_below_min_range: false,
      interpretation: 'normal',
    });
    const qual = expectedResult(row({ value: 'Positive', flag: 'A', units: null, range: 'Negative' }), null);
    expect(qual).toMatchObject({
      is_above_max_range: null,
      is_below_min_range: null,
      interpretation: 'abnormal',
    });
  });

  it('joins a name with collapsed spaces and rejects unknown flags', () => {
    expect(expectedResult(row({ name: '  Blood Urea   Nitrogen (BUN) ' }), null).test_name).toBe(
      'Blood Urea Nitrogen (BUN)',
    );
    expect(() => expectedResult(row({ flag: '?' }), null)).toThrow('unknown flag');
  });
});
