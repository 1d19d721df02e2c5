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

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(zone: string): Intl.DateTimeFormat {
  let f = offsetFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(zone, f);
  }
  return f;
}

/** Seconds east of UTC of the IANA `zone` at the instant `ms` (DST-correct, through Intl). */
export function zoneOffsetSeconds(zone: string, ms: number): number {
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const p of offsetFormatter(zone).formatToParts(new Date(wholeSecond))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((asUtc - wholeSecond) / 1000);
}
