import { connect as connectTcp } from 'node:net';
import { connect } from 'amqplib';
import { deadLetterQueueName, retryQueueName, type Topology } from '../topology';

export interface BrokerAvailability {
  readonly url: string;
  readonly available: boolean;
}

/**
 * Probes RabbitMQ in beforeAll. Unreachable: tests skip themselves with a warning, unless
 * REQUIRE_SERVICES is set, in which case the suite fails.
 */
export function useBroker(): BrokerAvailability {
  const url = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  const state = { url, available: false };
  beforeAll(async () => {
    state.available = await isReachable(url);
    if (state.available) return;
    const why = `RabbitMQ is not reachable at ${new URL(url).host}`;
    if (process.env.REQUIRE_SERVICES) throw new Error(`${why} and REQUIRE_SERVICES is set`);
    console.warn(`${why}: skipping broker tests (set REQUIRE_SERVICES=1 to make this fail)`);
  });
  return state;
}

async function isReachable(url: string, timeoutMs = 1_000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connectTcp({ host: hostname, port: Number(port || 5672), timeout: timeoutMs });
    const finish = (reachable: boolean): void => {
      socket.destroy();
      resolve(reachable);
    };
    socket.once('connect', () => finish(true));
    socket.once('timeout', () => finish(false));
    socket.once('error', () => finish(false));
  });
}

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
