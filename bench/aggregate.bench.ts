/**
 * Aggregation benchmark (issue 14).
 *
 * 1. The synchronous query of weekly mean heart rate over a year of minute samples (525,600) of one user,
 *    through the query engine (`runQuery`) and through `POST /aggregate/v1/user/{id}/query` of the real data
 *    API, against the same aggregation written by hand in SQL (in process; and behind a bare node:http + pg
 *    server for the HTTP figure). Rounds interleave the two (alternating which goes first); the figures are
 *    medians, and the ratio is the median of the per-round ratios (engine throughput ÷ hand-written; target
 *    ≥ 0.7).
 * 2. Continuous queries kept current: one active query (weekly mean heart rate) for a team of 1,000 users;
 *    each user gets one ingested batch (an hour of minute heart rate) through the real ingestion; the real
 *    outbox relay publishes the data events to RabbitMQ, and the scheduler's continuous-query consumers
 *    (in process, production settings) schedule and run the tasks. Per user: time from the batch's commit to
 *    its updated result table; p50 / p99 and the total time for all 1,000.
 *
 *    Then, on the idle pipeline, `--single` more users one batch at a time (the latency without a backlog).
 *
 *   pnpm bench:aggregate [--rounds 15] [--users 1000] [--single 20] [--skip-http] [--skip-cq]
 *                        [--run-prefetch 2] [--keep]
 *
 * Uses DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and a fresh database;
 * AMQP_URL's broker (default amqp://guest:guest@127.0.0.1:5672) with queues of unique names, removed after.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client, Pool } from 'pg';
import { createKnex, migrateLatest, type Knex } from '@meridian/db';
import { newId } from '@meridian/domain';
import { createOutboxRelay } from '@meridian/event-delivery';
import { createIngestion, type IngestBatch } from '@meridian/ingestion';
import { createAmqpTransport, meridianQueues, meridianTopology, type Topology } from '@meridian/messaging';
import { createLogger } from '@meridian/platform';
import { runQuery, type AggregationResult } from '@meridian/query-engine';
import { parseQuery, parseQueryBatch, queryToWire } from '@meridian/query-language';
import { startContinuousQueryConsumers } from '@meridian/scheduler';
import { amqpUrl, baseDatabaseUrl, databaseUrlFor } from '@meridian/test-utils';
import { baselineTable, baselineValues, WEEKLY_MEAN_HEART_RATE_SQL } from './support/aggregate-baseline';
import { seedAggregateData, type AggregateSeeded } from './support/aggregate-seed';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROUNDS = flag('rounds', 15);
const USERS = flag('users', 1000);
const RUN_PREFETCH = flag('run-prefetch', 2);
/** Users measured one batch at a time after the burst. */
const SINGLE = flag('single', 20);
const SKIP_HTTP = args.includes('--skip-http');
const SKIP_CQ = args.includes('--skip-cq');
const KEEP = args.includes('--keep');
const TARGET = 0.7;
const log = (msg: string) => process.stdout.write(`${msg}\n`);

const WEEKLY_MEAN_HEART_RATE = {
  group_by: [{ date_trunc: { unit: 'week' }, arg: { index: 'timeseries' } }],
  select: [{ group_key: '*' }, { func: 'mean', arg: { timeseries: 'heartrate', field: 'value' } }],
};
/** The year 2025 in local time: the day after the anchor minus one year. */
const BATCH = {
  timeframe: { type: 'relative', anchor: '2025-12-31', past: { unit: 'year', value: 1 } },
  queries: [WEEKLY_MEAN_HEART_RATE],
};
const WINDOW = { start: '2025-01-01T00:00:00', end: '2026-01-01T00:00:00' };
const TIME_ZONE = 'Europe/Berlin';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
};
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: baseDatabaseUrl() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Same columns, same buckets, means equal to 1e-9 (float sums may differ in the last bits by row order). */
function assertSameTable(label: string, a: Record<string, unknown[]>, b: Record<string, unknown[]>): void {
  const keys = Object.keys(a).sort();
  const same =
    JSON.stringify(keys) === JSON.stringify(Object.keys(b).sort()) &&
    keys.every((k) => {
      const x = a[k]!;
      const y = b[k]!;
      return (
        x.length === y.length &&
        x.every((v, i) =>
          typeof v === 'number' && typeof y[i] === 'number'
            ? Math.abs(v - y[i]) <= 1e-9 * Math.max(1, Math.abs(v))
            : v === y[i],
        )
      );
    });
  if (!same) throw new Error(`${label}: the engine and the hand-written SQL disagree`);
}

interface Paired {
  engine: number[];
  baseline: number[];
}

function report(label: string, p: Paired): number {
  const ratios = p.engine.map((e, i) => p.baseline[i]! / e);
  const ratio = median(ratios);
  const e = median(p.engine);
  const b = median(p.baseline);
  log(`${label}`);
  log(`  engine        ${(1000 / e).toFixed(2).padStart(7)} queries/s  ${e.toFixed(1).padStart(8)} ms/query`);
  log(`  hand-written  ${(1000 / b).toFixed(2).padStart(7)} queries/s  ${b.toFixed(1).padStart(8)} ms/query`);
  log(`  ratio of the medians: ${(b / e).toFixed(2)}`);
  log(
    `  ratio (engine ÷ hand-written throughput, median of ${ratios.length} paired rounds): ${ratio.toFixed(2)}  ` +
      `(target ≥ ${TARGET}: ${ratio >= TARGET ? 'met' : 'NOT met'})`,
  );
  return ratio;
}

/** Rounds of both, alternating which runs first, after one warm-up each. */
async function interleave(run: {
  engine: () => Promise<unknown>;
  baseline: () => Promise<unknown>;
}): Promise<Paired> {
  await run.engine();
  await run.baseline();
  const out: Paired = { engine: [], baseline: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? (['engine', 'baseline'] as const) : (['baseline', 'engine'] as const);
    for (const which of order) {
      const t = process.hrtime.bigint();
      await run[which]();
      out[which].push(ms(t));
    }
  }
  return out;
}

async function inProcess(db: Knex, pool: Pool, seeded: AggregateSeeded): Promise<number> {
  const parsed = parseQueryBatch(BATCH, { basePath: ['body'] });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const query = parsed.batch.queries[0]!;
  const engine = () =>
    runQuery(db, {
      teamId: seeded.teamId,
      environment: 'sandbox',
      userId: seeded.primaryUserId,
      query: query.query,
      derived: query.derived,
      config: parsed.batch.config,
      timeframe: parsed.batch.timeframe,
    });
  const values = baselineValues({
    userId: seeded.primaryUserId,
    teamId: seeded.teamId,
    environment: 'sandbox',
    timeZone: TIME_ZONE,
    ...WINDOW,
  });
  // The engine's transaction settings, so the comparison is of the SQL (and the engine's own steps).
  const baseline = async (): Promise<AggregationResult> => {
    const client = await pool.connect();
    try {
      await client.query('begin read only');
      await client.query("select set_config('work_mem', '64MB', true)");
      const { rows } = await client.query<{ week: string; mean: number }>(WEEKLY_MEAN_HEART_RATE_SQL, values);
      await client.query('commit');
      return { table: baselineTable(rows) };
    } finally {
      client.release();
    }
  };
  const [e, b] = [await engine(), await baseline()];
  if (e.table['group_key.0']!.length !== 53) throw new Error('expected 53 weeks of 2025');
  assertSameTable('in process', e.table, b.table);
  return report(
    'weekly mean heart rate, 1 year of minute samples: runQuery vs hand-written SQL',
    await interleave({ engine, baseline }),
  );
}

function startServer(script: string, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'support', script), [], {
      execArgv: ['--conditions=meridian-src', '--import', 'tsx'],
      env: { ...process.env, ...env, BENCH_POOL: '4', NODE_OPTIONS: '' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function overHttp(url: string, seeded: AggregateSeeded): Promise<number> {
  const api = await startServer('data-api-server.ts', { DATABASE_URL: url, PORT: '18110' });
  const bare = await startServer('aggregate-bare-server.ts', {
    DATABASE_URL: url,
    PORT: '18111',
    TEAM_ID: seeded.teamId,
    TIME_ZONE,
    WINDOW_START: WINDOW.start,
    WINDOW_END: WINDOW.end,
  });
  try {
    const post = async (port: number) => {
      const res = await fetch(`http://127.0.0.1:${port}/aggregate/v1/user/${seeded.primaryUserId}/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-api-key': seeded.apiKey },
        body: JSON.stringify(BATCH),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`port ${port}: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as { results: AggregationResult[] };
    };
    const [e, b] = [await post(18110), await post(18111)];
    assertSameTable('over HTTP', e.results[0]!.table, b.results[0]!.table);
    return report(
      'the same over HTTP: POST /aggregate/v1/user/{id}/query (data API) vs bare node:http + pg',
      await interleave({ engine: () => post(18110), baseline: () => post(18111) }),
    );
  } finally {
    await stop(api);
    await stop(bare);
  }
}

/** An hour of minute heart rate for a user, on a day after the seeded year. */
function hourOfHeartRate(userId: string, i: number): IngestBatch {
  const start = Date.parse('2026-01-05T08:00:00Z');
  return {
    userId,
    mode: 'daily',
    timeseries: [
      {
        resource: 'heartrate',
        source: { provider: 'oura', type: 'ring' },
        samples: Array.from({ length: 60 }, (_, m) => ({
          timestamp: new Date(start + m * 60_000).toISOString(),
          value: 60 + ((i + m) % 30),
        })),
      },
    ],
  };
}

async function continuousQueries(db: Knex, seeded: AggregateSeeded): Promise<void> {
  const logger = createLogger({ service: 'bench', level: 'error' });
  const parsed = parseQuery(WEEKLY_MEAN_HEART_RATE, { basePath: ['query'], mode: 'continuous' });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const org = await db('teams').where({ id: seeded.teamId }).first<{ org_id: string }>('org_id');
  const queryId = newId();
  await db('continuous_queries').insert({
    id: queryId,
    org_id: org.org_id,
    team_id: seeded.teamId,
    query_type: 'team',
    environment: 'sandbox',
    slug: 'weekly-heart-rate',
    title: 'Weekly heart rate',
    query: JSON.stringify(queryToWire(parsed.query)),
    query_config: null,
    scheduling_preferences: JSON.stringify({ minimum_gap_duration_second: 1800 }),
    export_preferences: JSON.stringify({ data_events: { enabled: true }, fhir_observations: false }),
    result_table_schema: JSON.stringify(parsed.derived.resultTableSchema),
    resource_dependencies: parsed.derived.resourceDependencies,
    fhir_observation_mappers: parsed.derived.fhirObservationMappers,
  });

  const suffix = `bench-${newId().slice(0, 8)}`;
  const scoped = (name: string) => `${name}.${suffix}`;
  const topology: Topology = {
    exchange: scoped(meridianTopology.exchange),
    queues: meridianTopology.queues.map((q) => ({ ...q, name: scoped(q.name) })),
  };
  const transport = await createAmqpTransport({ url: amqpUrl(), logger, topology });
  const consumers = await startContinuousQueryConsumers({
    db,
    transport,
    logger,
    queues: {
      dataChanges: scoped(meridianQueues.schedulerDataChanges),
      runs: scoped(meridianQueues.continuousQueryRuns),
    },
    runPrefetch: RUN_PREFETCH,
  });
  const relay = createOutboxRelay({ db, transport, logger });
  relay.start();
  const ingestion = createIngestion({ db });
  const users = seeded.userIds.slice(0, USERS);
  const committed = new Map<string, number>();
  try {
    log(
      `continuous query kept current: ${users.length} users, one batch each (60 samples), one active query`,
    );
    const t0 = Date.now();
    let next = 0;
    // Four writers, as a few ingestion workers would: each batch commits with its data events.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < users.length) {
          const i = next++;
          await ingestion.ingest(hourOfHeartRate(users[i]!, i));
          committed.set(users[i]!, Date.now());
        }
      }),
    );
    const ingestedIn = Date.now() - t0;
    const done = new Map<string, number>();
    const deadline = Date.now() + 15 * 60_000;
    while (done.size < users.length && Date.now() < deadline) {
      const rows = await db('continuous_query_results')
        .where({ query_id: queryId })
        .select<{ user_id: string; updated_at: Date }[]>('user_id', 'updated_at');
      for (const r of rows) if (!done.has(r.user_id)) done.set(r.user_id, r.updated_at.getTime());
      const failed = await db('continuous_query_tasks')
        .where({ query_id: queryId, status: 'error' })
        .count<{ n: string }[]>('* as n');
      if (Number(failed[0]!.n) > 0) throw new Error('a continuous-query task ended in error');
      if (done.size < users.length) await new Promise((r) => setTimeout(r, 100));
    }
    if (done.size < users.length)
      throw new Error(`only ${done.size} of ${users.length} result tables after 15 min`);
    const latencies = users.map((u) => done.get(u)! - committed.get(u)!);
    const total = Math.max(...done.values()) - t0;
    log(`  ingest of all batches: ${ingestedIn} ms`);
    log(
      `  batch committed → result table updated: p50 ${quantile(latencies, 0.5)} ms, p99 ${quantile(latencies, 0.99)} ms, ` +
        `max ${Math.max(...latencies)} ms`,
    );
    log(
      `  total, first batch to last result table: ${total} ms (${((users.length / total) * 1000).toFixed(1)} users/s)`,
    );

    // One batch at a time on an idle pipeline (users not in the burst): the latency without a backlog.
    const single: number[] = [];
    for (const [i, userId] of seeded.userIds.slice(USERS, USERS + SINGLE).entries()) {
      await ingestion.ingest(hourOfHeartRate(userId, i));
      const at = Date.now();
      const until = Date.now() + 60_000;
      let updated: number | null = null;
      while (updated === null && Date.now() < until) {
        const row = await db('continuous_query_results')
          .where({ query_id: queryId, user_id: userId })
          .first<{ updated_at: Date } | undefined>('updated_at');
        if (row) updated = row.updated_at.getTime();
        else await new Promise((r) => setTimeout(r, 10));
      }
      if (updated === null) throw new Error('no result table within 60 s of a single batch');
      single.push(updated - at);
    }
    if (single.length > 0)
      log(
        `  one batch at a time (${single.length} more users, idle pipeline; the relay polls every 200 ms): ` +
          `p50 ${quantile(single, 0.5)} ms, p99 ${quantile(single, 0.99)} ms`,
      );
  } finally {
    await relay.stop();
    await consumers.close();
    await transport.deleteTopology().catch(() => undefined);
    await transport.close();
  }
}

async function main(): Promise<void> {
  const dbName = `meridian_bench_${Date.now().toString(36)}`;
  await admin(`create database "${dbName}"`);
  const url = databaseUrlFor(dbName);
  const db = createKnex({ connectionString: url, poolMax: 4 });
  try {
    await migrateLatest(db);
    const t = Date.now();
    const seeded = await seedAggregateData(db, Math.max(USERS, 1) + SINGLE);
    log(
      `loaded ${seeded.samples.toLocaleString('en-US')} minute heart-rate samples, a year of daily activity and ` +
        `sleep, ${seeded.userIds.length} users in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    const pool = new Pool({ connectionString: url, max: 4 });
    const ratios = [await inProcess(db, pool, seeded).finally(() => pool.end())];
    if (!SKIP_HTTP) ratios.push(await overHttp(url, seeded));
    if (!SKIP_CQ) await continuousQueries(db, seeded);
    log(
      `summary: ratio ${ratios.map((r) => r.toFixed(2)).join(' (in process), ')}${ratios.length > 1 ? ' (HTTP)' : ' (in process)'}`,
    );
  } finally {
    await db.destroy();
    if (!KEEP) await admin(`drop database "${dbName}" with (force)`);
    else log(`kept database ${dbName}`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
