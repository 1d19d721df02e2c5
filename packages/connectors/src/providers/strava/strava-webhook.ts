import { timingSafeEqual } from 'node:crypto';
import type { ClientCredentials, InboundWebhook, WebhookResult, WebhookSpec } from '../../connector';

/**
 * Strava push subscriptions (developers.strava.com/docs/webhooks). The callback is validated once with a GET
 * (`hub.mode=subscribe`, `hub.verify_token`, `hub.challenge`) answered `{"hub.challenge": …}` when the verify
 * token is ours (`ClientCredentials.details.verify_token`). Events are unsigned POSTs; when the app's
 * subscription id is configured (`details.subscription_id`) events of another subscription are refused.
 */

/** Activities are usually uploaded right after they end; updates (title, type, privacy) come later. */
const CREATE_LOOKBACK_MS = 3 * 86_400_000;
const UPDATE_LOOKBACK_MS = 30 * 86_400_000;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const idText = (v: unknown): string | null =>
  typeof v === 'number' || typeof v === 'string' ? String(v) : null;

function verify(req: InboundWebhook, client: ClientCredentials): WebhookResult {
  const expected = client.details?.verify_token;
  const mode = req.query['hub.mode'];
  const token = req.query['hub.verify_token'] ?? '';
  const challenge = req.query['hub.challenge'];
  if (typeof expected !== 'string' || expected === '')
    return { kind: 'rejected', status: 403, reason: 'no verify token configured' };
  if (mode !== 'subscribe' || !challenge)
    return { kind: 'rejected', status: 400, reason: 'not a subscription validation' };
  if (!sameSecret(token, expected)) return { kind: 'rejected', status: 403, reason: 'verify token mismatch' };
  return {
    kind: 'challenge',
    status: 200,
    body: { 'hub.challenge': challenge },
    contentType: 'application/json',
  };
}

interface StravaEvent {
  object_type?: unknown;
  object_id?: unknown;
  aspect_type?: unknown;
  owner_id?: unknown;
  subscription_id?: unknown;
  event_time?: unknown;
  updates?: unknown;
}

function event(req: InboundWebhook, client: ClientCredentials): WebhookResult {
  let body: StravaEvent;
  try {
    body = JSON.parse(req.rawBody.toString('utf8')) as StravaEvent;
  } catch {
    return { kind: 'rejected', status: 400, reason: 'body is not JSON' };
  }
  if (typeof body !== 'object' || body === null)
    return { kind: 'rejected', status: 400, reason: 'body is not an object' };
  const owner = body.owner_id;
  const eventTime = Number(body.event_time);
  if (
    (typeof owner !== 'number' && typeof owner !== 'string') ||
    String(owner) === '' ||
    !Number.isFinite(eventTime)
  )
    return { kind: 'rejected', status: 400, reason: 'event without owner_id or event_time' };
  const configured = idText(client.details?.subscription_id);
  if (configured !== null && configured !== idText(body.subscription_id))
    return { kind: 'rejected', status: 403, reason: 'event of another subscription' };
  const externalUserId = String(owner);
  const updates = (typeof body.updates === 'object' && body.updates !== null ? body.updates : {}) as Record<
    string,
    unknown
  >;
  if (body.object_type === 'athlete') {
    // Strava sends the deauthorization as an athlete update with authorized "false".
    const deauthorized = String(updates.authorized) === 'false';
    return {
      kind: 'notifications',
      notifications: deauthorized ? [{ externalUserId, streams: [], deregistered: true }] : [],
    };
  }
  if (body.object_type === 'activity' && (body.aspect_type === 'create' || body.aspect_type === 'update')) {
    const at = eventTime * 1000;
    const lookback = body.aspect_type === 'create' ? CREATE_LOOKBACK_MS : UPDATE_LOOKBACK_MS;
    return {
      kind: 'notifications',
      notifications: [
        {
          externalUserId,
          streams: ['activities'],
          start: new Date(at - lookback),
          end: new Date(at + 60_000),
        },
      ],
    };
  }
  // Deleted activities: ingestion keeps no deletion path for provider workouts yet, so they are acknowledged only.
  return { kind: 'notifications', notifications: [] };
}

export const stravaWebhook: WebhookSpec = {
  handle(req, client) {
    if (req.method === 'GET') return verify(req, client);
    if (req.method === 'POST') return event(req, client);
    return { kind: 'rejected', status: 405, reason: 'method not allowed' };
  },
};
