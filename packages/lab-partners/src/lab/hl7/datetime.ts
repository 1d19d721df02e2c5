/**
 * HL7 v2 date/times (DTM: `YYYY[MM[DD[HH[MM[SS[.S[S[S[S]]]]]]]]][+/-ZZZZ]`) and dates (DT: `YYYYMMDD`),
 * read strictly and written through the domain's time module. A DTM without an offset is a wall time of
 * the sender: it is read in the lab's configured IANA zone.
 */
import { formatWireDateTime, instantOfWallTime, isValidDay } from '@meridian/domain';

const DTM_RE =
  /^(\d{4})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:\.(\d{1,4}))?)?)?)?)?)?([+-]\d{4})?$/;
const DT_RE = /^(\d{4})(\d{2})(\d{2})$/;

export interface Hl7Instant {
  /** Milliseconds since the epoch. */
  ms: number;
  /** The wire date-time in the message's own offset (the lab zone's when the message gave none). */
  iso: string;
}

/** Reads a DTM value; null when empty, undefined when it is not a valid DTM. */
export function parseHl7DateTime(text: string, zone: string): Hl7Instant | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  const m = DTM_RE.exec(value);
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = m[2] === undefined ? 1 : Number(m[2]);
  const day = m[3] === undefined ? 1 : Number(m[3]);
  const hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const millis = m[7] === undefined ? 0 : Math.round(Number(`0.${m[7]}`) * 1000);
  if (!isValidDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  const wallMs = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  if (m[8] !== undefined) {
    const sign = m[8].startsWith('-') ? -1 : 1;
    const offH = Number(m[8].slice(1, 3));
    const offM = Number(m[8].slice(3, 5));
    if (offH > 14 || offM > 59) return undefined;
    const offsetSeconds = sign * (offH * 3600 + offM * 60);
    const ms = wallMs - offsetSeconds * 1000;
    return { ms, iso: formatWireDateTime(ms, offsetSeconds) };
  }
  const ms = instantOfWallTime(wallMs, zone);
  return { ms, iso: formatWireDateTime(ms, Math.round((wallMs - ms) / 1000)) };
}

/** Reads a DT (or the date part of a DTM) as `YYYY-MM-DD`; null when empty, undefined when invalid. */
export function parseHl7Date(text: string): string | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  const m = DT_RE.exec(value.slice(0, 8));
  if (!m || (value.length > 8 && !DTM_RE.test(value))) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isValidDay(year, month, day)) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** `YYYYMMDDHHMMSS+0000` of an instant, in UTC. */
export function formatHl7DateTime(instant: Date | number): string {
  const d = new Date(typeof instant === 'number' ? instant : instant.getTime());
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return (
    `${p(d.getUTCFullYear(), 4)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}` +
    `${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}+0000`
  );
}

/** `YYYYMMDD` of a calendar date `YYYY-MM-DD` (throws on anything else). */
export function formatHl7Date(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m || !isValidDay(Number(m[1]), Number(m[2]), Number(m[3]))) {
    throw new RangeError('Invalid calendar date');
  }
  return `${m[1]}${m[2]}${m[3]}`;
}
