/**
 * Provider sync benchmark (issue 9): N users connected to the emulated Oura (OAuth code flow through the
 * emulator's consent form), each with a 90-day history of 5-minute heart rate (Oura's finest), sleep and
 * daily activity, pulled through the real connector → sync engine → ingestion path. Against it, in the same
 * run and database, a raw `COPY` of the very same sample rows into the same table (three timed runs, the median
 * counts). Prints samples/s of both, their ratio, the CPU time each process spent during the sync and the load
 * average (the cores are shared), the wall time projected for 1,000 users from N, and a count check (0 lost,
 * 0 duplicated).
 *
 *   pnpm bench:sync [--users 8] [--concurrency 4] [--days 90] [--keep] [--statements] [--cpu-prof sync.cpuprofile]
 *     [--heap-prof sync.heapprofile] [--emulator-cpu-prof dir]
 *
 * `--cpu-prof <file>` writes a V8 CPU profile of the engine process covering the timed sync only (open it in
 * Chrome DevTools or speedscope); `--heap-prof <file>` a sampling heap profile of what it allocates then.
 *
 * Uses DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and a fresh database.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import {
  connectorFor,
  createConnectorContext,
  type ClientCredentials,
  type OAuthSpec,
} from '@meridian/connectors';
import { createLogger, createSecretBox } from '@meridian/platform';
import { establishConnection, runConnectionSync, type SyncDeps } from '@meridian/sync';
import { createTestDatabase, seedOrg, seedTeam } from '@meridian/test-utils';
import { cpuSince, cpuSnapshot, loadAverage } from './support/process-cpu';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const USERS = flag('users', 8);
const CONCURRENCY = flag('concurrency', 4);
const DAYS = flag('days', 90);
const KEEP = args.includes('--keep');
const CPU_PROFILE = args.includes('--cpu-prof') ? args[args.indexOf('--cpu-prof') + 1] : undefined;
const HEAP_PROFILE = args.includes('--heap-prof') ? args[args.indexOf('--heap-prof') + 1] : undefined;
/** `--statements`: the SQL statements of the sync by summed elapsed time (a round trip each, so wall time). */
const STATEMENTS = args.includes('--statements');
/** `--emulator-cpu-prof <dir>`: a V8 CPU profile of the emulator process (its whole life) into that directory. */
const EMULATOR_CPU_PROFILE_DIR = args.includes('--emulator-cpu-prof')
  ? args[args.indexOf('--emulator-cpu-prof') + 1]
  : undefined;
const PROVIDER = 'oura';
const DAY_MS = 86_400_000;
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

interface EmulatorInfo {
  apiUrl: string;
  authUrl: string;
  client: ClientCredentials;
}

function startEmulatorProcess(nowMs: number): Promise<{ child: ChildProcess; info: EmulatorInfo }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'support', 'provider-emulator-server.ts'), [], {
      execArgv: [
        '--conditions=meridian-src',
        '--import',
        'tsx',
        ...(EMULATOR_CPU_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', EMULATOR_CPU_PROFILE_DIR] : []),
      ],
      env: {
        ...process.env,
        BENCH_PROVIDER: PROVIDER,
        BENCH_HISTORY_DAYS: String(DAYS),
        BENCH_NOW_MS: String(nowMs),
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (info) => resolve({ child, info: info as EmulatorInfo }));
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
}

/** The emulator's consent form, as a person fills it in (Allow), then the connector's code exchange. */
async function authorizeThroughConsent(deps: SyncDeps, emu: EmulatorInfo, username: string) {
  const connector = connectorFor(PROVIDER)!;
  const spec = connector.auth as OAuthSpec;
  const scopes = [...new Set([...spec.baseScopes, ...connector.streams.flatMap((s) => s.scopes)])];
  const redirectUri = 'https://bench.example.test/v2/link/oauth/callback';
  const form = new URLSearchParams({
    client_id: emu.client.clientId,
    redirect_uri: redirectUri,
    state: username,
    code_challenge: '',
    username,
    decision: 'allow',
  });
  for (const s of scopes) form.append('scope', s);
  const res = await fetch(`${emu.authUrl}${spec.authorizePath}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const code = new URL(res.headers.get('location') ?? 'x:').searchParams.get('code');
  if (!code) throw new Error(`consent answered ${res.status} without a code`);
  const ctx = createConnectorContext({
    settings: deps.providers.get(PROVIDER)!,
    client: emu.client,
    allowList: null,
  });
  const tokens = await connector.exchangeCode!(ctx, code, redirectUri, null);
  const id = await connector.identify!(ctx, tokens);
  return { ...tokens, externalUserId: id.externalUserId };
}

/**
 * Time spent inside the connector's stream fetches (the provider's HTTP answer plus the mapping), summed over
 * the concurrent runs, so the figures can say how much of the wall time is the emulated provider's (fetches
 * overlap the writes: a run fetches the next pages while it writes a batch).
 */
const fetchTime = { ms: 0, pages: 0 };
function timeConnectorFetches(): void {
  for (const stream of connectorFor(PROVIDER)!.streams) {
    const fetchPage = stream.fetch.bind(stream);
    stream.fetch = async (ctx, req) => {
      const started = performance.now();
      try {
        return await fetchPage(ctx, req);
      } finally {
        fetchTime.ms += performance.now() - started;
        fetchTime.pages += 1;
      }
    };
  }
}

/**
 * Runs `work` under the V8 CPU profiler (`--cpu-prof <file>`) and/or the sampling heap profiler counting every
 * allocation, garbage included (`--heap-prof <file>`), and writes the profiles to those files.
 */
async function profiled(work: () => Promise<void>): Promise<void> {
  if (!CPU_PROFILE && !HEAP_PROFILE) return work();
  const session = new Session();
  session.connect();
  if (CPU_PROFILE) {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  if (HEAP_PROFILE) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  try {
    await work();
  } finally {
    if (CPU_PROFILE) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(CPU_PROFILE, JSON.stringify(profile));
    }
    if (HEAP_PROFILE) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      await writeFile(HEAP_PROFILE, JSON.stringify(profile));
    }
    session.disconnect();
  }
}

async function syncAll(deps: SyncDeps, connectionIds: string[]): Promise<void> {
  const queue = [...connectionIds];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      for (let runs = 0; (await runConnectionSync(deps, id)).streams > 0; runs += 1) {
        if (runs > 50) throw new Error(`connection ${id} never went idle`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Distinct heart-rate instants the emulator serves for one token over [start, end). */
async function servedHeartRate(
  emu: EmulatorInfo,
  accessToken: string,
  start: Date,
  end: Date,
): Promise<number> {
  const instants = new Set<number>();
  for (let from = start.getTime(); from < end.getTime(); from += 30 * DAY_MS) {
    const to = Math.min(from + 30 * DAY_MS, end.getTime());
    let next: string | null = null;
    do {
      const url = new URL(`${emu.apiUrl}/v2/usercollection/heartrate`);
      url.searchParams.set('start_datetime', new Date(from).toISOString());
      url.searchParams.set('end_datetime', new Date(to).toISOString());
      if (next) url.searchParams.set('next_token', next);
      const body = (await (
        await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } })
      ).json()) as {
        data: { timestamp: string }[];
        next_token: string | null;
      };
      for (const r of body.data) {
        const at = Date.parse(r.timestamp);
        if (at >= from && at < to) instants.add(at);
      }
      next = body.next_token;
    } while (next);
  }
  return instants.size;
}

/** The columns of `samples`, the hash-partitioned table the sync engine writes (series and context resolved). */
const COLUMNS = 'user_id, series, start_at, value, end_at, diastolic, context, extras';

/** Timed COPY FROM runs of the baseline (the median counts: one run is short and load on the shared cores varies). */
const COPY_RUNS = 3;

/**
 * The same sample rows, out with COPY TO and back in with a timed COPY FROM into the emptied `samples` table
 * (the table the engine writes; its per-user series and contexts stay), `COPY_RUNS` times.
 */
async function rawCopyBaseline(
  dbUrl: string,
  expected: number,
): Promise<{ rows: number; seconds: number[] }> {
  const client = new Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const chunks: Buffer[] = [];
    await pipeline(
      client.query(copyTo(`copy (select ${COLUMNS} from samples) to stdout`)),
      async (src: AsyncIterable<Buffer>) => {
        for await (const c of src) chunks.push(c);
      },
    );
    const seconds: number[] = [];
    for (let run = 0; run < COPY_RUNS; run += 1) {
      await client.query('delete from samples');
      await client.query('vacuum analyze samples');
      const started = performance.now();
      await pipeline(Readable.from(chunks), client.query(copyFrom(`copy samples (${COLUMNS}) from stdin`)));
      seconds.push((performance.now() - started) / 1000);
      const rows = Number((await client.query('select count(*) as n from samples')).rows[0].n);
      if (rows !== expected) throw new Error(`COPY restored ${rows} rows, expected ${expected}`);
    }
    return { rows: expected, seconds };
  } finally {
    await client.end();
  }
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The PostgreSQL backends serving the benchmark's database. */
async function backendPids(deps: SyncDeps): Promise<number[]> {
  const result = await deps.db.raw<{ rows: { pid: number }[] }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  return result.rows.map((r) => r.pid);
}

async function main(): Promise<void> {
  const nowMs = Date.now();
  const db = await createTestDatabase();
  const { child, info: emu } = await startEmulatorProcess(nowMs);
  try {
    const deps: SyncDeps = {
      db: db.knex,
      secretBox: createSecretBox(randomBytes(32)),
      providers: new Map([
        [
          PROVIDER,
          { slug: PROVIDER, apiUrl: emu.apiUrl, authUrl: emu.authUrl, client: emu.client, emulated: true },
        ],
      ]),
      allowList: null,
      clock: () => new Date(),
      logger: createLogger({ service: 'bench', level: 'error', silent: true }),
      tuning: { runBudgetMs: 3_600_000 },
    };
    const teamId = (await seedTeam(db.knex, (await seedOrg(db.knex)).orgId)).teamId;
    log(`connecting ${USERS} users to the emulated ${PROVIDER} (${DAYS} days of history each) ...`);
    const users: { userId: string; connectionId: string; accessToken: string }[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const userId = crypto.randomUUID();
      await db
        .knex('users')
        .insert({ id: userId, team_id: teamId, environment: 'sandbox', client_user_id: `bench-${i}` });
      const tokens = await authorizeThroughConsent(deps, emu, `bench-user-${i}`);
      const { connectionId } = await establishConnection(deps, {
        userId,
        provider: PROVIDER,
        authType: 'oauth',
        tokens,
        credentialSource: 'platform',
        externalUserId: tokens.externalUserId,
      });
      users.push({ userId, connectionId, accessToken: tokens.accessToken });
    }

    log(`syncing through connector → engine → ingestion, ${CONCURRENCY} connections at a time ...`);
    timeConnectorFetches();
    const loadBefore = loadAverage();
    const cpuBefore = {
      engine: process.cpuUsage(),
      emulator: cpuSnapshot([child.pid!]),
      backends: cpuSnapshot(await backendPids(deps)),
    };
    let queries = 0;
    const statementStarts = new Map<string, { sql: string; at: number }>();
    const statementTimes = new Map<string, { n: number; ms: number }>();
    const countQuery = (q: { sql: string; __knexUid: string }) => {
      queries += 1;
      if (STATEMENTS) statementStarts.set(q.__knexUid, { sql: q.sql, at: performance.now() });
    };
    const timeQuery = (_: unknown, q: { __knexUid: string }) => {
      const start = statementStarts.get(q.__knexUid);
      if (!start) return;
      statementStarts.delete(q.__knexUid);
      const key = start.sql.replace(/\s+/g, ' ').slice(0, 90);
      const t = statementTimes.get(key) ?? { n: 0, ms: 0 };
      t.n += 1;
      t.ms += performance.now() - start.at;
      statementTimes.set(key, t);
    };
    deps.db.on('query', countQuery);
    deps.db.on('query-response', timeQuery);
    const started = performance.now();
    await profiled(() =>
      syncAll(
        deps,
        users.map((u) => u.connectionId),
      ),
    );
    const syncSeconds = (performance.now() - started) / 1000;
    deps.db.off('query', countQuery);
    deps.db.off('query-response', timeQuery);
    const engineCpu = process.cpuUsage(cpuBefore.engine);
    const cpu = {
      engine: (engineCpu.user + engineCpu.system) / 1e6,
      emulator: cpuSince(cpuBefore.emulator, [child.pid!]),
      backends: cpuSince(cpuBefore.backends, await backendPids(deps)),
    };
    const loadAfter = loadAverage();
    const samples = Number((await db.knex('samples').count({ n: '*' }))[0]!.n);
    const summaries = Number((await db.knex('summaries').count({ n: '*' }))[0]!.n);
    const unfinished = Number(
      (await db.knex('historical_pulls').whereNot('status', 'success').count({ n: '*' }))[0]!.n,
    );

    log('checking every heart-rate sample against what the emulator serves ...');
    let served = 0;
    for (const u of users) {
      const stream = await db
        .knex('connection_sync_streams')
        .where({ connection_id: u.connectionId, stream: 'heartrate' })
        .first();
      served += await servedHeartRate(emu, u.accessToken, stream.range_start, stream.range_end);
    }
    const storedHr = Number(
      (await db.knex('timeseries_samples').where({ resource: 'heartrate' }).count({ n: '*' }))[0]!.n,
    );

    log(`raw COPY of the same sample rows into the same (emptied) table, ${COPY_RUNS} times ...`);
    const copy = await rawCopyBaseline(db.url, samples);
    const copySeconds = median(copy.seconds);

    const engineRate = samples / syncSeconds;
    const copyRate = copy.rows / copySeconds;
    const ratio = engineRate / copyRate;
    const perUser = syncSeconds / USERS;
    log('');
    log(`users: ${USERS}, concurrency ${CONCURRENCY}, history ${DAYS} days (Oura heart rate is 5-minute)`);
    log(
      `stored: ${fmt(samples)} timeseries samples + ${fmt(summaries)} summaries; pulls not successful: ${unfinished}`,
    );
    log(
      `sync engine: ${syncSeconds.toFixed(1)} s, ${fmt(engineRate)} samples/s (${fmt((samples + summaries) / syncSeconds)} rows/s with summaries)`,
    );
    const connectionSeconds = syncSeconds * Math.min(CONCURRENCY, USERS);
    log(
      `  inside ${fmt(fetchTime.pages)} provider fetches (HTTP + mapping, summed over runs): ${(fetchTime.ms / 1000).toFixed(1)} s of` +
        ` ${connectionSeconds.toFixed(1)} connection-seconds (the next pages are fetched while a batch is written)`,
    );
    log(
      `  CPU during the sync: engine process ${cpu.engine.toFixed(2)} s, emulator ${cpu.emulator.toFixed(2)} s,` +
        ` PostgreSQL backends ${cpu.backends.toFixed(2)} s; load average ${loadBefore} before, ${loadAfter} after`,
    );
    log(`  SQL statements during the sync: ${fmt(queries)} (each a round trip to PostgreSQL)`);
    if (STATEMENTS) {
      for (const [sql, t] of [...statementTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
        log(`    ${fmt(t.ms).padStart(6)} ms  ${String(t.n).padStart(4)}×  ${sql}`);
    }
    log(
      `raw COPY:    ${copySeconds.toFixed(2)} s (median of ${copy.seconds.map((x) => x.toFixed(2)).join(', ')} s), ${fmt(copyRate)} samples/s`,
    );
    log(`ratio engine / raw COPY: ${ratio.toFixed(3)} (target ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'MISSED'})`);
    log(
      `projected for 1,000 users (from ${USERS}, same concurrency, linear): ${((perUser * 1000) / 60).toFixed(1)} min`,
    );
    const lost = Math.max(0, served - storedHr);
    const duplicated = Math.max(0, storedHr - served);
    log(
      `heart rate: emulator served ${fmt(served)}, stored ${fmt(storedHr)} → lost ${lost}, duplicated ${duplicated}`,
    );
    if (lost > 0 || duplicated > 0 || unfinished > 0) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    if (!KEEP) await db.destroy();
    else log(`kept database ${db.name}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
