/**
 * What both phlebotomy partner emulators share: served areas (zip → IANA zone), switchable faults (in code
 * or over `PUT /__emulator/faults`, as in packages/provider-emulators), signed webhook delivery with a
 * record of each attempt, and listening on an ephemeral loopback port.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { isIanaTimeZone } from '@meridian/domain';

/** zip code → IANA zone of the area. */
export type ServedAreas = Record<string, string>;

export interface PartnerFaultSettings {
  /** Answer this 5xx status on API endpoints. */
  serverError?: number | null;
  /** Hold every API response this many milliseconds (beyond the client's timeout = a timeout). */
  delayMs?: number | null;
  /** Answer 200 with a truncated, unparsable JSON body. */
  malformed?: boolean;
  /** Answer 200 with valid JSON of the wrong shape. */
  wrongShape?: boolean;
  /** Answer 429 with `Retry-After`. */
  rateLimit?: { retryAfterSeconds: number } | null;
  /** Appointment-ready: the next book/reschedule finds its slot taken by someone else (409). */
  slotTaken?: boolean;
  /** Webhooks go out signed with the wrong secret, or with a timestamp an hour old. */
  webhookSignature?: 'wrong' | 'stale' | null;
  /** Apply the response faults to this many API requests only, then clear them (null: until cleared). */
  times?: number | null;
}

export interface PartnerFaults {
  get(): PartnerFaultSettings;
  set(settings: PartnerFaultSettings): void;
  clear(): void;
  /** Counts one faulted request; clears every fault once `times` is used up. */
  consume(): void;
  /** Takes the one-shot `slotTaken` fault if set. */
  takeSlotTaken(): boolean;
}

export function createPartnerFaults(): PartnerFaults {
  let current: PartnerFaultSettings = {};
  const faults: PartnerFaults = {
    get: () => current,
    set(settings) {
      current = { ...settings };
    },
    clear() {
      current = {};
    },
    consume() {
      if (typeof current.times === 'number') {
        current.times -= 1;
        if (current.times <= 0) current = {};
      }
    },
    takeSlotTaken() {
      if (!current.slotTaken) return false;
      current = { ...current, slotTaken: false };
      return true;
    },
  };
  return faults;
}

/** Applies the response faults to API routes (not to `/__emulator/*`). */
export function responseFaults(faults: PartnerFaults, wrongShapeBody: unknown) {
  return async (_req: Request, res: Response, next: NextFunction) => {
    const f = faults.get();
    if (!(f.serverError || f.delayMs || f.malformed || f.wrongShape || f.rateLimit)) return next();
    faults.consume();
    if (f.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, f.delayMs ?? 0);
        // The client gave up (its timeout): stop waiting, answer nobody.
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (res.destroyed || res.writableEnded) return;
    }
    if (f.rateLimit) {
      res.set('retry-after', String(f.rateLimit.retryAfterSeconds));
      res.status(429).json({ error: { code: 'rate_limited', message: 'Too many requests' } });
      return;
    }
    if (f.serverError) {
      res.status(f.serverError).json({ error: { code: 'internal_error', message: 'Server error' } });
      return;
    }
    if (f.malformed) {
      res.status(200).type('application/json').send('{"id": "apt_trunc');
      return;
    }
    if (f.wrongShape) {
      res.status(200).json(wrongShapeBody);
      return;
    }
    next();
  };
}

/** `GET|PUT|DELETE /__emulator/faults` and `GET|PUT /__emulator/areas`. */
export function controlRoutes(
  faults: PartnerFaults,
  areas: () => ServedAreas,
  setAreas: (a: ServedAreas) => void,
): express.Router {
  const router = express.Router();
  router.get('/__emulator/faults', (_req, res) => {
    res.json(faults.get());
  });
  router.put('/__emulator/faults', express.json(), (req, res) => {
    faults.set((req.body ?? {}) as PartnerFaultSettings);
    res.json(faults.get());
  });
  router.delete('/__emulator/faults', (_req, res) => {
    faults.clear();
    res.status(204).end();
  });
  router.get('/__emulator/areas', (_req, res) => {
    res.json(areas());
  });
  router.put('/__emulator/areas', express.json(), (req, res) => {
    try {
      setAreas(checkAreas(req.body));
      res.json(areas());
    } catch (err) {
      res.status(400).json({ error: { code: 'invalid_areas', message: (err as Error).message } });
    }
  });
  return router;
}

/** Served areas as given, checked: 5-digit zips, IANA zones. */
export function checkAreas(value: unknown): ServedAreas {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TypeError('areas must be an object of zip code → IANA time zone');
  const out: ServedAreas = {};
  for (const [zip, zone] of Object.entries(value)) {
    if (!/^\d{5}$/.test(zip)) throw new TypeError(`not a 5-digit zip code: ${zip}`);
    if (typeof zone !== 'string' || !isIanaTimeZone(zone))
      throw new TypeError(`not an IANA time zone for ${zip}`);
    out[zip] = zone;
  }
  return out;
}

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  /** HTTP status of the last attempt, or null when the target could not be reached. */
  status: number | null;
  attempts: number;
}

export interface WebhookSenderOptions {
  /** Builds the signature headers for a body at a timestamp (unix seconds) with a secret. */
  sign(secret: string, timestampSeconds: number, body: string): Record<string, string>;
  secret: string;
  faults: PartnerFaults;
  now: () => Date;
  /** Attempts per event (default 3), `retryDelayMs` apart (default 200). */
  attempts?: number;
  retryDelayMs?: number;
}

export interface WebhookSender {
  setTarget(url: string | null): void;
  send(eventId: string, type: string, payload: unknown): Promise<WebhookDelivery | null>;
  readonly deliveries: WebhookDelivery[];
}

/** Posts signed events to one target, retrying non-2xx answers a few times like a real partner. */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  let target: string | null = null;
  const deliveries: WebhookDelivery[] = [];
  const attempts = options.attempts ?? 3;
  return {
    deliveries,
    setTarget(url) {
      target = url;
    },
    async send(eventId, type, payload) {
      if (!target) return null;
      const body = JSON.stringify(payload);
      const delivery: WebhookDelivery = { eventId, type, status: null, attempts: 0 };
      deliveries.push(delivery);
      for (let i = 0; i < attempts; i += 1) {
        const fault = options.faults.get().webhookSignature;
        const nowSeconds = Math.floor(options.now().getTime() / 1000);
        const timestamp = fault === 'stale' ? nowSeconds - 3600 : nowSeconds;
        const secret = fault === 'wrong' ? `${options.secret}-not` : options.secret;
        delivery.attempts += 1;
        try {
          const res = await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...options.sign(secret, timestamp, body) },
            body,
            signal: AbortSignal.timeout(5000),
          });
          delivery.status = res.status;
          await res.arrayBuffer();
          if (res.ok) break;
        } catch {
          delivery.status = null;
        }
        if (i + 1 < attempts) await new Promise((r) => setTimeout(r, options.retryDelayMs ?? 200));
      }
      return delivery;
    },
  };
}

export interface RunningPartnerEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (port 0 = any free port). */
export function listenEmulator(app: Express, port = 0): Promise<RunningPartnerEmulator> {
  return new Promise((resolve, reject) => {
    const server: Server = app.listen(port, '127.0.0.1');
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
