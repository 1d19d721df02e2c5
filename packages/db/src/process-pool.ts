import type { Knex } from 'knex';
import { createKnex, type DbOptions } from './knex';

/**
 * Opens a process's own connection pool, starts what runs on it, and returns that with a `close` that stops
 * it and then destroys the pool. If starting fails, the pool is destroyed before the error is rethrown, so
 * a process that cannot start leaves no connection open.
 */
export async function startOnOwnPool<T extends { close(): Promise<void> }>(
  options: DbOptions,
  start: (db: Knex) => Promise<T>,
): Promise<T> {
  const db = createKnex(options);
  let started: T;
  try {
    started = await start(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return {
    ...started,
    close: async () => {
      try {
        await started.close();
      } finally {
        await db.destroy();
      }
    },
  };
}
