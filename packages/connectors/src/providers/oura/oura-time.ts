import { formatWireDateTime } from '@meridian/domain';

/**
 * Oura's LocalizedDateTime values carry the wearer's offset (`2024-03-01T23:12:30+02:00`); that offset is
 * the sample's `timezone_offset`. Its UTC-only values (heart rate) carry none worth keeping.
 */
export function offsetSecondsOf(iso: string): number | null {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!m) return null;
  const seconds = Number(m[2]) * 3600 + Number(m[3]) * 60;
  return m[1] === '-' ? -seconds : seconds;
}

/** An instant written with the given offset (the shape ingestion and the wire use). */
export function atOffset(ms: number, offset: number | null): string {
  return formatWireDateTime(ms, offset ?? 0);
}

export function parseInstant(iso: string): number | null {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}
