import {
  interpret,
  isUnitsText,
  isValueText,
  parseReferenceRange,
  readFlag,
  resultType,
  splitTrailingFlag,
} from './result-fields';

describe('parseReferenceRange', () => {
  it.each([
    ['70-99', 70, 99],
    ['3.4 - 10.8', 3.4, 10.8],
    ['<5.7', null, 5.7],
    ['<=5.7', null, 5.7],
    ['≤200', null, 200],
    ['< OR = 200', null, 200],
    ['>40', 40, null],
    ['>=40', 40, null],
    ['> OR = 40', 40, null],
    ['1,000-4,000', 1000, 4000],
  ])('%s → %s / %s', (text, min, max) => {
    expect(parseReferenceRange(text)).toEqual({ min, max, qualitative: null });
  });

  it('keeps qualitative ranges as text and refuses other text', () => {
    expect(parseReferenceRange('Negative')).toEqual({ min: null, max: null, qualitative: 'Negative' });
    expect(parseReferenceRange('Not Detected')).toEqual({
      min: null,
      max: null,
      qualitative: 'Not Detected',
    });
    expect(parseReferenceRange('mg/dL')).toBeNull();
  });
});

describe('flags and values', () => {
  it('reads flags', () => {
    expect(['H', 'L', 'A', '(H)', 'High', 'ABNORMAL'].map(readFlag)).toEqual(Array(6).fill('abnormal'));
    expect(['HH', 'LL', 'CRITICAL', 'C', '!!', 'PANIC'].map(readFlag)).toEqual(Array(6).fill('critical'));
    expect(readFlag('mg/dL')).toBeNull();
  });

  it('splits a flag glued to the value', () => {
    expect(splitTrailingFlag('5.7 H')).toEqual({ value: '5.7', flag: 'H' });
    expect(splitTrailingFlag('17L')).toEqual({ value: '17', flag: 'L' });
    expect(splitTrailingFlag('Trace A')).toEqual({ value: 'Trace', flag: 'A' });
    expect(splitTrailingFlag('Vitamin A')).toEqual({ value: 'Vitamin A', flag: null });
  });

  it('recognises values and units', () => {
    expect(['5.70', '<0.5', '>60', '1:160', '0-2', 'Negative', 'Not Detected', '2+'].every(isValueText)).toBe(
      true,
    );
    expect(isValueText('Glucose')).toBe(false);
    expect(['mg/dL', 'x10E3/uL', 'mL/min/1.73m2', '%', 'fL', '/HPF', 'sec'].every(isUnitsText)).toBe(true);
    expect(['3.4-10.8 x10E3/uL', '70-99', 'Negative'].some(isUnitsText)).toBe(false);
  });

  it('types values by the corpus rules', () => {
    expect(resultType('1:160', null)).toBe('ratio');
    expect(resultType('0-2', '/HPF')).toBe('range');
    expect(resultType('36.5', '%')).toBe('percentage');
    expect(resultType('11.2', 'sec')).toBe('duration');
    expect(resultType('<0.5', 'ng/mL')).toBe('numeric');
    expect(resultType('Not Detected', null)).toBe('boolean');
    expect(resultType('Trace', null)).toBe('comment');
  });
});

describe('interpret', () => {
  const range = (text: string) => parseReferenceRange(text) ?? { min: null, max: null, qualitative: text };

  it('lets a printed flag win', () => {
    expect(interpret('250', range('70-99'), 'HH')).toEqual({
      interpretation: 'critical',
      isAboveMax: true,
      isBelowMin: false,
    });
    expect(interpret('80', range('70-99'), 'A').interpretation).toBe('abnormal');
  });

  it('compares numbers with the range', () => {
    expect(interpret('102', range('70-99'), null)).toEqual({
      interpretation: 'abnormal',
      isAboveMax: true,
      isBelowMin: false,
    });
    expect(interpret('5.6', range('<5.7'), null)).toEqual({
      interpretation: 'normal',
      isAboveMax: false,
      isBelowMin: null,
    });
    expect(interpret('35', range('>39'), null)).toEqual({
      interpretation: 'abnormal',
      isAboveMax: null,
      isBelowMin: true,
    });
  });

  it('compares range values and qualitative values', () => {
    expect(interpret('6-10', range('0-5'), null).interpretation).toBe('abnormal');
    expect(interpret('0-2', range('0-5'), null)).toEqual({
      interpretation: 'normal',
      isAboveMax: null,
      isBelowMin: null,
    });
    expect(interpret('negative', range('Negative'), null).interpretation).toBe('normal');
    expect(interpret('1:160', range('<1:40'), null).interpretation).toBe('abnormal');
    expect(interpret('12', null, null).interpretation).toBe('unknown');
  });
});
