import { providerAppSecrets, providerSettingsFromEnv } from '@meridian/connectors';
import { createAmqpTransport } from '@meridian/messaging';
import { assertPortsFree, createLogger, logFormatFor, runMain } from '@meridian/platform';
import { loadSchedulerConfig } from './config';
import { schedulerPorts, startSchedulerProcess } from './process';

runMain('scheduler', async () => {
  const { values: cfg, secrets } = loadSchedulerConfig(process.env);
  // Provider settings are environment too: read here, once; their app secrets are redacted from the logs.
  const providers = providerSettingsFromEnv(process.env);
  const logger = createLogger({
    service: 'scheduler',
    level: cfg.LOG_LEVEL,
    secrets: [...secrets, ...providerAppSecrets(providers.values())],
    format: logFormatFor({ isTTY: process.stdout.isTTY, nodeEnv: cfg.NODE_ENV }),
  });
  await assertPortsFree(schedulerPorts(cfg));
  const transport = await createAmqpTransport({ url: cfg.AMQP_URL, logger, queueType: cfg.AMQP_QUEUE_TYPE });
  const worker = await startSchedulerProcess(cfg, {
    logger,
    databaseUrl: cfg.DATABASE_URL,
    transport,
    providers,
  });
  return { logger, shutdown: [() => worker.close(), () => transport.close()] };
});
