/**
 * UTC offsets of IANA zones through Intl (DST-correct). Offsets only change on quarter-hour boundaries,
 * so a per-ingestion cache keyed by zone and quarter hour keeps large batches cheap.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Seconds east of UTC of `zone` at the instant `ms`. */
export function zoneOffsetSeconds(zone: string, ms: number): number {
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(wholeSecond))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((asUtc - wholeSecond) / 1000);
}

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
