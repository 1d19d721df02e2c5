import { isUuid, ValidationError } from '@meridian/domain';
import type { CursorCodec, CursorScope } from '@meridian/platform';

/**
 * Keyset position of a management list: the sort timestamp (as PostgreSQL printed it, microseconds kept,
 * so no row is skipped or repeated) and the row id. Repositories hand it on as text (`timestamp,id`); the
 * service seals that text with the cursor codec for the list and the org (issue 11), so `next_cursor` on
 * the wire is opaque, and a cursor altered, forged, or issued to another org or list is a 422.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** The scope of a management list's cursors: the list, then the org (and the place) it was read in. */
export const listScope = (list: string, ...tenant: string[]): CursorScope => [
  `management-api/${list}`,
  ...tenant,
];

const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The unsealed position text a repository's page carries (never sent as it is: see `sealCursor`). */
export function encodeCursor(position: KeysetPosition): string {
  return `${position.at},${position.id}`;
}

function isRealTimestamp(at: string): boolean {
  const ms = Date.parse(at);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === at.slice(0, 19);
}

const invalidCursor = (cursor: string) =>
  ValidationError.single(['query', 'next_cursor'], 'Invalid cursor', 'value_error', cursor, {});

/** The position text sealed in `next_cursor` for `scope`; absent → the first page; anything else → 422. */
export function openCursor(
  cursors: CursorCodec,
  scope: CursorScope,
  cursor: string | undefined,
): string | undefined {
  if (cursor === undefined) return undefined;
  const text = cursors.open(scope, cursor);
  if (text === undefined) throw invalidCursor(cursor);
  return text;
}

/** The `next_cursor` of a page: its position sealed for `scope`; null (the last page) stays null. */
export function sealCursor(cursors: CursorCodec, scope: CursorScope, text: string | null): string | null {
  return text === null ? null : cursors.seal(scope, text);
}

/**
 * Decodes `next_cursor` into a keyset position; ids are uuids unless `isId` says otherwise (webhook ids are
 * `ep_…`). Anything we did not seal for this list and org is a 422 on `["query", "next_cursor"]`.
 */
export function decodeCursor(
  cursors: CursorCodec,
  scope: CursorScope,
  cursor: string | undefined,
  isId: (id: string) => boolean = isUuid,
): KeysetPosition | undefined {
  const text = openCursor(cursors, scope, cursor);
  if (text === undefined) return undefined;
  const cut = text.lastIndexOf(',');
  const at = text.slice(0, cut);
  const id = text.slice(cut + 1);
  if (cut < 0 || !TIMESTAMP_RE.test(at) || !isRealTimestamp(at) || !isId(id)) throw invalidCursor(cursor!);
  return { at, id };
}
