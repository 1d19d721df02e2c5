import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId } from '@meridian/domain';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createWebhookDeliveryRepository, EXHAUSTED_EVENT_TYPE } from './webhook-delivery.repository';

describe('webhook delivery repository', () => {
  let db: TestDatabase;
  let teamId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    teamId = (await seedTeam(db.knex, (await seedOrg(db.knex)).orgId)).teamId;
  });
  afterAll(async () => {
    await db.destroy();
  });
  beforeEach(async () => {
    await db.knex('webhooks').del();
    await db.knex('outbox').del();
  });

  async function addWebhook(opts: { filterTypes?: string[]; disabled?: boolean } = {}): Promise<string> {
    const id = `ep_${newId().replace(/-/g, '').slice(0, 24)}`;
    await db.knex('webhooks').insert({
      id,
      team_id: teamId,
      environment: 'sandbox',
      url: 'http://127.0.0.1:1/hook',
      filter_types: opts.filterTypes ?? null,
      disabled: opts.disabled ?? false,
      secret_ciphertext: 'sealed',
    });
    return id;
  }

  const attemptCount = async () =>
    Number((await db.knex('webhook_attempts').count<{ n: string | number }[]>('* as n'))[0]!.n);

  async function appendEvent(eventType = 'daily.data.steps.created', data: object = {}): Promise<string> {
    const userId = newId();
    const [id] = await createOutboxRepository(db.knex).append([
      {
        teamId,
        environment: 'sandbox',
        userId,
        envelope: eventEnvelope(eventType, data, { userId, clientUserId: 'client-1', teamId }),
      },
    ]);
    return id!;
  }

  it('fans out to the enabled endpoints the filter lets through, once, never an exhausted message to its own endpoint', async () => {
    const all = await addWebhook();
    const steps = await addWebhook({ filterTypes: ['daily.data.steps.created'] });
    await addWebhook({ disabled: true });
    const repository = createWebhookDeliveryRepository(db.knex);
    const stepsEvent = await appendEvent();
    const sleepEvent = await appendEvent('daily.data.sleep.created');
    const exhausted = await appendEvent(EXHAUSTED_EVENT_TYPE, { webhook_id: all });

    const pairs = await repository.fanOut([stepsEvent, sleepEvent, exhausted, 'not-a-uuid', stepsEvent]);
    expect(Object.fromEntries(pairs)).toEqual({ [stepsEvent]: 2, [sleepEvent]: 1 });
    await repository.fanOut([stepsEvent]);
    const rows = await db.knex('webhook_messages').select('event_id', 'webhook_id');
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { event_id: stepsEvent, webhook_id: all },
        { event_id: stepsEvent, webhook_id: steps },
        { event_id: sleepEvent, webhook_id: all },
      ]),
    );
    expect(await repository.pendingMessageIds(stepsEvent)).toHaveLength(2);
    // Message ids are made in SQL: `msg_` and 18 bytes in base64url (the `webhook-id` header), all distinct.
    const ids: string[] = await db.knex('webhook_messages').pluck('id');
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('fanOutTotal inserts the same messages and counts the subscribed pairs of all the events', async () => {
    const all = await addWebhook();
    await addWebhook({ filterTypes: ['daily.data.steps.created'] });
    const repository = createWebhookDeliveryRepository(db.knex);
    const stepsEvent = await appendEvent();
    const sleepEvent = await appendEvent('daily.data.sleep.created');
    const exhausted = await appendEvent(EXHAUSTED_EVENT_TYPE, { webhook_id: all });

    expect(await repository.fanOutTotal([exhausted])).toBe(0); // only its own endpoint would take it
    expect(await repository.fanOutTotal([stepsEvent, sleepEvent, 'not-a-uuid'])).toBe(3);
    // Idempotent: the pairs are counted again, no message is made twice.
    expect(await repository.fanOutTotal([stepsEvent])).toBe(2);
    expect(await repository.fanOutTotal([newId()])).toBe(0);
    expect(await repository.fanOutTotal([])).toBe(0);
    const rows = await db.knex('webhook_messages').whereIn('event_id', [stepsEvent, sleepEvent]);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r: { id: string }) => r.id)).size).toBe(3);
  });

  it('claims due messages oldest first, hides them for the lease, and reads their endpoint and event', async () => {
    const webhookId = await addWebhook();
    const repository = createWebhookDeliveryRepository(db.knex);
    const events = [await appendEvent(), await appendEvent(), await appendEvent()];
    await repository.fanOut(events);
    // Due in the reverse order of creation; the last is not due yet.
    for (const [i, eventId] of events.entries()) {
      await db
        .knex('webhook_messages')
        .where({ event_id: eventId })
        .update({ next_attempt_at: db.knex.raw(`now() + interval '${i === 2 ? 1 : -i} minute'`) });
    }
    const leaseUntil = new Date(Date.now() + 60_000);
    const first = await repository.claimDue({ limit: 1, leaseUntil });
    expect(first.messages.map((m) => m.eventId)).toEqual([events[1]]);
    expect(first.messages[0]).toMatchObject({ webhookId, attempts: 0 });
    expect(first.endpoints.get(webhookId)).toMatchObject({ id: webhookId, disabled: false, rateLimit: null });
    expect(first.events.get(events[1]!)).toMatchObject({
      teamId,
      environment: 'sandbox',
      eventType: 'daily.data.steps.created',
    });
    expect(JSON.parse(first.events.get(events[1]!)!.body)).toMatchObject({ team_id: teamId });

    const rest = await repository.claimDue({ limit: 10, leaseUntil });
    expect(rest.messages.map((m) => m.eventId)).toEqual([events[0]]);
    expect((await repository.claimDue({ limit: 10, leaseUntil })).messages).toEqual([]);
    const leased = await db.knex('webhook_messages').where({ event_id: events[0] }).first('next_attempt_at');
    expect(leased.next_attempt_at).toEqual(leaseUntil);
  });

  it('claims only the given ids, and leaves out the endpoint or event that is gone', async () => {
    const webhookId = await addWebhook();
    const repository = createWebhookDeliveryRepository(db.knex);
    const [kept, other] = [await appendEvent(), await appendEvent()];
    await repository.fanOut([kept, other]);
    const [keptId] = await repository.pendingMessageIds(kept);
    await db.knex('outbox').where({ id: kept }).del();

    const batch = await repository.claimDue({
      ids: [keptId!],
      limit: 10,
      leaseUntil: new Date(Date.now() + 60_000),
    });
    expect(batch.messages.map((m) => m.id)).toEqual([keptId]);
    expect(batch.events.size).toBe(0);
    expect(batch.endpoints.has(webhookId)).toBe(true);
  });

  it('replicas claiming at once never get the same message', async () => {
    await addWebhook();
    const repository = createWebhookDeliveryRepository(db.knex);
    const events = await Promise.all(Array.from({ length: 40 }, () => appendEvent()));
    await repository.fanOut(events);
    const leaseUntil = new Date(Date.now() + 60_000);
    const claims = await Promise.all(
      Array.from({ length: 4 }, () => repository.claimDue({ limit: 15, leaseUntil })),
    );
    const ids = claims.flatMap((c) => c.messages.map((m) => m.id));
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it('records attempts, moves failing_since and disables an endpoint failing past the window or gone', async () => {
    const failing = await addWebhook();
    const gone = await addWebhook();
    const recovered = await addWebhook();
    await db
      .knex('webhooks')
      .where({ id: recovered })
      .update({ failing_since: new Date(0) });
    const repository = createWebhookDeliveryRepository(db.knex);
    const eventId = await appendEvent();
    await repository.fanOut([eventId]);
    const messages: { id: string; webhook_id: string }[] = await db
      .knex('webhook_messages')
      .select('id', 'webhook_id');
    const at = new Date('2026-01-01T00:00:00Z');
    const next = new Date('2026-01-01T00:00:05Z');
    await repository.recordAttempts(
      messages.map((m) => ({
        messageId: m.id,
        attemptedAt: at,
        statusCode: m.webhook_id === recovered ? 200 : 500,
        responseBody: 'body',
        durationMs: 12,
        error: null,
        status: m.webhook_id === recovered ? 'succeeded' : 'pending',
        attempts: 1,
        nextAttemptAt: m.webhook_id === recovered ? null : next,
      })),
      [recovered],
    );
    const states = await db
      .knex('webhook_messages')
      .select('webhook_id', 'status', 'attempts', 'last_status_code', 'next_attempt_at');
    expect(states).toEqual(
      expect.arrayContaining([
        {
          webhook_id: recovered,
          status: 'succeeded',
          attempts: 1,
          last_status_code: 200,
          next_attempt_at: at,
        },
        { webhook_id: failing, status: 'pending', attempts: 1, last_status_code: 500, next_attempt_at: next },
      ]),
    );
    expect(await attemptCount()).toBe(3);

    await db.knex.transaction(async (trx) => {
      await createWebhookDeliveryRepository(trx).recordFailingEndpoints(
        [
          {
            id: failing,
            reset: false,
            firstFailure: at,
            lastFailure: new Date(at.getTime() + 1_000),
            gone: false,
          },
          { id: gone, reset: false, firstFailure: at, lastFailure: at, gone: true },
        ],
        60_000,
      );
    });
    const endpoints = await db.knex('webhooks').orderBy('id').select('id', 'disabled', 'failing_since');
    expect(endpoints).toEqual(
      expect.arrayContaining([
        { id: failing, disabled: false, failing_since: at },
        { id: gone, disabled: true, failing_since: at },
        { id: recovered, disabled: false, failing_since: null },
      ]),
    );

    await db.knex.transaction(async (trx) => {
      await createWebhookDeliveryRepository(trx).recordFailingEndpoints(
        [
          {
            id: failing,
            reset: false,
            firstFailure: next,
            lastFailure: new Date(at.getTime() + 60_000),
            gone: false,
          },
        ],
        60_000,
      );
    });
    expect(await db.knex('webhooks').where({ id: failing }).first('disabled', 'failing_since')).toEqual({
      disabled: true,
      failing_since: at,
    });
  });

  it('postpones messages without an attempt, and fails the undeliverable', async () => {
    await addWebhook();
    const repository = createWebhookDeliveryRepository(db.knex);
    const [a, b] = [await appendEvent(), await appendEvent()];
    await repository.fanOut([a, b]);
    const [idA] = await repository.pendingMessageIds(a);
    const [idB] = await repository.pendingMessageIds(b);
    await repository.postpone([{ id: idA!, delayMs: 30_000 }]);
    await repository.failUndeliverable([idB!]);
    const rowA = await db
      .knex('webhook_messages')
      .where({ id: idA })
      .first('status', 'attempts', 'next_attempt_at');
    expect(rowA).toMatchObject({ status: 'pending', attempts: 0 });
    expect(rowA.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 25_000);
    expect(await db.knex('webhook_messages').where({ id: idB }).first('status', 'attempts')).toEqual({
      status: 'failed',
      attempts: 0,
    });
    expect(await attemptCount()).toBe(0);
  });
});
