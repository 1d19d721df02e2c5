/** IANA time zone ids, checked against the runtime's ICU data (Node ships full ICU). */
const known = new Set<string>(Intl.supportedValuesOf('timeZone'));
known.add('UTC');

export function isIanaTimeZone(id: string): boolean {
  if (known.has(id)) return true;
  try {
    // Accepts canonical aliases (e.g. "Etc/GMT+5", "US/Pacific") that supportedValuesOf omits.
    new Intl.DateTimeFormat('en-US', { timeZone: id });
    return id.includes('/') || id === 'UTC' || id === 'GMT';
  } catch {
    return false;
  }
}

/** A calendar date `YYYY-MM-DD` that exists. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
