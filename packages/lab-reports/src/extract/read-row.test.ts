import type { Cell } from '../layout/layout-types';
import type { Column } from '../layout/table-header';
import { readRowByColumns, readRowBySequence, withoutLeadingSpeck } from './read-row';
import { parseReferenceRange, readMisreadWord, splitTrailingFlag, withoutScanMarks } from './result-fields';

/** One cell of one item at x (10 units a character). */
const cell = (text: string, x0: number): Cell => {
  const part = { text, x0, x1: x0 + text.length * 5, y0: 100, y1: 110 };
  return { text, x0, x1: part.x1, parts: [part] };
};

describe('read-row on OCR text', () => {
  it('reads a value with a rule or speck after it', () => {
    const row = readRowBySequence([
      cell('Triglycerides', 10),
      cell('52 -', 200),
      cell('mg/dL', 300),
      cell('0-149', 400),
    ]);
    expect(row).toMatchObject({ value: '52', units: 'mg/dL', range: '0-149' });
  });

  it('drops a speck before a number that has its own decimal point, and only there', () => {
    expect(withoutLeadingSpeck('.11.5 HH')).toBe('11.5 HH');
    expect(withoutLeadingSpeck(',4.2')).toBe('4.2');
    // A number may start with its point (`.5`); a point before a whole number or a word is left as printed.
    for (const value of ['.5', '.11', '11.5', '.Negative', '. 4.2', '1.2.3'])
      expect(withoutLeadingSpeck(value)).toBe(value);
    const columns: Column[] = [
      { kind: 'name', x0: 10, x1: 60 },
      { kind: 'value', x0: 200, x1: 240 },
      { kind: 'units', x0: 300, x1: 380 },
      { kind: 'range', x0: 400, x1: 480 },
    ];
    const read = readRowByColumns(
      [cell('PSA, Total', 10), cell('.11.5 HH', 200), cell('ng/mL', 300), cell('(0.0-4.0)', 400)],
      columns,
      10,
    );
    expect(read).toMatchObject({ name: 'PSA, Total', value: '11.5', flag: 'HH', units: 'ng/mL' });
    expect(
      readRowBySequence([
        cell('PSA, Total', 10),
        cell('.11.5', 200),
        cell('ng/mL', 300),
        cell('0.0-4.0', 400),
      ]),
    ).toMatchObject({ value: '11.5' });
  });

  it('splits a flag glued to the value with a speck after it', () => {
    expect(splitTrailingFlag('29H.')).toEqual({ value: '29', flag: 'H' });
    expect(splitTrailingFlag('5L')).toEqual({ value: '5', flag: 'L' });
    // A word is no value with a flag.
    expect(splitTrailingFlag('TSH.')).toEqual({ value: 'TSH.', flag: null });
  });

  it('takes the units from a column whose heading OCR misread, when no heading is the units', () => {
    const columns: Column[] = [
      { kind: 'name', x0: 10, x1: 60 },
      { kind: 'value', x0: 200, x1: 240 },
      { kind: 'other', x0: 300, x1: 380 },
      { kind: 'range', x0: 400, x1: 480 },
    ];
    const row = readRowByColumns(
      [cell('PSA, Total', 10), cell('2.1', 200), cell('ng/mL', 300), cell('0.0-4.0', 400)],
      columns,
      10,
    );
    expect(row).toMatchObject({ value: '2.1', units: 'ng/mL', range: '0.0-4.0' });
    // A lab code in that column is no unit.
    const coded = readRowByColumns(
      [cell('PSA, Total', 10), cell('2.1', 200), cell('KP', 300), cell('0.0-4.0', 400)],
      columns,
      10,
    );
    expect(coded).toMatchObject({ value: '2.1', units: null });
    // With a units heading, the other column is not read for units.
    const withUnits: Column[] = [
      ...columns.slice(0, 2),
      { kind: 'units', x0: 250, x1: 290 },
      ...columns.slice(2),
    ];
    const both = readRowByColumns(
      [cell('PSA, Total', 10), cell('2.1', 200), cell('ng/mL', 300), cell('0.0-4.0', 400)],
      withUnits,
      10,
    );
    expect(both?.units).toBeNull();
  });

  it('skips specks between the fields and reads units a scan misread, without a header', () => {
    const row = readRowBySequence([
      cell('Serum Potassium', 10),
      cell('4.5', 200),
      cell('.', 250),
      cell('mEgl', 300),
      cell('3.5-5.1', 400),
    ]);
    expect(row).toMatchObject({ value: '4.5', units: 'mEq/L', range: '3.5-5.1' });
    // A word that is no unit is still no row.
    expect(
      readRowBySequence([cell('Vitamin B12', 10), cell('747', 200), cell('gill', 300), cell('211-911', 400)]),
    ).toBeNull();
  });

  it('gives the range the comparator read into the units', () => {
    const columns: Column[] = [
      { kind: 'name', x0: 10, x1: 60 },
      { kind: 'value', x0: 200, x1: 240 },
      { kind: 'units', x0: 300, x1: 380 },
      { kind: 'range', x0: 440, x1: 480 },
    ];
    const row = readRowByColumns(
      [cell('eGFR', 10), cell('81', 200), cell('mL/min/1.73m2>', 300), cell('60', 440)],
      columns,
      10,
    );
    expect(row).toMatchObject({ units: 'mL/min/1.73m2', range: '> 60' });
    const glued = readRowByColumns(
      [cell('eGFR', 10), cell('81', 200), cell('mL/min/1.73m2>60', 300)],
      columns,
      10,
    );
    expect(glued).toMatchObject({ units: 'mL/min/1.73m2', range: '>60' });
  });
});

describe('ranges with marks a scan added', () => {
  it.each([
    ['136-- 145', 136, 145],
    ['.0.0-4.0', 0, 4],
    ['A<1.7)', null, 1.7],
  ])('%s → %s / %s', (text, min, max) => {
    expect(parseReferenceRange(text)).toEqual({ min, max, qualitative: null });
  });

  it('leaves ranges that read as printed, and a negative bound, alone', () => {
    expect(withoutScanMarks('-2.0-2.0')).toBe('-2.0-2.0');
    expect(parseReferenceRange('.5-1.5')).toEqual({ min: 0.5, max: 1.5, qualitative: null });
    expect(parseReferenceRange('Negative')).toEqual({ min: null, max: null, qualitative: 'Negative' });
  });
});

describe('readMisreadWord', () => {
  it('reads a result word back with its look-alike glyphs, in the printed case', () => {
    expect(readMisreadWord('Negalive')).toBe('Negative');
    expect(readMisreadWord('Non-Reaclive')).toBe('Non-Reactive');
    expect(readMisreadWord('P0SITIVE')).toBe('POSITIVE');
    expect(readMisreadWord('Posilive')).toBe('Positive');
  });

  it('leaves words as printed, short words, and words that are no misreading of a result', () => {
    expect(readMisreadWord('Negative')).toBeNull();
    expect(readMisreadWord('Rare')).toBeNull();
    expect(readMisreadWord('Glucose')).toBeNull();
    expect(readMisreadWord('Relative')).toBeNull();
  });

  it('gives a table row its result word back', () => {
    const row = readRowBySequence([cell('Urine Blood', 10), cell('Negalive', 200), cell('Negative', 400)]);
    expect(row).toMatchObject({ value: 'Negative', range: 'Negative' });
  });
});
