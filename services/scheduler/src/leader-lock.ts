import type { Knex } from '@meridian/db';

/** Only one scheduler replica runs timed work: it holds a session advisory lock on a dedicated connection. */
const SCHEDULER_LEADER_LOCK = 724_115_010;

export interface LeaderLock {
  /** Tries to become (or stay) leader; false when another replica holds the lock. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

export function createLeaderLock(db: Knex, lockId = SCHEDULER_LEADER_LOCK): LeaderLock {
  let connection: unknown;
  const drop = async () => {
    const conn = connection;
    connection = undefined;
    if (conn) await db.client.releaseConnection(conn).catch(() => undefined);
  };
  return {
    async acquire() {
      try {
        if (connection) {
          // Still leader while our session is alive.
          await db.raw('select 1').connection(connection);
          return true;
        }
        const conn = await db.client.acquireConnection();
        const result = await db.raw('select pg_try_advisory_lock(?) as ok', [lockId]).connection(conn);
        if (result.rows[0]?.ok === true) {
          connection = conn;
          return true;
        }
        await db.client.releaseConnection(conn);
        return false;
      } catch {
        await drop();
        return false;
      }
    },
    async release() {
      if (connection) {
        await db
          .raw('select pg_advisory_unlock(?)', [lockId])
          .connection(connection)
          .catch(() => undefined);
      }
      await drop();
    },
  };
}
