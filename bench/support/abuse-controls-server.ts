/**
 * The real data API for `pnpm bench:controls`, composed as `startDataApi` does (production settings: no
 * response validation, warn-level logs, a 2 s key cache) with the abuse controls of issue 11 either off
 * (BENCH_CONTROLS=off: `audit: null`, no rate limits) or on (BENCH_CONTROLS=on: the batched PostgreSQL audit
 * writer and the PostgreSQL-shared rate limiter, with limits high enough never to refuse, so what is measured
 * is the cost of checking and recording).
 *
 * IPC: answers `ready` once listening; to `stats` it answers its CPU seconds so far and the database
 * statements it issued by kind (rate-limit leases, audit inserts, everything else).
 */
import {
  createApiRateLimiter,
  createAuditWriter,
  createKnex,
  pingDatabase,
  type AuditWriter,
} from '@meridian/db';
import { createDataApi } from '@meridian/data-api';
import {
  auditWriterMetrics,
  createLogger,
  createMetricsRegistry,
  serveHttp,
  type ApiRateLimitOptions,
} from '@meridian/platform';

/** Requests per minute: far above anything two cores can serve, so nothing is ever refused. */
export const NEVER_REFUSING_LIMIT = 10_000_000;

export interface ControlsServerStats {
  cpuSeconds: number;
  statements: { rateLimit: number; audit: number; other: number };
  audit: { written: number; queued: number; dropped: number; failedFlushes: number } | null;
}

/** Lets requests still waiting for a pool connection finish (the load generator hangs up mid-flight). */
async function drain(db: ReturnType<typeof createKnex>): Promise<void> {
  const pool = db.client.pool as { numUsed(): number; numPendingAcquires(): number };
  const deadline = Date.now() + 10_000;
  while ((pool.numUsed() > 0 || pool.numPendingAcquires() > 0) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function main() {
  const on = process.env.BENCH_CONTROLS === 'on';
  const db = createKnex({
    connectionString: process.env.DATABASE_URL!,
    poolMax: Number(process.env.BENCH_POOL ?? 10),
    // The parent finds this server's PostgreSQL backends by it, to charge their CPU to this server.
    applicationName: process.env.BENCH_APP_NAME ?? 'bench-data-api',
  });
  const statements = { rateLimit: 0, audit: 0, other: 0 };
  db.on('query', (q: { sql?: string }) => {
    const sql = q.sql ?? '';
    if (sql.includes('api_rate_take')) statements.rateLimit += 1;
    else if (sql.includes('audit_events')) statements.audit += 1;
    else statements.other += 1;
  });
  const logger = createLogger({ service: 'data-api', level: 'warn' });
  const metrics = createMetricsRegistry('data-api');
  const audit: AuditWriter | null = on
    ? createAuditWriter(db, { logger, observer: auditWriterMetrics(metrics) })
    : null;
  const rateLimits: ApiRateLimitOptions | undefined = on
    ? {
        limiter: createApiRateLimiter(db, {
          onStoreError: (err) => logger.warn('rate limits unavailable (database)', { err }),
        }),
        settings: {
          perKey: NEVER_REFUSING_LIMIT,
          perAddress: NEVER_REFUSING_LIMIT,
          failedAuthPerAddress: NEVER_REFUSING_LIMIT,
        },
        trustProxy: false,
      }
    : undefined;
  const app = createDataApi({
    db,
    logger,
    metrics,
    audit,
    rateLimits,
    region: 'us',
    readiness: { database: () => pingDatabase(db), broker: () => true },
    validateResponses: false,
    keyCacheMs: 2000,
  });
  const service = await serveHttp(app, {
    name: 'data API',
    host: '127.0.0.1',
    port: Number(process.env.PORT),
    logger,
  });
  process.on('message', (message) => {
    if (message !== 'stats') return;
    const used = process.cpuUsage();
    const stats: ControlsServerStats = {
      cpuSeconds: (used.user + used.system) / 1e6,
      statements: { ...statements },
      audit: audit ? audit.stats() : null,
    };
    process.send?.(stats);
  });
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void service
      .close()
      .then(() => audit?.close())
      .then(() => drain(db))
      .then(() => db.destroy())
      .then(() => process.exit(0));
  });
}

void main();
