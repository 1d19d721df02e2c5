import type { Channel } from 'amqplib';
import { deadLetterQueueName, retryQueueName, type Topology, validateTopology } from './topology';

export type TopologyChannel = Pick<Channel, 'assertExchange' | 'assertQueue' | 'bindQueue'>;

/**
 * `classic`: single-node queues (the embedded/dev broker's default). `quorum`: Raft-replicated queues for a
 * RabbitMQ cluster (survive the loss of a minority of nodes; durable only, per-consumer prefetch only).
 * Every process declares the whole topology, so all of them must be given the same type, and a broker's
 * existing queues keep the type they were declared with (RabbitMQ refuses a redeclaration with another).
 */
export const queueTypes = ['classic', 'quorum'] as const;
export type QueueType = (typeof queueTypes)[number];

/** Arguments selecting the queue type; none for classic, so existing classic queues are redeclared as they were. */
function typeArguments(queueType: QueueType): Record<string, string> {
  return queueType === 'classic' ? {} : { 'x-queue-type': queueType };
}

/**
 * Declares the exchange, each work queue with its bindings, one TTL retry queue per distinct delay
 * (dead-lettering back to the work queue) and `<queue>.dlq`, all of `queueType`. Idempotent; run on every
 * (re)connect.
 */
export async function declareTopology(
  channel: TopologyChannel,
  topology: Topology,
  { queueType = 'classic' }: { queueType?: QueueType } = {},
): Promise<void> {
  validateTopology(topology);
  if (!queueTypes.includes(queueType)) throw new TypeError(`unknown queue type ${String(queueType)}`);
  const typed = typeArguments(queueType);
  await channel.assertExchange(topology.exchange, 'topic', { durable: true });
  for (const queue of topology.queues) {
    const deadLetterQueue = deadLetterQueueName(queue.name);
    await channel.assertQueue(
      deadLetterQueue,
      queueType === 'classic' ? { durable: true } : { durable: true, arguments: typed },
    );
    // A rejected delivery (the last-resort path when a retry cannot be published) still lands in the DLQ.
    await channel.assertQueue(queue.name, {
      durable: true,
      arguments: { ...typed, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': deadLetterQueue },
    });
    for (const pattern of queue.bindings) await channel.bindQueue(queue.name, topology.exchange, pattern);
    for (const delayMs of new Set(queue.retryDelaysMs)) {
      await channel.assertQueue(retryQueueName(queue.name, delayMs), {
        durable: true,
        arguments: {
          ...typed,
          'x-message-ttl': delayMs,
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': queue.name,
        },
      });
    }
  }
}
