import { buildLines } from '../layout/build-lines';
import type { LayoutPage, PositionedText } from '../layout/layout-types';
import { scannedPage } from '../testing/scanned-page';
import { extractMetadata, extractMetadataWithConfidence, splitName } from './extract-metadata';

function page(rows: [number, number, [number, string][]][]): LayoutPage {
  const items: PositionedText[] = rows.flatMap(([y, size, cells]) =>
    cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * size * 0.5, y0: y, y1: y + size })),
  );
  return { width: 612, height: 792, items };
}
const metadataOf = (p: LayoutPage) => extractMetadata([buildLines(p, 0)]);

describe('extractMetadata', () => {
  it('reads "Label: value" fields, a LAST, FIRST name and the letterhead', () => {
    const meta = metadataOf(
      page([
        [30, 17, [[40, 'Northwind Clinical Laboratories']]],
        [52, 7, [[40, '1200 Harbor Blvd, Seattle, WA 98101 | Tel (206) 555-0142']]],
        [68, 12, [[40, 'LABORATORY REPORT']]],
        [
          87,
          9,
          [
            [40, 'Patient:'],
            [112, 'DOE, JANE'],
            [326, 'Accession #:'],
            [416, 'NW24-0031877'],
          ],
        ],
        [
          101,
          9,
          [
            [40, 'DOB:'],
            [112, '3/4/1975'],
            [326, 'Collection Date:'],
            [416, 'Mar 14, 2024'],
          ],
        ],
        [
          115,
          9,
          [
            [40, 'Sex:'],
            [112, 'F'],
            [326, 'Report Date:'],
            [416, '2024-03-16'],
          ],
        ],
      ]),
    );
    expect(meta).toEqual({
      patient_first_name: 'JANE',
      patient_last_name: 'DOE',
      dob: '1975-03-04',
      lab_name: 'Northwind Clinical Laboratories',
      date_reported: '2024-03-16',
      date_collected: '2024-03-14',
      specimen_number: 'NW24-0031877',
      gender: 'female',
    });
  });

  it('reads labels printed above their values and a name under "Patient Information"', () => {
    const stacked = metadataOf(
      page([
        [
          30,
          15,
          [
            [40, 'Kestrel Point Diagnostics'],
            [480, 'Patient Report'],
          ],
        ],
        [
          63,
          9,
          [
            [44, 'Patient Name'],
            [178, 'Date of Birth'],
            [310, 'Age'],
            [444, 'Sex'],
          ],
        ],
        [
          80,
          9,
          [
            [44, 'Jane Doe'],
            [178, '05/23/1954'],
            [310, '71'],
            [444, 'Male'],
          ],
        ],
        [
          103,
          9,
          [
            [44, 'Specimen ID'],
            [178, 'Date Collected'],
            [311, 'Date Received'],
            [444, 'Date Repoited'],
          ],
        ],
        [
          120,
          9,
          [
            [44, 'KP3111660G'],
            [178, '08/13/2025'],
            [311, '08/14/2025'],
            [444, '08/17/2025'],
          ],
        ],
      ]),
    );
    expect(stacked).toMatchObject({
      patient_first_name: 'Jane',
      patient_last_name: 'Doe',
      dob: '1954-05-23',
      specimen_number: 'KP3111660G',
      date_collected: '2025-08-13',
      date_reported: '2025-08-17',
      gender: 'male',
      lab_name: 'Kestrel Point Diagnostics',
    });
    const block = metadataOf(
      page([
        [
          78,
          9,
          [
            [41, 'Patient Information'],
            [218, 'Specimen Information'],
          ],
        ],
        [
          94,
          9,
          [
            [41, 'ABERNATHY, TAMSIN'],
            [218, 'Specimen: AV8333448E'],
          ],
        ],
        [
          112,
          9,
          [
            [41, 'DOB: 11/10/1972    AGE: 51'],
            [218, 'Collected: 02/25/2024 / 08:12 EST'],
          ],
        ],
      ]),
    );
    expect(block).toMatchObject({
      patient_first_name: 'TAMSIN',
      patient_last_name: 'ABERNATHY',
      dob: '1972-11-10',
    });
    expect(block.gender).toBe('other');
  });
});

describe('extractMetadata: label wordings, positions and conventions', () => {
  it('reads a UK report: Surname + Forename(s), D.O.B. day first, Lab No, Authorised, lab in the footer', () => {
    const meta = metadataOf(
      page([
        [30, 9, [[40, 'Department of Clinical Biochemistry']]],
        [
          50,
          9,
          [
            [40, 'Surname:'],
            [120, 'WHITTAKER'],
            [330, 'Lab No:'],
            [400, 'B24.118273'],
          ],
        ],
        [
          64,
          9,
          [
            [40, 'Forename(s):'],
            [120, 'Eleanor Mary'],
            [330, 'Specimen Taken:'],
            [420, '04/03/2024 09:40'],
          ],
        ],
        [
          78,
          9,
          [
            [40, 'D.O.B.:'],
            [120, '07/11/1968'],
            [330, 'Authorised:'],
            [420, '05/03/2024'],
          ],
        ],
        [92, 9, [[40, 'NHS No: 943 476 5919']]],
        [720, 8, [[40, 'Harbourside Pathology Services, Leeds LS1 3EX']]],
      ]),
    );
    expect(meta).toEqual({
      patient_first_name: 'Eleanor',
      patient_last_name: 'WHITTAKER',
      dob: '1968-11-07',
      lab_name: 'Harbourside Pathology Services',
      date_reported: '2024-03-05',
      date_collected: '2024-03-04',
      specimen_number: 'B24.118273',
      gender: 'other',
    });
  });

  it('reads an Indian report: Mr. title stripped, Age/Sex, Sample ID, Reported On with a month name', () => {
    const meta = metadataOf(
      page([
        [30, 16, [[40, 'Sunrise Diagnostics Pvt. Ltd.']]],
        [
          60,
          9,
          [
            [40, 'Patient Name : Mr. RAHUL SHARMA'],
            [330, 'Sample ID : SD2403-55812'],
          ],
        ],
        [
          74,
          9,
          [
            [40, 'Age/Sex : 42 Y / M'],
            [330, 'Sample Collected On : 12-Mar-2024 08:15'],
          ],
        ],
        [
          88,
          9,
          [
            [40, 'Ref. By : Dr. A Mehta'],
            [330, 'Reported On : 13-Mar-2024 17:02'],
          ],
        ],
      ]),
    );
    expect(meta).toEqual({
      patient_first_name: 'RAHUL',
      patient_last_name: 'SHARMA',
      dob: null,
      lab_name: 'Sunrise Diagnostics Pvt. Ltd.',
      date_reported: '2024-03-13',
      date_collected: '2024-03-12',
      specimen_number: 'SD2403-55812',
      gender: 'male',
    });
  });

  it('reads values under their labels, "LAST First" names and never returns a label as a value', () => {
    const meta = metadataOf(
      page([
        [30, 15, [[40, 'Maple Leaf Medical Laboratories']]],
        [
          60,
          8,
          [
            [40, 'Name'],
            [200, 'Born'],
            [330, 'Requisition #'],
            [460, 'Collection Date'],
          ],
        ],
        [
          72,
          10,
          [
            [40, 'TREMBLAY Sophie'],
            [200, '1990-02-28'],
            [330, 'R7781203'],
            [460, '2024-06-03'],
          ],
        ],
      ]),
    );
    expect(meta).toMatchObject({
      patient_first_name: 'Sophie',
      patient_last_name: 'TREMBLAY',
      dob: '1990-02-28',
      specimen_number: 'R7781203',
      date_collected: '2024-06-03',
      lab_name: 'Maple Leaf Medical Laboratories',
    });
    const blank = metadataOf(
      page([
        [
          60,
          9,
          [
            [40, 'Patient Name:'],
            [200, 'Name'],
          ],
        ],
        [
          74,
          9,
          [
            [40, 'DOB:'],
            [200, 'Specimen:'],
          ],
        ],
      ]),
    );
    expect(blank.patient_last_name).toBeNull();
    expect(blank.patient_first_name).toBeNull();
    expect(blank.dob).toBeNull();
  });

  it('reads First name + Last name fields and an unambiguous day-first date without any hint', () => {
    const meta = metadataOf(
      page([
        [
          60,
          9,
          [
            [40, 'First Name: Priya'],
            [260, 'Last Name: Natarajan'],
          ],
        ],
        [
          74,
          9,
          [
            [40, 'Date of Birth: 23/08/1985'],
            [260, 'Date Reported: 02/09/2024'],
          ],
        ],
      ]),
    );
    // 23/08/1985 proves the report prints day first, so 02/09/2024 is 2 September.
    expect(meta).toMatchObject({
      patient_first_name: 'Priya',
      patient_last_name: 'Natarajan',
      dob: '1985-08-23',
      date_reported: '2024-09-02',
    });
  });
});

describe('extractMetadataWithConfidence', () => {
  it('gives an ambiguous date without any convention hint a low confidence, and a proven one full confidence', () => {
    const ambiguous = extractMetadataWithConfidence([
      buildLines(page([[60, 9, [[40, 'DOB: 03/04/1975']]]]), 0),
    ]);
    const proven = extractMetadataWithConfidence([buildLines(page([[60, 9, [[40, 'DOB: 03/14/1975']]]]), 0)]);
    expect(ambiguous.confidence.dob).toBeLessThan(proven.confidence.dob);
    expect(proven.metadata.dob).toBe('1975-03-14');
    expect(proven.confidence.dob).toBeGreaterThanOrEqual(0.9);
  });
});

describe('splitName', () => {
  it.each([
    ['DOE, JANE', 'JANE', 'DOE'],
    ['Doe, Jane Anne', 'Jane', 'Doe'],
    ['Mrs. Jane Doe', 'Jane', 'Doe'],
    ['Dr Jane van Doe', 'Jane', 'van Doe'],
    ['SMITH John', 'John', 'SMITH'],
    ['John SMITH', 'John', 'SMITH'],
    ['JOHN SMITH 45Y M', 'JOHN', 'SMITH'],
  ])('%s', (text, first, last) => {
    expect(splitName(text)).toMatchObject({ first, last });
  });

  it('refuses labels, numbers and empty text', () => {
    expect(splitName('Name')).toBeNull();
    expect(splitName('12345')).toBeNull();
    expect(splitName('')).toBeNull();
  });
});

describe('extractMetadata: values a scan misread', () => {
  const scan = scannedPage;
  const specimenOf = (id: string, confidence: number) =>
    metadataOf(
      scan([
        [
          80,
          [
            [40, 'Specimen ID:'],
            [120, id, confidence],
          ],
        ],
      ]),
    ).specimen_number;

  it('nulls an identifier OCR was unsure of when a glyph has two plausible readings', () => {
    // A small letter among capitals (a misread "/"), a letter that may be a digit where letters meet digits.
    expect(specimenOf('SDi23/558575', 13)).toBeNull();
    expect(specimenOf('KMB2262122', 14)).toBeNull();
    // Read surely, or with nothing ambiguous in its shape: kept.
    expect(specimenOf('KMB2262122', 90)).toBe('KMB2262122');
    expect(specimenOf('C74682046', 29)).toBe('C74682046');
    // A letter at the seam counts only when OCR doubts the word itself (under 20).
    expect(specimenOf('PS25-4290280', 30)).toBe('PS25-4290280');
    expect(specimenOf('PS25-4290280', 12)).toBeNull();
  });

  it("nulls, on a scan, an identifier of digits that starts with the report's year and then a letter-like digit", () => {
    const withId = (id: string, confidence?: number) =>
      metadataOf(
        scan([
          [
            80,
            [
              [40, 'Sample ID:'],
              [120, id, confidence],
            ],
          ],
          [
            95,
            [
              [40, 'Collected:'],
              [120, '15/03/2023', confidence],
            ],
          ],
        ]),
      ).specimen_number;
    // "23Z1030782" read with its Z as a 7.
    expect(withId('2371030782', 81)).toBeNull();
    // Another year, or a digit no letter resembles: kept; so is a text layer (no OCR).
    expect(withId('2471030782', 81)).toBe('2471030782');
    expect(withId('2331030782', 81)).toBe('2331030782');
    expect(withId('2371030782')).toBe('2371030782');
  });

  it('gives an identifier its usual separator where OCR read one as another', () => {
    expect(specimenOf('720-551.9920-8', 68)).toBe('720-551-9920-8');
    expect(specimenOf('LP.24.6873-15', 90)).toBe('LP.24.6873.15');
    // A speck beside a separator is dropped.
    expect(specimenOf('25.-929652-3', 26)).toBe('25-929652-3');
    // One of each: which was printed is unknown, the read stays.
    expect(specimenOf('LP-24.687315', 90)).toBe('LP-24.687315');
  });

  it('joins an identifier OCR split at one of its separators', () => {
    expect(specimenOf('LP/24/ 687315', 90)).toBe('LP/24/687315');
    expect(specimenOf('MC-24 -771635', 90)).toBe('MC-24-771635');
    // Two words without a separator between them are not one identifier.
    expect(specimenOf('C4464 6581', 90)).toBe('C4464');
  });

  it("reads a specimen label whose '#' OCR read as a 4", () => {
    const meta = metadataOf(scan([[80, [[40, 'Accession 4: CB9282195', 80]]]]));
    expect(meta.specimen_number).toBe('CB9282195');
  });

  it('reads a given name OCR put in the next cell after "LAST,"', () => {
    const meta = metadataOf(
      scan([
        [
          80,
          [
            [40, "Patient's Name: FITZGERALD,"],
            [170, 'GEORGIA'],
            [300, 'Sex: F'],
          ],
        ],
      ]),
    );
    expect(meta.patient_last_name).toBe('FITZGERALD');
    expect(meta.patient_first_name).toBe('GEORGIA');
    // The next cell a label: no first name.
    const labelled = metadataOf(
      scan([
        [
          80,
          [
            [40, 'Patient Name: PATIL,'],
            [170, 'Specimen ID:'],
            [230, '0084717434'],
          ],
        ],
      ]),
    );
    expect(labelled.patient_last_name).toBe('PATIL');
    expect(labelled.patient_first_name).toBeNull();
  });

  it('reads a label without a colon before a "Label:" in the same cell', () => {
    const meta = metadataOf(scan([[80, [[40, 'DOB 1948-11-23 . Sex: Female']]]]));
    expect(meta.dob).toBe('1948-11-23');
    expect(meta.gender).toBe('female');
  });

  it('reads a word OCR read twice over once, and no name when the two reads disagree', () => {
    const doubled = metadataOf(
      scan([
        [80, [[40, 'Name: RhiannonRhiannon Jones']]],
        [95, [[40, 'Sex MaleMale']]],
      ]),
    );
    expect(doubled.patient_first_name).toBe('Rhiannon');
    expect(doubled.patient_last_name).toBe('Jones');
    expect(doubled.gender).toBe('male');
    const disagree = metadataOf(scan([[80, [[40, 'Name: Rhiannon MacLeodMacleod']]]]));
    expect(disagree.patient_last_name).toBeNull();
  });

  it('reads a name starting with a small l among capitalised words as a capital I', () => {
    const meta = metadataOf(scan([[80, [[40, "Patient's Name: lyer, Rohan"]]]]));
    expect(meta.patient_first_name).toBe('Rohan');
    expect(meta.patient_last_name).toBe('Iyer');
    expect(metadataOf(scan([[80, [[40, 'Surname: lsaacs']]]])).patient_last_name).toBe('Isaacs');
  });

  it('reads no sex from a form printing both choices, and a sex word with a letter misread after an age', () => {
    const sexOf = (text: string) => metadataOf(scan([[80, [[40, text]]]])).gender;
    expect(sexOf('Sex: M / F')).toBe('other');
    expect(sexOf('Sex: ☐ Male ☒ Female')).toBe('other');
    expect(sexOf('Sex: F  Ref: Dr M Smith')).toBe('female');
    expect(sexOf('Age/Sex: 45Y/Fema1e')).toBe('female');
    expect(sexOf('Age/Sex: 45 Yrs / Ma1e')).toBe('male');
  });

  it('nulls a date whose day OCR split in two', () => {
    const meta = metadataOf(
      scan([
        [80, [[40, 'Date Sampled: 2 4/12/2024 08:42']]],
        [95, [[40, 'Released: 25/12/2024 16:20']]],
      ]),
    );
    expect(meta.date_collected).toBeNull();
    expect(meta.date_reported).toBe('2024-12-25');
  });

  it('takes the day/month order from a date whose separator OCR misread', () => {
    const meta = metadataOf(
      scan([
        [80, [[40, 'D.O.B: 01/09/1991']]],
        [95, [[40, 'Report Date: 23/08:2025']]],
      ]),
    );
    expect(meta.dob).toBe('1991-09-01');
    expect(meta.date_reported).toBe('2025-08-23');
  });
});
