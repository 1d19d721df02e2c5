import { createAmqpTransport } from '@meridian/messaging';
import { assertPortsFree, createLogger, logFormatFor, runMain } from '@meridian/platform';
import { loadParserConfig } from './config';
import { parserPorts, startParserProcess } from './process';

runMain('lab-report-parser', async () => {
  const { values: cfg, secrets } = loadParserConfig(process.env);
  const logger = createLogger({
    service: 'lab-report-parser',
    level: cfg.LOG_LEVEL,
    secrets,
    format: logFormatFor({ isTTY: process.stdout.isTTY, nodeEnv: cfg.NODE_ENV }),
  });
  await assertPortsFree(parserPorts(cfg));
  const transport = await createAmqpTransport({ url: cfg.AMQP_URL, logger, queueType: cfg.AMQP_QUEUE_TYPE });
  const worker = await startParserProcess(cfg, { logger, databaseUrl: cfg.DATABASE_URL, transport });
  return { logger, shutdown: [() => worker.close(), () => transport.close()] };
});
