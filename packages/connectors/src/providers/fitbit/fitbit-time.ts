import { formatWireDateTime, isIanaTimeZone, zoneOffsetSeconds } from '@meridian/domain';
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

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** A local date-time in `zone` → the instant and its offset (DST-correct); null when unreadable. */
export function localInstant(local: string, zone: string): { ms: number; offset: number } | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const asUtc = Date.UTC(
    +m[1]!,
    +m[2]! - 1,
    +m[3]!,
    +m[4]!,
    +m[5]!,
    +(m[6] ?? 0),
    +(m[7] ?? '0').padEnd(3, '0'),
  );
  if (Number.isNaN(asUtc)) return null;
  // Two passes settle the offset across a DST change.
  let ms = asUtc - zoneOffsetSeconds(zone, asUtc) * 1000;
  ms = asUtc - zoneOffsetSeconds(zone, ms) * 1000;
  return { ms, offset: zoneOffsetSeconds(zone, ms) };
}

/** The local calendar date of an instant in `zone`. */
export function localDateOf(ms: number, zone: string): string {
  return new Date(ms + zoneOffsetSeconds(zone, ms) * 1000).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The local dates whose days overlap [start, end) in `zone`. */
export function localDatesOf(start: Date, end: Date, zone: string): { first: string; last: string } {
  return { first: localDateOf(start.getTime(), zone), last: localDateOf(end.getTime() - 1, zone) };
}

export function wireTime(ms: number, offset: number): string {
  return formatWireDateTime(ms, offset);
}

export const isLocalDate = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
