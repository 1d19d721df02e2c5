/** The real data API (production settings: no response validation, warn-level logs) for the benchmark. */
import { readFileSync } from 'node:fs';
import { createKnex } from '@meridian/db';
import { startDataApi } from '@meridian/data-api';
import { createLogger } from '@meridian/platform';

/** Lets requests still waiting for a pool connection finish (the load generator hangs up mid-flight). */
async function drain(db: ReturnType<typeof createKnex>): Promise<void> {
  const pool = db.client.pool as { numUsed(): number; numPendingAcquires(): number };
  const deadline = Date.now() + 10_000;
  while ((pool.numUsed() > 0 || pool.numPendingAcquires() > 0) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface PooledConnection {
  __knexUid?: string;
  processID?: number;
}

/** The PostgreSQL backend (pid) of the pooled connection knex knows as `uid`, if it is in use. */
function backendOf(db: ReturnType<typeof createKnex>, uid: string | undefined): number | undefined {
  if (uid === undefined) return undefined;
  const pool = db.client.pool as { used?: Array<{ resource: PooledConnection }> } | undefined;
  return pool?.used?.find((u) => u.resource.__knexUid === uid)?.resource.processID;
}

/** CPU time (ms) the process has run so far, from /proc/<pid>/schedstat (ns); undefined where unreadable. */
function backendCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

async function main() {
  const db = createKnex({
    connectionString: process.env.DATABASE_URL!,
    poolMax: Number(process.env.BENCH_POOL ?? 10),
  });
  const logger = createLogger({ service: 'data-api', level: 'warn' });
  const service = await startDataApi({
    db,
    logger,
    region: 'us',
    host: '127.0.0.1',
    port: Number(process.env.PORT),
    brokerReady: () => true,
    keyCacheMs: 2000,
  });
  // Statements sent to PostgreSQL (every query knex runs, transaction control included): a benchmark asks
  // for the count with the message 'statements' and divides by what it sent.
  let statements = 0;
  db.on('query', () => {
    statements += 1;
  });
  // BENCH_STATEMENT_KINDS=1 (or cpu): also count and time (send to answer, as the server sees it) each kind of
  // statement, named by its first words; the benchmark prints them. With `cpu`, also the CPU time its
  // PostgreSQL backend spent on it (from /proc/<pid>/schedstat: a backend serves its connection's statements
  // one at a time and idles between them, so what it ran from one statement's sending to the next one's on
  // the connection is that statement's, with whatever was sent along with it: a COMMIT carries the statement
  // held for it).
  const kinds = new Map<string, { n: number; ms: number; cpuMs: number }>();
  const kindsMode = process.env.BENCH_STATEMENT_KINDS;
  if (kindsMode === '1' || kindsMode === 'cpu') {
    const kindStats = (kind: string) => {
      let k = kinds.get(kind);
      if (!k) kinds.set(kind, (k = { n: 0, ms: 0, cpuMs: 0 }));
      return k;
    };
    const started = new Map<string, { kind: string; at: number }>();
    /** Per connection (knex uid): the statement sent last, and its backend's CPU then. */
    const lastSent = new Map<string, { kind: string; pid: number; cpuMs: number }>();
    const kindOf = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 90);
    db.on('query', (q: { sql: string; __knexQueryUid: string; __knexUid?: string }) => {
      const kind = kindOf(q.sql);
      kindStats(kind).n += 1;
      started.set(q.__knexQueryUid, { kind, at: performance.now() });
      if (kindsMode !== 'cpu' || q.__knexUid === undefined) return;
      const pid = backendOf(db, q.__knexUid);
      const cpuMs = backendCpuMs(pid);
      const last = lastSent.get(q.__knexUid);
      if (last && cpuMs !== undefined && last.pid === pid) kindStats(last.kind).cpuMs += cpuMs - last.cpuMs;
      if (pid === undefined || cpuMs === undefined) lastSent.delete(q.__knexUid);
      else lastSent.set(q.__knexUid, { kind, pid, cpuMs });
    });
    const done = (_r: unknown, q: { __knexQueryUid: string }) => {
      const s = started.get(q.__knexQueryUid);
      if (!s) return;
      started.delete(q.__knexQueryUid);
      kindStats(s.kind).ms += performance.now() - s.at;
    };
    db.on('query-response', done);
    db.on('query-error', done);
  }
  process.on('message', (message) => {
    if (message === 'statements') process.send?.({ statements, kinds: [...kinds.entries()] });
  });
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void service
      .close()
      .then(() => drain(db))
      .then(() => db.destroy())
      .then(() => process.exit(0));
  });
}

void main();
