/** The real data API (production settings: no response validation, warn-level logs) for the benchmark. */
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
  // BENCH_STATEMENT_KINDS=1: also count and time (send to answer, as the server sees it) each kind of
  // statement, named by its first words; the benchmark prints them.
  const kinds = new Map<string, { n: number; ms: number }>();
  if (process.env.BENCH_STATEMENT_KINDS === '1') {
    const started = new Map<string, { kind: string; at: number }>();
    const kindOf = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 90);
    db.on('query', (q: { sql: string; __knexQueryUid: string }) => {
      started.set(q.__knexQueryUid, { kind: kindOf(q.sql), at: performance.now() });
    });
    const done = (_r: unknown, q: { __knexQueryUid: string }) => {
      const s = started.get(q.__knexQueryUid);
      if (!s) return;
      started.delete(q.__knexQueryUid);
      const k = kinds.get(s.kind) ?? { n: 0, ms: 0 };
      k.n += 1;
      k.ms += performance.now() - s.at;
      kinds.set(s.kind, k);
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
