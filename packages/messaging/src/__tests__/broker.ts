import { connect } from 'amqplib';
import { deadLetterQueueName, retryQueueName, type Topology } from '../topology';

/** Removes every queue and the exchange a test topology declared. */
export async function deleteTopology(url: string, topology: Topology): Promise<void> {
  const connection = await connect(url);
  try {
    const channel = await connection.createChannel();
    for (const queue of topology.queues) {
      const names = [
        queue.name,
        deadLetterQueueName(queue.name),
        ...queue.retryDelaysMs.map((d) => retryQueueName(queue.name, d)),
      ];
      for (const name of new Set(names)) await channel.deleteQueue(name);
    }
    await channel.deleteExchange(topology.exchange);
  } finally {
    await connection.close();
  }
}
