import type { Knex } from '@meridian/db';
import { encodeCursor, type KeysetPosition } from './keyset-cursor';

/** Page size of every management list (they take no `limit`: api-shapes §8.2 lists none for them). */
export const MANAGEMENT_PAGE_SIZE = 50;

export interface Page<T> {
  items: T[];
  /** The position after the page, unsealed: the service seals it for its list and org (`sealCursor`). */
  nextCursor: string | null;
}

/** A row as a keyset query returns it: the sort timestamp printed for the cursor, and the id. */
export interface KeysetRow {
  id: string;
  cursor_at: string;
}

/** Selects the sort column printed with microseconds in UTC, the exact form `decodeCursor` accepts back. */
export function cursorColumn(db: Knex | Knex.Transaction, column: string): Knex.Raw {
  return db.raw(`to_char(?? at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`, [column]);
}

/** Rows strictly after `position` in `(column, id)` order. */
export function afterPosition<Q extends Knex.QueryBuilder>(
  query: Q,
  column: string,
  idColumn: string,
  position: KeysetPosition | undefined,
): Q {
  if (!position) return query;
  return query.whereRaw('(??, ??) > (?::timestamptz, ?::uuid)', [
    column,
    idColumn,
    position.at,
    position.id,
  ]) as Q;
}

/** Cuts a `limit + 1` fetch into a page and the cursor of the next one. */
export function toPage<R extends KeysetRow>(rows: R[], limit: number): Page<R> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}
