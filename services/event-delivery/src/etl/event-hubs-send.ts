import type { EventDataBatch } from '@azure/event-hubs';
import type { EtlEvent, EtlMessage } from './etl-messages.repository';
import { describeError, type EtlOutcome } from './etl-outcome';
import { encodeBody, messageProperties, type AzureAmqpSettings } from './etl-routing';
import type { EventHubsProducers } from './event-hubs-producers';

/**
 * The send step of ETL delivery: one user's events to one event hub, in as few `EventDataBatch`es as they
 * fit (partition key = user id), each recorded as soon as the hub has answered for it.
 */

export interface Outgoing {
  message: EtlMessage;
  event: EtlEvent;
}

export type RecordOutcome = (
  messages: readonly EtlMessage[],
  eventHub: string,
  outcome: EtlOutcome,
) => Promise<void>;

export async function sendUserEvents(
  target: {
    producers: EventHubsProducers;
    pipelineKey: string;
    eventHub: string;
    connectionString: string;
    /** The user id, or undefined for events about no user. */
    partitionKey: string | undefined;
    compression: AzureAmqpSettings['compression'];
  },
  outgoing: readonly Outgoing[],
  record: RecordOutcome,
): Promise<void> {
  const { producers, pipelineKey, eventHub, partitionKey } = target;
  let index = 0;
  while (index < outgoing.length) {
    const client = producers.get(pipelineKey, eventHub, target.connectionString);
    let batch: EventDataBatch;
    const inBatch: EtlMessage[] = [];
    try {
      batch = await client.createBatch(partitionKey === undefined ? {} : { partitionKey });
      while (index < outgoing.length) {
        const { message, event } = outgoing[index]!;
        const { body, gzip } = encodeBody(event.body, target.compression);
        const added = batch.tryAdd({
          body,
          contentType: 'application/json',
          properties: messageProperties({
            id: message.id,
            eventType: event.eventType,
            userId: event.userId,
            teamId: message.teamId,
            gzip,
          }),
        });
        if (!added) break;
        inBatch.push(message);
        index += 1;
      }
      if (inBatch.length === 0) {
        // Alone in an empty batch and still too large: it will never fit.
        const message = outgoing[index]!.message;
        index += 1;
        await record([message], eventHub, {
          ok: false,
          permanent: true,
          error: `MessageTooLargeError: the event exceeds the event hub's maximum message size (${batch.maxSizeInBytes} bytes)`,
        });
        continue;
      }
      await client.sendBatch(batch);
    } catch (err) {
      await producers.discard(pipelineKey, eventHub);
      const unsent = [...inBatch, ...outgoing.slice(index).map((o) => o.message)];
      await record(unsent, eventHub, { ok: false, error: describeError(err) });
      return;
    }
    await record(inBatch, eventHub, { ok: true });
  }
}
