import type { MessageEnvelope } from './message-envelope';
import type { TopologyQueue } from './topology';

export interface PublishOptions {
  /** Carried to consumers; set `x-request-id` and `x-trace-id` so they can restore log context. */
  headers?: Record<string, string>;
}

export interface ConsumeOptions {
  /** Most messages handled at once by this consumer, those of batches included (default 10). */
  prefetch?: number;
}

export interface ConsumedMessage {
  envelope: MessageEnvelope;
  headers: Record<string, string>;
  /** 1 on first delivery. */
  attempt: number;
  queue: string;
}

/**
 * Resolve to acknowledge. Throw PermanentError to dead-letter at once; any other throw is transient
 * and retried after the queue's next delay until its attempts run out.
 */
export type MessageHandler = (message: ConsumedMessage) => Promise<void>;

export interface Subscription {
  /** Stops new deliveries and waits for the ones in flight to settle. */
  cancel(): Promise<void>;
}

/** Messages waiting in one queue (ready, not yet delivered to a consumer). */
export interface QueueDepth extends TopologyQueue {
  messages: number;
}

/** The messaging interface every process uses: RabbitMQ in deployments, in-process in local mode. */
export interface Transport {
  /** Resolves once the message is safely accepted (broker confirm for AMQP). */
  publish(routingKey: string, message: MessageEnvelope, options?: PublishOptions): Promise<void>;
  /**
   * Publishes messages under one routing key as one unit (one broker message for AMQP), resolved once the
   * whole batch is accepted. Consumers still get them one at a time: each message is acknowledged, retried
   * or dead-lettered on its own, and the consumer's prefetch bounds handlers across batches.
   */
  publishBatch(
    routingKey: string,
    messages: readonly MessageEnvelope[],
    options?: PublishOptions,
  ): Promise<void>;
  consume(queue: string, handler: MessageHandler, options?: ConsumeOptions): Promise<Subscription>;
  /**
   * Messages waiting in every queue of the topology, retry queues and DLQs included (a metrics scrape);
   * a queue the broker does not know is left out.
   */
  queueDepths(): Promise<QueueDepth[]>;
  /** False while disconnected (drives the readiness probe). */
  isReady(): boolean;
  close(): Promise<void>;
}

export const defaultPrefetch = 10;

export function resolvePrefetch(options: ConsumeOptions | undefined): number {
  const prefetch = options?.prefetch ?? defaultPrefetch;
  if (!Number.isInteger(prefetch) || prefetch < 1 || prefetch > 65_535) {
    throw new RangeError(`prefetch must be an integer between 1 and 65535, got ${prefetch}`);
  }
  return prefetch;
}
