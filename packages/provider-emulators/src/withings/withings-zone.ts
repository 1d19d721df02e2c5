/** UTC offsets and local dates of an IANA zone, through Intl (the emulator keeps no time library). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
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
    formatters.set(zone, f);
  }
  return f;
}

function parts(zone: string, ms: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(Math.floor(ms / 1000) * 1000))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out;
}

export function offsetSeconds(zone: string, ms: number): number {
  const p = parts(zone, ms);
  const asUtc = Date.UTC(
    p.year ?? 1970,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 1000);
}

/** `YYYY-MM-DD` of the instant in the zone. */
export function localDate(zone: string, ms: number): string {
  return new Date(ms + offsetSeconds(zone, ms) * 1000).toISOString().slice(0, 10);
}

/** The instant a local date starts in the zone. */
export function localMidnight(zone: string, date: string): number {
  const utc = Date.parse(`${date}T00:00:00Z`);
  const guess = utc - offsetSeconds(zone, utc) * 1000;
  return utc - offsetSeconds(zone, guess) * 1000;
}
