import type { Channel } from 'amqplib';
import { deadLetterQueueName, retryQueueName, type Topology, validateTopology } from './topology';

export type TopologyChannel = Pick<Channel, 'assertExchange' | 'assertQueue' | 'bindQueue'>;

/**
 * Declares the exchange, each work queue with its bindings, one TTL retry queue per distinct delay
 * (dead-lettering back to the work queue) and `<queue>.dlq`. Idempotent; run on every (re)connect.
 */
export async function declareTopology(channel: TopologyChannel, topology: Topology): Promise<void> {
  validateTopology(topology);
  await channel.assertExchange(topology.exchange, 'topic', { durable: true });
  for (const queue of topology.queues) {
    const deadLetterQueue = deadLetterQueueName(queue.name);
    await channel.assertQueue(deadLetterQueue, { durable: true });
    // A rejected delivery (the last-resort path when a retry cannot be published) still lands in the DLQ.
    await channel.assertQueue(queue.name, {
      durable: true,
      arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': deadLetterQueue },
    });
    for (const pattern of queue.bindings) await channel.bindQueue(queue.name, topology.exchange, pattern);
    for (const delayMs of new Set(queue.retryDelaysMs)) {
      await channel.assertQueue(retryQueueName(queue.name, delayMs), {
        durable: true,
        arguments: {
          'x-message-ttl': delayMs,
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': queue.name,
        },
      });
    }
  }
}
