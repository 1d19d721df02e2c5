/**
 * Layout and extraction rules for OCR'd text (issue #15): label and date misreadings, headings run together,
 * columns whose values are not left-aligned, specks and lost punctuation. Each case is the shape a scan produces,
 * written by hand; none is taken from a corpus document.
 */
import { buildLines } from '../layout/build-lines';
import type { LayoutPage, PositionedText } from '../layout/layout-types';
import { readTableHeader } from '../layout/table-header';
import { extractMetadataWithConfidence, splitName } from './extract-metadata';
import { extractFreeResults } from './extract-free-results';
import { extractRows } from './extract-rows';
import { labelOf } from './metadata-labels';
import { readDate, repairOcrDate } from './normalise-date';
import { parseReferenceRange } from './result-fields';

/** A page from `[y, size, [x, text]...]` rows; character width ~ 0.5 em. */
function page(rows: [number, number, [number, string][]][]): LayoutPage {
  const items: PositionedText[] = rows.flatMap(([y, size, cells]) =>
    cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * size * 0.5, y0: y, y1: y + size })),
  );
  return { width: 612, height: 792, items };
}
const linesOf = (p: LayoutPage) => [buildLines(p, 0)];
const metadataOf = (p: LayoutPage) => extractMetadataWithConfidence(linesOf(p));

describe('metadata labels misread by OCR', () => {
  it.each([
    ['D.0.B.', 'dob'],
    ['D0B', 'dob'],
    ['D.O,B,', 'dob'],
    ['Pt Narne', 'name'],
    ['Sumame', 'lastName'],
    ['_Surname', 'lastName'],
    ['Sample 1D', 'specimen'],
    ['Spedmen ID', 'specimen'],
    ['Dateof Birth', 'dob'],
  ])('%s → %s', (text, field) => expect(labelOf(text)?.field).toBe(field));

  it('does not turn values or other words into labels', () => {
    expect(labelOf('Age 45')).toBeNull();
    expect(labelOf('Haemoglobin')).toBeNull();
    expect(labelOf('Total Protein')).toBeNull();
    // Who reported it, not when: never the report date.
    expect(labelOf('Reported by')?.field).toBe('other');
    expect(labelOf('Collected By:')?.field).toBe('other');
  });

  it('reads a date of birth after a misread label, glued or in the next cell', () => {
    const glued = metadataOf(page([[60, 9, [[40, 'D.0.B.: 24/12/1985']]]]));
    expect(glued.metadata.dob).toBe('1985-12-24');
    const cells = metadataOf(
      page([
        [
          60,
          9,
          [
            [40, 'Patient Name:'],
            [140, 'WALSH, SIENNA'],
          ],
        ],
        [
          75,
          9,
          [
            [40, 'D.0.B.:'],
            [140, '10 Jul 2000'],
          ],
        ],
      ]),
    );
    expect(cells.metadata).toMatchObject({ dob: '2000-07-10', patient_last_name: 'WALSH' });
  });
});

describe('dates misread by OCR', () => {
  it.each([
    ['O3/l4/2O24', '03/14/2024'],
    ['0828/1943', '08/28/1943'],
    ['23 12:1961', '23/12/1961'],
    ['26.05:2025 08:42', '26/05/2025 08:42'],
    ['2S Mar 2O24', '25 Mar 2024'],
    ['Mar l4, 2O24', 'Mar 14, 2024'],
  ])('%s → %s', (text, repaired) => expect(repairOcrDate(text)).toBe(repaired));

  it('leaves text that is not date-shaped alone', () => {
    expect(repairOcrDate('Dr S. Pattinson')).toBeNull();
    expect(repairOcrDate('SL23-7653285')).toBeNull();
    expect(readDate('Pending')).toBeNull();
  });

  it('reads a repaired date a little less surely than a clean one', () => {
    const clean = metadataOf(page([[60, 9, [[40, 'DOB: 08/28/1943']]]]));
    const repaired = metadataOf(page([[60, 9, [[40, 'DOB: 0828/1943']]]]));
    expect(repaired.metadata.dob).toBe('1943-08-28');
    expect(repaired.confidence.dob).toBeLessThan(clean.confidence.dob);
  });
});

describe('metadata values on OCR text', () => {
  it('reads a comma read as a full stop in "LAST, First"', () => {
    expect(splitName('Kowalski. Gwendolyn')).toMatchObject({ first: 'Gwendolyn', last: 'Kowalski' });
    expect(splitName('Dr. Jane Doe')).toMatchObject({ first: 'Jane', last: 'Doe' });
    expect(splitName('Mr, John Smith')).toMatchObject({ first: 'John', last: 'Smith' });
  });

  it('cleans specks and misread signs around a specimen number', () => {
    expect(metadataOf(page([[60, 9, [[40, 'Accession #: $X5120794']]]])).metadata.specimen_number).toBe(
      'SX5120794',
    );
    expect(metadataOf(page([[60, 9, [[40, 'Lab No: WC5577121°']]]])).metadata.specimen_number).toBe(
      'WC5577121',
    );
    expect(
      metadataOf(
        page([
          [
            60,
            9,
            [
              [40, 'Requisition #:'],
              [140, '© 8473976273'],
            ],
          ],
        ]),
      ).metadata.specimen_number,
    ).toBe('8473976273');
  });

  it('takes the value under a heading in a grid, not the next heading OCR did not read', () => {
    const meta = metadataOf(
      page([
        [
          50,
          9,
          [
            [44, 'Last Name'],
            [177, 'First Name'],
            [309, 'pos'],
          ],
        ],
        [
          65,
          9,
          [
            [45, 'Lefebvre'],
            [177, 'Madison'],
            [311, '1988-01-22'],
          ],
        ],
        [
          85,
          9,
          [
            [44, 'Specimen ID'],
            [177, 'Date Sampled'],
            [306, 'Date Resulted'],
          ],
        ],
        [
          100,
          9,
          [
            [44, 'C65596582'],
            [177, '2025-10-17'],
            [310, '2025-10-18'],
          ],
        ],
      ]),
    );
    expect(meta.metadata).toMatchObject({
      patient_first_name: 'Madison',
      patient_last_name: 'Lefebvre',
      specimen_number: 'C65596582',
      date_collected: '2025-10-17',
      // The one date years before the report whose label was lost: the birth date, less surely.
      dob: '1988-01-22',
    });
    expect(meta.confidence.dob).toBeLessThan(0.7);
    expect(meta.confidence.dob).toBeGreaterThanOrEqual(0.5);
  });

  it('still reads "Label: | value" pairs above a results table', () => {
    const meta = metadataOf(
      page([
        [
          84,
          9,
          [
            [40, 'DOB:'],
            [112, '03/14/1975'],
            [326, 'Collected:'],
            [416, '03/14/2024 08:12'],
          ],
        ],
        [
          98,
          9,
          [
            [40, 'Sex:'],
            [112, 'F'],
            [326, 'Reported:'],
            [416, 'Mar 16, 2024'],
          ],
        ],
        [
          118,
          9,
          [
            [40, 'Test'],
            [215, 'Result'],
            [290, 'Flag'],
            [340, 'Units'],
            [420, 'Reference Range'],
          ],
        ],
      ]),
    );
    expect(meta.metadata).toMatchObject({ dob: '1975-03-14', date_reported: '2024-03-16', gender: 'female' });
  });

  it('finds no birth date when two old unlabelled dates compete, and reads the sex when its label is lost', () => {
    const meta = metadataOf(
      page([
        [
          50,
          9,
          [
            [44, 'Patient:'],
            [140, 'Lefebvre, Madison'],
            [309, '1988-01-22'],
          ],
        ],
        [
          65,
          9,
          [
            [140, 'Female'],
            [309, '1990-05-02'],
          ],
        ],
        [
          85,
          9,
          [
            [44, 'Collected:'],
            [140, '2025-10-17'],
          ],
        ],
      ]),
    );
    expect(meta.metadata.dob).toBeNull();
    expect(meta.metadata.gender).toBe('female');
  });
});

describe('table headings on OCR text', () => {
  const header = (cells: [number, string][]) =>
    readTableHeader(buildLines(page([[100, 9, cells]]), 0)[0] as never)?.[0]?.columns.map((c) => c.kind);

  it('splits headings OCR ran together', () => {
    expect(
      header([
        [40, 'Test'],
        [250, 'Result'],
        [330, 'Unit of MeasureNormal Values'],
      ]),
    ).toEqual(['name', 'value', 'units', 'range']);
    expect(
      header([
        [40, 'Test'],
        [250, 'Result Valueindicator'],
        [400, 'Units'],
      ]),
    ).toEqual(['name', 'value', 'flag', 'units']);
    expect(
      header([
        [40, 'Test'],
        [250, 'Result'],
        [330, 'Unit of Measure Reference Limits'],
      ]),
    ).toEqual(['name', 'value', 'units', 'range']);
  });

  it('takes a misread first heading for the test names', () => {
    expect(
      header([
        [35, 'Tem'],
        [234, 'Result'],
        [333, 'Units'],
        [415, 'Reference Interval'],
      ]),
    ).toEqual(['name', 'value', 'units', 'range']);
  });

  it('knows earlier-visit columns headed by a month and year', () => {
    expect(
      header([
        [38, 'Determination'],
        [301, 'Result'],
        [416, 'Mar.2024'],
        [495, 'Dec 2023'],
        [570, 'Reference Range'],
      ]),
    ).toEqual(['name', 'value', 'other', 'other', 'range']);
  });
});

describe('result rows on OCR text', () => {
  const HEADER: [number, string][] = [
    [38, 'Test'],
    [300, 'Result'],
    [416, 'Mar 2024'],
    [495, 'Dec 2023'],
    [570, 'Reference Range'],
  ];

  it('puts a value starting left of its heading in the column whose heading is nearest', () => {
    const rows = extractRows(
      linesOf(
        page([
          [80, 9, HEADER],
          [
            100,
            9,
            [
              [38, 'Triglycerides'],
              [301, '1.3'],
              [401, '1.4'],
              [486, '1.3'],
              [571, '<1.7 mmol/L'],
            ],
          ],
        ]),
      ),
    );
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['Triglycerides', '1.3', 'mmol/L', '<1.7'],
    ]);
  });

  it('ignores specks, sentences spread over the columns and a footer far below the table', () => {
    const rows = extractRows(
      linesOf(
        page([
          [
            80,
            9,
            [
              [40, 'Test'],
              [250, 'Result'],
              [330, 'Units'],
              [420, 'Reference Range'],
            ],
          ],
          [
            100,
            9,
            [
              [40, 'Sodium'],
              [250, '140'],
              [330, 'mmol/L'],
              [420, '136-145'],
            ],
          ],
          [
            115,
            9,
            [
              [40, 'Specimen slightly haemolysed; potassium'],
              [250, 'may be falsely'],
              [330, 'raised.'],
            ],
          ],
          [
            130,
            9,
            [
              [40, 'Magnesium'],
              [250, '0.92'],
              [330, 'mmol/L'],
              [420, '0.70'],
              [450, '1.00'],
            ],
          ],
          [
            700,
            9,
            [
              [40, 'Results relate only to the specimen'],
              [250, 'laboratory'],
              [520, '.'],
              [560, '.'],
            ],
          ],
          [
            720,
            9,
            [
              [40, 'Printed 31.08.2025'],
              [250, '07.31'],
            ],
          ],
        ]),
      ),
    );
    expect(rows.map((r) => [r.name, r.value, r.range])).toEqual([
      ['Sodium', '140', '136-145'],
      // The dash between the bounds was lost.
      ['Magnesium', '0.92', '0.70-1.00'],
    ]);
  });

  it('does not join a label under the last row to its name, nor a heading above a row that is not tight', () => {
    const rows = extractRows(
      linesOf(
        page([
          [
            80,
            9,
            [
              [40, 'Test'],
              [250, 'Result'],
              [330, 'Units'],
              [420, 'Reference Range'],
            ],
          ],
          [100, 14, [[40, 'RENAL FUNCTION']]],
          [
            117,
            9,
            [
              [40, 'Urea level'],
              [250, '4.2'],
              [330, 'mmol/L'],
              [420, '2.5-7.8'],
            ],
          ],
          [130, 9, [[40, 'Comments:']]],
        ]),
      ),
    );
    expect(rows.map((r) => [r.name, r.panel])).toEqual([['Urea level', 'RENAL FUNCTION']]);
  });

  it('joins a wrapped name whose second line is a short box of lower-case letters', () => {
    const items: PositionedText[] = [
      ...[
        [40, 'Test'],
        [250, 'Result'],
        [330, 'Units'],
        [420, 'Reference Range'],
      ].map(([x, t]) => ({ text: t as string, x0: x as number, x1: (x as number) + 30, y0: 80, y1: 89 })),
      ...[
        [40, 'Urea nitrogen'],
        [250, '14'],
        [330, 'mg/dL'],
        [420, '7-20'],
      ].map(([x, t]) => ({ text: t as string, x0: x as number, x1: (x as number) + 40, y0: 100, y1: 109 })),
      // OCR's box around "serum" is only as tall as its lower-case letters.
      { text: 'serum', x0: 40, x1: 70, y0: 113.5, y1: 118.5 },
      ...(['Sodium', 'Potassium', 'Chloride', 'Calcium'] as const).flatMap((name, i) =>
        [
          [40, name],
          [250, '4.1'],
          [330, 'mmol/L'],
          [420, '3.5-5.1'],
        ].map(([x, t]) => ({
          text: t as string,
          x0: x as number,
          x1: (x as number) + 40,
          y0: 130 + 15 * i,
          y1: 139 + 15 * i,
        })),
      ),
    ];
    const rows = extractRows([buildLines({ width: 612, height: 792, items }, 0)]);
    expect(rows.map((r) => r.name)).toEqual([
      'Urea nitrogen serum',
      'Sodium',
      'Potassium',
      'Chloride',
      'Calcium',
    ]);
  });

  it('reads ranges whose decimal point or dash a scan lost', () => {
    expect(parseReferenceRange('08-1.2')).toMatchObject({ min: 0.8, max: 1.2 });
    expect(parseReferenceRange('(027-420)')).toMatchObject({ min: 0.27, max: 4.2 });
    expect(parseReferenceRange('3.5.5.1')).toMatchObject({ min: 3.5, max: 5.1 });
    expect(parseReferenceRange('Upto5')).toMatchObject({ min: null, max: 5 });
    expect(parseReferenceRange('0-40')).toMatchObject({ min: 0, max: 40 });
  });

  it('reads a card whose units OCR misread, and a block label with a full stop', () => {
    const rows = extractFreeResults(
      linesOf(
        page([
          [170, 10, [[69, 'Cholesterol']]],
          [188, 13, [[69, '2.51 mmoliL']]],
          [214, 8, [[69, 'Reference range: Up to 5.20']]],
          [384, 10, [[67, 'ALT (SGPT)']]],
          [402, 13, [[68, '19']]],
          [428, 8, [[67, 'Reference range. 0 - 40 U/L']]],
        ]),
      ),
      [],
    );
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['Cholesterol', '2.51', 'mmoliL', '<5.20'],
      ['ALT (SGPT)', '19', 'U/L', '0-40'],
    ]);
  });
});
