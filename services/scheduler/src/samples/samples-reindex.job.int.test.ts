import { newId } from '@meridian/domain';
import { createLogger } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createScheduledJobs } from '../scheduled-jobs';
import {
  SAMPLES_REINDEX_JOB,
  samplePartitionKeys,
  type SamplePartitionKey,
  type SamplesReindexOptions,
} from './samples-reindex.job';

const logger = createLogger({ service: 'scheduler', silent: true });
const SERIES = 6;
const SAMPLES_PER_SERIES = 1500;

describe('samples_reindex job', () => {
  let db: TestDatabase;
  let teamId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const { orgId } = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, orgId)).teamId;
  });
  afterAll(() => db.destroy());

  const partitionOf = async (userId: string): Promise<string> =>
    (await db.knex.raw<{ rows: { p: string }[] }>('select samples_partition(?) as p', [userId])).rows[0]!.p;

  /** Users each in a partition of its own (none shared with `taken`). */
  async function usersInOwnPartitions(count: number, taken: Set<string>): Promise<Map<string, string>> {
    const users = new Map<string, string>();
    while (users.size < count) {
      const id = newId();
      const partition = await partitionOf(id);
      if (taken.has(partition)) continue;
      taken.add(partition);
      await db.knex('users').insert({ id, team_id: teamId, environment: 'sandbox', client_user_id: id });
      users.set(id, partition);
    }
    return users;
  }

  /** Series 1..SERIES for each user, their samples inserted in `order` (time-major: every series grows). */
  async function insertSamples(userIds: string[], order: string): Promise<void> {
    await db.knex.raw(
      `insert into samples (user_id, start_at, value, series, context)
       select u, timestamptz '2026-01-01' + t * interval '1 minute', t, s.id,
              sample_context_id(u, 0, null, null, null, null)
         from unnest(?::uuid[]) u
         cross join generate_series(1, ?) k
         cross join lateral (select sample_series_id(u, 'vitals', 'apple_health', 'sdk', 'type_' || k) as id) s
         cross join generate_series(1, ?) t
        order by ${order}`,
      [userIds, SERIES, SAMPLES_PER_SERIES],
    );
  }

  const reindexJob = (options: SamplesReindexOptions) => {
    const job = createScheduledJobs({ db: db.knex, logger, samplesReindex: options }).find(
      (j) => j.name === SAMPLES_REINDEX_JOB,
    );
    if (!job) throw new Error(`${SAMPLES_REINDEX_JOB} is not registered`);
    return job;
  };

  const keys = async (): Promise<Map<string, SamplePartitionKey>> =>
    new Map((await samplePartitionKeys(db.knex)).map((k) => [k.partition, k]));

  const indexState = async (partition: string) =>
    (
      await db.knex.raw<{ rows: { filenode: string; valid: boolean; indexes: number }[] }>(
        `select i.relfilenode::text as filenode, x.indisvalid as valid,
                (select count(*)::int from pg_index y where y.indrelid = t.oid) as indexes
           from pg_class t join pg_index x on x.indrelid = t.oid and x.indisprimary
           join pg_class i on i.oid = x.indexrelid
          where t.relname = ?`,
        [partition],
      )
    ).rows[0]!;

  const rowsOf = async (userId: string) =>
    (
      await db.knex.raw<{ rows: unknown[] }>(
        `select series, start_at, value from samples where user_id = ? order by series, start_at`,
        [userId],
      )
    ).rows;

  it('packs the keys of bloated partitions one at a time and skips dense ones', async () => {
    const taken = new Set<string>();
    const bloated = await usersInOwnPartitions(3, taken);
    const [dense] = [...(await usersInOwnPartitions(1, taken)).entries()];
    await insertSamples([...bloated.keys()], 't, u, k');
    // One user whose series are written one after the other: every insert lands at the key's right end,
    // where PostgreSQL fills pages to the fill factor (100), so this key is packed already.
    await insertSamples([dense![0]], 'u, k, t');
    for (const partition of taken) await db.knex.raw(`analyze ${partition}`);

    const before = await keys();
    const denseBefore = await indexState(dense![1]);
    const rowsBefore = new Map<string, unknown[]>();
    for (const userId of bloated.keys()) rowsBefore.set(userId, await rowsOf(userId));
    for (const partition of bloated.values()) {
      const key = before.get(partition)!;
      expect(key.estimatedRows).toBeGreaterThan(0);
      expect(key.indexBytes / key.estimatedRows).toBeGreaterThan(60);
    }
    const denseKey = before.get(dense![1])!;
    expect(denseKey.indexBytes / denseKey.estimatedRows).toBeLessThan(60);

    const now = new Date('2026-11-25T00:00:00Z');
    const disabled = reindexJob({ intervalHours: 0, maxBytesPerRow: 60, minIndexBytes: 0 });
    await disabled.run(now);
    const firstBloated = [...bloated.values()][0]!;
    expect((await keys()).get(firstBloated)!.indexBytes).toBe(before.get(firstBloated)!.indexBytes);

    const job = reindexJob({ maxBytesPerRow: 60, minIndexBytes: 0 });
    await job.run(now);
    // One partition per tick: after the first, two of the three bloated keys are still as loaded.
    const afterFirst = await keys();
    const rebuilt = [...bloated.values()].filter(
      (p) => afterFirst.get(p)!.indexBytes < before.get(p)!.indexBytes,
    );
    expect(rebuilt).toHaveLength(1);

    await job.run(now);
    await job.run(now);
    const after = await keys();
    for (const partition of bloated.values()) {
      const was = before.get(partition)!;
      const is = after.get(partition)!;
      expect(is.indexBytes).toBeLessThan(was.indexBytes * 0.7);
      expect(is.indexBytes / was.estimatedRows).toBeLessThanOrEqual(60);
      const state = await indexState(partition);
      expect(state.valid).toBe(true);
      expect(state.indexes).toBe(1); // no invalid `_ccnew` copy left behind
    }
    expect(await indexState(dense![1])).toEqual(denseBefore);
    for (const [userId, rows] of rowsBefore) {
      expect(rows).toHaveLength(SERIES * SAMPLES_PER_SERIES);
      expect(await rowsOf(userId)).toEqual(rows);
    }
  });
});
