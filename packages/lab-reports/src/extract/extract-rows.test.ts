import { buildLines } from '../layout/build-lines';
import type { LayoutPage, PositionedText } from '../layout/layout-types';
import { extractRows, panelHeading } from './extract-rows';

const SIZE = 9;
/** A page from `[y, [x, text]...]` rows; character width ~ 0.5 em, like Helvetica. */
function page(rows: [number, [number, string][]][]): LayoutPage {
  const items: PositionedText[] = rows.flatMap(([y, cells]) =>
    cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * SIZE * 0.5, y0: y, y1: y + SIZE })),
  );
  return { width: 612, height: 792, items };
}
const rowsOf = (...pages: LayoutPage[]) => extractRows(pages.map((p, i) => buildLines(p, i)));

const HEADER: [number, string][] = [
  [40, 'Test'],
  [215, 'Result'],
  [290, 'Flag'],
  [340, 'Units'],
  [420, 'Reference Range'],
];

describe('extractRows', () => {
  it('reads a table with a flag column, panel headers, wrapped names, comments and footers', () => {
    const rows = rowsOf(
      page([
        [30, [[40, 'Northwind Clinical Laboratories']]],
        [
          50,
          [
            [40, 'Patient:'],
            [110, 'DOE, JANE'],
            [330, 'DOB:'],
            [400, '03/14/1975'],
          ],
        ],
        [80, HEADER],
        [100, [[40, 'Lipid Panel']]],
        [
          115,
          [
            [40, 'Cholesterol, Total'],
            [215, '210'],
            [290, 'H'],
            [340, 'mg/dL'],
            [420, '<200'],
          ],
        ],
        [
          129,
          [
            [40, 'LDL Cholesterol, Calculated'],
            [215, '95'],
            [340, 'mg/dL'],
            [420, '0-99'],
          ],
        ],
        [141, [[40, '(Low Density Lipoprotein)']]],
        [155, [[60, 'Result verified by repeat analysis.']]],
        [175, [[40, 'URINALYSIS']]],
        [
          190,
          [
            [40, 'WBC, Urine'],
            [215, '0-2'],
            [340, '/HPF'],
            [420, '0-5'],
          ],
        ],
        [
          204,
          [
            [40, 'Protein, Urine'],
            [215, 'Trace'],
            [290, 'A'],
            [420, 'Negative'],
          ],
        ],
        [
          760,
          [
            [40, 'DOE, JANE  |  Final Report'],
            [520, 'Page 1 of 1'],
          ],
        ],
      ]),
    );
    expect(rows).toEqual([
      {
        name: 'Cholesterol, Total',
        value: '210',
        flag: 'H',
        units: 'mg/dL',
        range: '<200',
        panel: 'Lipid Panel',
      },
      {
        name: 'LDL Cholesterol, Calculated (Low Density Lipoprotein)',
        value: '95',
        flag: null,
        units: 'mg/dL',
        range: '0-99',
        panel: 'Lipid Panel',
      },
      { name: 'WBC, Urine', value: '0-2', flag: null, units: '/HPF', range: '0-5', panel: 'URINALYSIS' },
      {
        name: 'Protein, Urine',
        value: 'Trace',
        flag: 'A',
        units: null,
        range: 'Negative',
        panel: 'URINALYSIS',
      },
    ]);
  });

  it('reads two tables side by side, the left one first, and keeps the panel across the column break', () => {
    const rows = rowsOf(
      page([
        [
          80,
          [
            [40, 'Test'],
            [140, 'Result'],
            [190, 'Units'],
            [240, 'Range'],
            [314, 'Test'],
            [414, 'Result'],
            [464, 'Units'],
            [514, 'Range'],
          ],
        ],
        [
          100,
          [
            [40, 'CHEMISTRY'],
            [314, 'Calcium'],
            [414, '9.4'],
            [464, 'mg/dL'],
            [514, '8.7-10.2'],
          ],
        ],
        [
          115,
          [
            [40, 'Glucose'],
            [140, '102 H'],
            [190, 'mg/dL'],
            [240, '70-99'],
            [314, 'Sodium'],
            [414, '140'],
            [464, 'mmol/L'],
            [514, '134-144'],
          ],
        ],
        [
          130,
          [
            [40, 'BUN'],
            [140, '12'],
            [190, 'mg/dL'],
            [240, '6-24'],
          ],
        ],
      ]),
    );
    expect(rows.map((r) => [r.name, r.value, r.flag, r.panel])).toEqual([
      ['Glucose', '102', 'H', 'CHEMISTRY'],
      ['BUN', '12', null, 'CHEMISTRY'],
      ['Calcium', '9.4', null, 'CHEMISTRY'],
      ['Sodium', '140', null, 'CHEMISTRY'],
    ]);
  });

  it('reads fixed-width rows printed as one string and skips lines repeated on every page', () => {
    const banner: [number, [number, string][]] = [30, [[40, 'PATIENT: DOE, JANE        SPECIMEN: NW24-1']]];
    const header: [number, [number, string][]] = [
      60,
      [[40, 'TEST                  RESULT FLAG  UNITS     REFERENCE']],
    ];
    const rows = rowsOf(
      page([
        banner,
        header,
        [80, [[40, 'HEMATOLOGY']]],
        [95, [[40, 'WBC                      11.2 H    x10E3/uL  3.4-10.8']]],
      ]),
      page([banner, header, [80, [[40, 'HBSAG                Non-Reactive            Non-Reactive']]]]),
    );
    expect(rows).toEqual([
      { name: 'WBC', value: '11.2', flag: 'H', units: 'x10E3/uL', range: '3.4-10.8', panel: 'HEMATOLOGY' },
      {
        name: 'HBSAG',
        value: 'Non-Reactive',
        flag: null,
        units: null,
        range: 'Non-Reactive',
        panel: 'HEMATOLOGY',
      },
    ]);
  });

  it('keeps a result row printed the same on two pages (serial results) while dropping the repeated banner', () => {
    const serial = (): LayoutPage =>
      page([
        [30, [[40, 'Northwind Clinical Laboratories']]],
        [80, HEADER],
        [
          100,
          [
            [40, 'Glucose'],
            [215, '95'],
            [340, 'mg/dL'],
            [420, '70-99'],
          ],
        ],
      ]);
    expect(rowsOf(serial(), serial()).map((r) => r.name)).toEqual(['Glucose', 'Glucose']);
  });

  it('does not take a name and a number outside a table for a result', () => {
    const rows = rowsOf(
      page([
        [
          30,
          [
            [40, 'Invoice total'],
            [300, '898.76'],
          ],
        ],
        [
          50,
          [
            [40, 'Phone'],
            [300, '013-2280'],
          ],
        ],
      ]),
    );
    expect(rows).toEqual([]);
  });
});

describe('values printed with their units', () => {
  it('splits "5.4%" and "140mmol/L" into value and units, in a table and without one', () => {
    const rows = rowsOf(
      page([
        [60, HEADER],
        [
          75,
          [
            [40, 'Hemoglobin A1c'],
            [215, '5.4%'],
            [420, '4.0-5.6'],
          ],
        ],
        [
          90,
          [
            [40, 'Sodium'],
            [215, '140mmol/L'],
            [420, '136-145'],
          ],
        ],
      ]),
    );
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['Hemoglobin A1c', '5.4', '%', '4.0-5.6'],
      ['Sodium', '140', 'mmol/L', '136-145'],
    ]);
    const loose = rowsOf(
      page([
        [
          60,
          [
            [40, 'Ferritin'],
            [200, '48 ng/mL'],
            [300, '15-150'],
          ],
        ],
      ]),
    );
    expect(loose.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['Ferritin', '48', 'ng/mL', '15-150'],
    ]);
  });
});

describe('panel headings set close to a row', () => {
  const row = (
    y: number,
    name: string,
    value: string,
    units: string,
    range: string,
  ): [number, [number, string][]] => [
    y,
    [
      [40, name],
      [215, value],
      [340, units],
      [420, range],
    ],
  ];

  it('keeps a heading out of a whole test name above or below it, and still joins wrapped names', () => {
    // A low-resolution scan's word boxes leave ~2 pt between a heading and the rows it sits between.
    const rows = rowsOf(
      page([
        [60, HEADER],
        [100, [[40, 'Inflammatory Markers']]],
        row(111, 'C reactive protein', '6', 'mg/L', '<5'),
        row(126, 'Glucose', '5.0', 'mmol/L', '3.0-6.0'),
        [139, [[40, 'THYROID STUDIES']]],
        row(152, 'TSH', '2.1', 'mU/L', '0.27-4.20'),
        [167, [[40, 'Vitamin D,']]],
        row(178, '25-Hydroxy', '42', 'ng/mL', '30-100'),
        row(193, 'Hemoglobin', '5.4', '%', '4.0-5.6'),
        [204, [[40, 'A1c']]],
        row(219, 'Aspartate Aminotransferase', '22', 'IU/L', '0-40'),
        [230, [[40, '(AST/SGOT)']]],
        row(245, 'Lactate Dehydrogenase', '183', 'IU/L', '119-226'),
        [256, [[40, '(LDH)']]],
      ]),
    );
    expect(rows.map((r) => [r.name, r.panel])).toEqual([
      ['C reactive protein', 'Inflammatory Markers'],
      ['Glucose', 'Inflammatory Markers'],
      ['TSH', 'THYROID STUDIES'],
      // Not a catalogue name alone, or a catalogue name only together: one wrapped name.
      ['Vitamin D, 25-Hydroxy', 'THYROID STUDIES'],
      ['Hemoglobin A1c', 'THYROID STUDIES'],
      // A bracketed line under a whole name is its abbreviation, never a heading.
      ['Aspartate Aminotransferase (AST/SGOT)', 'THYROID STUDIES'],
      ['Lactate Dehydrogenase (LDH)', 'THYROID STUDIES'],
    ]);
  });

  it('takes a heading outdented from the names under it, a speck after it, and initials joined by "&"', () => {
    const rows = rowsOf(
      page([
        [60, HEADER],
        [100, [[40, 'U&E']]],
        row(120, 'Sodium', '140', 'mmol/L', '135-145'),
        [
          140,
          [
            [34, 'Liver Function.'],
            [420, '.'],
          ],
        ],
        [
          160,
          [
            [50, 'Albumin'],
            [215, '40'],
            [340, 'g/L'],
            [420, '35-50'],
          ],
        ],
        [180, [[40, 'Specimen received late.']]],
        row(200, 'Glucose', '5.0', 'mmol/L', '3.0-6.0'),
      ]),
    );
    expect(rows.map((r) => [r.name, r.panel])).toEqual([
      ['Sodium', 'U&E'],
      ['Albumin', 'Liver Function'],
      // A sentence with its full stop names no panel.
      ['Glucose', 'Liver Function'],
    ]);
  });

  it('reads a heading printed with a colon as the panel, but not a note heading', () => {
    const rows = rowsOf(
      page([
        [60, HEADER],
        [100, [[40, 'Glycated Haemoglobin:']]],
        row(120, 'HbA1c', '39', 'mmol/mol', '20-41'),
        [140, [[40, 'Comments:']]],
        row(160, 'Serum glucose', '3.9', 'mmol/L', '3.0-6.0'),
      ]),
    );
    expect(rows.map((r) => [r.name, r.panel])).toEqual([
      ['HbA1c', 'Glycated Haemoglobin'],
      ['Serum glucose', 'Glycated Haemoglobin'],
    ]);
  });
});

describe('panelHeading', () => {
  it('reads a heading with a colon or a speck after it, and leaves notes and sentences', () => {
    expect(panelHeading('Lipid Profile')).toBe('Lipid Profile');
    expect(panelHeading('Lipid Profile :')).toBe('Lipid Profile');
    expect(panelHeading('HAEMATOLOGY.')).toBe('HAEMATOLOGY');
    expect(panelHeading('Renal Function.')).toBe('Renal Function');
    expect(panelHeading('C&S')).toBe('C&S');
    for (const text of [
      'Comments:',
      'Notes:',
      'Specimen received late.',
      'Please note.',
      'A.B.',
      'Page 1 of 2',
    ])
      expect(panelHeading(text)).toBeNull();
  });
});
