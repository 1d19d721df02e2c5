/**
 * Wire date-times (api-shapes "How to read" 7): ISO 8601 in the data's own offset
 * (`2026-03-01T08:00:00+01:00`), UTC as `+00:00`; milliseconds only when there are some. Every surface
 * (REST, events, management) writes date-times through this one function.
 */
export function formatWireDateTime(instant: Date | number, offsetSeconds: number | null = 0): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const offsetMinutes = Math.round((offsetSeconds ?? 0) / 60);
  const local = new Date(ms + offsetMinutes * 60_000).toISOString();
  const base = local.endsWith('.000Z') ? local.slice(0, 19) : local.slice(0, 23);
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${base}${offsetMinutes < 0 ? '-' : '+'}${hh}:${mm}`;
}
