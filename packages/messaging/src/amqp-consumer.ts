/** One consumer of one work queue on its own channel; the transport re-attaches it after a reconnect. */
import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import { envelopeProblem } from './message-envelope';
import { batchContentType, toStringHeaders } from './message-headers';
import type { MessagingLogger } from './messaging-logger';
import { settleWithin } from './settle-within';
import { processBatchItem, processDelivery, type DeliveryOutcome } from './process-delivery';
import { deadLetterQueueName, retryQueueName, type WorkQueueDefinition } from './topology';
import type { MessageHandler } from './transport';

/** Cap on waiting for the broker while shutting a channel down. */
const brokerRoundTripLimitMs = 2_000;

export interface AmqpConsumerDeps {
  queue: WorkQueueDefinition;
  handler: MessageHandler;
  prefetch: number;
  logger: MessagingLogger;
  /** Publishes a failed delivery (or part of a batch) to a queue (retry or DLQ); resolves on broker confirm. */
  moveTo(queue: string, message: MovedMessage): Promise<void>;
  /** The consumer's channel died while its connection was live: the transport starts over. */
  onChannelLost(connection: ChannelModel, reason: Error): void;
}

/** What a retry or dead-letter copy is published with. */
export interface MovedMessage {
  content: Buffer;
  contentType: string | undefined;
  messageId: string | undefined;
  type: string | undefined;
  timestamp: number | undefined;
  headers: Record<string, string>;
}

/** A message of a batch that was not acknowledged, with where it goes. */
interface FailedItem {
  value: unknown;
  destination: string;
  outcome: Exclude<DeliveryOutcome, { kind: 'acknowledge' }>;
}

export class AmqpConsumer {
  private connection: ChannelModel | undefined;
  private channel: Channel | undefined;
  private consumerTag: string | undefined;
  private cancelled = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** Handlers running now (the channel's prefetch counts broker messages, a batch being one of them). */
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly deps: AmqpConsumerDeps) {}

  isAttachedTo(connection: ChannelModel): boolean {
    return this.connection === connection && this.consumerTag !== undefined;
  }

  async attach(connection: ChannelModel): Promise<void> {
    const { queue, prefetch, logger } = this.deps;
    this.detach();
    this.connection = connection;
    const channel = await connection.createChannel();
    if (this.connection !== connection || this.cancelled) {
      await closeQuietly(channel);
      return;
    }
    this.channel = channel;
    channel.on('error', (err: Error) =>
      logger.warn('amqp consumer channel error', { queue: queue.name, err }),
    );
    channel.on('close', () => this.onChannelClosed(connection, channel));
    await channel.prefetch(prefetch);
    const { consumerTag } = await channel.consume(
      queue.name,
      (message) => this.onMessage(connection, channel, message),
      {
        noAck: false,
      },
    );
    if (this.channel !== channel) return;
    this.consumerTag = consumerTag;
    if (this.cancelled) await closeQuietly(channel);
  }

  /** Forgets the channel (already dead, or about to be); in-flight deliveries keep their own reference. */
  detach(): void {
    this.connection = undefined;
    this.channel = undefined;
    this.consumerTag = undefined;
  }

  /** Stops deliveries, lets in-flight handlers settle (they ack on this channel), then closes it. */
  async cancel(): Promise<void> {
    if (this.cancelled) return;
    this.cancelled = true;
    const { channel, consumerTag } = this;
    if (channel && consumerTag) await settleWithin(channel.cancel(consumerTag), brokerRoundTripLimitMs);
    await Promise.all(this.inFlight);
    this.detach();
    if (channel) await closeQuietly(channel);
  }

  private onChannelClosed(connection: ChannelModel, channel: Channel): void {
    if (this.channel !== channel || this.cancelled) return;
    this.detach();
    this.deps.onChannelLost(connection, new Error(`consumer channel for ${this.deps.queue.name} closed`));
  }

  private onMessage(connection: ChannelModel, channel: Channel, message: ConsumeMessage | null): void {
    if (message === null) {
      // The broker cancelled us (queue deleted): start over, which re-declares the queue.
      if (this.channel !== channel || this.cancelled) return;
      this.detach();
      void closeQuietly(channel);
      this.deps.onChannelLost(
        connection,
        new Error(`broker cancelled the consumer of ${this.deps.queue.name}`),
      );
      return;
    }
    const run = this.handle(channel, message).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  /** Takes a handler slot, waiting while `prefetch` handlers run. */
  private async acquire(): Promise<void> {
    if (this.running < this.deps.prefetch) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** The slot passes straight to the next waiter, if any. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }

  private async handle(channel: Channel, message: ConsumeMessage): Promise<void> {
    await this.acquire();
    if (message.properties.contentType === batchContentType) {
      // Parsed only once it may run: a batch waiting for its turn stays a buffer.
      const items = parseBatch(message.content.toString('utf8'));
      // An unreadable batch goes the single-message way below, which dead-letters it whole.
      if (items) return this.handleBatch(channel, message, items);
    }
    const { queue, handler, logger } = this.deps;
    const delivery = {
      queue,
      routingKey: message.fields.routingKey,
      content: message.content.toString('utf8'),
      headers: toStringHeaders(message.properties.headers),
    };
    let outcome: DeliveryOutcome;
    try {
      outcome = await processDelivery(delivery, handler, logger);
    } finally {
      this.release();
    }
    if (this.channel !== channel) {
      // The channel died while the handler ran: the broker redelivers the message, so a copy would duplicate it.
      logger.warn('consumer channel closed during handling; the broker will redeliver', {
        queue: queue.name,
      });
      return;
    }
    if (outcome.kind !== 'acknowledge') {
      const destination = destinationOf(queue, outcome);
      try {
        await this.deps.moveTo(destination, {
          content: message.content,
          contentType: message.properties.contentType as string | undefined,
          messageId: message.properties.messageId as string | undefined,
          type: message.properties.type as string | undefined,
          timestamp: message.properties.timestamp as number | undefined,
          headers: outcome.headers,
        });
      } catch (err) {
        if (this.channel !== channel) {
          logger.warn('connection lost while moving a failed message; the broker will redeliver it', {
            queue: queue.name,
            err,
          });
          return;
        }
        // No confirmed copy: reject without requeue so the work queue's own dead-letter route keeps it.
        logger.error('could not move a failed message; rejecting it to the dead-letter queue', {
          queue: queue.name,
          destination,
          messageId: message.properties.messageId,
          err,
        });
        settle(() => channel.nack(message, false, false), logger);
        return;
      }
    }
    settle(() => channel.ack(message), logger);
  }

  /**
   * Each message of a batch is handled on its own (under the prefetch bound) and only the failed ones leave
   * the batch: retries in batches of the same delay and headers, dead letters one by one (so the DLQ reads
   * like that of single messages). Then the batch is acked. Should a copy fail, the batch is rejected to the
   * DLQ whole; should the channel die, the broker redelivers it whole (handlers tolerate that). Called
   * holding one slot; takes one more for each further message, so a batch never floods the handler.
   */
  private async handleBatch(channel: Channel, message: ConsumeMessage, items: unknown[]): Promise<void> {
    const { queue, handler, logger } = this.deps;
    const routingKey = message.fields.routingKey;
    const headers = toStringHeaders(message.properties.headers);
    const failed: FailedItem[] = [];
    const running: Promise<void>[] = [];
    for (let i = 0; i < items.length; i++) {
      if (i > 0) await this.acquire();
      // Once the channel is gone the broker redelivers the whole batch: the rest need not run now.
      if (this.channel !== channel) {
        this.release();
        break;
      }
      const value = items[i];
      running.push(
        processBatchItem({ queue, routingKey, headers: { ...headers }, value }, handler, logger)
          .then((outcome) => {
            if (outcome.kind !== 'acknowledge')
              failed.push({ value, destination: destinationOf(queue, outcome), outcome });
          })
          .finally(() => this.release()),
      );
    }
    if (items.length === 0) this.release();
    await Promise.all(running);
    if (this.channel !== channel) {
      logger.warn('consumer channel closed during handling; the broker will redeliver', {
        queue: queue.name,
      });
      return;
    }
    try {
      for (const copy of copiesOf(failed, message.properties.timestamp as number | undefined))
        await this.deps.moveTo(copy.destination, copy.message);
    } catch (err) {
      if (this.channel !== channel) {
        logger.warn('connection lost while moving failed messages; the broker will redeliver the batch', {
          queue: queue.name,
          err,
        });
        return;
      }
      logger.error('could not move failed messages of a batch; rejecting it to the dead-letter queue', {
        queue: queue.name,
        messageId: message.properties.messageId,
        err,
      });
      settle(() => channel.nack(message, false, false), logger);
      return;
    }
    settle(() => channel.ack(message), logger);
  }
}

/** The batch's messages, or undefined when it is not a JSON array. */
function parseBatch(content: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(content);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Copies of a batch's failed messages: one per dead letter, one batch per retry queue and header set. */
function copiesOf(
  failed: readonly FailedItem[],
  timestamp: number | undefined,
): { destination: string; message: MovedMessage }[] {
  const single = (item: FailedItem): MovedMessage => {
    const valid = envelopeProblem(item.value) === undefined;
    const envelope = item.value as { id?: string; type?: string };
    return {
      content: Buffer.from(JSON.stringify(item.value)),
      contentType: 'application/json',
      messageId: valid ? envelope.id : undefined,
      type: valid ? envelope.type : undefined,
      timestamp,
      headers: item.outcome.headers,
    };
  };
  const copies: { destination: string; message: MovedMessage }[] = [];
  const retries = new Map<string, FailedItem[]>();
  for (const item of failed) {
    if (item.outcome.kind === 'dead-letter') {
      copies.push({ destination: item.destination, message: single(item) });
      continue;
    }
    const key = `${item.destination}\n${JSON.stringify(item.outcome.headers)}`;
    const group = retries.get(key);
    if (group) group.push(item);
    else retries.set(key, [item]);
  }
  for (const group of retries.values()) {
    const first = group[0]!;
    copies.push({
      destination: first.destination,
      message:
        group.length === 1
          ? single(first)
          : {
              content: Buffer.from(JSON.stringify(group.map((item) => item.value))),
              contentType: batchContentType,
              messageId: undefined,
              type: undefined,
              timestamp,
              headers: first.outcome.headers,
            },
    });
  }
  return copies;
}

function destinationOf(
  queue: WorkQueueDefinition,
  outcome: Exclude<DeliveryOutcome, { kind: 'acknowledge' }>,
): string {
  switch (outcome.kind) {
    case 'retry':
      return retryQueueName(queue.name, outcome.delayMs);
    case 'dead-letter':
      return deadLetterQueueName(queue.name);
  }
}

/** Acking on a channel that died meanwhile throws; the broker redelivers, which handlers tolerate. */
function settle(action: () => void, logger: MessagingLogger): void {
  try {
    action();
  } catch (err) {
    logger.warn('could not settle a delivery; the broker will redeliver it', { err });
  }
}

async function closeQuietly(channel: Channel): Promise<void> {
  await settleWithin(channel.close(), brokerRoundTripLimitMs);
}
