import { createKnex, pingDatabase } from '@meridian/db';
import { createLabReportParser } from '@meridian/lab-reports';
import { createAmqpTransport } from '@meridian/messaging';
import { createLogger, createMetricsRegistry, runMain, startWorkerHealthServer } from '@meridian/platform';
import { loadParserConfig } from './config';
import { registerParserMetrics } from './metrics';
import { startParserWorker } from './worker';

runMain('lab-report-parser', async () => {
  const { values: cfg, secrets } = loadParserConfig(process.env);
  const logger = createLogger({ service: 'lab-report-parser', level: cfg.LOG_LEVEL, secrets });
  const db = createKnex({
    connectionString: cfg.DATABASE_URL,
    poolMax: 4,
    applicationName: 'lab-report-parser',
    log: logger,
  });
  const transport = await createAmqpTransport({ url: cfg.AMQP_URL, logger });
  const parser = createLabReportParser({ ocrWorkers: cfg.PARSER_CONCURRENCY });
  const registry = createMetricsRegistry('lab-report-parser');
  const worker = await startParserWorker({
    db,
    transport,
    logger,
    parser,
    concurrency: cfg.PARSER_CONCURRENCY,
    metrics: registerParserMetrics(registry),
  });
  const health = await startWorkerHealthServer({
    host: cfg.HOST,
    port: cfg.HEALTH_PORT,
    metrics: registry,
    readiness: { database: () => pingDatabase(db), broker: () => transport.isReady() },
  });
  return {
    logger,
    shutdown: [
      () => worker.close(),
      () => parser.close(),
      () => health.close(),
      () => transport.close(),
      () => db.destroy(),
    ],
  };
});
