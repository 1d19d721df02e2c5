import { createHmac, randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';

/**
 * Oura webhook subscriptions (`/v2/webhook/subscription`, app credentials in `x-client-id` /
 * `x-client-secret`) with the verification handshake (GET callback?verification_token&challenge →
 * `{"challenge"}`), and signed event notifications (`x-oura-signature` = uppercase hex HMAC-SHA256 of
 * timestamp + body keyed with the client secret, `x-oura-timestamp` = unix seconds).
 */

export const OURA_DATA_TYPES = [
  'tag',
  'enhanced_tag',
  'workout',
  'session',
  'sleep',
  'daily_sleep',
  'daily_readiness',
  'daily_activity',
  'daily_spo2',
  'sleep_time',
  'rest_mode_period',
  'ring_configuration',
  'daily_stress',
  'daily_cardiovascular_age',
  'daily_resilience',
  'vo2_max',
  'meal',
] as const;
const EVENT_TYPES = ['create', 'update', 'delete'] as const;

export interface OuraSubscription {
  id: string;
  clientId: string;
  callback_url: string;
  event_type: string;
  data_type: string;
  expiration_time: string;
}

export interface OuraWebhooks {
  router: Router;
  subscriptions(): OuraSubscription[];
  /** Signs and POSTs an event to `target`, as Oura does; returns the receiver's status. */
  send(target: string, clientSecret: string, event: Record<string, unknown>): Promise<number>;
}

export function signOuraWebhook(clientSecret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', clientSecret)
    .update(timestamp + rawBody)
    .digest('hex')
    .toUpperCase();
}

export function createOuraWebhooks(opts: { clients: Map<string, string>; now: () => Date }): OuraWebhooks {
  const subs = new Map<string, OuraSubscription>();
  const router = express.Router();

  function appClient(req: Request, res: Response): string | null {
    const id = req.header('x-client-id') ?? '';
    if (!id || opts.clients.get(id) !== req.header('x-client-secret')) {
      res.status(401).json({ detail: 'Invalid client credentials' });
      return null;
    }
    return id;
  }

  const view = (s: OuraSubscription) => ({
    id: s.id,
    callback_url: s.callback_url,
    event_type: s.event_type,
    data_type: s.data_type,
    expiration_time: s.expiration_time,
  });
  const expiry = () => new Date(opts.now().getTime() + 90 * 86_400_000).toISOString();

  async function verifies(callbackUrl: string, token: string): Promise<boolean> {
    const challenge = randomUUID();
    const url = new URL(callbackUrl);
    url.searchParams.set('verification_token', token);
    url.searchParams.set('challenge', challenge);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) return false;
      const body = (await res.json()) as { challenge?: unknown };
      return body.challenge === challenge;
    } catch {
      return false;
    }
  }

  router.get('/v2/webhook/subscription', (req, res) => {
    const clientId = appClient(req, res);
    if (!clientId) return;
    res.json([...subs.values()].filter((s) => s.clientId === clientId).map(view));
  });

  router.post('/v2/webhook/subscription', express.json(), async (req, res) => {
    const clientId = appClient(req, res);
    if (!clientId) return;
    const b = (req.body ?? {}) as Record<string, unknown>;
    const missing = ['callback_url', 'verification_token', 'event_type', 'data_type'].filter(
      (k) => typeof b[k] !== 'string',
    );
    if (missing.length > 0) {
      res
        .status(422)
        .json({ detail: missing.map((k) => ({ loc: ['body', k], msg: 'Field required', type: 'missing' })) });
      return;
    }
    if (
      !(EVENT_TYPES as readonly string[]).includes(b.event_type as string) ||
      !(OURA_DATA_TYPES as readonly string[]).includes(b.data_type as string)
    ) {
      res.status(422).json({
        detail: [{ loc: ['body', 'data_type'], msg: 'Invalid event_type or data_type', type: 'enum' }],
      });
      return;
    }
    if (!(await verifies(b.callback_url as string, b.verification_token as string))) {
      res.status(400).json({ detail: 'Verification of the callback URL failed' });
      return;
    }
    const sub: OuraSubscription = {
      id: randomUUID(),
      clientId,
      callback_url: b.callback_url as string,
      event_type: b.event_type as string,
      data_type: b.data_type as string,
      expiration_time: expiry(),
    };
    subs.set(sub.id, sub);
    res.status(201).json(view(sub));
  });

  router.delete('/v2/webhook/subscription/:id', (req, res) => {
    const clientId = appClient(req, res);
    if (!clientId) return;
    const sub = subs.get(req.params.id ?? '');
    if (!sub || sub.clientId !== clientId) {
      res.status(403).json({ detail: 'Webhook with specified id does not exist.' });
      return;
    }
    subs.delete(sub.id);
    res.status(204).end();
  });

  router.put('/v2/webhook/subscription/renew/:id', (req, res) => {
    const clientId = appClient(req, res);
    if (!clientId) return;
    const sub = subs.get(req.params.id ?? '');
    if (!sub || sub.clientId !== clientId) {
      res.status(403).json({ detail: 'Webhook with specified id does not exist.' });
      return;
    }
    sub.expiration_time = expiry();
    res.json(view(sub));
  });

  return {
    router,
    subscriptions: () => [...subs.values()],
    async send(target, clientSecret, event) {
      const body = JSON.stringify(event);
      const timestamp = String(Math.floor(opts.now().getTime() / 1000));
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-oura-signature': signOuraWebhook(clientSecret, timestamp, body),
          'x-oura-timestamp': timestamp,
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    },
  };
}
