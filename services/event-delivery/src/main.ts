import { createKnex, pingDatabase } from '@meridian/db';
import { createAmqpTransport } from '@meridian/messaging';
import {
  createLogger,
  createMetricsRegistry,
  createSecretBox,
  createTargetAllowList,
  decodeSecretsKey,
  runMain,
  startWorkerHealthServer,
} from '@meridian/platform';
import { loadEventDeliveryConfig } from './config';
import { createWebhookDelivery } from './delivery/webhook-delivery';
import { createWebhookSender } from './delivery/webhook-sender';
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
  const webhooks = createWebhookDelivery({
    db,
    logger,
    secretBox: createSecretBox(decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY)),
    send: createWebhookSender({ allowList: createTargetAllowList(cfg.WEBHOOK_ALLOWED_TARGETS) }),
    schedule: cfg.DELIVERY_RETRY_SCHEDULE_MS,
    autoDisableAfterMs: cfg.WEBHOOK_AUTO_DISABLE_AFTER_MS,
    concurrency: cfg.DELIVERY_CONCURRENCY,
  });
  const worker = await startEventDeliveryWorker({
    db,
    transport,
    logger,
    concurrency: cfg.DELIVERY_CONCURRENCY,
    webhooks,
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
