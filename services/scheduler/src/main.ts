import { providerSettingsFromEnv } from '@meridian/connectors';
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
import { loadSchedulerConfig } from './config';
import { startSchedulerWorker } from './worker';

runMain('scheduler', async () => {
  const { values: cfg, secrets } = loadSchedulerConfig(process.env);
  // Provider settings are environment too: read here, once; their app secrets are redacted from the logs.
  const providers = providerSettingsFromEnv(process.env);
  const emulated = [...providers.values()].some((p) => p.emulated);
  const appSecrets = [...providers.values()].flatMap((p) => (p.client ? [p.client.clientSecret] : []));
  const logger = createLogger({
    service: 'scheduler',
    level: cfg.LOG_LEVEL,
    secrets: [...secrets, ...appSecrets],
  });
  const db = createKnex({
    connectionString: cfg.DATABASE_URL,
    poolMax: cfg.DATABASE_POOL_MAX,
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
    providerSync: {
      secretBox: createSecretBox(decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY)),
      providers,
      // Local emulators listen on loopback, which the SSRF rules refuse; never skipped in production.
      allowList:
        emulated && process.env.NODE_ENV !== 'production'
          ? null
          : createTargetAllowList(cfg.PROVIDER_ALLOWED_TARGETS),
      webhookBaseUrl: cfg.DATA_API_PUBLIC_URL,
      linkWebUrl: cfg.LINK_WEB_URL,
      tuning: { leaseMs: cfg.PROVIDER_SYNC_LEASE_MS },
      perTick: cfg.PROVIDER_SYNC_PER_TICK,
    },
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
