import { createHmac, randomBytes } from 'node:crypto';
import express, { type Router } from 'express';

/**
 * Polar's app-level webhook (https://www.polar.com/accesslink-api/#webhooks): `POST /v3/webhooks` with Basic
 * client auth PINGs the URL first and only creates the webhook when it answers 200; the 201 answer carries
 * `signature_secret_key` once. Events are POSTed as `{event, user_id, entity_id, timestamp, url}` with
 * `Polar-Webhook-Event` and `Polar-Webhook-Signature` (HMAC-SHA256 of the raw body, hex).
 */

export interface PolarWebhookState {
  router: Router;
  /** Sends one signed event to `target`; answers the receiver's status. */
  send(target: string, event: Record<string, unknown>): Promise<number>;
}

interface Registered {
  id: string;
  url: string;
  events: string[];
}

export function createPolarWebhooks(opts: {
  secret: string;
  checkClient: (authorization: string | undefined) => boolean;
  now: () => Date;
}): PolarWebhookState {
  let webhook: Registered | null = null;

  async function post(target: string, body: string, eventType: string, signed: boolean): Promise<number> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'polar-webhook-event': eventType,
    };
    if (signed)
      headers['polar-webhook-signature'] = createHmac('sha256', opts.secret).update(body).digest('hex');
    try {
      const res = await fetch(target, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  const router = express.Router();
  router.use('/v3/webhooks', (req, res, next) => {
    if (!opts.checkClient(req.headers.authorization)) {
      res.status(401).json({ error: 'unauthorized', message: 'Client credentials required (HTTP Basic).' });
      return;
    }
    next();
  });
  router.post('/v3/webhooks', express.json(), async (req, res) => {
    const body = (req.body ?? {}) as { url?: unknown; events?: unknown };
    if (typeof body.url !== 'string' || !Array.isArray(body.events) || body.events.length === 0) {
      res.status(400).json({ error: 'bad_request', message: 'url and events are required' });
      return;
    }
    if (webhook) {
      res.status(409).json({ error: 'conflict', message: 'A webhook already exists for this client.' });
      return;
    }
    // The PING goes out unsigned: the receiver cannot know the secret yet.
    const ping = await post(
      body.url,
      JSON.stringify({ event: 'PING', timestamp: opts.now().toISOString() }),
      'PING',
      false,
    );
    if (ping !== 200) {
      res.status(400).json({ error: 'bad_request', message: `Webhook URL answered ${ping} to the PING.` });
      return;
    }
    webhook = { id: randomBytes(4).toString('hex'), url: body.url, events: body.events.map(String) };
    res.status(201).json({ data: { ...webhook, signature_secret_key: opts.secret } });
  });
  router.get('/v3/webhooks', (_req, res) => {
    res.json({ data: webhook ? [{ ...webhook, active: true }] : [] });
  });
  router.delete('/v3/webhooks/:id', (req, res) => {
    if (!webhook || webhook.id !== req.params.id) {
      res.status(404).json({ error: 'not_found' });
      return;
    }
    webhook = null;
    res.status(204).end();
  });

  return {
    router,
    send: (target, event) => post(target, JSON.stringify(event), String(event.event), true),
  };
}
