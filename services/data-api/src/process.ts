/**
 * The data API process, composed from its validated config and the connections a composition root chose:
 * `main.ts` (RabbitMQ, DATABASE_URL, providers from the environment) and `pnpm start` (in-process transport,
 * embedded PostgreSQL, local provider emulators) start exactly this.
 */
import { providerTargetAllowList, type ProviderSettings } from '@meridian/connectors';
import { createApiRateLimiter, startOnOwnPool } from '@meridian/db';
import type { Transport } from '@meridian/messaging';
import {
  createCursorCodec,
  createSecretBox,
  decodeSecretsKey,
  type Logger,
  type PortClaim,
  type RunningService,
  apiRateLimitOptionsOf,
} from '@meridian/platform';
import {
  createFulfilmentPartner,
  createPhlebotomyPartners,
  createPscPartners,
  type FulfilmentPartnerConfig,
  type PhlebotomyPartnersConfig,
  type PscPartnersConfig,
} from '@meridian/lab-partners';
import type { DataApiProcessConfig } from './config';
import { phlebotomyPartnersFromConfig } from './features/lab-appointments/partner-config';
import { labServicePartnersFromConfig } from './features/lab-psc/partner-config';
import { startDataApi } from './server';

export interface DataApiConnections {
  logger: Logger;
  /** The process opens its own pool (DATABASE_POOL_MAX) on this database. */
  databaseUrl: string;
  /** Publishes scheduler tasks; without one they wait for the scheduler's sweep. */
  transport?: Transport;
  /** Provider URLs and platform OAuth apps (the environment's, or local emulators'). */
  providers: Map<string, ProviderSettings>;
  /** Phlebotomy partners instead of the configured ones (`pnpm start`: the local emulators). */
  phlebotomyPartners?: PhlebotomyPartnersConfig;
  /** PSC labs and the test-kit fulfilment partner instead of the configured ones (`pnpm start`: emulators). */
  labServicePartners?: { psc: PscPartnersConfig; fulfilment: FulfilmentPartnerConfig | null };
}

export const dataApiPorts = (cfg: DataApiProcessConfig): PortClaim[] => [
  { port: cfg.DATA_API_PORT, host: cfg.HOST, owner: 'data-api', variable: 'DATA_API_PORT' },
];

export async function startDataApiProcess(
  cfg: DataApiProcessConfig,
  io: DataApiConnections,
): Promise<RunningService> {
  const pool = {
    connectionString: io.databaseUrl,
    applicationName: 'data-api',
    log: io.logger,
    poolMax: cfg.DATABASE_POOL_MAX,
  };
  const phlebotomy = phlebotomyPartnersFromConfig(cfg);
  const services = io.labServicePartners ?? labServicePartnersFromConfig(cfg);
  const labPartners = {
    phlebotomy: {
      partners: createPhlebotomyPartners(io.phlebotomyPartners ?? phlebotomy.config),
      areaRules: phlebotomy.areaRules,
    },
    psc: createPscPartners(services.psc),
    fulfilment: services.fulfilment ? createFulfilmentPartner(services.fulfilment) : null,
  };
  return startOnOwnPool(pool, (db) =>
    startDataApi({
      db,
      logger: io.logger,
      region: cfg.REGION,
      host: cfg.HOST,
      port: cfg.DATA_API_PORT,
      brokerReady: () => io.transport?.isReady() ?? true,
      transport: io.transport,
      validateResponses: cfg.VALIDATE_RESPONSES,
      rateLimits: apiRateLimitOptionsOf(cfg, createApiRateLimiter(db, { logger: io.logger })),
      keyCacheMs: cfg.DATA_API_KEY_CACHE_MS,
      cursors: createCursorCodec(decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY)),
      providerLinks: {
        secretBox: createSecretBox(decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY)),
        providers: io.providers,
        allowList: providerTargetAllowList(io.providers.values(), cfg.PROVIDER_ALLOWED_TARGETS, {
          production: cfg.NODE_ENV === 'production',
        }),
        publicUrl: cfg.DATA_API_PUBLIC_URL,
        linkWebUrl: cfg.LINK_WEB_URL,
      },
      labPartners,
      bookingPageSecretsKey: decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY),
      sdkPushLimits: {
        maxRecords: cfg.SDK_PUSH_MAX_RECORDS,
        maxBodySize: `${cfg.SDK_PUSH_MAX_BODY_BYTES}b`,
        perDevicePerMinute: cfg.SDK_PUSH_DEVICE_RATE_PER_MINUTE,
      },
    }),
  );
}
