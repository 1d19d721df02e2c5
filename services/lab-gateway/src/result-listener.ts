/**
 * Results in: the MLLP listener labs deliver ORU^R01 to. Each message is validated whole, then applied in one
 * transaction (`applyLabResultMessage`: report rows, order status and events, health data); the ACK is AA once
 * that committed, AE/AR with the HL7 error code and the field at fault otherwise, and nothing of a refused
 * message is kept. Copies (sender + MSH-10) are answered AA without being applied again.
 */
import { createLabResultHandler } from '@meridian/data-api/lab-fulfilment';
import type { Knex } from '@meridian/db';
import { Hl7ResultListener } from '@meridian/lab-partners';
import type { Logger } from '@meridian/platform';
import type { LabGatewayMetrics } from './metrics';

export interface ResultListenerOptions {
  db: Knex;
  logger: Logger;
  host: string;
  port: number;
  maxFrameBytes: number;
  labTimeZone: string;
  application: string;
  facility: string;
  metrics?: LabGatewayMetrics;
}

export async function startResultListener(
  options: ResultListenerOptions,
): Promise<{ host: string; port: number; close(): Promise<void> }> {
  const listener = new Hl7ResultListener({
    ...createLabResultHandler({ db: options.db }),
    host: options.host,
    port: options.port,
    maxFrameBytes: options.maxFrameBytes,
    labTimeZone: options.labTimeZone,
    application: options.application,
    facility: options.facility,
    // Ids and codes only: never the message (PHI).
    onResult: (event) => {
      options.metrics?.result(event.outcome, event.ackCode);
      const meta = {
        outcome: event.outcome,
        ack: event.ackCode,
        order_id: event.orderId,
        error_code: event.errorCode,
        reason: event.reason,
      };
      if (event.outcome === 'rejected') {
        // Our own failure (database…): its class and message, never a driver's `detail` (it quotes rows).
        const cause = event.error instanceof Error ? event.error : null;
        options.logger.warn(
          'lab result refused',
          cause ? { ...meta, cause: `${cause.name}: ${cause.message.slice(0, 200)}` } : meta,
        );
      } else options.logger.info('lab result', meta);
    },
    onError: (err) => options.logger.warn('MLLP connection error', { err }),
  });
  const address = await listener.listen();
  return { host: address.host, port: address.port, close: () => listener.close() };
}
