import { createKnex } from '@meridian/db';
import { createAmqpTransport } from '@meridian/messaging';
import { createLogger, runMain } from '@meridian/platform';
import { loadManagementApiConfig } from './config';
import { decodeSecretsKey } from '@meridian/platform';
import { startManagementApi } from './server';

runMain('management-api', async () => {
  const { values: cfg, secrets } = loadManagementApiConfig(process.env);
  const logger = createLogger({ service: 'management-api', level: cfg.LOG_LEVEL, secrets });
  const db = createKnex({
    connectionString: cfg.DATABASE_URL,
    applicationName: 'management-api',
    log: logger,
    poolMax: cfg.DATABASE_POOL_MAX,
  });
  const transport = cfg.AMQP_URL ? await createAmqpTransport({ url: cfg.AMQP_URL, logger }) : undefined;
  const service = await startManagementApi({
    db,
    logger,
    region: cfg.REGION,
    host: cfg.HOST,
    port: cfg.MANAGEMENT_API_PORT,
    brokerReady: () => transport?.isReady() ?? true,
    validateResponses: cfg.VALIDATE_RESPONSES,
    secretsKey: decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY),
    webhookAllowedTargets: cfg.WEBHOOK_ALLOWED_TARGETS,
    dataApiPublicUrl: cfg.DATA_API_PUBLIC_URL,
  });
  return { logger, shutdown: [() => service.close(), () => transport?.close(), () => db.destroy()] };
});
