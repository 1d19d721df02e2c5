import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  ClientCredentials,
  ConnectorContext,
  InboundWebhook,
  ProviderTokens,
  WebhookNotification,
  WebhookResult,
  WebhookSpec,
} from '../../connector';
import { ProviderHttpStatusError } from '../../http';
import type { FitbitNotification } from './fitbit-types';

/**
 * Fitbit Subscriptions API (dev.fitbit.com, "Subscriptions"): the subscriber endpoint is verified with
 * `GET ?verify=<code>` (204 for the subscriber's verification code, 404 otherwise); notifications are a
 * JSON array signed in `X-Fitbit-Signature` (base64 HMAC-SHA1 of the raw body keyed with
 * `<client secret>&`), answered 204; a bad signature is answered 404 as Fitbit asks.
 */

const STREAMS_BY_COLLECTION: Record<string, string[]> = {
  activities: ['activity', 'heartrate', 'workouts'],
  sleep: ['sleep'],
  body: ['body'],
  userRevokedAccess: [],
  deleteUser: [],
};
const DAY_MS = 86_400_000;

/** Every verification code the client is configured with (platform `verify_code`, team `fitbit.*_verify_token`). */
export function fitbitVerificationCodes(client: ClientCredentials): string[] {
  const details = client.details ?? {};
  const codes: string[] = [];
  if (typeof details.verify_code === 'string') codes.push(details.verify_code);
  const nested = details.fitbit;
  if (typeof nested === 'object' && nested !== null) {
    for (const [key, value] of Object.entries(nested as Record<string, unknown>)) {
      if (key.endsWith('_verify_token') && typeof value === 'string') codes.push(value);
    }
  }
  return codes.filter((c) => c !== '');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function fitbitSignature(clientSecret: string, rawBody: Buffer): string {
  return createHmac('sha1', `${clientSecret}&`).update(rawBody).digest('base64');
}

function handle(req: InboundWebhook, client: ClientCredentials): WebhookResult {
  if (req.method === 'GET') {
    const verify = req.query.verify ?? '';
    const ok = verify !== '' && fitbitVerificationCodes(client).some((code) => same(verify, code));
    return ok
      ? { kind: 'challenge', status: 204, body: null }
      : { kind: 'rejected', status: 404, reason: 'wrong verification code' };
  }
  const signature = req.headers['x-fitbit-signature'] ?? '';
  if (!same(signature, fitbitSignature(client.clientSecret, req.rawBody)))
    return { kind: 'rejected', status: 404, reason: 'bad X-Fitbit-Signature' };
  let items: unknown;
  try {
    items = JSON.parse(req.rawBody.toString('utf8'));
  } catch {
    return { kind: 'rejected', status: 400, reason: 'body is not JSON' };
  }
  if (!Array.isArray(items))
    return { kind: 'rejected', status: 400, reason: 'body is not a notification list' };
  return {
    kind: 'notifications',
    status: 204,
    notifications: notificationsOf(items as FitbitNotification[]),
  };
}

/** One notification per owner and collection; the date (local to the user) becomes a window around it. */
export function notificationsOf(items: FitbitNotification[]): WebhookNotification[] {
  const out: WebhookNotification[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null || typeof item.ownerId !== 'string' || item.ownerId === '')
      continue;
    const collection = item.collectionType ?? '';
    if (collection === 'userRevokedAccess' || collection === 'deleteUser') {
      out.push({ externalUserId: item.ownerId, streams: [], deregistered: true });
      continue;
    }
    const streams = STREAMS_BY_COLLECTION[collection];
    if (!streams || streams.length === 0) continue;
    const day =
      typeof item.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(item.date)
        ? Date.parse(`${item.date}T00:00:00Z`)
        : NaN;
    // The date is local to the user, whose zone the webhook does not say: a day either side covers every zone.
    out.push({
      externalUserId: item.ownerId,
      streams: [...streams],
      start: Number.isNaN(day) ? null : new Date(day - DAY_MS),
      end: Number.isNaN(day) ? null : new Date(day + 2 * DAY_MS),
    });
  }
  return out;
}

/** Subscribes the user to every collection (one subscription per user, id derived from the account). */
async function subscribe(ctx: ConnectorContext, tokens: ProviderTokens): Promise<void> {
  const id = `meridian-${tokens.externalUserId ?? 'user'}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 50);
  const subscriberId = ctx.client.details?.subscriber_id;
  try {
    await ctx.api.request({
      method: 'POST',
      path: `/1/user/-/apiSubscriptions/${id}.json`,
      bearer: tokens.accessToken,
      headers: typeof subscriberId === 'string' ? { 'x-fitbit-subscriber-id': subscriberId } : {},
      retryAfterHeader: 'fitbit-rate-limit-reset',
    });
  } catch (err) {
    // 409: the subscription exists already (a re-link); nothing to do.
    if (err instanceof ProviderHttpStatusError && err.status === 409) return;
    throw err;
  }
}

export const fitbitWebhook: WebhookSpec = { handle, subscribe: (ctx, tokens) => subscribe(ctx, tokens) };
