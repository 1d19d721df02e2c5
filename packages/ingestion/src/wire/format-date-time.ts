/**
 * Wire date-times: ISO 8601 in the data's own offset (`2026-03-01T08:00:00+01:00`), UTC as `+00:00`;
 * milliseconds only when there are some.
 */
export function formatDateTime(instant: Date | number, offsetSeconds: number | null = 0): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const offsetMinutes = Math.round((offsetSeconds ?? 0) / 60);
  const local = new Date(ms + offsetMinutes * 60_000).toISOString();
  const base = local.endsWith('.000Z') ? local.slice(0, 19) : local.slice(0, 23);
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${base}${offsetMinutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** A `date` column as `YYYY-MM-DD` (the db package parses dates as strings; Dates are tolerated). */
export function formatDate(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value : value.toISOString().slice(0, 10);
}
