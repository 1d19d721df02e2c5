/**
 * Demo data's view of the domain time module: offsets, local dates, minutes of day and wall times in an IANA
 * zone (DST gaps resolve forward, overlaps to the first occurrence). Times are epoch milliseconds.
 */
import * as time from '@meridian/domain';

export { addDays, dateOfDayNumber, dayNumber, DAY_MS, HOUR_MS, MINUTE_MS, weekday } from '@meridian/domain';

// Bound once: a demo run calls these millions of times, and a re-exported binding is a getter per use.
const { dayNumber, instantOfWallTime, isIanaTimeZone, localTimeOfDayMs, zoneOffsetSeconds } = time;
const localDateAt = time.localDate;
const MINUTE_MS = time.MINUTE_MS;
const DAY_MS = time.DAY_MS;

/** True for an IANA zone the time module can compute offsets of. */
export function isKnownTimeZone(timeZone: string): boolean {
  return isIanaTimeZone(timeZone);
}

/** Seconds east of UTC at `ms`. */
export function offsetSeconds(ms: number, timeZone: string): number {
  return zoneOffsetSeconds(timeZone, ms);
}

/** The local calendar date at `ms`. */
export function localDate(ms: number, timeZone: string): string {
  return localDateAt(ms, zoneOffsetSeconds(timeZone, ms));
}

/** Minutes since local midnight at `ms` (fractional). */
export function localMinuteOfDay(ms: number, timeZone: string): number {
  return localTimeOfDayMs(ms, zoneOffsetSeconds(timeZone, ms)) / MINUTE_MS;
}

/** The instant of local wall time `date` + `minutes` (may exceed a day). */
export function zonedInstant(date: string, minutes: number, timeZone: string): number {
  return instantOfWallTime(dayNumber(date) * DAY_MS + Math.round(minutes * MINUTE_MS), timeZone);
}

export function isoUtc(ms: number): string {
  return new Date(ms).toISOString();
}
