/**
 * A webhook endpoint for tests: records every delivery (headers, raw body, signature check) and answers
 * as told per attempt — 2xx, an error status, slowly, or never (hanging past the sender's timeout).
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Checks a delivery's signature and returns the parsed payload, throwing when it does not verify. Pass the
 * `standardwebhooks` library's `new Webhook(secret)` (kept out of this package's dependencies).
 */
export interface WebhookVerifier {
  verify(payload: string, headers: Record<string, string>): unknown;
}

/** How to answer one delivery attempt. */
export type ReceiverAnswer =
  | { kind: 'ok'; status?: number }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'slow'; delayMs: number; status?: number }
  /** Reads the request and never answers (until the sender gives up or the receiver closes). */
  | { kind: 'hang' };

export const answer = {
  ok: (status = 204): ReceiverAnswer => ({ kind: 'ok', status }),
  status: (status: number, body?: string): ReceiverAnswer => ({ kind: 'status', status, body }),
  slow: (delayMs: number, status = 204): ReceiverAnswer => ({ kind: 'slow', delayMs, status }),
  hang: (): ReceiverAnswer => ({ kind: 'hang' }),
};

export interface ReceivedDelivery {
  /** The `webhook-id` header (stable across retries of one message). */
  webhookId: string;
  /** 1-based count of deliveries with this webhook-id so far, this one included. */
  attempt: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The verifier's payload, or undefined when the signature did not verify. */
  payload: unknown;
  verified: boolean;
  verifyError: string | undefined;
  receivedAt: Date;
  answer: ReceiverAnswer;
  /** The status sent in full; undefined while hanging or when the sender hung up first. */
  status: number | undefined;
  /** The sender closed the connection before an answer was sent (e.g. its timeout fired). */
  senderHungUp: boolean;
}

/** Chooses the answer to a delivery (after its signature has been checked). */
export type Responder = (delivery: {
  webhookId: string;
  attempt: number;
  verified: boolean;
}) => ReceiverAnswer;

export interface WebhookReceiver {
  /** The endpoint URL (`http://127.0.0.1:<port><path>`). */
  readonly url: string;
  readonly deliveries: readonly ReceivedDelivery[];
  /** Deliveries answered with a 2xx. */
  succeeded(): ReceivedDelivery[];
  /** Deliveries grouped by webhook-id, in arrival order. */
  byWebhookId(): Map<string, ReceivedDelivery[]>;
  setResponder(responder: Responder): void;
  close(): Promise<void>;
}

export interface WebhookReceiverOptions {
  verifier: WebhookVerifier;
  path?: string;
  /** Default: 204 to verified deliveries, 400 to the others. */
  responder?: Responder;
}

const verifiedOk: Responder = ({ verified }) => (verified ? answer.ok() : answer.status(400));

/** Failing answers for the first `n` attempts of each message, then `then` (default 204). */
export function failFirst(n: number, failure: ReceiverAnswer, then: ReceiverAnswer = answer.ok()): Responder {
  return ({ attempt, verified }) => {
    if (!verified) return answer.status(400);
    return attempt <= n ? failure : then;
  };
}

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.keys(headers).map((name) => [name, headerValue(headers, name)]));
}

export async function startWebhookReceiver(options: WebhookReceiverOptions): Promise<WebhookReceiver> {
  const path = options.path ?? '/hooks';
  let responder = options.responder ?? verifiedOk;
  const deliveries: ReceivedDelivery[] = [];
  const attempts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  function reply(res: ServerResponse, delivery: ReceivedDelivery, status: number, body = ''): void {
    if (res.destroyed || res.writableEnded) return;
    res.once('finish', () => (delivery.status = status));
    res.statusCode = status;
    res.end(body);
  }

  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== path) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const webhookId = headerValue(req.headers, 'webhook-id');
      const attempt = (attempts.get(webhookId) ?? 0) + 1;
      attempts.set(webhookId, attempt);
      let payload: unknown;
      let verifyError: string | undefined;
      try {
        payload = options.verifier.verify(body, flatHeaders(req.headers));
      } catch (err) {
        verifyError = (err as Error).message || String(err);
      }
      const verified = verifyError === undefined;
      const chosen = responder({ webhookId, attempt, verified });
      const delivery: ReceivedDelivery = {
        webhookId,
        attempt,
        headers: req.headers,
        body,
        payload,
        verified,
        verifyError,
        receivedAt: new Date(),
        answer: chosen,
        status: undefined,
        senderHungUp: false,
      };
      deliveries.push(delivery);
      res.once('close', () => {
        if (!res.writableFinished) delivery.senderHungUp = true;
      });
      switch (chosen.kind) {
        case 'ok':
          reply(res, delivery, chosen.status ?? 204);
          break;
        case 'status':
          reply(res, delivery, chosen.status, chosen.body);
          break;
        case 'slow': {
          const timer = setTimeout(() => {
            timers.delete(timer);
            reply(res, delivery, chosen.status ?? 204);
          }, chosen.delayMs);
          timers.add(timer);
          break;
        }
        case 'hang':
          break;
      }
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${path}`,
    deliveries,
    succeeded: () => deliveries.filter((d) => d.status !== undefined && d.status >= 200 && d.status < 300),
    byWebhookId() {
      const groups = new Map<string, ReceivedDelivery[]>();
      for (const d of deliveries) groups.set(d.webhookId, [...(groups.get(d.webhookId) ?? []), d]);
      return groups;
    },
    setResponder(next) {
      responder = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
