import { createKnex } from '@meridian/db';
import { createAmqpTransport } from '@meridian/messaging';
import { providerSettingsFromEnv } from '@meridian/connectors';
import {
  createLogger,
  createSecretBox,
  createTargetAllowList,
  decodeSecretsKey,
  runMain,
} from '@meridian/platform';
import { loadDataApiConfig } from './config';
import { startDataApi } from './server';

runMain('data-api', async () => {
  const { values: cfg, secrets } = loadDataApiConfig(process.env);
  // Provider settings are environment too: read here, once, and passed down; their app secrets are redacted.
  const providers = providerSettingsFromEnv(process.env);
  const emulated = [...providers.values()].some((p) => p.emulated);
  const appSecrets = [...providers.values()].flatMap((p) => (p.client ? [p.client.clientSecret] : []));
  const logger = createLogger({
    service: 'data-api',
    level: cfg.LOG_LEVEL,
    secrets: [...secrets, ...appSecrets],
  });
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
    providerLinks: {
      secretBox: createSecretBox(decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY)),
      providers,
      // Local emulators listen on loopback, which the SSRF rules refuse; never skipped in production
      // (the same rule as the scheduler's).
      allowList:
        emulated && process.env.NODE_ENV !== 'production'
          ? null
          : createTargetAllowList(cfg.PROVIDER_ALLOWED_TARGETS),
      publicUrl: cfg.DATA_API_PUBLIC_URL,
      linkWebUrl: cfg.LINK_WEB_URL,
    },
  });
  return { logger, shutdown: [() => service.close(), () => transport?.close(), () => db.destroy()] };
});
