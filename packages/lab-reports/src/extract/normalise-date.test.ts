import { normaliseDate, readDate, repairOcrDate } from './normalise-date';

describe('normaliseDate', () => {
  it.each([
    ['03/14/1975', '1975-03-14'],
    ['3/4/2024 08:12 EST', '2024-03-04'],
    ['Mar 14, 2024', '2024-03-14'],
    ['September 2, 2023', '2023-09-02'],
    ['2024-03-14T10:00', '2024-03-14'],
    ['14-Mar-2024', '2024-03-14'],
    ['03/14/75', '1975-03-14'],
  ])('%s → %s', (text, iso) => expect(normaliseDate(text)).toBe(iso));

  it('refuses impossible dates and text without a date', () => {
    expect(normaliseDate('02/30/2024')).toBeNull();
    expect(normaliseDate('Pending')).toBeNull();
  });
});

describe('dates OCR misread', () => {
  /** As the metadata extractor reads a value: as printed, else repaired. */
  const read = (text: string): string | null =>
    readDate(readDate(text, 'dmy') ? text : (repairOcrDate(text) ?? text), 'dmy')?.iso ?? null;

  it('does not read a date whose last number has a letter glued to it as a shorter date', () => {
    expect(normaliseDate('2024-03-1O')).toBeNull();
    expect(read('2024-03-1O')).toBe('2024-03-10');
    expect(normaliseDate('15/03/202O', 'dmy')).toBeNull();
    expect(read('15/03/202O')).toBe('2020-03-15');
    // A word after the date is no digit.
    expect(normaliseDate('2024-03-15Sat')).toBe('2024-03-15');
  });

  it('reads a month only from its abbreviation or full name', () => {
    expect(normaliseDate('15 Apri1 2024')).toBeNull();
    expect(read('15 Apri1 2024')).toBe('2024-04-15');
    expect(normaliseDate('15 Sept 2024')).toBe('2024-09-15');
    expect(normaliseDate('15 September 2024')).toBe('2024-09-15');
  });

  it('repairs letters read for digits, and nulls a Z that reads as 2 or 7 into two dates', () => {
    expect(read('O1/O3/2024')).toBe('2024-03-01');
    expect(read('l5 Mar 2024')).toBe('2024-03-15');
    expect(read('12.O4.2023')).toBe('2023-04-12');
    expect(read('2G/03/2024')).toBe('2024-03-26');
    expect(read('Z4/03/2024')).toBe('2024-03-24'); // 74 is no day
    expect(read('15/O3/2OZ3')).toBe('2023-03-15'); // 2073 is no plausible year
    expect(repairOcrDate('1Z/03/2024')).toBeNull(); // the 12th or the 17th
    expect(read('1Z/03/2024')).toBeNull();
  });

  it('reads separators OCR misread as other signs', () => {
    expect(read('3/6{1957')).toBe('1957-06-03');
    expect(read('1999:.11-01')).toBe('1999-11-01');
    expect(read('2024.03/15')).toBe('2024-03-15');
  });

  it('reads a date whose time OCR glued to it', () => {
    expect(read('15/03/202410:30')).toBe('2024-03-15');
    expect(read('2024-03-1510:30')).toBe('2024-03-15');
  });

  it('repairs a separator read as a digit and a month split by a space', () => {
    expect(read('18/0472006')).toBe('2006-04-18');
    expect(read('16/1 1/2024')).toBe('2024-11-16');
  });

  it('reads no date when a one-digit day follows a lone digit (a number OCR split)', () => {
    expect(read('2 4/12/2024')).toBeNull();
    expect(read('2 4 Dec 2024')).toBeNull();
    expect(read('on 4/12/2024')).toBe('2024-12-04');
    // Joined or not, one reading only: a leading 0, or a number too big for a day.
    expect(read('0 1/02/1981')).toBe('1981-02-01');
    expect(read('5 4/12/2024')).toBe('2024-12-04');
  });
});
