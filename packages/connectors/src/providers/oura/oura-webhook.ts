import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  ClientCredentials,
  ConnectorContext,
  InboundWebhook,
  ProviderTokens,
  WebhookResult,
  WebhookSpec,
} from '../../connector';
import type { OuraWebhookEvent } from './oura-types';

/**
 * Oura webhooks ("Webhook Subscription Routes" of the Oura API v2 document): subscriptions are per app
 * (`x-client-id`/`x-client-secret`), one per event type and data type; Oura verifies the callback with a
 * GET carrying our `verification_token` and a `challenge` we echo; events are signed in
 * `x-oura-signature` (uppercase hex HMAC-SHA256 of `x-oura-timestamp` + body, keyed with the client
 * secret) and name the user, the data type and the changed document.
 */

const STREAMS_BY_DATA_TYPE: Record<string, string[]> = {
  sleep: ['sleep'],
  daily_sleep: ['sleep'],
  daily_readiness: ['sleep'],
  sleep_time: ['sleep'],
  daily_activity: ['activity'],
  workout: ['workouts'],
  session: ['workouts'],
};
const SUBSCRIBED_DATA_TYPES = ['sleep', 'daily_activity', 'workout'];
const SUBSCRIBED_EVENTS = ['create', 'update'];

/** The verification token: the team's configured one, else one derived from the client secret. */
export function ouraVerificationToken(client: ClientCredentials): string {
  const configured = client.details?.verification_token;
  if (typeof configured === 'string' && configured !== '') return configured;
  return createHmac('sha256', client.clientSecret)
    .update('meridian-oura-webhook-verification')
    .digest('hex')
    .slice(0, 32);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function handle(req: InboundWebhook, client: ClientCredentials): WebhookResult {
  if (req.method === 'GET') {
    const token = req.query.verification_token ?? '';
    const challenge = req.query.challenge;
    if (!challenge || !sameText(token, ouraVerificationToken(client)))
      return { kind: 'rejected', status: 401, reason: 'verification token does not match' };
    return { kind: 'challenge', status: 200, body: { challenge } };
  }
  const signature = req.headers['x-oura-signature'] ?? '';
  const timestamp = req.headers['x-oura-timestamp'] ?? '';
  const expected = createHmac('sha256', client.clientSecret)
    .update(Buffer.concat([Buffer.from(timestamp), req.rawBody]))
    .digest('hex')
    .toUpperCase();
  if (!timestamp || !sameText(signature.toUpperCase(), expected))
    return { kind: 'rejected', status: 401, reason: 'bad x-oura-signature' };
  let event: OuraWebhookEvent;
  try {
    event = JSON.parse(req.rawBody.toString('utf8')) as OuraWebhookEvent;
  } catch {
    return { kind: 'rejected', status: 400, reason: 'body is not JSON' };
  }
  if (
    typeof event !== 'object' ||
    event === null ||
    typeof event.user_id !== 'string' ||
    event.user_id === ''
  )
    return { kind: 'rejected', status: 400, reason: 'event without user_id' };
  const streams = STREAMS_BY_DATA_TYPE[event.data_type ?? ''] ?? [];
  return {
    kind: 'notifications',
    status: 200,
    notifications:
      streams.length > 0 ? [{ externalUserId: event.user_id, streams, start: null, end: null }] : [],
  };
}

/** Creates the app's subscriptions that point at `webhookUrl` and do not exist yet (idempotent). */
async function subscribe(ctx: ConnectorContext, _tokens: ProviderTokens, webhookUrl: string): Promise<void> {
  const headers = { 'x-client-id': ctx.client.clientId, 'x-client-secret': ctx.client.clientSecret };
  const existing = await ctx.api.request<
    { callback_url?: string; event_type?: string; data_type?: string }[]
  >({
    path: '/v2/webhook/subscription',
    headers,
  });
  const have = new Set(
    (Array.isArray(existing.data) ? existing.data : [])
      .filter((s) => s.callback_url === webhookUrl)
      .map((s) => `${s.event_type}/${s.data_type}`),
  );
  for (const data_type of SUBSCRIBED_DATA_TYPES) {
    for (const event_type of SUBSCRIBED_EVENTS) {
      if (have.has(`${event_type}/${data_type}`)) continue;
      await ctx.api.request({
        method: 'POST',
        path: '/v2/webhook/subscription',
        headers,
        json: {
          callback_url: webhookUrl,
          verification_token: ouraVerificationToken(ctx.client),
          event_type,
          data_type,
        },
      });
    }
  }
}

export const ouraWebhook: WebhookSpec = { handle, subscribe };
