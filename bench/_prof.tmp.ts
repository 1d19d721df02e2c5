/**
 * Provider sync benchmark (issue 9): N users connected to the emulated Oura (OAuth code flow through the
 * emulator's consent form), each with a 90-day history of 5-minute heart rate (Oura's finest), sleep and
 * daily activity, pulled through the real connector → sync engine → ingestion path. Against it, in the same
 * run and database, a raw `COPY` of the very same sample rows into the same table. Prints samples/s of both,
 * their ratio, the wall time projected for 1,000 users from N, and a count check (0 lost, 0 duplicated).
 *
 *   pnpm bench:sync [--users 8] [--concurrency 4] [--days 90] [--keep]
 *
 * Uses DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and a fresh database.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const USERS = flag('users', 8);
const CONCURRENCY = flag('concurrency', 4);
const DAYS = flag('days', 90);
const KEEP = args.includes('--keep');
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
      execArgv: ['--conditions=meridian-src', '--import', 'tsx', ...(process.env.PROF_EMU ? ['--cpu-prof','--cpu-prof-dir=/tmp/prof-emu'] : [])],
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
 * the concurrent runs, so the figures can say how much of the wall time is the emulated provider's.
 */
const fetchTime = { ms: 0 };
function timeConnectorFetches(): void {
  for (const stream of connectorFor(PROVIDER)!.streams) {
    const fetchPage = stream.fetch.bind(stream);
    stream.fetch = async (ctx, req) => {
      const started = performance.now();
      try {
        return await fetchPage(ctx, req);
      } finally {
        fetchTime.ms += performance.now() - started;
      }
    };
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

const COLUMNS =
  'user_id, resource, provider, source_type, type, start_at, end_at, timezone_offset, value, value_text, systolic, diastolic, app_id, device_id, workout_id, sport, extras, created_at, updated_at';

/** The same sample rows, out with COPY TO and back in with a timed COPY FROM into the emptied table. */
async function rawCopyBaseline(dbUrl: string, expected: number): Promise<{ rows: number; seconds: number }> {
  const client = new Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const chunks: Buffer[] = [];
    await pipeline(
      client.query(copyTo(`copy (select ${COLUMNS} from timeseries_samples) to stdout`)),
      async (src: AsyncIterable<Buffer>) => {
        for await (const c of src) chunks.push(c);
      },
    );
    await client.query('delete from timeseries_samples');
    await client.query('vacuum analyze timeseries_samples');
    const started = performance.now();
    await pipeline(
      Readable.from(chunks),
      client.query(copyFrom(`copy timeseries_samples (${COLUMNS}) from stdin`)),
    );
    const seconds = (performance.now() - started) / 1000;
    const rows = Number((await client.query('select count(*) as n from timeseries_samples')).rows[0].n);
    if (rows !== expected) throw new Error(`COPY restored ${rows} rows, expected ${expected}`);
    return { rows, seconds };
  } finally {
    await client.end();
  }
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
      tuning: { runBudgetMs: 3_600_000, ...(process.env.BATCH ? { historicalBatchItems: Number(process.env.BATCH) } : {}) },
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
    const stats = new Map<string, { n: number; ms: number }>();
    const startedQ = new Map<string, { sql: string; t: number }>();
    db.knex.on('query', (q: any) => startedQ.set(q.__knexQueryUid, { sql: String(q.sql).replace(/\s+/g, ' ').slice(0, 90), t: performance.now() }));
    db.knex.on('query-response', (_r: any, q: any) => { const s = startedQ.get(q.__knexQueryUid); if (!s) return; startedQ.delete(q.__knexQueryUid); const e = stats.get(s.sql) ?? { n: 0, ms: 0 }; e.n++; e.ms += performance.now() - s.t; stats.set(s.sql, e); });
    const fs = await import('node:fs');
    const cpuOf = (pid: number) => { try { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; } catch { return 0; } };
    const pgCpu = () => { let t = 0; for (const d of fs.readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres') t += cpuOf(Number(d)); } catch {} } return t; };
    const sys0 = fs.readFileSync('/proc/stat','utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
    const pg0 = new Map<number, number>();
    const benchPids = async () => (await db.knex.raw('select pid from pg_stat_activity where datname = current_database()')).rows.map((r: { pid: number }) => r.pid) as number[];
    for (const pid of await benchPids()) pg0.set(pid, cpuOf(pid));
    const benchPg = async () => { let t = 0; for (const pid of await benchPids()) t += cpuOf(pid) - (pg0.get(pid) ?? 0); return t / 1000; };
    const c0 = { main: process.cpuUsage(), emu: cpuOf(child.pid!), pg: pgCpu() };
    const started = performance.now();
    await syncAll(
      deps,
      users.map((u) => u.connectionId),
    );
    const syncSeconds = (performance.now() - started) / 1000;
    { const m = process.cpuUsage(c0.main); const sys1 = fs.readFileSync('/proc/stat','utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number); const d = sys1.map((v, i) => v - sys0[i]!); const tot = d.reduce((a, b) => a + b, 0);
      log(`CPU during sync: main ${((m.user + m.system) / 1e6).toFixed(2)} s, emulator ${((cpuOf(child.pid!) - c0.emu) / 1000).toFixed(2)} s, postgres(all) ${((pgCpu() - c0.pg) / 1000).toFixed(2)} s, bench-db backends ${(await benchPg()).toFixed(2)} s, loadavg ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}; machine idle ${(100 * (d[3]! + d[4]!) / tot).toFixed(0)}%`); }
    db.knex.removeAllListeners('query'); db.knex.removeAllListeners('query-response');
    for (const [sql, e] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30)) log(`${String(e.n).padStart(6)} ${e.ms.toFixed(0).padStart(7)}ms  ${sql}`);
    const samples = Number((await db.knex('timeseries_samples').count({ n: '*' }))[0]!.n);
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

    log('raw COPY of the same sample rows into the same (emptied) table ...');
    const copy = await rawCopyBaseline(db.url, samples);

    const engineRate = samples / syncSeconds;
    const copyRate = copy.rows / copy.seconds;
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
    const providerShare = Math.min(1, fetchTime.ms / 1000 / (syncSeconds * Math.min(CONCURRENCY, USERS)));
    log(
      `  of which waiting on the emulated provider (fetch + mapping, summed over runs): ${(providerShare * 100).toFixed(0)}%` +
        ` → engine-side rate without it ≈ ${fmt(engineRate / Math.max(0.01, 1 - providerShare))} samples/s`,
    );
    log(`raw COPY:    ${copy.seconds.toFixed(2)} s, ${fmt(copyRate)} samples/s`);
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
