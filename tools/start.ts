/**
 * `pnpm start`: the whole system in one process for local use — the five processes each service's `main.ts`
 * starts, from the same validated config, with only the connections chosen differently: with no
 * DATABASE_URL an embedded PostgreSQL under `.meridian/`; with no AMQP_URL the in-process transport (same
 * interface as RabbitMQ); providers without credentials served by local emulators.
 */
import { providerAppSecrets, providerSettingsFromEnv } from '@meridian/connectors';
import { createKnex, migrateLatest } from '@meridian/db';
import {
  dataApiPorts,
  hasConfiguredLabServicePartners,
  hasConfiguredPhlebotomyPartners,
  loadDataApiProcessConfig,
  startDataApiProcess,
  startLocalLabServicePartners,
  startLocalPhlebotomyPartners,
} from '@meridian/data-api';
import {
  eventDeliveryPorts,
  loadEventDeliveryProcessConfig,
  startEventDeliveryProcess,
} from '@meridian/event-delivery';
import { labGatewayPorts, loadLabGatewayProcessConfig, startLabGatewayProcess } from '@meridian/lab-gateway';
import { loadParserProcessConfig, parserPorts, startParserProcess } from '@meridian/lab-report-parser';
import {
  loadManagementApiProcessConfig,
  managementApiPorts,
  startManagementApiProcess,
} from '@meridian/management-api';
import { createAmqpTransport, createInProcessTransport, type Transport } from '@meridian/messaging';
import {
  assertPortsFree,
  commonConfigSpec,
  config,
  createLogger,
  loadConfig,
  logFormatFor,
  onShutdown,
  startupFailureLine,
  type Logger,
  type PortClaim,
  type ShutdownTask,
} from '@meridian/platform';
import { loadSchedulerProcessConfig, schedulerPorts, startSchedulerProcess } from '@meridian/scheduler';
import { openLocalDatabase } from './local-database';
import { plannedEmulators, startLocalProviders } from './local-providers';

/** Variables of `pnpm start` itself; each process reads its own from the same environment. */
const startConfigSpec = {
  ...commonConfigSpec,
  NODE_ENV: config.optionalString(),
  /** Unset: the embedded PostgreSQL (see local-database.ts). */
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], optional: true, secret: true }),
  /** Unset: the in-process transport. */
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], optional: true, secret: true }),
  /** The workers' health ports: this one and the next ones, one per worker (0: any free port). */
  WORKER_HEALTH_PORT: config.port(8010),
  /** First port of the local provider emulators (one port each, in connector order). */
  PROVIDER_EMULATOR_PORT: config.port(8100),
};

const WORKERS = ['lab-report-parser', 'scheduler', 'event-delivery', 'lab-gateway'] as const;

/** Every process's config, validated before anything starts; the workers' HEALTH_PORT follows WORKER_HEALTH_PORT. */
function loadConfigs(env: NodeJS.ProcessEnv) {
  const start = loadConfig(startConfigSpec, env);
  const healthPort = (worker: (typeof WORKERS)[number]) =>
    start.values.WORKER_HEALTH_PORT === 0
      ? '0'
      : String(start.values.WORKER_HEALTH_PORT + WORKERS.indexOf(worker));
  const loaded = {
    start,
    dataApi: loadDataApiProcessConfig(env),
    managementApi: loadManagementApiProcessConfig(env),
    parser: loadParserProcessConfig({ ...env, HEALTH_PORT: healthPort('lab-report-parser') }),
    scheduler: loadSchedulerProcessConfig({ ...env, HEALTH_PORT: healthPort('scheduler') }),
    eventDelivery: loadEventDeliveryProcessConfig({ ...env, HEALTH_PORT: healthPort('event-delivery') }),
    // No lab interface configured: the bundled lab simulator answers orders with simulated results.
    labGateway: loadLabGatewayProcessConfig({
      ...env,
      HEALTH_PORT: healthPort('lab-gateway'),
      LAB_SIMULATOR: env.LAB_SIMULATOR ?? (env.LAB_ORDER_ENDPOINTS ? 'false' : 'true'),
      // With the workers on any free port, the MLLP listener too (unless LAB_MLLP_PORT says otherwise).
      LAB_MLLP_PORT: env.LAB_MLLP_PORT ?? (start.values.WORKER_HEALTH_PORT === 0 ? '0' : undefined),
    }),
  };
  // What the log redactor masks: every secret variable, and the real providers' OAuth app secrets.
  const secrets = [
    ...Object.values(loaded).flatMap((l) => l.secrets),
    ...providerAppSecrets(providerSettingsFromEnv(env).values()),
  ];
  return { ...loaded, secrets: [...new Set(secrets)] };
}

type Configs = ReturnType<typeof loadConfigs>;

/** The ports `pnpm start` will listen on, named by the variable that moves each. */
function portClaims(cfg: Configs, env: NodeJS.ProcessEnv): PortClaim[] {
  const worker = (claims: PortClaim[]) => claims.map((c) => ({ ...c, variable: 'WORKER_HEALTH_PORT' }));
  const emulators = plannedEmulators(
    providerSettingsFromEnv(env),
    cfg.start.values.PROVIDER_EMULATOR_PORT,
  ).map(({ slug, port }) => ({
    port,
    host: '127.0.0.1',
    owner: `${slug} emulator`,
    variable: 'PROVIDER_EMULATOR_PORT',
  }));
  return [
    ...dataApiPorts(cfg.dataApi.values),
    ...managementApiPorts(cfg.managementApi.values),
    ...worker(parserPorts(cfg.parser.values)),
    ...worker(schedulerPorts(cfg.scheduler.values)),
    ...worker(eventDeliveryPorts(cfg.eventDelivery.values)),
    ...labGatewayPorts(cfg.labGateway.values).map((c) =>
      c.variable === 'HEALTH_PORT' ? { ...c, variable: 'WORKER_HEALTH_PORT' } : c,
    ),
    ...emulators,
  ];
}

async function startAll(cfg: Configs, logger: Logger, shutdown: ShutdownTask[]): Promise<void> {
  const { values: startCfg } = cfg.start;
  const format = logFormatFor({ isTTY: process.stdout.isTTY, nodeEnv: startCfg.NODE_ENV });
  const loggerFor = (service: string) =>
    createLogger({ service, level: startCfg.LOG_LEVEL, secrets: cfg.secrets, format });

  // Tasks run in order on shutdown: processes first (pushed to the front), then the shared connections.
  const database = await openLocalDatabase((msg) => logger.info(msg));
  shutdown.push(() => database.stop());
  const migrator = createKnex({ connectionString: database.url, poolMax: 2, applicationName: 'meridian' });
  try {
    const applied = await migrateLatest(migrator);
    logger.info('database migrated', { applied: applied.length });
  } finally {
    await migrator.destroy();
  }

  const transport: Transport = startCfg.AMQP_URL
    ? await createAmqpTransport({ url: startCfg.AMQP_URL, logger, queueType: startCfg.AMQP_QUEUE_TYPE })
    : createInProcessTransport({ logger });
  shutdown.unshift(() => transport.close());

  // Providers without credentials are served by their local emulators (same connector code path).
  const localProviders = await startLocalProviders(process.env, {
    basePort: startCfg.PROVIDER_EMULATOR_PORT,
    dataApiPublicUrl: cfg.dataApi.values.DATA_API_PUBLIC_URL,
    log: (message, meta) => logger.info(message, meta),
  });
  shutdown.push(() => localProviders.close());
  const providers = localProviders.settings;
  // Phlebotomy partners without credentials: their local emulators (ephemeral ports), webhooks to the data API.
  const localPhlebotomy = hasConfiguredPhlebotomyPartners(cfg.dataApi.values)
    ? null
    : await startLocalPhlebotomyPartners({ dataApiPublicUrl: cfg.dataApi.values.DATA_API_PUBLIC_URL });
  if (localPhlebotomy) shutdown.push(() => localPhlebotomy.close());
  // Walk-in labs and the test-kit fulfilment partner without credentials: their local emulators likewise.
  const localLabServices = hasConfiguredLabServicePartners(cfg.dataApi.values)
    ? null
    : await startLocalLabServicePartners({ dataApiPublicUrl: cfg.dataApi.values.DATA_API_PUBLIC_URL });
  if (localLabServices) shutdown.push(() => localLabServices.close());
  const connections = (service: string) => ({ logger: loggerFor(service), databaseUrl: database.url });

  const stop = (p: { close(): Promise<void> }) => shutdown.unshift(() => p.close());
  const dataApi = await startDataApiProcess(cfg.dataApi.values, {
    ...connections('data-api'),
    transport,
    providers,
    phlebotomyPartners: localPhlebotomy?.config,
    labServicePartners: localLabServices ?? undefined,
  });
  stop(dataApi);
  const managementApi = await startManagementApiProcess(cfg.managementApi.values, {
    ...connections('management-api'),
    transport,
  });
  stop(managementApi);
  const parser = await startParserProcess(cfg.parser.values, {
    ...connections('lab-report-parser'),
    transport,
  });
  stop(parser);
  const scheduler = await startSchedulerProcess(cfg.scheduler.values, {
    ...connections('scheduler'),
    transport,
    providers,
  });
  stop(scheduler);
  const eventDelivery = await startEventDeliveryProcess(cfg.eventDelivery.values, {
    ...connections('event-delivery'),
    transport,
  });
  stop(eventDelivery);
  const labGateway = await startLabGatewayProcess(cfg.labGateway.values, {
    ...connections('lab-gateway'),
    transport,
  });
  stop(labGateway);

  logger.info('Meridian is running', {
    data_api: dataApi.url,
    management_api: managementApi.url,
    worker_health_ports: [
      parser.healthPort,
      scheduler.healthPort,
      eventDelivery.healthPort,
      labGateway.healthPort,
    ],
    lab_mllp_port: labGateway.mllpPort,
    lab_simulator: labGateway.simulator !== null,
    transport: startCfg.AMQP_URL ? 'rabbitmq' : 'in-process',
    database: database.embedded ? 'embedded' : 'DATABASE_URL',
    link_widget: cfg.dataApi.values.LINK_WEB_URL,
    provider_emulators: [...localProviders.emulators.keys()],
    phlebotomy_emulators: localPhlebotomy?.urls ?? [],
    lab_service_emulators: localLabServices?.urls ?? [],
  });
}

async function main(): Promise<void> {
  // Nothing opens before the config is valid and every port is free: a mistake costs one line, at once.
  const cfg = loadConfigs(process.env);
  await assertPortsFree(portClaims(cfg, process.env));
  const logger = createLogger({
    service: 'meridian',
    level: cfg.start.values.LOG_LEVEL,
    secrets: cfg.secrets,
    format: logFormatFor({ isTTY: process.stdout.isTTY, nodeEnv: cfg.start.values.NODE_ENV }),
  });
  const shutdown: ShutdownTask[] = [];
  const stopAll = onShutdown(logger, shutdown);
  try {
    await startAll(cfg, logger, shutdown);
  } catch (err) {
    const line = startupFailureLine(err);
    if (line) process.stderr.write(`meridian: ${line}\n`);
    else logger.error('failed to start', { err });
    await stopAll();
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`meridian: ${startupFailureLine(err) ?? String(err)}\n`);
  process.exit(1);
});
