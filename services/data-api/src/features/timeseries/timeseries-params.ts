import { ValidationError, type ValidationIssue } from '@meridian/domain';

/**
 * The query parameters of the timeseries reads that the OpenAPI document cannot express: `start_date` /
 * `end_date` (a date or a date-time, date-only bounds cover whole UTC days) and the opaque page cursor.
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

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;

// PostgreSQL timestamptz literals are written with four-digit years: bounds outside are clamped (no data there).
const MIN_MS = utcMs(1, 1, 1);
const MAX_MS = utcMs(9999, 12, 31, 23, 59, 59, 999);

/** Date.UTC for every four-digit year (Date.UTC itself maps years 0-99 to 1900-1999). */
function utcMs(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const t = new Date(Date.UTC(2000, mo - 1, d, h, mi, s, ms));
  t.setUTCFullYear(y, mo - 1, d);
  return t.getTime();
}

function validDay(y: number, mo: number, d: number): boolean {
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!;
  return d <= days;
}

type Parsed = { ok: true; instant: Instant } | { ok: false; type: string; error: string };

function parseBound(raw: string, endOfDay: boolean): Parsed {
  const date = DATE_RE.exec(raw);
  if (date) {
    const [y, mo, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    if (!validDay(y, mo, d)) return { ok: false, type: 'date_parsing', error: 'day or month out of range' };
    const ms = endOfDay ? utcMs(y, mo, d, 23, 59, 59, 999) : utcMs(y, mo, d);
    return { ok: true, instant: { ms, us: endOfDay ? 999 : 0 } };
  }
  const m = DATE_TIME_RE.exec(raw);
  if (!m) {
    const looksLikeDateTime = /^\d{4}-\d{2}-\d{2}[Tt ]/.test(raw) || raw.includes(':');
    return looksLikeDateTime
      ? { ok: false, type: 'datetime_parsing', error: 'expected an ISO 8601 date-time' }
      : { ok: false, type: 'date_parsing', error: 'expected YYYY-MM-DD' };
  }
  const [y, mo, d, h, mi] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  const s = m[6] === undefined ? 0 : Number(m[6]);
  const fraction = (m[7] ?? '').padEnd(6, '0').slice(0, 6);
  const offsetHours = m[10] === undefined ? 0 : Number(m[10]);
  const offsetMinutes = m[11] === undefined ? 0 : Number(m[11]);
  if (!validDay(y, mo, d) || h > 23 || mi > 59 || s > 59 || offsetHours > 23 || offsetMinutes > 59) {
    return { ok: false, type: 'datetime_parsing', error: 'field out of range' };
  }
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  const ms = utcMs(y, mo, d, h, mi, s, Number(fraction.slice(0, 3))) - offset * 60_000;
  return { ok: true, instant: { ms, us: Number(fraction.slice(3)) } };
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

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const BASE64URL_RE = /^[A-Za-z0-9_-]+$/;

function decodeKey(raw: string): SortKey | undefined {
  if (!BASE64URL_RE.test(raw)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
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
 * A value that does not decode is a 422 at the parameter that carried it.
 */
export function parseCursor(nextCursor: string | undefined, cursor: string | undefined): SortKey | null {
  const [name, raw] =
    nextCursor !== undefined && nextCursor !== '' ? ['next_cursor', nextCursor] : ['cursor', cursor];
  if (raw === undefined || raw === '') return null;
  const key = decodeKey(raw);
  if (!key) {
    throw ValidationError.single(['query', name], 'Value error, invalid cursor', 'value_error', raw, {
      error: 'invalid cursor',
    });
  }
  return key;
}
