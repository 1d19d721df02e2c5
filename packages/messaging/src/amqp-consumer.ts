/** One consumer of one work queue on its own channel; the transport re-attaches it after a reconnect. */
import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import { toStringHeaders } from './message-headers';
import type { MessagingLogger } from './messaging-logger';
import { settleWithin } from './settle-within';
import { processDelivery, type DeliveryOutcome } from './process-delivery';
import { deadLetterQueueName, retryQueueName, type WorkQueueDefinition } from './topology';
import type { MessageHandler } from './transport';

/** Cap on waiting for the broker while shutting a channel down. */
const brokerRoundTripLimitMs = 2_000;

export interface AmqpConsumerDeps {
  queue: WorkQueueDefinition;
  handler: MessageHandler;
  prefetch: number;
  logger: MessagingLogger;
  /** Copies a delivery into a queue (retry or DLQ) with new headers; resolves on broker confirm. */
  moveTo(queue: string, message: ConsumeMessage, headers: Record<string, string>): Promise<void>;
  /** The consumer's channel died while its connection was live: the transport starts over. */
  onChannelLost(connection: ChannelModel, reason: Error): void;
}

export class AmqpConsumer {
  private connection: ChannelModel | undefined;
  private channel: Channel | undefined;
  private consumerTag: string | undefined;
  private cancelled = false;
  private readonly inFlight = new Set<Promise<void>>();

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

  private async handle(channel: Channel, message: ConsumeMessage): Promise<void> {
    const { queue, handler, logger } = this.deps;
    const delivery = {
      queue,
      routingKey: message.fields.routingKey,
      content: message.content.toString('utf8'),
      headers: toStringHeaders(message.properties.headers),
    };
    const outcome = await processDelivery(delivery, handler, logger);
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
        await this.deps.moveTo(destination, message, outcome.headers);
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
