/**
 * IANA time zones through Luxon (which reads the runtime's ICU tz data): validity, UTC offsets at an instant
 * (DST-correct, memoised), and local wall times to instants with the DST rules stated once below.
 */
import { IANAZone } from 'luxon';
import { DAY_MS, localDate, SECOND_MS } from './calendar-date';

const canonical = new Set<string>(Intl.supportedValuesOf('timeZone'));
canonical.add('UTC');

/**
 * An IANA tz database id: a canonical zone, or a link the runtime knows (`US/Pacific`, `Etc/GMT+5`, `GMT`).
 * Bare abbreviations (`EST`, `CET`) are refused although the runtime knows them: they are not places.
 */
export function isIanaTimeZone(id: string): boolean {
  if (canonical.has(id)) return true;
  return (id.includes('/') || id === 'GMT') && IANAZone.isValidZone(id);
}

const zones = new Map<string, IANAZone>();

function ianaZone(name: string): IANAZone {
  let zone = zones.get(name);
  if (zone === undefined) {
    // Checked first: Luxon keeps every IANAZone it creates, and names can come from outside.
    if (!IANAZone.isValidZone(name)) throw new RangeError(`Invalid time zone specified: ${name}`);
    zone = IANAZone.create(name);
    zones.set(name, zone);
  }
  return zone;
}

/** Seconds east of UTC of `zone` at `ms`, straight from the tz data (Luxon gives minutes, maybe fractional). */
function offsetFromTzData(zone: IANAZone, ms: number): number {
  return Math.round(zone.offset(ms) * 60);
}

/** The offsets of one zone over one UTC day: constant, or one change at `at`. */
type DayOffsets = number | { before: number; at: number; after: number };

function dayOffsets(zone: IANAZone, day: number): DayOffsets {
  const start = day * DAY_MS;
  let hi = start + DAY_MS - SECOND_MS;
  const before = offsetFromTzData(zone, start);
  const after = offsetFromTzData(zone, hi);
  if (before === after) return before;
  // Offsets change on whole seconds: find the first second of the new offset by bisection.
  let lo = start;
  while (hi - lo > SECOND_MS) {
    const mid = lo + Math.floor((hi - lo) / (2 * SECOND_MS)) * SECOND_MS;
    if (offsetFromTzData(zone, mid) === before) lo = mid;
    else hi = mid;
  }
  return { before, at: hi, after };
}

const MEMO_DAYS_PER_ZONE = 50_000;
const memo = new Map<string, Map<number, DayOffsets>>();

function daysOf(zone: string): Map<number, DayOffsets> {
  let days = memo.get(zone);
  if (days === undefined) {
    ianaZone(zone);
    days = new Map();
    memo.set(zone, days);
  }
  return days;
}

function offsetsOfDay(days: Map<number, DayOffsets>, zone: string, day: number): DayOffsets {
  let offsets = days.get(day);
  if (offsets === undefined) {
    offsets = dayOffsets(ianaZone(zone), day);
    if (days.size >= MEMO_DAYS_PER_ZONE) days.clear();
    days.set(day, offsets);
  }
  return offsets;
}

/**
 * Seconds east of UTC of the IANA `zone` at the instant `ms` (throws RangeError for an unknown zone).
 * Called per ingested sample, so offsets are remembered per zone and UTC day: two tz lookups per day, a
 * bisection on the (at most one) day of a change, and exact at any second, wherever the change falls.
 */
export function zoneOffsetSeconds(zone: string, ms: number): number {
  const offsets = offsetsOfDay(daysOf(zone), zone, Math.floor(ms / DAY_MS));
  if (typeof offsets === 'number') return offsets;
  return ms < offsets.at ? offsets.before : offsets.after;
}

/** `YYYY-MM-DD` of the instant `ms` in `zone`. */
export function localDateInZone(ms: number, zone: string): string {
  return localDate(ms, zoneOffsetSeconds(zone, ms));
}

/**
 * The instant of a local wall time in `zone`, given as `wallMs` (the wall time read as if it were UTC). DST
 * rules (those of Temporal's `compatible` disambiguation):
 * - a wall time in a gap (spring forward) does not exist: it is read with the offset before the change,
 *   which moves it forward by the gap (02:30 on a 02:00 → 03:00 night is 03:30);
 * - a wall time in an overlap (fall back) happens twice: the first occurrence (the earlier instant) wins.
 */
export function instantOfWallTime(wallMs: number, zone: string): number {
  // Offsets are within ±1 day of UTC: when no change falls in the three UTC days around, there is one answer.
  const days = daysOf(zone);
  const day = Math.floor(wallMs / DAY_MS);
  const same = offsetsOfDay(days, zone, day);
  if (
    typeof same === 'number' &&
    offsetsOfDay(days, zone, day - 1) === same &&
    offsetsOfDay(days, zone, day + 1) === same
  ) {
    return wallMs - same * SECOND_MS;
  }
  const before = zoneOffsetSeconds(zone, wallMs - DAY_MS) * SECOND_MS;
  const after = zoneOffsetSeconds(zone, wallMs + DAY_MS) * SECOND_MS;
  const early = wallMs - before;
  if (before === after) return early;
  const late = wallMs - after;
  const earlyHolds = zoneOffsetSeconds(zone, early) * SECOND_MS === before;
  const lateHolds = zoneOffsetSeconds(zone, late) * SECOND_MS === after;
  if (earlyHolds && lateHolds) return Math.min(early, late);
  if (lateHolds) return late;
  return early;
}
