import { createKnex, pingDatabase } from '@meridian/db';
import { createAmqpTransport } from '@meridian/messaging';
import { createLogger, createMetricsRegistry, runMain, startWorkerHealthServer } from '@meridian/platform';
import { loadSchedulerConfig } from './config';
import { startSchedulerWorker } from './worker';

runMain('scheduler', async () => {
  const { values: cfg, secrets } = loadSchedulerConfig(process.env);
  const logger = createLogger({ service: 'scheduler', level: cfg.LOG_LEVEL, secrets });
  const db = createKnex({
    connectionString: cfg.DATABASE_URL,
    poolMax: 4,
    applicationName: 'scheduler',
    log: logger,
  });
  const transport = await createAmqpTransport({ url: cfg.AMQP_URL, logger });
  const worker = await startSchedulerWorker({
    db,
    transport,
    logger,
    tickMs: cfg.SCHEDULER_TICK_MS,
    labReports: { stuckAfterMs: cfg.LAB_REPORT_STUCK_AFTER_MS, maxAttempts: cfg.LAB_REPORT_MAX_ATTEMPTS },
  });
  const health = await startWorkerHealthServer({
    host: cfg.HOST,
    port: cfg.HEALTH_PORT,
    metrics: createMetricsRegistry('scheduler'),
    readiness: { database: () => pingDatabase(db), broker: () => transport.isReady() },
  });
  return {
    logger,
    shutdown: [() => worker.close(), () => health.close(), () => transport.close(), () => db.destroy()],
  };
});
