/**
 * The management API process, composed from its validated config and the connections a composition root
 * chose: `main.ts` (DATABASE_URL, RabbitMQ when set) and `pnpm start` (the local database) start exactly this.
 */
import { createApiRateLimiter, startOnOwnPool } from '@meridian/db';
import type { Transport } from '@meridian/messaging';
import {
  decodeSecretsKey,
  type Logger,
  type PortClaim,
  type RunningService,
  apiRateLimitOptionsOf,
} from '@meridian/platform';
import type { ManagementApiProcessConfig } from './config';
import { startManagementApi } from './server';

export interface ManagementApiConnections {
  logger: Logger;
  /** The process opens its own pool (DATABASE_POOL_MAX) on this database. */
  databaseUrl: string;
  /** Only its readiness is reported: the management API publishes through the outbox. */
  transport?: Pick<Transport, 'isReady'>;
}

export const managementApiPorts = (cfg: ManagementApiProcessConfig): PortClaim[] => [
  { port: cfg.MANAGEMENT_API_PORT, host: cfg.HOST, owner: 'management-api', variable: 'MANAGEMENT_API_PORT' },
];

export async function startManagementApiProcess(
  cfg: ManagementApiProcessConfig,
  io: ManagementApiConnections,
): Promise<RunningService> {
  const pool = {
    connectionString: io.databaseUrl,
    applicationName: 'management-api',
    log: io.logger,
    poolMax: cfg.DATABASE_POOL_MAX,
  };
  return startOnOwnPool(pool, (db) =>
    startManagementApi({
      db,
      logger: io.logger,
      region: cfg.REGION,
      host: cfg.HOST,
      port: cfg.MANAGEMENT_API_PORT,
      brokerReady: () => io.transport?.isReady() ?? true,
      validateResponses: cfg.VALIDATE_RESPONSES,
      rateLimits: {
        ...apiRateLimitOptionsOf(cfg, createApiRateLimiter(db, { logger: io.logger })),
        dataApiPerKey: cfg.RATE_LIMIT_PER_KEY_PER_MINUTE,
      },
      secretsKey: decodeSecretsKey(cfg.SECRETS_ENCRYPTION_KEY),
      webhookAllowedTargets: cfg.WEBHOOK_ALLOWED_TARGETS,
      dataApiPublicUrl: cfg.DATA_API_PUBLIC_URL,
    }),
  );
}
