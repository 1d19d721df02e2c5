import { ValidationError, type ValidationIssue } from '@meridian/domain';

/**
 * The `start_date` / `end_date` rules of api-shapes "How to read" 8: a date or an ISO 8601 date-time; a
 * date-only start is 00:00:00, a date-only end 23:59:59 (inclusive); no offset means UTC. Summaries are
 * matched on their calendar date, so each bound also yields the date it names (as written).
 */

export interface RangeBound {
  /** `YYYY-MM-DD` as written (a date-time contributes its date in its own offset). */
  date: string;
  /** The instant the bound stands for, for the end-before-start check. */
  instant: number;
}

/** Inclusive calendar-date range; `to` null = no upper bound. */
export interface CalendarDateRange {
  from: string;
  to: string | null;
}

const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

const END_OF_DAY_MS = 24 * 3600 * 1000 - 1;

function offsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined || zone === 'Z' || zone === 'z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 23 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/** An unencoded `+` in a query string arrives as a space: `...T10:00:00 01:00` means `+01:00`. */
const SPACE_FOR_PLUS_RE = / (\d{2}:?\d{2})$/;

/** Parses one bound; undefined when the value is neither a valid date nor a valid date-time. */
export function parseRangeBound(value: string, side: 'start' | 'end'): RangeBound | undefined {
  const m = DATE_TIME_RE.exec(value.replace(SPACE_FOR_PLUS_RE, '+$1'));
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const midnight = Date.UTC(year, month - 1, day);
  const check = new Date(midnight);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  const date = `${y}-${mo}-${d}`;
  if (h === undefined) return { date, instant: side === 'start' ? midnight : midnight + END_OF_DAY_MS };
  const [hour, minute, second] = [Number(h), Number(mi), Number(s ?? 0)];
  const offset = offsetMinutes(zone);
  if (hour > 23 || minute > 59 || second > 59 || offset === null) return undefined;
  const millis = Number((frac ?? '').padEnd(3, '0').slice(0, 3));
  const local = midnight + ((hour * 60 + minute) * 60 + second) * 1000 + millis;
  return { date, instant: local - offset * 60_000 };
}

function unparsable(name: string, input: unknown): ValidationIssue {
  return {
    loc: ['query', name],
    msg: 'Input should be a date (YYYY-MM-DD) or an ISO 8601 date-time',
    type: 'datetime_parsing',
    input,
    ctx: {},
  };
}

/** The calendar-date range of `start_date` / `end_date`; 422 when unparsable or when end < start. */
export function calendarDateRange(startDate: unknown, endDate: unknown): CalendarDateRange {
  const issues: ValidationIssue[] = [];
  const start = typeof startDate === 'string' ? parseRangeBound(startDate, 'start') : undefined;
  if (!start) issues.push(unparsable('start_date', startDate ?? null));
  const hasEnd = endDate !== undefined && endDate !== '';
  const end = hasEnd && typeof endDate === 'string' ? parseRangeBound(endDate, 'end') : undefined;
  if (hasEnd && !end) issues.push(unparsable('end_date', endDate));
  if (!start || issues.length > 0) throw new ValidationError(issues);
  if (end && end.instant < start.instant) {
    throw ValidationError.single(
      ['query', 'end_date'],
      'end_date must not be before start_date',
      'value_error',
      endDate,
      { start_date: startDate },
    );
  }
  return { from: start.date, to: end?.date ?? null };
}
