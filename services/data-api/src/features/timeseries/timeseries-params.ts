import {
  DAY_MS,
  daysFromCivil,
  isRangeBoundProblem,
  readRangeBound,
  ValidationError,
  type TeamScope,
  type ValidationIssue,
} from '@meridian/domain';
import type { CursorCodec, CursorScope } from '@meridian/platform';

/**
 * The query parameters of the timeseries reads that the OpenAPI document cannot express: `start_date` /
 * `end_date` (the spec's date rules, in the domain time module) and the sealed page cursor.
 */

/** An instant with microsecond precision: `ms` since the epoch plus `us` (0-999) microseconds. */
export interface Instant {
  ms: number;
  us: number;
}

/** The sort key of the last sample of a page: start (µs since the epoch), provider, source type, type. */
export type SortKey = [startUs: number, provider: string, sourceType: string, type: string];

export interface TimeRange {
  start: Instant;
  /** Inclusive; null = no upper bound. */
  end: Instant | null;
}

// PostgreSQL timestamptz literals are written with four-digit years: bounds outside are clamped (no data there).
const MIN_MS = daysFromCivil(1, 1, 1) * DAY_MS;
const MAX_MS = daysFromCivil(9999, 12, 31) * DAY_MS + DAY_MS - 1;

type Parsed = { ok: true; instant: Instant } | { ok: false; type: string; error: string };

/** One bound by the spec's date rules of the domain time module (date-only end = through 23:59:59.999999). */
function parseBound(raw: string, endOfDay: boolean): Parsed {
  const bound = readRangeBound(raw, endOfDay ? 'end' : 'start');
  if (isRangeBoundProblem(bound)) return { ok: false, ...bound };
  return { ok: true, instant: { ms: bound.ms, us: bound.us } };
}

function clamp(i: Instant): Instant {
  if (i.ms < MIN_MS) return { ms: MIN_MS, us: 0 };
  if (i.ms > MAX_MS) return { ms: MAX_MS, us: 999 };
  return i;
}

const before = (a: Instant, b: Instant) => a.ms < b.ms || (a.ms === b.ms && a.us < b.us);

function parsingIssue(name: string, raw: string, p: { type: string; error: string }): ValidationIssue {
  const msg =
    p.type === 'date_parsing'
      ? `Input should be a valid date in the format YYYY-MM-DD, ${p.error}`
      : `Input should be a valid datetime, ${p.error}`;
  return { loc: ['query', name], msg, type: p.type, input: raw, ctx: { error: p.error } };
}

/** `start_date` (required) and `end_date` (optional; empty = absent), both inclusive. */
export function parseTimeRange(startRaw: string, endRaw: string | undefined): TimeRange {
  const start = parseBound(startRaw, false);
  const end = endRaw === undefined || endRaw === '' ? undefined : parseBound(endRaw, true);
  const issues: ValidationIssue[] = [];
  if (!start.ok) issues.push(parsingIssue('start_date', startRaw, start));
  if (end && !end.ok) issues.push(parsingIssue('end_date', endRaw!, end));
  if (!start.ok || (end && !end.ok)) throw new ValidationError(issues);
  const range: TimeRange = { start: clamp(start.instant), end: end ? clamp(end.instant) : null };
  if (range.end && before(range.end, range.start)) {
    throw ValidationError.single(
      ['query', 'end_date'],
      'Value error, end_date must not be before start_date',
      'value_error',
      endRaw,
      { error: 'end_date must not be before start_date', start_date: startRaw },
    );
  }
  return range;
}

/** ISO 8601 in UTC with microseconds: a PostgreSQL timestamptz literal. */
export function isoMicros(i: Instant): string {
  const iso = new Date(i.ms).toISOString();
  return `${iso.slice(0, 23)}${String(i.us).padStart(3, '0')}Z`;
}

export function instantOfMicros(startUs: number): Instant {
  const ms = Math.floor(startUs / 1000);
  return { ms, us: startUs - ms * 1000 };
}

/** The list a grouped-read cursor belongs to: the slug and user of the read, in the caller's team environment. */
export function timeseriesCursorScope(scope: TeamScope, userId: string, slug: string): CursorScope {
  return ['data-api/timeseries', slug, userId, scope.teamId, scope.environment];
}

/** The sort key sealed by the cursor codec (issue 11): opaque, and bound to its read and tenant. */
export function encodeCursor(cursors: CursorCodec, scope: CursorScope, key: SortKey): string {
  return cursors.seal(scope, JSON.stringify(key));
}

function decodeKey(text: string): SortKey | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 4) return undefined;
  const [t, provider, sourceType, type] = value as unknown[];
  if (typeof t !== 'number' || !Number.isSafeInteger(t)) return undefined;
  if (typeof provider !== 'string' || typeof sourceType !== 'string' || typeof type !== 'string') {
    return undefined;
  }
  return [t, provider, sourceType, type];
}

/**
 * The cursor of the request: `next_cursor` wins over the deprecated `cursor`; absent or empty = first page.
 * A cursor not sealed by this deployment for this read and tenant is a 422 at the parameter that carried it.
 */
export function parseCursor(
  cursors: CursorCodec,
  scope: CursorScope,
  nextCursor: string | undefined,
  cursor: string | undefined,
): SortKey | null {
  const [name, raw] =
    nextCursor !== undefined && nextCursor !== '' ? ['next_cursor', nextCursor] : ['cursor', cursor];
  if (raw === undefined || raw === '') return null;
  const text = cursors.open(scope, raw);
  const key = text === undefined ? undefined : decodeKey(text);
  if (!key) {
    throw ValidationError.single(['query', name], 'Value error, invalid cursor', 'value_error', raw, {
      error: 'invalid cursor',
    });
  }
  return key;
}
