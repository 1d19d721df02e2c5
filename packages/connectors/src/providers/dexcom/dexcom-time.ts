/**
 * Dexcom's two clocks. `systemTime` is UTC per the transmitter; `displayTime` is what the display device
 * showed. Records from the mobile apps carry UTC offsets in both, records from receivers carry none, and
 * a receiver's clock is set by hand (it drifts by seconds or minutes), so the local offset of a receiver
 * record is the difference of the two times rounded to the quarter hour (the finest real-world offset).
 */

const DEXCOM_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|z|([+-])(\d{2}):?(\d{2})(?::?(\d{2}))?)?$/;

export interface DexcomTime {
  /** The written wall time, read as if it were UTC (epoch ms). */
  wallMs: number;
  /** Seconds east of UTC written in the text; null when it has none. */
  offsetSeconds: number | null;
}

export function parseDexcomTime(text: unknown): DexcomTime | null {
  if (typeof text !== 'string') return null;
  const m = DEXCOM_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone, sign, oh, om, os] = m;
  const wallMs = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    Number((frac ?? '0').padEnd(3, '0').slice(0, 3)),
  );
  if (Number.isNaN(wallMs) || new Date(wallMs).getUTCDate() !== Number(d)) return null;
  let offsetSeconds: number | null = null;
  if (zone === 'Z' || zone === 'z') offsetSeconds = 0;
  else if (sign)
    offsetSeconds = (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60 + Number(os ?? '0'));
  return { wallMs, offsetSeconds };
}

/** The UTC instant of a systemTime (no offset means UTC, as Dexcom documents). */
export function systemInstant(systemTime: unknown): number | null {
  const t = parseDexcomTime(systemTime);
  return t === null ? null : t.wallMs - (t.offsetSeconds ?? 0) * 1000;
}

const QUARTER_HOUR_S = 900;
const MAX_OFFSET_S = 18 * 3600;

/** Seconds east of UTC of the record's local time, or null when the two times do not give one. */
export function localOffsetSeconds(systemMs: number, displayTime: unknown): number | null {
  const display = parseDexcomTime(displayTime);
  if (display === null) return null;
  const raw = display.offsetSeconds ?? (display.wallMs - systemMs) / 1000;
  const offset = Math.round(raw / QUARTER_HOUR_S) * QUARTER_HOUR_S;
  return Math.abs(offset) <= MAX_OFFSET_S ? offset : null;
}

/** `YYYY-MM-DDThh:mm:ss` in UTC, as the startDate/endDate query parameters want (no offset). */
export function dexcomQueryTime(ms: number, rounding: 'floor' | 'ceil'): string {
  const whole = rounding === 'floor' ? Math.floor(ms / 1000) * 1000 : Math.ceil(ms / 1000) * 1000;
  return new Date(whole).toISOString().slice(0, 19);
}
