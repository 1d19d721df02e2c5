import {
  CLIENT_USER_ID_RULE,
  clientUserIdViolation,
  ingestionBoundsValid,
  isCalendarDate,
  isIanaTimeZone,
  ValidationError,
  type ValidationIssue,
} from '@meridian/domain';

/**
 * Rules on user input that the OpenAPI schema cannot express: the personal-data rule on client_user_id,
 * IANA time zones, real calendar dates and ingestion bounds. Each returns 422 items (`loc` under `body`).
 */

/** The user keys of a create or PATCH body; absent keys are `undefined`, `null` clears. */
export interface UserInput {
  client_user_id?: string;
  fallback_time_zone?: string | null;
  fallback_birth_date?: string | null;
  ingestion_start?: string | null;
  ingestion_end?: string | null;
}

export interface IngestionBounds {
  ingestionStart: string | null;
  ingestionEnd: string | null;
}

const NO_BOUNDS: IngestionBounds = { ingestionStart: null, ingestionEnd: null };
const DATE_KEYS = ['fallback_birth_date', 'ingestion_start', 'ingestion_end'] as const;

function issue(key: string, msg: string, type: string, input: unknown, ctx: Record<string, unknown> = {}) {
  return { loc: ['body', key], msg, type, input, ctx };
}

/** The personal-data rule: its 422 never echoes the value (`input: null`), which is the personal data. */
export function clientUserIdIssue(value: string): ValidationIssue | null {
  const reason = clientUserIdViolation(value);
  return reason ? issue('client_user_id', CLIENT_USER_ID_RULE, 'value_error', null, { reason }) : null;
}

/**
 * ingestion_start ≤ ingestion_end on the bounds as they will be after the change (`stored` fills the
 * keys the input leaves alone). The item sits at the key being set (ingestion_end when both are).
 */
export function ingestionBoundsIssue(
  input: UserInput,
  stored: IngestionBounds = NO_BOUNDS,
): ValidationIssue | null {
  const start = input.ingestion_start !== undefined ? input.ingestion_start : stored.ingestionStart;
  const end = input.ingestion_end !== undefined ? input.ingestion_end : stored.ingestionEnd;
  if (ingestionBoundsValid(start, end)) return null;
  const key =
    input.ingestion_end !== undefined && input.ingestion_end !== null ? 'ingestion_end' : 'ingestion_start';
  return issue(key, 'ingestion_start must not be after ingestion_end', 'value_error', input[key] ?? null, {
    ingestion_start: start,
    ingestion_end: end,
  });
}

/** Checks that need nothing but the request body (run before any lookup: 422 comes before 404). */
export function userInputIssues(input: UserInput): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (input.client_user_id !== undefined) {
    const pii = clientUserIdIssue(input.client_user_id);
    if (pii) issues.push(pii);
  }
  const tz = input.fallback_time_zone;
  if (typeof tz === 'string' && !isIanaTimeZone(tz)) {
    issues.push(
      issue(
        'fallback_time_zone',
        'fallback_time_zone must be an IANA time zone id, for example Europe/Berlin',
        'value_error',
        tz,
      ),
    );
  }
  let datesValid = true;
  for (const key of DATE_KEYS) {
    const value = input[key];
    if (typeof value === 'string' && !isCalendarDate(value)) {
      datesValid = false;
      issues.push(issue(key, `${key} must be a calendar date (YYYY-MM-DD)`, 'date_parsing', value));
    }
  }
  const bounds = datesValid ? ingestionBoundsIssue(input) : null;
  if (bounds) issues.push(bounds);
  return issues;
}

/** Throws the 422 for `issues`, if any. */
export function assertNoIssues(issues: ValidationIssue[]): void {
  if (issues.length > 0) throw new ValidationError(issues);
}

export type UndoSelector = { userId: string } | { clientUserId: string };

interface SelectorKeys {
  user_id?: unknown;
  client_user_id?: unknown;
}

function pick(keys: SelectorKeys): UndoSelector | null {
  if (typeof keys.user_id === 'string') return { userId: keys.user_id };
  if (typeof keys.client_user_id === 'string') return { clientUserId: keys.client_user_id };
  return null;
}

/**
 * Who `POST /v2/user/undo_delete` names: the query when it names anyone, else the JSON body;
 * `user_id` before `client_user_id` within one source; neither → 422.
 */
export function undoSelector(query: SelectorKeys, body: unknown): UndoSelector {
  const fromBody = body !== null && typeof body === 'object' ? (body as SelectorKeys) : {};
  const selector = pick(query) ?? pick(fromBody);
  if (selector) return selector;
  throw ValidationError.single(
    ['query', 'user_id'],
    'Name the user to restore with user_id or client_user_id (query or JSON body)',
    'missing',
    query,
  );
}
