/** Local calendar dates of UTC instants, and pro-rata splitting of spans at local midnight. */
const DAY_MS = 24 * 3600 * 1000;

/** `YYYY-MM-DD` of day number `day` since the epoch; a small cache, as batches repeat the same days. */
const dayNames = new Map<number, string>();
function dayName(day: number): string {
  let name = dayNames.get(day);
  if (name === undefined) {
    name = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dayNames.size > 10_000) dayNames.clear();
    dayNames.set(day, name);
  }
  return name;
}

/** `YYYY-MM-DD` of the instant `ms` seen at `offsetSeconds` east of UTC. */
export function localDate(ms: number, offsetSeconds: number): string {
  return dayName(Math.floor((ms + offsetSeconds * 1000) / DAY_MS));
}

/**
 * The local dates the half-open span [startMs, endMs) covers, each with its share of the span's duration
 * (shares add up to 1). A zero-length span belongs wholly to the date of its start.
 */
export function splitByLocalDate(
  startMs: number,
  endMs: number,
  offsetSeconds: number,
): Array<[string, number]> {
  if (endMs <= startMs) return [[localDate(startMs, offsetSeconds), 1]];
  const shift = offsetSeconds * 1000;
  const localStart = startMs + shift;
  const localEnd = endMs + shift;
  const total = endMs - startMs;
  const out: Array<[string, number]> = [];
  let cursor = localStart;
  while (cursor < localEnd) {
    const nextMidnight = (Math.floor(cursor / DAY_MS) + 1) * DAY_MS;
    const stop = Math.min(nextMidnight, localEnd);
    out.push([dayName(Math.floor(cursor / DAY_MS)), (stop - cursor) / total]);
    cursor = stop;
  }
  return out;
}

/** The day after `date` (`YYYY-MM-DD`). */
export function nextDate(date: string, days = 1): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
