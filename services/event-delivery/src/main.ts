import { createKnex, pingDatabase } from '@meridian/db';
import { createAmqpTransport } from '@meridian/messaging';
import { createLogger, createMetricsRegistry, runMain, startWorkerHealthServer } from '@meridian/platform';
import { loadEventDeliveryConfig } from './config';
import { startEventDeliveryWorker } from './worker';

runMain('event-delivery', async () => {
  const { values: cfg, secrets } = loadEventDeliveryConfig(process.env);
  const logger = createLogger({ service: 'event-delivery', level: cfg.LOG_LEVEL, secrets });
  const db = createKnex({
    connectionString: cfg.DATABASE_URL,
    poolMax: 4,
    applicationName: 'event-delivery',
  });
  const transport = await createAmqpTransport({ url: cfg.AMQP_URL, logger });
  const worker = await startEventDeliveryWorker({
    db,
    transport,
    logger,
    concurrency: cfg.DELIVERY_CONCURRENCY,
  });
  const health = await startWorkerHealthServer({
    host: cfg.HOST,
    port: cfg.HEALTH_PORT,
    metrics: createMetricsRegistry('event-delivery'),
    readiness: { database: () => pingDatabase(db), broker: () => transport.isReady() },
  });
  return {
    logger,
    shutdown: [() => worker.close(), () => health.close(), () => transport.close(), () => db.destroy()],
  };
});
