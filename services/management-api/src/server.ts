import http from 'node:http';
import type { Knex } from '@meridian/db';
import { pingDatabase } from '@meridian/db';
import { closeServer, createMetricsRegistry, listen, type Logger } from '@meridian/platform';
import type { Region } from '@meridian/domain';
import { createManagementApi } from './app';

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

/** Starts the management API on `host:port` with the given connections (shared by main.ts and `pnpm start`). */
export async function startManagementApi(opts: {
  db: Knex;
  logger: Logger;
  region: Region;
  host: string;
  port: number;
  brokerReady: () => boolean;
  validateResponses?: boolean;
}): Promise<RunningService> {
  const app = createManagementApi({
    db: opts.db,
    logger: opts.logger,
    metrics: createMetricsRegistry('management-api'),
    region: opts.region,
    readiness: { database: () => pingDatabase(opts.db), broker: opts.brokerReady },
    validateResponses: opts.validateResponses,
  });
  const server = http.createServer(app);
  await listen(server, opts.port, opts.host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  opts.logger.info('management API listening', { host: opts.host, port });
  return { url: `http://${opts.host}:${port}`, close: () => closeServer(server) };
}
