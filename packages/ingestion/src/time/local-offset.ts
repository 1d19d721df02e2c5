import type { ZoneOffsets } from './zone-offset';

export interface LocalOffset {
  /** Seconds east of UTC used to date the data (0 when nothing was known). */
  offset: number;
  /** The IANA zone the offset came from; null when the data carried its own offset or nothing was known. */
  zone: string | null;
  /** False when the data was dated in UTC for lack of anything better. */
  known: boolean;
}

/**
 * How data is dated locally: its own `timezone_offset`, else its IANA zone, else the user's fallback
 * time zone, else UTC.
 */
export function localOffset(
  ms: number,
  basis: { offset: number | null; zone: string | null; fallbackZone: string | null },
  zoneOffsets: ZoneOffsets,
): LocalOffset {
  if (basis.offset !== null) return { offset: basis.offset, zone: null, known: true };
  const zone = basis.zone ?? basis.fallbackZone;
  if (zone !== null) return { offset: zoneOffsets(zone, ms), zone, known: true };
  return { offset: 0, zone: null, known: false };
}
