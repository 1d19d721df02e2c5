import { formatWireDateTime, isIanaTimeZone, zoneOffsetSeconds } from '@meridian/domain';

/**
 * Withings gives instants as unix seconds and the user's IANA zone next to them (`timezone` of a measure
 * group, a sleep series or an activity day). Our inputs want ISO 8601 in the data's own offset plus the
 * offset in seconds; dates (`YYYY-MM-DD`) are local dates in that zone.
 */
export interface LocalInstant {
  timestamp: string;
  offset: number | null;
}

export function usableZone(...zones: (string | null | undefined)[]): string | null {
  for (const z of zones) if (typeof z === 'string' && isIanaTimeZone(z)) return z;
  return null;
}

export function localInstant(epochSeconds: number, zone: string | null): LocalInstant {
  const ms = epochSeconds * 1000;
  const offset = zone ? zoneOffsetSeconds(zone, ms) : null;
  return { timestamp: formatWireDateTime(ms, offset), offset };
}

/** The instant a local date starts in `zone` (UTC midnight when the zone is unknown). */
export function localMidnightMs(date: string, zone: string | null): number {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  if (!zone) return utcMidnight;
  // The offset at the guess is right except across a DST change at midnight; a second pass settles it.
  let start = utcMidnight - zoneOffsetSeconds(zone, utcMidnight) * 1000;
  start = utcMidnight - zoneOffsetSeconds(zone, start) * 1000;
  return start;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Withings' `startdate`/`enddate` are inclusive unix seconds; our windows are [start, end). */
export function inclusiveUnixRange(start: Date, end: Date): { startdate: number; enddate: number } {
  return { startdate: Math.ceil(start.getTime() / 1000), enddate: Math.ceil(end.getTime() / 1000) - 1 };
}

/** Number value × 10^unit without binary noise (72.345, not 72.34500000000001). */
export function scaled(value: number, unit: number): number {
  return Number((value * Math.pow(10, unit)).toPrecision(12));
}
