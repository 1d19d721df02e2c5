/**
 * The event-delivery process on its own against real PostgreSQL and RabbitMQ and a local Event Hubs
 * emulator: an outbox event is relayed, fanned out to the team's ETL pipeline (connection string sealed as
 * the management API stores it) and sent with the official client; an ETL-only (historical) event reaches
 * Event Hubs but not the team's webhook.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId } from '@meridian/domain';
import { createSecretBox, decodeSecretsKey } from '@meridian/platform';
import {
  createTestDatabase,
  seedOrg,
  seedTeam,
  startEventHubsEmulator,
  waitFor,
  type EventHubsEmulator,
  type TestDatabase,
} from '@meridian/test-utils';
import { AMQP_URL, describeWithBroker } from './support/broker';
import { SECRETS_KEY, startEventDelivery, type DeliveryProcess } from './support/event-delivery-harness';

const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 8).toString('base64')}`;

describeWithBroker('ETL delivery by the event-delivery process', () => {
  let db: TestDatabase;
  let delivery: DeliveryProcess | undefined;
  let emulator: EventHubsEmulator | undefined;
  let receiver: Server | undefined;
  const webhookBodies: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    emulator = await startEventHubsEmulator({ hubs: ['meridian-events', 'meridian-daily'] });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        webhookBodies.push(Buffer.concat(chunks).toString('utf8'));
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    delivery = await startEventDelivery({
      dbUrl: db.url,
      amqpUrl: AMQP_URL,
      env: {
        DELIVERY_RETRY_SCHEDULE_MS: '0,10,10',
        ETL_RETRY_SCHEDULE_MS: '0,50,50',
        ETL_SEND_TIMEOUT_MS: '5000',
        WEBHOOK_TIMEOUT_MS: '15000',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await delivery?.proc.stop();
    await emulator?.close();
    await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
    await db?.destroy();
  });

  it('delivers outbox events to Event Hubs by routing, with properties and gzip; ETL-only events skip webhooks', async () => {
    const secretBox = createSecretBox(decodeSecretsKey(SECRETS_KEY));
    const org = await seedOrg(db.knex);
    const { teamId } = await seedTeam(db.knex, org.orgId);
    await db.knex('etl_pipelines').insert({
      team_id: teamId,
      environment: 'sandbox',
      push_historical_data: true,
      preferences: JSON.stringify({ preferred: 'azure_amqp', enabled: ['azure_amqp', 'webhook'] }),
      azure_amqp: JSON.stringify({
        default_event_hub: 'meridian-events',
        event_hub_matchers: [{ event_type_prefix: 'daily.data.', event_hub: 'meridian-daily' }],
        compression: 'always',
      }),
      azure_connection_string_ciphertext: secretBox.seal(emulator!.connectionString()),
    });
    const { address, port } = receiver!.address() as AddressInfo;
    await db.knex('webhooks').insert({
      id: 'ep_e2eetl000000000000000000',
      team_id: teamId,
      environment: 'sandbox',
      url: `http://${address}:${port}/hooks`,
      secret_ciphertext: secretBox.seal(WEBHOOK_SECRET),
    });

    const userId = newId();
    const owner = { userId, clientUserId: 'e2e-etl', teamId };
    const [live, historical, order] = await createOutboxRepository(db.knex).append([
      {
        teamId,
        environment: 'sandbox',
        userId,
        envelope: eventEnvelope('daily.data.steps.created', { steps: 7 }, owner),
      },
      {
        teamId,
        environment: 'sandbox',
        userId,
        envelope: eventEnvelope('daily.data.sleep.created', { historical: true }, owner),
        etlOnly: true,
      },
      {
        teamId,
        environment: 'sandbox',
        userId,
        envelope: eventEnvelope('labtest.order.created', { order: 'o1' }, owner),
      },
    ]);

    await waitFor(() => emulator!.events.length >= 3, { timeoutMs: 30_000 });
    const rows = await db.knex('etl_messages').where({ team_id: teamId });
    const rowOf = (eventId: string | undefined) => rows.find((r) => r.event_id === eventId)!;
    const received = (eventId: string | undefined) =>
      emulator!.events.find((e) => e.properties['idempotency-key'] === rowOf(eventId).id)!;

    expect(received(live).hub).toBe('meridian-daily');
    expect(received(historical).hub).toBe('meridian-daily');
    expect(received(order).hub).toBe('meridian-events');
    expect(received(live).properties).toEqual({
      'event-type': 'daily.data.steps.created',
      'user-id': userId,
      'team-id': teamId,
      'content-encoding': 'gzip',
      'idempotency-key': rowOf(live).id,
    });
    expect(received(live).partitionKey).toBe(userId);
    expect(JSON.parse(gunzipSync(received(live).body).toString('utf8'))).toMatchObject({
      event_type: 'daily.data.steps.created',
      user_id: userId,
      data: { steps: 7 },
    });
    await waitFor(async () => {
      const done = await db.knex('etl_messages').where({ team_id: teamId, status: 'succeeded' });
      return done.length === 3;
    });

    // The webhook gets the two ordinary events, never the ETL-only historical one.
    await waitFor(() => webhookBodies.length >= 2, { timeoutMs: 30_000 });
    const types = webhookBodies.map((b) => (JSON.parse(b) as { event_type: string }).event_type);
    expect(types.sort()).toEqual(['daily.data.steps.created', 'labtest.order.created']);
    const webhookEvents = await db.knex('webhook_messages').pluck('event_id');
    expect(webhookEvents).not.toContain(historical);
  });
});
