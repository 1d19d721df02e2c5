import { createKnex } from '@meridian/db';
import { createAmqpTransport } from '@meridian/messaging';
import { createLogger, runMain } from '@meridian/platform';
import { loadDataApiConfig } from './config';
import { startDataApi } from './server';

runMain('data-api', async () => {
  const { values: cfg, secrets } = loadDataApiConfig(process.env);
  const logger = createLogger({ service: 'data-api', level: cfg.LOG_LEVEL, secrets });
  const db = createKnex({
    connectionString: cfg.DATABASE_URL,
    applicationName: 'data-api',
    log: logger,
    poolMax: cfg.DATABASE_POOL_MAX,
  });
  const transport = cfg.AMQP_URL ? await createAmqpTransport({ url: cfg.AMQP_URL, logger }) : undefined;
  const service = await startDataApi({
    db,
    logger,
    region: cfg.REGION,
    host: cfg.HOST,
    port: cfg.DATA_API_PORT,
    brokerReady: () => transport?.isReady() ?? true,
    transport,
    validateResponses: cfg.VALIDATE_RESPONSES,
    keyCacheMs: cfg.DATA_API_KEY_CACHE_MS,
  });
  return { logger, shutdown: [() => service.close(), () => transport?.close(), () => db.destroy()] };
});
