import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId } from '@meridian/domain';
import { createInProcessTransport, type MessageEnvelope, type Transport } from '@meridian/messaging';
import { createLogger } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, waitFor, type TestDatabase } from '@meridian/test-utils';
import { createOutboxRelay } from './outbox-relay';
import { EVENT_DELIVERY_QUEUE } from './worker';

const logger = createLogger({ service: 'event-delivery', silent: true });

describe('outbox relay', () => {
  let db: TestDatabase;
  let teamId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, org.orgId)).teamId;
  });
  afterAll(() => db.destroy());
  beforeEach(() => db.knex('outbox').del());

  async function appendEvents(
    n: number,
    typeOf = (_i: number) => 'daily.data.steps.created',
  ): Promise<string[]> {
    const userId = newId();
    return createOutboxRepository(db.knex).append(
      Array.from({ length: n }, (_, i) => ({
        teamId,
        environment: 'sandbox' as const,
        userId,
        envelope: eventEnvelope(typeOf(i), { i }, { userId, clientUserId: 'c', teamId }),
      })),
    );
  }

  function recordingTransport() {
    const transport = createInProcessTransport({ logger });
    const received: MessageEnvelope[] = [];
    return { transport, received };
  }

  it('publishes every unpublished event once, by id, and marks it published', async () => {
    const ids = await appendEvents(7);
    const { transport, received } = recordingTransport();
    await transport.consume(EVENT_DELIVERY_QUEUE, async ({ envelope }) => {
      received.push(envelope);
    });
    const relay = createOutboxRelay({ db: db.knex, transport, logger, batchSize: 3 });
    expect(await relay.relayOnce()).toBe(3);
    expect(await relay.relayOnce()).toBe(3);
    expect(await relay.relayOnce()).toBe(1);
    expect(await relay.relayOnce()).toBe(0);
    await waitFor(() => received.length === 7);
    expect(received.map((m) => m.id).sort()).toEqual([...ids].sort());
    expect(received.every((m) => m.type === 'event.daily.data.steps.created')).toBe(true);
    expect(received.map((m) => (m.data as { event_id: string }).event_id).sort()).toEqual([...ids].sort());
    expect(await db.knex('outbox').whereNull('published_at').count('* as n').first()).toEqual({ n: 0 });
    await transport.close();
  });

  it('claims and publishes a batch in outbox order, marking it published in the same transaction', async () => {
    const ids = await appendEvents(30);
    const sent: string[] = [];
    let unpublishedWhilePublishing = -1;
    const transport: Pick<Transport, 'publishBatch'> = {
      publishBatch: async (_key, messages) => {
        const first = sent.length === 0;
        sent.push(...messages.map((m) => m.id));
        // Another connection still sees the claimed rows unpublished until the batch commits.
        if (first) {
          const row = await db.knex('outbox').whereNull('published_at').count('* as n').first();
          unpublishedWhilePublishing = Number(row?.n);
        }
      },
    };
    expect(await createOutboxRelay({ db: db.knex, transport, logger, batchSize: 25 }).relayOnce()).toBe(25);
    expect(sent).toEqual(ids.slice(0, 25));
    expect(unpublishedWhilePublishing).toBe(30);
    expect(await db.knex('outbox').whereNull('published_at').orderBy('seq').pluck('id')).toEqual(
      ids.slice(25),
    );
  });

  it('publishes the events of each type together, at most eventsPerMessage per broker message, in outbox order', async () => {
    const types = ['daily.data.steps.created', 'daily.data.sleep.created', 'provider.connection.created'];
    const ids = await appendEvents(23, (i) => types[i % 3]!);
    const calls: { key: string; ids: string[]; types: string[]; eventIds: unknown[] }[] = [];
    const transport: Pick<Transport, 'publishBatch'> = {
      publishBatch: async (key, messages) => {
        calls.push({
          key,
          ids: messages.map((m) => m.id),
          types: messages.map((m) => m.type),
          eventIds: messages.map((m) => (m.data as { event_id: unknown }).event_id),
        });
      },
    };
    const relay = createOutboxRelay({ db: db.knex, transport, logger, eventsPerMessage: 4 });
    expect(await relay.relayOnce()).toBe(23);
    // Steps: 8 events (ids 0, 3, …, 21) in messages of 4, 4; sleep: 8 → 4, 4; connections: 7 → 4, 3.
    expect(calls.map((c) => [c.key, c.ids.length])).toEqual([
      ['event.daily.data.steps.created', 4],
      ['event.daily.data.steps.created', 4],
      ['event.daily.data.sleep.created', 4],
      ['event.daily.data.sleep.created', 4],
      ['event.provider.connection.created', 4],
      ['event.provider.connection.created', 3],
    ]);
    for (const call of calls) {
      expect(call.types.every((t) => t === call.key)).toBe(true);
      expect(call.eventIds).toEqual(call.ids);
    }
    types.forEach((type, t) => {
      const published = calls.filter((c) => c.key === `event.${type}`).flatMap((c) => c.ids);
      expect(published).toEqual(ids.filter((_, i) => i % 3 === t));
    });
    expect(() => createOutboxRelay({ db: db.knex, transport, logger, eventsPerMessage: 0 })).toThrow(
      /eventsPerMessage/,
    );
  });

  it('leaves events unpublished when the broker does not confirm, and sends them later', async () => {
    await appendEvents(2);
    const failing: Pick<Transport, 'publishBatch'> = {
      publishBatch: () => Promise.reject(new Error('broker unavailable')),
    };
    await expect(createOutboxRelay({ db: db.knex, transport: failing, logger }).relayOnce()).rejects.toThrow(
      'broker unavailable',
    );
    expect(await db.knex('outbox').whereNull('published_at').count('* as n').first()).toEqual({ n: 2 });
    const sent: string[] = [];
    const working: Pick<Transport, 'publishBatch'> = {
      publishBatch: async (_key, messages) => {
        sent.push(...messages.map((m) => m.id));
      },
    };
    expect(await createOutboxRelay({ db: db.knex, transport: working, logger }).relayOnce()).toBe(2);
    expect(sent).toHaveLength(2);
  });

  it('lets concurrent relays share the work without publishing an event twice', async () => {
    const ids = await appendEvents(200);
    const sent: string[] = [];
    const slow: Pick<Transport, 'publishBatch'> = {
      publishBatch: async (_key, messages) => {
        await new Promise((r) => setTimeout(r, 1));
        sent.push(...messages.map((m) => m.id));
      },
    };
    const relays = [1, 2, 3].map(() =>
      createOutboxRelay({ db: db.knex, transport: slow, logger, batchSize: 20 }),
    );
    for (const relay of relays) relay.start();
    await waitFor(() => sent.length >= 200, { timeoutMs: 20_000 });
    await Promise.all(relays.map((r) => r.stop()));
    expect(sent).toHaveLength(200);
    expect(new Set(sent).size).toBe(200);
    expect([...new Set(sent)].sort()).toEqual([...ids].sort());
  });
});
