/**
 * Round 2 of outside-style reports (issue #15): bilingual column headings, cumulative columns of earlier results
 * with their own flags, a long name run into its value, units of several words, dated lines over a table, Indian
 * labs' numeric dates, inline label/value lines under a letterhead, a name followed by age and sex in brackets and
 * a portal page naming the patient without a label. Inputs are our own, written in those styles.
 */
import { buildLines } from '../layout/build-lines';
import type { LayoutPage, PositionedText } from '../layout/layout-types';
import { readTableHeader } from '../layout/table-header';
import { detectDateConvention } from './date-convention';
import { extractMetadata, splitName } from './extract-metadata';
import { labelOf } from './metadata-labels';
import { scannedPage } from '../testing/scanned-page';
import { extractRows, isPanelText } from './extract-rows';
import { isUnitsText, splitRangeAndUnits } from './result-fields';

type Row = [y: number, size: number, cells: [x: number, text: string][]];

function page(rows: Row[]): LayoutPage {
  const items: PositionedText[] = rows.flatMap(([y, size, cells]) =>
    cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * size * 0.5, y0: y, y1: y + size })),
  );
  return { width: 612, height: 792, items };
}
const linesOf = (rows: Row[]) => [buildLines(page(rows), 0)];

describe('bilingual column headings', () => {
  it('reads a heading whose two halves name one column ("Valeurs de référence / Reference")', () => {
    const [lines] = linesOf([
      [
        100,
        9,
        [
          [40, 'Analyse / Test'],
          [150, 'Resultat / Result'],
          [250, 'Unites / Units'],
          [340, 'Valeurs de reference / Reference'],
        ],
      ],
    ]);
    expect(readTableHeader(lines![0]!)?.[0]?.columns.map((c) => c.kind)).toEqual([
      'name',
      'value',
      'units',
      'range',
    ]);
  });

  it('reads the range of the rows under such a heading', () => {
    const rows = extractRows(
      linesOf([
        [
          100,
          9,
          [
            [40, 'Analyse / Test'],
            [150, 'Resultat / Result'],
            [250, 'Unites / Units'],
            [340, 'Valeurs de reference / Reference'],
          ],
        ],
        [
          114,
          9,
          [
            [40, 'Sodium'],
            [150, '140'],
            [250, 'mmol/L'],
            [340, '135-145'],
          ],
        ],
      ]),
    );
    expect(rows.map((r) => [r.name, r.value, r.range])).toEqual([['Sodium', '140', '135-145']]);
  });

  it('does not take a bilingual label with its value for a heading', () => {
    const [lines] = linesOf([
      [
        100,
        9,
        [
          [40, 'Nom / Name: Leblanc, Odile'],
          [250, 'Naissance / DOB: 1979-04-05'],
        ],
      ],
    ]);
    expect(readTableHeader(lines![0]!)).toBeNull();
  });
});

describe('cumulative columns and run-on values', () => {
  const header: Row = [
    100,
    9,
    [
      [40, 'Component'],
      [160, 'Your Value'],
      [230, 'Previous (02/03/2025)'],
      [340, 'Standard Range'],
      [430, 'Units'],
    ],
  ];

  it("leaves an earlier result's flag to that result", () => {
    const rows = extractRows(
      linesOf([
        header,
        [
          114,
          9,
          [
            [40, 'Ferritin'],
            [160, '88'],
            [230, '9'],
            [250, 'L'],
            [340, '30 - 400'],
            [430, 'ng/mL'],
          ],
        ],
      ]),
    );
    expect(rows.map((r) => [r.name, r.value, r.flag])).toEqual([['Ferritin', '88', null]]);
  });

  it('still reads a flag in a column of its own without a heading', () => {
    const rows = extractRows(
      linesOf([
        [
          100,
          9,
          [
            [40, 'Test'],
            [160, 'Result'],
            [230, 'Ind'],
            [340, 'Range'],
            [430, 'Units'],
          ],
        ],
        [
          114,
          9,
          [
            [40, 'Ferritin'],
            [160, '9'],
            [230, 'L'],
            [340, '30 - 400'],
            [430, 'ng/mL'],
          ],
        ],
      ]),
    );
    expect(rows.map((r) => [r.name, r.value, r.flag])).toEqual([['Ferritin', '9', 'L']]);
  });

  it('splits a value run into a long name one space after it, when the value column holds only the flag', () => {
    const rows = extractRows(
      linesOf([
        header,
        [
          114,
          9,
          [
            [40, 'Triglycerides, Fasting 212'],
            [172, 'H'],
            [230, '190'],
            [340, '0 - 149'],
            [430, 'mg/dL'],
          ],
        ],
      ]),
    );
    expect(rows.map((r) => [r.name, r.value, r.flag])).toEqual([['Triglycerides, Fasting', '212', 'H']]);
  });
});

describe('a panel heading set close over a row on a scan', () => {
  const tableOf = (heading: string, name: string) =>
    extractRows(
      linesOf([
        [
          100,
          9,
          [
            [40, 'Test'],
            [230, 'Result'],
            [310, 'Units'],
            [380, 'Reference Range'],
          ],
        ],
        [113, 9, [[40, heading]]],
        [
          123,
          9,
          [
            [40, name],
            [230, '101'],
            [310, 'mmol/L'],
            [380, '98 - 107'],
          ],
        ],
      ]),
    ).map((r) => [r.name, r.panel]);

  it('is the panel, not the first line of a misread name', () => {
    expect(tableOf('RENAL PANEL (continued)', 'Chlonde')).toEqual([['Chlonde', 'RENAL PANEL (continued)']]);
    expect(tableOf('BASIC METABOLIC PANEL', 'Chlonde')).toEqual([['Chlonde', 'BASIC METABOLIC PANEL']]);
  });

  it('still starts a wrapped name when its second line is in small letters', () => {
    expect(tableOf('LDL CHOLESTEROL', 'calculated')[0]?.[0]).toBe('LDL CHOLESTEROL calculated');
  });
});

describe('units of several words after a range', () => {
  it('reads "% of total Hgb" and "x E9/L" as units', () => {
    expect(isUnitsText('% of total Hgb')).toBe(true);
    expect(isUnitsText('x E9/L')).toBe(true);
    expect(splitRangeAndUnits('<6.5 % of total Hgb')).toEqual({ range: '<6.5', units: '% of total Hgb' });
    expect(splitRangeAndUnits('3.9-10.5 x E9/L')).toEqual({ range: '3.9-10.5', units: 'x E9/L' });
  });

  it('does not take words of a sentence for units', () => {
    expect(isUnitsText('of total')).toBe(false);
    expect(splitRangeAndUnits('5.0 or less than normal')).toBeNull();
  });
});

describe('dated lines over a table', () => {
  it('are no panel headings', () => {
    expect(isPanelText('Date of sample 03 Mar 2025')).toBe(false);
    expect(isPanelText('Sample taken 2025-03-03')).toBe(false);
    expect(isPanelText('Collected Mar 3, 2025')).toBe(false);
    expect(isPanelText('Bone Profile')).toBe(true);
  });

  it('leaves the rows under a dated line without a panel', () => {
    const rows = extractRows(
      linesOf([
        [
          100,
          9,
          [
            [40, 'Test'],
            [230, 'Result'],
            [310, 'Units'],
            [380, 'Reference Range'],
          ],
        ],
        [114, 9, [[40, 'Date of sample 03 Mar 2025']]],
        [
          128,
          9,
          [
            [40, 'Phosphate'],
            [230, '1.02'],
            [310, 'mmol/L'],
            [380, '0.80 - 1.50'],
          ],
        ],
      ]),
    );
    expect(rows.map((r) => [r.name, r.panel])).toEqual([['Phosphate', null]]);
  });
});

describe('metadata of round-2 layouts', () => {
  it('reads day-first dates on an Indian report that only its wordings place', () => {
    expect(
      detectDateConvention(
        'Ref. By : Self\nCollected On : 04/07/2025\nTest  Result  Biological Ref. Interval',
      ).convention,
    ).toBe('dmy');
    expect(detectDateConvention('Collected: 04/07/2025  Reference Interval').convention).toBe('mdy');
  });

  it("takes the value right of a patient label, not the letterhead over it, when the line's other labels hold their values", () => {
    const meta = extractMetadata(
      linesOf([
        [40, 9, [[40, 'WATTLE CREEK PATHOLOGY']]],
        [
          52,
          9,
          [
            [40, 'Patient:'],
            [100, 'FERGUSON, Maeve Ann'],
            [300, 'Sex: F'],
            [380, 'D.O.B.: 02/05/1961'],
          ],
        ],
        [
          64,
          9,
          [
            [40, 'Lab Ref:'],
            [100, '25-1187733'],
          ],
        ],
        [
          76,
          9,
          [
            [40, 'Collected: 04/03/2025'],
            [300, 'Reported: 05/03/2025'],
          ],
        ],
      ]),
    );
    expect([meta.patient_first_name, meta.patient_last_name]).toEqual(['Maeve', 'FERGUSON']);
  });

  it('reads the sex printed in brackets after the name ("(39Y/F)")', () => {
    const meta = extractMetadata(linesOf([[60, 9, [[40, 'NAME : MEERA SUNIL NAIR (39Y/F)']]]]));
    expect([meta.patient_first_name, meta.patient_last_name, meta.gender]).toEqual([
      'MEERA',
      'NAIR',
      'female',
    ]);
  });

  it("reads a portal page's unlabelled patient name at the top", () => {
    const rows: Row[] = [
      [40, 9, [[40, 'PatientLink Online']]],
      [56, 12, [[40, 'Rosalind Achterberg']]],
      [74, 9, [[40, 'Lab results for Lipid Panel']]],
      [
        100,
        9,
        [
          [40, 'Test'],
          [230, 'Result'],
          [310, 'Units'],
          [380, 'Reference Range'],
        ],
      ],
    ];
    const meta = extractMetadata(linesOf(rows));
    expect([meta.patient_first_name, meta.patient_last_name]).toEqual(['Rosalind', 'Achterberg']);
  });

  it('names no patient from a top line that is a place, a heading or one of two candidates', () => {
    const top = (a: string, b: string) =>
      extractMetadata(
        linesOf([
          [40, 9, [[40, a]]],
          [56, 9, [[40, b]]],
        ]),
      );
    expect(top('Glenview Medical Laboratory', 'Lipid Profile').patient_last_name).toBeNull();
    expect(top('Rosalind Achterberg', 'Harold Achterberg').patient_last_name).toBeNull();
    expect(top('Welcome Back', 'Grant Avenue').patient_last_name).toBeNull();
  });
});

describe('round-2 metadata on scans and in other languages', () => {
  it('reads a short label whose thin letter OCR lost ("Patent:" for "Patient:")', () => {
    expect(labelOf('Patent:')?.field).toBe('name');
    expect(labelOf('Gende')?.field).toBe('sex');
    expect(labelOf('Lipase')).toBeNull();
    const meta = extractMetadata(
      linesOf([
        [
          52,
          9,
          [
            [40, 'Patent:'],
            [100, 'WHITLOCK, Imogen'],
          ],
        ],
      ]),
    );
    expect([meta.patient_first_name, meta.patient_last_name]).toEqual(['Imogen', 'WHITLOCK']);
  });

  it('reads a patient label a faint scan misread ("Pabent") or whose colon it read as a point', () => {
    expect(labelOf('Pabent:')?.field).toBe('name');
    const nameOf = (text: string) => {
      const meta = extractMetadata(linesOf([[52, 9, [[40, text]]]]));
      return [meta.patient_first_name, meta.patient_last_name];
    };
    expect(nameOf('PATIENT. HUXLEY, MARGARET')).toEqual(['MARGARET', 'HUXLEY']);
    expect(nameOf('Pabent. OYELARAN, Tunde')).toEqual(['Tunde', 'OYELARAN']);
    expect(nameOf('Name. Of the tests below, two were repeated')).toEqual([null, null]);
  });

  it('leaves null a name word OCR was unsure of, and keeps one it read well', () => {
    const meta = (given: number) =>
      extractMetadata([
        buildLines(
          scannedPage([
            [
              52,
              [
                [40, 'Patient:', 95],
                [100, 'OKONJO,', 91],
                [134, 'Nkechi', given],
              ],
            ],
          ]),
          0,
        ),
      ]);
    expect([meta(14).patient_first_name, meta(14).patient_last_name]).toEqual([null, 'OKONJO']);
    expect([meta(80).patient_first_name, meta(80).patient_last_name]).toEqual(['Nkechi', 'OKONJO']);
  });

  it('reads day-first dates beside an assay method named CLIA', () => {
    expect(
      detectDateConvention('Method : CLIA\nCollected On : 04/07/2025\nBiological Ref. Interval').convention,
    ).toBe('dmy');
    expect(detectDateConvention('CLIA-certified laboratory. Collected 04/07/2025').convention).toBe('mdy');
  });

  it('keeps the particles of a surname ("Pieter van der Berg", "M. de Groot")', () => {
    expect(splitName('Pieter van der Berg')).toMatchObject({ first: 'Pieter', last: 'van der Berg' });
    expect(splitName('M. de Groot')).toMatchObject({ first: null, last: 'de Groot' });
    expect(splitName('Anna Le')).toMatchObject({ first: 'Anna', last: 'Le' });
  });

  it('takes a brand with "lab" glued on or a foreign "Laboratorium" for the lab, not a section heading', () => {
    const labOf = (head: string) =>
      extractMetadata(
        linesOf([
          [40, 9, [[40, head]]],
          [
            60,
            9,
            [
              [40, 'Patient: Baker, Tom'],
              [300, 'DOB: 1970-01-02'],
            ],
          ],
          [90, 12, [[40, 'HAEMATOLOGY']]],
          [
            110,
            9,
            [
              [40, 'Test'],
              [230, 'Result'],
              [310, 'Units'],
              [380, 'Reference Range'],
            ],
          ],
        ]),
      ).lab_name;
    expect(labOf('ORCHARD MEDLAB')).toBe('ORCHARD MEDLAB');
    expect(labOf('Westbrook Family Practice')).toBeNull();
    expect(labOf('Harrowgate General Hospital -')).toBe('Harrowgate General Hospital');
    expect(labOf('Laboratorium Noordkust - Clinical Chemistry')).toBe('Laboratorium Noordkust');
  });
});
