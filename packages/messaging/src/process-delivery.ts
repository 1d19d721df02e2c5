import { envelopeProblem, parseMessageEnvelope, type MessageEnvelope } from './message-envelope';
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

/** One message of a batch delivery, already parsed out of the batch's JSON array. */
export interface BatchItemDelivery extends Omit<Delivery, 'content'> {
  value: unknown;
}

/** What the transport must do with a delivery once the handler has settled. */
export type DeliveryOutcome =
  | { kind: 'acknowledge' }
  | { kind: 'retry'; delayMs: number; headers: Record<string, string> }
  | { kind: 'dead-letter'; headers: Record<string, string>; error: string };

/** Headers are limited in size on the wire; an error text needs no more than this. */
const maxErrorTextLength = 1_000;

/** Runs the handler and applies the retry policy shared by every transport. */
export function processDelivery(
  delivery: Delivery,
  handler: MessageHandler,
  logger: MessagingLogger,
): Promise<DeliveryOutcome> {
  return run(delivery, () => parseMessageEnvelope(delivery.content), handler, logger);
}

/** processDelivery for one message of a batch: the same checks and retry policy, without re-parsing. */
export function processBatchItem(
  delivery: BatchItemDelivery,
  handler: MessageHandler,
  logger: MessagingLogger,
): Promise<DeliveryOutcome> {
  return run(
    delivery,
    () => {
      const problem = envelopeProblem(delivery.value);
      if (problem !== undefined) throw new PermanentError(`invalid message: ${problem}`);
      return delivery.value as MessageEnvelope;
    },
    handler,
    logger,
  );
}

async function run(
  delivery: Omit<Delivery, 'content'>,
  parse: () => MessageEnvelope,
  handler: MessageHandler,
  logger: MessagingLogger,
): Promise<DeliveryOutcome> {
  const attempt = attemptFromHeaders(delivery.headers);
  let envelope: MessageEnvelope | undefined;
  try {
    envelope = parse();
    await handler({ envelope, headers: delivery.headers, attempt, queue: delivery.queue.name });
    return { kind: 'acknowledge' };
  } catch (err) {
    return failureOutcome(delivery, envelope, attempt, err, logger);
  }
}

function failureOutcome(
  delivery: Omit<Delivery, 'content'>,
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
