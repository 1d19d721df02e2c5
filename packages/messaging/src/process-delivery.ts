import { parseMessageEnvelope, type MessageEnvelope } from './message-envelope';
import { attemptFromHeaders, messageHeaders } from './message-headers';
import type { MessagingLogger } from './messaging-logger';
import { PermanentError } from './permanent-error';
import { retryDelayAfter, type WorkQueueDefinition } from './topology';
import type { MessageHandler } from './transport';

/** One delivery as both transports see it, before the handler runs. */
export interface Delivery {
  queue: WorkQueueDefinition;
  routingKey: string;
  content: string;
  headers: Record<string, string>;
}

/** What the transport must do with a delivery once the handler has settled. */
export type DeliveryOutcome =
  | { kind: 'acknowledge' }
  | { kind: 'retry'; delayMs: number; headers: Record<string, string> }
  | { kind: 'dead-letter'; headers: Record<string, string>; error: string };

/** Headers are limited in size on the wire; an error text needs no more than this. */
const maxErrorTextLength = 1_000;

/** Runs the handler and applies the retry policy shared by every transport. */
export async function processDelivery(
  delivery: Delivery,
  handler: MessageHandler,
  logger: MessagingLogger,
): Promise<DeliveryOutcome> {
  const attempt = attemptFromHeaders(delivery.headers);
  let envelope: MessageEnvelope | undefined;
  try {
    envelope = parseMessageEnvelope(delivery.content);
    await handler({ envelope, headers: delivery.headers, attempt, queue: delivery.queue.name });
    return { kind: 'acknowledge' };
  } catch (err) {
    return failureOutcome(delivery, envelope, attempt, err, logger);
  }
}

function failureOutcome(
  delivery: Delivery,
  envelope: MessageEnvelope | undefined,
  attempt: number,
  err: unknown,
  logger: MessagingLogger,
): DeliveryOutcome {
  const { queue } = delivery;
  const errorText = describeError(err);
  const headers = {
    ...delivery.headers,
    [messageHeaders.originalRoutingKey]:
      delivery.headers[messageHeaders.originalRoutingKey] ?? delivery.routingKey,
  };
  const meta = {
    queue: queue.name,
    messageId: envelope?.id,
    messageType: envelope?.type,
    attempt,
    requestId: delivery.headers[messageHeaders.requestId],
    err,
  };
  if (err instanceof PermanentError || attempt >= queue.maxAttempts) {
    const error =
      err instanceof PermanentError ? errorText : `retries exhausted after ${attempt} attempts: ${errorText}`;
    // Someone has to look at a dead-lettered message, hence ERROR.
    logger.error('message dead-lettered', meta);
    return {
      kind: 'dead-letter',
      error,
      headers: { ...headers, [messageHeaders.attempt]: String(attempt), [messageHeaders.error]: error },
    };
  }
  const delayMs = retryDelayAfter(queue, attempt);
  logger.warn('message handling failed; retry scheduled', { ...meta, delayMs });
  return {
    kind: 'retry',
    delayMs,
    headers: { ...headers, [messageHeaders.attempt]: String(attempt + 1), [messageHeaders.error]: errorText },
  };
}

function describeError(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : `non-error thrown: ${String(err)}`;
  return text.length > maxErrorTextLength ? `${text.slice(0, maxErrorTextLength)}…` : text;
}
