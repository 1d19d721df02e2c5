/**
 * Single-process stand-in for RabbitMQ (local mode, no AMQP_URL): same routing table, prefetch,
 * retry delays and dead-lettering as AmqpTransport, but nothing survives a restart.
 */
import { type DeadLetter } from './dead-letter';
import { envelopeProblem, type MessageEnvelope, tryParseMessageEnvelope } from './message-envelope';
import type { MessagingLogger } from './messaging-logger';
import { processDelivery, type Delivery } from './process-delivery';
import { createSilentLogger } from './silent-logger';
import { matchesTopicPattern } from './topic-pattern';
import {
  meridianTopology,
  retryQueueName,
  type Topology,
  topologyQueues,
  validateTopology,
  type WorkQueueDefinition,
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

export interface InProcessTransportOptions {
  topology?: Topology;
  logger?: MessagingLogger;
  /** Multiplies every retry delay; tests use e.g. 0.001 to keep the production table. */
  delayScale?: number;
}

interface Consumer {
  handler: MessageHandler;
  prefetch: number;
  inFlight: Set<Promise<void>>;
  cancelled: boolean;
}

interface QueueState {
  definition: WorkQueueDefinition;
  ready: Delivery[];
  consumers: Consumer[];
  nextConsumer: number;
  dispatchScheduled: boolean;
  deadLetters: DeadLetter[];
}

export class InProcessTransport implements Transport {
  private readonly queues = new Map<string, QueueState>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  /** Messages waiting out a retry delay, by retry queue name (what RabbitMQ would hold there). */
  private readonly retrying = new Map<string, number>();
  private readonly topology: Topology;
  private readonly logger: MessagingLogger;
  private readonly delayScale: number;
  private closed = false;

  constructor(options: InProcessTransportOptions = {}) {
    this.topology = options.topology ?? meridianTopology;
    validateTopology(this.topology);
    this.logger = options.logger ?? createSilentLogger();
    this.delayScale = options.delayScale ?? 1;
    if (!(this.delayScale >= 0)) throw new RangeError('delayScale must be zero or positive');
    for (const definition of this.topology.queues) {
      this.queues.set(definition.name, {
        definition,
        ready: [],
        consumers: [],
        nextConsumer: 0,
        dispatchScheduled: false,
        deadLetters: [],
      });
    }
  }

  async publish(routingKey: string, message: MessageEnvelope, options: PublishOptions = {}): Promise<void> {
    await this.publishBatch(routingKey, [message], options);
  }

  /** Queued as separate messages: nothing here costs per message the way a broker round trip does. */
  async publishBatch(
    routingKey: string,
    messages: readonly MessageEnvelope[],
    options: PublishOptions = {},
  ): Promise<void> {
    if (this.closed) throw new Error('transport is closed');
    for (const message of messages) {
      const problem = envelopeProblem(message);
      if (problem !== undefined)
        throw new TypeError(`cannot publish an invalid message envelope: ${problem}`);
    }
    const targets = [...this.queues.values()].filter((q) =>
      q.definition.bindings.some((pattern) => matchesTopicPattern(pattern, routingKey)),
    );
    if (targets.length === 0) {
      this.logger.debug('message matched no queue', { routingKey, messageType: messages[0]?.type });
      return;
    }
    for (const message of messages) {
      // Serialise like the broker would, so handlers never share objects with the publisher.
      const content = JSON.stringify(message);
      for (const queue of targets) {
        this.enqueue(queue, {
          queue: queue.definition,
          routingKey,
          content,
          headers: { ...options.headers },
        });
      }
    }
  }

  async consume(queue: string, handler: MessageHandler, options?: ConsumeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('transport is closed');
    const state = this.queueState(queue);
    const consumer: Consumer = {
      handler,
      prefetch: resolvePrefetch(options),
      inFlight: new Set(),
      cancelled: false,
    };
    state.consumers.push(consumer);
    this.scheduleDispatch(state);
    return {
      cancel: async () => {
        consumer.cancelled = true;
        state.consumers = state.consumers.filter((c) => c !== consumer);
        await Promise.all(consumer.inFlight);
      },
    };
  }

  async queueDepths(): Promise<QueueDepth[]> {
    return topologyQueues(this.topology).map((queue) => {
      const state = this.queueState(queue.workQueue);
      const messages =
        queue.kind === 'work'
          ? state.ready.length
          : queue.kind === 'retry'
            ? (this.retrying.get(queue.name) ?? 0)
            : state.deadLetters.length;
      return { ...queue, messages };
    });
  }

  isReady(): boolean {
    return !this.closed;
  }

  /** Pending retries are dropped: local mode keeps nothing across a stop. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.retrying.clear();
    const inFlight = [...this.queues.values()].flatMap((q) => q.consumers.flatMap((c) => [...c.inFlight]));
    for (const queue of this.queues.values()) {
      for (const consumer of queue.consumers) consumer.cancelled = true;
      queue.consumers = [];
    }
    await Promise.all(inFlight);
  }

  /** The messages parked in `<queue>.dlq`, oldest first. */
  deadLetters(queue: string): DeadLetter[] {
    return this.queueState(queue).deadLetters.map((letter) => ({
      ...letter,
      headers: { ...letter.headers },
    }));
  }

  private queueState(queue: string): QueueState {
    const state = this.queues.get(queue);
    if (!state)
      throw new Error(`queue ${queue} is not in the topology for exchange ${this.topology.exchange}`);
    return state;
  }

  private enqueue(queue: QueueState, delivery: Delivery): void {
    queue.ready.push(delivery);
    this.scheduleDispatch(queue);
  }

  /** Dispatch on a later tick so handlers never run inside the publisher's call stack. */
  private scheduleDispatch(queue: QueueState): void {
    if (queue.dispatchScheduled) return;
    queue.dispatchScheduled = true;
    setImmediate(() => {
      queue.dispatchScheduled = false;
      this.dispatch(queue);
    });
  }

  private dispatch(queue: QueueState): void {
    while (!this.closed && queue.ready.length > 0) {
      const consumer = this.nextFreeConsumer(queue);
      if (!consumer) return;
      const delivery = queue.ready.shift() as Delivery;
      const run = this.deliver(queue, consumer, delivery).finally(() => {
        consumer.inFlight.delete(run);
        this.scheduleDispatch(queue);
      });
      consumer.inFlight.add(run);
    }
  }

  /** Round-robin over the consumers that still have prefetch capacity. */
  private nextFreeConsumer(queue: QueueState): Consumer | undefined {
    const count = queue.consumers.length;
    for (let i = 0; i < count; i++) {
      const index = (queue.nextConsumer + i) % count;
      const consumer = queue.consumers[index];
      if (consumer && !consumer.cancelled && consumer.inFlight.size < consumer.prefetch) {
        queue.nextConsumer = (index + 1) % count;
        return consumer;
      }
    }
    return undefined;
  }

  private async deliver(queue: QueueState, consumer: Consumer, delivery: Delivery): Promise<void> {
    const outcome = await processDelivery(delivery, consumer.handler, this.logger);
    switch (outcome.kind) {
      case 'acknowledge':
        return;
      case 'retry':
        this.scheduleRetry(queue, { ...delivery, headers: outcome.headers }, outcome.delayMs);
        return;
      case 'dead-letter':
        queue.deadLetters.push({
          queue: queue.definition.name,
          envelope: tryParseMessageEnvelope(delivery.content),
          content: delivery.content,
          headers: outcome.headers,
          error: outcome.error,
        });
        return;
    }
  }

  private scheduleRetry(queue: QueueState, delivery: Delivery, delayMs: number): void {
    if (this.closed) return;
    const retryQueue = retryQueueName(queue.definition.name, delayMs);
    this.retrying.set(retryQueue, (this.retrying.get(retryQueue) ?? 0) + 1);
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.retrying.set(retryQueue, (this.retrying.get(retryQueue) ?? 1) - 1);
      // After a retry the broker routes by queue name; mirror that so headers match across transports.
      this.enqueue(queue, { ...delivery, routingKey: queue.definition.name });
    }, delayMs * this.delayScale);
    this.retryTimers.add(timer);
  }
}

/** The transport for local mode (no AMQP_URL); mirrors createAmqpTransport but needs no connect. */
export function createInProcessTransport(options: InProcessTransportOptions = {}): InProcessTransport {
  return new InProcessTransport(options);
}
