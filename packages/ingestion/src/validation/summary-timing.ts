import { isCalendarDate } from '@meridian/domain';
import { localDate } from '../time/local-date';
import { localOffset, type LocalOffset } from '../time/local-offset';
import { dateStartMs, parseDateTime } from '../time/parse-date-time';
import type { ZoneOffsets } from '../time/zone-offset';
import { isAbsent } from './check-source';
import type { IssueList } from './issue-list';
import type { IngestedSummaryKind } from './normalise-summaries';

/** When a summary happened: its stored span and the local date it is filed under. */
export interface SummaryTiming {
  calendarDate: string;
  startMs: number | null;
  endMs: number | null;
  /** How the summary was dated (workouts are split over local days with it). */
  local: LocalOffset;
}

type Loc = (string | number)[];

/** The kind's own time fields: calendar_date is the local date of `dateOf` (sleep: the wake-up). */
const TIME_FIELDS: Partial<
  Record<IngestedSummaryKind, { start: string; end?: string; dateOf: 'start' | 'end' }>
> = {
  sleep: { start: 'bedtime_start', end: 'bedtime_stop', dateOf: 'end' },
  workouts: { start: 'time_start', end: 'time_end', dateOf: 'start' },
  sleep_cycle: { start: 'session_start', end: 'session_end', dateOf: 'end' },
  electrocardiogram: { start: 'session_start', end: 'session_end', dateOf: 'start' },
  meal: { start: 'timestamp', dateOf: 'start' },
};

const DAY_MS = 24 * 3600 * 1000;
/** Summaries dated by a calendar date rather than an instant. */
const DATE_ONLY: LocalOffset = { offset: 0, zone: null, known: false };

export interface TimingInput {
  kind: IngestedSummaryKind;
  /** Checked fields; date-times still as epoch ms. */
  payload: Record<string, unknown>;
  /** The summary input (its `timestamp`, raw `fields.calendar_date`/`date`). */
  input: Record<string, unknown>;
  fields: Record<string, unknown>;
  loc: Loc;
  basis: { offset: number | null; zone: string | null; fallbackZone: string | null };
  now: Date;
  zoneOffsets: ZoneOffsets;
}

/** The summary's timing from its kind's time fields; null after recording an issue. */
export function summaryTiming(t: TimingInput, issues: IssueList): SummaryTiming | null {
  const dated = (anchorMs: number, startMs: number | null, endMs: number | null): SummaryTiming => {
    const local = localOffset(anchorMs, t.basis, t.zoneOffsets);
    return { calendarDate: localDate(anchorMs, local.offset), startMs, endMs, local };
  };
  const fieldLoc = [...t.loc, 'fields'];
  const timeFields = TIME_FIELDS[t.kind];
  if (timeFields) {
    const startMs = t.payload[timeFields.start];
    const endMs = timeFields.end === undefined ? startMs : t.payload[timeFields.end];
    if (typeof startMs !== 'number')
      issues.add([...fieldLoc, timeFields.start], 'Field required', 'missing', null);
    if (timeFields.end !== undefined && typeof endMs !== 'number') {
      issues.add([...fieldLoc, timeFields.end], 'Field required', 'missing', null);
    }
    if (typeof startMs !== 'number' || typeof endMs !== 'number') return null;
    if (endMs < startMs) {
      const msg = `${timeFields.end} must not be before ${timeFields.start}`;
      issues.add([...fieldLoc, timeFields.end ?? timeFields.start], msg, 'greater_than_equal', null);
      return null;
    }
    const anchor = timeFields.dateOf === 'end' ? endMs : startMs;
    return dated(anchor, startMs, timeFields.end === undefined ? null : endMs);
  }
  if (t.kind === 'menstrual_cycle') {
    const start = t.payload.period_start;
    if (typeof start !== 'string') {
      issues.add([...fieldLoc, 'period_start'], 'Field required', 'missing', null);
      return null;
    }
    const end = t.payload.period_end;
    const endMs = typeof end === 'string' ? dateStartMs(end) + DAY_MS : null;
    return { calendarDate: start, startMs: dateStartMs(start), endMs, local: DATE_ONLY };
  }
  return bodyOrProfileTiming(t, dated, issues);
}

/** Body and profile: the instant they describe, else a date the source gives, else (profile) today. */
function bodyOrProfileTiming(
  t: TimingInput,
  dated: (anchorMs: number, startMs: number | null, endMs: number | null) => SummaryTiming,
  issues: IssueList,
): SummaryTiming | null {
  const { input, fields, loc } = t;
  if (!isAbsent(input.timestamp)) {
    const ms = typeof input.timestamp === 'string' ? parseDateTime(input.timestamp) : null;
    if (ms !== null) return dated(ms, ms, null);
    issues.add(
      [...loc, 'timestamp'],
      'Input should be a valid ISO 8601 date-time',
      'datetime_parsing',
      input.timestamp,
    );
    return null;
  }
  const given = fields.calendar_date ?? fields.date;
  if (!isAbsent(given)) {
    if (typeof given === 'string' && isCalendarDate(given)) {
      return { calendarDate: given, startMs: null, endMs: null, local: DATE_ONLY };
    }
    const key = isAbsent(fields.calendar_date) ? 'date' : 'calendar_date';
    issues.add([...loc, 'fields', key], 'Input should be a valid date (YYYY-MM-DD)', 'date_parsing', given);
    return null;
  }
  if (t.kind === 'profile') return dated(t.now.getTime(), null, null);
  const msg = 'Field required: a body summary needs a timestamp or fields.calendar_date';
  issues.add([...loc, 'timestamp'], msg, 'missing', null);
  return null;
}
