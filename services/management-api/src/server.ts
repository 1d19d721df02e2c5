import { createAuditWriter, pingDatabase, type Knex } from '@meridian/db';
import type { Region } from '@meridian/domain';
import {
  auditWriterMetrics,
  createMetricsRegistry,
  serveHttp,
  serveWithAuditWriter,
  type Logger,
  type RunningService,
  type ApiRateLimitOptions,
} from '@meridian/platform';
import { createManagementApi } from './app';

/** Starts the management API on `host:port` with the given connections (shared by main.ts and `pnpm start`). */
export async function startManagementApi(opts: {
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
  rateLimits?: ApiRateLimitOptions;
}): Promise<RunningService> {
  const metrics = createMetricsRegistry('management-api');
  // The audit trail's writer lives as long as the server: what it still holds is written on close.
  const audit = createAuditWriter(opts.db, { logger: opts.logger, observer: auditWriterMetrics(metrics) });
  const app = createManagementApi({
    db: opts.db,
    logger: opts.logger,
    metrics,
    audit,
    region: opts.region,
    readiness: { database: () => pingDatabase(opts.db), broker: opts.brokerReady },
    validateResponses: opts.validateResponses,
    secretsKey: opts.secretsKey,
    webhookAllowedTargets: opts.webhookAllowedTargets,
    dataApiPublicUrl: opts.dataApiPublicUrl,
    rateLimits: opts.rateLimits,
  });
  return serveWithAuditWriter(audit, () =>
    serveHttp(app, { name: 'management API', host: opts.host, port: opts.port, logger: opts.logger }),
  );
}
