import {
  DAY_MS,
  formatWireDateTime,
  instantOfWallTime,
  localDate,
  parseIsoDateTime,
  zoneOffsetSeconds,
} from '@meridian/domain';

/**
 * Polar's time conventions: sleep times carry their offset; exercises give local wall clock plus
 * `start_time_utc_offset` minutes; continuous heart rate, daily activity and in-night samples give only
 * local wall clock (`HH:MM`), so their instant needs an offset from elsewhere (the night's start, or the
 * user's fallback zone; without one the wall clock is taken as UTC and the offset is unknown).
 */

export interface Instant {
  ms: number;
  /** Seconds east of UTC; null when unknown. */
  offset: number | null;
}

/** An ISO 8601 date-time with an offset (the domain grammar); null without an offset or when unparsable. */
export function parseZoned(text: string): Instant | null {
  const read = parseIsoDateTime(text);
  if (read === null || read.offsetMinutes === null) return null;
  return { ms: read.ms, offset: read.offsetMinutes * 60 };
}

/** Local wall clock `YYYY-MM-DDTHH:MM[:SS]` at a fixed offset or in an IANA zone (DST rules of the domain). */
export function localToInstant(
  local: string,
  basis: { offset?: number | null; zone?: string | null },
): Instant | null {
  const wall = parseIsoDateTime(local);
  if (wall === null || wall.offsetMinutes !== null) return null;
  if (basis.offset !== undefined && basis.offset !== null)
    return { ms: wall.ms - basis.offset * 1000, offset: basis.offset };
  if (basis.zone) {
    const ms = instantOfWallTime(wall.ms, basis.zone);
    return { ms, offset: zoneOffsetSeconds(basis.zone, ms) };
  }
  return { ms: wall.ms, offset: null };
}

/**
 * A wall-clock `HH:MM[:SS]` inside a night that starts at `start`: readings earlier than the start's
 * clock time belong to the next calendar day (a night is shorter than 24 h).
 */
export function clockInNight(start: Instant, clock: string): Instant {
  const offset = start.offset ?? 0;
  const startLocal = start.ms + offset * 1000;
  const [h = 0, m = 0, s = 0] = clock.split(':').map(Number);
  let local = Math.floor(startLocal / DAY_MS) * DAY_MS + ((h * 60 + m) * 60 + s) * 1000;
  if (local < startLocal - 60_000) local += DAY_MS;
  return { ms: local - offset * 1000, offset: start.offset };
}

/** ISO 8601 duration (`PT1H2M3.5S`, `P1DT2H`) in seconds; null when unreadable. */
export function isoDurationSeconds(text: string): number | null {
  const m =
    /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      text,
    );
  if (!m || text === 'P' || text.endsWith('T')) return null;
  const [, d = '0', h = '0', min = '0', s = '0'] = m;
  return Number(d) * 86_400 + Number(h) * 3600 + Number(min) * 60 + Number(s);
}

/** The wire form of an instant, in its own offset (UTC when unknown). */
export function isoAt(instant: Instant): string {
  return formatWireDateTime(instant.ms, instant.offset ?? 0);
}

/** `YYYY-MM-DD` dates (UTC calendar) overlapping [start, end), widened by a day each side for zones. */
export function datesAround(start: Date, end: Date): string[] {
  const dates: string[] = [];
  for (
    let t = Math.floor(start.getTime() / DAY_MS) * DAY_MS - DAY_MS;
    t < end.getTime() + DAY_MS;
    t += DAY_MS
  ) {
    dates.push(localDate(t, 0));
  }
  return dates;
}
