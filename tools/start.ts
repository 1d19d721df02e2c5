/**
 * `pnpm start`: the whole system in one process for local use — data API (8000), management API (8001)
 * and the three workers. With no DATABASE_URL an embedded PostgreSQL under `.meridian/` is used; with no
 * AMQP_URL the components talk through the in-process transport (same interface as RabbitMQ).
 */
import { createKnex, migrateLatest, pingDatabase } from '@meridian/db';
import {
  createEtlDelivery,
  createWebhookDelivery,
  createWebhookSender,
  DEFAULT_RETRY_SCHEDULE_MS,
  registerEventDeliveryMetrics,
  startEventDeliveryWorker,
} from '@meridian/event-delivery';
import { createLabReportParser, registerParserMetrics, startParserWorker } from '@meridian/lab-report-parser';
import { managementApiConfigSpec, startManagementApi } from '@meridian/management-api';
import { startDataApi } from '@meridian/data-api';
import { createAmqpTransport, createInProcessTransport, type Transport } from '@meridian/messaging';
import {
  commonConfigSpec,
  config,
  ConfigError,
  createLogger,
  createMetricsRegistry,
  createSecretBox,
  createTargetAllowList,
  decodeSecretsKey,
  loadConfig,
  onShutdown,
  startWorkerHealthServer,
  type ShutdownTask,
} from '@meridian/platform';
import { startSchedulerWorker } from '@meridian/scheduler';
import { openLocalDatabase } from './local-database';
import { startLocalProviders } from './local-providers';

const startConfigSpec = {
  ...commonConfigSpec,
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], optional: true, secret: true }),
  DATA_API_PORT: config.port(8000),
  MANAGEMENT_API_PORT: config.port(8001),
  WORKER_HEALTH_PORT: config.port(8010),
  SCHEDULER_TICK_MS: config.int({ default: 60_000, min: 100 }),
  SECRETS_ENCRYPTION_KEY: managementApiConfigSpec.SECRETS_ENCRYPTION_KEY,
  WEBHOOK_ALLOWED_TARGETS: managementApiConfigSpec.WEBHOOK_ALLOWED_TARGETS,
  DATA_API_PUBLIC_URL: config.url({ protocols: ['http', 'https'], optional: true }),
  LINK_WEB_URL: config.url({ protocols: ['http', 'https'], optional: true }),
  PROVIDER_ALLOWED_TARGETS: managementApiConfigSpec.WEBHOOK_ALLOWED_TARGETS,
  /** First port of the local provider emulators (one port each, in connector order). */
  PROVIDER_EMULATOR_PORT: config.port(8100),
};

async function main(): Promise<void> {
  const { values: cfg, secrets } = loadConfig(startConfigSpec, process.env);
  const logger = createLogger({ service: 'meridian', level: cfg.LOG_LEVEL, secrets });
  const shutdown: ShutdownTask[] = [];
  const stopAll = onShutdown(logger, shutdown);
  try {
    const database = await openLocalDatabase((msg) => logger.info(msg));
    shutdown.push(() => database.stop());
    const db = createKnex({ connectionString: database.url, applicationName: 'meridian' });
    shutdown.unshift(() => db.destroy());
    const applied = await migrateLatest(db);
    logger.info('database migrated', { applied: applied.length });

    const transport: Transport = cfg.AMQP_URL
      ? await createAmqpTransport({ url: cfg.AMQP_URL, logger })
      : createInProcessTransport({ logger });
    shutdown.unshift(() => transport.close());
    const brokerReady = () => transport.isReady();

    const publicUrl = (cfg.DATA_API_PUBLIC_URL ?? `http://localhost:${cfg.DATA_API_PORT}`).replace(
      /\/+$/,
      '',
    );
    const linkWebUrl = (cfg.LINK_WEB_URL ?? `${publicUrl}/link`).replace(/\/+$/, '');
    // Providers without credentials are served by their local emulators (same connector code path).
    const localProviders = await startLocalProviders(process.env, {
      basePort: cfg.PROVIDER_EMULATOR_PORT,
      dataApiPublicUrl: publicUrl,
      log: (message, meta) => logger.info(message, meta),
    });
    shutdown.push(() => localProviders.close());
    const secretBox = createSecretBox(decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY));
    // SSRF rules stay on for real providers; the emulators on loopback are allow-listed.
    const providerAllowList = createTargetAllowList([
      ...cfg.PROVIDER_ALLOWED_TARGETS,
      ...(localProviders.emulators.size > 0 ? ['127.0.0.1'] : []),
    ]);

    const dataApi = await startDataApi({
      db,
      logger,
      region: cfg.REGION,
      host: cfg.HOST,
      port: cfg.DATA_API_PORT,
      brokerReady,
      transport,
      keyCacheMs: 2000,
      providerLinks: {
        secretBox,
        providers: localProviders.settings,
        allowList: providerAllowList,
        publicUrl,
        linkWebUrl,
      },
    });
    const managementApi = await startManagementApi({
      db,
      logger,
      region: cfg.REGION,
      host: cfg.HOST,
      port: cfg.MANAGEMENT_API_PORT,
      brokerReady,
      secretsKey: decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY),
      webhookAllowedTargets: cfg.WEBHOOK_ALLOWED_TARGETS,
      dataApiPublicUrl: publicUrl,
    });
    // The workers' /metrics, one registry each as when they run as separate processes.
    const registries = {
      parser: createMetricsRegistry('lab-report-parser'),
      scheduler: createMetricsRegistry('scheduler'),
      delivery: createMetricsRegistry('event-delivery'),
    };
    const deliveryMetrics = registerEventDeliveryMetrics(registries.delivery, { db, transport, logger });
    const labReportParser = createLabReportParser({ ocrWorkers: 2 });
    shutdown.unshift(() => labReportParser.close());
    const parser = await startParserWorker({
      db,
      transport,
      logger,
      parser: labReportParser,
      concurrency: 2,
      metrics: registerParserMetrics(registries.parser),
    });
    const scheduler = await startSchedulerWorker({
      db,
      transport,
      logger,
      tickMs: cfg.SCHEDULER_TICK_MS,
      providerSync: {
        secretBox,
        providers: localProviders.settings,
        allowList: providerAllowList,
        webhookBaseUrl: publicUrl,
        linkWebUrl,
      },
    });
    const webhooks = createWebhookDelivery({
      db,
      logger,
      secretBox: createSecretBox(decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY)),
      send: createWebhookSender({ allowList: createTargetAllowList(cfg.WEBHOOK_ALLOWED_TARGETS) }),
      schedule: DEFAULT_RETRY_SCHEDULE_MS,
      autoDisableAfterMs: 5 * 24 * 3600 * 1000,
      concurrency: 20,
      metrics: deliveryMetrics.delivery,
    });
    const etl = createEtlDelivery({
      db,
      logger,
      secretBox: createSecretBox(decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY)),
      schedule: DEFAULT_RETRY_SCHEDULE_MS,
      concurrency: 20,
      allowList: createTargetAllowList(cfg.WEBHOOK_ALLOWED_TARGETS),
    });
    const delivery = await startEventDeliveryWorker({
      db,
      transport,
      logger,
      concurrency: 20,
      webhooks,
      etl,
      relayMetrics: deliveryMetrics.relay,
    });
    const readiness = { database: () => pingDatabase(db), broker: brokerReady };
    const health = await Promise.all(
      [registries.parser, registries.scheduler, registries.delivery].map((metrics, i) =>
        startWorkerHealthServer({
          host: cfg.HOST,
          port: cfg.WORKER_HEALTH_PORT === 0 ? 0 : cfg.WORKER_HEALTH_PORT + i,
          readiness,
          metrics,
        }),
      ),
    );
    shutdown.unshift(
      () => dataApi.close(),
      () => managementApi.close(),
      () => parser.close(),
      () => scheduler.close(),
      () => delivery.close(),
      ...health.map((h) => () => h.close()),
    );
    logger.info('Meridian is running', {
      data_api: dataApi.url,
      management_api: managementApi.url,
      worker_health_ports: health.map((h) => h.port),
      transport: cfg.AMQP_URL ? 'rabbitmq' : 'in-process',
      database: database.embedded ? 'embedded' : 'DATABASE_URL',
      link_widget: linkWebUrl,
      provider_emulators: [...localProviders.emulators.keys()],
    });
  } catch (err) {
    if (err instanceof ConfigError) process.stderr.write(`${err.message}\n`);
    else logger.error('failed to start', { err });
    await stopAll();
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(1);
});
