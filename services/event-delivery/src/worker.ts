import type { Knex } from '@meridian/db';
import { PermanentError, type Transport } from '@meridian/messaging';
import { runWithMessageContext, type Logger } from '@meridian/platform';
import type { WebhookDelivery } from './delivery/webhook-delivery';
import type { EtlDelivery } from './etl/etl-delivery';
import { createOutboxRelay, type RelayMetrics } from './outbox-relay';

export const EVENT_DELIVERY_QUEUE = 'event-delivery.events';
/**
 * Relayed events handled at once (those of the relay's batch messages included); their fan-outs are written
 * together.
 */
const EVENT_PREFETCH = 500;

/**
 * The event-delivery worker: relays the outbox to the broker and consumes the relayed events
 * (`event.<event_type>`, data `{event_id}`): each becomes webhook messages, sent by the delivery loop
 * and, for a team environment with an Azure Event Hubs pipeline, an ETL message sent by the ETL loop;
 * malformed messages go to the DLQ.
 */
export async function startEventDeliveryWorker(deps: {
  db: Knex;
  transport: Transport;
  logger: Logger;
  concurrency: number;
  webhooks?: WebhookDelivery;
  /** ETL (Azure Event Hubs) fan-out and delivery loop. */
  etl?: EtlDelivery;
  relayMetrics?: RelayMetrics;
  /** Events of one type per broker message (OUTBOX_RELAY_EVENTS_PER_MESSAGE); the relay's default if unset. */
  relayEventsPerMessage?: number;
  /** The queue to consume (a scoped topology's name in benchmarks); EVENT_DELIVERY_QUEUE by default. */
  queue?: string;
}): Promise<{ close(): Promise<void> }> {
  const consumer = await deps.transport.consume(
    deps.queue ?? EVENT_DELIVERY_QUEUE,
    ({ envelope, headers }) =>
      runWithMessageContext(headers, async () => {
        if (!envelope.type.startsWith('event.'))
          throw new PermanentError(`unexpected message type ${envelope.type}`);
        const eventId = (envelope.data as { event_id?: unknown } | null)?.event_id;
        if (typeof eventId !== 'string') throw new PermanentError('event message without event_id');
        if (deps.etl) {
          const etlIds = await deps.etl.fanOut(eventId);
          if (etlIds.length > 0) deps.etl.wake();
        }
        if (!deps.webhooks) return;
        // Fan-outs of concurrent messages share their statements (group commit): a deep prefetch feeds it.
        await deps.webhooks.enqueueEvent(eventId);
      }),
    { prefetch: Math.max(deps.concurrency, EVENT_PREFETCH) },
  );
  const relay = createOutboxRelay({
    db: deps.db,
    transport: deps.transport,
    logger: deps.logger,
    metrics: deps.relayMetrics,
    eventsPerMessage: deps.relayEventsPerMessage,
  });
  relay.start();
  deps.webhooks?.start();
  deps.etl?.start();
  return {
    async close() {
      await relay.stop();
      await consumer.cancel();
      // Waits for in-flight sends (each bounded by the 15 s request timeout) so attempts are recorded.
      await deps.webhooks?.stop();
      // Waits for in-flight Event Hubs sends, then closes the producer clients.
      await deps.etl?.stop();
    },
  };
}
