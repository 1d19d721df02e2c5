import { createAmqpTransport } from '@meridian/messaging';
import { assertPortsFree, createLogger, logFormatFor, runMain } from '@meridian/platform';
import { loadManagementApiConfig } from './config';
import { managementApiPorts, startManagementApiProcess } from './process';

runMain('management-api', async () => {
  const { values: cfg, secrets } = loadManagementApiConfig(process.env);
  const logger = createLogger({
    service: 'management-api',
    level: cfg.LOG_LEVEL,
    secrets,
    format: logFormatFor({ isTTY: process.stdout.isTTY, nodeEnv: cfg.NODE_ENV }),
  });
  await assertPortsFree(managementApiPorts(cfg));
  const transport = cfg.AMQP_URL
    ? await createAmqpTransport({ url: cfg.AMQP_URL, logger, queueType: cfg.AMQP_QUEUE_TYPE })
    : undefined;
  const service = await startManagementApiProcess(cfg, { logger, databaseUrl: cfg.DATABASE_URL, transport });
  return { logger, shutdown: [() => service.close(), () => transport?.close()] };
});
