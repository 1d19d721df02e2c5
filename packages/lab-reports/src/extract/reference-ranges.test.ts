/**
 * Reference-range and unit notations as labs print them worldwide (issue #15): each notation → value, units,
 * min, max, type and interpretation of the ReportResult.
 */
import { buildLines } from '../layout/build-lines';
import type { LayoutPage, PositionedText } from '../layout/layout-types';
import { readSentences } from './extract-free-results';
import { extractRows } from './extract-rows';
import { splitGluedUnits } from './read-row';
import { isUnitsText, parseNumber, parseReferenceRange, splitRangeAndUnits } from './result-fields';
import { toReportResult } from './to-report-result';

describe('parseReferenceRange: worldwide notations', () => {
  it.each([
    ['4.0-5.6', 4, 5.6],
    ['4.0 - 5.6', 4, 5.6],
    ['4.0–5.6', 4, 5.6],
    ['4.0 — 5.6', 4, 5.6],
    ['4.0 to 5.6', 4, 5.6],
    ['4.0 TO 5.6', 4, 5.6],
    ['(4.0-5.6)', 4, 5.6],
    ['[4.0–5.6]', 4, 5.6],
    ['( 4.0 - 5.6 )', 4, 5.6],
    ['< 5.0', null, 5],
    ['<5', null, 5],
    ['≤ 5', null, 5],
    ['> 60', 60, null],
    ['>=60', 60, null],
    ['≥ 60', 60, null],
    ['Less than 5.0', null, 5],
    ['Greater than 60', 60, null],
    ['Up to 5.0', null, 5],
    ['Below 200', null, 200],
    ['Above 40', 40, null],
    ['5.0 or less', null, 5],
    ['60 or more', 60, null],
    ['Desirable: < 200', null, 200],
    ['Optimal: <100', null, 100],
    ['Ref: 4.0-5.6', 4, 5.6],
    ['Normal range: 70 - 99', 70, 99],
    ['(< 200)', null, 200],
    ['4,0 - 5,6', 4, 5.6],
    ['3,5–5,0', 3.5, 5],
    ['-2.0 - 2.0', -2, 2],
    ['-2.0-2.0', -2, 2],
    ['-5 to -1', -5, -1],
    ['1,000-4,000', 1000, 4000],
  ])('%s → min %s, max %s', (text, min, max) => {
    expect(parseReferenceRange(text)).toEqual({ min, max, qualitative: null });
  });

  it.each(['Negative', 'Non-reactive', 'Not detected', 'NON REACTIVE', '(Negative)'])(
    'keeps the qualitative range %s as text',
    (text) => {
      const range = parseReferenceRange(text);
      expect(range).toMatchObject({ min: null, max: null });
      expect(range?.qualitative?.toLowerCase()).toBe(text.replace(/[()]/g, '').toLowerCase());
    },
  );

  it('refuses text that is not a range', () => {
    for (const text of ['mg/dL', 'Glucose', '10 - 5', 'Desirable', 'See comment 3']) {
      expect(parseReferenceRange(text)).toBeNull();
    }
  });

  it('reads decimal commas but keeps thousands separators', () => {
    expect(parseNumber('4,0')).toBe(4);
    expect(parseNumber('12,35')).toBe(12.35);
    expect(parseNumber('1,000')).toBe(1000);
    expect(parseNumber('1,234,567.5')).toBe(1234567.5);
  });
});

describe('units printed with ranges and values', () => {
  it.each([
    ['4.0-5.6 %', '4.0-5.6', '%'],
    ['3.5–5.0 mmol/L', '3.5–5.0', 'mmol/L'],
    ['(70 - 99 mg/dL)', '70 - 99', 'mg/dL'],
    ['< 200 mg/dL', '< 200', 'mg/dL'],
    ['3.5-5.0mmol/L', '3.5-5.0', 'mmol/L'],
    ['4.0 - 11.0 x10^9/L', '4.0 - 11.0', 'x10^9/L'],
    ['150-400 x10³/µL', '150-400', 'x10³/µL'],
    ['45 - 110 µmol/L', '45 - 110', 'µmol/L'],
  ])('%s → range %s, units %s', (text, range, units) => {
    expect(splitRangeAndUnits(text)).toEqual({ range, units });
  });

  it.each([
    ['5.4%', '5.4', '%'],
    ['140mmol/L', '140', 'mmol/L'],
    ['12.3g/dL', '12.3', 'g/dL'],
    ['4.5x10^9/L', '4.5', 'x10^9/L'],
    ['4.5 x 10^9/L', '4.5', 'x 10^9/L'],
    ['250 10*3/uL', '250', '10*3/uL'],
    ['62 µmol/L', '62', 'µmol/L'],
    ['62umol/L', '62', 'umol/L'],
    ['62 μmol/L', '62', 'μmol/L'],
    ['<0.5 mg/L', '<0.5', 'mg/L'],
  ])('%s → value %s, units %s', (text, value, units) => {
    expect(splitGluedUnits(text)).toEqual({ value, units });
  });

  it('recognises scientific-notation units', () => {
    expect(['10*3/uL', '10^9/L', '×10^9/L', 'x10³/µL', 'x10E12/L', '10*9/L'].every(isUnitsText)).toBe(true);
    expect(['10-20', '4.0-5.6'].some(isUnitsText)).toBe(false);
  });
});

describe('toReportResult from each notation', () => {
  const result = (value: string, units: string | null, range: string | null, flag: string | null = null) =>
    toReportResult({ name: 'Hemoglobin A1c', value, units, range, flag, panel: null });

  it.each([
    // value, units, printed range, min, max, interpretation, above, below
    ['5.4', '%', '4.0–5.6', 4, 5.6, 'normal', false, false],
    ['5.8', '%', '[4.0 – 5.6]', 4, 5.6, 'abnormal', true, false],
    ['3.9', '%', '(4.0-5.6)', 4, 5.6, 'abnormal', false, true],
    ['5.4', '%', '4,0 - 5,6', 4, 5.6, 'normal', false, false],
    ['5.8', '%', 'Up to 5.6', null, 5.6, 'abnormal', true, null],
    ['5', '%', '≤ 5', null, 5, 'normal', false, null],
    ['210', 'mg/dL', 'Desirable: < 200', null, 200, 'abnormal', true, null],
    ['190', 'mg/dL', 'Below 200', null, 200, 'normal', false, null],
    ['35', 'mg/dL', 'Above 40', 40, null, 'abnormal', null, true],
    ['65', 'mL/min/1.73m2', '≥ 60', 60, null, 'normal', null, false],
    ['4.9', '%', '5.0 or less', null, 5, 'normal', false, null],
    ['-2.5', 'mmol/L', '-2.0 - 2.0', -2, 2, 'abnormal', false, true],
    ['4,2', 'mmol/L', '3,5 - 5,0', 3.5, 5, 'normal', false, false],
  ] as const)('%s %s against %s', (value, units, range, min, max, interpretation, above, below) => {
    expect(result(value, units, range)).toMatchObject({
      value,
      units,
      type: units === '%' ? 'percentage' : 'numeric',
      min_reference_range: min,
      max_reference_range: max,
      interpretation,
      is_above_max_range: above,
      is_below_min_range: below,
    });
  });

  it('takes units printed inside the range cell when the units cell is empty', () => {
    expect(result('4.6', null, '3.5–5.0 mmol/L')).toMatchObject({
      units: 'mmol/L',
      type: 'numeric',
      min_reference_range: 3.5,
      max_reference_range: 5,
      interpretation: 'normal',
    });
    expect(result('5.9', null, '4.0-5.6 %')).toMatchObject({
      units: '%',
      type: 'percentage',
      interpretation: 'abnormal',
      is_above_max_range: true,
    });
  });

  it('compares qualitative values with qualitative ranges regardless of hyphens and case', () => {
    expect(result('Nonreactive', null, 'Non-reactive')).toMatchObject({
      type: 'boolean',
      interpretation: 'normal',
      min_reference_range: null,
      max_reference_range: null,
      is_above_max_range: null,
    });
    expect(result('Reactive', null, 'Non-reactive').interpretation).toBe('abnormal');
    expect(result('Not Detected', null, 'Not detected')).toMatchObject({
      type: 'boolean',
      interpretation: 'normal',
    });
    expect(result('Positive', null, 'Negative').interpretation).toBe('abnormal');
  });
});

const SIZE = 9;
function page(rows: [number, [number, string][]][]): LayoutPage {
  const items: PositionedText[] = rows.flatMap(([y, cells]) =>
    cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * SIZE * 0.5, y0: y, y1: y + SIZE })),
  );
  return { width: 612, height: 792, items };
}

describe('tables printing these notations', () => {
  it('reads glued units and the range notations in a "Ref. range" column', () => {
    const rows = extractRows([
      buildLines(
        page([
          [
            80,
            [
              [40, 'Test'],
              [215, 'Result'],
              [340, 'Ref. range'],
            ],
          ],
          [
            100,
            [
              [40, 'HbA1c'],
              [215, '5.4%'],
              [340, '4.0–5.6'],
            ],
          ],
          [
            115,
            [
              [40, 'Sodium'],
              [215, '140mmol/L'],
              [340, '135 to 145'],
            ],
          ],
          [
            130,
            [
              [40, 'Haemoglobin'],
              [215, '12.3g/dL'],
              [340, '[13.0 - 17.0]'],
            ],
          ],
          [
            145,
            [
              [40, 'Cholesterol'],
              [215, '5,9 mmol/L'],
              [340, 'Desirable: < 5,2'],
            ],
          ],
          [
            160,
            [
              [40, 'eGFR'],
              [215, '72'],
              [340, '> 60 mL/min/1.73m2'],
            ],
          ],
        ]),
        0,
      ),
    ]).map(toReportResult);
    expect(
      rows.map((r) => [
        r.test_name,
        r.value,
        r.units,
        r.min_reference_range,
        r.max_reference_range,
        r.interpretation,
      ]),
    ).toEqual([
      ['HbA1c', '5.4', '%', 4, 5.6, 'normal'],
      ['Sodium', '140', 'mmol/L', 135, 145, 'normal'],
      ['Haemoglobin', '12.3', 'g/dL', 13, 17, 'abnormal'],
      ['Cholesterol', '5,9', 'mmol/L', null, 5.2, 'abnormal'],
      ['eGFR', '72', 'mL/min/1.73m2', 60, null, 'normal'],
    ]);
  });
});

describe('ranges split across lines', () => {
  it('joins the rest of a range printed on the next line of the "Ref. range" column', () => {
    const rows = extractRows([
      buildLines(
        page([
          [
            80,
            [
              [40, 'Test'],
              [215, 'Result'],
              [290, 'Units'],
              [340, 'Ref. range'],
            ],
          ],
          [
            100,
            [
              [40, 'Glucose'],
              [215, '5.2'],
              [290, 'mmol/L'],
              [340, '3.9 -'],
            ],
          ],
          [110, [[340, '6.1']]],
          [
            125,
            [
              [40, 'Potassium'],
              [215, '5.6'],
              [290, 'mmol/L'],
              [340, '3.5 to'],
            ],
          ],
          [135, [[340, '5.1']]],
          [
            150,
            [
              [40, 'Sodium'],
              [215, '140'],
              [290, 'mmol/L'],
              [340, '135-145'],
            ],
          ],
          // A complete range is not continued by a stray number below it.
          [160, [[340, '12']]],
        ]),
        0,
      ),
    ]).map(toReportResult);
    expect(
      rows.map((r) => [r.test_name, r.min_reference_range, r.max_reference_range, r.interpretation]),
    ).toEqual([
      ['Glucose', 3.9, 6.1, 'normal'],
      ['Potassium', 3.5, 5.1, 'abnormal'],
      ['Sodium', 135, 145, 'normal'],
    ]);
  });
});

describe('ranges in running text', () => {
  const read = (text: string) =>
    readSentences(text)
      .map(toReportResult)
      .map((r) => [
        r.test_name,
        r.value,
        r.units,
        r.min_reference_range,
        r.max_reference_range,
        r.interpretation,
      ]);

  it('reads a qualitative reference after "reference" / "normal range"', () => {
    expect(read('Hepatitis C Antibody was Non-Reactive (reference Non-Reactive).')).toEqual([
      ['Hepatitis C Antibody', 'Non-Reactive', null, null, null, 'normal'],
    ]);
    expect(read('Your HIV 1/2 Antibody result is Reactive; the normal range is Non-Reactive.')).toEqual([
      ['HIV 1/2 Antibody', 'Reactive', null, null, null, 'abnormal'],
    ]);
  });

  it('keeps the comparator words of a sentence range', () => {
    expect(read('Your LDL cholesterol result is 3.4 mmol/L; the normal range is less than 3.0.')).toEqual([
      ['LDL cholesterol', '3.4', 'mmol/L', null, 3, 'abnormal'],
    ]);
    expect(read('HDL Cholesterol was 1.2 mmol/L (reference above 1.0).')).toEqual([
      ['HDL Cholesterol', '1.2', 'mmol/L', 1, null, 'normal'],
    ]);
  });
});
