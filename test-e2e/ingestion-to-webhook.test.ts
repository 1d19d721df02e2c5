/**
 * Issue #4, "done when": events from real ingestion reach a webhook signed and verifiable with the standard
 * library. The management API and event-delivery run as their own processes against real PostgreSQL and
 * RabbitMQ; two webhooks (one filtered to heart rate, one unfiltered, each with a custom header) are created
 * through the management API and their secrets read back from it; the ingestion library writes a daily
 * batch in this process, and every event it put in the outbox must arrive at every subscribed endpoint,
 * verifying with `standardwebhooks`. The same batch ingested again writes no event and sends nothing.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { newId } from '@meridian/domain';
import {
  createTestDatabase,
  seedManagementKey,
  seedOrg,
  seedTeam,
  startWebhookReceiver,
  waitFor,
  type ReceivedDelivery,
  type TestDatabase,
  type WebhookReceiver,
  type WebhookVerifier,
} from '@meridian/test-utils';
import { Webhook } from 'standardwebhooks';
import { createIngestion, type IngestBatch } from '@meridian/ingestion';
import { AMQP_URL, describeWithBroker } from './support/broker';
import { isolatedVhost, type BrokerVhost } from './support/broker-vhost';
import { SECRETS_KEY, startEventDelivery, type DeliveryProcess } from './support/event-delivery-harness';
import { freePort, runTs, waitReady, type RunningProcess } from './support/processes';

const HEART = 'daily.data.heartrate.created';
const RING = { provider: 'oura', type: 'ring' as const };
const DAY_MS = 86_400_000;

jest.setTimeout(120_000);

interface OutboxRow {
  id: string;
  event_type: string;
  payload: Record<string, unknown>;
}

/**
 * A verifier whose secret is set once the management API has generated it (the receiver's URL is needed
 * to create the webhook, so the receiver starts first). Until then every delivery fails verification.
 */
function lateVerifier(): WebhookVerifier & { use(secret: string): void } {
  let webhook: Webhook | undefined;
  return {
    use(secret) {
      webhook = new Webhook(secret);
    },
    verify(payload, headers) {
      if (!webhook) throw new Error('no secret yet');
      return webhook.verify(payload, headers);
    },
  };
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value!]),
  );
}

interface Endpoint {
  id: string;
  secret: string;
  header: string;
  receiver: WebhookReceiver;
}

describeWithBroker('daily ingestion reaches webhooks, signed (issue #4)', () => {
  let db: TestDatabase;
  let vhost: BrokerVhost | undefined;
  let api: RunningProcess | undefined;
  let delivery: DeliveryProcess | undefined;
  const receivers: WebhookReceiver[] = [];

  let apiUrl: string;
  let orgId: string;
  let teamId: string;
  let managementKey: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    vhost = await isolatedVhost(AMQP_URL);
    const apiPort = await freePort();
    apiUrl = `http://127.0.0.1:${apiPort}`;
    api = runTs('management-api', 'services/management-api/src/main.ts', {
      ...process.env,
      DATABASE_URL: db.url,
      MANAGEMENT_API_PORT: String(apiPort),
      LOG_LEVEL: 'warn',
      SECRETS_ENCRYPTION_KEY: SECRETS_KEY,
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
    });
    const [started] = await Promise.all([
      startEventDelivery({
        dbUrl: db.url,
        amqpUrl: vhost.url,
        // A busy two-core machine must not turn a slow answer into a retry.
        env: { WEBHOOK_TIMEOUT_MS: '10000' },
      }),
      waitReady(apiUrl, api, 90_000),
    ]);
    delivery = started;

    const org = await seedOrg(db.knex, { plan: 'scale' });
    orgId = org.orgId;
    teamId = (await seedTeam(db.knex, orgId)).teamId;
    managementKey = await seedManagementKey(db.knex, orgId, { role: 'team_admin', teamIds: [teamId] });
  }, 150_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), delivery?.proc.stop()]);
    await Promise.all(receivers.map((r) => r.close()));
    await vhost?.drop();
    await db?.destroy();
  });

  // Response bodies are asserted field by field against the OpenAPI shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${apiUrl}/v1/org/${orgId}/team/${teamId}/sandbox/webhook${path}`, {
      method,
      headers: { 'x-management-key': managementKey, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  /** A receiver, its webhook created through the management API, a custom header, the secret read back. */
  async function createEndpoint(filterTypes: string[] | undefined, header: string): Promise<Endpoint> {
    const verifier = lateVerifier();
    const receiver = await startWebhookReceiver({ verifier });
    receivers.push(receiver);
    const created = await call('POST', '', {
      url: receiver.url,
      description: `e2e ${header}`,
      ...(filterTypes ? { filter_types: filterTypes } : {}),
    });
    expect(created).toMatchObject({
      status: 200,
      body: { url: receiver.url, filter_types: filterTypes ?? null, disabled: false },
    });
    const id = created.body.id as string;
    expect(id).toMatch(/^ep_/);
    expect((await call('PUT', `/${id}/headers`, { headers: { 'X-Meridian-E2E': header } })).status).toBe(204);
    const secret = await call('GET', `/${id}/secret`);
    expect(secret.status).toBe(200);
    expect(secret.body.key).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    verifier.use(secret.body.key);
    return { id, secret: secret.body.key, header, receiver };
  }

  const outboxRows = (userId: string): Promise<OutboxRow[]> =>
    db.knex('outbox').where({ user_id: userId }).orderBy('seq').select('id', 'event_type', 'payload');

  const messagesOf = (webhookId: string): Promise<{ id: string; event_id: string; status: string }[]> =>
    db.knex('webhook_messages').where({ webhook_id: webhookId }).select('id', 'event_id', 'status');

  /** Distinct webhook-ids answered with a 2xx. */
  const deliveredIds = (endpoint: Endpoint) => new Set(endpoint.receiver.succeeded().map((d) => d.webhookId));

  /** Waits until each endpoint has a 2xx delivery of `counts[i]` messages, all recorded as succeeded. */
  async function waitDelivered(endpoints: readonly Endpoint[], counts: readonly number[]): Promise<void> {
    await waitFor(
      async () => {
        for (const [i, endpoint] of endpoints.entries()) {
          if (deliveredIds(endpoint).size < counts[i]!) return false;
          const messages = await messagesOf(endpoint.id);
          if (messages.length < counts[i]! || messages.some((m) => m.status !== 'succeeded')) return false;
        }
        return true;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    ).catch(() => {
      const got = endpoints.map(
        (e) => `${e.header}: ${deliveredIds(e).size}/${counts[endpoints.indexOf(e)]}`,
      );
      throw new Error(
        `deliveries missing (${got.join(', ')}); event-delivery output:\n${delivery?.proc.output()}`,
      );
    });
  }

  /** Every delivery to the endpoint: verified with its secret, the envelope of the outbox event it names. */
  async function expectDeliveriesOf(
    endpoint: Endpoint,
    expected: readonly OutboxRow[],
    other: Endpoint,
    owner: { userId: string; clientUserId: string },
  ): Promise<void> {
    const messages = await messagesOf(endpoint.id);
    expect(messages.map((m) => m.event_id).sort()).toEqual(expected.map((e) => e.id).sort());
    expect(messages.every((m) => m.status === 'succeeded')).toBe(true);
    const eventOf = new Map(messages.map((m) => [m.id, expected.find((e) => e.id === m.event_id)!]));

    expect([...deliveredIds(endpoint)].sort()).toEqual(messages.map((m) => m.id).sort());
    for (const d of endpoint.receiver.deliveries as ReceivedDelivery[]) {
      const headers = flatHeaders(d.headers);
      // Signed with this endpoint's secret, as the standard library checks it; not with the other's.
      expect(d.verifyError).toBeUndefined();
      const payload = new Webhook(endpoint.secret).verify(d.body, headers);
      expect(() => new Webhook(other.secret).verify(d.body, headers)).toThrow();
      expect(headers['webhook-id']).toBe(d.webhookId);
      expect(headers['svix-id']).toBe(headers['webhook-id']);
      expect(headers['svix-timestamp']).toBe(headers['webhook-timestamp']);
      expect(headers['svix-signature']).toBe(headers['webhook-signature']);
      expect(headers['x-meridian-e2e']).toBe(endpoint.header);
      expect(headers['content-type']).toMatch(/^application\/json/);
      // The body is the event's envelope exactly as ingestion wrote it, owner fields at the top level.
      const event = eventOf.get(d.webhookId);
      expect(event).toBeDefined();
      expect(payload).toEqual(event!.payload);
      expect(payload).toEqual({
        event_type: event!.event_type,
        data: expect.anything(),
        user_id: owner.userId,
        client_user_id: owner.clientUserId,
        team_id: teamId,
      });
    }
  }

  it('delivers every event of a daily batch to the subscribed webhooks, verifiable with standardwebhooks', async () => {
    const heartOnly = await createEndpoint([HEART], 'heart-only');
    const all = await createEndpoint(undefined, 'all-events');

    const userId = newId();
    const clientUserId = `e2e-ingest-${userId.slice(0, 8)}`;
    await db
      .knex('users')
      .insert({ id: userId, team_id: teamId, environment: 'sandbox', client_user_id: clientUserId });

    // Yesterday (UTC) as a daily sync delivers it: heart rate samples and a night's sleep.
    const day = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS);
    const at = (hours: number) => new Date(day.getTime() + hours * 3_600_000).toISOString();
    const batch: IngestBatch = {
      userId,
      mode: 'daily',
      timeseries: [
        {
          resource: 'heartrate',
          source: RING,
          samples: [
            { timestamp: at(8), value: 61 },
            { timestamp: at(8.25), value: 64 },
            { timestamp: at(8.5), value: 72 },
          ],
        },
      ],
      summaries: [
        {
          kind: 'sleep',
          source: RING,
          provider_id: `sleep-${userId}`,
          fields: { bedtime_start: at(-1), bedtime_stop: at(7), rem: 5400, deep: 4800 },
        },
      ],
    };
    const ingestion = createIngestion({ db: db.knex });

    const first = await ingestion.ingest(batch);
    expect(first).toMatchObject({ created: 4, updated: 0, unchanged: 0, dropped: 0 });
    const events = await outboxRows(userId);
    expect(events.map((e) => e.id)).toEqual(first.eventIds);
    const heartEvents = events.filter((e) => e.event_type === HEART);
    expect(heartEvents.length).toBeGreaterThanOrEqual(1);
    expect(events.map((e) => e.event_type)).toEqual(
      expect.arrayContaining([HEART, 'daily.data.sleep.created']),
    );
    expect(events.length).toBeGreaterThan(heartEvents.length);

    await waitDelivered([heartOnly, all], [heartEvents.length, events.length]);
    await expectDeliveriesOf(heartOnly, heartEvents, all, { userId, clientUserId });
    await expectDeliveriesOf(all, events, heartOnly, { userId, clientUserId });
    const heartReceived = heartOnly.receiver.deliveries.length;
    const allReceived = all.receiver.deliveries.length;

    // The same batch again: nothing changed, so no event is written and nothing is sent.
    const again = await ingestion.ingest(batch);
    expect(again).toEqual({ created: 0, updated: 0, unchanged: 4, dropped: 0, eventIds: [] });
    expect(await outboxRows(userId)).toHaveLength(events.length);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(heartOnly.receiver.deliveries).toHaveLength(heartReceived);
    expect(all.receiver.deliveries).toHaveLength(allReceived);
    expect(await messagesOf(heartOnly.id)).toHaveLength(heartEvents.length);
    expect(await messagesOf(all.id)).toHaveLength(events.length);

    // A batch that does change something goes through after it; once it has arrived, each endpoint has
    // exactly one message per subscribed outbox event, so the unchanged batch sent nothing late either.
    const next = await ingestion.ingest({
      userId,
      mode: 'daily',
      timeseries: [{ resource: 'heartrate', source: RING, samples: [{ timestamp: at(9), value: 70 }] }],
    });
    const after = await outboxRows(userId);
    const added = after.slice(events.length);
    expect(added.map((e) => e.id)).toEqual(next.eventIds);
    const addedHeart = added.filter((e) => e.event_type === HEART);
    expect(addedHeart).toHaveLength(1);
    await waitDelivered([heartOnly, all], [heartEvents.length + 1, after.length]);
    await expectDeliveriesOf(heartOnly, [...heartEvents, ...addedHeart], all, { userId, clientUserId });
    await expectDeliveriesOf(all, after, heartOnly, { userId, clientUserId });
  });
});
