/**
 * The read benchmark with the abuse controls of issue 11 off and on: the same grouped-timeseries read
 * (`pnpm bench:timeseries`' 1-day case) against two data API servers, one without auditing and rate limits
 * and one with both (the batched PostgreSQL audit writer, the PostgreSQL-shared limiter with limits too high
 * to ever refuse: what is measured is the cost of checking and recording). Both servers run side by side;
 * the rounds are interleaved in ABBA order (off-on, on-off, ...) so drift on a shared machine falls on both
 * alike, and each adjacent pair gives one ratio ON/OFF. Reported per side: req/s, latency, and CPU per
 * request — of the server process and of its PostgreSQL backends (found by application_name) — the figure
 * that survives a busy machine best.
 *
 *   pnpm bench:controls [--pairs 6] [--duration 8] [--warmup 6] [--connections 64] [--samples 1000000] [--aa]
 *                       [--keep]
 *
 * Uses DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and a fresh database.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { createKnex, migrateLatest, type Knex } from '@meridian/db';
import { baseDatabaseUrl, databaseUrlFor } from '@meridian/test-utils';
import type { ControlsServerStats } from './support/abuse-controls-server';
import { growSamplesTo, seedTenancyAndUsers, seedYearOfMinuteHeartRate } from './support/seed';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PAIRS = flag('pairs', 6);
const DURATION = flag('duration', 8);
const CONNECTIONS = flag('connections', 64);
const SAMPLES = flag('samples', 1_000_000);
/** Database connections per server, the same for both. */
const POOL = flag('pool', 4);
/** Seconds of load per server before the first round (JIT, key cache, the ON server's first lease). */
const WARMUP = flag('warmup', 6);
/** After each round: lets the audit writer's last flush (every second) land in that round's CPU. */
const SETTLE_MS = 1_500;
const KEEP = args.includes('--keep');
/**
 * Control run: both servers without the controls (the "on" one too), to show how far two identical
 * processes differ on this machine — the noise floor the ON/OFF ratio has to be read against.
 */
const AA = args.includes('--aa');
const SERVER_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const log = (msg: string) => process.stdout.write(`${msg}\n`);

type Side = 'off' | 'on';

interface Server {
  side: Side;
  child: ChildProcess;
  url: string;
  appName: string;
}

interface Round {
  side: Side;
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU ms per request: the server process, and its PostgreSQL backends. */
  serverCpuMs: number;
  dbCpuMs: number;
  rateLimitStatements: number;
  auditStatements: number;
}

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: baseDatabaseUrl() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function startServer(side: Side, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'support', 'abuse-controls-server.ts'), [], {
      execArgv: ['--conditions=meridian-src', '--import', 'tsx', ...SERVER_NODE_FLAGS],
      env: {
        ...process.env,
        ...env,
        BENCH_CONTROLS: AA ? 'off' : side,
        BENCH_POOL: String(POOL),
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`data API (controls ${side}) exited with ${code}`)));
  });
}

function statsOf(server: Server): Promise<ControlsServerStats> {
  return new Promise((resolve) => {
    server.child.once('message', (m) => resolve(m as ControlsServerStats));
    server.child.send('stats');
  });
}

async function stop(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) of each PostgreSQL backend serving `appName`, by pid. */
async function backendCpu(db: Knex, appName: string): Promise<Map<number, number>> {
  const { rows } = await db.raw<{ rows: { pid: number }[] }>(
    'select pid from pg_stat_activity where application_name = ?',
    [appName],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      // Fields after the command name (which may hold spaces): state is [0], utime [11], stime [12].
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // PostgreSQL on another host (or the backend just ended): no figure for it.
    }
  }
  return cpu;
}

/** CPU spent between two snapshots; a backend that appeared in between is charged all it used. */
function backendCpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

async function round(db: Knex, server: Server, path: string, headers: Record<string, string>) {
  const statsBefore = await statsOf(server);
  const dbBefore = await backendCpu(db, server.appName);
  const r = await autocannon({
    url: `${server.url}${path}`,
    headers,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 30,
  });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const statsAfter = await statsOf(server);
  const dbAfter = await backendCpu(db, server.appName);
  const requests = r.requests.total;
  const result: Round = {
    side: server.side,
    rps: r.requests.average,
    requests,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    serverCpuMs: ((statsAfter.cpuSeconds - statsBefore.cpuSeconds) * 1000) / requests,
    dbCpuMs: (backendCpuDelta(dbBefore, dbAfter) * 1000) / requests,
    rateLimitStatements: statsAfter.statements.rateLimit - statsBefore.statements.rateLimit,
    auditStatements: statsAfter.statements.audit - statsBefore.statements.audit,
  };
  return result;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function sideRow(label: string, rounds: Round[]): string {
  return [
    label.padEnd(36),
    median(rounds.map((r) => r.rps))
      .toFixed(0)
      .padStart(8),
    `${median(rounds.map((r) => r.p50)).toFixed(1)} ms`.padStart(10),
    `${median(rounds.map((r) => r.p99)).toFixed(1)} ms`.padStart(10),
    `${median(rounds.map((r) => r.serverCpuMs)).toFixed(3)} ms`.padStart(12),
    `${median(rounds.map((r) => r.dbCpuMs)).toFixed(3)} ms`.padStart(12),
    String(sum(rounds.map((r) => r.errors))).padStart(7),
  ].join(' ');
}

/** Median of the pairs' ratios with its spread (min–max) and mean. */
function ratioLine(label: string, ratios: number[]): string {
  const pct = (x: number) => `${x >= 1 ? '+' : ''}${((x - 1) * 100).toFixed(1)} %`;
  return `${label.padEnd(30)} median ${median(ratios).toFixed(3)} (${pct(median(ratios))}), range ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}, mean ${mean(ratios).toFixed(3)}  [${ratios.map((x) => x.toFixed(3)).join(' ')}]`;
}

async function main(): Promise<void> {
  const dbName = `meridian_bench_${Date.now().toString(36)}`;
  await admin(`create database "${dbName}"`);
  const url = databaseUrlFor(dbName);
  const db = createKnex({ connectionString: url, poolMax: 2 });
  const servers: Server[] = [];
  try {
    await migrateLatest(db);
    log('loading: 1,000 users, a year of minute heart rate for one of them ...');
    const seeded = await seedTenancyAndUsers(db, 1000);
    await seedYearOfMinuteHeartRate(db, seeded.primaryUserId);
    const samples = await growSamplesTo(db, SAMPLES, log);
    log(`table: ${samples.toLocaleString('en-US')} samples`);

    const headers = { 'x-service-api-key': seeded.apiKey };
    const day = `/v2/timeseries/${seeded.primaryUserId}/heartrate/grouped?start_date=2025-06-15&end_date=2025-06-15`;

    for (const [side, port] of [
      ['off', 18110],
      ['on', 18111],
    ] as const) {
      const appName = `bench-controls-${side}-${dbName}`;
      const child = await startServer(side, {
        DATABASE_URL: url,
        PORT: String(port),
        BENCH_APP_NAME: appName,
      });
      servers.push({ side, child, url: `http://127.0.0.1:${port}`, appName });
    }
    const [off, on] = servers as [Server, Server];

    // The ON server really limits and records: its answers carry the RateLimit headers, the OFF one's not.
    const probe = async (s: Server) => (await fetch(`${s.url}${day}`, { headers })).headers;
    const onHeaders = await probe(on);
    const offHeaders = await probe(off);
    if (AA) {
      log('CONTROL RUN (--aa): both servers run WITHOUT audit and rate limits ("on" is a second "off")');
    } else {
      if (!onHeaders.get('ratelimit-limit') || offHeaders.get('ratelimit-limit')) {
        throw new Error('the ON server does not announce rate limits, or the OFF server does');
      }
      log(
        `ON answers: RateLimit-Policy ${onHeaders.get('ratelimit-policy')}; OFF answers: no RateLimit headers`,
      );
    }

    for (const s of servers) {
      await autocannon({
        url: `${s.url}${day}`,
        headers,
        connections: CONNECTIONS,
        duration: WARMUP,
        timeout: 30,
      });
    }

    const rounds: Round[] = [];
    const pairs: { off: Round; on: Round }[] = [];
    for (let i = 0; i < PAIRS; i += 1) {
      const order = i % 2 === 0 ? [off, on] : [on, off];
      const a = await round(db, order[0]!, day, headers);
      const b = await round(db, order[1]!, day, headers);
      rounds.push(a, b);
      const pair = a.side === 'off' ? { off: a, on: b } : { off: b, on: a };
      pairs.push(pair);
      log(
        `pair ${i + 1}/${PAIRS} (${order.map((s) => s.side).join('→')}): off ${pair.off.rps.toFixed(0)} req/s, on ${pair.on.rps.toFixed(0)} req/s, ratio ${(pair.on.rps / pair.off.rps).toFixed(3)}`,
      );
    }

    const offRounds = rounds.filter((r) => r.side === 'off');
    const onRounds = rounds.filter((r) => r.side === 'on');
    const onRequests = sum(onRounds.map((r) => r.requests));
    const auditRows = Number(
      (await db('audit_events').count<{ count: string }[]>('* as count'))[0]?.count ?? 0,
    );
    const rpsRatios = pairs.map((p) => p.on.rps / p.off.rps);
    const cpuRatios = pairs.map((p) => p.on.serverCpuMs / p.off.serverCpuMs);
    const totalCpuRatios = pairs.map(
      (p) => (p.on.serverCpuMs + p.on.dbCpuMs) / (p.off.serverCpuMs + p.off.dbCpuMs),
    );

    log('');
    log(
      `grouped timeseries, 1 day (1,440 points) — ${CONNECTIONS} connections, pool ${POOL} per server, ${PAIRS} interleaved pairs of ${DURATION}s rounds, table ${samples.toLocaleString('en-US')} samples`,
    );
    log(
      `${'case (medians over rounds)'.padEnd(36)} ${'req/s'.padStart(8)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'CPU/req API'.padStart(12)} ${'CPU/req DB'.padStart(12)} ${'errors'.padStart(7)}`,
    );
    log(sideRow('data API, audit + rate limits OFF', offRounds));
    log(sideRow(AA ? 'data API, OFF (control: 2nd process)' : 'data API, audit + rate limits ON', onRounds));
    log('');
    log(ratioLine('req/s ON / OFF (per pair)', rpsRatios));
    log(ratioLine('API CPU/req ON / OFF', cpuRatios));
    log(ratioLine('API+DB CPU/req ON / OFF', totalCpuRatios));
    log('');
    log(
      `ON: ${sum(onRounds.map((r) => r.rateLimitStatements))} rate-limit leases and ${sum(onRounds.map((r) => r.auditStatements))} audit INSERTs for ${onRequests.toLocaleString('en-US')} requests; ${auditRows.toLocaleString('en-US')} audit rows written in all (warm-up and probes included)`,
    );
    const within = median(rpsRatios) >= 0.95;
    log(
      `throughput ON within 5 % of OFF (median pair ratio ≥ 0.95): ${within ? 'met' : 'MISSED'} (${median(rpsRatios).toFixed(3)})`,
    );
    if (rounds.some((r) => r.errors > 0)) log('WARNING: some requests failed; figures are not trustworthy');
  } finally {
    for (const s of servers) await stop(s.child);
    await db.destroy();
    if (!KEEP) await admin(`drop database if exists "${dbName}" with (force)`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
