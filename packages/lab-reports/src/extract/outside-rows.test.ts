/**
 * Result rows in layouts seen on lab reports from outside our corpus generator (issue #15): colon lists with a flag
 * word after the range, portal cards with a range bar, flags printed before the value or in a column without a
 * heading, interpretations written out after the range, ratio names with a colon. Inputs are our own.
 */
import { buildLines } from '../layout/build-lines';
import type { LayoutPage, PositionedText } from '../layout/layout-types';
import type { Column } from '../layout/table-header';
import type { Cell } from '../layout/layout-types';
import { analyseDocumentPages } from '../parse-lab-report';
import { extractFreeResults } from './extract-free-results';
import { extractRows } from './extract-rows';
import { readRowByColumns, readRowBySequence } from './read-row';
import { flagPhrase, readFlag, splitLeadingFlag } from './result-fields';

type Row = [y: number, size: number, cells: [x: number, text: string][]];

function page(rows: Row[]): LayoutPage {
  const items: PositionedText[] = rows.flatMap(([y, size, cells]) =>
    cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * size * 0.5, y0: y, y1: y + size })),
  );
  return { width: 612, height: 792, items };
}

/** Lines of one text item each, 13 points apart (a colon list or a letter). */
const lines = (texts: string[], size = 9): Row[] => texts.map((t, i) => [60 + i * 13, size, [[40, t]]]);

function freeRows(rows: Row[]) {
  const pages = [buildLines(page(rows), 0)];
  const tabled = extractRows(pages);
  return [...tabled, ...extractFreeResults(pages, tabled)];
}

const cell = (text: string, x0: number): Cell => {
  const part = { text, x0, x1: x0 + text.length * 5, y0: 100, y1: 110 };
  return { text, x0, x1: part.x1, parts: [part] };
};

describe('colon lists whose lines run together', () => {
  it('reads a flag word after the range as the flag, not as the start of the next name', () => {
    const rows = freeRows(
      lines([
        'Fasting glucose: 131 mg/dL (Reference: 70-99) High',
        'Urea: 6.1 mmol/L (Reference: 2.5-7.8)',
        'Serum potassium: 2.9 mmol/L (Ref: 3.5-5.3) Critical Low',
        'Albumin: 38 g/L (Reference: 35-50)',
      ]),
    );
    expect(rows.map((r) => [r.name, r.value, r.flag])).toEqual([
      ['Fasting glucose', '131', 'High'],
      ['Urea', '6.1', null],
      ['Serum potassium', '2.9', 'Critical Low'],
      ['Albumin', '38', null],
    ]);
  });

  it('leaves a capital letter that starts a word alone', () => {
    const rows = freeRows(lines(['Free T4: 9.1 pmol/L (Reference: 12-22) L-thyroxine dose to be reviewed.']));
    expect(rows.map((r) => [r.name, r.value, r.flag])).toEqual([['Free T4', '9.1', null]]);
  });

  it('does not take the next line’s range for a result printed without one', () => {
    const rows = freeRows(
      lines(['Mean plasma glucose: 154 mg/dL', 'Glucose, Fasting: 128 mg/dL (Reference: 70-99)']),
    );
    expect(rows.map((r) => [r.name, r.value, r.range])).toEqual([
      ['Mean plasma glucose', '154', null],
      ['Glucose, Fasting', '128', '70-99'],
    ]);
  });

  it('reads units that start with a slash, and names with a percent sign, a hyphenated number or a ratio colon', () => {
    const rows = freeRows(
      lines([
        'Leukocytes: 6,800 /µL (Reference: 4,000-10,000)',
        'Lymphocytes %: 31.0 % (Reference: 20.0-40.0)',
        'Vitamin D, 25-Hydroxy: 41 ng/mL (Reference: 30-100)',
        'Urine Albumin:Creatinine Ratio: 1.9 mg/mmol (Reference: <3.0)',
      ]),
    );
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['Leukocytes', '6,800', '/µL', '4,000-10,000'],
      ['Lymphocytes %', '31.0', '%', '20.0-40.0'],
      ['Vitamin D, 25-Hydroxy', '41', 'ng/mL', '30-100'],
      ['Urine Albumin:Creatinine Ratio', '1.9', 'mg/mmol', '<3.0'],
    ]);
  });
});

describe('portal cards', () => {
  it('skips the bounds printed at the ends of a range bar, and a lone "Value" label', () => {
    const rows = freeRows([
      [60, 10, [[40, 'Phosphate Level']]],
      [74, 8, [[40, 'Normal range: 0.80 - 1.50 mmol/L']]],
      [
        86,
        8,
        [
          [40, '0.80'],
          [150, '1.50'],
        ],
      ],
      [98, 10, [[40, '1.72 (H)']]],
      [130, 10, [[40, 'Urate Level']]],
      [144, 8, [[40, 'Normal range: 0.20 - 0.42 mmol/L']]],
      [156, 8, [[40, 'Value']]],
      [168, 10, [[40, '0.31']]],
    ]);
    expect(rows.map((r) => [r.name, r.value, r.units, r.range, r.flag])).toEqual([
      ['Phosphate Level', '1.72', 'mmol/L', '0.80-1.50', '(H)'],
      ['Urate Level', '0.31', 'mmol/L', '0.20-0.42', null],
    ]);
  });

  it('reads a two-word critical flag beside a card’s value', () => {
    const rows = freeRows([
      [
        60,
        9,
        [
          [40, 'Potassium'],
          [320, 'Calcium'],
        ],
      ],
      [
        72,
        12,
        [
          [40, '6.9 mmol/L'],
          [230, 'Critical High'],
          [320, '2.31 mmol/L'],
        ],
      ],
      [
        88,
        7.5,
        [
          [40, 'Reference range: 3.5-5.2 mmol/L'],
          [320, 'Reference range: 2.10-2.60 mmol/L'],
        ],
      ],
    ]);
    expect(rows.map((r) => [r.name, r.value, r.flag])).toEqual([
      ['Potassium', '6.9', 'Critical High'],
      ['Calcium', '2.31', null],
    ]);
    expect(readFlag('Critically low')).toBe('critical');
  });

  it('does not make a row of two qualitative values side by side', () => {
    const outcome = analyseDocumentPages({
      pages: [
        page([
          [40, 9, [[40, 'Urine dipstick']]],
          [
            60,
            9,
            [
              [40, 'Nitrite'],
              [320, 'Leukocytes'],
            ],
          ],
          [
            72,
            12,
            [
              [40, 'Negative'],
              [230, 'Abnormal'],
              [320, 'Trace'],
            ],
          ],
          [
            88,
            7.5,
            [
              [40, 'Reference range: Negative'],
              [320, 'Reference range: Negative'],
            ],
          ],
        ]),
      ],
      ocr: [],
    });
    expect(outcome.status).toBe('completed');
    if (outcome.status !== 'completed') return;
    expect(outcome.report.results.map((r) => r.test_name)).toEqual(['Nitrite', 'Leukocytes']);
  });
});

describe('flags in other places', () => {
  it('reads a flag printed before the value, in its own cell or in the value column', () => {
    expect(splitLeadingFlag('L 2.4')).toEqual({ value: '2.4', flag: 'L' });
    expect(splitLeadingFlag('Low 2.4')).toBeNull();
    expect(
      readRowBySequence([
        cell('Ferritin', 10),
        cell('L', 150),
        cell('6.2', 190),
        cell('ng/mL', 260),
        cell('13 - 150', 330),
      ]),
    ).toMatchObject({ name: 'Ferritin', value: '6.2', flag: 'L', units: 'ng/mL', range: '13 - 150' });
    const columns: Column[] = [
      { kind: 'name', x0: 10, x1: 60 },
      { kind: 'value', x0: 190, x1: 220 },
      { kind: 'units', x0: 260, x1: 280 },
      { kind: 'range', x0: 330, x1: 400 },
    ];
    expect(
      readRowByColumns(
        [cell('Ferritin', 10), cell('L', 172), cell('6.2', 190), cell('ng/mL', 260), cell('13 - 150', 330)],
        columns,
        10,
      ),
    ).toMatchObject({ name: 'Ferritin', value: '6.2', flag: 'L', units: 'ng/mL' });
  });

  it('splits a flag column without a heading off the units', () => {
    const columns: Column[] = [
      { kind: 'name', x0: 10, x1: 60 },
      { kind: 'value', x0: 200, x1: 230 },
      { kind: 'units', x0: 300, x1: 330 },
      { kind: 'range', x0: 400, x1: 450 },
    ];
    expect(
      readRowByColumns(
        [
          cell('Transferrin saturation', 10),
          cell('11', 200),
          cell('L', 272),
          cell('%', 300),
          cell('20 - 50', 400),
        ],
        columns,
        10,
      ),
    ).toMatchObject({ value: '11', flag: 'L', units: '%', range: '20 - 50' });
  });

  it('reads an interpretation written out after the range', () => {
    expect(flagPhrase('Above high reference limit')).toBe('H');
    expect(flagPhrase('below normal range')).toBe('L');
    expect(flagPhrase('Within reference range')).toBeNull();
    expect(flagPhrase('Please repeat')).toBeUndefined();
    expect(
      readRowBySequence([
        cell('Serum folate', 10),
        cell('2.1 ug/L', 120),
        cell('(3.0 - 20.0)', 200),
        cell('Below low reference limit', 280),
      ]),
    ).toMatchObject({ value: '2.1', units: 'ug/L', range: '(3.0 - 20.0)', flag: 'L' });
  });

  it('keeps a ratio name with a colon between two words, and still refuses a label', () => {
    expect(
      readRowBySequence([
        cell('Albumin:Creatinine Ratio', 10),
        cell('4.1', 200),
        cell('mg/mmol', 260),
        cell('< 3.0', 330),
      ]),
    ).toMatchObject({ name: 'Albumin:Creatinine Ratio', value: '4.1' });
    expect(readRowBySequence([cell('DOB: 1980', 10), cell('4.1', 200), cell('mg/mmol', 260)])).toBeNull();
  });
});

describe('cumulative reports headed by visit dates', () => {
  it('reads the latest visit’s column when the dates share the header line', () => {
    const rows = extractRows([
      buildLines(
        page([
          [
            60,
            9,
            [
              [40, 'Test'],
              [200, '03/11/24'],
              [260, '21/02/25'],
              [320, '09/06/25'],
              [380, 'Units'],
              [440, 'Range'],
            ],
          ],
          [
            74,
            9,
            [
              [40, 'Platelets'],
              [200, '171'],
              [260, '402 H'],
              [320, '388'],
              [380, 'x10^9/L'],
              [440, '150-400'],
            ],
          ],
          [
            88,
            9,
            [
              [40, 'Ferritin'],
              [200, '12 L'],
              [260, '25'],
              [320, '48'],
              [380, 'ug/L'],
              [440, '30-300'],
            ],
          ],
        ]),
        0,
      ),
    ]);
    expect(rows.map((r) => [r.name, r.value, r.flag, r.units, r.range])).toEqual([
      ['Platelets', '388', null, 'x10^9/L', '150-400'],
      ['Ferritin', '48', null, 'ug/L', '30-300'],
    ]);
  });

  it('merges dates printed on a line of their own under the other headings, whatever their order', () => {
    const rows = extractRows([
      buildLines(
        page([
          [
            60,
            9,
            [
              [40, 'BIOCHEMISTRY'],
              [380, 'Units'],
              [440, 'Ref Range'],
            ],
          ],
          [
            74,
            9,
            [
              [40, 'Date'],
              [200, '2025-08-30'],
              [260, '2025-02-11'],
              [320, '2024-10-02'],
            ],
          ],
          [
            88,
            9,
            [
              [40, 'Sodium'],
              [200, '131 L'],
              [260, '138'],
              [320, '140'],
              [380, 'mmol/L'],
              [440, '135-145'],
            ],
          ],
          [
            102,
            9,
            [
              [40, 'Urea'],
              [200, '8.9 H'],
              [260, '6.0'],
              [320, '5.2'],
              [380, 'mmol/L'],
              [440, '2.5-7.8'],
            ],
          ],
        ]),
        0,
      ),
    ]);
    expect(rows.map((r) => [r.name, r.value, r.flag, r.units, r.range])).toEqual([
      ['Sodium', '131', 'L', 'mmol/L', '135-145'],
      ['Urea', '8.9', 'H', 'mmol/L', '2.5-7.8'],
    ]);
  });
});

describe('lists and letters in other wordings', () => {
  it('reads a list whose fields are separated by dashes, with the range in brackets', () => {
    const rows = freeRows(
      lines([
        'Printed from the practice system',
        'Chloride - 97 mmol/L - (98-107) - LOW',
        'Urea - 4.4 mmol/L - (2.5-7.8)',
      ]),
    );
    expect(rows.map((r) => [r.name, r.value, r.units, r.range, r.flag])).toEqual([
      ['Chloride', '97', 'mmol/L', '98-107', 'LOW'],
      ['Urea', '4.4', 'mmol/L', '2.5-7.8', null],
    ]);
  });

  it('reads a result after a clause that says something else was normal', () => {
    const rows = freeRows(
      lines(['Your kidney tests were normal, with a creatinine of 74 umol/L (reference 45-90) this time.']),
    );
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['creatinine', '74', 'umol/L', '45-90'],
    ]);
  });

  it('drops a "Test:" label before a block’s name', () => {
    const rows = freeRows([
      [60, 10, [[40, 'Test: Phosphate']]],
      [73, 10, [[40, 'Result: 1.62 mmol/L']]],
      [86, 10, [[40, 'Reference: 0.80 - 1.50']]],
    ]);
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['Phosphate', '1.62', 'mmol/L', '0.80-1.50'],
    ]);
  });

  it('reads a flag word after a value printed with its units, before a worded range', () => {
    expect(
      readRowBySequence([
        cell('Sodium', 10),
        cell('149 mmol/L', 120),
        cell('High', 200),
        cell('Normal range: 136 - 145 mmol/L', 250),
      ]),
    ).toMatchObject({ value: '149', units: 'mmol/L', flag: 'High', range: '136 - 145' });
  });

  it('keeps a long name’s last word in the name column when it lies nearer the next heading', () => {
    const columns: Column[] = [
      { kind: 'name', x0: 10, x1: 50 },
      { kind: 'other', x0: 190, x1: 240 },
      { kind: 'value', x0: 260, x1: 290 },
      { kind: 'units', x0: 310, x1: 340 },
      { kind: 'range', x0: 370, x1: 420 },
    ];
    const parts = (texts: [string, number][]): Cell[] => texts.map(([t, x]) => cell(t, x));
    expect(
      readRowByColumns(
        parts([
          ['FREE', 70],
          ['THYROXINE', 100],
          ['(FT4)', 150],
          ['C.L.I.A', 190],
          ['1.31', 260],
          ['ng/dL', 310],
          ['0.89-1.76', 370],
        ]),
        columns,
        10,
      ),
    ).toMatchObject({ name: 'FREE THYROXINE (FT4)', value: '1.31' });
  });
});
