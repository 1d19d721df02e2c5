import {
  addDays,
  formatWireDateTime,
  instantOfWallTime,
  isIanaTimeZone,
  localDate,
  utcMidnightMs,
  zoneOffsetSeconds,
} from '@meridian/domain';

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

/** The instant a local date starts in `zone` (UTC midnight when the zone is unknown; DST rules of the domain). */
export function localMidnightMs(date: string, zone: string | null): number {
  const utcMidnight = utcMidnightMs(date);
  return zone ? instantOfWallTime(utcMidnight, zone) : utcMidnight;
}

export { addDays };

export function utcDate(ms: number): string {
  return localDate(ms, 0);
}

/** Withings' `startdate`/`enddate` are inclusive unix seconds; our windows are [start, end). */
export function inclusiveUnixRange(start: Date, end: Date): { startdate: number; enddate: number } {
  return { startdate: Math.ceil(start.getTime() / 1000), enddate: Math.ceil(end.getTime() / 1000) - 1 };
}

/** Number value × 10^unit without binary noise (72.345, not 72.34500000000001). */
export function scaled(value: number, unit: number): number {
  return Number((value * Math.pow(10, unit)).toPrecision(12));
}
