import { createAmqpTransport } from '@meridian/messaging';
import { assertPortsFree, createLogger, logFormatFor, runMain } from '@meridian/platform';
import { loadEventDeliveryConfig } from './config';
import { eventDeliveryPorts, startEventDeliveryProcess } from './process';

runMain('event-delivery', async () => {
  const { values: cfg, secrets } = loadEventDeliveryConfig(process.env);
  const logger = createLogger({
    service: 'event-delivery',
    level: cfg.LOG_LEVEL,
    secrets,
    format: logFormatFor({ isTTY: process.stdout.isTTY, nodeEnv: cfg.NODE_ENV }),
  });
  await assertPortsFree(eventDeliveryPorts(cfg));
  const transport = await createAmqpTransport({ url: cfg.AMQP_URL, logger, queueType: cfg.AMQP_QUEUE_TYPE });
  const worker = await startEventDeliveryProcess(cfg, { logger, databaseUrl: cfg.DATABASE_URL, transport });
  return { logger, shutdown: [() => worker.close(), () => transport.close()] };
});
