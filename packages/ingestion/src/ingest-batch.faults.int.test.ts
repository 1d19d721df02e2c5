import { createKnex, type Knex } from '@meridian/db';
import {
  connectionsOutsideTransaction,
  idleInTransaction,
  lockWaitEnded,
  lockWaiter,
  type LockWaiter,
} from '@meridian/test-utils';
import { NOW, useIngestionFixture } from './__tests__/ingestion-fixture';
import { createIngestion } from './create-ingestion';

/**
 * Faults injected into ingestion's transaction, whose BEGIN rides with the user's read (`begunWithFirstStatement`)
 * on a real PostgreSQL: the backend terminated while a statement waits on a lock, a lock or statement timeout in
 * the read sent with BEGIN, in the samples' insert and in the last statement (the events), a unique violation
 * and a serialization failure in the last. Each time the ingest rejects, nothing of it is kept, the pool's
 * connections are usable and outside any transaction, and the next ingest succeeds.
 */

jest.setTimeout(120_000);

type Target = 'first' | 'middle' | 'last';

/** The statement each target waits in, as pg_stat_activity shows it. */
const WAITING_IN: Record<Target, RegExp> = {
  first: /^begin; select .* for key share of u; savepoint/,
  middle: /insert into samples_p\d+ /,
  last: /^insert into "outbox"/,
};

const APP = 'meridian_ingest_faults';

describe('ingestion transaction under faults', () => {
  const fx = useIngestionFixture();

  beforeAll(async () => {
    await fx.db.knex.raw(`create table fault_switch (kind text primary key)`);
    await fx.db.knex.raw(`create function fault_raise() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from fault_switch where kind = 'unique') then
          raise exception 'injected duplicate' using errcode = 'unique_violation';
        end if;
        if exists (select 1 from fault_switch where kind = 'serialization') then
          raise exception 'injected serialization failure' using errcode = 'serialization_failure';
        end if;
        return new;
      end $$`);
    await fx.db.knex.raw(
      `create trigger fault_raise before insert on outbox for each row execute function fault_raise()`,
    );
  });

  const DAY_MS = 86_400_000;
  const day = (userId: string, n: number) => {
    const start = Date.UTC(2026, 2, 1) + n * DAY_MS - 3_600_000;
    return {
      userId,
      mode: 'daily' as const,
      timeseries: [
        {
          resource: 'heartrate',
          source: { provider: 'garmin', type: 'watch' as const },
          samples: Array.from({ length: 96 }, (_, i) => ({
            timestamp: new Date(start + i * 900_000).toISOString(),
            timezone_offset: 3600,
            value: 60 + (i % 30),
            unit: 'bpm',
          })),
        },
      ],
    };
  };

  function appKnex(settings: Record<string, string>): Knex {
    const options = Object.entries(settings)
      .map(([k, v]) => `-c ${k}=${v}`)
      .join(' ');
    const url = fx.db.url;
    return createKnex({
      connectionString: options
        ? `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(options)}`
        : url,
      applicationName: APP,
      poolMax: 2,
      acquireTimeoutMs: 60_000,
    });
  }

  const waiting = () => lockWaiter(fx.db.knex, APP, 'the ingest');

  const stopsWaiting = (w: Pick<LockWaiter, 'pid' | 'started'>) => lockWaitEnded(fx.db.knex, w);

  async function lockFor(trx: Knex.Transaction, target: Target, userId: string) {
    if (target === 'first') await trx.raw(`select 1 from users where id = ? for update`, [userId]);
    if (target === 'middle') await trx.raw(`lock table timeseries_samples in share mode`);
    if (target === 'last') await trx.raw(`lock table outbox in share mode`);
  }

  async function poolIsClean(knex: Knex): Promise<void> {
    expect(await connectionsOutsideTransaction(knex, 2)).toEqual([true, true]);
    expect(await idleInTransaction(fx.db.knex, APP)).toBe(0);
  }

  async function written(userId: string) {
    const count = async (table: string) =>
      Number(
        (await fx.db.knex(table).where({ user_id: userId }).count<Array<{ n: string }>>('* as n'))[0]!.n,
      );
    return {
      samples: await count('timeseries_samples'),
      summaries: await count('summaries'),
      outbox: await count('outbox'),
    };
  }

  async function ingestUnderFault(
    settings: Record<string, string>,
    /** Injects the fault around `start` (which starts the ingest) and answers the ingest. */
    fault: (userId: string, start: () => Promise<unknown>) => Promise<unknown>,
    error: RegExp,
    arm?: () => Promise<void>,
  ): Promise<void> {
    const knex = appKnex(settings);
    try {
      const ingestion = createIngestion({ db: knex, clock: () => NOW });
      // Warm both connections (named statements parsed) on another user.
      const warm = await fx.insertUser();
      await Promise.all([ingestion.ingest(day(warm, 1)), ingestion.ingest(day(warm, 2))]);
      const userId = await fx.insertUser();
      await arm?.();
      await expect(
        fault(userId, () => {
          const started = ingestion.ingest(day(userId, 1));
          started.catch(() => undefined);
          return started;
        }),
      ).rejects.toThrow(error);
      expect(await written(userId)).toEqual({ samples: 0, summaries: 0, outbox: 0 });
      await fx.db.knex('fault_switch').delete();
      await poolIsClean(knex);
      await expect(ingestion.ingest(day(userId, 1))).resolves.toMatchObject({ created: 96 });
      const after = await written(userId);
      expect(after.samples).toBe(96);
      expect(after.outbox).toBeGreaterThan(0);
      await poolIsClean(knex);
    } finally {
      await fx.db.knex('fault_switch').delete();
      await knex.destroy();
    }
  }

  const whileWaiting =
    (target: Target, then: (w: { pid: number; started: string }) => Promise<void>) =>
    async (userId: string, start: () => Promise<unknown>) => {
      const blocker = await fx.db.knex.transaction();
      let ingested: Promise<unknown>;
      try {
        await lockFor(blocker, target, userId);
        ingested = start();
        const w = await Promise.race([
          waiting(),
          ingested.then(
            () => {
              throw new Error('the ingest finished without waiting on the lock');
            },
            (err: unknown) => {
              throw new Error(`the ingest failed without waiting on the lock: ${String(err)}`);
            },
          ),
        ]);
        expect(w.query.replace(/\s+/g, ' ').trim()).toMatch(WAITING_IN[target]);
        await then(w);
      } finally {
        await blocker.rollback();
      }
      return ingested;
    };

  describe.each(['first', 'middle', 'last'] as const)('in the %s statement', (target) => {
    it('the backend terminated while it waits on a lock', async () => {
      await ingestUnderFault(
        { lock_timeout: '0' },
        whileWaiting(target, async (w) => {
          await fx.db.knex.raw(`select pg_terminate_backend(?)`, [w.pid]);
        }),
        /terminat|Connection terminated|closed/i,
      );
    });

    it('lock_timeout', async () => {
      await ingestUnderFault({ lock_timeout: '1500' }, whileWaiting(target, stopsWaiting), /lock timeout/);
    });

    it('statement_timeout', async () => {
      await ingestUnderFault(
        { statement_timeout: '2500' },
        whileWaiting(target, stopsWaiting),
        /statement timeout/,
      );
    });
  });

  it.each([
    ['unique', /injected duplicate/],
    ['serialization', /injected serialization failure/],
  ] as const)('a %s error in the last statement', async (kind, error) => {
    await ingestUnderFault(
      {},
      (_userId, start) => start(),
      error,
      async () => {
        await fx.db.knex('fault_switch').insert({ kind });
      },
    );
  });
});
