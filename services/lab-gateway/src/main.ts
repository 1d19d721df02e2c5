import { createAmqpTransport } from '@meridian/messaging';
import { assertPortsFree, createLogger, logFormatFor, runMain } from '@meridian/platform';
import { loadLabGatewayConfig } from './config';
import { labGatewayPorts, startLabGatewayProcess } from './process';

runMain('lab-gateway', async () => {
  const { values: cfg, secrets } = loadLabGatewayConfig(process.env);
  const logger = createLogger({
    service: 'lab-gateway',
    level: cfg.LOG_LEVEL,
    secrets,
    format: logFormatFor({ isTTY: process.stdout.isTTY, nodeEnv: cfg.NODE_ENV }),
  });
  await assertPortsFree(labGatewayPorts(cfg));
  const transport = await createAmqpTransport({ url: cfg.AMQP_URL, logger, queueType: cfg.AMQP_QUEUE_TYPE });
  const gateway = await startLabGatewayProcess(cfg, { logger, databaseUrl: cfg.DATABASE_URL, transport });
  logger.info('lab gateway running', {
    mllp_port: gateway.mllpPort,
    lab_simulator: gateway.simulator !== null,
  });
  return { logger, shutdown: [() => gateway.close(), () => transport.close()] };
});
