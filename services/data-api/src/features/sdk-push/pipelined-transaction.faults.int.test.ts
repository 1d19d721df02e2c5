import type request from 'supertest';
import { createKnex, type Knex } from '@meridian/db';
import {
  connectionsOutsideTransaction,
  createTestDatabase,
  idleInTransaction,
  lockWaitEnded,
  lockWaiter,
  type LockWaiter,
  type TestDatabase,
} from '@meridian/test-utils';
import {
  createUser,
  heartRates,
  outboxCounts,
  push,
  pushTestApp,
  sampleCount,
  seedTenant,
  signIn,
  type PushTestApp,
  type Tenant,
} from './sdk-push.test-fixtures';

/**
 * Faults injected into the push's pipelined transaction (BEGIN with the first statement, COMMIT with the last,
 * pipelined-transaction.ts) on a real PostgreSQL: the backend terminated while a statement waits on a lock, a
 * lock or statement timeout in the statement sent with BEGIN, in a middle one, in the activity's read run ahead
 * with the samples' insert (whose error is the insert's) and in the one sent with COMMIT,
 * a unique violation and a serialization failure in the last. Each time the transaction keeps nothing, its error
 * reaches the push service (which then stores the batch resource by resource, as designed: what ends up stored
 * is exactly what a clean push stores, once), the pool's connections are usable and outside any transaction,
 * and the next push succeeds.
 */

jest.setTimeout(120_000);

const NOW = new Date('2026-11-20T12:00:00.000Z');
const DAY_MS = 86_400_000;

/** `read`: the activity's read, run ahead with the samples' insert (its exchange) once parsed on the connection. */
type Target = 'first' | 'middle' | 'read' | 'last';

/** The statement each target waits in, as pg_stat_activity shows it. */
const WAITING_IN: Record<Target, RegExp> = {
  first: /^with lk as materialized/,
  middle: /insert into samples_p\d+ /,
  read: /^select \(select coalesce\(json_agg\(a\)/,
  last: /^with events as \(insert into outbox /,
};

describe('pipelined push transaction under faults', () => {
  let db: TestDatabase;
  let tenant: Tenant;
  let seq = 0;
  /** Outbox rows of a clean push of `batch(…)` after two others of the device (daily data). */
  let reference: Record<string, number>;

  const APP = 'meridian_push_faults';
  const POOL = 1;

  beforeAll(async () => {
    db = await createTestDatabase();
    tenant = await seedTenant(db.knex);
    await db.knex.raw(`create table fault_switch (kind text primary key)`);
    await db.knex.raw(`create function fault_raise() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from fault_switch where kind = 'unique') then
          raise exception 'injected duplicate' using errcode = 'unique_violation';
        end if;
        if exists (select 1 from fault_switch where kind = 'serialization') then
          raise exception 'injected serialization failure' using errcode = 'serialization_failure';
        end if;
        return new;
      end $$`);
    // Only the push's last statement inserts a completed batch (the fallback claims, then updates).
    await db.knex.raw(`create trigger fault_raise before insert on sdk_push_batches for each row
      when (new.status = 'completed') execute function fault_raise()`);
    const app = appOn(db.knex);
    const d = await device(app);
    for (let i = 1; i <= 2; i += 1) expect((await push(app.app, d.accessToken, batch(i))).status).toBe(200);
    await db.knex.raw(`delete from outbox where user_id = ?`, [d.userId]);
    expect((await push(app.app, d.accessToken, batch(10))).status).toBe(200);
    reference = await outboxCounts(db.knex, d.userId);
    expect(Object.keys(reference).length).toBeGreaterThan(0);
  });
  afterAll(() => db.destroy());

  const appOn = (knex: Knex) => pushTestApp(knex, { now: NOW, limits: { maxRecords: 300 } });

  const batch = (n: number) => ({
    batch_id: `fault-${n}`,
    sent_at: '2026-11-20T11:59:58Z',
    time_zone: 'Europe/Berlin',
    resources: [
      {
        resource: 'heartrate',
        anchor: `anchor-${n}`,
        records: heartRates(new Date(NOW.getTime() - 3 * DAY_MS + n * 3_600_000), 20),
      },
    ],
  });

  async function device(app: PushTestApp) {
    const userId = await createUser(app.app, tenant.sandboxKey);
    return signIn(app.app, tenant.sandboxKey, userId, `install-${(seq += 1)}`);
  }

  /**
   * A knex pool as the data API's, with its own application name and session settings; one connection, so
   * that the warm-up pushes parse the push's statements on the connection the faulty push runs on (its BEGIN
   * then rides with its first statement).
   */
  function appKnex(settings: Record<string, string>): Knex {
    const options = Object.entries(settings)
      .map(([k, v]) => `-c ${k}=${v}`)
      .join(' ');
    return createKnex({
      connectionString: `${db.url}${db.url.includes('?') ? '&' : '?'}options=${encodeURIComponent(options)}`,
      applicationName: APP,
      poolMax: POOL,
      acquireTimeoutMs: 60_000,
    });
  }

  /** The app's backend waiting on a lock (polled until it does), with its statement. */
  const waiting = () => lockWaiter(db.knex, APP, 'the push');

  const stopsWaiting = (w: Pick<LockWaiter, 'pid' | 'started'>) => lockWaitEnded(db.knex, w);

  /** The lock `target`'s statement of a push of `userId`/`deviceId` waits on, held by `trx`. */
  async function lockFor(trx: Knex.Transaction, target: Target, userId: string, deviceId: string) {
    if (target === 'first') await trx.raw(`select 1 from users where id = ? for update`, [userId]);
    if (target === 'middle') await trx.raw(`lock table timeseries_samples in share mode`);
    // The read's workouts come from summaries, which nothing of the push touches before it.
    if (target === 'read') await trx.raw(`lock table summaries in access exclusive mode`);
    if (target === 'last') await trx.raw(`select 1 from sdk_devices where id = ? for update`, [deviceId]);
  }

  /** Every connection of the pool answers, outside any transaction; none of the app's is idle in one. */
  async function poolIsClean(knex: Knex): Promise<void> {
    expect(await connectionsOutsideTransaction(knex, POOL)).toEqual(Array.from({ length: POOL }, () => true));
    expect(await idleInTransaction(db.knex, APP)).toBe(0);
  }

  /**
   * A push of a fresh device whose pipelined transaction meets `fault`; afterwards what is stored is exactly a
   * clean push's (the transaction kept nothing: the fallback stored the batch once), the fault was logged as
   * the transaction's error, the pool is clean and the next push succeeds.
   */
  async function pushUnderFault(
    settings: Record<string, string>,
    /** Injects the fault around `start` (which sends the push) and answers its response. */
    fault: (
      ctx: { userId: string; deviceId: string },
      start: () => Promise<request.Response>,
    ) => Promise<request.Response>,
    logged: RegExp,
    arm?: () => Promise<void>,
    /** The fault hits the statement sent with BEGIN, before the batch is taken: no fallback. */
    direct = false,
  ): Promise<void> {
    const knex = appKnex(settings);
    try {
      const app = appOn(knex);
      const d = await device(app);
      // Warm the pool's connections: the push's named statements parsed, so BEGIN rides with the first.
      for (let i = 1; i <= 2; i += 1) expect((await push(app.app, d.accessToken, batch(i))).status).toBe(200);
      await db.knex.raw(`delete from timeseries_samples where user_id = ?`, [d.userId]);
      await db.knex.raw(`delete from outbox where user_id = ?`, [d.userId]);
      const before = app.logged().length;
      await arm?.();
      const answer = await fault({ userId: d.userId, deviceId: d.deviceId }, () =>
        push(app.app, d.accessToken, batch(10)).then((r) => r),
      );
      const lines = app.logged().slice(before);
      if (direct) {
        // The statement sent with BEGIN failed: the push answers the error, having written nothing.
        expect(answer.status).toBe(500);
        expect(lines.filter((l) => l.includes('unhandled error')).join('\n')).toMatch(logged);
        expect(lines.filter((l) => l.includes('resource by resource'))).toEqual([]);
        expect(await outboxCounts(db.knex, d.userId)).toEqual({});
        expect(await sampleCount(db.knex, d.userId)).toBe(0);
        expect(
          await db
            .knex('sdk_push_batches')
            .where({ device_id: d.deviceId, batch_id: 'fault-10' })
            .select('status'),
        ).toEqual([]);
        await poolIsClean(knex);
        // Its resend is stored whole, in its one transaction (below).
      } else {
        // The transaction failed after the batch was taken: its error reaches the service, which stores the
        // batch resource by resource (as designed).
        expect(lines.filter((l) => l.includes('resource by resource')).join('\n')).toMatch(logged);
        expect(answer.status).toBe(200);
      }
      const stored = direct ? await push(app.app, d.accessToken, batch(10)) : answer;
      expect(stored.body).toMatchObject({ results: [{ status: 'stored', samples_created: 20 }] });
      // Once, whole: the events as a clean push's (none of the failed transaction's), every sample.
      expect(await outboxCounts(db.knex, d.userId)).toEqual(reference);
      expect(await sampleCount(db.knex, d.userId)).toBe(20);
      const batches = await db
        .knex('sdk_push_batches')
        .where({ device_id: d.deviceId, batch_id: 'fault-10' })
        .select('status');
      expect(batches).toEqual([{ status: 'completed' }]);
      await poolIsClean(knex);
      // The next push goes through its one transaction.
      const next = await push(app.app, d.accessToken, batch(11));
      expect(next.status).toBe(200);
      expect(await sampleCount(db.knex, d.userId)).toBe(40);
      expect(
        app
          .logged()
          .slice(before)
          .filter((l) => l.includes('resource by resource')),
      ).toHaveLength(direct ? 0 : 1);
      await poolIsClean(knex);
    } finally {
      await knex.destroy();
    }
  }

  /** A conflicting lock held by a second connection until the push's `target` statement waits and `then`. */
  const whileWaiting =
    (target: Target, then: (w: { pid: number; started: string }) => Promise<void>) =>
    async (ctx: { userId: string; deviceId: string }, start: () => Promise<request.Response>) => {
      const blocker = await db.knex.transaction();
      let pushed: Promise<request.Response>;
      try {
        await lockFor(blocker, target, ctx.userId, ctx.deviceId);
        pushed = start();
        const w = await Promise.race([
          waiting(),
          pushed.then((r) => {
            throw new Error(
              `the push finished without waiting on the lock: ${JSON.stringify({ status: (r as { status: number }).status, body: (r as { body: unknown }).body })}`,
            );
          }),
        ]);
        expect(w.query.replace(/\s+/g, ' ').trim()).toMatch(WAITING_IN[target]);
        await then(w);
      } finally {
        await blocker.rollback();
      }
      return pushed;
    };

  describe.each(['first', 'middle', 'read', 'last'] as const)('in the %s statement', (target) => {
    it('the backend terminated while it waits on a lock', async () => {
      await pushUnderFault(
        { lock_timeout: '0' },
        whileWaiting(target, async (w) => {
          await db.knex.raw(`select pg_terminate_backend(?)`, [w.pid]);
        }),
        // (An error without a code when the connection ended before PostgreSQL's answer was read.)
        /terminat|57P01|"error":\{"name":"Error"\}/i,
        undefined,
        target === 'first',
      );
    });

    it('lock_timeout', async () => {
      await pushUnderFault(
        { lock_timeout: '1500' },
        whileWaiting(target, stopsWaiting),
        /lock timeout|55P03/,
        undefined,
        target === 'first',
      );
    });

    it('statement_timeout', async () => {
      await pushUnderFault(
        { statement_timeout: '2500' },
        whileWaiting(target, stopsWaiting),
        /statement timeout|57014/,
        undefined,
        target === 'first',
      );
    });
  });

  it.each([
    ['unique', /injected duplicate|23505/],
    ['serialization', /injected serialization failure|40001/],
  ] as const)('a %s error in the statement sent with COMMIT', async (kind, logged) => {
    await pushUnderFault(
      {},
      (_ctx, start) => start().finally(() => db.knex('fault_switch').delete()),
      logged,
      // Only the push's last statement inserts a completed batch (the fallback claims, then updates).
      async () => {
        await db.knex('fault_switch').insert({ kind });
      },
    ).finally(() => db.knex('fault_switch').delete());
  });
});
