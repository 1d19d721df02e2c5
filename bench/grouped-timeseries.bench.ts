/**
 * Grouped-timeseries read benchmark (issues #3 and #16): the real data API against a bare node:http + pg
 * server running the same SQL, building the same wire objects and answering JSON.stringify of them (the
 * same bytes: asserted once per case), both running side by side.
 *
 * Cases run interleaved in every round (the order rotates per round), so a load change on the shared
 * machine hits both sides of a pair alike. After each case the bench waits for that server to go idle
 * (the requests the load generator abandoned are worked off), so no case starts on a busy machine. Per case: requests/s, p50 / p99, server CPU per request (the
 * server process's user + system CPU delta ÷ requests, from /proc), the same for the PostgreSQL backends of
 * that server's connections (told apart by `application_name`), the load generator's (this process: the
 * same for both, and on a loaded machine what caps both alike) and bytes per response. Ratios are per
 * round (API ÷ bare, throughput and CPU per request), reported as median with min–max. Compressed cases
 * (gzip, br) give the compressed bytes and the CPU they add per request.
 *
 *   pnpm bench:timeseries [--rounds 5] [--duration 5] [--connections 64] [--week-connections 16]
 *                         [--pool 4] [--large 0] [--keep] [--cases api-day,bare-day,...] [--gc]
 *
 * `--gc` runs both servers with `--trace-gc` and adds, per case, the collections during its runs per 1,000
 * requests: mark-compacts (count, main-thread ms including their incremental marking steps, the longest
 * one, the heap left after them) and scavenges (count, ms).
 *
 * `--large N` then grows the table to N samples and measures the API's day read again (flat cost).
 * Uses DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and a fresh database.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { createKnex, migrateLatest } from '@meridian/db';
import { baseDatabaseUrl, databaseUrlFor } from '@meridian/test-utils';
import { cpuSecondsOf, cpuSince, cpuSnapshot, loadAverage } from './support/process-cpu';
import { growSamplesTo, sampleCount, seedTenancyAndUsers, seedYearOfMinuteHeartRate } from './support/seed';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROUNDS = flag('rounds', 5);
const DURATION = flag('duration', 5);
const CONNECTIONS = flag('connections', 64);
/** A week is 7× the payload: fewer clients keep requests inside the load generator's timeout. */
const WEEK_CONNECTIONS = flag('week-connections', 16);
const LARGE = flag('large', 0);
const KEEP = args.includes('--keep');
/** Only these cases (keys, comma-separated), e.g. for a CPU profile of one path (BENCH_NODE_FLAGS=--cpu-prof). */
const ONLY = (() => {
  const i = args.indexOf('--cases');
  return i >= 0 ? new Set(args[i + 1]!.split(',')) : null;
})();
/** Database connections per server, the same for both (2 cores serve PostgreSQL, servers and load). */
const POOL = flag('pool', 4);
/** Node flags for both servers alike, e.g. BENCH_NODE_FLAGS=--max-semi-space-size=32. */
const SERVER_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
/** Count each server's garbage collections (`--trace-gc`, parsed from its stdout) per case. */
const GC = args.includes('--gc');
const TARGET = 1.3;
const log = (msg: string) => process.stdout.write(`${msg}\n`);

interface Case {
  key: string;
  label: string;
  server: 'api' | 'bare';
  path: string;
  connections: number;
  encoding?: 'gzip' | 'br';
}

interface Sample {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  requests: number;
  /** Server CPU ms per request. */
  cpuMs: number;
  /** CPU ms per request of the PostgreSQL backends serving that server's connections. */
  dbCpuMs: number;
  /** CPU ms per request of the load generator (this process): the same work for both servers. */
  genCpuMs: number;
  errors: number;
  /** The server's collections during the run (`--gc`). */
  gc?: GcWindow;
}

/** One collection as `--trace-gc` prints it. */
interface GcEvent {
  kind: 'scavenge' | 'mark-compact';
  /** Main-thread ms: the pause, plus for a mark-compact its incremental marking steps. */
  ms: number;
  /** Heap used after it, MB. */
  afterMb: number;
}

interface GcWindow {
  scavenges: number;
  scavengeMs: number;
  markCompacts: number;
  markCompactMs: number;
  longestMarkCompactMs: number;
  /** Heap used after the window's mark-compacts (median), MB; NaN without one. */
  liveMb: number;
}

// `[pid:isolate]  1234 ms: Mark-Compact 62.3 (68.1) -> 60.0 (68.9) MB, 5.89 / 0.01 ms  (+ 16.6 ms in 6 steps ...`
const GC_LINE =
  /ms: (Scavenge|Minor Mark-(?:Compact|Sweep)|Mark-Compact(?: \(reduce\))?) [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms(?:\s+\(\+ ([\d.]+) ms in)?/;

function parseGcLine(line: string): GcEvent | null {
  const m = GC_LINE.exec(line);
  if (!m) return null;
  const major = m[1]!.startsWith('Mark-Compact');
  return {
    kind: major ? 'mark-compact' : 'scavenge',
    ms: Number(m[3]) + (m[4] ? Number(m[4]) : 0),
    afterMb: Number(m[2]),
  };
}

function gcWindow(events: readonly GcEvent[]): GcWindow {
  const major = events.filter((e) => e.kind === 'mark-compact');
  const minor = events.filter((e) => e.kind === 'scavenge');
  const sum = (xs: readonly GcEvent[]) => xs.reduce((n, e) => n + e.ms, 0);
  return {
    scavenges: minor.length,
    scavengeMs: sum(minor),
    markCompacts: major.length,
    markCompactMs: sum(major),
    longestMarkCompactMs: major.reduce((n, e) => Math.max(n, e.ms), 0),
    liveMb: major.length > 0 ? median(major.map((e) => e.afterMb)) : Number.NaN,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const spread = (xs: number[]) =>
  xs.length === 0 ? 'no rounds' : `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: baseDatabaseUrl() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Waits until process `pid` is idle: under 5 ms of CPU in 100 ms (at most 5 s). Isolates the cases of a
 * round from each other. Issue 16: without it a case started while the previous server still worked off the
 * up to 64 requests the load generator had abandoned (300–600 ms on the shared cores), so every connection's
 * first response waited for that: 3–5× the API's median, 3 % of the requests, the API's whole p99.
 */
async function settle(pid: number): Promise<void> {
  const deadline = Date.now() + 5000;
  let before = cpuSecondsOf(pid) ?? 0;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    const now = cpuSecondsOf(pid) ?? 0;
    if (now - before < 0.005) return;
    before = now;
  }
}

/** Each server's collections so far (`--gc`), in order. */
const gcEvents = new Map<ChildProcess, GcEvent[]>();

function startServer(script: string, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'support', script), [], {
      execArgv: [
        '--conditions=meridian-src',
        '--import',
        'tsx',
        ...SERVER_NODE_FLAGS,
        ...(GC ? ['--trace-gc'] : []),
      ],
      env: { ...process.env, ...env, BENCH_POOL: String(POOL), NODE_OPTIONS: '' },
      stdio: ['ignore', GC ? 'pipe' : 'inherit', 'inherit', 'ipc'],
    });
    if (GC) {
      const events: GcEvent[] = [];
      gcEvents.set(child, events);
      let rest = '';
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines) {
          const e = parseGcLine(line);
          if (e) events.push(e);
          else process.stdout.write(`${line}\n`);
        }
      });
    }
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

/** One answer's status, headers and body bytes as sent (not inflated). */
function fetchRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** The sealed cursors carry a random IV: the same page has different cursor text on every answer. */
const withoutCursors = (text: string) =>
  text.replace(/"(next_cursor|next)":"[A-Za-z0-9_-]+"/g, (_m, key: string) => `"${key}":"<cursor>"`);

async function main(): Promise<void> {
  const dbName = `meridian_bench_${Date.now().toString(36)}`;
  await admin(`create database "${dbName}"`);
  const url = databaseUrlFor(dbName);
  const db = createKnex({ connectionString: url, poolMax: 4 });
  const servers: ChildProcess[] = [];
  try {
    await migrateLatest(db);
    log('loading: 1,000 users, a year of minute heart rate for one of them ...');
    const seeded = await seedTenancyAndUsers(db, 1000);
    await seedYearOfMinuteHeartRate(db, seeded.primaryUserId);
    await db.raw('vacuum analyze timeseries_samples');
    const small = await sampleCount(db);
    log(`table: ${small.toLocaleString('en-US')} samples; load average before: ${loadAverage()}`);

    const apiHeaders = { 'x-service-api-key': seeded.apiKey };
    const base = `/v2/timeseries/${seeded.primaryUserId}/heartrate/grouped`;
    const day = `${base}?start_date=2025-06-15&end_date=2025-06-15`;
    const week = `${base}?start_date=2025-06-15&end_date=2025-06-21`;

    // Each server's connections carry an application name, so the CPU of its PostgreSQL backends is counted.
    const appUrl = (name: string) => `${url}${url.includes('?') ? '&' : '?'}application_name=${name}`;
    const api = await startServer('data-api-server.ts', {
      DATABASE_URL: appUrl('bench-api'),
      PORT: '18100',
    });
    servers.push(api);
    const bare = await startServer('bare-server.ts', {
      DATABASE_URL: appUrl('bench-bare'),
      PORT: '18101',
      TEAM_ID: seeded.teamId,
    });
    servers.push(bare);
    const origin = { api: 'http://127.0.0.1:18100', bare: 'http://127.0.0.1:18101' };
    const pid = { api: api.pid!, bare: bare.pid! };
    const child = { api, bare };
    const backendsOf = async (server: 'api' | 'bare'): Promise<number[]> =>
      (
        await db.raw<{ rows: { pid: number }[] }>(
          'select pid from pg_stat_activity where datname = current_database() and application_name = ?',
          [`bench-${server}`],
        )
      ).rows.map((r) => r.pid);

    const allCases: Case[] = [
      {
        key: 'api-day',
        label: 'data API, 1 day (1,440 points)',
        server: 'api',
        path: day,
        connections: CONNECTIONS,
      },
      {
        key: 'bare-day',
        label: 'bare node:http + pg, 1 day',
        server: 'bare',
        path: day,
        connections: CONNECTIONS,
      },
      {
        key: 'api-week',
        label: 'data API, 1 week (10,080 pts)',
        server: 'api',
        path: week,
        connections: WEEK_CONNECTIONS,
      },
      {
        key: 'bare-week',
        label: 'bare node:http + pg, 1 week',
        server: 'bare',
        path: week,
        connections: WEEK_CONNECTIONS,
      },
      {
        key: 'api-day-gzip',
        label: 'data API, 1 day, gzip',
        server: 'api',
        path: day,
        connections: CONNECTIONS,
        encoding: 'gzip',
      },
      {
        key: 'api-day-br',
        label: 'data API, 1 day, br',
        server: 'api',
        path: day,
        connections: CONNECTIONS,
        encoding: 'br',
      },
      {
        key: 'api-week-gzip',
        label: 'data API, 1 week, gzip',
        server: 'api',
        path: week,
        connections: WEEK_CONNECTIONS,
        encoding: 'gzip',
      },
    ];
    const cases = allCases.filter((c) => !ONLY || ONLY.has(c.key));
    const has = (key: string) => cases.some((c) => c.key === key);
    const headersOf = (c: Case): Record<string, string> => ({
      ...(c.server === 'api' ? apiHeaders : {}),
      ...(c.encoding ? { 'accept-encoding': c.encoding } : {}),
    });

    // Same bytes: the bare server's answer is the API's (cursor IVs aside); compressed answers inflate to it.
    const bytes = new Map<string, number>();
    const identity = new Map<string, string>();
    for (const c of cases) {
      const res = await fetchRaw(origin[c.server] + c.path, headersOf(c));
      if (res.status !== 200) throw new Error(`${c.label}: status ${res.status}`);
      if (Number(res.headers['content-length']) !== res.body.length)
        throw new Error(`${c.label}: Content-Length`);
      bytes.set(c.key, res.body.length);
      let text: string;
      if (c.encoding) {
        if (res.headers['content-encoding'] !== c.encoding) throw new Error(`${c.label}: not ${c.encoding}`);
        text = (
          c.encoding === 'gzip' ? zlib.gunzipSync(res.body) : zlib.brotliDecompressSync(res.body)
        ).toString();
      } else text = res.body.toString();
      const normal = withoutCursors(text);
      const seen = identity.get(c.path);
      if (seen === undefined) identity.set(c.path, normal);
      else if (seen !== normal) throw new Error(`${c.label}: answer differs from the other server's bytes`);
    }
    log(
      'bytes: the bare server and the API answer the same bytes (sealed cursors aside) for the day and the week',
    );

    // Warm-up: each case once (JIT, pools, caches).
    for (const c of cases) {
      await autocannon({
        url: origin[c.server] + c.path,
        headers: headersOf(c),
        connections: c.connections,
        duration: 2,
        timeout: 30,
      });
    }

    const samples = new Map<string, Sample[]>(cases.map((c) => [c.key, []]));
    const loads: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate the order every round, so no case always runs first or after the same neighbour.
      const order = cases.map((_, i) => cases[(i + round) % cases.length]!);
      if (round % 2 === 1) order.reverse();
      for (const c of order) {
        const before = cpuSecondsOf(pid[c.server]) ?? 0;
        // Backends first seen at the end (a connection opened during the run) count from zero.
        const dbBefore = cpuSnapshot(await backendsOf(c.server));
        const genBefore = process.cpuUsage();
        const gcFrom = gcEvents.get(child[c.server])?.length ?? 0;
        const r = await autocannon({
          url: origin[c.server] + c.path,
          headers: headersOf(c),
          connections: c.connections,
          duration: DURATION,
          timeout: 30,
        });
        const gen = process.cpuUsage(genBefore);
        const gcDuring = gcEvents.get(child[c.server])?.slice(gcFrom);
        const cpu = (cpuSecondsOf(pid[c.server]) ?? 0) - before;
        const dbCpu = cpuSince(dbBefore, [...new Set([...dbBefore.keys(), ...(await backendsOf(c.server))])]);
        const requests = r.requests.total;
        samples.get(c.key)!.push({
          rps: r.requests.average,
          p50: r.latency.p50,
          p90: r.latency.p90,
          p99: r.latency.p99,
          requests,
          cpuMs: requests > 0 ? (cpu * 1000) / requests : Number.NaN,
          dbCpuMs: requests > 0 ? (dbCpu * 1000) / requests : Number.NaN,
          genCpuMs: requests > 0 ? (gen.user + gen.system) / 1000 / requests : Number.NaN,
          errors: r.errors + r.timeouts + r.non2xx,
          gc: gcDuring && gcWindow(gcDuring),
        });
        // The load generator hangs up on the requests still in flight, but the server finishes what it had
        // queued (up to `connections` reads): let it go quiet before the next case, so that work neither
        // competes with the next case's requests for the two cores nor lands in its CPU counts.
        await settle(pid[c.server]);
      }
      loads.push(loadAverage());
      log(`  round ${round + 1}/${ROUNDS} done; load average ${loads.at(-1)}`);
    }

    log('');
    log(
      `grouped timeseries — ${ROUNDS} interleaved rounds × ${DURATION}s per case, ${CONNECTIONS} connections (week: ${WEEK_CONNECTIONS}), pool ${POOL} per server, table ${small.toLocaleString('en-US')} samples`,
    );
    log(`load average (1/5/15 min) after each round: ${loads.join(' | ')}`);
    log(
      `${'case (medians over rounds)'.padEnd(32)} ${'req/s'.padStart(7)} ${'p50'.padStart(9)} ${'p90'.padStart(9)} ${'p99'.padStart(9)} ${'p99/p50'.padStart(8)} ${'CPU/req'.padStart(9)} ${'DB CPU/req'.padStart(10)} ${'gen CPU/req'.padStart(11)} ${'bytes'.padStart(9)} ${'errors'.padStart(6)}`,
    );
    const med = (key: string, f: (s: Sample) => number) =>
      median(
        samples
          .get(key)!
          .filter((s) => s.requests > 0)
          .map(f),
      );
    for (const c of cases) {
      const all = samples.get(c.key)!;
      log(
        [
          c.label.padEnd(32),
          med(c.key, (s) => s.rps)
            .toFixed(0)
            .padStart(7),
          `${med(c.key, (s) => s.p50).toFixed(1)} ms`.padStart(9),
          `${med(c.key, (s) => s.p90).toFixed(1)} ms`.padStart(9),
          `${med(c.key, (s) => s.p99).toFixed(1)} ms`.padStart(9),
          med(c.key, (s) => s.p99 / Math.max(1, s.p50))
            .toFixed(2)
            .padStart(8),
          `${med(c.key, (s) => s.cpuMs).toFixed(2)} ms`.padStart(9),
          `${med(c.key, (s) => s.dbCpuMs).toFixed(2)} ms`.padStart(10),
          `${med(c.key, (s) => s.genCpuMs).toFixed(2)} ms`.padStart(11),
          String(bytes.get(c.key)).padStart(9),
          String(all.reduce((n, s) => n + s.errors, 0)).padStart(6),
        ].join(' '),
      );
    }
    // A round where either side answered nothing (the shared machine stalled it) pairs with nothing.
    const perRound = (a: string, b: string, f: (x: Sample, y: Sample) => number) =>
      samples
        .get(a)!
        .map((x, i) => [x, samples.get(b)![i]!] as const)
        .filter(([x, y]) => x.requests > 0 && y.requests > 0)
        .map(([x, y]) => f(x, y));
    const dropped = [...samples.values()].reduce(
      (n, all) => n + all.filter((s) => s.requests === 0).length,
      0,
    );
    if (dropped > 0)
      log(`(${dropped} case runs answered nothing within ${DURATION}s: left out of the ratios)`);
    log('');
    log('paired per-round ratios (median, min–max):');
    for (const [label, a, b] of [
      ['1 day ', 'api-day', 'bare-day'],
      ['1 week', 'api-week', 'bare-week'],
    ] as const) {
      if (!has(a) || !has(b)) continue;
      const rps = perRound(a, b, (x, y) => x.rps / y.rps);
      const cpu = perRound(a, b, (x, y) => y.cpuMs / x.cpuMs);
      const withDb = perRound(a, b, (x, y) => (y.cpuMs + y.dbCpuMs) / (x.cpuMs + x.dbCpuMs));
      log(
        `  ${label} API ÷ bare: throughput ${median(rps).toFixed(2)} (${spread(rps)}), CPU efficiency (bare CPU/req ÷ API CPU/req) ${median(cpu).toFixed(2)} (${spread(cpu)}), with the database's ${median(withDb).toFixed(2)} (${spread(withDb)}) — target ≥ ${TARGET}: ${median(rps) >= TARGET ? 'met' : 'MISSED'}`,
      );
    }
    const p99p50 = (samples.get('api-day') ?? [])
      .filter((s) => s.requests > 0)
      .map((s) => s.p99 / Math.max(1, s.p50));
    if (p99p50.length > 0)
      log(
        `  p99 / p50, API 1 day at ${CONNECTIONS} clients: ${median(p99p50).toFixed(2)} (${spread(p99p50)}) — target ≤ 3: ${median(p99p50) <= 3 ? 'met' : 'MISSED'}`,
      );
    const bareP99p50 = (samples.get('bare-day') ?? [])
      .filter((s) => s.requests > 0)
      .map((s) => s.p99 / Math.max(1, s.p50));
    if (bareP99p50.length > 0)
      log(`  p99 / p50, bare 1 day (same rounds): ${median(bareP99p50).toFixed(2)} (${spread(bareP99p50)})`);
    if (GC) {
      log('');
      log('garbage collection per 1,000 requests (--trace-gc, medians over rounds, min–max):');
      for (const c of cases) {
        const runs = samples.get(c.key)!.filter((s) => s.requests > 0 && s.gc);
        if (runs.length === 0) continue;
        const per = (f: (g: GcWindow) => number) => runs.map((s) => (f(s.gc!) * 1000) / s.requests);
        const show = (xs: number[], digits = 1) => `${median(xs).toFixed(digits)} (${spread(xs)})`;
        const longest = runs.map((s) => s.gc!.longestMarkCompactMs);
        const live = runs.map((s) => s.gc!.liveMb).filter((x) => !Number.isNaN(x));
        log(
          `  ${c.label.padEnd(32)} mark-compacts ${show(
            per((g) => g.markCompacts),
            2,
          )}, ${show(per((g) => g.markCompactMs))} ms, longest ${median(longest).toFixed(0)} ms, heap after ${live.length ? median(live).toFixed(1) : '–'} MB; scavenges ${show(
            per((g) => g.scavenges),
            0,
          )}, ${show(
            per((g) => g.scavengeMs),
            0,
          )} ms`,
        );
      }
    }
    log('');
    log('compression (API, same rounds):');
    for (const [label, comp, plain] of [
      ['1 day, gzip level 1  ', 'api-day-gzip', 'api-day'],
      ['1 day, br quality 4  ', 'api-day-br', 'api-day'],
      ['1 week, gzip level 1 ', 'api-week-gzip', 'api-week'],
    ] as const) {
      if (!has(comp) || !has(plain)) continue;
      const extra = perRound(comp, plain, (x, y) => x.cpuMs - y.cpuMs);
      const rps = perRound(comp, plain, (x, y) => x.rps / y.rps);
      log(
        `  ${label} ${bytes.get(plain)} → ${bytes.get(comp)} bytes (${((bytes.get(comp)! / bytes.get(plain)!) * 100).toFixed(1)} %), CPU/req +${median(extra).toFixed(2)} ms (${spread(extra)}), throughput ÷ identity ${median(rps).toFixed(2)} (${spread(rps)})`,
      );
    }

    if (LARGE > small && has('api-day')) {
      log('');
      log(`growing the table to ${LARGE.toLocaleString('en-US')} samples ...`);
      const large = await growSamplesTo(db, LARGE, log);
      const before = samples.get('api-day')!;
      const r = await autocannon({
        url: origin.api + day,
        headers: apiHeaders,
        connections: CONNECTIONS,
        duration: DURATION,
        timeout: 30,
      });
      log(
        `  API 1 day @ ${(large / 1e6).toFixed(1)}M samples: p50 ${r.latency.p50.toFixed(1)} ms vs ${median(before.map((s) => s.p50)).toFixed(1)} ms at ${(small / 1e6).toFixed(1)}M (flat ≈ 1: ${(r.latency.p50 / median(before.map((s) => s.p50))).toFixed(2)}×)`,
      );
    }
    if ([...samples.values()].some((all) => all.some((s) => s.errors > 0))) {
      log('WARNING: some requests failed; figures are not trustworthy');
    }
  } finally {
    for (const s of servers) await stop(s).catch(() => undefined);
    await db.destroy();
    if (!KEEP) await admin(`drop database if exists "${dbName}" with (force)`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
