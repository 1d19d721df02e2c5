/**
 * Mobile-SDK push benchmark (issue 12): N simulated phones (the device simulator of the data API's tests)
 * sign in through the integrator backend call, then all push their HealthKit minute heart rate and step
 * counts at once, in batches with anchors, through the real HTTP push endpoint of a data API served from its
 * own process. Against it, in the same run and database: a raw multi-row INSERT of the very same sample rows
 * into the same table (`samples`, or `timeseries_samples` before it; emptied first), one statement per pushed batch, over as many
 * database connections as the server has. Prints samples/s accepted, latency per batch (p50/p99), the baseline and the
 * ratio, and a count check (0 lost, 0 duplicated).
 *
 * Two phases, as a phone lives them: the history (`--days` of data, first sync after sign-in, pages of
 * `--batch` records with `more_history`), then `--hours` hourly background syncs with what was measured in
 * that hour (daily data, with `daily.data.*` events), all phones syncing at the same moment each hour.
 *
 *   pnpm bench:push [--devices 50] [--days 2] [--hours 6] [--batch 500] [--pool 10] [--keep]
 *   (or BENCH_DEVICES, BENCH_DAYS, BENCH_HOURS, BENCH_BATCH, BENCH_POOL; BENCH_NODE_FLAGS for the server;
 *   BENCH_STATEMENT_KINDS=1 prints the statements per batch by kind and their time; BENCH_STATEMENT_KINDS=cpu
 *   also their PostgreSQL backend's CPU per sample, read from /proc/<pid>/schedstat)
 *
 * The statements are counted as knex runs them: a push's BEGIN, SAVEPOINT and COMMIT among them, which travel
 * to PostgreSQL with the statements next to them (sdk-push's pipelined-transaction.ts), answered at once (their
 * time by kind ~0 ms), and the activity's read, which runs ahead with the samples' insert (ingestion's
 * run-ahead.ts; answered at once too, its time and CPU then the insert's). Round trips per push are the count
 * less those four (one goes alone while its connection has not yet parsed the statement next to it).
 *
 * Uses DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and a fresh database.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { createOrgWithKey, createTeamWithKeys } from '@meridian/db';
import { createTestDatabase } from '@meridian/test-utils';
import {
  AnchoredHealthStore,
  fetchHttp,
  healthKitWeek,
  integratorBackend,
  SimulatedDevice,
  splitRecordsAt,
  type NativeRecord,
  type PushAnswer,
  type SimulatedResource,
} from '../services/data-api/src/testing/device-simulator';
import { cpuSince, cpuSnapshot, loadAverage } from './support/process-cpu';

const args = process.argv.slice(2);
const setting = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return Number(args[i + 1]);
  const env = process.env[`BENCH_${name.toUpperCase()}`];
  return env ? Number(env) : fallback;
};
const DEVICES = setting('devices', 50);
const DAYS = setting('days', 2);
/** Then this many hourly background syncs per phone (daily data). */
const HOURS = setting('hours', 6);
/** Records per resource per push batch (the SDK's page size). */
const BATCH = setting('batch', 500);
/** Database connections of the data API, and of the baseline. */
const POOL = setting('pool', 10);
const KEEP = args.includes('--keep');
/** Extra node flags for the data API process (`--cpu-prof` to profile it). */
const SERVER_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const PROVIDER = 'apple_health_kit';
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function startDataApi(databaseUrl: string, port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'support', 'data-api-server.ts'), [], {
      execArgv: ['--conditions=meridian-src', '--import', 'tsx', ...SERVER_NODE_FLAGS],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        BENCH_POOL: String(POOL),
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`data API exited with ${code}`)));
  });
}

type StatementKinds = Map<string, { n: number; ms: number; cpuMs: number }>;

/**
 * Statements the data API has sent to PostgreSQL so far (see support/data-api-server.ts), and with
 * BENCH_STATEMENT_KINDS=1 their count and time by kind.
 */
function statementsOf(child: ChildProcess): Promise<{ statements: number; kinds: StatementKinds }> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'statements' in message) {
        child.off('message', onMessage);
        const kinds =
          'kinds' in message ? (message.kinds as [string, { n: number; ms: number; cpuMs: number }][]) : [];
        resolve({ statements: Number(message.statements), kinds: new Map(kinds) });
      }
    };
    child.on('message', onMessage);
    child.send('statements');
  });
}

async function stop(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process used so far; null where /proc is not there. */
function processCpu(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command name (which may hold spaces): utime is [11], stime [12].
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The PostgreSQL backends serving the bench's database right now (their CPU is read from /proc). */
async function backendPids(databaseUrl: string, dbName: string): Promise<number[]> {
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [dbName],
    );
    return rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * The table the data API writes samples to, and its columns: the hash-partitioned `samples` (series and
 * source context as per-user ids, which the push path resolves and the baseline finds stored already), or,
 * on a database from before it, `timeseries_samples`.
 */
interface SampleTable {
  name: string;
  columns: string[];
  /** The column that, with user_id, names a series (a resource of one source): pages are cut per series. */
  series: string;
}

const PARTITIONED: SampleTable = {
  name: 'samples',
  columns: ['user_id', 'series', 'start_at', 'value', 'end_at', 'diastolic', 'context', 'extras'],
  series: 'series',
};

const FLAT: SampleTable = {
  name: 'timeseries_samples',
  columns: [
    'user_id',
    'resource',
    'provider',
    'source_type',
    'type',
    'start_at',
    'end_at',
    'timezone_offset',
    'value',
    'value_text',
    'systolic',
    'diastolic',
    'app_id',
    'device_id',
    'workout_id',
    'sport',
    'extras',
    'created_at',
    'updated_at',
  ],
  series: 'resource',
};

async function sampleTable(databaseUrl: string): Promise<SampleTable> {
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ kind: string | null }>(
      `select (select relkind::text from pg_class where oid = to_regclass('public.samples')) as kind`,
    );
    return rows[0]?.kind === 'p' ? PARTITIONED : FLAT;
  } finally {
    await c.end();
  }
}

const HOUR_MS = 3_600_000;

interface Phase {
  name: string;
  seconds: number;
  samples: number;
  requests: number;
  latencies: number[];
}

interface Baseline {
  seconds: number;
  /** CPU seconds of the PostgreSQL backends that ran it. */
  backendCpu: number;
  rows: number;
  statements: number;
}

/**
 * The stored rows, read back, deleted, and written again with one multi-row INSERT per pushed batch: history
 * rows (before `cutoff`) in pages of `BATCH` per user and resource, daily rows per user and hour (one hourly
 * push). `POOL` connections at a time, each phase timed on its own.
 */
async function rawInsertBaseline(
  databaseUrl: string,
  table: SampleTable,
  cutoff: Date,
  expected: number,
): Promise<{ history: Baseline; daily: Baseline; backendCpu: number }> {
  const COLUMNS = table.columns;
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  const clients: Client[] = [];
  try {
    const { rows } = await admin.query(
      `select ${COLUMNS.join(', ')} from ${table.name} order by user_id, ${table.series}, start_at`,
    );
    const history = new Map<string, unknown[][]>();
    const daily = new Map<string, unknown[][]>();
    const pages = new Map<string, number>();
    for (const row of rows as Record<string, unknown>[]) {
      const at = (row.start_at as Date).getTime();
      const values = COLUMNS.map((c) => row[c]);
      if (at < cutoff.getTime()) {
        const series = `${String(row.user_id)}/${String(row[table.series])}`;
        const n = pages.get(series) ?? 0;
        pages.set(series, n + 1);
        const key = `${series}/${Math.floor(n / BATCH)}`;
        history.set(key, [...(history.get(key) ?? []), values]);
      } else {
        const key = `${String(row.user_id)}/${Math.floor((at - cutoff.getTime()) / HOUR_MS)}`;
        daily.set(key, [...(daily.get(key) ?? []), values]);
      }
    }
    // The data API writes a user's samples into the user's partition: so does the baseline.
    const targets = new Map<string, string>();
    if (table === PARTITIONED) {
      const found = await admin.query<{ user_id: string; name: string }>(
        `select u as user_id, samples_partition(u) as name from (select distinct user_id as u from samples) x`,
      );
      for (const r of found.rows) targets.set(r.user_id, r.name);
    }
    await admin.query(`delete from ${table.name}`);
    await admin.query(`vacuum analyze ${table.name}`);
    for (let i = 0; i < POOL; i += 1) {
      const c = new Client({ connectionString: databaseUrl });
      await c.connect();
      clients.push(c);
    }
    const pids = (
      await Promise.all(clients.map((c) => c.query<{ pid: number }>('select pg_backend_pid() as pid')))
    ).map((r) => r.rows[0]!.pid);
    const run = async (batches: unknown[][][]): Promise<Baseline> => {
      const queue = [...batches];
      const cpuBefore = cpuSnapshot(pids);
      const started = performance.now();
      await Promise.all(
        clients.map(async (c) => {
          for (let batch = queue.shift(); batch; batch = queue.shift()) {
            const params: unknown[] = [];
            const tuples = batch.map((row) => {
              const first = params.length;
              params.push(...row);
              return `(${row.map((_, j) => `$${first + j + 1}`).join(', ')})`;
            });
            await c.query(
              `insert into ${targets.get(String(batch[0]![0])) ?? table.name} (${COLUMNS.join(', ')}) values ${tuples.join(', ')}`,
              params,
            );
          }
        }),
      );
      return {
        seconds: (performance.now() - started) / 1000,
        backendCpu: cpuSince(cpuBefore, pids),
        rows: batches.reduce((n, b) => n + b.length, 0),
        statements: batches.length,
      };
    };
    const historyRun = await run([...history.values()]);
    const dailyRun = await run([...daily.values()]);
    const count = Number((await admin.query(`select count(*) as n from ${table.name}`)).rows[0].n);
    if (count !== expected) throw new Error(`the INSERTs restored ${count} rows, expected ${expected}`);
    return { history: historyRun, daily: dailyRun, backendCpu: historyRun.backendCpu + dailyRun.backendCpu };
  } finally {
    for (const c of clients) await c.end();
    await admin.end();
  }
}

type Records = Record<SimulatedResource, NativeRecord[]>;

/** A phone: its history, then what it measures hour by hour. */
interface Phone {
  device: SimulatedDevice;
  store: AnchoredHealthStore;
  history: Records;
  hours: Records[];
}

function phoneData(
  end: Date,
  seed: number,
  cutoff: Date,
): Pick<Phone, 'history' | 'hours'> & { zone: string } {
  const week = healthKitWeek({ end, days: DAYS + HOURS / 24, seed });
  const only = (r: Records): Records => ({ heartrate: r.heartrate, steps: r.steps, sleep: [], workouts: [] });
  let [history, rest] = splitRecordsAt(only(week.records), cutoff);
  const hours: Records[] = [];
  for (let h = 1; h <= HOURS; h += 1) {
    const [hour, later] = splitRecordsAt(rest, new Date(cutoff.getTime() + h * HOUR_MS));
    hours.push(hour);
    rest = later;
  }
  history = only(history);
  return { history, hours, zone: week.timeZone };
}

const samplesIn = (r: Records) => r.heartrate.length + r.steps.length;
const resultsOf = (answers: PushAnswer[][]) => answers.flat().flatMap((a) => a.results);

/** Every phone syncs at once; the pushes it sent in this phase give the latencies. */
async function syncAll(phones: Phone[], name: string): Promise<Phase & { created: number; failed: number }> {
  const logged = phones.map((p) => p.device.log.length);
  const started = performance.now();
  const answers = await Promise.all(phones.map((p) => p.device.sync()));
  const seconds = (performance.now() - started) / 1000;
  const pushes = phones.flatMap((p, i) => p.device.log.slice(logged[i]).filter((e) => e.kind === 'push'));
  const results = resultsOf(answers);
  return {
    name,
    seconds,
    samples: results.reduce((n, r) => n + r.samples_created, 0),
    created: results.reduce((n, r) => n + r.samples_created, 0),
    failed: results.filter((r) => r.status === 'failed').length,
    requests: pushes.length,
    latencies: pushes.map((e) => e.ms),
  };
}

function phaseLine(p: Phase, base: Baseline): string {
  const sorted = [...p.latencies].sort((a, b) => a - b);
  const rate = p.samples / p.seconds;
  const rawRate = base.rows / base.seconds;
  return [
    p.name.padEnd(22),
    fmt(p.samples).padStart(9),
    fmt(p.requests).padStart(8),
    `${p.seconds.toFixed(1)} s`.padStart(8),
    fmt(rate).padStart(9),
    `${percentile(sorted, 50).toFixed(0)} ms`.padStart(9),
    `${percentile(sorted, 99).toFixed(0)} ms`.padStart(9),
    fmt(rawRate).padStart(11),
    (rate / rawRate).toFixed(3).padStart(7),
  ].join(' ');
}

async function main(): Promise<void> {
  const db = await createTestDatabase();
  let server: ChildProcess | null = null;
  try {
    const org = await createOrgWithKey(db.knex, { plan: 'scale' });
    const team = await createTeamWithKeys(db.knex, org.orgId);
    const apiKey = team.apiKeys.sandbox;
    const port = await freePort();
    server = await startDataApi(db.url, port);
    const api = fetchHttp(`http://127.0.0.1:${port}`);
    const backend = integratorBackend(api, apiKey);

    const end = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    const cutoff = new Date(end.getTime() - HOURS * HOUR_MS);
    log(
      `${DEVICES} phones: ${DAYS} days of history (minute heart rate, 15-minute steps) in batches of ${BATCH} records, then ${HOURS} hourly syncs`,
    );
    const phones: Phone[] = [];
    for (let i = 0; i <= DEVICES; i += 1) {
      const created = await api('POST', '/v2/user', {
        headers: { 'x-service-api-key': apiKey },
        body: { client_user_id: `bench-phone-${i}` },
      });
      if (created.status !== 200) throw new Error(`user creation answered ${created.status}`);
      const data = phoneData(end, 1000 + i, cutoff);
      const store = new AnchoredHealthStore(data.history);
      const device = new SimulatedDevice({
        http: api,
        backend,
        userId: created.body.user_id as string,
        store,
        batchSize: BATCH,
        timeZone: data.zone,
        maxAttempts: 20,
      });
      await device.signIn(); // the integrator backend's sign-in token, exchanged by the app
      phones.push({ device, store, ...data });
    }

    // One phone warms the server up (JIT, pools, plans) with its history; it is left out of the figures.
    const warmup = phones.shift()!;
    await warmup.device.sync();
    const warmupSamples = samplesIn(warmup.history);
    const feed = (p: Phone, r: Records) => {
      for (const resource of ['heartrate', 'steps'] as const) p.store.add(resource, r[resource]);
    };
    feed(warmup, {
      heartrate: warmup.hours.flatMap((h) => h.heartrate),
      steps: warmup.hours.flatMap((h) => h.steps),
      sleep: [],
      workouts: [],
    });
    await warmup.device.sync();
    const warmupAll = warmupSamples + warmup.hours.reduce((n, h) => n + samplesIn(h), 0);

    const statementsBefore = await statementsOf(server);
    const backendsBefore = cpuSnapshot(await backendPids(db.url, db.name));
    const serverCpuBefore = processCpu(server.pid);
    const ownCpuBefore = process.cpuUsage();
    const loadBefore = loadAverage();
    log(`history: all ${DEVICES} phones push at once through POST /v2/sdk/push/${PROVIDER} ...`);
    const history = await syncAll(phones, 'history (first sync)');
    const statementsAfterHistory = await statementsOf(server);
    log(`daily: ${HOURS} hourly syncs, all phones at once each hour ...`);
    const hourly: Awaited<ReturnType<typeof syncAll>>[] = [];
    for (let h = 0; h < HOURS; h += 1) {
      for (const p of phones) feed(p, p.hours[h]!);
      hourly.push(await syncAll(phones, 'daily'));
    }
    const daily = {
      name: 'hourly syncs (daily)',
      seconds: hourly.reduce((n, x) => n + x.seconds, 0),
      samples: hourly.reduce((n, x) => n + x.samples, 0),
      created: hourly.reduce((n, x) => n + x.created, 0),
      failed: hourly.reduce((n, x) => n + x.failed, 0),
      requests: hourly.reduce((n, x) => n + x.requests, 0),
      latencies: hourly.flatMap((x) => x.latencies),
    };

    const serverCpuAfter = processCpu(server.pid);
    // Backends that ended while pushing are missed (the pool keeps its connections through the run).
    const backendCpu = cpuSince(backendsBefore, await backendPids(db.url, db.name));
    const statementsAfter = await statementsOf(server);
    const statements = statementsAfter.statements - statementsBefore.statements;
    const kindsOfPhase = (from: StatementKinds, to: StatementKinds) =>
      [...to]
        .map(([kind, k]) => {
          const before = from.get(kind) ?? { n: 0, ms: 0, cpuMs: 0 };
          return { kind, n: k.n - before.n, ms: k.ms - before.ms, cpuMs: k.cpuMs - before.cpuMs };
        })
        .filter((k) => k.n > 0)
        .sort((a, b) => b.ms - a.ms);
    const kinds = [
      { phase: history, kinds: kindsOfPhase(statementsBefore.kinds, statementsAfterHistory.kinds) },
      { phase: daily, kinds: kindsOfPhase(statementsAfterHistory.kinds, statementsAfter.kinds) },
    ];
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const expectedHistory = phones.reduce((n, p) => n + samplesIn(p.history), 0);
    const expectedDaily = phones.reduce((n, p) => n + p.hours.reduce((m, h) => m + samplesIn(h), 0), 0);
    const table = await sampleTable(db.url);
    const stored = Number((await db.knex(table.name).count({ n: '*' }))[0]!.n) - warmupAll;
    const events = Number(
      (await db.knex('outbox').where('event_type', 'like', 'daily.data.%').count({ n: '*' }))[0]!.n,
    );
    const retried = phones
      .flatMap((p) => p.device.log)
      .filter((e) => e.kind === 'push' && e.status !== 200).length;

    await stop(server);
    server = null;
    log(`raw multi-row INSERT of the same sample rows into the same (emptied) table, ${table.name} ...`);
    const loadPushed = loadAverage();
    const raw = await rawInsertBaseline(db.url, table, cutoff, stored + warmupAll);
    const loadAfter = loadAverage();
    // The warm-up phone's rows are in the baseline's statements too: compare rates, not totals.

    const all: Phase = {
      name: 'all',
      seconds: history.seconds + daily.seconds,
      samples: history.samples + daily.samples,
      requests: history.requests + daily.requests,
      latencies: [...history.latencies, ...daily.latencies],
    };
    const rawAll: Baseline = {
      seconds: raw.history.seconds + raw.daily.seconds,
      backendCpu: raw.backendCpu,
      rows: raw.history.rows + raw.daily.rows,
      statements: raw.history.statements + raw.daily.statements,
    };
    log('');
    log(
      `${DEVICES} phones at once, data API pool ${POOL}, baseline ${POOL} connections; ${fmt(events)} daily.data events written; ${retried} pushes answered other than 200 (retried)`,
    );
    log(
      `${'phase'.padEnd(22)} ${'samples'.padStart(9)} ${'batches'.padStart(8)} ${'time'.padStart(8)} ${'samples/s'.padStart(9)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'raw INSERT/s'.padStart(11)} ${'ratio'.padStart(7)}`,
    );
    log(phaseLine(history, raw.history));
    log(phaseLine(daily, raw.daily));
    log(phaseLine(all, rawAll));
    const serverCpu =
      serverCpuBefore !== null && serverCpuAfter !== null ? serverCpuAfter - serverCpuBefore : null;
    log(
      `CPU while pushing (${all.seconds.toFixed(1)} s): data API ${serverCpu === null ? 'n/a' : `${serverCpu.toFixed(1)} s`}, its PostgreSQL backends ${backendCpu.toFixed(1)} s, the ${DEVICES} simulated phones ${((ownCpu.user + ownCpu.system) / 1e6).toFixed(1)} s`,
    );
    const perSample = (cpu: number, samples: number) => `${((cpu / samples) * 1e6).toFixed(1)} µs`;
    log(
      `CPU per sample: push ${serverCpu === null ? 'n/a' : perSample(serverCpu + backendCpu, all.samples)} (data API ${serverCpu === null ? 'n/a' : perSample(serverCpu, all.samples)} + PostgreSQL ${perSample(backendCpu, all.samples)}); raw INSERT: PostgreSQL ${perSample(rawAll.backendCpu, rawAll.rows)}`,
    );
    const perBatch = (from: { statements: number }, to: { statements: number }, requests: number) =>
      ((to.statements - from.statements) / Math.max(1, requests)).toFixed(1);
    log(
      `SQL statements of the data API: ${fmt(statements)} for ${fmt(all.requests)} push requests (${(statements / Math.max(1, all.requests)).toFixed(1)} per batch, sign-in and device lookups included; history ${perBatch(statementsBefore, statementsAfterHistory, history.requests)}, hourly syncs ${perBatch(statementsAfterHistory, statementsAfter, daily.requests)})`,
    );
    for (const { phase, kinds: byKind } of kinds) {
      if (byKind.length === 0) continue;
      log(
        `${phase.name}: statements by kind (per batch: count, ms from send to answer, CPU µs of its PostgreSQL backend per sample with BENCH_STATEMENT_KINDS=cpu; first words)`,
      );
      for (const k of byKind) {
        log(
          `  ${(k.n / phase.requests).toFixed(2).padStart(6)} ${(k.ms / phase.requests).toFixed(1).padStart(7)} ms ${((k.cpuMs * 1000) / Math.max(1, phase.samples)).toFixed(2).padStart(7)} µs  ${k.kind}`,
        );
      }
    }
    log(
      `load average (1, 5, 15 min; 2 cores shared): before pushing ${loadBefore}, after pushing ${loadPushed}, after the baseline ${loadAfter}`,
    );
    const ratio = all.samples / all.seconds / (rawAll.rows / rawAll.seconds);
    log(
      `ratio push / raw INSERT, all: ${ratio.toFixed(3)} (target ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'MISSED'})`,
    );
    const expected = expectedHistory + expectedDaily;
    const lost = Math.max(0, expected - stored);
    const duplicated = Math.max(0, stored - expected);
    log(
      `samples: pushed ${fmt(expected)} (${fmt(expectedHistory)} history + ${fmt(expectedDaily)} daily), accepted ${fmt(all.samples)}, stored ${fmt(stored)} → lost ${lost}, duplicated ${duplicated}`,
    );
    const failed = history.failed + daily.failed;
    if (lost > 0 || duplicated > 0 || all.samples !== expected || failed > 0) process.exitCode = 1;
  } finally {
    if (server) await stop(server);
    if (!KEEP) await db.destroy();
    else log(`kept database ${db.name}`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
