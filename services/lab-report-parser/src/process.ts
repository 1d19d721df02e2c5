/**
 * The lab-report-parser worker process, composed from its validated config and the connections a
 * composition root chose: `main.ts` (RabbitMQ, DATABASE_URL) and `pnpm start` (in-process transport, the
 * local database) start exactly this.
 */
import { pingDatabase, startOnOwnPool } from '@meridian/db';
import { createLabReportParser } from '@meridian/lab-reports';
import type { Transport } from '@meridian/messaging';
import {
  createMetricsRegistry,
  startWorkerHealthServer,
  type Logger,
  type PortClaim,
  type RunningWorker,
} from '@meridian/platform';
import type { ParserProcessConfig } from './config';
import { registerParserMetrics } from './metrics';
import { startParserWorker } from './worker';

export interface ParserConnections {
  logger: Logger;
  /** The process opens its own pool (DATABASE_POOL_MAX) on this database. */
  databaseUrl: string;
  transport: Transport;
}

export const parserPorts = (cfg: ParserProcessConfig): PortClaim[] => [
  { port: cfg.HEALTH_PORT, host: cfg.HOST, owner: 'lab-report-parser health', variable: 'HEALTH_PORT' },
];

export async function startParserProcess(
  cfg: ParserProcessConfig,
  io: ParserConnections,
): Promise<RunningWorker> {
  return startOnOwnPool(
    {
      connectionString: io.databaseUrl,
      poolMax: cfg.DATABASE_POOL_MAX,
      applicationName: 'lab-report-parser',
      log: io.logger,
    },
    async (db) => {
      const parser = createLabReportParser({
        ocrWorkers: cfg.PARSER_CONCURRENCY,
        pdfWorkers: cfg.PARSER_PDF_WORKERS,
      });
      const registry = createMetricsRegistry('lab-report-parser');
      let worker: { close(): Promise<void> } | undefined;
      let health: { port: number; close(): Promise<void> } | undefined;
      // Stop taking jobs, finish the ones in hand, then let go of OCR and pdf.js threads and connections.
      const close = async () => {
        await worker?.close();
        await health?.close();
        await parser.close();
      };
      try {
        worker = await startParserWorker({
          db,
          transport: io.transport,
          logger: io.logger,
          parser,
          concurrency: cfg.PARSER_CONCURRENCY,
          metrics: registerParserMetrics(registry),
        });
        health = await startWorkerHealthServer({
          host: cfg.HOST,
          port: cfg.HEALTH_PORT,
          metrics: registry,
          readiness: { database: () => pingDatabase(db), broker: () => io.transport.isReady() },
        });
        return { healthPort: health.port, close };
      } catch (err) {
        await close();
        throw err;
      }
    },
  );
}
