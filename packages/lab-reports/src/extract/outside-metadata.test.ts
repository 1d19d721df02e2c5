/**
 * Report metadata in layouts and wordings of labs outside our generated corpus (issue #15): values printed over their
 * labels, combined and bilingual labels, labels with a note in brackets, names with glued titles and initials, and a
 * portal page whose largest line is the patient's name. Inputs are our own, written in those styles.
 */
import { buildLines } from '../layout/build-lines';
import type { LayoutPage, PositionedText } from '../layout/layout-types';
import { extractMetadata, splitName } from './extract-metadata';

function page(rows: [number, number, [number, string][]][]): LayoutPage {
  const items: PositionedText[] = rows.flatMap(([y, size, cells]) =>
    cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * size * 0.5, y0: y, y1: y + size })),
  );
  return { width: 612, height: 792, items };
}
const metadataOf = (rows: [number, number, [number, string][]][]) =>
  extractMetadata([buildLines(page(rows), 0)]);

const RESULTS: [number, number, [number, string][]][] = [
  [
    200,
    9,
    [
      [40, 'Test'],
      [230, 'Result'],
      [310, 'Units'],
      [380, 'Reference Range'],
    ],
  ],
  [
    214,
    9,
    [
      [40, 'Sodium'],
      [230, '139'],
      [310, 'mmol/L'],
      [380, '133 - 146'],
    ],
  ],
];

describe('outside layouts: values printed over their labels', () => {
  const expected = {
    patient_first_name: 'Matilda',
    patient_last_name: 'QUINN',
    dob: '1966-02-11',
    lab_name: 'Greyfriars Community Laboratory',
    date_reported: '2024-04-04',
    date_collected: '2024-04-02',
    specimen_number: 'GQ24-551870',
    gender: 'female',
  };

  it('reads a row of labels under a row of values (labels in a smaller print, close under their values)', () => {
    const meta = metadataOf([
      [30, 16, [[40, 'Greyfriars Community Laboratory']]],
      [
        80,
        9,
        [
          [40, 'QUINN, Matilda'],
          [200, '11/02/1966'],
          [330, 'F'],
          [420, 'GQ24-551870'],
        ],
      ],
      [
        91,
        7,
        [
          [40, 'Patient Name'],
          [200, 'Date of Birth'],
          [330, 'Sex'],
          [420, 'Specimen No'],
        ],
      ],
      [
        108,
        9,
        [
          [40, '02/04/2024 10:05'],
          [200, '04/04/2024 15:30'],
        ],
      ],
      [
        119,
        7,
        [
          [40, 'Date Collected'],
          [200, 'Date Reported'],
        ],
      ],
      ...RESULTS,
    ]);
    expect(meta).toEqual(expected);
  });

  it('reads values over labels on evenly spaced rows: the block starts with values', () => {
    const meta = metadataOf([
      [30, 16, [[40, 'Greyfriars Community Laboratory']]],
      [
        80,
        9,
        [
          [40, 'QUINN, Matilda'],
          [200, '11/02/1966'],
          [330, 'F'],
          [420, 'GQ24-551870'],
        ],
      ],
      [
        95,
        9,
        [
          [40, 'Patient Name'],
          [200, 'Date of Birth'],
          [330, 'Sex'],
          [420, 'Specimen No'],
        ],
      ],
      [
        110,
        9,
        [
          [40, '02/04/2024 10:05'],
          [200, '04/04/2024 15:30'],
        ],
      ],
      [
        125,
        9,
        [
          [40, 'Date Collected'],
          [200, 'Date Reported'],
        ],
      ],
      ...RESULTS,
    ]);
    expect(meta).toEqual(expected);
  });

  it('takes a row of labels with one label it does not know (no digits) for a row of labels', () => {
    const meta = metadataOf([
      [30, 16, [[40, 'Greyfriars Community Laboratory']]],
      [
        80,
        9,
        [
          [40, 'QUINN, Matilda'],
          [200, '11/02/1966'],
          [330, 'Riverside'],
          [420, 'GQ24-551870'],
        ],
      ],
      [
        91,
        7,
        [
          [40, 'Patient Name'],
          [200, 'Date of Birth'],
          [330, 'Outreach Site'],
          [420, 'Specimen No'],
        ],
      ],
      [
        108,
        9,
        [
          [40, '02/04/2024 10:05'],
          [200, '04/04/2024 15:30'],
        ],
      ],
      [
        119,
        7,
        [
          [40, 'Date Collected'],
          [200, 'Date Reported'],
        ],
      ],
      ...RESULTS,
    ]);
    expect(meta).toEqual({ ...expected, gender: 'other' });
  });
});

describe('outside wordings', () => {
  it('reads "Surname / Forename: LAST / First" and "DOB / Age: date / age"', () => {
    const meta = metadataOf([
      [30, 16, [[40, 'Tollgate Pathology Partnership']]],
      [80, 9, [[40, 'Surname / Forename: MCBRIDE / Eilidh']]],
      [93, 9, [[40, 'DOB / Age: 14.09.1981 / 42Y']]],
      [106, 9, [[40, 'Sample No: 24T0071123']]],
      ...RESULTS,
    ]);
    expect(meta).toMatchObject({
      patient_first_name: 'Eilidh',
      patient_last_name: 'MCBRIDE',
      dob: '1981-09-14',
      specimen_number: '24T0071123',
    });
  });

  it('reads labels with a note in brackets ("Patient Name (Last, First, MI)", "DOB (Age)")', () => {
    const meta = metadataOf([
      [30, 16, [[40, 'Osprey Point Medical Laboratory']]],
      [80, 9, [[40, 'Patient Name (Last, First, MI): KOWALSKA, IRENA, T']]],
      [93, 9, [[40, 'DOB (Age): 05/23/1979 (44)']]],
      ...RESULTS,
    ]);
    expect(meta).toMatchObject({
      patient_first_name: 'IRENA',
      patient_last_name: 'KOWALSKA',
      dob: '1979-05-23',
    });
  });

  it('reads bilingual labels ("Sexe / Sex", "Date de naissance / Date of birth")', () => {
    const meta = metadataOf([
      [30, 16, [[40, 'Laboratoires Riviere-Bleue Laboratories']]],
      [80, 9, [[40, 'Nom / Name: GAGNON, SYLVIE']]],
      [
        93,
        9,
        [
          [40, 'Date de naissance / Date of birth'],
          [200, '1983-07-19'],
        ],
      ],
      [
        106,
        9,
        [
          [40, 'Sexe / Sex'],
          [200, 'F'],
        ],
      ],
      [
        119,
        9,
        [
          [40, 'Prélevé / Collected'],
          [200, '2024-03-02'],
        ],
      ],
      ...RESULTS,
    ]);
    expect(meta).toMatchObject({
      patient_first_name: 'SYLVIE',
      patient_last_name: 'GAGNON',
      dob: '1983-07-19',
      gender: 'female',
      date_collected: '2024-03-02',
    });
  });

  it('reads "FINAL REPORT:" before a date as the report date', () => {
    const meta = metadataOf([
      [30, 16, [[40, 'Granite Bay Reference Lab']]],
      [80, 9, [[40, 'SPECIMEN COLLECTED: 2024-03-04 10:10']]],
      [93, 9, [[40, 'FINAL REPORT: 2024-03-06 16:25']]],
      ...RESULTS,
    ]);
    expect(meta.date_collected).toBe('2024-03-04');
    expect(meta.date_reported).toBe('2024-03-06');
    const grid = metadataOf([
      [30, 16, [[40, 'Granite Bay Reference Lab']]],
      [
        80,
        9,
        [
          [40, 'FINAL REPORT'],
          [160, '2024-03-06 16:25'],
        ],
      ],
      ...RESULTS,
    ]);
    expect(grid.date_reported).toBe('2024-03-06');
  });

  it('prefers an accession number over an order number printed before it', () => {
    const meta = metadataOf([
      [30, 16, [[40, 'Juniper Flats Health Laboratory']]],
      [80, 9, [[40, 'ORDER #: 4471902']]],
      [93, 9, [[40, 'ACCESSION: 24-071-00388']]],
      ...RESULTS,
    ]);
    expect(meta.specimen_number).toBe('24-071-00388');
  });

  it('does not take a portal heading that is the patient’s name for the lab', () => {
    const meta = metadataOf([
      [30, 16, [[40, 'Imogen Clare Whitlock']]],
      [60, 9, [[40, 'Date of birth: May 9, 1988']]],
      ...RESULTS,
    ]);
    expect(meta.lab_name).toBeNull();
    expect(meta.dob).toBe('1988-05-09');
  });

  it('takes a brand with a lab word of its own ("Pathcare") for the lab', () => {
    const meta = metadataOf([
      [30, 16, [[40, 'Moonrise Pathcare']]],
      [60, 9, [[40, 'Name : Ms. FARIDA ANSARI']]],
      ...RESULTS,
    ]);
    expect(meta.lab_name).toBe('Moonrise Pathcare');
  });
});

describe('names in capitals ending in an initial', () => {
  it('reads GIVEN SURNAME INITIAL on a day-first report, and nothing on a US one (LAST FIRST MI)', () => {
    const rows = (dob: string): [number, number, [number, string][]][] => [
      [30, 16, [[40, 'Deccan Valley Diagnostics']]],
      [80, 9, [[40, 'Patient Name : MR.RAVI TEJA N']]],
      [93, 9, [[40, `DOB : ${dob}`]]],
      ...RESULTS,
    ];
    expect(metadataOf(rows('23/08/1990'))).toMatchObject({
      patient_first_name: 'RAVI',
      patient_last_name: 'TEJA',
    });
    expect(metadataOf(rows('08/23/1990'))).toMatchObject({
      patient_first_name: null,
      patient_last_name: null,
    });
  });
});

describe('splitName: titles and initials', () => {
  it('drops a title glued to the name and a trailing initial', () => {
    expect(splitName('MR.SURESH BABU K')).toMatchObject({ first: 'SURESH', last: 'BABU' });
    expect(splitName('Smt.LAKSHMI DEVI R')).toMatchObject({ first: 'LAKSHMI', last: 'DEVI' });
  });

  it('gives no first name when only an initial is printed', () => {
    expect(splitName('Mrs N. DLAMINI')).toMatchObject({ first: null, last: 'DLAMINI' });
    expect(splitName('OKORO, A.')).toMatchObject({ first: null, last: 'OKORO' });
    expect(splitName('HARTMANN, LOTTE B')).toMatchObject({ first: 'LOTTE', last: 'HARTMANN' });
  });
});
