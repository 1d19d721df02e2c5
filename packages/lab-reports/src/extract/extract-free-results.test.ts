import { buildLines } from '../layout/build-lines';
import type { LayoutPage, PositionedText } from '../layout/layout-types';
import { extractFreeResults, extractLooseRows, readRangeText, readSentences } from './extract-free-results';
import { extractRows } from './extract-rows';

type Row = [y: number, size: number, cells: [x: number, text: string][]];

function page(rows: Row[]): LayoutPage {
  const items: PositionedText[] = rows.flatMap(([y, size, cells]) =>
    cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * size * 0.5, y0: y, y1: y + size })),
  );
  return { width: 612, height: 792, items };
}

describe('readRangeText', () => {
  it.each([
    ['Reference: 4.0–5.6', '4.0-5.6', null],
    ['Ref range < 3.0 mmol/L', '< 3.0', 'mmol/L'],
    ['(70 - 99 mg/dL)', '70-99', 'mg/dL'],
    ['Normal range: below 5.7', '<5.7', null],
    ['Reference interval 3.5 to 5.0', '3.5-5.0', null],
  ])('%s', (text, range, units) => {
    expect(readRangeText(text)).toEqual({ range, units });
  });

  it('refuses text that is not a range', () => {
    expect(readRangeText('Hemoglobin A1c')).toBeNull();
    expect(readRangeText('5.4 %')).toBeNull();
  });
});

describe('readSentences', () => {
  it('reads results stated in running text', () => {
    const rows = readSentences(
      'Your recent blood test is back. Hemoglobin A1c was 5.4 % (reference 4.0–5.6), and your LDL cholesterol: 3.1 mmol/L, ref < 3.0. Your TSH came back at 2.1 mIU/L.',
    );
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['Hemoglobin A1c', '5.4', '%', '4.0-5.6'],
      ['LDL cholesterol', '3.1', 'mmol/L', '< 3.0'],
      ['TSH', '2.1', 'mIU/L', null],
    ]);
  });

  it('does not read ranges, dates or prose without a known test as results', () => {
    expect(readSentences('The reference range for glucose is 70-99 mg/dL.')).toEqual([]);
    expect(readSentences('Your appointment is on 03/14/2024 at 10 am.')).toEqual([]);
    expect(readSentences('The weather was 21 degrees and the parking fee is 5 dollars.')).toEqual([]);
  });
});

describe('extractFreeResults', () => {
  it('reads a grid of result cards (name, value + units, range, flag)', () => {
    const lines = buildLines(
      page([
        [40, 16, [[40, 'Your Results']]],
        [
          80,
          11,
          [
            [40, 'Glucose'],
            [240, 'Hemoglobin A1c'],
            [440, 'Potassium'],
          ],
        ],
        [
          96,
          14,
          [
            [40, '105 mg/dL'],
            [240, '5.4 %'],
            [440, '4.1 mmol/L'],
          ],
        ],
        [
          114,
          9,
          [
            [40, 'Reference: 70-99'],
            [240, 'Reference: 4.0–5.6'],
            [440, 'Range 3.5 - 5.1'],
          ],
        ],
        [
          126,
          9,
          [
            [40, 'High'],
            [240, 'Normal'],
          ],
        ],
        [160, 11, [[40, 'Creatinine']]],
        [176, 14, [[40, '0.9 mg/dL']]],
        [194, 9, [[40, 'Normal range 0.6-1.2 mg/dL']]],
      ]),
      0,
    );
    const rows = extractFreeResults([lines], []);
    expect(rows.map((r) => [r.name, r.value, r.units, r.range, r.flag])).toEqual([
      ['Glucose', '105', 'mg/dL', '70-99', 'High'],
      ['Hemoglobin A1c', '5.4', '%', '4.0-5.6', null],
      ['Potassium', '4.1', 'mmol/L', '3.5-5.1', null],
      ['Creatinine', '0.9', 'mg/dL', '0.6-1.2', null],
    ]);
  });

  it('reads back the units a scan misread on a card', () => {
    const lines = buildLines(
      page([
        [
          80,
          11,
          [
            [40, 'White cell count'],
            [240, 'Vitamin B12'],
          ],
        ],
        [
          96,
          14,
          [
            [40, '6.1 10A9/L'],
            [240, '747 pgmL'],
          ],
        ],
        [
          114,
          9,
          [
            [40, 'Reference: 4.0-11.0'],
            [240, 'Range 211 - 911'],
          ],
        ],
      ]),
      0,
    );
    const rows = extractFreeResults([lines], []);
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['White cell count', '6.1', '10^9/L', '4.0-11.0'],
      ['Vitamin B12', '747', 'pgmL', '211-911'],
    ]);
  });

  it('adds nothing to a table the row reader already read', () => {
    const lines = buildLines(
      page([
        [
          60,
          9,
          [
            [40, 'Test'],
            [220, 'Result'],
            [300, 'Units'],
            [380, 'Reference Range'],
          ],
        ],
        [75, 9, [[40, 'LIPID PANEL']]],
        [
          90,
          9,
          [
            [40, 'Cholesterol, Total'],
            [220, '185'],
            [300, 'mg/dL'],
            [380, '<200'],
          ],
        ],
        [
          105,
          9,
          [
            [40, 'Triglycerides'],
            [220, '120'],
            [300, 'mg/dL'],
            [380, '<150'],
          ],
        ],
      ]),
      0,
    );
    const tabled = extractRows([lines]);
    expect(tabled).toHaveLength(2);
    expect(extractFreeResults([lines], tabled)).toEqual([]);
  });

  it('reads sentences wrapped over several lines', () => {
    const lines = buildLines(
      page([
        [60, 10, [[40, 'Dear patient, we have reviewed your results. Your fasting glucose was']]],
        [72, 10, [[40, '5.2 mmol/L (reference 3.9-5.5) and your ferritin was 18 ug/L, which is low.']]],
      ]),
      0,
    );
    const rows = extractFreeResults([lines], []);
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['fasting glucose', '5.2', 'mmol/L', '3.9-5.5'],
      ['ferritin', '18', 'ug/L', null],
    ]);
    expect(rows[1]?.flag).toBe('low');
  });

  it('takes a heading with figures inside its words as the panel, and not a line with a number', () => {
    const rows = (heading: string) =>
      extractFreeResults(
        [
          buildLines(
            page([
              [40, 14, [[40, 'LABORATORY REPORT']]],
              [100, 10, [[40, heading]]],
              [116, 10, [[40, 'Your vitamin B12 was 706 pmol/L (reference 197-771).']]],
            ]),
            0,
          ),
        ],
        [],
      ).map((r) => [r.name, r.panel]);
    expect(rows('B12/Folate')).toEqual([['vitamin B12', 'B12/Folate']]);
    expect(rows('HbA1c')).toEqual([['vitamin B12', 'HbA1c']]);
    // A number standing alone is no heading's word ("Visit 2"); the heading above stays.
    expect(rows('Visit 2')).toEqual([['vitamin B12', null]]);
  });
});

describe('extractLooseRows', () => {
  it('reads a header-less list of known tests with bare values, and nothing else', () => {
    const lines = buildLines(
      page([
        [
          60,
          9,
          [
            [40, 'HIV 1/2 Antibody'],
            [260, 'Non-Reactive'],
          ],
        ],
        [
          75,
          9,
          [
            [40, 'Hepatitis B Surface Antigen'],
            [260, 'Negative'],
          ],
        ],
        [
          90,
          9,
          [
            [40, 'Invoice total'],
            [260, '125'],
          ],
        ],
      ]),
      0,
    );
    const rows = extractLooseRows([lines]);
    expect(rows.map((r) => [r.name, r.value])).toEqual([
      ['HIV 1/2 Antibody', 'Non-Reactive'],
      ['Hepatitis B Surface Antigen', 'Negative'],
    ]);
  });
});
