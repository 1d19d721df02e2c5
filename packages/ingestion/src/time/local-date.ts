/** Local calendar dates of UTC instants, and pro-rata splitting of spans at local midnight (domain time module). */
import * as time from '@meridian/domain';

// Bound once: these run per sample, and a re-exported binding is a getter call on every use.
const addDays = time.addDays;

/** `YYYY-MM-DD` of the instant `ms` seen at `offsetSeconds` east of UTC. */
export const localDate: (ms: number, offsetSeconds: number) => string = time.localDate;

/** The local dates [startMs, endMs) covers at `offsetSeconds`, each with its share of the span. */
export const splitByLocalDate: (
  startMs: number,
  endMs: number,
  offsetSeconds: number,
) => Array<[string, number]> = time.splitByLocalDate;

/** The day after `date` (`YYYY-MM-DD`), or `days` after it. */
export function nextDate(date: string, days = 1): string {
  return addDays(date, days);
}
