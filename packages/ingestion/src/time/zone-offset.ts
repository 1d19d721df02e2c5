import { zoneOffsetSeconds } from '@meridian/domain';

/**
 * UTC offsets of IANA zones (the computation lives in @meridian/domain). Offsets only change on
 * quarter-hour boundaries, so a per-ingestion cache keyed by zone and quarter hour keeps batches cheap.
 */
export { zoneOffsetSeconds };

export type ZoneOffsets = (zone: string, ms: number) => number;

const QUARTER_HOUR = 15 * 60 * 1000;

/** A memoised `zoneOffsetSeconds` for one unit of work (not shared across requests). */
export function createZoneOffsets(): ZoneOffsets {
  const byZone = new Map<string, Map<number, number>>();
  return (zone, ms) => {
    let cache = byZone.get(zone);
    if (!cache) byZone.set(zone, (cache = new Map()));
    const quarter = Math.floor(ms / QUARTER_HOUR);
    let offset = cache.get(quarter);
    if (offset === undefined) {
      offset = zoneOffsetSeconds(zone, ms);
      cache.set(quarter, offset);
    }
    return offset;
  };
}
