import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ClientCredentials, InboundWebhook, WebhookResult, WebhookSpec } from '../../connector';

/**
 * WHOOP webhooks (developer.whoop.com/docs/developing/webhooks): a JSON POST `{user_id, id, type, trace_id}`
 * with `type` one of `sleep.updated|deleted`, `recovery.updated|deleted`, `workout.updated|deleted`, signed
 * with `X-WHOOP-Signature` = base64(HMAC-SHA256(client secret, `X-WHOOP-Signature-Timestamp` + raw body)),
 * the timestamp in epoch milliseconds. A notification only says what to fetch again.
 */
export const WHOOP_SIGNATURE_HEADER = 'x-whoop-signature';
export const WHOOP_TIMESTAMP_HEADER = 'x-whoop-signature-timestamp';
/** Older (or future) signatures are refused: a captured request cannot be replayed later. */
export const WHOOP_SIGNATURE_TOLERANCE_MS = 5 * 60_000;

const STREAM_OF_TYPE: Readonly<Record<string, string>> = {
  sleep: 'sleep',
  recovery: 'recovery',
  workout: 'workouts',
};

export function whoopSignature(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(timestamp).update(rawBody).digest('base64');
}

function header(req: InboundWebhook, name: string): string | undefined {
  for (const [k, v] of Object.entries(req.headers)) if (k.toLowerCase() === name) return v;
  return undefined;
}

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function handleWhoopWebhook(
  req: InboundWebhook,
  client: ClientCredentials,
  nowMs = Date.now(),
): WebhookResult {
  if (req.method.toUpperCase() !== 'POST')
    return { kind: 'rejected', status: 405, reason: 'method not allowed' };
  const signature = header(req, WHOOP_SIGNATURE_HEADER);
  const timestamp = header(req, WHOOP_TIMESTAMP_HEADER);
  if (!signature || !timestamp) return { kind: 'rejected', status: 401, reason: 'signature headers missing' };
  if (!sameSignature(signature, whoopSignature(client.clientSecret, timestamp, req.rawBody)))
    return { kind: 'rejected', status: 401, reason: 'signature mismatch' };
  const sentAt = Number(timestamp);
  if (!Number.isFinite(sentAt) || Math.abs(nowMs - sentAt) > WHOOP_SIGNATURE_TOLERANCE_MS)
    return { kind: 'rejected', status: 401, reason: 'signature timestamp outside the tolerance' };
  let payload: unknown;
  try {
    payload = JSON.parse(req.rawBody.toString('utf8'));
  } catch {
    return { kind: 'rejected', status: 400, reason: 'body is not JSON' };
  }
  const { user_id: userId, type } = (payload ?? {}) as { user_id?: unknown; type?: unknown };
  if (
    (typeof userId !== 'number' && typeof userId !== 'string') ||
    String(userId) === '' ||
    typeof type !== 'string'
  )
    return { kind: 'rejected', status: 400, reason: 'user_id or type missing' };
  const stream = STREAM_OF_TYPE[type.split('.')[0] ?? ''];
  // An event type we do not use is acknowledged, or WHOOP would retry it.
  if (!stream) return { kind: 'notifications', notifications: [], status: 204 };
  return {
    kind: 'notifications',
    notifications: [{ externalUserId: String(userId), streams: [stream], start: null, end: null }],
    status: 204,
  };
}

export const whoopWebhook: WebhookSpec = { handle: (req, client) => handleWhoopWebhook(req, client) };
