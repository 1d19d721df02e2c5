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
import { registerEventDeliveryMetrics } from './metrics';
import { createEtlDelivery } from './etl/etl-delivery';
import { startEventDeliveryWorker } from './worker';

runMain('event-delivery', async () => {
  const { values: cfg, secrets } = loadEventDeliveryConfig(process.env);
  const logger = createLogger({ service: 'event-delivery', level: cfg.LOG_LEVEL, secrets });
  const db = createKnex({
    connectionString: cfg.DATABASE_URL,
    // Relay loops hold a connection while the broker confirms; fan-out, delivery and ETL need their own.
    poolMax: 8,
    applicationName: 'event-delivery',
    log: logger,
  });
  const transport = await createAmqpTransport({ url: cfg.AMQP_URL, logger });
  const registry = createMetricsRegistry('event-delivery');
  const metrics = registerEventDeliveryMetrics(registry, { db, transport, logger });
  const secretBox = createSecretBox(decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY));
  // The SSRF allow-list covers both webhook endpoints and Event Hubs namespaces.
  const allowList = createTargetAllowList(cfg.WEBHOOK_ALLOWED_TARGETS);
  const webhooks = createWebhookDelivery({
    db,
    logger,
    secretBox,
    send: createWebhookSender({
      allowList,
      timeoutMs: cfg.WEBHOOK_TIMEOUT_MS,
    }),
    schedule: cfg.DELIVERY_RETRY_SCHEDULE_MS,
    autoDisableAfterMs: cfg.WEBHOOK_AUTO_DISABLE_AFTER_MS,
    // Well past the send timeout (60 s for the 15 s default), so a live sender never loses its claim.
    claimLeaseMs: cfg.WEBHOOK_TIMEOUT_MS * 4,
    concurrency: cfg.DELIVERY_CONCURRENCY,
    metrics: metrics.delivery,
  });
  const etl = createEtlDelivery({
    db,
    logger,
    secretBox,
    schedule: cfg.ETL_RETRY_SCHEDULE_MS ?? cfg.DELIVERY_RETRY_SCHEDULE_MS,
    sendTimeoutMs: cfg.ETL_SEND_TIMEOUT_MS,
    concurrency: cfg.DELIVERY_CONCURRENCY,
    allowList,
  });
  const worker = await startEventDeliveryWorker({
    db,
    transport,
    logger,
    concurrency: cfg.DELIVERY_CONCURRENCY,
    webhooks,
    etl,
    relayMetrics: metrics.relay,
  });
  const health = await startWorkerHealthServer({
    host: cfg.HOST,
    port: cfg.HEALTH_PORT,
    metrics: registry,
    readiness: { database: () => pingDatabase(db), broker: () => transport.isReady() },
  });
  return {
    logger,
    shutdown: [() => worker.close(), () => health.close(), () => transport.close(), () => db.destroy()],
  };
});
