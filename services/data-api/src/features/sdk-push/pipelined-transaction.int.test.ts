import { createKnex, type Knex } from '@meridian/db';
import { RAN_AHEAD_OPTION, RUN_AHEAD_OPTION, type RunAhead } from '@meridian/ingestion';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { withPipelinedTransaction, WITH_COMMIT } from './pipelined-transaction';

/**
 * The push's transaction with BEGIN and COMMIT sent along with its first and last statements: what commits is
 * kept, a failure anywhere keeps nothing, and the connection goes back to the pool outside any transaction.
 */

describe('withPipelinedTransaction', () => {
  let db: TestDatabase;
  const TABLE = 'pipelined_transaction_probe';
  // A named statement, as the push's first one is (paired with BEGIN once parsed on the connection).
  const FIRST = `insert into ${TABLE} (k, v) values (?, ?) returning k`;
  const LAST = `insert into ${TABLE} (k, v) values (?, ?)`;

  const rows = async () =>
    (await db.knex(TABLE).select('k', 'v').orderBy('k')) as Array<{ k: string; v: number }>;
  /** Whether no connection to the test database is left inside a transaction (open or aborted). */
  const outsideTransaction = async () =>
    (
      await db.knex.raw<{ rows: Array<{ n: number }> }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%'`,
      )
    ).rows[0]!.n === 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.knex.raw(`create table ${TABLE} (k text primary key, v int not null check (v >= 0))`);
  });
  afterAll(async () => {
    await db.destroy();
  });
  beforeEach(async () => {
    await db.knex(TABLE).delete();
  });

  async function run(keys: { first: string; middle?: string; last: string }, v = 1): Promise<string> {
    return withPipelinedTransaction(db.knex, async (trx) => {
      const first = await trx
        .raw<{ rows: Array<{ k: string }> }>(FIRST, [keys.first, v])
        .options({ name: 'pipelined_probe_first' });
      if (keys.middle) await trx.raw(`insert into ${TABLE} (k, v) values (?, ?)`, [keys.middle, v]);
      const last = await trx
        .raw(LAST, [keys.last, v])
        .options({ name: 'pipelined_probe_last', ...WITH_COMMIT });
      // The statement sent with the COMMIT answers at once, without rows.
      expect((last as { rows: unknown[] }).rows).toEqual([]);
      return first.rows[0]!.k;
    });
  }

  it('commits every statement, the first with its rows, over and over on the same connections', async () => {
    for (let i = 0; i < 12; i += 1) {
      await expect(run({ first: `a${i}`, middle: `b${i}`, last: `c${i}` })).resolves.toBe(`a${i}`);
    }
    expect((await rows()).length).toBe(36);
    expect(await outsideTransaction()).toBe(true);
  });

  it('sends BEGIN, SAVEPOINT and COMMIT with the statements next to them: three round trips fewer', async () => {
    // One connection, whose answers (ReadyForQuery: one per round trip) are counted.
    const one = createKnex({ connectionString: db.url, poolMax: 1 });
    let answers = 0;
    const pool = one.client as { acquireConnection(): Promise<{ connection: NodeJS.EventEmitter }> };
    const acquire = pool.acquireConnection.bind(pool);
    const counted = new WeakSet<object>();
    pool.acquireConnection = async () => {
      const c = await acquire();
      if (!counted.has(c)) {
        counted.add(c);
        c.connection.on('readyForQuery', () => (answers += 1));
      }
      return c;
    };
    try {
      const perRun: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const before = answers;
        await withPipelinedTransaction(one, async (trx) => {
          await trx.raw(FIRST, [`f${i}`, 1]).options({ name: 'pipelined_probe_first' });
          await trx.raw('savepoint probe_point');
          await trx.raw(`insert into ${TABLE} (k, v) values (?, ?)`, [`m${i}`, 1]);
          await trx.raw(LAST, [`l${i}`, 1]).options({ name: 'pipelined_probe_last', ...WITH_COMMIT });
        });
        perRun.push(answers - before);
      }
      // BEGIN, a statement, SAVEPOINT, two statements, COMMIT: six round trips alone. The first run parses the
      // first statement on the connection (its BEGIN goes alone); from then on, three.
      expect(perRun).toEqual([4, 3, 3, 3]);
      expect((await rows()).length).toBe(12);
      // The connection's other transactions go as before: BEGIN, the statement, COMMIT.
      const before = answers;
      await one.transaction(async (trx) => {
        await trx.raw(LAST, ['plain', 1]).options({ name: 'pipelined_probe_last', ...WITH_COMMIT });
      });
      expect(answers - before).toBe(3);
      expect((await rows()).length).toBe(13);
    } finally {
      await one.destroy();
    }
  });

  it('sends a SAVEPOINT with the next statement; rolling back to it keeps what came before', async () => {
    const one = createKnex({ connectionString: db.url, poolMax: 1 });
    try {
      for (let i = 0; i < 3; i += 1) {
        await withPipelinedTransaction(one, async (trx) => {
          await trx.raw(FIRST, [`s${i}`, 1]).options({ name: 'pipelined_probe_first' });
          await trx.raw('savepoint probe_point');
          // A duplicate key right after the savepoint (the statement it goes with): back to the savepoint.
          const failed = await trx
            .raw(`insert into ${TABLE} (k, v) values (?, ?)`, [`s${i}`, 2])
            .options({ name: 'pipelined_probe_dup' })
            .then(
              () => null,
              (err: { code?: string }) => err.code,
            );
          expect(failed).toBe('23505');
          await trx.raw('rollback to savepoint probe_point');
          await trx.raw(LAST, [`t${i}`, 1]).options({ name: 'pipelined_probe_last', ...WITH_COMMIT });
        });
      }
      expect(await rows()).toEqual(['s0', 's1', 's2', 't0', 't1', 't2'].map((k) => ({ k, v: 1 })));
      expect(await outsideTransaction()).toBe(true);
    } finally {
      await one.destroy();
    }
  });

  it('keeps nothing when the last statement fails, and hands on its error', async () => {
    for (let i = 0; i < 3; i += 1) await run({ first: `w${i}`, last: `x${i}` });
    await db.knex(TABLE).delete();
    // A duplicate key in the statement sent with the COMMIT.
    await expect(run({ first: 'p', middle: 'q', last: 'p' })).rejects.toMatchObject({ code: '23505' });
    expect(await rows()).toEqual([]);
    expect(await outsideTransaction()).toBe(true);
    await run({ first: 'r', last: 's' });
    expect((await rows()).map((r) => r.k)).toEqual(['r', 's']);
  });

  it('keeps nothing when the first statement fails (it ran inside the transaction)', async () => {
    for (let i = 0; i < 3; i += 1) await run({ first: `w${i}`, last: `x${i}` });
    await db.knex(TABLE).delete();
    await expect(run({ first: 'p', last: 'q' }, -1)).rejects.toMatchObject({ code: '23514' });
    expect(await rows()).toEqual([]);
    expect(await outsideTransaction()).toBe(true);
    await run({ first: 'r', last: 's' });
    expect((await rows()).map((r) => r.k)).toEqual(['r', 's']);
  });

  it('rolls back when the work throws, the statement held for the commit included', async () => {
    await expect(
      withPipelinedTransaction(db.knex, async (trx) => {
        await trx.raw(FIRST, ['m', 1]).options({ name: 'pipelined_probe_first' });
        await trx.raw(LAST, ['n', 1]).options({ name: 'pipelined_probe_last', ...WITH_COMMIT });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await rows()).toEqual([]);
    await expect(withPipelinedTransaction(db.knex, () => Promise.resolve('nothing run'))).resolves.toBe(
      'nothing run',
    );
    expect(await outsideTransaction()).toBe(true);
  });

  describe('a read run ahead with the statement before it', () => {
    // What the read sees depends on what ran before it in the transaction.
    const READ = `select count(*)::int as n, string_agg(k, ',' order by k) as ks, 10 / ?::int as q
      from ${TABLE} where v >= ?`;
    const READ_NAME = 'pipelined_probe_read';
    const readAhead = (trx: Knex.Transaction, divisor: number): RunAhead => {
      const native = trx.raw(READ, [divisor, 0]).toSQL().toNative();
      return { key: {}, text: native.sql, values: native.bindings, name: READ_NAME };
    };
    const read = (trx: Knex.Transaction, divisor: number, ahead?: RunAhead) =>
      trx
        .raw<{ rows: Array<{ n: number; ks: string; q: number }> }>(READ, [divisor, 0])
        .options({ name: READ_NAME, ...(ahead ? { [RAN_AHEAD_OPTION]: ahead.key } : {}) })
        .then((r) => r.rows);

    /** One connection whose answers (ReadyForQuery: one per round trip) are counted. */
    function countedKnex() {
      const one = createKnex({ connectionString: db.url, poolMax: 1 });
      const counter = { answers: 0 };
      const pool = one.client as { acquireConnection(): Promise<{ connection: NodeJS.EventEmitter }> };
      const acquire = pool.acquireConnection.bind(pool);
      const counted = new WeakSet<object>();
      pool.acquireConnection = async () => {
        const c = await acquire();
        if (!counted.has(c)) {
          counted.add(c);
          c.connection.on('readyForQuery', () => (counter.answers += 1));
        }
        return c;
      };
      return { one, counter };
    }

    it('goes in the round trip of the statement before it once parsed on the connection, answering what it would alone', async () => {
      const { one, counter } = countedKnex();
      try {
        const perRun: number[] = [];
        for (let i = 0; i < 4; i += 1) {
          const before = counter.answers;
          const answer = await withPipelinedTransaction(one, async (trx) => {
            await trx.raw(FIRST, [`a${i}`, 1]).options({ name: 'pipelined_probe_first' });
            await trx.raw('savepoint probe_point');
            const ahead = readAhead(trx, 5);
            const inserted = await trx
              .raw<{ rowCount: number }>(`insert into ${TABLE} (k, v) values (?, ?)`, [`b${i}`, 1])
              .options({ name: 'pipelined_probe_middle', [RUN_AHEAD_OPTION]: ahead });
            expect(inserted.rowCount).toBe(1);
            const rowsRead = await read(trx, 5, ahead);
            await trx.raw(LAST, [`c${i}`, 1]).options({ name: 'pipelined_probe_last', ...WITH_COMMIT });
            return rowsRead;
          });
          // The read sees both rows written before it in its transaction, as a read of its own would.
          const keys = Array.from({ length: i + 1 }, (_, j) => [`a${j}`, `b${j}`]).flat();
          expect(answer).toEqual([{ n: 3 * i + 2, ks: expect.any(String), q: 2 }]);
          expect(answer[0]!.ks.split(',')).toEqual(
            [...keys, ...Array.from({ length: i }, (_, j) => `c${j}`)].sort(),
          );
          perRun.push(counter.answers - before);
        }
        // The first run parses the statements on the connection (BEGIN and the read go alone); then BEGIN with
        // the first statement, the SAVEPOINT, the insert and the read together, the last with the COMMIT.
        expect(perRun[0]).toBeGreaterThan(3);
        expect(perRun.slice(1)).toEqual([3, 3, 3]);
        expect(await outsideTransaction()).toBe(true);
      } finally {
        await one.destroy();
      }
    });

    it('is dropped when another statement comes first: the read then runs after it, and sees it', async () => {
      const { one, counter } = countedKnex();
      try {
        for (let i = 0; i < 3; i += 1) {
          const before = counter.answers;
          const answer = await withPipelinedTransaction(one, async (trx) => {
            await trx.raw(FIRST, [`d${i}`, 1]).options({ name: 'pipelined_probe_first' });
            const ahead = readAhead(trx, 5);
            await trx
              .raw(`insert into ${TABLE} (k, v) values (?, ?)`, [`e${i}`, 1])
              .options({ name: 'pipelined_probe_middle', [RUN_AHEAD_OPTION]: ahead });
            await trx.raw(`insert into ${TABLE} (k, v) values (?, ?)`, [`f${i}`, 1]);
            const rowsRead = await read(trx, 5, ahead);
            await trx.raw(LAST, [`g${i}`, 1]).options({ name: 'pipelined_probe_last', ...WITH_COMMIT });
            return rowsRead;
          });
          expect(answer[0]!.n).toBe(4 * i + 3);
          expect(answer[0]!.ks.split(',')).toContain(`f${i}`);
          // BEGIN with the first, the insert (with the read, dropped), the other insert, the read, the last.
          if (i > 0) expect(counter.answers - before).toBe(5);
        }
        // A read with another key is not answered from one run ahead either.
        const answer = await withPipelinedTransaction(one, async (trx) => {
          const ahead = readAhead(trx, 5);
          await trx
            .raw(`insert into ${TABLE} (k, v) values (?, ?)`, ['h', 1])
            .options({ name: 'pipelined_probe_middle', [RUN_AHEAD_OPTION]: ahead });
          return read(trx, 2, readAhead(trx, 2));
        });
        expect(answer).toEqual([{ n: 13, ks: expect.any(String), q: 5 }]);
        expect(await rows()).toHaveLength(13);
      } finally {
        await one.destroy();
      }
    });

    it('fails the statement it went with when it fails: nothing is kept', async () => {
      const { one } = countedKnex();
      try {
        for (let i = 0; i < 2; i += 1) {
          await withPipelinedTransaction(one, async (trx) => {
            const ahead = readAhead(trx, 1);
            await trx
              .raw(`insert into ${TABLE} (k, v) values (?, ?)`, [`i${i}`, 1])
              .options({ name: 'pipelined_probe_middle', [RUN_AHEAD_OPTION]: ahead });
            await read(trx, 1, ahead);
          });
        }
        // Division by zero in the read, which runs ahead (parsed on the connection by now).
        await expect(
          withPipelinedTransaction(one, async (trx) => {
            const ahead = readAhead(trx, 0);
            await trx
              .raw(`insert into ${TABLE} (k, v) values (?, ?)`, ['j', 1])
              .options({ name: 'pipelined_probe_middle', [RUN_AHEAD_OPTION]: ahead });
            await read(trx, 0, ahead);
            await trx.raw(LAST, ['k', 1]).options({ name: 'pipelined_probe_last', ...WITH_COMMIT });
          }),
        ).rejects.toMatchObject({ code: '22012' });
        expect((await rows()).map((r) => r.k)).toEqual(['i0', 'i1']);
        expect(await outsideTransaction()).toBe(true);
      } finally {
        await one.destroy();
      }
    });

    it('runs as usual outside a pipelined transaction', async () => {
      const answer = await db.knex.transaction(async (trx) => {
        const ahead = readAhead(trx, 5);
        await trx
          .raw(`insert into ${TABLE} (k, v) values (?, ?)`, ['u', 1])
          .options({ name: 'pipelined_probe_middle', [RUN_AHEAD_OPTION]: ahead });
        return read(trx, 5, ahead);
      });
      expect(answer).toEqual([{ n: 1, ks: 'u', q: 2 }]);
    });
  });
});
