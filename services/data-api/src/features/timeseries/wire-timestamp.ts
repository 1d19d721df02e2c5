/**
 * Renders sample instants (µs since the epoch) as ISO 8601 in the sample's own UTC offset
 * (`2026-03-01T08:00:00+01:00`) through the domain time module's wire format, tens of thousands of times per
 * response.
 */
import { civilDate, DAY_MS, formatOffset, formatWireDateTime } from '@meridian/domain';
import { utf8, type JsonBytes } from './json-bytes';

/**
 * `startUs` (µs since the epoch) as local time at `offsetSeconds` east of UTC (`+00:00` when null), to the
 * millisecond; the fraction is written only when it is not zero.
 */
export function formatWireTimestamp(startUs: number, offsetSeconds: number | null): string {
  return formatWireDateTime(Math.floor(startUs / 1000), offsetSeconds);
}

// Module-local copies: an imported binding is a getter through each re-export level on every access.
const DAY = DAY_MS;
const ZERO = 0x30;
const T = 0x54;
const COLON = 0x3a;
const DOT = 0x2e;

// A page's samples mostly share a local day and an offset: their bytes are remembered.
let lastDay = Number.NaN;
let lastDate = utf8('');
const offsetBytes = new Map<number, Uint8Array>();

function offsetOf(offsetMinutes: number): Uint8Array {
  let bytes = offsetBytes.get(offsetMinutes);
  if (bytes === undefined) {
    bytes = utf8(formatOffset(offsetMinutes));
    if (offsetBytes.size < 2000) offsetBytes.set(offsetMinutes, bytes);
  }
  return bytes;
}

/**
 * `formatWireTimestamp(startUs, offsetSeconds)` written into `out` as bytes (no string per sample): the date
 * and the offset come from the time module (`civilDate`, `formatOffset`), the time of day is written as
 * digits. wire-timestamp.test.ts holds it to `formatWireDateTime` over many instants and offsets.
 */
export function writeWireTimestamp(out: JsonBytes, startUs: number, offsetSeconds: number | null): void {
  const ms = Math.floor(startUs / 1000);
  if (!Number.isFinite(ms)) throw new RangeError('Invalid time value');
  const offsetMinutes = Math.round((offsetSeconds ?? 0) / 60);
  const local = ms + offsetMinutes * 60_000;
  const day = Math.floor(local / DAY);
  if (day !== lastDay) {
    lastDate = utf8(civilDate(day));
    lastDay = day;
  }
  // Integer steps within the day (below 2^31).
  let rest = local - day * DAY;
  const h = (rest / 3_600_000) | 0;
  rest -= h * 3_600_000;
  const mi = (rest / 60_000) | 0;
  rest -= mi * 60_000;
  const s = (rest / 1000) | 0;
  const milli = rest - s * 1000;
  const suffix = offsetOf(offsetMinutes);
  out.ensure(lastDate.length + suffix.length + 13);
  const b = out.buf;
  b.set(lastDate, out.pos);
  let p = out.pos + lastDate.length;
  b[p++] = T;
  b[p++] = ZERO + ((h / 10) | 0);
  b[p++] = ZERO + (h % 10);
  b[p++] = COLON;
  b[p++] = ZERO + ((mi / 10) | 0);
  b[p++] = ZERO + (mi % 10);
  b[p++] = COLON;
  b[p++] = ZERO + ((s / 10) | 0);
  b[p++] = ZERO + (s % 10);
  if (milli !== 0) {
    b[p++] = DOT;
    b[p++] = ZERO + ((milli / 100) | 0);
    b[p++] = ZERO + (((milli / 10) | 0) % 10);
    b[p++] = ZERO + (milli % 10);
  }
  b.set(suffix, p);
  out.pos = p + suffix.length;
}
