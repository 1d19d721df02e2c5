/**
 * Grouped-timeseries read benchmark (issue #3): the real data API against a bare node:http + pg server
 * running the same SQL with JSON.stringify, side by side in one run, then the API again at a larger table
 * to show the cost stays flat.
 *
 *   pnpm bench:timeseries [--large 20000000] [--duration 10] [--connections 64] [--keep]
 *
 * Uses DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and a fresh database.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { createKnex, migrateLatest } from '@meridian/db';
import { baseDatabaseUrl, databaseUrlFor } from '@meridian/test-utils';
import { growSamplesTo, sampleCount, seedTenancyAndUsers, seedYearOfMinuteHeartRate } from './support/seed';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const LARGE = flag('large', 20_000_000);
const DURATION = flag('duration', 10);
const CONNECTIONS = flag('connections', 64);
/** A week is 7× the payload: fewer clients keep requests inside the load generator's timeout. */
const WEEK_CONNECTIONS = flag('week-connections', 16);
const KEEP = args.includes('--keep');
/** Database connections per server, the same for both (2 cores serve PostgreSQL, servers and load). */
const POOL = flag('pool', 4);
/** Node flags for both servers alike, e.g. BENCH_NODE_FLAGS=--max-semi-space-size=32. */
const SERVER_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const log = (msg: string) => process.stdout.write(`${msg}\n`);

interface Figures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
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

function startServer(script: string, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'support', script), [], {
      execArgv: ['--conditions=meridian-src', '--import', 'tsx', ...SERVER_NODE_FLAGS],
      env: { ...process.env, ...env, BENCH_POOL: String(POOL), NODE_OPTIONS: '' },
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

async function measure(
  label: string,
  url: string,
  headers: Record<string, string>,
  connections = CONNECTIONS,
): Promise<Figures> {
  await autocannon({ url, headers, connections, duration: 2, timeout: 30 }); // warm-up
  const r = await autocannon({ url, headers, connections, duration: DURATION, timeout: 30 });
  const errors = r.errors + r.timeouts + r.non2xx;
  return {
    label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes: r.throughput.average,
    errors,
  };
}

function row(f: Figures): string {
  return [
    f.label.padEnd(34),
    f.rps.toFixed(0).padStart(8),
    `${f.p50.toFixed(1)} ms`.padStart(10),
    `${f.p99.toFixed(1)} ms`.padStart(10),
    `${(f.bytes / 1e6).toFixed(1)} MB/s`.padStart(11),
    String(f.errors).padStart(7),
  ].join(' ');
}

async function main(): Promise<void> {
  const dbName = `meridian_bench_${Date.now().toString(36)}`;
  await admin(`create database "${dbName}"`);
  const url = databaseUrlFor(dbName);
  const db = createKnex({ connectionString: url, poolMax: 4 });
  const results: Figures[] = [];
  try {
    await migrateLatest(db);
    log('loading: 1,000 users, a year of minute heart rate for one of them ...');
    const seeded = await seedTenancyAndUsers(db, 1000);
    await seedYearOfMinuteHeartRate(db, seeded.primaryUserId);
    const small = await growSamplesTo(db, 1_000_000, log);
    log(`table: ${small.toLocaleString('en-US')} samples`);

    const headers = { 'x-service-api-key': seeded.apiKey };
    const base = `/v2/timeseries/${seeded.primaryUserId}/heartrate/grouped`;
    const day = `${base}?start_date=2025-06-15&end_date=2025-06-15`;
    const week = `${base}?start_date=2025-06-15&end_date=2025-06-21`;

    const api = await startServer('data-api-server.ts', { DATABASE_URL: url, PORT: '18100' });
    const apiDay = await measure('data API, 1 day (1,440 points)', `http://127.0.0.1:18100${day}`, headers);
    const apiWeek = await measure(
      'data API, 1 week (10,080 points)',
      `http://127.0.0.1:18100${week}`,
      headers,
      WEEK_CONNECTIONS,
    );
    await stop(api);
    const bare = await startServer('bare-server.ts', {
      DATABASE_URL: url,
      PORT: '18101',
      TEAM_ID: seeded.teamId,
    });
    const bareDay = await measure('bare node:http + pg, 1 day', `http://127.0.0.1:18101${day}`, {});
    const bareWeek = await measure(
      'bare node:http + pg, 1 week',
      `http://127.0.0.1:18101${week}`,
      {},
      WEEK_CONNECTIONS,
    );
    await stop(bare);
    results.push(apiDay, bareDay, apiWeek, bareWeek);

    log(`growing the table to ${LARGE.toLocaleString('en-US')} samples ...`);
    const large = await growSamplesTo(db, LARGE, log);
    const api2 = await startServer('data-api-server.ts', { DATABASE_URL: url, PORT: '18102' });
    const apiDayLarge = await measure(
      `data API, 1 day @ ${(large / 1e6).toFixed(0)}M samples`,
      `http://127.0.0.1:18102${day}`,
      headers,
    );
    await stop(api2);
    results.push(apiDayLarge);

    log('');
    log(
      `grouped timeseries — ${CONNECTIONS} connections (1 week: ${WEEK_CONNECTIONS}), pool ${POOL} per server, ${DURATION}s each, table ${small.toLocaleString('en-US')} → ${(await sampleCount(db)).toLocaleString('en-US')} samples`,
    );
    log(
      `${'case'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'throughput'.padStart(11)} ${'errors'.padStart(7)}`,
    );
    for (const f of results) log(row(f));
    const ratioDay = apiDay.rps / bareDay.rps;
    const ratioWeek = apiWeek.rps / bareWeek.rps;
    const flat = apiDayLarge.p50 / apiDay.p50;
    log('');
    log(
      `ratio data API / bare, 1 day:  ${ratioDay.toFixed(2)} (target ≥ 0.70: ${ratioDay >= 0.7 ? 'met' : 'MISSED'})`,
    );
    log(`ratio data API / bare, 1 week: ${ratioWeek.toFixed(2)}`);
    log(
      `p99 / p50, data API 1 day:     ${(apiDay.p99 / apiDay.p50).toFixed(2)} (target ≤ 3: ${apiDay.p99 <= 3 * apiDay.p50 ? 'met' : 'MISSED'})`,
    );
    log(
      `p50 at ${(large / 1e6).toFixed(0)}M vs ${(small / 1e6).toFixed(0)}M samples:   ${flat.toFixed(2)}× (flat ≈ 1)`,
    );
    if (results.some((f) => f.errors > 0)) log('WARNING: some requests failed; figures are not trustworthy');
  } finally {
    await db.destroy();
    if (!KEEP) await admin(`drop database if exists "${dbName}" with (force)`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
