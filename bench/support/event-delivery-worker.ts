/**
 * The event-delivery worker composed as main.ts does (pool 8, AMQP, group-committed fan-out and delivery),
 * but on a topology with its own names so other processes on the broker never see the benchmark's events.
 * BENCH_MODE: `relay` (the outbox relay only), `fan-out` (relay + consumer, no sending; with the outbox already
 * relayed, the consumer alone draining the queue), `deliver` (the delivery loop only) or `all`.
 * BENCH_EVENTS_PER_MESSAGE: the relay's events per broker message (its default when unset).
 * Starts work on the parent's `go` and answers `ready` first, so start-up is not timed.
 */
import { createKnex } from '@meridian/db';
import {
  createWebhookDelivery,
  createWebhookSender,
  createOutboxRelay,
  startEventDeliveryWorker,
} from '@meridian/event-delivery';
import { createAmqpTransport, meridianQueues, meridianTopology, type Topology } from '@meridian/messaging';
import { createLogger, createSecretBox, createTargetAllowList, decodeSecretsKey } from '@meridian/platform';

async function main() {
  const suffix = process.env.BENCH_SUFFIX!;
  const mode = process.env.BENCH_MODE as 'relay' | 'fan-out' | 'deliver' | 'all';
  const concurrency = Number(process.env.DELIVERY_CONCURRENCY ?? 20);
  const eventsPerMessage = process.env.BENCH_EVENTS_PER_MESSAGE
    ? Number(process.env.BENCH_EVENTS_PER_MESSAGE)
    : undefined;
  const topology: Topology = {
    exchange: `${meridianTopology.exchange}.${suffix}`,
    queues: meridianTopology.queues.map((q) => ({ ...q, name: `${q.name}.${suffix}` })),
  };
  const db = createKnex({ connectionString: process.env.DATABASE_URL!, poolMax: 8 });
  const logger = createLogger({ service: 'event-delivery', level: 'warn' });
  const transport = await createAmqpTransport({ url: process.env.AMQP_URL!, logger, topology });
  const webhooks = createWebhookDelivery({
    db,
    logger,
    secretBox: createSecretBox(decodeSecretsKey(process.env.SECRETS_ENCRYPTION_KEY!)),
    send: createWebhookSender({ allowList: createTargetAllowList(['127.0.0.1']) }),
    schedule: [0, 5_000, 300_000],
    autoDisableAfterMs: 5 * 24 * 3600 * 1000,
    concurrency,
  });
  let close = async () => {};
  let cpuAtGo: NodeJS.CpuUsage | undefined;
  process.on('message', (message) => {
    if (message === 'cpu') {
      // CPU seconds this process spent since `go`: the figure that survives a busy machine.
      const used = process.cpuUsage(cpuAtGo);
      process.send?.({ cpuSeconds: (used.user + used.system) / 1e6 });
      return;
    }
    cpuAtGo = process.cpuUsage();
    void (async () => {
      if (mode === 'relay') {
        const relay = createOutboxRelay({ db, transport, logger, eventsPerMessage });
        relay.start();
        close = () => relay.stop();
      } else if (mode === 'deliver') {
        webhooks.start();
        close = () => webhooks.stop();
      } else {
        const worker = await startEventDeliveryWorker({
          db,
          transport,
          logger,
          concurrency,
          relayEventsPerMessage: eventsPerMessage,
          webhooks: mode === 'all' ? webhooks : { ...webhooks, start: () => undefined },
          queue: `${meridianQueues.eventDeliveryEvents}.${suffix}`,
        });
        close = () => worker.close();
      }
    })();
  });
  process.on('SIGTERM', () => {
    void (async () => {
      await close();
      if (process.env.BENCH_DELETE_TOPOLOGY) await transport.deleteTopology();
      await transport.close();
      await db.destroy();
      process.exit(0);
    })();
  });
  process.send?.('ready');
}

void main();
