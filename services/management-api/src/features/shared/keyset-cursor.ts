import { isUuid, ValidationError } from '@meridian/domain';

/**
 * Keyset position of a management list: the sort timestamp (as PostgreSQL printed it, microseconds kept,
 * so no row is skipped or repeated) and the row id. On the wire it is opaque base64url of `timestamp,id`.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at},${position.id}`, 'utf8').toString('base64url');
}

function isRealTimestamp(at: string): boolean {
  const ms = Date.parse(at);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === at.slice(0, 19);
}

/** Decodes `next_cursor`; anything we did not issue is a 422 on `["query", "next_cursor"]`. */
export function decodeCursor(cursor: string | undefined): KeysetPosition | undefined {
  if (cursor === undefined) return undefined;
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const cut = text.lastIndexOf(',');
  const at = text.slice(0, cut);
  const id = text.slice(cut + 1);
  if (cut < 0 || !TIMESTAMP_RE.test(at) || !isRealTimestamp(at) || !isUuid(id)) {
    throw ValidationError.single(['query', 'next_cursor'], 'Invalid cursor', 'value_error', cursor, {});
  }
  return { at, id };
}
