/**
 * RabbitMQ transport: one connection, a confirm channel for publishing, a channel per consumer.
 * On connection or channel loss it starts over with backoff (topology, publisher, consumers).
 */
import { randomUUID } from 'node:crypto';
import { connect, type Channel, type ChannelModel, type ConfirmChannel, type Options } from 'amqplib';
import { AmqpConsumer, type MovedMessage } from './amqp-consumer';
import type { DeadLetter } from './dead-letter';
import { declareTopology, type QueueType } from './declare-topology';
import { envelopeProblem, type MessageEnvelope, tryParseMessageEnvelope } from './message-envelope';
import { batchContentType, messageHeaders, toStringHeaders } from './message-headers';
import type { MessagingLogger } from './messaging-logger';
import { ReadinessGate } from './readiness-gate';
import { settleWithin } from './settle-within';
import {
  defaultReconnectOptions,
  reconnectDelay,
  type ReconnectOptions,
  validateReconnectOptions,
} from './reconnect-delay';
import {
  deadLetterQueueName,
  findWorkQueue,
  meridianTopology,
  type Topology,
  topologyQueues,
  validateTopology,
} from './topology';
import {
  type ConsumeOptions,
  type MessageHandler,
  type PublishOptions,
  type QueueDepth,
  resolvePrefetch,
  type Subscription,
  type Transport,
} from './transport';

export interface AmqpTransportOptions {
  url: string;
  logger: MessagingLogger;
  topology?: Topology;
  /** Type of every declared queue (AMQP_QUEUE_TYPE): `classic` (default) or `quorum` for a broker cluster. */
  queueType?: QueueType;
  reconnect?: ReconnectOptions;
  /** How long publish waits for a connection before rejecting (default 10 s). */
  publishTimeoutMs?: number;
  /** Opens a connection; defaults to amqplib's `connect`. A seam for tests. */
  connect?: (url: string) => Promise<ChannelModel>;
}

/** Connects, declares the topology and resolves with a ready transport; rejects if the first connect fails. */
export async function createAmqpTransport(options: AmqpTransportOptions): Promise<AmqpTransport> {
  const transport = new AmqpTransport(options);
  await transport.start();
  return transport;
}

/** Consecutive reconnect failures after which the outage is no longer self-healing noise. */
const reconnectFailuresBeforeError = 5;

export class AmqpTransport implements Transport {
  private readonly topology: Topology;
  private readonly logger: MessagingLogger;
  private readonly reconnectOptions: ReconnectOptions;
  private readonly publishTimeoutMs: number;
  private readonly openConnection: (url: string) => Promise<ChannelModel>;
  private readonly readiness = new ReadinessGate();
  private readonly consumers = new Set<AmqpConsumer>();
  /** Set only while fully set up; a loss event for any other connection is stale. */
  private connection: ChannelModel | undefined;
  private publishChannel: ConfirmChannel | undefined;
  private closing = false;
  private cancelBackoff: (() => void) | undefined;

  /** Prefer createAmqpTransport, which also connects. */
  constructor(private readonly options: AmqpTransportOptions) {
    this.topology = options.topology ?? meridianTopology;
    validateTopology(this.topology);
    this.logger = options.logger;
    this.reconnectOptions = options.reconnect ?? defaultReconnectOptions;
    validateReconnectOptions(this.reconnectOptions);
    this.publishTimeoutMs = options.publishTimeoutMs ?? 10_000;
    this.openConnection = options.connect ?? ((url) => connect(url));
  }

  async start(): Promise<void> {
    await this.establish();
    this.logger.info('connected to the message broker', { broker: brokerHost(this.options.url) });
  }

  async publish(routingKey: string, message: MessageEnvelope, options: PublishOptions = {}): Promise<void> {
    if (this.closing) throw new Error('transport is closed');
    const problem = envelopeProblem(message);
    if (problem !== undefined) throw new TypeError(`cannot publish an invalid message envelope: ${problem}`);
    await this.publishConfirmed(this.topology.exchange, routingKey, Buffer.from(JSON.stringify(message)), {
      persistent: true,
      contentType: 'application/json',
      messageId: message.id,
      type: message.type,
      timestamp: Math.floor(Date.parse(message.occurred_at) / 1000),
      headers: { ...options.headers },
    });
  }

  /**
   * One broker message for the whole batch (a JSON array, `batchContentType`), so the broker routes, stores
   * and confirms once instead of once per message; its consumers still settle the messages one by one.
   */
  async publishBatch(
    routingKey: string,
    messages: readonly MessageEnvelope[],
    options: PublishOptions = {},
  ): Promise<void> {
    if (this.closing) throw new Error('transport is closed');
    for (const message of messages) {
      const problem = envelopeProblem(message);
      if (problem !== undefined)
        throw new TypeError(`cannot publish an invalid message envelope: ${problem}`);
    }
    if (messages.length === 0) return;
    if (messages.length === 1) return this.publish(routingKey, messages[0]!, options);
    await this.publishConfirmed(this.topology.exchange, routingKey, Buffer.from(JSON.stringify(messages)), {
      persistent: true,
      contentType: batchContentType,
      messageId: randomUUID(),
      timestamp: Math.floor(Date.now() / 1000),
      headers: { ...options.headers },
    });
  }

  async consume(queue: string, handler: MessageHandler, options?: ConsumeOptions): Promise<Subscription> {
    if (this.closing) throw new Error('transport is closed');
    const consumer = new AmqpConsumer({
      queue: findWorkQueue(this.topology, queue),
      handler,
      prefetch: resolvePrefetch(options),
      logger: this.logger,
      moveTo: (target, message) => this.moveTo(target, message),
      onChannelLost: (connection, reason) => this.onConnectionLost(connection, reason, { closeSocket: true }),
    });
    this.consumers.add(consumer);
    const connection = this.connection;
    // While disconnected the consumer is only registered; the reconnect attaches it.
    if (connection && this.readiness.isOpen()) {
      try {
        await consumer.attach(connection);
      } catch (err) {
        if (this.connection === connection) {
          this.consumers.delete(consumer);
          await consumer.cancel();
          throw err;
        }
      }
    }
    return {
      cancel: async () => {
        this.consumers.delete(consumer);
        await consumer.cancel();
      },
    };
  }

  isReady(): boolean {
    return this.readiness.isOpen();
  }

  /** Lets in-flight handlers finish (and ack), then closes the connection. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.cancelBackoff?.();
    const closed = new Error('transport is closed');
    // Handlers finishing during an outage must not wait out the publish timeout.
    if (!this.readiness.isOpen()) this.readiness.fail(closed);
    await Promise.all([...this.consumers].map((consumer) => consumer.cancel()));
    this.consumers.clear();
    this.readiness.fail(closed);
    const connection = this.connection;
    this.connection = undefined;
    this.publishChannel = undefined;
    if (connection) await settleWithin(connection.close(), 2_000);
  }

  /** Reads up to `max` messages from `<queue>.dlq` without removing them (they are returned unacked). */
  async getDeadLetters(queue: string, max = 100): Promise<DeadLetter[]> {
    findWorkQueue(this.topology, queue);
    const channel = await this.temporaryChannel();
    try {
      const letters: DeadLetter[] = [];
      while (letters.length < max) {
        const message = await channel.get(deadLetterQueueName(queue), { noAck: false });
        if (message === false) break;
        letters.push(toDeadLetter(queue, message));
      }
      return letters;
    } finally {
      // Closing the channel hands the unacked messages back to the queue in order.
      await channel.close().catch(() => undefined);
    }
  }

  /**
   * checkQueue on its own channel: the broker closes a channel that checks a missing queue, which must
   * not take the publish channel down; such a queue is left out and the rest checked on a new channel.
   */
  async queueDepths(): Promise<QueueDepth[]> {
    // A scrape during an outage fails at once rather than waiting for the connection.
    if (!this.readiness.isOpen()) throw new Error('not connected to the message broker');
    const depths: QueueDepth[] = [];
    let channel: Channel | undefined;
    try {
      for (const queue of topologyQueues(this.topology)) {
        channel ??= await this.temporaryChannel();
        try {
          const { messageCount } = await channel.checkQueue(queue.name);
          depths.push({ ...queue, messages: messageCount });
        } catch {
          channel = undefined;
        }
      }
    } finally {
      await channel?.close().catch(() => undefined);
    }
    return depths;
  }

  /** Deletes every queue and the exchange of this transport's topology (a scoped one, e.g. a benchmark's). */
  async deleteTopology(): Promise<void> {
    const channel = await this.temporaryChannel();
    try {
      for (const queue of topologyQueues(this.topology)) await channel.deleteQueue(queue.name);
      await channel.deleteExchange(this.topology.exchange);
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  private async temporaryChannel(): Promise<Channel> {
    await this.readiness.wait(this.publishTimeoutMs);
    const connection = this.connection;
    if (!connection) throw new Error('not connected to the message broker');
    const channel = await connection.createChannel();
    channel.on('error', (err: Error) => this.logger.warn('amqp channel error', { err }));
    return channel;
  }

  /** Retry and dead-letter copies go straight to the queue through the default exchange. */
  private async moveTo(queue: string, message: MovedMessage): Promise<void> {
    await this.publishConfirmed('', queue, message.content, {
      persistent: true,
      contentType: message.contentType,
      messageId: message.messageId,
      type: message.type,
      timestamp: message.timestamp,
      headers: message.headers,
    });
  }

  private async publishConfirmed(
    exchange: string,
    routingKey: string,
    content: Buffer,
    properties: Options.Publish,
  ): Promise<void> {
    await this.readiness.wait(this.publishTimeoutMs);
    const channel = this.publishChannel;
    if (!channel) throw new Error('not connected to the message broker');
    await new Promise<void>((resolve, reject) => {
      try {
        channel.publish(exchange, routingKey, content, properties, (err: unknown) => {
          if (err) reject(err instanceof Error ? err : new Error('the broker rejected the message (nack)'));
          else resolve();
        });
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  /** Connects and sets everything up; goes live only if nothing broke on the way. */
  private async establish(): Promise<void> {
    const connection = await this.openConnection(this.options.url);
    let broken: Error | undefined;
    connection.on('error', (err: Error) => this.logger.warn('amqp connection error', { err }));
    connection.on('blocked', (reason: string) =>
      this.logger.warn('message broker blocked publishing', { reason }),
    );
    connection.on('unblocked', () => this.logger.info('message broker unblocked publishing'));
    connection.on('close', (err?: Error) => {
      broken ??= err ?? new Error('connection closed');
      this.onConnectionLost(connection, broken, { closeSocket: false });
    });
    try {
      const channel = await connection.createConfirmChannel();
      channel.on('error', (err: Error) => this.logger.warn('amqp publish channel error', { err }));
      channel.on('close', () => {
        broken ??= new Error('publish channel closed');
        if (this.publishChannel === channel) this.onConnectionLost(connection, broken, { closeSocket: true });
      });
      await declareTopology(channel, this.topology, { queueType: this.options.queueType ?? 'classic' });
      await this.attachConsumers(connection);
      if (broken) throw broken;
      if (this.closing) throw new Error('transport is closed');
      this.connection = connection;
      this.publishChannel = channel;
      this.readiness.open();
    } catch (err) {
      await connection.close().catch(() => undefined);
      throw err;
    }
  }

  /** Loops because a consumer may register (or lose its channel) while others are attaching. */
  private async attachConsumers(connection: ChannelModel): Promise<void> {
    for (let pass = 0; pass < 5; pass++) {
      const pending = [...this.consumers].filter((consumer) => !consumer.isAttachedTo(connection));
      if (pending.length === 0) return;
      for (const consumer of pending) await consumer.attach(connection);
    }
    throw new Error('consumers kept detaching while being attached');
  }

  private onConnectionLost(
    connection: ChannelModel,
    reason: Error,
    { closeSocket }: { closeSocket: boolean },
  ): void {
    if (this.closing || connection !== this.connection) return;
    this.connection = undefined;
    this.publishChannel = undefined;
    this.readiness.shut();
    for (const consumer of this.consumers) consumer.detach();
    this.logger.warn('lost the message broker connection; reconnecting', { err: reason });
    if (closeSocket) void connection.close().catch(() => undefined);
    void this.reconnect();
  }

  private async reconnect(): Promise<void> {
    for (let attempt = 1; !this.closing; attempt++) {
      await this.backoff(reconnectDelay(attempt, this.reconnectOptions));
      if (this.closing) return;
      try {
        await this.establish();
        this.logger.info('reconnected to the message broker', { attempts: attempt });
        return;
      } catch (err) {
        if (this.closing) return;
        // A short outage heals itself (WARN); a long one needs someone to look (ERROR).
        if (attempt < reconnectFailuresBeforeError)
          this.logger.warn('message broker reconnect failed', { attempt, err });
        else this.logger.error('message broker reconnect failed', { attempt, err });
      }
    }
  }

  private async backoff(delayMs: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delayMs);
      this.cancelBackoff = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.cancelBackoff = undefined;
  }
}

function toDeadLetter(
  queue: string,
  message: { content: Buffer; properties: { headers?: Record<string, unknown> } },
): DeadLetter {
  const content = message.content.toString('utf8');
  const headers = toStringHeaders(message.properties.headers);
  return {
    queue,
    envelope: tryParseMessageEnvelope(content),
    content,
    headers,
    error: headers[messageHeaders.error] ?? 'rejected without an error header',
  };
}

/** Host and port only: the URL carries credentials, which never go to the logs. */
function brokerHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'unparseable broker url';
  }
}
