/**
 * Local wall-clock time of an IANA zone, for emulators whose providers report local times (Dexcom
 * `displayTime`, Strava `start_date_local`). Built on Intl so the emulator package needs no time library.
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

const QUARTER_HOUR_MS = 15 * 60_000;
const offsetCache = new Map<string, number>();

/** Seconds east of UTC of `zone` at the instant `ms` (zones change offset on quarter hours only). */
export function zoneOffsetAt(zone: string, ms: number): number {
  const key = `${zone}|${Math.floor(ms / QUARTER_HOUR_MS)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    if (offsetCache.size > 200_000) offsetCache.clear();
    offset = computeOffset(zone, ms);
    offsetCache.set(key, offset);
  }
  return offset;
}

function computeOffset(zone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 1000);
}

/** The UTC instant of a local wall time (given as if it were UTC ms) in `zone`. */
export function instantOfWallTime(zone: string, wallMs: number): number {
  const guess = wallMs - zoneOffsetAt(zone, wallMs) * 1000;
  return wallMs - zoneOffsetAt(zone, guess) * 1000;
}

/** `YYYY-MM-DDThh:mm:ss` of `ms` shifted by `offsetSeconds` (no offset suffix). */
export function wallTimeText(ms: number, offsetSeconds = 0): string {
  return new Date(ms + offsetSeconds * 1000).toISOString().slice(0, 19);
}

/** `+hh:mm` / `-hh:mm`. */
export function offsetText(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `${sign}${hh}:${mm}`;
}
