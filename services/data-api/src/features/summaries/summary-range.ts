import {
  isRangeBoundProblem,
  readRangeBound,
  ValidationError,
  type RangeSide,
  type ValidationIssue,
} from '@meridian/domain';

/**
 * `start_date` / `end_date` of the summary reads, by the spec's date rules of the domain time module
 * (range-bound.ts). Summaries are matched on their calendar date, so each bound also yields the date it
 * names (as written).
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

/** Parses one bound (domain time module); undefined when the value is neither a valid date nor a valid date-time. */
export function parseRangeBound(value: string, side: RangeSide): RangeBound | undefined {
  const bound = readRangeBound(value, side);
  if (isRangeBoundProblem(bound)) return undefined;
  return { date: bound.date, instant: bound.ms };
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
