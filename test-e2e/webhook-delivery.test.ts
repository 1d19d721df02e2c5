/**
 * The event-delivery process on its own against real PostgreSQL and RabbitMQ: an outbox event is relayed,
 * fanned out to a webhook stored as the management API stores it (sealed secret), and delivered signed to
 * a local receiver that verifies it with the standardwebhooks library.
 */
import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId } from '@meridian/domain';
import { createSecretBox, decodeSecretsKey } from '@meridian/platform';
import {
  createTestDatabase,
  seedOrg,
  seedTeam,
  startWebhookReceiver,
  waitFor,
  type TestDatabase,
  type WebhookReceiver,
} from '@meridian/test-utils';
import { Webhook } from 'standardwebhooks';
import { AMQP_URL, describeWithBroker } from './support/broker';
import { SECRETS_KEY, startEventDelivery, type DeliveryProcess } from './support/event-delivery-harness';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

describeWithBroker('webhook delivery by the event-delivery process', () => {
  let db: TestDatabase;
  let delivery: DeliveryProcess | undefined;
  let receiver: WebhookReceiver | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    receiver = await startWebhookReceiver({ verifier: new Webhook(SECRET) });
    delivery = await startEventDelivery({
      dbUrl: db.url,
      amqpUrl: AMQP_URL,
      env: { DELIVERY_RETRY_SCHEDULE_MS: '0,10,10', WEBHOOK_TIMEOUT_MS: '15000' },
    });
  }, 120_000);

  afterAll(async () => {
    await delivery?.proc.stop();
    await receiver?.close();
    await db?.destroy();
  });

  it('delivers an outbox event to the webhook, signed and verifiable', async () => {
    const org = await seedOrg(db.knex);
    const { teamId } = await seedTeam(db.knex, org.orgId);
    await db.knex('webhooks').insert({
      id: 'ep_e2e000000000000000000000',
      team_id: teamId,
      environment: 'sandbox',
      url: receiver!.url,
      filter_types: ['daily.data.steps.created'],
      secret_ciphertext: createSecretBox(decodeSecretsKey(SECRETS_KEY)).seal(SECRET),
    });
    const userId = newId();
    const [eventId] = await createOutboxRepository(db.knex).append([
      {
        teamId,
        environment: 'sandbox',
        userId,
        envelope: eventEnvelope(
          'daily.data.steps.created',
          { steps: 7 },
          { userId, clientUserId: 'e2e', teamId },
        ),
      },
    ]);

    await waitFor(() => receiver!.deliveries.length > 0, { timeoutMs: 30_000 });
    const [delivery] = receiver!.deliveries;
    expect(delivery!.verifyError).toBeUndefined();
    expect(delivery!.payload).toMatchObject({
      event_type: 'daily.data.steps.created',
      user_id: userId,
      team_id: teamId,
      data: { steps: 7 },
    });
    const message = await db.knex('webhook_messages').where({ event_id: eventId }).first();
    expect(delivery!.headers['webhook-id']).toBe(message.id);
    await waitFor(async () => {
      const row = await db.knex('webhook_messages').where({ event_id: eventId }).first();
      return row.status === 'succeeded';
    });
  });
});
