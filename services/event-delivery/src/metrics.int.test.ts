import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId } from '@meridian/domain';
import { createInProcessTransport, type Topology } from '@meridian/messaging';
import {
  createLogger,
  createMetricsRegistry,
  createSecretBox,
  createTargetAllowList,
} from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import type { Registry } from 'prom-client';
import { createWebhookDelivery } from './delivery/webhook-delivery';
import { createWebhookSender } from './delivery/webhook-sender';
import { registerEventDeliveryMetrics, type EventDeliveryMetrics } from './metrics';
import { createOutboxRelay } from './outbox-relay';

const logger = createLogger({ service: 'event-delivery', silent: true });
const secretBox = createSecretBox(Buffer.alloc(32, 4));
const topology: Topology = {
  exchange: 'meridian',
  queues: [{ name: 'event-delivery.events', bindings: ['event.#'], retryDelaysMs: [1000], maxAttempts: 3 }],
};

/** The value of one sample in Prometheus text format, matched by name and a subset of its labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('event-delivery metrics', () => {
  let db: TestDatabase;
  let teamId: string;
  let server: Server;
  let baseUrl: string;
  let registry: Registry;
  let metrics: EventDeliveryMetrics;
  const transport = createInProcessTransport({ topology, logger });

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, org.orgId)).teamId;
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/slow') return; // never answers: the sender times out
        res.statusCode = req.url === '/down' ? 503 : req.url === '/bad' ? 400 : 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    registry = createMetricsRegistry('event-delivery');
    metrics = registerEventDeliveryMetrics(registry, { db: db.knex, transport, logger });
  });
  afterAll(async () => {
    await transport.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.destroy();
  });

  async function appendEvent(): Promise<string> {
    const userId = newId();
    const [id] = await createOutboxRepository(db.knex).append([
      {
        teamId,
        environment: 'sandbox',
        userId,
        envelope: eventEnvelope(
          'daily.data.steps.created',
          { steps: 1 },
          { userId, clientUserId: 'c', teamId },
        ),
      },
    ]);
    return id!;
  }

  it('reports outbox lag and unpublished events, then relayed events and the queue they wait in', async () => {
    const scrape = () => registry.metrics();
    expect(sample(await scrape(), 'outbox_unpublished_events')).toBe(0);
    expect(sample(await scrape(), 'outbox_lag_seconds')).toBe(0);

    const eventId = await appendEvent();
    await db
      .knex('outbox')
      .where({ id: eventId })
      .update({ created_at: db.knex.raw("now() - interval '7 seconds'") });
    await appendEvent();
    let text = await scrape();
    expect(sample(text, 'outbox_unpublished_events', { service: 'event-delivery' })).toBe(2);
    expect(sample(text, 'outbox_lag_seconds')).toBeGreaterThanOrEqual(7);
    expect(sample(text, 'broker_queue_messages', { queue: 'event-delivery.events', kind: 'work' })).toBe(0);
    expect(sample(text, 'broker_queue_messages', { queue: 'event-delivery.events.dlq' })).toBe(0);
    expect(sample(text, 'broker_queue_messages', { queue: 'event-delivery.events.retry.1000' })).toBe(0);

    await createOutboxRelay({ db: db.knex, transport, logger, metrics: metrics.relay }).relayOnce();
    text = await scrape();
    expect(sample(text, 'outbox_relay_published_total')).toBe(2);
    expect(sample(text, 'outbox_unpublished_events')).toBe(0);
    expect(sample(text, 'outbox_lag_seconds')).toBe(0);
    expect(sample(text, 'broker_queue_messages', { queue: 'event-delivery.events', kind: 'work' })).toBe(2);
  });

  it('counts delivery outcomes by status class and times them', async () => {
    const addWebhook = async (path: string) => {
      await db.knex('webhooks').insert({
        id: `ep_${newId().replace(/-/g, '').slice(0, 24)}`,
        team_id: teamId,
        environment: 'sandbox',
        url: `${baseUrl}${path}`,
        secret_ciphertext: secretBox.seal(`whsec_${Buffer.alloc(32, 1).toString('base64')}`),
      });
    };
    for (const path of ['/ok', '/down', '/bad', '/slow']) await addWebhook(path);
    const delivery = (schedule: number[]) =>
      createWebhookDelivery({
        db: db.knex,
        logger,
        secretBox,
        send: createWebhookSender({ allowList: createTargetAllowList(['127.0.0.1']), timeoutMs: 300 }),
        schedule,
        autoDisableAfterMs: 86_400_000,
        concurrency: 8,
        metrics: metrics.delivery,
      });
    const retrying = delivery([0, 60_000]);
    await retrying.deliverDue(await retrying.fanOut(await appendEvent()));
    let text = await registry.metrics();
    const count = (outcome: string, statusClass: string) =>
      sample(text, 'webhook_deliveries_total', { outcome, status_class: statusClass });
    expect(count('succeeded', '2xx')).toBe(1);
    expect(count('failed_retry', '5xx')).toBe(1);
    expect(count('failed_retry', '4xx')).toBe(1);
    expect(count('failed_retry', 'timeout')).toBe(1);
    expect(count('exhausted', '5xx')).toBeUndefined();
    expect(sample(text, 'webhook_delivery_duration_seconds_count', { status_class: '2xx' })).toBe(1);
    expect(
      sample(text, 'webhook_delivery_duration_seconds_sum', { status_class: 'timeout' }),
    ).toBeGreaterThanOrEqual(0.29);

    const single = delivery([0]);
    await single.deliverDue(await single.fanOut(await appendEvent()));
    text = await registry.metrics();
    expect(count('succeeded', '2xx')).toBe(2);
    expect(count('exhausted', '5xx')).toBe(1);
    expect(count('exhausted', '4xx')).toBe(1);
    expect(count('exhausted', 'timeout')).toBe(1);
    expect(count('failed_retry', '5xx')).toBe(1);
  });
});
