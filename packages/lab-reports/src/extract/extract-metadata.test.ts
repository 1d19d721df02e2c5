import { buildLines } from '../layout/build-lines';
import type { LayoutPage, PositionedText } from '../layout/layout-types';
import { extractMetadata } from './extract-metadata';

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
