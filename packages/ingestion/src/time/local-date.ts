/** Local calendar dates of UTC instants, and pro-rata splitting of spans at local midnight (domain time module). */
import { addDays } from '@meridian/domain';

export { localDate, splitByLocalDate } from '@meridian/domain';

/** The day after `date` (`YYYY-MM-DD`), or `days` after it. */
export function nextDate(date: string, days = 1): string {
  return addDays(date, days);
}
