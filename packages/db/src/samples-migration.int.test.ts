import { Client } from 'pg';
import type { Knex } from 'knex';
import { createKnex } from './knex';
import { migrateLatest, migrationConfig } from './migrate';
import { createOrgWithKey, createTeamWithKeys } from './bootstrap/tenancy-bootstrap';
import { baseDatabaseUrl, databaseUrlFor } from '../../test-utils/src/database-url';

/**
 * The samples move (20261129200000_samples_partitioned) on a populated database: every row written in the old
 * layout reads back identical through `timeseries_samples` afterwards, reads are served while the rows are
 * copied, writes made during the copy arrive, and the view writes through to the new tables.
 */
const MOVE = '20261129200000_samples_partitioned';
const COLUMNS = `user_id, resource, provider, source_type, type, start_at, end_at, timezone_offset, value, value_text,
  systolic, diastolic, app_id, device_id, workout_id, sport, extras`;
const ALL = `select ${COLUMNS} from timeseries_samples order by user_id, resource, start_at, provider, source_type, type`;

async function admin<T>(work: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: baseDatabaseUrl() });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** Migrates up to (not including) the move. */
async function migrateBeforeMove(db: Knex): Promise<void> {
  const base = migrationConfig();
  const source = base.migrationSource!;
  await db.migrate.latest({
    ...base,
    migrationSource: {
      getMigrations: async (loaders) =>
        (await source.getMigrations(loaders)).filter((m) => source.getMigrationName(m) < MOVE),
      getMigrationName: (m) => source.getMigrationName(m),
      getMigration: (m) => source.getMigration(m),
    },
  });
}

describe('samples move to the partitioned layout', () => {
  const name = `meridian_samples_move_${Date.now().toString(36)}`;
  let db: Knex;
  let users: string[];

  beforeAll(async () => {
    await admin((c) => c.query(`create database "${name}"`));
    db = createKnex({ connectionString: databaseUrlFor(name), poolMax: 4 });
    await migrateBeforeMove(db);
    const org = await createOrgWithKey(db, { plan: 'scale' });
    const team = await createTeamWithKeys(db, org.orgId);
    const { rows } = await db.raw<{ rows: { id: string }[] }>(
      `insert into users (id, team_id, environment, client_user_id)
       select gen_random_uuid(), ?, 'sandbox', 'move-' || g from generate_series(1, 3) g returning id`,
      [team.teamId],
    );
    users = rows.map((r) => r.id);
    // Minute heart rate in two zones and two apps, plus one row of every shape and some odd ones.
    await db.raw(
      `insert into timeseries_samples (user_id, resource, provider, source_type, type, start_at, timezone_offset, value, app_id)
       select u, 'heartrate', 'oura', 'ring', '', ts, case when g % 2 = 0 then 3600 else 7200 end,
              60 + g % 40, case when g % 3 = 0 then 'com.example.a' end
       from unnest(?::uuid[]) u, generate_series(1, 1500) g,
            lateral (select timestamptz '2026-03-01T00:00:00.123456Z' + g * interval '1 minute' as ts) t`,
      [users],
    );
    const u = users[0]!;
    await db('timeseries_samples').insert([
      {
        user_id: u,
        resource: 'blood_pressure',
        provider: 'withings',
        source_type: 'manual_scan',
        start_at: '2026-03-02T08:00:00Z',
        systolic: 121.5,
        diastolic: 79.25,
        device_id: '6f1b3c9e-4a52-4d7e-9a43-1d2f0c0e9b11',
      },
      {
        user_id: u,
        resource: 'note',
        provider: 'apple_health_kit',
        source_type: 'app',
        start_at: '2026-03-02T09:00:00Z',
        end_at: '2026-03-02T09:05:00Z',
        value_text: 'felt "fine" \\ ok',
        extras: { tags: ['a', 'b'] },
      },
      {
        user_id: u,
        resource: 'note',
        provider: 'apple_health_kit',
        source_type: 'app',
        start_at: '2026-03-02T10:00:00Z',
        end_at: '2026-03-02T10:01:00Z',
        value_text: 'no tags',
      },
      {
        user_id: u,
        resource: 'body_temperature',
        provider: 'oura',
        source_type: 'ring',
        type: 'skin',
        start_at: '2026-03-02T11:00:00Z',
        end_at: '2026-03-02T11:00:00.5Z',
        value: 36.6,
        extras: { sensor_location: 'finger' },
      },
      {
        user_id: u,
        resource: 'steps',
        provider: 'garmin',
        source_type: 'watch',
        start_at: '2026-03-02T12:00:00Z',
        end_at: '2026-03-02T12:15:00Z',
        value: 1234,
        workout_id: '0c7e5a2f-3b7d-4f61-8f0e-5b8a9d1c2e33',
        sport: 'running',
        timezone_offset: -18000,
      },
      // Odd rows (only possible by hand): still read back as written.
      {
        user_id: u,
        resource: 'glucose',
        provider: 'dexcom',
        source_type: 'unknown',
        start_at: '2026-03-02T13:00:00Z',
        value: 5.5,
        systolic: 1,
        diastolic: 0.1,
      },
      {
        user_id: u,
        resource: 'blood_pressure',
        provider: 'omron',
        source_type: 'unknown',
        start_at: '2026-03-02T14:00:00Z',
        systolic: 130,
      },
      {
        user_id: u,
        resource: 'hrv',
        provider: 'whoop',
        source_type: 'unknown',
        start_at: '2026-03-02T15:00:00Z',
        value: null,
        app_id: '',
      },
    ]);
  });

  afterAll(async () => {
    await db?.destroy();
    await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
  });

  it('copies every row in batches while reads go on, then serves them identical through the view', async () => {
    const before = (await db.raw<{ rows: unknown[] }>(ALL)).rows;
    expect(before.length).toBe(3 * 1500 + 8);

    // Small batches, so the copy takes many transactions; a reader and a writer run alongside it.
    process.env.MERIDIAN_SAMPLES_BACKFILL_BATCH = '200';
    const reader = createKnex({ connectionString: databaseUrlFor(name), poolMax: 1 });
    let reads = 0;
    let moving = true;
    const readerDone = (async () => {
      while (moving) {
        const { rows } = await reader.raw<{ rows: { n: string }[] }>(
          'select count(*) as n from timeseries_samples where user_id = ?',
          [users[1]!],
        );
        expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(1500);
        reads += 1;
      }
    })();
    // A writer holds a row lock half-way through the copy, so the copy waits there; meanwhile it changes that
    // row (ahead of the copy) and adds one behind the copy, then lets go.
    const sortedUsers = [...users].sort();
    const [early, middle] = [sortedUsers[0]!, sortedUsers[1]!];
    const lockedAt = "timestamptz '2026-03-01T00:00:00.123456Z' + interval '1 minute'";
    const writer = await db.transaction();
    await writer.raw(
      `select 1 from timeseries_samples where user_id = ? and resource = 'heartrate' and start_at = ${lockedAt} for update`,
      [middle],
    );
    const moved = migrateLatest(db);
    const written = (async () => {
      for (;;) {
        const copied = await reader
          .raw<{ rows: { n: string }[] }>('select copied::text as n from samples_backfill')
          .then((r) => Number(r.rows[0]?.n ?? 0))
          .catch(() => 0);
        if (copied > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 200));
      await writer.raw(
        `update timeseries_samples set value = 42 where user_id = ? and resource = 'heartrate' and start_at = ${lockedAt}`,
        [middle],
      );
      await writer.raw(
        `insert into timeseries_samples (user_id, resource, provider, source_type, type, start_at, value)
         values (?, 'heartrate', 'oura', 'ring', '', '2026-04-01T00:00:00Z', 99)`,
        [early],
      );
      await writer.commit();
    })();
    try {
      await written;
      expect(await moved).toContain(MOVE);
    } finally {
      moving = false;
      await readerDone.finally(() => reader.destroy());
    }
    delete process.env.MERIDIAN_SAMPLES_BACKFILL_BATCH;
    expect(reads).toBeGreaterThan(0);

    const after = (await db.raw<{ rows: Record<string, unknown>[] }>(ALL)).rows;
    const expected = [
      ...before,
      {
        ...(before[0] as Record<string, unknown>),
        user_id: early,
        resource: 'heartrate',
        provider: 'oura',
        source_type: 'ring',
        type: '',
        start_at: new Date('2026-04-01T00:00:00Z'),
        end_at: null,
        timezone_offset: null,
        value: 99,
        value_text: null,
        systolic: null,
        diastolic: null,
        app_id: null,
        device_id: null,
        workout_id: null,
        sport: null,
        extras: null,
      },
    ] as Record<string, unknown>[];
    const changed = expected.find(
      (r) =>
        r.user_id === middle &&
        r.resource === 'heartrate' &&
        (r.start_at as Date).getTime() === new Date('2026-03-01T00:01:00.123Z').getTime(),
    )!;
    changed.value = 42;
    const key = (r: Record<string, unknown>) =>
      `${String(r.user_id)}|${String(r.resource)}|${(r.start_at as Date).toISOString()}|${String(r.provider)}`;
    const sorted = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));
    expect(sorted(after)).toEqual(sorted(expected));

    // The old table is gone: a view over the partitioned table remains, and every user's rows are in one partition.
    const { rows: kinds } = await db.raw<{ rows: { rel: string; kind: string }[] }>(
      `select relname as rel, relkind::text as kind from pg_class
       where relname in ('timeseries_samples', 'samples', 'samples_backfill') order by relname`,
    );
    expect(kinds).toEqual([
      { rel: 'samples', kind: 'p' },
      { rel: 'timeseries_samples', kind: 'v' },
    ]);
    const { rows: spread } = await db.raw<{ rows: { n: string }[] }>(
      'select count(distinct tableoid) as n from samples where user_id = ?',
      [users[0]!],
    );
    expect(Number(spread[0]!.n)).toBe(1);
  });

  it('writes, changes and deletes through the view', async () => {
    const u = users[1]!;
    const at = '2026-05-01T00:00:00Z';
    await db('timeseries_samples').insert({
      user_id: u,
      resource: 'weight',
      provider: 'withings',
      start_at: at,
      value: 70.5,
    });
    await db('timeseries_samples')
      .where({ user_id: u, resource: 'weight', start_at: at })
      .update({ value: 71 });
    const row = await db('timeseries_samples')
      .where({ user_id: u, resource: 'weight' })
      .first('value', 'source_type', 'type');
    expect(row).toEqual({ value: 71, source_type: 'unknown', type: '' });
    await db('timeseries_samples').where({ user_id: u, resource: 'weight' }).del();
    expect(await db('timeseries_samples').where({ user_id: u, resource: 'weight' })).toEqual([]);
  });
});
