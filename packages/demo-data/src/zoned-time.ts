/**
 * Local-time arithmetic on IANA zones with only Intl: offsets, local dates, and local wall times to
 * instants (DST gaps resolve forward, overlaps to the first occurrence). Times are epoch milliseconds.
 */
import { zoneOffsetSeconds } from '@meridian/domain';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, Map<number, number>>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when Intl knows the zone. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Seconds east of UTC at `ms`. Zone transitions fall on quarter hours of UTC, so one lookup per
 * quarter hour is exact.
 */
export function offsetSeconds(ms: number, timeZone: string): number {
  let cache = offsetCache.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsetCache.set(timeZone, cache);
  }
  const quarter = Math.floor(ms / (15 * MINUTE_MS));
  let offset = cache.get(quarter);
  if (offset === undefined) {
    offset = zoneOffsetSeconds(timeZone, quarter * 15 * MINUTE_MS);
    cache.set(quarter, offset);
  }
  return offset;
}

// Pure memo tables: a demo run touches a few hundred dates, each parsed or printed many times.
const dayNumbers = new Map<string, number>();
const dateStrings = new Map<number, string>();

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  let n = dayNumbers.get(date);
  if (n === undefined) {
    const [y, m, d] = date.split('-').map(Number);
    n = Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS);
    dayNumbers.set(date, n);
  }
  return n;
}

export function dateOfDayNumber(day: number): string {
  let date = dateStrings.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dateStrings.set(day, date);
  }
  return date;
}

export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** The local calendar date at `ms`. */
export function localDate(ms: number, timeZone: string): string {
  return dateOfDayNumber(Math.floor((ms + offsetSeconds(ms, timeZone) * 1000) / DAY_MS));
}

/** Minutes since local midnight at `ms` (fractional). */
export function localMinuteOfDay(ms: number, timeZone: string): number {
  const local = ms + offsetSeconds(ms, timeZone) * 1000;
  return (((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS;
}

/** The instant of local wall time `date` + `minutes` (may exceed a day). */
export function zonedInstant(date: string, minutes: number, timeZone: string): number {
  const wall = dayNumber(date) * DAY_MS + Math.round(minutes * MINUTE_MS);
  const first = wall - offsetSeconds(wall, timeZone) * 1000;
  const second = wall - offsetSeconds(first, timeZone) * 1000;
  // In a DST gap the two guesses disagree; the later one is the wall time read with the new offset.
  return offsetSeconds(second, timeZone) * 1000 === wall - second ? second : Math.max(first, second);
}

export function isoUtc(ms: number): string {
  return new Date(ms).toISOString();
}
