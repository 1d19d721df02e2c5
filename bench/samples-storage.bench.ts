/**
 * Samples storage benchmark (issue 16): the same samples in the layout before the samples migration (one
 * unpartitioned `timeseries_samples` table with text key columns, created here as `legacy_samples` with the old
 * DDL) and in the compact partitioned layout (`samples` + `sample_series` + `sample_contexts`), side by side in
 * one database and one run.
 *
 * Load: `--rows` samples (default 20M) over `--users` users, day by day for every user, each user's series
 * in ascending time (the order ingestion writes in: a batch per user, its rows sorted by key): minute heart
 * rate (points) and 15-minute steps (intervals), set-based SQL. Then
 * `vacuum analyze`, and per layout: bytes per sample of the heap, of each index and in total.
 * Timing, interleaved rounds (old, new, new, old, …), paired medians:
 *  - read: the grouped day read (1,440 points) of a random user, today's SQL against the new SQL
 *    (`groupedPageStatement`, what the data API sends);
 *  - ingest: a day of 1,440 new heart-rate samples, then the same day with changed values, each one upsert
 *    statement (the old repository's SQL against `countingUpsertSql`).
 *
 *   pnpm bench:storage [--rows 20000000] [--users 200] [--rounds 200] [--keep]
 *
 * Uses DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and a fresh database.
 */
import { loadavg } from 'node:os';
import { Client } from 'pg';
import { timeseriesBySlug } from '@meridian/domain';
import { createKnex, migrateLatest } from '@meridian/db';
import { baseDatabaseUrl, databaseUrlFor } from '@meridian/test-utils';
import { groupedPageStatement, toPgText } from '../services/data-api/src/features/timeseries/timeseries.sql';
import {
  countingUpsertSql,
  SAMPLE_ROW_COLUMNS,
  samplesPartitionOf,
} from '../packages/ingestion/src/storage/samples.repository';
import { seedTenancyAndUsers } from './support/seed';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROWS = flag('rows', 20_000_000);
const USERS = flag('users', 200);
const ROUNDS = flag('rounds', 200);
const KEEP = args.includes('--keep');
const TARGET_BYTES = 120;
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');

const START = '2025-01-01T00:00:00Z';
/** Minute heart rate + 15-minute steps per user and day. */
const PER_USER_DAY = 1440 + 96;

/** The layout before the samples migration (20261121030000_health_data), under another name. */
const LEGACY_DDL = `
  create table legacy_samples (
    user_id uuid not null references users(id) on delete cascade,
    resource text not null,
    provider text not null,
    source_type text not null default 'unknown',
    type text not null default '',
    start_at timestamptz not null,
    end_at timestamptz,
    timezone_offset integer,
    value double precision,
    value_text text,
    systolic double precision,
    diastolic double precision,
    app_id text,
    device_id uuid,
    workout_id uuid,
    sport text,
    extras jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (user_id, resource, start_at, provider, source_type, type)
  )`;

/** One day of every user's samples into the old layout. */
const LEGACY_DAY = `
  insert into legacy_samples (user_id, resource, provider, source_type, type, start_at, end_at, timezone_offset, value, app_id)
  select u.id, 'heartrate', 'oura', 'ring', '', ts, null, 3600, round((55 + random() * 50)::numeric, 1)::float8, null
  from users u, generate_series($1::timestamptz, $1::timestamptz + interval '1439 minutes', interval '1 minute') ts
  union all
  select u.id, 'steps', 'apple_health_kit', 'watch', '', ts, ts + interval '15 minutes', 3600, floor(random() * 400),
         'com.apple.health'
  from users u, generate_series($1::timestamptz, $1::timestamptz + interval '1425 minutes', interval '15 minutes') ts
  order by 1, 2, 6`;

/** The same day into the new layout (series and contexts resolved once per user). */
const NEW_DAY = `
  with u as materialized (
    select id,
      sample_series_id(id, 'heartrate', 'oura', 'ring', '') as hr,
      sample_series_id(id, 'steps', 'apple_health_kit', 'watch', '') as st,
      sample_context_id(id, 3600, null, null, null, null) as hr_ctx,
      sample_context_id(id, 3600, 'com.apple.health', null, null, null) as st_ctx
    from users
  )
  insert into samples (user_id, series, context, start_at, end_at, value)
  select u.id, u.hr, u.hr_ctx, ts, null, round((55 + random() * 50)::numeric, 1)::float8
  from u, generate_series($1::timestamptz, $1::timestamptz + interval '1439 minutes', interval '1 minute') ts
  union all
  select u.id, u.st, u.st_ctx, ts, ts + interval '15 minutes', floor(random() * 400)
  from u, generate_series($1::timestamptz, $1::timestamptz + interval '1425 minutes', interval '15 minutes') ts
  order by 1, 2, 4`;

/** Today's grouped page SQL (timeseries.sql.ts before the migration), point shape, on the old layout. */
const LEGACY_READ = `select (extract(epoch from start_at) * 1000000)::float8 as t, timezone_offset as tz, provider, source_type,
    type, app_id, device_id, workout_id, sport, value
  from legacy_samples
  where exists (select 1 from users u where u.id = $1 and u.team_id = $2 and u.environment = $3 and u.deleted_at is null)
    and user_id = $4 and resource = $5 and start_at >= $6::timestamptz and start_at <= $7::timestamptz
    and ($8::text = '' or provider = $9)
  order by start_at, provider, source_type, type limit $10`;

/** The old repository's counting upsert, for a heart-rate chunk (start, offset and value present). */
const LEGACY_UPSERT = `with written as (
  insert into legacy_samples as t (user_id, resource, provider, source_type, type, start_at, end_at, timezone_offset,
    value, value_text, systolic, diastolic, app_id, device_id, workout_id, sport, extras, created_at, updated_at)
  select $1::uuid, $2::text, $3::text, $4::text, $5::text, to_timestamp(r.start_at / 1000), null::timestamptz,
    r.timezone_offset, r.value, null::text, null::float8, null::float8, null::text, null::uuid, null::uuid, null::text,
    null::jsonb, $6::timestamptz, $7::timestamptz
  from unnest($8::float8[], $9::integer[], $10::float8[]) as r(start_at, timezone_offset, value)
  on conflict (user_id, resource, start_at, provider, source_type, type) do update set
    end_at = excluded.end_at, timezone_offset = excluded.timezone_offset, value = excluded.value,
    value_text = excluded.value_text, systolic = excluded.systolic, diastolic = excluded.diastolic,
    app_id = excluded.app_id, device_id = excluded.device_id, workout_id = excluded.workout_id,
    sport = excluded.sport, extras = excluded.extras, updated_at = excluded.updated_at
  where (t.end_at, t.timezone_offset, t.value, t.value_text, t.systolic, t.diastolic, t.app_id, t.device_id,
         t.workout_id, t.sport, t.extras)
    is distinct from (excluded.end_at, excluded.timezone_offset, excluded.value, excluded.value_text,
         excluded.systolic, excluded.diastolic, excluded.app_id, excluded.device_id, excluded.workout_id,
         excluded.sport, excluded.extras)
  returning (t.xmax = 0) as inserted)
  select (count(*) filter (where inserted))::int as created, (count(*) filter (where not inserted))::int as updated
  from written`;

interface Sizes {
  rows: number;
  heap: number;
  indexes: Array<{ name: string; bytes: number }>;
  total: number;
}

async function sizesOf(c: Client, tables: string[], counted: string): Promise<Sizes> {
  const { rows: n } = await c.query<{ n: string }>(`select count(*)::text as n from ${counted}`);
  let heap = 0;
  let total = 0;
  const indexes = new Map<string, number>();
  for (const table of tables) {
    // A partitioned table: its partitions (and their indexes, summed under the parent index's name).
    const { rows: parts } = await c.query<{ rel: string }>(
      `select coalesce((select string_agg(inhrelid::regclass::text, ',') from pg_inherits where inhparent = $1::text::regclass), $1::text) as rel`,
      [table],
    );
    for (const rel of parts[0]!.rel.split(',')) {
      const { rows } = await c.query<{ heap: string; total: string }>(
        'select pg_table_size($1::regclass)::text as heap, pg_total_relation_size($1::regclass)::text as total',
        [rel],
      );
      heap += Number(rows[0]!.heap);
      total += Number(rows[0]!.total);
      const { rows: idx } = await c.query<{ name: string; bytes: string }>(
        `select coalesce(p.inhparent::regclass::text, i.indexrelid::regclass::text) as name,
                pg_relation_size(i.indexrelid)::text as bytes
         from pg_index i left join pg_inherits p on p.inhrelid = i.indexrelid
         where i.indrelid = $1::regclass`,
        [rel],
      );
      for (const r of idx) indexes.set(r.name, (indexes.get(r.name) ?? 0) + Number(r.bytes));
    }
  }
  return {
    rows: Number(n[0]!.n),
    heap,
    indexes: [...indexes].map(([name, bytes]) => ({ name, bytes })),
    total,
  };
}

function printSizes(label: string, s: Sizes): number {
  const per = (b: number) => (b / s.rows).toFixed(1);
  log(`${label}: ${s.rows.toLocaleString('en-US')} samples, ${(s.total / 1024 ** 3).toFixed(2)} GiB`);
  log(`  heap ${per(s.heap)} B/sample`);
  for (const i of s.indexes) log(`  index ${i.name} ${per(i.bytes)} B/sample`);
  log(`  total ${per(s.total)} B/sample`);
  return s.total / s.rows;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

async function main() {
  const name = `meridian_bench_storage_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: baseDatabaseUrl() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const db = createKnex({ connectionString: databaseUrlFor(name), poolMax: 2 });
  const c = new Client({ connectionString: databaseUrlFor(name) });
  try {
    log(
      `samples storage: ${ROWS.toLocaleString('en-US')} samples per layout, ${USERS} users; load average ${load()}`,
    );
    await migrateLatest(db);
    const seeded = await seedTenancyAndUsers(db, USERS);
    await c.connect();
    await c.query(LEGACY_DDL);

    // Day by day for every user, alternating layouts, until each holds ROWS samples.
    const days = Math.max(1, Math.ceil(ROWS / (USERS * PER_USER_DAY)));
    const loadMs = { old: 0, new: 0 };
    for (let d = 0; d < days; d += 1) {
      const day = new Date(Date.parse(START) + d * 86_400_000).toISOString();
      loadMs.old += await timed(() => c.query(LEGACY_DAY, [day]));
      loadMs.new += await timed(() => c.query(NEW_DAY, [day]));
      if ((d + 1) % 10 === 0 || d + 1 === days) {
        log(
          `  day ${d + 1}/${days} loaded (${((d + 1) * USERS * PER_USER_DAY).toLocaleString('en-US')} per layout)`,
        );
      }
    }
    log(
      `load: old ${(loadMs.old / 1000).toFixed(0)} s, new ${(loadMs.new / 1000).toFixed(0)} s (set-based SQL); load average ${load()}`,
    );
    await c.query('vacuum analyze legacy_samples');
    await c.query('vacuum analyze samples');
    await c.query('vacuum analyze sample_series');
    await c.query('vacuum analyze sample_contexts');

    const report = async (when: string) => {
      log(`\nbytes per sample ${when}`);
      const oldPer = printSizes(
        'old layout (timeseries_samples before the migration)',
        await sizesOf(c, ['legacy_samples'], 'legacy_samples'),
      );
      const newPer = printSizes(
        'new layout (samples, 16 hash partitions; series + contexts included in the total)',
        await sizesOf(c, ['samples', 'sample_series', 'sample_contexts'], 'samples'),
      );
      log(
        `ratio new ÷ old ${(newPer / oldPer).toFixed(2)}; goal ≤ ${TARGET_BYTES} B/sample: ${newPer <= TARGET_BYTES ? 'met' : 'NOT met'}`,
      );
    };
    await report('as loaded, after vacuum analyze');
    // B-tree leaf pages split 50/50 when a series grows at its end (PostgreSQL's split-after-new-item rule
    // only covers tuples of ≤ 16 key bytes, and a uuid-led key is 28): pages behind a series' end are never
    // written again, so a partition-wise REINDEX CONCURRENTLY (reads and writes go on) packs them to the
    // primary key's fill factor for good. The same maintenance on both layouts.
    const t0 = Date.now();
    await c.query('reindex table concurrently legacy_samples');
    const t1 = Date.now();
    await c.query('reindex table concurrently samples');
    log(
      `\nreindex concurrently: old ${((t1 - t0) / 1000).toFixed(0)} s, new ${((Date.now() - t1) / 1000).toFixed(0)} s`,
    );
    await report('after REINDEX CONCURRENTLY (periodic maintenance, per partition)');

    // Timing: reads of random users' days, ingestion of new days; old and new interleaved.
    const { rows: users } = await c.query<{ id: string }>('select id from users order by id');
    const spec = timeseriesBySlug('heartrate')!;
    const scope = { teamId: seeded.teamId, environment: 'sandbox' as const };
    const read = { old: [] as number[], new: [] as number[] };
    let rowsRead = { old: 0, new: 0 };
    for (let i = 0; i < ROUNDS; i += 1) {
      const user = users[i % users.length]!.id;
      const dayIndex = (i * 7) % days;
      const from = new Date(Date.parse(START) + dayIndex * 86_400_000);
      const to = new Date(from.getTime() + 86_400_000 - 1);
      const statement = groupedPageStatement(spec, {
        scope,
        userId: user,
        range: { start: { ms: from.getTime(), us: 0 }, end: { ms: to.getTime(), us: 0 } },
        provider: '',
        after: null,
        limit: 5001,
      });
      const runOld = async () => {
        const r = await c.query({
          text: LEGACY_READ,
          values: [
            user,
            scope.teamId,
            'sandbox',
            user,
            'heartrate',
            from.toISOString(),
            to.toISOString(),
            '',
            '',
            5001,
          ],
          rowMode: 'array',
        });
        rowsRead.old += r.rowCount ?? 0;
      };
      const runNew = async () => {
        const r = await c.query({
          text: toPgText(statement.sql),
          values: statement.bindings,
          rowMode: 'array',
        });
        rowsRead.new += r.rowCount ?? 0;
      };
      if (i % 2 === 0) {
        read.old.push(await timed(runOld));
        read.new.push(await timed(runNew));
      } else {
        read.new.push(await timed(runNew));
        read.old.push(await timed(runOld));
      }
    }
    if (rowsRead.old !== rowsRead.new)
      throw new Error(`reads differ: old ${rowsRead.old} rows, new ${rowsRead.new}`);
    rowsRead = { old: rowsRead.old / ROUNDS, new: rowsRead.new / ROUNDS };

    const present = SAMPLE_ROW_COLUMNS.map(
      (col) => col === 'start_at' || col === 'value' || col === 'context',
    );
    const ingest = {
      old: [] as number[],
      new: [] as number[],
      oldUpd: [] as number[],
      newUpd: [] as number[],
    };
    const ingestRounds = Math.max(10, Math.floor(ROUNDS / 4));
    for (let i = 0; i < ingestRounds; i += 1) {
      const user = users[i % users.length]!.id;
      const dayStart = Date.parse(START) + (days + 1 + Math.floor(i / users.length)) * 86_400_000;
      const starts = Array.from({ length: 1440 }, (_, k) => dayStart + k * 60_000);
      const values = (shift: number) => `{${starts.map((_, k) => 55 + ((k * 13 + shift) % 60)).join(',')}}`;
      const startArray = `{${starts.join(',')}}`;
      const partition = await samplesPartitionOf(db, user);
      const oldOnce = (shift: number) => async () => {
        const now = new Date();
        await c.query(LEGACY_UPSERT, [
          user,
          'heartrate',
          'oura',
          'ring',
          '',
          now,
          now,
          startArray,
          `{${starts.map(() => 3600).join(',')}}`,
          values(shift),
        ]);
      };
      const newOnce = (shift: number) => async () => {
        await c.query(toPgText(countingUpsertSql(partition, present)), [
          user,
          '{3600}',
          '{NULL}',
          '{NULL}',
          '{NULL}',
          '{NULL}',
          user,
          user,
          'heartrate',
          'oura',
          'ring',
          '',
          startArray,
          values(shift),
          `{${starts.map(() => 1).join(',')}}`,
        ]);
      };
      const pair = async (a: number[], b: number[], shift: number) => {
        if (i % 2 === 0) {
          a.push(await timed(oldOnce(shift)));
          b.push(await timed(newOnce(shift)));
        } else {
          b.push(await timed(newOnce(shift)));
          a.push(await timed(oldOnce(shift)));
        }
      };
      await pair(ingest.old, ingest.new, 0);
      await pair(ingest.oldUpd, ingest.newUpd, 1);
    }

    log(
      `\ntiming (${ROUNDS} reads, ${ingestRounds} ingest batches per side, interleaved; load average ${load()})`,
    );
    const line = (label: string, o: number[], n: number[], per: number) => {
      const mo = median(o);
      const mn = median(n);
      log(
        `  ${label}: old ${mo.toFixed(2)} ms (${Math.round((per / mo) * 1000).toLocaleString('en-US')}/s), ` +
          `new ${mn.toFixed(2)} ms (${Math.round((per / mn) * 1000).toLocaleString('en-US')}/s), ` +
          `new speed ÷ old ${(mo / mn).toFixed(2)}`,
      );
    };
    line(`read, grouped day (${rowsRead.new} rows)`, read.old, read.new, rowsRead.new);
    line('ingest, 1,440 new samples', ingest.old, ingest.new, 1440);
    line('ingest, 1,440 changed samples', ingest.oldUpd, ingest.newUpd, 1440);
  } finally {
    await c.end().catch(() => undefined);
    await db.destroy();
    if (!KEEP) await admin.query(`drop database if exists "${name}" with (force)`);
    else log(`kept database ${name}`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
