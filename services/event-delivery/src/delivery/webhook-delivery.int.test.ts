import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId } from '@meridian/domain';
import { createLogger, createSecretBox, createTargetAllowList, sealHeaderValues } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, waitFor, type TestDatabase } from '@meridian/test-utils';
import { Webhook } from 'standardwebhooks';
import { createWebhookDelivery, EXHAUSTED_EVENT_TYPE, type WebhookDeliveryDeps } from './webhook-delivery';
import { createWebhookSender } from './webhook-sender';

const logger = createLogger({ service: 'event-delivery', silent: true });
const secretBox = createSecretBox(Buffer.alloc(32, 9));
const secretOf = (fill: number) => `whsec_${Buffer.alloc(32, fill).toString('base64')}`;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

describe('webhook delivery', () => {
  let db: TestDatabase;
  let teamId: string;
  let server: Server;
  let baseUrl: string;
  const received: Received[] = [];
  /** Status to answer per path, consumed in order; 200 once empty. */
  const answers = new Map<string, number[]>();

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, org.orgId)).teamId;
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.statusCode = answers.get(path)?.shift() ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.destroy();
  });
  beforeEach(async () => {
    received.length = 0;
    answers.clear();
    await db.knex('webhooks').del();
    await db.knex('outbox').del();
  });

  function delivery(overrides: Partial<WebhookDeliveryDeps> = {}) {
    return createWebhookDelivery({
      db: db.knex,
      logger,
      secretBox,
      send: createWebhookSender({ allowList: createTargetAllowList(['127.0.0.1']) }),
      schedule: [0, 1, 1],
      autoDisableAfterMs: 5 * 24 * 3600 * 1000,
      concurrency: 4,
      pollMs: 20,
      ...overrides,
    });
  }

  async function addWebhook(opts: {
    path: string;
    secret?: string;
    filterTypes?: string[] | null;
    previousSecret?: string;
    headers?: Record<string, string>;
    url?: string;
    rateLimit?: number;
  }): Promise<string> {
    const id = `ep_${newId().replace(/-/g, '').slice(0, 24)}`;
    await db.knex('webhooks').insert({
      id,
      team_id: teamId,
      environment: 'sandbox',
      url: opts.url ?? `${baseUrl}${opts.path}`,
      filter_types: opts.filterTypes ?? null,
      rate_limit: opts.rateLimit ?? null,
      headers: JSON.stringify(opts.headers ?? {}),
      secret_ciphertext: secretBox.seal(opts.secret ?? secretOf(1)),
      previous_secret_ciphertext: opts.previousSecret ? secretBox.seal(opts.previousSecret) : null,
      previous_secret_expires_at: opts.previousSecret ? new Date(Date.now() + 86_400_000) : null,
    });
    return id;
  }

  async function appendEvent(eventType = 'daily.data.steps.created'): Promise<string> {
    const userId = newId();
    const [id] = await createOutboxRepository(db.knex).append([
      {
        teamId,
        environment: 'sandbox',
        userId,
        envelope: eventEnvelope(eventType, { steps: 42 }, { userId, clientUserId: 'client-1', teamId }),
      },
    ]);
    return id!;
  }

  async function deliverUntilSettled(d = delivery()): Promise<void> {
    await waitFor(async () => {
      await d.deliverDue();
      const pending = await db.knex('webhook_messages').where({ status: 'pending' }).count('* as n').first();
      return Number(pending?.n) === 0;
    });
  }

  it('delivers a signed envelope the standardwebhooks library verifies, once per redelivered event', async () => {
    // Stored as the management API stores them: values sealed.
    await addWebhook({ path: '/a', headers: sealHeaderValues(secretBox, { 'x-custom': 'yes' }) });
    const eventId = await appendEvent();
    const d = delivery();
    const ids = await d.fanOut(eventId);
    expect(await d.fanOut(eventId)).toEqual(ids);
    expect(ids).toHaveLength(1);
    expect(await d.deliverDue(ids)).toBe(1);

    expect(received).toHaveLength(1);
    const { headers, body } = received[0]!;
    const payload = new Webhook(secretOf(1)).verify(body, headers as Record<string, string>);
    expect(payload).toMatchObject({
      event_type: 'daily.data.steps.created',
      team_id: teamId,
      data: { steps: 42 },
    });
    expect(headers['webhook-id']).toBe(ids[0]);
    expect(headers['svix-id']).toBe(ids[0]);
    expect(headers['svix-signature']).toBe(headers['webhook-signature']);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-custom']).toBe('yes');
    const message = await db.knex('webhook_messages').where({ id: ids[0] }).first();
    expect(message).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200 });
    const attempts = await db.knex('webhook_attempts').where({ message_id: ids[0] });
    expect(attempts).toEqual([
      expect.objectContaining({ status_code: 200, response_body: 'ok', error: null }),
    ]);
  });

  it('respects filter_types', async () => {
    await addWebhook({ path: '/steps', filterTypes: ['daily.data.steps.created'] });
    await addWebhook({ path: '/sleep', filterTypes: ['daily.data.sleep.created'] });
    await addWebhook({ path: '/all' });
    const d = delivery();
    await d.deliverDue(await d.fanOut(await appendEvent('daily.data.steps.created')));
    expect(received.map((r) => r.path).sort()).toEqual(['/all', '/steps']);
  });

  it('skips etl_only events (historical data pushed only to ETL pipelines)', async () => {
    await addWebhook({ path: '/all' });
    const userId = newId();
    const [etlOnly] = await createOutboxRepository(db.knex).append([
      {
        teamId,
        environment: 'sandbox',
        userId,
        envelope: eventEnvelope('daily.data.sleep.created', {}, { userId, clientUserId: 'c', teamId }),
        etlOnly: true,
      },
    ]);
    const d = delivery();
    expect(await d.fanOut(etlOnly!)).toEqual([]);
    expect(await d.fanOut(await appendEvent())).toHaveLength(1);
  });

  it('retries a 500 with the same webhook-id and records both attempts', async () => {
    const webhookId = await addWebhook({ path: '/flaky' });
    answers.set('/flaky', [500]);
    const d = delivery();
    const [messageId] = await d.fanOut(await appendEvent());
    await d.deliverDue([messageId!]);
    expect(await db.knex('webhooks').where({ id: webhookId }).first()).toMatchObject({
      failing_since: expect.any(Date),
    });
    await deliverUntilSettled(d);
    expect(received.map((r) => r.headers['webhook-id'])).toEqual([messageId, messageId]);
    const attempts = await db
      .knex('webhook_attempts')
      .where({ message_id: messageId })
      .orderBy('attempted_at');
    expect(attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 200]);
    expect(attempts[0].next_attempt_at).toEqual(expect.any(Date));
    expect(await db.knex('webhook_messages').where({ id: messageId }).first()).toMatchObject({
      status: 'succeeded',
      attempts: 2,
    });
    expect(await db.knex('webhooks').where({ id: webhookId }).first()).toMatchObject({ failing_since: null });
  });

  it('disables the endpoint on 410 and fails the message', async () => {
    const webhookId = await addWebhook({ path: '/gone' });
    answers.set('/gone', [410]);
    const d = delivery();
    const [messageId] = await d.fanOut(await appendEvent());
    await d.deliverDue([messageId!]);
    expect(await db.knex('webhooks').where({ id: webhookId }).first()).toMatchObject({ disabled: true });
    expect(await db.knex('webhook_messages').where({ id: messageId }).first()).toMatchObject({
      status: 'failed',
    });
    expect(await d.fanOut(await appendEvent())).toEqual([]);
  });

  it('fails an exhausted message and emits message.attempt.exhausted to the other endpoints only', async () => {
    const failing = await addWebhook({
      path: '/down',
      filterTypes: ['daily.data.steps.created', EXHAUSTED_EVENT_TYPE],
    });
    await addWebhook({ path: '/ops', filterTypes: [EXHAUSTED_EVENT_TYPE] });
    answers.set('/down', [500, 500, 500]);
    const d = delivery();
    const [messageId] = await d.fanOut(await appendEvent());
    await deliverUntilSettled(d);
    expect(await db.knex('webhook_messages').where({ id: messageId }).first()).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_status_code: 500,
    });
    const exhausted = await db.knex('outbox').where({ event_type: EXHAUSTED_EVENT_TYPE }).first();
    expect(exhausted.payload).toMatchObject({
      event_type: EXHAUSTED_EVENT_TYPE,
      team_id: teamId,
      client_user_id: 'client-1',
      data: {
        webhook_id: failing,
        message_id: messageId,
        original_event_type: 'daily.data.steps.created',
        last_attempt_at: expect.any(String),
        last_response_status_code: 500,
      },
    });
    await d.deliverDue(await d.fanOut(exhausted.id as string));
    expect(received.filter((r) => r.path === '/ops')).toHaveLength(1);
    expect(received.filter((r) => r.path === '/down')).toHaveLength(3);
  });

  it('disables an endpoint that keeps failing past the auto-disable window', async () => {
    const webhookId = await addWebhook({ path: '/sick' });
    answers.set('/sick', [500, 500]);
    const d = delivery({ autoDisableAfterMs: 0, schedule: [0, 100_000] });
    await d.deliverDue(await d.fanOut(await appendEvent()));
    expect(await db.knex('webhooks').where({ id: webhookId }).first()).toMatchObject({ disabled: true });
  });

  it('refuses a private-address target that is not allow-listed', async () => {
    await addWebhook({ path: '/x' });
    const d = delivery({ send: createWebhookSender({ allowList: createTargetAllowList([]) }) });
    const [messageId] = await d.fanOut(await appendEvent());
    await d.deliverDue([messageId!]);
    expect(received).toHaveLength(0);
    const [attempt] = await db.knex('webhook_attempts').where({ message_id: messageId });
    expect(attempt).toMatchObject({ status_code: null, error: expect.stringContaining('loopback') });
  });

  it('signs with both secrets during a rotation', async () => {
    await addWebhook({ path: '/rot', secret: secretOf(5), previousSecret: secretOf(6) });
    const d = delivery();
    await d.deliverDue(await d.fanOut(await appendEvent()));
    const { headers, body } = received[0]!;
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(secretOf(5)).verify(body, headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(secretOf(6)).verify(body, headers as Record<string, string>)).not.toThrow();
  });

  it('delivers from the polling loop', async () => {
    await addWebhook({ path: '/loop' });
    const d = delivery();
    d.start();
    try {
      await d.fanOut(await appendEvent());
      d.wake();
      await waitFor(() => received.length === 1);
    } finally {
      await d.stop();
    }
  });

  it("holds deliveries beyond the endpoint's rate_limit per second", async () => {
    await addWebhook({ path: '/limited', rateLimit: 2 });
    const d = delivery();
    for (let i = 0; i < 5; i++) await d.fanOut(await appendEvent());
    expect(await d.deliverDue()).toBe(5);
    expect(received).toHaveLength(2);
    const held = await db.knex('webhook_messages').where({ status: 'pending', attempts: 0 });
    expect(held).toHaveLength(3);
    await deliverUntilSettled(d);
    expect(received).toHaveLength(5);
  });
});
