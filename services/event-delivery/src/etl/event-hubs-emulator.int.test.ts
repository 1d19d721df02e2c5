import { EventHubProducerClient } from '@azure/event-hubs';
import { startEventHubsEmulator, type EventHubsEmulator } from '@meridian/test-utils';

/** The test emulator against the real @azure/event-hubs client: auth, management, batches, failures. */
describe('Event Hubs emulator with the real EventHubProducerClient', () => {
  let emulator: EventHubsEmulator;
  const clients: EventHubProducerClient[] = [];
  const producer = (hub: string, connectionString = emulator.connectionString(), timeoutInMs = 5000) => {
    const client = new EventHubProducerClient(connectionString, hub, {
      retryOptions: { maxRetries: 0, timeoutInMs },
    });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    emulator = await startEventHubsEmulator({ hubs: ['events', 'labs'], partitionCount: 3 });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    emulator.clear();
  });
  afterAll(() => emulator.close());

  it('answers the management reads: hub and partition properties', async () => {
    const client = producer('events');
    const hub = await client.getEventHubProperties();
    expect(hub.name).toBe('events');
    expect(hub.partitionIds).toEqual(['0', '1', '2']);
    expect(await client.getPartitionIds()).toEqual(['0', '1', '2']);
    const partition = await client.getPartitionProperties('1');
    expect(partition).toMatchObject({ eventHubName: 'events', partitionId: '1', isEmpty: true });
  });

  it('records a batch sent with a partition key: bodies, properties, annotation and one transfer', async () => {
    const client = producer('events');
    const batch = await client.createBatch({ partitionKey: 'user-1' });
    expect(batch.maxSizeInBytes).toBe(1024 * 1024);
    for (let i = 0; i < 3; i++) {
      expect(
        batch.tryAdd({ body: Buffer.from(`body-${i}`), properties: { 'event-type': `t${i}`, n: i } }),
      ).toBe(true);
    }
    await client.sendBatch(batch);

    expect(emulator.transfers).toBe(1);
    const events = emulator.eventsFor('events');
    expect(events.map((e) => e.body.toString())).toEqual(['body-0', 'body-1', 'body-2']);
    expect(events.map((e) => e.properties)).toEqual([
      { 'event-type': 't0', n: 0 },
      { 'event-type': 't1', n: 1 },
      { 'event-type': 't2', n: 2 },
    ]);
    expect(new Set(events.map((e) => e.partitionKey))).toEqual(new Set(['user-1']));
    expect(new Set(events.map((e) => e.partitionId)).size).toBe(1);
    expect(events.map((e) => e.sequenceNumber)).toEqual([0, 1, 2]);
    const partition = await client.getPartitionProperties(events[0]!.partitionId);
    expect(partition).toMatchObject({ isEmpty: false, lastEnqueuedSequenceNumber: 2 });
  });

  it('sends to an explicit partition link', async () => {
    const client = producer('labs');
    await client.sendBatch([{ body: 'x' }], { partitionId: '2' });
    expect(emulator.eventsFor('labs')).toEqual([
      expect.objectContaining({ hub: 'labs', partitionId: '2', body: Buffer.from(JSON.stringify('x')) }),
    ]);
  });

  it('refuses a wrong key at put-token with 401 (UnauthorizedError) and records nothing', async () => {
    const client = producer(
      'events',
      emulator.connectionString({ key: Buffer.alloc(32, 1).toString('base64') }),
    );
    const error = await client.sendBatch([{ body: 'nope' }]).then(
      () => undefined,
      (err: unknown) => err as { code?: string; message: string },
    );
    expect(error?.code).toBe('UnauthorizedError');
    expect(error?.message).toMatch(/invalid signature/i);
    expect(emulator.rejectedTokens).toBeGreaterThan(0);
    expect(emulator.events).toHaveLength(0);
  });

  it('answers an unknown hub with entity-not-found', async () => {
    const client = producer('missing');
    const error = await client.sendBatch([{ body: 'x' }]).then(
      () => undefined,
      (err: unknown) => err as { code?: string; message: string },
    );
    expect(error?.code).toBe('MessagingEntityNotFoundError');
    expect(error?.message).toMatch(/could not be found/);
  });

  it('fails the next N transfers on demand, then accepts again', async () => {
    const client = producer('events');
    emulator.failNextSends(1, { condition: 'amqp:internal-error', description: 'Injected failure' });
    await expect(client.sendBatch([{ body: 'a' }])).rejects.toThrow(/Injected failure/);
    await client.sendBatch([{ body: 'b' }]);
    expect(emulator.events.map((e) => e.body.toString())).toEqual([JSON.stringify('b')]);
  });

  it('simulates an outage: sends fail while stopped and succeed after start', async () => {
    const client = producer('events', emulator.connectionString(), 2000);
    await client.sendBatch([{ body: 'before' }]);
    await emulator.stop();
    await expect(client.sendBatch([{ body: 'during' }])).rejects.toThrow();
    await emulator.start();
    await client.sendBatch([{ body: 'after' }]);
    expect(emulator.events.map((e) => e.body.toString())).toEqual([
      JSON.stringify('before'),
      JSON.stringify('after'),
    ]);
  });
});
