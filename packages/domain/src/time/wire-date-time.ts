/**
 * Wire date-times (api-shapes "How to read" 7): ISO 8601 in the data's own offset
 * (`2026-03-01T08:00:00+01:00`), UTC as `+00:00`; milliseconds only when there are some. Every surface
 * (REST, events, management) writes date-times through this one function.
 */
import { civilDate, DAY_MS } from './calendar-date';

const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

// Date-times written together mostly share a day (a page of samples): remember the last one.
let lastDay = Number.NaN;
let lastDate = '';

const offsetSuffixes = new Map<number, string>();

/** `+HH:MM` / `-HH:MM` of an offset in minutes east of UTC. */
export function formatOffset(offsetMinutes: number): string {
  let suffix = offsetSuffixes.get(offsetMinutes);
  if (suffix === undefined) {
    const abs = Math.abs(offsetMinutes);
    suffix = `${offsetMinutes < 0 ? '-' : '+'}${PAD2[Math.floor(abs / 60) % 100]}:${PAD2[abs % 60]}`;
    if (offsetSuffixes.size < 2000) offsetSuffixes.set(offsetMinutes, suffix);
  }
  return suffix;
}

/**
 * `instant` as local time at `offsetSeconds` east of UTC (`+00:00` when null). ISO offsets carry minutes, so
 * the offset is rounded to the minute for both the local time and the suffix (the instant stays exact).
 */
export function formatWireDateTime(instant: Date | number, offsetSeconds: number | null = 0): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid time value');
  const offsetMinutes = Math.round((offsetSeconds ?? 0) / 60);
  const local = Math.floor(ms) + offsetMinutes * 60_000;
  const day = Math.floor(local / DAY_MS);
  let rest = local - day * DAY_MS;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const mi = Math.floor(rest / 60_000);
  rest -= mi * 60_000;
  const s = Math.floor(rest / 1000);
  const milli = rest - s * 1000;
  if (day !== lastDay) {
    lastDay = day;
    lastDate = civilDate(day);
  }
  const time = `${lastDate}T${PAD2[h]}:${PAD2[mi]}:${PAD2[s]}`;
  return `${milli === 0 ? time : `${time}.${PAD3[milli]}`}${formatOffset(offsetMinutes)}`;
}
