import { providerAppSecrets, providerSettingsFromEnv } from '@meridian/connectors';
import { createAmqpTransport } from '@meridian/messaging';
import { assertPortsFree, createLogger, logFormatFor, runMain } from '@meridian/platform';
import { loadDataApiConfig } from './config';
import { dataApiPorts, startDataApiProcess } from './process';

runMain('data-api', async () => {
  const { values: cfg, secrets } = loadDataApiConfig(process.env);
  // Provider settings are environment too: read here, once, and passed down; their app secrets are redacted.
  const providers = providerSettingsFromEnv(process.env);
  const logger = createLogger({
    service: 'data-api',
    level: cfg.LOG_LEVEL,
    secrets: [...secrets, ...providerAppSecrets(providers.values())],
    format: logFormatFor({ isTTY: process.stdout.isTTY, nodeEnv: cfg.NODE_ENV }),
  });
  await assertPortsFree(dataApiPorts(cfg));
  const transport = cfg.AMQP_URL
    ? await createAmqpTransport({ url: cfg.AMQP_URL, logger, queueType: cfg.AMQP_QUEUE_TYPE })
    : undefined;
  const service = await startDataApiProcess(cfg, {
    logger,
    databaseUrl: cfg.DATABASE_URL,
    transport,
    providers,
  });
  return { logger, shutdown: [() => service.close(), () => transport?.close()] };
});
