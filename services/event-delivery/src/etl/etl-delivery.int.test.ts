import { gunzipSync } from 'node:zlib';
import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId } from '@meridian/domain';
import { createLogger, createSecretBox, createTargetAllowList } from '@meridian/platform';
import {
  createTestDatabase,
  seedOrg,
  seedTeam,
  startEventHubsEmulator,
  waitFor,
  type EventHubsEmulator,
  type TestDatabase,
} from '@meridian/test-utils';
import { createEtlDelivery, type EtlDeliveryDeps } from './etl-delivery';
import { defaultCreateProducer } from './event-hubs-producers';

const logger = createLogger({ service: 'event-delivery', silent: true });
const secretBox = createSecretBox(Buffer.alloc(32, 5));

interface PipelineOptions {
  defaultHub?: string;
  matchers?: { event_type_prefix: string; event_hub: string }[] | null;
  compression?: 'auto' | 'always';
  prefixes?: string[] | null;
  enabled?: string[];
  connectionString?: string;
}

describe('ETL delivery to Azure Event Hubs (real client, local emulator)', () => {
  let db: TestDatabase;
  let emulator: EventHubsEmulator;
  let teamId: string;
  let otherTeamId: string;
  const deliveries: ReturnType<typeof createEtlDelivery>[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, org.orgId)).teamId;
    otherTeamId = (await seedTeam(db.knex, org.orgId)).teamId;
    emulator = await startEventHubsEmulator({ hubs: ['all-events', 'daily', 'labs'], partitionCount: 4 });
  });
  afterEach(async () => {
    await Promise.all(deliveries.splice(0).map((d) => d.stop()));
    emulator.clear();
    await db.knex('etl_messages').del();
    await db.knex('etl_pipelines').del();
    await db.knex('outbox').del();
  });
  afterAll(async () => {
    await emulator.close();
    await db.destroy();
  });

  function delivery(overrides: Partial<EtlDeliveryDeps> = {}) {
    const d = createEtlDelivery({
      db: db.knex,
      logger,
      secretBox,
      schedule: [0, 1, 1],
      concurrency: 4,
      pollMs: 20,
      sendTimeoutMs: 5000,
      allowList: createTargetAllowList(['127.0.0.1']),
      ...overrides,
    });
    deliveries.push(d);
    return d;
  }

  async function setPipeline(opts: PipelineOptions = {}, team = teamId): Promise<void> {
    await db
      .knex('etl_pipelines')
      .insert({
        team_id: team,
        environment: 'sandbox',
        preferences: JSON.stringify({ preferred: 'azure_amqp', enabled: opts.enabled ?? ['azure_amqp'] }),
        azure_amqp: JSON.stringify({
          default_event_hub: opts.defaultHub ?? 'all-events',
          event_hub_matchers: opts.matchers ?? null,
          compression: opts.compression ?? 'auto',
        }),
        azure_connection_string_ciphertext: secretBox.seal(
          opts.connectionString ?? emulator.connectionString(),
        ),
        event_type_prefixes: opts.prefixes ?? null,
      })
      .onConflict(['team_id', 'environment'])
      .merge();
  }

  async function appendEvent(
    eventType = 'daily.data.steps.created',
    data: unknown = { steps: 42 },
    userId = newId(),
    team = teamId,
  ): Promise<string> {
    const [id] = await createOutboxRepository(db.knex).append([
      {
        teamId: team,
        environment: 'sandbox',
        userId,
        envelope: eventEnvelope(eventType, data, { userId, clientUserId: 'client-1', teamId: team }),
      },
    ]);
    return id!;
  }

  const payloadText = async (eventId: string) =>
    (await db.knex('outbox').where({ id: eventId }).first(db.knex.raw('payload::text as body')))
      .body as string;

  async function deliverUntilSettled(d: ReturnType<typeof createEtlDelivery>): Promise<void> {
    await waitFor(async () => {
      await d.deliverDue();
      const pending = await db.knex('etl_messages').where({ status: 'pending' }).count('* as n').first();
      return Number(pending?.n) === 0;
    });
  }

  it('routes by the first matching prefix else the default hub, with exactly the listed properties', async () => {
    await setPipeline({
      matchers: [
        { event_type_prefix: 'daily.data.', event_hub: 'daily' },
        { event_type_prefix: 'labtest.', event_hub: 'labs' },
      ],
    });
    const userId = newId();
    const steps = await appendEvent('daily.data.steps.created', { steps: 1 }, userId);
    const order = await appendEvent('labtest.order.created', { order_id: 'o1' }, userId);
    const historical = await appendEvent('historical.data.sleep.created', { provider: 'oura' }, userId);
    const d = delivery();
    const ids = [...(await d.fanOut(steps)), ...(await d.fanOut(order)), ...(await d.fanOut(historical))];
    expect(ids).toHaveLength(3);
    expect(await d.fanOut(steps)).toEqual([ids[0]]);
    expect(await d.deliverDue(ids)).toBe(3);

    const byType = (t: string) => emulator.events.find((e) => e.properties['event-type'] === t)!;
    expect(byType('daily.data.steps.created').hub).toBe('daily');
    expect(byType('labtest.order.created').hub).toBe('labs');
    expect(byType('historical.data.sleep.created').hub).toBe('all-events');
    const rows = await db.knex('etl_messages').orderBy('created_at');
    for (const row of rows) expect(row).toMatchObject({ status: 'succeeded', attempts: 1, last_error: null });

    const stepsRow = rows.find((r) => r.event_id === steps)!;
    const received = byType('daily.data.steps.created');
    expect(received.properties).toEqual({
      'event-type': 'daily.data.steps.created',
      'user-id': userId,
      'team-id': teamId,
      'idempotency-key': stepsRow.id,
    });
    expect(received.partitionKey).toBe(userId);
    expect(stepsRow.event_hub).toBe('daily');
    expect(received.body.toString('utf8')).toBe(await payloadText(steps));
    expect(JSON.parse(received.body.toString('utf8'))).toMatchObject({
      event_type: 'daily.data.steps.created',
      user_id: userId,
      team_id: teamId,
      data: { steps: 1 },
    });
  });

  it('compression auto: under 1 KiB as is, larger bodies gzipped with content-encoding: gzip', async () => {
    await setPipeline({ compression: 'auto' });
    const small = await appendEvent('daily.data.steps.created', { steps: 3 });
    const large = await appendEvent('daily.data.sleep.created', { notes: 'z'.repeat(2000) });
    const d = delivery();
    await d.fanOut(small);
    await d.fanOut(large);
    await deliverUntilSettled(d);

    const smallEvent = emulator.events.find(
      (e) => e.properties['event-type'] === 'daily.data.steps.created',
    )!;
    expect(smallEvent.properties).not.toHaveProperty('content-encoding');
    expect(smallEvent.body.toString('utf8')).toBe(await payloadText(small));
    const largeEvent = emulator.events.find(
      (e) => e.properties['event-type'] === 'daily.data.sleep.created',
    )!;
    expect(largeEvent.properties['content-encoding']).toBe('gzip');
    expect(largeEvent.body.length).toBeLessThan(1024);
    expect(gunzipSync(largeEvent.body).toString('utf8')).toBe(await payloadText(large));
  });

  it('compression always: every body gzipped', async () => {
    await setPipeline({ compression: 'always' });
    const small = await appendEvent('daily.data.steps.created', { steps: 3 });
    const d = delivery();
    await d.fanOut(small);
    await deliverUntilSettled(d);
    const [event] = emulator.events;
    expect(event!.properties['content-encoding']).toBe('gzip');
    expect(gunzipSync(event!.body).toString('utf8')).toBe(await payloadText(small));
  });

  it('batches many events: one batch per user (partition key), every event once', async () => {
    await setPipeline();
    const users = [newId(), newId(), newId()];
    const eventIds: string[] = [];
    for (let i = 0; i < 150; i++) {
      eventIds.push(await appendEvent('daily.data.steps.created', { steps: i }, users[i % 3]));
    }
    const d = delivery();
    for (const id of eventIds) await d.fanOut(id);
    await deliverUntilSettled(d);

    expect(emulator.events).toHaveLength(150);
    expect(emulator.transfers).toBe(3);
    for (const user of users) {
      const mine = emulator.events.filter((e) => e.properties['user-id'] === user);
      expect(mine).toHaveLength(50);
      expect(new Set(mine.map((e) => e.partitionKey))).toEqual(new Set([user]));
      expect(new Set(mine.map((e) => e.partitionId)).size).toBe(1);
    }
    const keys = emulator.events.map((e) => e.properties['idempotency-key']);
    expect(new Set(keys).size).toBe(150);
    const succeeded = await db.knex('etl_messages').where({ status: 'succeeded' }).count('* as n').first();
    expect(Number(succeeded?.n)).toBe(150);
  });

  it('applies event_type_prefixes and needs azure_amqp in preferences.enabled; other teams untouched', async () => {
    await setPipeline({ prefixes: ['daily.data.'] });
    const d = delivery();
    expect(await d.fanOut(await appendEvent('labtest.order.created'))).toEqual([]);
    expect(await d.fanOut(await appendEvent('daily.data.steps.created'))).toHaveLength(1);
    expect(await d.fanOut(await appendEvent('daily.data.steps.created', {}, newId(), otherTeamId))).toEqual(
      [],
    );
    await setPipeline({ enabled: ['webhook'] });
    expect(await d.fanOut(await appendEvent('daily.data.steps.created'))).toEqual([]);
    expect(await d.fanOut(newId())).toEqual([]);
    expect(await d.fanOut('not-a-uuid')).toEqual([]);
    expect(Number((await db.knex('etl_messages').count('* as n').first())?.n)).toBe(1);
  });

  it('delivers ETL-only (historical, push_historical_data) events like any other', async () => {
    await setPipeline();
    const userId = newId();
    const [eventId] = await createOutboxRepository(db.knex).append([
      {
        teamId,
        environment: 'sandbox',
        userId,
        envelope: eventEnvelope('daily.data.sleep.created', { h: 1 }, { userId, clientUserId: 'c', teamId }),
        etlOnly: true,
      },
    ]);
    const d = delivery();
    expect(await d.fanOut(eventId!)).toHaveLength(1);
    await deliverUntilSettled(d);
    expect(emulator.events).toEqual([expect.objectContaining({ hub: 'all-events', partitionKey: userId })]);
    expect(emulator.events[0]!.body.toString('utf8')).toBe(await payloadText(eventId!));
  });

  it('retries after injected failures with the same idempotency-key on every attempt', async () => {
    await setPipeline();
    const eventId = await appendEvent();
    emulator.failNextSends(2, { condition: 'amqp:internal-error', description: 'Injected internal error' });
    const d = delivery();
    const [id] = await d.fanOut(eventId);
    await deliverUntilSettled(d);

    expect(emulator.rejected.map((e) => e.properties['idempotency-key'])).toEqual([id, id]);
    expect(emulator.events.map((e) => e.properties['idempotency-key'])).toEqual([id]);
    const row = await db.knex('etl_messages').where({ id }).first();
    expect(row).toMatchObject({ status: 'succeeded', attempts: 3, last_error: null });
  });

  it('keeps a failing message pending between attempts with the error, per the schedule', async () => {
    await setPipeline();
    const eventId = await appendEvent();
    emulator.failNextSends(1);
    const d = delivery({ schedule: [0, 60_000], random: () => 0.5 });
    const [id] = await d.fanOut(eventId);
    await d.deliverDue();
    const row = await db.knex('etl_messages').where({ id }).first();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/server is busy/);
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await d.deliverDue()).toBe(0);
  });

  it('marks the message failed (dead letter) with last_error once the schedule is exhausted', async () => {
    await setPipeline();
    const eventId = await appendEvent();
    emulator.failNextSends(10, { condition: 'com.microsoft:server-busy', description: 'Injected busy' });
    const d = delivery();
    const [id] = await d.fanOut(eventId);
    await deliverUntilSettled(d);
    const row = await db.knex('etl_messages').where({ id }).first();
    expect(row).toMatchObject({ status: 'failed', attempts: 3, event_hub: 'all-events' });
    expect(row.last_error).toMatch(/ServerBusyError: Injected busy/);
    expect(emulator.events).toHaveLength(0);
  });

  it('a wrong key is retried, then failed with a clear last_error; nothing is delivered', async () => {
    await setPipeline({
      connectionString: emulator.connectionString({ key: Buffer.alloc(32, 3).toString('base64') }),
    });
    const eventId = await appendEvent();
    const d = delivery();
    const [id] = await d.fanOut(eventId);
    await deliverUntilSettled(d);
    const row = await db.knex('etl_messages').where({ id }).first();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.last_error).toMatch(/^UnauthorizedError: .*invalid signature/i);
    expect(row.last_error).not.toContain(emulator.key);
    expect(emulator.rejectedTokens).toBeGreaterThanOrEqual(3);
    expect(emulator.events).toHaveLength(0);
  });

  it('refuses an endpoint on a loopback or private address unless allow-listed (SSRF), sending nothing', async () => {
    await setPipeline();
    const loopback = await appendEvent();
    const d = delivery({ allowList: createTargetAllowList([]) });
    await d.fanOut(loopback);
    await deliverUntilSettled(d);
    const row = await db.knex('etl_messages').where({ event_id: loopback }).first();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/TargetRefusedError: .*loopback/);

    await db.knex('etl_messages').del();
    await setPipeline({
      connectionString: emulator.connectionString().replace('127.0.0.1', 'hub.internal.example'),
    });
    const privateHost = await appendEvent();
    const resolving = delivery({
      allowList: createTargetAllowList([]),
      resolveHost: async () => ['10.1.2.3'],
    });
    await resolving.fanOut(privateHost);
    await deliverUntilSettled(resolving);
    const refused = await db.knex('etl_messages').where({ event_id: privateHost }).first();
    expect(refused.last_error).toMatch(/TargetRefusedError: .*private/);
    expect(emulator.events).toEqual([]);
  });

  it('an unknown event hub fails with entity-not-found', async () => {
    await setPipeline({ defaultHub: 'no-such-hub' });
    const d = delivery({ schedule: [0] });
    const [id] = await d.fanOut(await appendEvent());
    await deliverUntilSettled(d);
    const row = await db.knex('etl_messages').where({ id }).first();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, event_hub: 'no-such-hub' });
    expect(row.last_error).toMatch(/MessagingEntityNotFoundError: .*could not be found/);
  });

  it('fails a message whose pipeline was removed before sending', async () => {
    await setPipeline();
    const d = delivery();
    const [id] = await d.fanOut(await appendEvent());
    await db.knex('etl_pipelines').del();
    await d.deliverDue();
    const row = await db.knex('etl_messages').where({ id }).first();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/PipelineDisabled/);
  });

  it('reuses one producer per pipeline and hub, replaces it when the connection string changes, closes on stop', async () => {
    await setPipeline();
    const created: string[] = [];
    const create = defaultCreateProducer(5000);
    const d = delivery({
      createProducer: (cs, hub) => {
        created.push(hub);
        return create(cs, hub);
      },
    });
    await d.fanOut(await appendEvent());
    await deliverUntilSettled(d);
    await d.fanOut(await appendEvent());
    await deliverUntilSettled(d);
    expect(created).toEqual(['all-events']);
    expect(d.openProducers).toBe(1);

    await setPipeline({ connectionString: `${emulator.connectionString()};` });
    await d.fanOut(await appendEvent());
    await deliverUntilSettled(d);
    expect(created).toEqual(['all-events', 'all-events']);
    expect(d.openProducers).toBe(1);
    expect(emulator.events).toHaveLength(3);

    await d.stop();
    expect(d.openProducers).toBe(0);
  });

  it('the polling loop delivers after start and closes its clients on stop', async () => {
    await setPipeline();
    const d = delivery();
    d.start();
    await d.fanOut(await appendEvent());
    d.wake();
    await waitFor(() => emulator.events.length === 1);
    await d.stop();
    expect(d.openProducers).toBe(0);
    expect(emulator.connectionCount).toBe(0);
  });
});
