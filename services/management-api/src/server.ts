import { pingDatabase, type Knex } from '@meridian/db';
import type { Region } from '@meridian/domain';
import { createMetricsRegistry, serveHttp, type Logger, type RunningService } from '@meridian/platform';
import { createManagementApi } from './app';

/** Starts the management API on `host:port` with the given connections (shared by main.ts and `pnpm start`). */
export function startManagementApi(opts: {
  db: Knex;
  logger: Logger;
  region: Region;
  host: string;
  port: number;
  brokerReady: () => boolean;
  validateResponses?: boolean;
  secretsKey: Buffer;
  webhookAllowedTargets: string[];
  dataApiPublicUrl?: string;
}): Promise<RunningService> {
  const app = createManagementApi({
    db: opts.db,
    logger: opts.logger,
    metrics: createMetricsRegistry('management-api'),
    region: opts.region,
    readiness: { database: () => pingDatabase(opts.db), broker: opts.brokerReady },
    validateResponses: opts.validateResponses,
    secretsKey: opts.secretsKey,
    webhookAllowedTargets: opts.webhookAllowedTargets,
    dataApiPublicUrl: opts.dataApiPublicUrl,
  });
  return serveHttp(app, { name: 'management API', host: opts.host, port: opts.port, logger: opts.logger });
}
