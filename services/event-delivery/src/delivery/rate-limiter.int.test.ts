import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId } from '@meridian/domain';
import { createLogger, createSecretBox, createTargetAllowList } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, waitFor, type TestDatabase } from '@meridian/test-utils';
import { createRateLimiter, RATE_WINDOW_MS } from './rate-limiter';
import { createWebhookDelivery } from './webhook-delivery';
import { createWebhookSender } from './webhook-sender';

const logger = createLogger({ service: 'event-delivery', silent: true });
const secretBox = createSecretBox(Buffer.alloc(32, 3));

describe('rate_limit shared by replicas', () => {
  let db: TestDatabase;
  let teamId: string;
  let server: Server;
  let baseUrl: string;
  /** Arrival time (ms) and webhook-id of every request the receiver got. */
  const arrivals: { at: number; messageId: string }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, org.orgId)).teamId;
    server = createServer((req, res) => {
      arrivals.push({ at: Date.now(), messageId: String(req.headers['webhook-id']) });
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.destroy();
  });
  beforeEach(async () => {
    arrivals.length = 0;
    await db.knex('webhooks').del();
    await db.knex('outbox').del();
  });

  async function addWebhook(rateLimit: number | null): Promise<string> {
    const id = `ep_${newId().replace(/-/g, '').slice(0, 24)}`;
    await db.knex('webhooks').insert({
      id,
      team_id: teamId,
      environment: 'sandbox',
      url: `${baseUrl}/hook`,
      rate_limit: rateLimit,
      secret_ciphertext: secretBox.seal(`whsec_${Buffer.alloc(32, 1).toString('base64')}`),
    });
    return id;
  }

  async function appendEvents(n: number): Promise<string[]> {
    const userId = newId();
    return createOutboxRepository(db.knex).append(
      Array.from({ length: n }, (_, i) => ({
        teamId,
        environment: 'sandbox' as const,
        userId,
        envelope: eventEnvelope('daily.data.steps.created', { i }, { userId, clientUserId: 'c', teamId }),
      })),
    );
  }

  const replica = () =>
    createWebhookDelivery({
      db: db.knex,
      logger,
      secretBox,
      send: createWebhookSender({ allowList: createTargetAllowList(['127.0.0.1']) }),
      schedule: [0, 1000],
      autoDisableAfterMs: 86_400_000,
      concurrency: 8,
      pollMs: 10,
    });

  it('two delivery loops never exceed rate_limit per second together, and deliver everything once', async () => {
    const limit = 4;
    const total = 14;
    const webhookId = await addWebhook(limit);
    const replicas = [replica(), replica()];
    for (const eventId of await appendEvents(total)) await replicas[0]!.fanOut(eventId);
    const started = Date.now();
    for (const r of replicas) r.start();
    try {
      await waitFor(
        async () => {
          const row = await db
            .knex('webhook_messages')
            .where({ webhook_id: webhookId, status: 'succeeded' })
            .count<{ n: string }[]>('* as n');
          return Number(row[0]!.n) === total;
        },
        { timeoutMs: 20_000, intervalMs: 50 },
      );
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
    const perSecond = new Map<number, number>();
    for (const a of arrivals)
      perSecond.set(Math.floor(a.at / 1000), (perSecond.get(Math.floor(a.at / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(limit);
    // Held back, not dropped: it takes about total / limit seconds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(((total / limit) | 0) * 1000 - 1000);
    expect(arrivals).toHaveLength(total);
    expect(new Set(arrivals.map((a) => a.messageId)).size).toBe(total);
    const attempts = await db.knex('webhook_messages').where({ webhook_id: webhookId }).select('attempts');
    expect(attempts.every((m: { attempts: number }) => m.attempts === 1)).toBe(true);
    const recorded = await db.knex('webhook_attempts').select('status_code');
    expect(recorded.map((a: { status_code: number }) => a.status_code)).toEqual(Array(total).fill(200));
  });

  it('grants at most the limit to concurrent takers within one window, across the second boundary', async () => {
    const webhookId = await addWebhook(10);
    const limiter = createRateLimiter(db.knex);
    const takes = await Promise.all(Array.from({ length: 30 }, () => limiter.take(webhookId, 10, 1)));
    expect(takes.reduce((sum, t) => sum + t.granted, 0)).toBe(10);
    const refused = takes.filter((t) => t.granted === 0);
    expect(refused).toHaveLength(20);
    expect(refused.every((t) => t.retryInMs > 0 && t.retryInMs <= RATE_WINDOW_MS)).toBe(true);
    const batch = await limiter.take(webhookId, 10, 5);
    expect(batch.granted).toBe(0);
  });

  it('grants part of a batch and never touches the table for an endpoint without a limit', async () => {
    const limited = await addWebhook(3);
    const limiter = createRateLimiter(db.knex);
    expect((await limiter.take(limited, 3, 2)).granted).toBe(2);
    expect((await limiter.take(limited, 3, 5)).granted).toBe(1);

    await db.knex('webhooks').del(); // cascades to its window row
    await addWebhook(null);
    const d = replica();
    for (const eventId of await appendEvents(3)) await d.fanOut(eventId);
    await d.deliverDue();
    await d.deliverDue();
    expect(arrivals).toHaveLength(3);
    expect(await db.knex('webhook_rate_windows').select('webhook_id')).toEqual([]);
  });
});
