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
import { AMQP_URL, brokerOrSkip } from './support/broker';
import { freePort, runTs, waitReady, type RunningProcess } from './support/processes';

const SECRETS_KEY = Buffer.alloc(32, 42).toString('base64');
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

describe('webhook delivery by the event-delivery process', () => {
  let db: TestDatabase;
  let available = false;
  let proc: RunningProcess | undefined;
  let receiver: WebhookReceiver | undefined;

  beforeAll(async () => {
    available = await brokerOrSkip();
    if (!available) return;
    db = await createTestDatabase();
    receiver = await startWebhookReceiver({ verifier: new Webhook(SECRET) });
    const port = await freePort();
    proc = runTs('event-delivery', 'services/event-delivery/src/main.ts', {
      ...process.env,
      DATABASE_URL: db.url,
      AMQP_URL,
      LOG_LEVEL: 'warn',
      HEALTH_PORT: String(port),
      SECRETS_ENCRYPTION_KEY: SECRETS_KEY,
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
      DELIVERY_RETRY_SCHEDULE_MS: '0,10,10',
    });
    await waitReady(`http://127.0.0.1:${port}`, proc, 90_000);
  }, 120_000);

  afterAll(async () => {
    await proc?.stop();
    await receiver?.close();
    await db?.destroy();
  });

  it('delivers an outbox event to the webhook, signed and verifiable', async () => {
    if (!available) return;
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
