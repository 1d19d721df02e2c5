import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  ClientCredentials,
  ConnectorContext,
  InboundWebhook,
  WebhookNotification,
  WebhookResult,
} from '../../connector';
import { ProviderResponseError } from '../../errors';

/**
 * Polar AccessLink webhooks (https://www.polar.com/accesslink-api/#webhooks). One webhook per client app,
 * created with `POST /v3/webhooks` (Basic client auth); the creation answer carries `signature_secret_key`,
 * shown once, which the operator stores as the credential's `details.webhook_secret`. Each event is a POST of
 * `{event, user_id, entity_id, timestamp, url}` signed in `Polar-Webhook-Signature` (HMAC-SHA256 of the raw
 * body, hex). Polar sends a PING when the webhook is created — before anyone can know the secret — so a PING
 * is answered 200 without a signature check; it carries no data and triggers nothing.
 */

/** Event types → the streams that hold their data. Events not listed (SleepWise, physical info) are acknowledged. */
const EVENT_STREAMS: Record<string, string> = {
  EXERCISE: 'exercises',
  SLEEP: 'sleep',
  NIGHTLY_RECHARGE: 'sleep',
  CONTINUOUS_HEART_RATE: 'heart_rate',
  ACTIVITY_SUMMARY: 'activity',
};

export const POLAR_WEBHOOK_EVENTS = [
  'EXERCISE',
  'SLEEP',
  'CONTINUOUS_HEART_RATE',
  'ACTIVITY_SUMMARY',
] as const;

const DAY_MS = 86_400_000;

function header(req: InboundWebhook, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(req.headers)) if (k.toLowerCase() === wanted) return v;
  return undefined;
}

export function polarSignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

function signatureMatches(secret: string, rawBody: Buffer, given: string): boolean {
  const expected = Buffer.from(polarSignature(secret, rawBody), 'hex');
  const actual = Buffer.from(given.trim().toLowerCase(), 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The day an event is about (from its URL or entity id), widened a day each side for time zones. */
function eventWindow(event: Record<string, unknown>): { start: Date; end: Date } | null {
  const candidates = [
    typeof event.url === 'string' ? event.url : '',
    typeof event.entity_id === 'string' ? event.entity_id : '',
  ];
  for (const c of candidates) {
    const date = /(\d{4}-\d{2}-\d{2})(?:[/?#]|$)/.exec(c)?.[1];
    if (date) {
      const day = Date.parse(`${date}T00:00:00Z`);
      if (!Number.isNaN(day)) return { start: new Date(day - DAY_MS), end: new Date(day + 2 * DAY_MS) };
    }
  }
  return null;
}

export function handlePolarWebhook(req: InboundWebhook, client: ClientCredentials): WebhookResult {
  let body: unknown;
  try {
    body = JSON.parse(req.rawBody.toString('utf8'));
  } catch {
    return { kind: 'rejected', status: 400, reason: 'body is not JSON' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { kind: 'rejected', status: 400, reason: 'body is not an event object' };
  const event = body as Record<string, unknown>;
  if (event.event === 'PING') return { kind: 'notifications', notifications: [], status: 200 };

  const secret = client.details?.webhook_secret;
  if (typeof secret !== 'string' || secret === '')
    return { kind: 'rejected', status: 401, reason: 'no Polar webhook secret is configured for this client' };
  const signature = header(req, 'Polar-Webhook-Signature');
  if (!signature || !signatureMatches(secret, req.rawBody, signature))
    return { kind: 'rejected', status: 401, reason: 'Polar-Webhook-Signature does not match' };

  if (typeof event.event !== 'string') return { kind: 'rejected', status: 400, reason: 'event type missing' };
  const userId = event.user_id;
  if (!(typeof userId === 'number' || (typeof userId === 'string' && userId !== '')))
    return { kind: 'rejected', status: 400, reason: 'user_id missing' };
  const stream = EVENT_STREAMS[event.event];
  if (!stream) return { kind: 'notifications', notifications: [], status: 200 };
  // Exercises are listed by upload, not by a day: fetch since the last sync.
  const window = stream === 'exercises' ? null : eventWindow(event);
  const notification: WebhookNotification = {
    externalUserId: String(userId),
    streams: [stream],
    start: window?.start ?? null,
    end: window?.end ?? null,
  };
  return { kind: 'notifications', notifications: [notification], status: 200 };
}

export interface PolarWebhookRegistration {
  id: string;
  url: string;
  events: string[];
  /** Returned once, at creation: store it as the credential's `details.webhook_secret`. */
  signatureSecretKey: string;
}

/**
 * Creates the app's webhook (`POST /v3/webhooks`, Basic client auth). Polar PINGs `url` first and refuses
 * the webhook unless it answers 200. An operator step, not per connection (one webhook serves all users).
 */
export async function createPolarWebhook(
  ctx: ConnectorContext,
  url: string,
  events: readonly string[] = POLAR_WEBHOOK_EVENTS,
): Promise<PolarWebhookRegistration> {
  const res = await ctx.api.request<{ data?: Record<string, unknown> }>({
    method: 'POST',
    path: '/v3/webhooks',
    json: { events, url },
    basic: { username: ctx.client.clientId, password: ctx.client.clientSecret },
  });
  const data = res.data?.data;
  if (!data || typeof data.id !== 'string' || typeof data.signature_secret_key !== 'string')
    throw new ProviderResponseError('Polar webhook creation answered without id or signature_secret_key');
  return {
    id: data.id,
    url: typeof data.url === 'string' ? data.url : url,
    events: Array.isArray(data.events) ? data.events.map(String) : [...events],
    signatureSecretKey: data.signature_secret_key,
  };
}
