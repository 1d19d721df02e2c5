import { createAuditWriter, pingDatabase, type Knex } from '@meridian/db';
import type { Region } from '@meridian/domain';
import {
  auditWriterMetrics,
  createMetricsRegistry,
  serveHttp,
  serveWithAuditWriter,
  type ApiRateLimitOptions,
  type CursorCodec,
  type Logger,
  type RunningService,
} from '@meridian/platform';
import type { Transport } from '@meridian/messaging';
import { createDataApi, type DataApiDeps, type ProviderLinkOptions } from './app';
import type { PushLimits } from './features/sdk-push/push-batch';

/** Starts the data API on `host:port` with the given connections (shared by main.ts and `pnpm start`). */
export async function startDataApi(opts: {
  db: Knex;
  logger: Logger;
  region: Region;
  host: string;
  port: number;
  brokerReady: () => boolean;
  transport?: Pick<Transport, 'publish'>;
  validateResponses?: boolean;
  keyCacheMs?: number;
  /** Provider connections (secret box, provider settings, SSRF rules, public and widget URLs). */
  providerLinks?: ProviderLinkOptions;
  rateLimits?: ApiRateLimitOptions;
  /** Seals page cursors (from `SECRETS_ENCRYPTION_KEY`). */
  cursors?: CursorCodec;
  /** Lab partners (issue 13); absent: none configured. */
  labPartners?: DataApiDeps['labPartners'];
  /** Signs the booking page's tokens (SECRETS_ENCRYPTION_KEY). */
  bookingPageSecretsKey?: Buffer;
  /** Mobile-SDK push limits (`SDK_PUSH_*`); absent: the defaults. */
  sdkPushLimits?: Partial<PushLimits>;
}): Promise<RunningService> {
  const metrics = createMetricsRegistry('data-api');
  // The audit trail's writer lives as long as the server: what it still holds is written on close.
  const audit = createAuditWriter(opts.db, { logger: opts.logger, observer: auditWriterMetrics(metrics) });
  const app = createDataApi({
    db: opts.db,
    logger: opts.logger,
    metrics,
    audit,
    region: opts.region,
    readiness: { database: () => pingDatabase(opts.db), broker: opts.brokerReady },
    transport: opts.transport,
    validateResponses: opts.validateResponses,
    keyCacheMs: opts.keyCacheMs,
    providerLinks: opts.providerLinks,
    rateLimits: opts.rateLimits,
    cursors: opts.cursors,
    labPartners: opts.labPartners,
    bookingPageSecretsKey: opts.bookingPageSecretsKey,
    sdkPush: opts.sdkPushLimits ? { limits: opts.sdkPushLimits } : undefined,
  });
  return serveWithAuditWriter(audit, () =>
    serveHttp(app, { name: 'data API', host: opts.host, port: opts.port, logger: opts.logger }),
  );
}
