/**
 * The event-delivery worker process (outbox relay, webhook and ETL delivery), composed from its validated
 * config and the connections a composition root chose: `main.ts` (RabbitMQ, DATABASE_URL) and `pnpm start`
 * (in-process transport, the local database) start exactly this.
 */
import { pingDatabase, startOnOwnPool } from '@meridian/db';
import type { Transport } from '@meridian/messaging';
import {
  createMetricsRegistry,
  createSecretBox,
  createTargetAllowList,
  decodeSecretsKey,
  startWorkerHealthServer,
  type Logger,
  type PortClaim,
  type RunningWorker,
} from '@meridian/platform';
import type { EventDeliveryProcessConfig } from './config';
import { createWebhookDelivery } from './delivery/webhook-delivery';
import { createWebhookSender } from './delivery/webhook-sender';
import { createEtlDelivery } from './etl/etl-delivery';
import { registerEventDeliveryMetrics } from './metrics';
import { startEventDeliveryWorker } from './worker';

export interface EventDeliveryConnections {
  logger: Logger;
  /** The process opens its own pool (DATABASE_POOL_MAX) on this database. */
  databaseUrl: string;
  transport: Transport;
}

export const eventDeliveryPorts = (cfg: EventDeliveryProcessConfig): PortClaim[] => [
  { port: cfg.HEALTH_PORT, host: cfg.HOST, owner: 'event-delivery health', variable: 'HEALTH_PORT' },
];

export async function startEventDeliveryProcess(
  cfg: EventDeliveryProcessConfig,
  io: EventDeliveryConnections,
): Promise<RunningWorker> {
  const { logger, transport } = io;
  return startOnOwnPool(
    {
      connectionString: io.databaseUrl,
      poolMax: cfg.DATABASE_POOL_MAX,
      applicationName: 'event-delivery',
      log: logger,
    },
    async (db) => {
      let worker: { close(): Promise<void> } | undefined;
      let health: { port: number; close(): Promise<void> } | undefined;
      const close = async () => {
        await worker?.close();
        await health?.close();
      };
      try {
        const registry = createMetricsRegistry('event-delivery');
        const metrics = registerEventDeliveryMetrics(registry, { db, transport, logger });
        const secretBox = createSecretBox(decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY));
        // The SSRF allow-list covers both webhook endpoints and Event Hubs namespaces.
        const allowList = createTargetAllowList(cfg.WEBHOOK_ALLOWED_TARGETS);
        const webhooks = createWebhookDelivery({
          db,
          logger,
          secretBox,
          send: createWebhookSender({ allowList, timeoutMs: cfg.WEBHOOK_TIMEOUT_MS }),
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
        worker = await startEventDeliveryWorker({
          db,
          transport,
          logger,
          concurrency: cfg.DELIVERY_CONCURRENCY,
          relayEventsPerMessage: cfg.OUTBOX_RELAY_EVENTS_PER_MESSAGE,
          webhooks,
          etl,
          relayMetrics: metrics.relay,
        });
        health = await startWorkerHealthServer({
          host: cfg.HOST,
          port: cfg.HEALTH_PORT,
          metrics: registry,
          readiness: { database: () => pingDatabase(db), broker: () => transport.isReady() },
        });
        return { healthPort: health.port, close };
      } catch (err) {
        await close();
        throw err;
      }
    },
  );
}
