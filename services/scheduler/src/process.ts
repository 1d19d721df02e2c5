/**
 * The scheduler worker process, composed from its validated config and the connections a composition root
 * chose: `main.ts` (RabbitMQ, DATABASE_URL, providers from the environment) and `pnpm start` (in-process
 * transport, the local database, local provider emulators) start exactly this.
 */
import { providerTargetAllowList, type ProviderSettings } from '@meridian/connectors';
import { pingDatabase, startOnOwnPool } from '@meridian/db';
import type { Transport } from '@meridian/messaging';
import {
  createMetricsRegistry,
  createSecretBox,
  decodeSecretsKey,
  startWorkerHealthServer,
  type Logger,
  type PortClaim,
  type RunningWorker,
} from '@meridian/platform';
import type { SchedulerProcessConfig } from './config';
import { startSchedulerWorker } from './worker';

export interface SchedulerConnections {
  logger: Logger;
  /** The process opens its own pool (DATABASE_POOL_MAX) on this database. */
  databaseUrl: string;
  transport: Transport;
  /** Provider URLs and platform OAuth apps (the environment's, or local emulators'). */
  providers: Map<string, ProviderSettings>;
}

export const schedulerPorts = (cfg: SchedulerProcessConfig): PortClaim[] => [
  { port: cfg.HEALTH_PORT, host: cfg.HOST, owner: 'scheduler health', variable: 'HEALTH_PORT' },
];

export async function startSchedulerProcess(
  cfg: SchedulerProcessConfig,
  io: SchedulerConnections,
): Promise<RunningWorker> {
  return startOnOwnPool(
    {
      connectionString: io.databaseUrl,
      poolMax: cfg.DATABASE_POOL_MAX,
      applicationName: 'scheduler',
      log: io.logger,
    },
    async (db) => {
      let worker: { close(): Promise<void> } | undefined;
      let health: { port: number; close(): Promise<void> } | undefined;
      const close = async () => {
        await worker?.close();
        await health?.close();
      };
      try {
        worker = await startSchedulerWorker({
          db,
          transport: io.transport,
          logger: io.logger,
          tickMs: cfg.SCHEDULER_TICK_MS,
          labReports: {
            stuckAfterMs: cfg.LAB_REPORT_STUCK_AFTER_MS,
            maxAttempts: cfg.LAB_REPORT_MAX_ATTEMPTS,
          },
          auditPartitions: { retentionDays: cfg.AUDIT_RETENTION_DAYS },
          continuousQueryTaskRetention: {
            retentionDays: cfg.CONTINUOUS_QUERY_TASK_RETENTION_DAYS,
            maxPerQueryUser: cfg.CONTINUOUS_QUERY_TASK_HISTORY_MAX,
          },
          samplesReindex: {
            intervalHours: cfg.SAMPLES_REINDEX_INTERVAL_HOURS,
            maxBytesPerRow: cfg.SAMPLES_REINDEX_BYTES_PER_ROW,
          },
          providerSync: {
            secretBox: createSecretBox(decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY)),
            providers: io.providers,
            allowList: providerTargetAllowList(io.providers.values(), cfg.PROVIDER_ALLOWED_TARGETS, {
              production: cfg.NODE_ENV === 'production',
            }),
            webhookBaseUrl: cfg.DATA_API_PUBLIC_URL,
            linkWebUrl: cfg.LINK_WEB_URL,
            tuning: { leaseMs: cfg.PROVIDER_SYNC_LEASE_MS },
            perTick: cfg.PROVIDER_SYNC_PER_TICK,
          },
        });
        health = await startWorkerHealthServer({
          host: cfg.HOST,
          port: cfg.HEALTH_PORT,
          metrics: createMetricsRegistry('scheduler'),
          readiness: { database: () => pingDatabase(db), broker: () => io.transport.isReady() },
        });
        return { healthPort: health.port, close };
      } catch (err) {
        await close();
        throw err;
      }
    },
  );
}
