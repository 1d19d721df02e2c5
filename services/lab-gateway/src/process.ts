/**
 * The lab-gateway worker process (decision 0010), composed from its validated config and the connections a
 * composition root chose: `main.ts` (RabbitMQ, DATABASE_URL) and `pnpm start` (in-process transport, the
 * local database) start exactly this. It runs the MLLP result listener, the order-submission consumer, the
 * submission sweep and — with LAB_SIMULATOR — the bundled lab simulator as the lab of unconfigured labs.
 */
import { pingDatabase, startOnOwnPool } from '@meridian/db';
import { createHash } from 'node:crypto';
import { LAB_SCENARIOS, LabSimulator, type LabScenario } from '@meridian/lab-partners';
import type { Transport } from '@meridian/messaging';
import {
  createMetricsRegistry,
  startWorkerHealthServer,
  type Logger,
  type PortClaim,
  type RunningWorker,
} from '@meridian/platform';
import type { LabGatewayProcessConfig, SimulatorScenario } from './config';
import type { LabEndpoint } from './lab-endpoints';
import { createLabRouting, type LabRouting } from './lab-routing';
import { registerLabGatewayMetrics } from './metrics';
import { createOrderSubmitter, startOrderSubmissionWorker } from './order-submissions';
import { startResultListener } from './result-listener';
import { createSubmissionSweep, type SubmissionSweep } from './submission-sweep';

export interface LabGatewayConnections {
  logger: Logger;
  /** The process opens its own pool (DATABASE_POOL_MAX) on this database. */
  databaseUrl: string;
  transport: Transport;
}

export interface RunningLabGateway extends RunningWorker {
  /** Where labs deliver results. */
  mllpPort: number;
  /** The simulator's order endpoint, when it runs. */
  simulator: LabEndpoint | null;
}

const mllpHostOf = (cfg: LabGatewayProcessConfig) => cfg.LAB_MLLP_HOST ?? cfg.HOST;

export const labGatewayPorts = (cfg: LabGatewayProcessConfig): PortClaim[] => [
  { port: cfg.HEALTH_PORT, host: cfg.HOST, owner: 'lab-gateway health', variable: 'HEALTH_PORT' },
  { port: cfg.LAB_MLLP_PORT, host: mllpHostOf(cfg), owner: 'lab-gateway MLLP', variable: 'LAB_MLLP_PORT' },
];

/** The simulator's scenario for an order: one for all, or `mixed` (stable per order id). */
export function simulatorScenario(
  setting: SimulatorScenario,
): LabScenario | ((orderId: string) => LabScenario) {
  if (setting !== 'mixed') return setting;
  return (orderId) =>
    LAB_SCENARIOS[createHash('sha256').update(orderId).digest().readUInt32BE(0) % LAB_SCENARIOS.length]!;
}

export async function startLabGatewayProcess(
  cfg: LabGatewayProcessConfig,
  io: LabGatewayConnections,
): Promise<RunningLabGateway> {
  return startOnOwnPool(
    {
      connectionString: io.databaseUrl,
      poolMax: cfg.DATABASE_POOL_MAX,
      applicationName: 'lab-gateway',
      log: io.logger,
    },
    async (db) => {
      const registry = createMetricsRegistry('lab-gateway');
      const metrics = registerLabGatewayMetrics(registry);
      let listener: { port: number; close(): Promise<void> } | undefined;
      let simulator: LabSimulator | undefined;
      let routing: LabRouting | undefined;
      let worker: { close(): Promise<void> } | undefined;
      let sweep: SubmissionSweep | undefined;
      let health: { port: number; close(): Promise<void> } | undefined;
      // Stop taking orders, finish the sends in hand, then stop accepting results (ACKs in flight finish).
      const close = async () => {
        await sweep?.stop();
        await worker?.close();
        await health?.close();
        await routing?.close();
        await simulator?.close();
        await listener?.close();
      };
      try {
        listener = await startResultListener({
          db,
          logger: io.logger,
          host: mllpHostOf(cfg),
          port: cfg.LAB_MLLP_PORT,
          maxFrameBytes: cfg.LAB_MLLP_MAX_FRAME_BYTES,
          labTimeZone: cfg.LAB_TIME_ZONE,
          application: cfg.LAB_HL7_APPLICATION,
          facility: cfg.LAB_HL7_FACILITY,
          metrics,
        });
        let simulatorEndpoint: LabEndpoint | null = null;
        if (cfg.LAB_SIMULATOR) {
          const host = mllpHostOf(cfg);
          simulator = new LabSimulator({
            resultsEndpoint: {
              host: host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host,
              port: listener.port,
            },
            host: '127.0.0.1',
            port: 0,
            scenario: simulatorScenario(cfg.LAB_SIMULATOR_SCENARIO),
            onError: (err) => io.logger.warn('lab simulator error', { err }),
          });
          simulatorEndpoint = await simulator.listen();
        }
        routing = createLabRouting({
          endpoints: cfg.LAB_ORDER_ENDPOINTS,
          testCoding: cfg.LAB_TEST_CODING,
          simulator: simulatorEndpoint,
          simulatorServesProduction: cfg.NODE_ENV !== 'production',
          application: cfg.LAB_HL7_APPLICATION,
          facility: cfg.LAB_HL7_FACILITY,
          ackTimeoutMs: cfg.LAB_ACK_TIMEOUT_MS,
        });
        const submitter = createOrderSubmitter({ db, routing, logger: io.logger, metrics });
        worker = await startOrderSubmissionWorker({
          submitter,
          transport: io.transport,
          concurrency: cfg.LAB_SUBMIT_CONCURRENCY,
        });
        sweep = createSubmissionSweep({
          db,
          transport: io.transport,
          logger: io.logger,
          intervalMs: cfg.LAB_SUBMIT_SWEEP_MS,
          staleAfterMs: cfg.LAB_SUBMIT_STALE_AFTER_MS,
        });
        sweep.start();
        health = await startWorkerHealthServer({
          host: cfg.HOST,
          port: cfg.HEALTH_PORT,
          metrics: registry,
          readiness: { database: () => pingDatabase(db), broker: () => io.transport.isReady() },
        });
        if (cfg.LAB_ORDER_ENDPOINTS.size === 0 && !simulatorEndpoint)
          io.logger.warn('no lab order interface configured (LAB_ORDER_ENDPOINTS); orders wait for one');
        return {
          healthPort: health.port,
          mllpPort: listener.port,
          simulator: simulatorEndpoint,
          close,
        };
      } catch (err) {
        await close();
        throw err;
      }
    },
  );
}
