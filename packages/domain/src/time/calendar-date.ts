/**
 * Calendar dates (`YYYY-MM-DD`, proleptic Gregorian, years 0001-9999) as day numbers since 1970-01-01, and the
 * local dates of instants at a UTC offset. Integer arithmetic (Howard Hinnant's civil-day algorithms): these
 * run per sample, and `Date.UTC` misreads years 0-99.
 */

export const SECOND_MS = 1000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a Gregorian year, month (1-12) and day. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** `YYYY-MM-DD` of a day number (days since 1970-01-01). */
export function civilDate(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${PAD2[m]}-${PAD2[d]}`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when year (1-9999), month and day name a day that exists (29 February only in leap years). */
export function isValidDay(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? 0));
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number of a calendar date `YYYY-MM-DD`, or null when `text` is not one that exists. */
export function parseCalendarDate(text: string): number | null {
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isValidDay(year, month, day) ? daysFromCivil(year, month, day) : null;
}

/** A calendar date `YYYY-MM-DD` that exists. */
export function isCalendarDate(text: string): boolean {
  return parseCalendarDate(text) !== null;
}

// Memo tables: a batch or a demo run touches a few hundred dates, each read or written many times.
const MEMO_LIMIT = 10_000;
const dayNumbers = new Map<string, number>();
const dateNames = new Map<number, string>();

/** Days since 1970-01-01 of a valid `YYYY-MM-DD` (NaN when it is not one). */
export function dayNumber(date: string): number {
  let n = dayNumbers.get(date);
  if (n === undefined) {
    n = parseCalendarDate(date) ?? Number.NaN;
    if (dayNumbers.size >= MEMO_LIMIT) dayNumbers.clear();
    dayNumbers.set(date, n);
  }
  return n;
}

/** `YYYY-MM-DD` of day number `day`. */
export function dateOfDayNumber(day: number): string {
  let name = dateNames.get(day);
  if (name === undefined) {
    name = civilDate(day);
    if (dateNames.size >= MEMO_LIMIT) dateNames.clear();
    dateNames.set(day, name);
  }
  return name;
}

/** 00:00:00 UTC of a valid `YYYY-MM-DD`, in epoch milliseconds (NaN when it is not one). */
export function utcMidnightMs(date: string): number {
  return dayNumber(date) * DAY_MS;
}

/** The date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** `YYYY-MM-DD` of the instant `ms` seen at `offsetSeconds` east of UTC. */
export function localDate(ms: number, offsetSeconds: number): string {
  return dateOfDayNumber(Math.floor((ms + offsetSeconds * SECOND_MS) / DAY_MS));
}

/** Milliseconds since local midnight of the instant `ms` at `offsetSeconds` east of UTC. */
export function localTimeOfDayMs(ms: number, offsetSeconds: number): number {
  const local = ms + offsetSeconds * SECOND_MS;
  return ((local % DAY_MS) + DAY_MS) % DAY_MS;
}

/**
 * The local dates the half-open span [startMs, endMs) covers at `offsetSeconds`, each with its share of the
 * span's duration (shares add up to 1). A zero-length span belongs wholly to the date of its start.
 */
export function splitByLocalDate(
  startMs: number,
  endMs: number,
  offsetSeconds: number,
): Array<[string, number]> {
  if (endMs <= startMs) return [[localDate(startMs, offsetSeconds), 1]];
  const shift = offsetSeconds * SECOND_MS;
  const localEnd = endMs + shift;
  const total = endMs - startMs;
  const out: Array<[string, number]> = [];
  let cursor = startMs + shift;
  while (cursor < localEnd) {
    const day = Math.floor(cursor / DAY_MS);
    const stop = Math.min((day + 1) * DAY_MS, localEnd);
    out.push([dateOfDayNumber(day), (stop - cursor) / total]);
    cursor = stop;
  }
  return out;
}
