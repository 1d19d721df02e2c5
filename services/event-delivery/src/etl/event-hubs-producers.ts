import { createHash } from 'node:crypto';
import { EventHubProducerClient } from '@azure/event-hubs';

/**
 * One `EventHubProducerClient` per (pipeline, event hub), kept open between sends (each holds an AMQP
 * connection and its CBS token); a pipeline's clients are closed when its connection string changes,
 * when a send through them fails (the next attempt starts from a fresh connection) and on stop.
 */

export type CreateProducer = (connectionString: string, eventHub: string) => EventHubProducerClient;

/** SDK retries off: attempts and their schedule are ours (etl_messages), each bounded by `timeoutMs`. */
export function defaultCreateProducer(timeoutMs: number): CreateProducer {
  return (connectionString, eventHub) =>
    new EventHubProducerClient(connectionString, eventHub, {
      retryOptions: { maxRetries: 0, timeoutInMs: timeoutMs },
    });
}

export interface EventHubsProducers {
  get(pipelineKey: string, eventHub: string, connectionString: string): EventHubProducerClient;
  /** Closes and forgets one client (after a failed send). */
  discard(pipelineKey: string, eventHub: string): Promise<void>;
  closeAll(): Promise<void>;
  /** Open clients (for tests and metrics). */
  readonly size: number;
}

const fingerprint = (connectionString: string) =>
  createHash('sha256').update(connectionString).digest('base64url');

export function createEventHubsProducers(
  create: CreateProducer,
  onCloseError: (err: unknown) => void,
): EventHubsProducers {
  const pipelines = new Map<string, { fingerprint: string; clients: Map<string, EventHubProducerClient> }>();

  const closeQuietly = (client: EventHubProducerClient) => client.close().catch(onCloseError);

  return {
    get(pipelineKey, eventHub, connectionString) {
      const print = fingerprint(connectionString);
      let pipeline = pipelines.get(pipelineKey);
      if (pipeline && pipeline.fingerprint !== print) {
        for (const client of pipeline.clients.values()) void closeQuietly(client);
        pipeline = undefined;
      }
      if (!pipeline) {
        pipeline = { fingerprint: print, clients: new Map() };
        pipelines.set(pipelineKey, pipeline);
      }
      let client = pipeline.clients.get(eventHub);
      if (!client) {
        client = create(connectionString, eventHub);
        pipeline.clients.set(eventHub, client);
      }
      return client;
    },
    async discard(pipelineKey, eventHub) {
      const pipeline = pipelines.get(pipelineKey);
      const client = pipeline?.clients.get(eventHub);
      if (!pipeline || !client) return;
      pipeline.clients.delete(eventHub);
      await closeQuietly(client);
    },
    async closeAll() {
      const clients = [...pipelines.values()].flatMap((p) => [...p.clients.values()]);
      pipelines.clear();
      await Promise.all(clients.map(closeQuietly));
    },
    get size() {
      let n = 0;
      for (const p of pipelines.values()) n += p.clients.size;
      return n;
    },
  };
}
