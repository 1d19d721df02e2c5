/**
 * Local wall-clock time of an emulated account's IANA zone (DST-correct, through Intl), for providers that
 * report local times: Fitbit without an offset, Oura with one. The emulators depend on nothing of Meridian,
 * so this is their own small copy of the zone arithmetic.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
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

const QUARTER_HOUR_MS = 900_000;
const offsetCache = new Map<string, number>();

/**
 * Seconds east of UTC of `zone` at the instant `ms`. Offsets only change on quarter-hour boundaries (every
 * zone's transitions fall on :00, :15, :30 or :45), so one lookup per zone and quarter hour is cached:
 * emulators compute local dates for hundreds of thousands of samples.
 */
export function zoneOffsetSeconds(zone: string, ms: number): number {
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  const key = `${zone}|${bucket}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const offset = computeOffsetSeconds(zone, bucket * QUARTER_HOUR_MS);
  if (offsetCache.size >= 200_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

function computeOffsetSeconds(zone: string, ms: number): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const p: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(whole))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    p.year ?? 1970,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return Math.round((asUtc - whole) / 1000);
}

/** The instant of a local wall-clock time (`Date.UTC` fields read as local) in `zone`. */
export function instantOfLocal(zone: string, localAsUtcMs: number): number {
  // Two passes settle the offset across a DST change (the second uses the offset at the first guess).
  let ms = localAsUtcMs - zoneOffsetSeconds(zone, localAsUtcMs) * 1000;
  ms = localAsUtcMs - zoneOffsetSeconds(zone, ms) * 1000;
  return ms;
}

/** The instant a local calendar date (`YYYY-MM-DD`) starts in `zone`, plus `hours` local hours. */
export function localDayStart(zone: string, date: string, hours = 0): number {
  return instantOfLocal(zone, Date.parse(`${date}T00:00:00Z`) + hours * 3_600_000);
}

/** The local calendar date of an instant in `zone`. */
export function localDate(zone: string, ms: number): string {
  return new Date(ms + zoneOffsetSeconds(zone, ms) * 1000).toISOString().slice(0, 10);
}

/** `2024-03-01T07:05:00.000` (Fitbit style, no offset) or with `+01:00` appended when `withOffset`. */
export function formatLocal(zone: string, ms: number, withOffset: boolean): string {
  const offset = zoneOffsetSeconds(zone, ms);
  const local = new Date(ms + offset * 1000).toISOString().slice(0, 23);
  if (!withOffset) return local;
  const abs = Math.abs(offset / 60);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** Adds days to a calendar date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
