import type { Knex } from '@meridian/db';
import { waitFor } from './wait-for';

/**
 * Helpers for fault-injection tests that stop a statement on a lock (held by another connection), then act
 * while it waits: which backend waits, when it stops, and whether the pool under test is left clean.
 */

/** A backend waiting on a lock, with its statement and when that statement started. */
export interface LockWaiter {
  pid: number;
  query: string;
  started: string;
}

const POLL = { timeoutMs: 60_000, intervalMs: 25 };

/** The first backend of `applicationName` waiting on a lock (polled until one does). */
export async function lockWaiter(knex: Knex, applicationName: string, what: string): Promise<LockWaiter> {
  try {
    const waiter = await waitFor(async () => {
      const { rows } = await knex.raw<{ rows: LockWaiter[] }>(
        `select pid, query, query_start::text as started from pg_stat_activity
          where datname = current_database() and application_name = ? and wait_event_type = 'Lock'`,
        [applicationName],
      );
      return rows[0];
    }, POLL);
    if (waiter) return waiter;
  } catch {
    // no waiter before the deadline
  }
  throw new Error(`no statement of ${what} waited on the lock`);
}

/** Until the statement `w` no longer waits (it gave up; the backend may wait again in a later one). */
export async function lockWaitEnded(knex: Knex, w: Pick<LockWaiter, 'pid' | 'started'>): Promise<void> {
  try {
    await waitFor(async () => {
      const { rows } = await knex.raw<{ rows: unknown[] }>(
        `select 1 from pg_stat_activity where pid = ? and query_start::text = ? and wait_event_type = 'Lock'`,
        [w.pid, w.started],
      );
      return rows.length === 0;
    }, POLL);
  } catch {
    throw new Error('the statement kept waiting');
  }
}

/** For `count` connections taken from `pool`'s pool at once: whether each is outside any transaction. */
export async function connectionsOutsideTransaction(pool: Knex, count: number): Promise<boolean[]> {
  const client = pool.client as {
    acquireConnection(): Promise<{ query(text: string): Promise<{ rows: Array<{ outside: boolean }> }> }>;
    releaseConnection(c: unknown): Promise<unknown>;
  };
  const connections = await Promise.all(Array.from({ length: count }, () => client.acquireConnection()));
  try {
    const outside: boolean[] = [];
    for (const c of connections) {
      const { rows } = await c.query('select now() = statement_timestamp() as outside');
      outside.push(rows[0]!.outside);
    }
    return outside;
  } finally {
    for (const c of connections) await client.releaseConnection(c);
  }
}

/** How many backends of `applicationName` sit idle inside a transaction. */
export async function idleInTransaction(knex: Knex, applicationName: string): Promise<number> {
  const { rows } = await knex.raw<{ rows: Array<{ n: number }> }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = ? and state like 'idle in transaction%'`,
    [applicationName],
  );
  return rows[0]!.n;
}
