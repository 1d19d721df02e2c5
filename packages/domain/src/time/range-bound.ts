/**
 * The spec's date rules for range parameters, stated once (interface-spec "Date bounds", api-shapes "How to
 * read" 8): `start_date` / `end_date` take a date or a date-time (iso-date-time.ts); a date-only start means
 * 00:00:00 and a date-only end 23:59:59 of that day, inclusive, in UTC — so through 23:59:59.999999, the
 * last instant stored timestamps can hold in that second. A date-time without an offset is UTC.
 */
import { DAY_MS, parseCalendarDate } from './calendar-date';
import { readIsoDateTime } from './iso-date-time';

export type RangeSide = 'start' | 'end';

export interface RangeBound {
  /** `YYYY-MM-DD` as written (a date-time contributes its date in its own offset). */
  date: string;
  /** Whether the bound was written as a date only. */
  dateOnly: boolean;
  /** The instant the bound stands for: epoch milliseconds ... */
  ms: number;
  /** ... plus microseconds (0-999). */
  us: number;
}

/** Why a bound is refused, in the validation error vocabulary of api-shapes (`date_parsing`, ...). */
export interface RangeBoundProblem {
  type: 'date_parsing' | 'datetime_parsing';
  error: string;
}

const DATE_SHAPE_RE = /^\d{4}-\d{2}-\d{2}$/;
const LOOKS_LIKE_DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}[Tt ]/;

/**
 * Reads a range parameter. Query strings turn an unencoded `+` into a space, so `10:00:00 01:00` reads
 * as `+01:00` here (and only here).
 */
export function readRangeBound(text: string, side: RangeSide): RangeBound | RangeBoundProblem {
  if (DATE_SHAPE_RE.test(text)) {
    const day = parseCalendarDate(text);
    if (day === null) return { type: 'date_parsing', error: 'day or month out of range' };
    const midnight = day * DAY_MS;
    return side === 'start'
      ? { date: text, dateOnly: true, ms: midnight, us: 0 }
      : { date: text, dateOnly: true, ms: midnight + DAY_MS - 1, us: 999 };
  }
  const read = readIsoDateTime(text, { spaceAsPlus: true });
  if (read === 'range') return { type: 'datetime_parsing', error: 'field out of range' };
  if (read === 'syntax') {
    return LOOKS_LIKE_DATE_TIME_RE.test(text) || text.includes(':')
      ? { type: 'datetime_parsing', error: 'expected an ISO 8601 date-time' }
      : { type: 'date_parsing', error: 'expected YYYY-MM-DD' };
  }
  return { date: read.date, dateOnly: false, ms: read.ms, us: read.us };
}

export function isRangeBoundProblem(value: RangeBound | RangeBoundProblem): value is RangeBoundProblem {
  return 'type' in value;
}

/** True when bound `a` is strictly before bound `b`. */
export function isBoundBefore(a: RangeBound, b: RangeBound): boolean {
  return a.ms < b.ms || (a.ms === b.ms && a.us < b.us);
}
