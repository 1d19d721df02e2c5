import {
  addDays,
  formatWireDateTime,
  instantOfWallTime,
  isCalendarDate,
  isIanaTimeZone,
  localDateInZone,
  parseIsoDateTime,
  zoneOffsetSeconds,
} from '@meridian/domain';
import type { FetchRequest } from '../../connector';

/**
 * Fitbit reports local wall-clock times without a zone (intraday `time`, sleep `startTime`, weigh-in
 * `date` + `time`), in the time zone of the user's Fitbit profile. The connector learns that zone when it
 * identifies the account (`tokens.extra.timezone`); without it, the user's fallback zone; else UTC.
 */
export function zoneFor(req: Pick<FetchRequest, 'tokens' | 'fallbackTimeZone'>): string {
  const fromProfile = req.tokens.extra?.timezone;
  if (typeof fromProfile === 'string' && isIanaTimeZone(fromProfile)) return fromProfile;
  if (req.fallbackTimeZone && isIanaTimeZone(req.fallbackTimeZone)) return req.fallbackTimeZone;
  return 'UTC';
}

/** A local date-time in `zone` → the instant and its offset (domain time module: DST-correct); null when unreadable. */
export function localInstant(local: string, zone: string): { ms: number; offset: number } | null {
  const wall = parseIsoDateTime(local);
  if (wall === null || wall.offsetMinutes !== null) return null;
  const ms = instantOfWallTime(wall.ms, zone);
  return { ms, offset: zoneOffsetSeconds(zone, ms) };
}

/** The local calendar date of an instant in `zone`. */
export const localDateOf = localDateInZone;

export { addDays };

/** The local dates whose days overlap [start, end) in `zone`. */
export function localDatesOf(start: Date, end: Date, zone: string): { first: string; last: string } {
  return { first: localDateOf(start.getTime(), zone), last: localDateOf(end.getTime() - 1, zone) };
}

export function wireTime(ms: number, offset: number): string {
  return formatWireDateTime(ms, offset);
}

export const isLocalDate = (v: unknown): v is string => typeof v === 'string' && isCalendarDate(v);
