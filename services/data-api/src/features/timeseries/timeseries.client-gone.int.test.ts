import { createKnex, type Knex } from '@meridian/db';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import type { RowSink } from './timeseries.json';
import { createTimeseriesRepository } from './timeseries.repository';

/**
 * Issue 16: a streamed read whose client went away while it waited for a pool connection gives the
 * connection back without running its query (clientGoneError), and a read whose client is still there runs.
 */
describe('timeseries streamed read of a client that went away', () => {
  let tdb: TestDatabase;
  let knex: Knex;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    // One connection: a second read waits in the pool's queue behind the first.
    knex = createKnex({ connectionString: tdb.url, poolMax: 1, acquireTimeoutMs: 60_000 });
  }, 60_000);
  afterAll(async () => {
    await knex.destroy();
    await tdb.destroy();
  });

  const statement = { sql: 'select g as t from generate_series(1, 3) g', bindings: [] };
  function sink(): RowSink & { rows: number } {
    const s = {
      rows: 0,
      columns: () => undefined,
      row: () => {
        s.rows += 1;
      },
    };
    return s;
  }
  const pool = () => knex.client.pool as { numUsed(): number; numFree(): number };

  it('runs the read while the client is there', async () => {
    const rows = sink();
    await expect(
      createTimeseriesRepository(knex).streamSampleArrays(statement, rows, () => false),
    ).resolves.toBe(3);
    expect(rows.rows).toBe(3);
  });

  it('refuses a read whose client is already gone, without taking a connection', async () => {
    const rows = sink();
    const used = pool().numUsed();
    await expect(
      createTimeseriesRepository(knex).streamSampleArrays(statement, rows, () => true),
    ).rejects.toMatchObject({ code: 'ECONNABORTED', message: 'aborted' });
    expect(rows.rows).toBe(0);
    expect(pool().numUsed()).toBe(used);
  });

  it('skips the query of a client that left while it waited for the connection, and frees the connection', async () => {
    const repo = createTimeseriesRepository(knex);
    // The only connection is held by a slow read; the second read queues behind it.
    const slow = repo.streamSampleArrays(
      { sql: 'select g as t from generate_series(1, 2) g, pg_sleep(0.3)', bindings: [] },
      sink(),
    );
    let gone = false;
    const rows = sink();
    const abandoned = repo.streamSampleArrays(statement, rows, () => gone);
    gone = true;
    await expect(slow).resolves.toBe(2);
    await expect(abandoned).rejects.toMatchObject({ code: 'ECONNABORTED' });
    expect(rows.rows).toBe(0);
    // The connection went back: the next read gets it and runs.
    await expect(repo.streamSampleArrays(statement, sink(), () => false)).resolves.toBe(3);
    expect(pool().numUsed()).toBe(0);
  });
});
