import { isUuid, ValidationError } from '@meridian/domain';
import { openCursorParam, type CursorCodec, type CursorScope } from '@meridian/platform';

/**
 * Opaque page cursors of the introspection endpoints: the position (created_on, user_id) of the last user
 * of the previous page, sealed by the cursor codec for the list and the caller's team environment (issue
 * 11). created_on is carried at PostgreSQL's microsecond precision, as text.
 */

export interface UserPosition {
  /** created_on as PostgreSQL renders it in UTC (microseconds). */
  createdOn: string;
  userId: string;
}

const CREATED_ON_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursors: CursorCodec, scope: CursorScope, position: UserPosition): string {
  return cursors.seal(scope, JSON.stringify({ c: position.createdOn, u: position.userId }));
}

function decode(text: string): UserPosition | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { c, u } = parsed as { c?: unknown; u?: unknown };
    if (typeof c !== 'string' || !CREATED_ON_RE.test(c) || Number.isNaN(Date.parse(c)) || !isUuid(u)) {
      return undefined;
    }
    return { createdOn: c, userId: u };
  } catch {
    return undefined;
  }
}

/**
 * The position to continue after: `next_cursor` wins over the deprecated `cursor`; absent or empty means
 * the first page; a cursor this API did not issue → 422 at the parameter that carried it.
 */
export function pagePosition(
  cursors: CursorCodec,
  scope: CursorScope,
  nextCursor: unknown,
  cursor: unknown,
): UserPosition | null {
  const [name, value] =
    typeof nextCursor === 'string' && nextCursor !== '' ? ['next_cursor', nextCursor] : ['cursor', cursor];
  if (typeof value !== 'string' || value === '') return null;
  const text = openCursorParam(cursors, scope, value, name);
  const position = text === undefined ? undefined : decode(text);
  if (!position) {
    throw ValidationError.single(['query', name], 'Invalid cursor', 'value_error', value, {});
  }
  return position;
}
