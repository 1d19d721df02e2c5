import { zoneOffsetSeconds } from '@meridian/domain';

/**
 * The local UTC offset of a record's instant, from the best evidence at hand, in this order:
 * 1. the record's own IANA zone (HealthKit `HKTimeZone` metadata) — DST-correct at that instant;
 * 2. the record's own offset (Health Connect `startZoneOffset`, Samsung `zoneOffset`);
 * 3. an offset written in the date-time itself (`+02:00`; `Z` says nothing: serialisers default to UTC);
 * 4. the phone's zone (`time_zone` of the batch, else the user's fallback) at that instant;
 * else unknown (null).
 */
export interface LocalTimeEvidence {
  zone?: string | null;
  offset?: number | null;
  writtenOffset?: number | null;
  fallbackZone?: string | null;
}

export function localOffsetAt(ms: number, e: LocalTimeEvidence): number | null {
  if (e.zone) return zoneOffsetSeconds(e.zone, ms);
  if (e.offset !== null && e.offset !== undefined) return e.offset;
  if (e.writtenOffset !== null && e.writtenOffset !== undefined) return e.writtenOffset;
  if (e.fallbackZone) return zoneOffsetSeconds(e.fallbackZone, ms);
  return null;
}

/** ISO 8601 in UTC (what ingestion reads; the offset travels in `timezone_offset`). */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** ISO 8601 with a local offset (summaries' date-times keep the data's local time). */
export function isoWithOffset(ms: number, offsetSeconds: number | null): string {
  if (offsetSeconds === null) return iso(ms);
  const local = new Date(ms + offsetSeconds * 1000).toISOString().slice(0, 23);
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}
