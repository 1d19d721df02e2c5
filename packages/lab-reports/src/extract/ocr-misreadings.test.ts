/**
 * Metadata a scan misread: labels and values with look-alike glyphs, dates with misread digits, months or
 * separators, the day/month order from the report's own dates, and dates that cannot all be right.
 */
import { buildLines } from '../layout/build-lines';
import type { LayoutPage } from '../layout/layout-types';
import { scannedPage } from '../testing/scanned-page';
import { detectDateConvention } from './date-convention';
import { extractMetadataWithConfidence } from './extract-metadata';
import { labelOf } from './metadata-labels';
import { readDate, repairOcrDate } from './normalise-date';
import { confusionSubstitutions, nearestByConfusion, titleCaseMisread } from './ocr-confusion';

const page = scannedPage;
const metadataOf = (p: LayoutPage) => extractMetadataWithConfidence([buildLines(p, 0)]).metadata;

/** A repaired date as the metadata extractor reads it (the text as printed when it reads without repair). */
const repaired = (text: string, convention: 'mdy' | 'dmy' = 'dmy'): string | null =>
  readDate(readDate(text, convention) ? text : (repairOcrDate(text) ?? text), convention)?.iso ?? null;

describe('OCR confusions', () => {
  it('counts only look-alike substitutions', () => {
    expect(confusionSubstitutions('gendcr', 'gender')).toBe(1);
    expect(confusionSubstitutions('hba1c', 'hbalc')).toBe(1);
    expect(confusionSubstitutions('sodium', 'sodiux')).toBe(Infinity);
    expect(confusionSubstitutions('abc', 'abcd')).toBe(Infinity);
    expect(nearestByConfusion('Mav', ['may', 'mar'], 1)).toBe('may');
    // Equally near two words: neither.
    expect(nearestByConfusion('xa', ['xo', 'xe'], 1)).toBeNull();
  });

  it('gives a title-case name its first capital back', () => {
    expect(titleCaseMisread('silverlake Reference Labs')).toBe('Silverlake Reference Labs');
    expect(titleCaseMisread('pH urine')).toBe('pH urine');
    expect(titleCaseMisread('iron')).toBe('iron');
  });
});

describe('labels read with look-alike letters', () => {
  it.each([
    ['Gendcr', 'sex'],
    ['6ender', 'sex'],
    ['Scx', 'sex'],
    ['lssued', 'reported'],
    ['Issucd', 'reported'],
    ['Age/Scx', 'ageSex'],
    ['Released;', 'reported'],
    ['Gender;', 'sex'],
    ['Authonsed', 'reported'],
    ['Venfied', 'reported'],
  ])('%s is a %s label', (text, field) => expect(labelOf(text)?.field).toBe(field));

  it('leaves other words alone and never makes an "other" label of a misreading', () => {
    expect(labelOf('Sodium')).toBeNull();
    expect(labelOf('Calcium')).toBeNull();
    // "Phone" misread is not a label that would hide a row named like it.
    expect(labelOf('Phcne')).toBeNull();
  });
});

describe('dates read with misread digits, months and separators', () => {
  it.each([
    ['14-Mar-2O24', '2024-03-14'],
    ['14 N0v 2024', '2024-11-14'],
    ['14 Dcc 2024', '2024-12-14'],
    ['14 Ju1 2023', '2023-07-14'],
    ['14 Mav 2023', '2023-05-14'],
    ['14 5ep 2025', '2025-09-14'],
    ['24/03°2024', '2024-03-24'],
    ['14.03,2024', '2024-03-14'],
    ['14.032024', '2024-03-14'],
    ['$/11/2023', '2023-11-05'],
    ['2O24-Mar-l4', '2024-03-14'],
  ])('%s → %s', (text, iso) => expect(repaired(text)).toBe(iso));

  it('does not read a misread four-digit year as a two-digit one', () => {
    expect(readDate('14/03/20Z4', 'dmy')).toBeNull();
    expect(repaired('14/03/20Z4')).toBe('2024-03-14');
  });

  it('leaves a date whose day is lost unread', () => {
    expect(repaired('Mar 2024')).toBeNull();
    expect(repaired('/03/2024')).toBeNull();
  });
});

describe("date order from the report's own dates", () => {
  it('reads the dates as the order that puts them days apart', () => {
    const text = 'Collected: 12/05/2025\nReceived: 12/06/2025\nReported: 12/07/2025\nDOB: 05/08/1995';
    expect(detectDateConvention(text)).toMatchObject({ convention: 'mdy', source: 'dates' });
    const uk = 'Collected: 05/12/2025\nReceived: 06/12/2025\nReported: 07/12/2025';
    expect(detectDateConvention(uk)).toMatchObject({ convention: 'dmy', source: 'dates' });
  });

  it('says nothing when both orders keep the dates close', () => {
    expect(detectDateConvention('Collected: 03/03/2025\nReported: 04/04/2025')).toMatchObject({
      source: 'default',
    });
  });
});

describe('metadata values a scan misread', () => {
  it('reads the sex and report date under misread labels', () => {
    const meta = metadataOf(
      page([
        [
          80,
          [
            [40, 'Patient Name:'],
            [120, 'SMITH, JOHN'],
          ],
        ],
        [
          100,
          [
            [40, 'Gendcr:'],
            [120, 'Fema1e'],
            [300, 'Rep0rted:'],
            [380, '14 N0v 2024'],
          ],
        ],
        [
          120,
          [
            [40, 'Collected:'],
            [120, '13 Nov 2024'],
          ],
        ],
      ]),
    );
    expect(meta.gender).toBe('female');
    expect(meta.date_reported).toBe('2024-11-14');
    expect(meta.date_collected).toBe('2024-11-13');
  });

  it('reads a label glued to its date and a sex word broken by a space', () => {
    const meta = metadataOf(
      page([
        [
          80,
          [
            [40, 'Reported14/11/2024'],
            [200, 'Sex:'],
            [240, 'Fe male'],
          ],
        ],
        [
          100,
          [
            [40, 'Collected:'],
            [120, '13/11/2024'],
          ],
        ],
      ]),
    );
    expect(meta.date_reported).toBe('2024-11-14');
    expect(meta.gender).toBe('female');
  });

  it('takes the one much older date behind an unreadable label as the date of birth', () => {
    const meta = metadataOf(
      page([
        [
          80,
          [
            [40, 'Surname: Okonkwo'],
            [200, 'pos: 9/6/1989'],
            [330, 'Gender: Female'],
          ],
        ],
        [
          100,
          [
            [40, 'Date Collected: 2/8/2023'],
            [250, 'Released: 2/10/2023'],
          ],
        ],
      ]),
    );
    expect(meta.dob).toBe('1989-09-06');
  });

  it('leaves dates that cannot both be right null, and a specimen number OCR misread', () => {
    const meta = metadataOf(
      page([
        [
          80,
          [
            [40, 'Specimen ID:'],
            [120, '(38549878', 14],
          ],
        ],
        [
          100,
          [
            [40, 'Collected:'],
            [120, '23/03/2025'],
            [300, 'Reported:'],
            [380, '2/03/2025'],
          ],
        ],
      ]),
    );
    expect(meta.date_collected).toBeNull();
    expect(meta.date_reported).toBeNull();
    expect(meta.specimen_number).toBeNull();
    const sure = metadataOf(
      page([
        [
          80,
          [
            [40, 'Specimen ID:'],
            [120, 'BW25-1723321', 88],
          ],
        ],
      ]),
    );
    expect(sure.specimen_number).toBe('BW25-1723321');
    // A low word confidence alone is no misreading: long identifiers read right often score under 50.
    const low = metadataOf(
      page([
        [
          80,
          [
            [40, 'Specimen ID:'],
            [120, 'LC-25-100102', 31],
          ],
        ],
      ]),
    );
    expect(low.specimen_number).toBe('LC-25-100102');
    const colon = metadataOf(
      page([
        [
          80,
          [
            [40, 'Lab No:'],
            [120, 'LPr23:30', 22],
          ],
        ],
      ]),
    );
    expect(colon.specimen_number).toBeNull();
  });
});
