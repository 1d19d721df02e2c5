import { pingDatabase, type Knex } from '@meridian/db';
import type { Region } from '@meridian/domain';
import { createMetricsRegistry, serveHttp, type Logger, type RunningService } from '@meridian/platform';
import type { Transport } from '@meridian/messaging';
import { createDataApi, type ProviderLinkOptions } from './app';

/** Starts the data API on `host:port` with the given connections (shared by main.ts and `pnpm start`). */
export function startDataApi(opts: {
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
}): Promise<RunningService> {
  const app = createDataApi({
    db: opts.db,
    logger: opts.logger,
    metrics: createMetricsRegistry('data-api'),
    region: opts.region,
    readiness: { database: () => pingDatabase(opts.db), broker: opts.brokerReady },
    transport: opts.transport,
    validateResponses: opts.validateResponses,
    keyCacheMs: opts.keyCacheMs,
    providerLinks: opts.providerLinks,
  });
  return serveHttp(app, { name: 'data API', host: opts.host, port: opts.port, logger: opts.logger });
}
