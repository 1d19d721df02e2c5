/**
 * General rules for reports from labs whose wordings and layouts the corpus templates do not use (issue #15):
 * column headings by key word, metadata labels by key word, block / card values with any label, comma decimals.
 */
import { buildLines } from '../layout/build-lines';
import type { LayoutPage, PositionedText } from '../layout/layout-types';
import { readTableHeader } from '../layout/table-header';
import { extractFreeResults, readRangeText, readSentences, stripValueLabel } from './extract-free-results';
import { extractMetadata } from './extract-metadata';
import { extractRows } from './extract-rows';
import type { PrintedRow } from './extract-rows';
import { matchLoinc } from '../loinc';
import { labelOf } from './metadata-labels';
import { readDate } from './normalise-date';
import { splitRangeAndUnits } from './result-fields';
import { toReportResult } from './to-report-result';

type Row = [y: number, size: number, cells: [x: number, text: string][]];

function page(rows: Row[]): LayoutPage {
  const items: PositionedText[] = rows.flatMap(([y, size, cells]) =>
    cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * size * 0.5, y0: y, y1: y + size })),
  );
  return { width: 612, height: 792, items };
}
const linesOf = (rows: Row[]) => buildLines(page(rows), 0);

describe('column headings by key word', () => {
  it('reads headings worded in other ways as the columns they name', () => {
    const [line] = linesOf([
      [
        80,
        9,
        [
          [40, 'Determination'],
          [200, 'Reading'],
          [270, 'Unit of Measurement'],
          [380, 'Abnormal Indicator'],
          [470, 'Usual Limits'],
        ],
      ],
    ]);
    const tables = readTableHeader(line as never);
    expect(tables?.[0]?.columns.map((c) => c.kind)).toEqual(['name', 'value', 'units', 'flag', 'range']);
  });

  it('does not take a row of metadata labels for a table header', () => {
    const [line] = linesOf([
      [
        80,
        9,
        [
          [40, 'Specimen Drawn'],
          [200, 'Received'],
          [300, 'Result Date'],
          [420, 'Ref. By'],
        ],
      ],
    ]);
    expect(readTableHeader(line as never)).toBeNull();
  });

  it('reads the rows of a table under such headings', () => {
    const rows = extractRows([
      linesOf([
        [
          80,
          9,
          [
            [40, 'Analysis'],
            [200, 'Observation'],
            [270, 'Measure'],
            [380, 'Limits'],
          ],
        ],
        [
          100,
          9,
          [
            [40, 'Potassium'],
            [200, '4.1'],
            [270, 'mmol/L'],
            [380, '3.5-5.1'],
          ],
        ],
      ]),
    ]);
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['Potassium', '4.1', 'mmol/L', '3.5-5.1'],
    ]);
  });
});

describe('tables in other column orders and forms', () => {
  const header = (cells: [number, string][]): Row => [80, 9, cells];

  it('reads units printed after the range, and a value column whose heading it does not know', () => {
    const rows = extractRows([
      linesOf([
        header([
          [40, 'Assay'],
          [281, 'Current'],
          [359, 'Ref Interval'],
          [473, 'Measure'],
        ]),
        [
          100,
          9,
          [
            [40, 'ALT'],
            [281, '11'],
            [359, '0 - 40'],
            [473, 'U/L'],
          ],
        ],
      ]),
    ]);
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([['ALT', '11', 'U/L', '0 - 40']]);
  });

  it('keeps a column with an unknown heading out of the name, reading its H / L as the flag', () => {
    const rows = extractRows([
      linesOf([
        header([
          [40, 'Test'],
          [255, 'Ind'],
          [312, 'Result'],
          [382, 'Units'],
          [471, 'Reference Range'],
        ]),
        [
          100,
          9,
          [
            [40, 'TSH'],
            [255, 'L'],
            [312, '0.393'],
            [382, 'uIU/mL'],
            [471, '0.450 - 4.500'],
          ],
        ],
      ]),
    ]);
    expect(rows.map((r) => [r.name, r.value, r.flag])).toEqual([['TSH', '0.393', 'L']]);
  });

  it('splits headings drawn as touching runs, and a word flag after a value with units', () => {
    const items: PositionedText[] = [
      { text: 'Test', x0: 40, x1: 58, y0: 80, y1: 89 },
      { text: 'Result', x0: 228, x1: 255, y0: 80, y1: 89 },
      { text: 'Abnormal Flag', x0: 290, x1: 340, y0: 80, y1: 89 },
      { text: 'UNITS', x0: 341, x1: 365, y0: 80, y1: 89 },
      { text: 'Reference Range', x0: 417, x1: 485, y0: 80, y1: 89 },
      { text: 'Alanine Aminotransferase', x0: 40, x1: 150, y0: 100, y1: 109 },
      { text: '48 IU/L High', x0: 228, x1: 280, y0: 100, y1: 109 },
      { text: '0-32', x0: 417, x1: 435, y0: 100, y1: 109 },
    ];
    const rows = extractRows([buildLines({ width: 612, height: 792, items }, 0)]);
    expect(rows.map((r) => [r.name, r.value, r.units, r.flag, r.range])).toEqual([
      ['Alanine Aminotransferase', '48', 'IU/L', 'High', '0-32'],
    ]);
  });
});

describe('metadata labels by key word', () => {
  it.each([
    ['Date/Time Specimen Collected', 'collected'],
    ['Sample Drawn On', 'collected'],
    ['Result Date/Time', 'reported'],
    ['Verified Date', 'reported'],
    ['Lab Accession No', 'specimen'],
    ['SID No.', 'specimen'],
    ['Requisition ID', 'specimen'],
    ['Birth Date (DD/MM/YYYY)', 'dob'],
    ['Place of Birth', 'other'],
    ['UR No', 'other'],
    ['Health Card No', 'other'],
  ])('%s → %s', (label, field) => {
    expect(labelOf(label)?.field).toBe(field);
  });

  it('does not make labels of headings and words', () => {
    expect(labelOf('Final Report')).toBeNull();
    expect(labelOf('Results')).toBeNull();
    expect(labelOf('Collection Centre')).toBeNull();
  });

  it('reads a specimen number after an unlisted wording, never the patient identifier beside it', () => {
    const meta = extractMetadata([
      linesOf([
        [
          60,
          9,
          [
            [40, 'Name: Jane DOE'],
            [300, 'UR No: 6642087'],
          ],
        ],
        [
          74,
          9,
          [
            [40, 'Lab Accession No: QX-55102'],
            [300, 'Sample Drawn On: 14/03/2024'],
          ],
        ],
      ]),
    ]);
    expect(meta.specimen_number).toBe('QX-55102');
    expect(meta.date_collected).toBe('2024-03-14');
  });
});

describe('metadata label forms', () => {
  const metaOf = (rows: Row[]) => extractMetadata([linesOf(rows)]);

  it('reads "Name (Last, First):" and "Last Name, First Name:" as a LAST, FIRST name', () => {
    for (const label of ['Name (Last, First):', 'Last Name, First Name:']) {
      const meta = metaOf([[60, 9, [[40, `${label} SMITH, JOHN`]]]]);
      expect([meta.patient_first_name, meta.patient_last_name]).toEqual(['JOHN', 'SMITH']);
    }
  });

  it('reads a name glued to a label of two words or more ("Name of Patient SMITH, JOHN")', () => {
    const meta = metaOf([[60, 9, [[40, 'Name of Patient BOUCHARD, CONNOR']]]]);
    expect([meta.patient_first_name, meta.patient_last_name]).toEqual(['CONNOR', 'BOUCHARD']);
  });

  it('skips an aligned ":" printed as a cell of its own and reads "Label - value"', () => {
    const meta = metaOf([
      [
        60,
        9,
        [
          [40, 'DOB'],
          [120, ':'],
          [130, '25/03/1970'],
        ],
      ],
      [74, 9, [[40, 'Patient Name - John Smith']]],
    ]);
    expect([meta.dob, meta.patient_first_name, meta.patient_last_name]).toEqual([
      '1970-03-25',
      'John',
      'Smith',
    ]);
  });
});

describe('blocks and cards worded in other ways', () => {
  it('strips a value label of any wording, but not a range, flag or units label', () => {
    expect(stripValueLabel('Measured level: 5.4 %')).toBe('5.4 %');
    expect(stripValueLabel("Today's reading - 140 mmol/L")).toBe('140 mmol/L');
    expect(stripValueLabel('Typical range: 3.0-6.0')).toBe('Typical range: 3.0-6.0');
    expect(stripValueLabel('Units: mmol/L')).toBe('Units: mmol/L');
  });

  it('reads blocks with a letter flag beside the name, units and flag lines, and a range label of any wording', () => {
    const rows = extractFreeResults(
      [
        linesOf([
          [100, 10, [[40, 'Blood Results']]],
          [
            130,
            9,
            [
              [40, 'Sodium'],
              [540, 'H'],
            ],
          ],
          [143, 9, [[54, 'Measured: 149']]],
          [156, 9, [[54, 'Units: mmol/L']]],
          [169, 9, [[54, 'Lab range: 135-145']]],
          [195, 9, [[40, 'Potassium']]],
          [208, 9, [[54, 'Measured: 4.1 mmol/L']]],
          [221, 9, [[54, 'Flag: Normal']]],
          [234, 9, [[54, 'Usual limits: 3.5 to 5.1']]],
          [260, 9, [[40, 'Chloride']]],
          [273, 9, [[54, 'Reference interval: 98-107']]],
          [286, 9, [[54, 'Your result: 101 mmol/L']]],
        ]),
      ],
      [],
    );
    expect(rows.map((r) => [r.name, r.value, r.units, r.range, r.flag])).toEqual([
      ['Sodium', '149', 'mmol/L', '135-145', 'H'],
      ['Potassium', '4.1', 'mmol/L', '3.5-5.1', null],
      ['Chloride', '101', 'mmol/L', '98-107', null],
    ]);
  });

  it('keeps a heading over a card out of its name, and wrapped names out of cards of their own', () => {
    const rows = extractFreeResults(
      [
        linesOf([
          [100, 9, [[40, 'TFT']]],
          [116, 9, [[48, 'Serum TSH']]],
          [128, 9, [[48, 'Result: 2.22 mU/L']]],
          [140, 9, [[48, 'Reference range: 0.27 - 4.20']]],
          [
            180,
            9,
            [
              [48, 'Mean Corpuscular'],
              [250, '25-OH Vitamin D'],
            ],
          ],
          [191, 9, [[48, 'Hemoglobin']]],
          [
            204,
            9,
            [
              [48, '32.8 g/dL'],
              [250, '75.7 ng/mL'],
            ],
          ],
        ]),
      ],
      [],
    );
    expect(rows.map((r) => [r.name, r.value, r.units])).toEqual([
      ['Serum TSH', '2.22', 'mU/L'],
      ['Mean Corpuscular Hemoglobin', '32.8', 'g/dL'],
      ['25-OH Vitamin D', '75.7', 'ng/mL'],
    ]);
  });

  it('does not read three cards’ values side by side as a result row', () => {
    const rows = extractRows([
      linesOf([
        [
          150,
          9,
          [
            [48, 'Yellow'],
            [229, 'Hazy'],
            [409, '1.022'],
          ],
        ],
      ]),
    ]);
    expect(rows).toEqual([]);
  });
});

describe('bracketed ranges with units', () => {
  it('reads "( 50 - 100 ) umol/L" in a table cell and on a card line', () => {
    expect(splitRangeAndUnits('(130-170) g/L')).toEqual({ range: '(130-170)', units: 'g/L' });
    expect(readRangeText('Standard range: ( 50 - 100 ) umol/L')).toEqual({
      range: '50-100',
      units: 'umol/L',
    });
    expect(readRangeText('[ < 5.0 ] mmol/L')).toEqual({ range: '< 5.0', units: 'mmol/L' });
  });
});

describe('results in sentences worded in other ways', () => {
  it('reads "X showed", "We found a X of", and "X, value units (ref ...)"', () => {
    const rows = readSentences(
      'Serum TSH, 3.27 mU/L (ref 0.27 - 4.20). Your Free T4 showed 16.1 pmol/L (normal range 12.0 - 22.0). We found a Serum Creatinine of 80 umol/L; the reference range is 45 - 90.',
    );
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['Serum TSH', '3.27', 'mU/L', '0.27-4.20'],
      ['Free T4', '16.1', 'pmol/L', '12.0-22.0'],
      ['Serum Creatinine', '80', 'umol/L', '45-90'],
    ]);
  });

  it('does not take "name, number" without units or a range for a result', () => {
    expect(readSentences('Glucose, 5 of them, were ordered.')).toEqual([]);
  });
});

describe('comma decimals in prose', () => {
  it('reads "5,4 mmol/L" in a European sentence as one value (not 5 with ",4" lost), range included', () => {
    const rows = readSentences('Glucose was 5,4 mmol/L (reference 3,9–5,6).');
    expect(rows.map((r) => [r.name, r.value, r.units, r.range])).toEqual([
      ['Glucose', '5,4', 'mmol/L', '3,9-5,6'],
    ]);
    const result = toReportResult({ ...(rows[0] as PrintedRow) });
    expect([result.interpretation, result.min_reference_range, result.max_reference_range]).toEqual([
      'normal',
      3.9,
      5.6,
    ]);
  });

  it('keeps thousands separators in English prose', () => {
    const rows = readSentences('Platelets were 1,250 x10^9/L.');
    expect(rows.map((r) => r.value)).toEqual(['1,250']);
  });
});

describe('date notations', () => {
  it.each([
    ['2024-Mar-14', '2024-03-14'],
    ['2024 MAR 14 08:42', '2024-03-14'],
    ['14MAR2024', '2024-03-14'],
    ['14-Mar-24', '2024-03-14'],
    ['Thu, 14 Mar 2024', '2024-03-14'],
  ])('%s', (text, iso) => {
    expect(readDate(text, 'mdy')).toEqual({ iso, ambiguous: false });
  });

  it('does not read a month out of other words', () => {
    expect(readDate('2024 Results 14', 'mdy')).toBeNull();
  });
});

describe('LOINC names with dotted initials and Indian wordings', () => {
  it.each([
    ['T.S.H.', 'uIU/mL', '3016-3'],
    ['E.S.R.', 'mm/hr', '30341-2'],
    ['H.D.L. Cholesterol', 'mg/dL', '2085-9'],
    ['TLC', '10^3/uL', '6690-2'],
    ['Total calcium', 'mmol/L', '2000-8'],
  ])('%s (%s) → %s', (testName, units, code) => {
    expect(matchLoinc({ testName, units, limit: 1 }).matches[0]?.loinc_code).toBe(code);
  });
});
