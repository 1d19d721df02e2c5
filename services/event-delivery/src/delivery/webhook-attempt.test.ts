import { createSecretBox } from '@meridian/platform';
import { Webhook } from 'standardwebhooks';
import {
  activeSecrets,
  endpointHealth,
  exhaustedEvent,
  sendAttempt,
  settleAttempt,
  type Attempted,
  type AttemptResult,
  type Sendable,
} from './webhook-attempt';
import type { DeliveryEndpoint, DeliveryEvent } from './webhook-delivery.repository';

const secretBox = createSecretBox(Buffer.alloc(32, 3));
const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const body = JSON.stringify({
  event_type: 'daily.data.steps.created',
  user_id: 'u1',
  client_user_id: 'client-1',
  team_id: 't1',
  data: {},
});
const event: DeliveryEvent = {
  id: 'e1',
  teamId: 't1',
  environment: 'sandbox',
  userId: 'u1',
  eventType: 'daily.data.steps.created',
  body,
};
const endpoint: DeliveryEndpoint = {
  id: 'ep_a',
  url: 'http://127.0.0.1:1/hook',
  disabled: false,
  rateLimit: null,
  headers: { 'x-custom': 'yes' },
  secretCiphertext: secretBox.seal(secret),
  previousSecretCiphertext: null,
  previousSecretExpiresAt: null,
};

function attempted(
  result: Partial<AttemptResult>,
  opts: { attempts?: number; webhookId?: string; at?: number } = {},
): Attempted {
  return {
    message: {
      id: 'msg_1',
      eventId: 'e1',
      webhookId: opts.webhookId ?? 'ep_a',
      attempts: opts.attempts ?? 0,
    },
    event,
    result: {
      attemptedAt: new Date(opts.at ?? 1_000_000),
      durationMs: 5,
      statusCode: 200,
      responseBody: '',
      error: null,
      failure: null,
      retryAfterMs: undefined,
      ...result,
    },
  };
}

const schedule = [0, 5_000, 60_000];
const settle = (a: Attempted) => settleAttempt(a, { schedule, random: () => 0.5, now: 1_000_000 });

describe('webhook attempt steps', () => {
  it('sends the signed body with the endpoint headers, and turns a failed request into a result', async () => {
    const sendable: Sendable = {
      message: { id: 'msg_1', eventId: 'e1', webhookId: 'ep_a', attempts: 0 },
      endpoint,
      secrets: [secret],
      event,
    };
    let sent: { url: string; headers: Record<string, string>; body: string } | undefined;
    const ok = await sendAttempt(async (request) => {
      sent = request;
      return { statusCode: 429, headers: { 'retry-after': '7' }, body: 'slow down' };
    }, sendable);
    expect(sent!.url).toBe(endpoint.url);
    expect(sent!.headers['x-custom']).toBe('yes');
    expect(new Webhook(secret).verify(sent!.body, sent!.headers)).toEqual(JSON.parse(body));
    expect(ok).toMatchObject({ statusCode: 429, responseBody: 'slow down', retryAfterMs: 7000, error: null });

    const failed = await sendAttempt(async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    }, sendable);
    expect(failed).toMatchObject({ statusCode: null, error: 'connect ECONNREFUSED', responseBody: '' });
  });

  it('opens the previous secret only until it expires', () => {
    const rotated = {
      ...endpoint,
      previousSecretCiphertext: secretBox.seal('whsec_old'),
      previousSecretExpiresAt: new Date(2_000),
    };
    expect(activeSecrets(secretBox, rotated, new Date(1_000))).toEqual([secret, 'whsec_old']);
    expect(activeSecrets(secretBox, rotated, new Date(2_000))).toEqual([secret]);
  });

  it('settles a 2xx as succeeded, a 410 as gone, and schedules other failures until exhausted', () => {
    expect(settle(attempted({ statusCode: 204 }))).toMatchObject({
      outcome: 'succeeded',
      record: { status: 'succeeded', attempts: 1, nextAttemptAt: null },
    });
    expect(settle(attempted({ statusCode: 410 }))).toMatchObject({
      outcome: 'gone',
      gone: true,
      record: { status: 'failed', nextAttemptAt: null },
    });
    expect(settle(attempted({ statusCode: 500 }))).toMatchObject({
      outcome: 'failed_retry',
      record: { status: 'pending', attempts: 1, nextAttemptAt: new Date(1_005_000) },
    });
    expect(settle(attempted({ statusCode: 500 }, { attempts: 2 }))).toMatchObject({
      outcome: 'exhausted',
      record: { status: 'failed', attempts: 3, nextAttemptAt: null },
    });
  });

  it('waits for Retry-After when it is longer than the schedule', () => {
    const settled = settle(attempted({ statusCode: 429, retryAfterMs: 30_000 }));
    expect(settled.record.nextAttemptAt).toEqual(new Date(1_030_000));
  });

  it('marks an endpoint failing since its first failure after the last success, healthy when the last went through', () => {
    const health = endpointHealth([
      settle(attempted({ statusCode: 500 }, { webhookId: 'ep_a', at: 1 })),
      settle(attempted({ statusCode: 200 }, { webhookId: 'ep_a', at: 2 })),
      settle(attempted({ statusCode: 500 }, { webhookId: 'ep_a', at: 4 })),
      settle(attempted({ statusCode: null }, { webhookId: 'ep_a', at: 3 })),
      settle(attempted({ statusCode: 500 }, { webhookId: 'ep_b', at: 5 })),
      settle(attempted({ statusCode: 200 }, { webhookId: 'ep_b', at: 6 })),
      settle(attempted({ statusCode: 410 }, { webhookId: 'ep_c', at: 7 })),
    ]);
    expect(health.healthy).toEqual(['ep_b']);
    expect(health.failing).toEqual([
      { id: 'ep_a', reset: true, firstFailure: new Date(3), lastFailure: new Date(4), gone: false },
      { id: 'ep_c', reset: false, firstFailure: new Date(7), lastFailure: new Date(7), gone: true },
    ]);
  });

  it('builds message.attempt.exhausted from the original envelope', () => {
    const outbox = exhaustedEvent(attempted({ statusCode: 500 }));
    expect(outbox).toMatchObject({ teamId: 't1', environment: 'sandbox', userId: 'u1' });
    expect(outbox.envelope).toMatchObject({
      event_type: 'message.attempt.exhausted',
      user_id: 'u1',
      client_user_id: 'client-1',
      team_id: 't1',
      data: {
        webhook_id: 'ep_a',
        message_id: 'msg_1',
        original_event_type: 'daily.data.steps.created',
        last_attempt_at: new Date(1_000_000).toISOString(),
        last_response_status_code: 500,
      },
    });
  });
});
