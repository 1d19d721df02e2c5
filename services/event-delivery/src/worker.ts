import type { Knex } from '@meridian/db';
import { PermanentError, type Transport } from '@meridian/messaging';
import { runWithMessageContext, type Logger } from '@meridian/platform';
import type { WebhookDelivery } from './delivery/webhook-delivery';
import { createOutboxRelay } from './outbox-relay';

export const EVENT_DELIVERY_QUEUE = 'event-delivery.events';

/**
 * The event-delivery worker: relays the outbox to the broker and consumes the relayed events
 * (`event.<event_type>`, data `{event_id}`): each becomes webhook messages, sent by the delivery loop
 * (ETL fan-out arrives later); malformed messages go to the DLQ.
 */
export async function startEventDeliveryWorker(deps: {
  db: Knex;
  transport: Transport;
  logger: Logger;
  concurrency: number;
  webhooks?: WebhookDelivery;
}): Promise<{ close(): Promise<void> }> {
  const consumer = await deps.transport.consume(
    EVENT_DELIVERY_QUEUE,
    ({ envelope, headers }) =>
      runWithMessageContext(headers, async () => {
        if (!envelope.type.startsWith('event.'))
          throw new PermanentError(`unexpected message type ${envelope.type}`);
        const eventId = (envelope.data as { event_id?: unknown } | null)?.event_id;
        if (typeof eventId !== 'string') throw new PermanentError('event message without event_id');
        if (!deps.webhooks) return;
        const messageIds = await deps.webhooks.fanOut(eventId);
        if (messageIds.length > 0) deps.webhooks.wake();
      }),
    { prefetch: deps.concurrency },
  );
  const relay = createOutboxRelay({ db: deps.db, transport: deps.transport, logger: deps.logger });
  relay.start();
  deps.webhooks?.start();
  return {
    async close() {
      await relay.stop();
      await consumer.cancel();
      // Waits for in-flight sends (each bounded by the 15 s request timeout) so attempts are recorded.
      await deps.webhooks?.stop();
    },
  };
}
