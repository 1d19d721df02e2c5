/**
 * Local emulator of the appointment-request partner API (`phlebfinders` tier, beta), as documented in
 * ../README.md ("Phlebfinders-tier API"): OAuth 2.0 client credentials, coverage by postal code, draw requests
 * that stay `open` with no time until a phlebotomist assigns themselves (after a configurable delay, or on
 * demand) and agrees a window, page-numbered listing, cancellation, and webhooks signed with
 * `X-PF-Timestamp` + `X-PF-Signature: v1=<base64 HMAC>`. Shapes follow public phlebotomist-marketplace
 * request APIs (a request is posted, a phlebotomist claims it, the partner notifies).
 */
import express, { type Response } from 'express';
import {
  addDays,
  DAY_MS,
  HOUR_MS,
  dayNumber,
  instantOfWallTime,
  isCalendarDate,
  localDateInZone,
  weekday,
} from '@meridian/domain';
import { signWebhookPayload } from '../webhook-signature';
import {
  checkAreas,
  controlRoutes,
  createPartnerFaults,
  createWebhookSender,
  randomId,
  responseFaults,
  type PartnerFaults,
  type ServedAreas,
  type WebhookSender,
} from './emulator-kit';

export const PHLEBFINDERS_DEFAULT_AREAS: ServedAreas = {
  '10001': 'America/New_York',
  '60601': 'America/Chicago',
  '73301': 'America/Chicago',
  '85004': 'America/Phoenix',
};

type DrawState = 'open' | 'assigned' | 'in_progress' | 'completed' | 'cancelled' | 'expired';
const CANCEL_REASONS = ['customer_request', 'order_cancelled', 'unreachable', 'other'];

export interface PhlebfindersEmulatorOptions {
  clientId?: string;
  clientSecret?: string;
  webhookSecret?: string;
  areas?: ServedAreas;
  now?: () => Date;
  /** A phlebotomist assigns themselves this long after a request (default 2000 ms; null: only `assign`). */
  assignAfterMs?: number | null;
  /** Access token lifetime (default 3600 s). */
  tokenTtlSeconds?: number;
}

interface StoredRequest {
  id: string;
  externalRef: string;
  state: DrawState;
  zip: string;
  timezone: string;
  window: { startMs: number; endMs: number } | null;
  phlebotomist: { id: string; first_name: string } | null;
  location: Record<string, unknown>;
  notes: string | null;
  cancelReason: string | null;
  createdMs: number;
  updatedMs: number;
}

export interface PhlebfindersEmulator {
  readonly provider: 'phlebfinders';
  app: express.Express;
  faults: PartnerFaults;
  client: { clientId: string; clientSecret: string };
  webhookSecret: string;
  /** Path of the API under the emulator's origin (`/api/v2`); the token endpoint is `/oauth/token`. */
  basePath: string;
  webhooks: WebhookSender;
  setWebhookTarget(url: string | null): void;
  setServedAreas(areas: ServedAreas): void;
  setNow(now: () => Date): void;
  setAssignAfterMs(ms: number | null): void;
  /** A phlebotomist assigns themselves (default window: next working day 09:00-10:00 local) and notifies. */
  assign(id: string, window?: { start: Date; end: Date }): Promise<void>;
  advance(id: string, state: 'in_progress' | 'completed' | 'cancelled' | 'expired'): Promise<void>;
  drawRequest(id: string): Readonly<StoredRequest> | undefined;
  /** Access tokens issued so far (how often a client asked for one). */
  tokensIssued(): number;
  /** Cancels pending assignment timers. */
  close(): void;
}

export function createPhlebfindersEmulator(options: PhlebfindersEmulatorOptions = {}): PhlebfindersEmulator {
  const client = {
    clientId: options.clientId ?? 'pf_client_test',
    clientSecret: options.clientSecret ?? 'pf_secret_test',
  };
  const webhookSecret = options.webhookSecret ?? 'pf_whsec_test';
  let areas = checkAreas(options.areas ?? PHLEBFINDERS_DEFAULT_AREAS);
  let now = options.now ?? (() => new Date());
  let assignAfterMs = options.assignAfterMs === undefined ? 2000 : options.assignAfterMs;
  const tokenTtl = options.tokenTtlSeconds ?? 3600;
  const faults = createPartnerFaults();
  const tokens = new Map<string, number>();
  let issued = 0;
  const requests = new Map<string, StoredRequest>();
  const timers = new Map<string, NodeJS.Timeout>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const webhooks = createWebhookSender({
    secret: webhookSecret,
    faults,
    now: () => now(),
    sign: (secret, t, body) => ({
      'x-pf-timestamp': String(t),
      'x-pf-signature': `v1=${signWebhookPayload(secret, t, body, 'base64')}`,
    }),
  });

  const iso = (ms: number) => new Date(ms).toISOString();
  const render = (r: StoredRequest) => ({
    request_id: r.id,
    external_ref: r.externalRef,
    state: r.state,
    time_zone: r.timezone,
    window: r.window ? { start: iso(r.window.startMs), end: iso(r.window.endMs) } : null,
    phlebotomist: r.phlebotomist,
    location: r.location,
    notes: r.notes,
    cancel_reason: r.cancelReason,
    created_at: iso(r.createdMs),
    updated_at: iso(r.updatedMs),
  });
  const fail = (res: Response, status: number, code: string, detail: string, field?: string) =>
    res.status(status).json({ errors: [{ code, detail, ...(field ? { field } : {}) }] });

  async function notify(r: StoredRequest, event: string) {
    const eventId = randomId('pfe');
    await webhooks.send(eventId, event, {
      event_id: eventId,
      event,
      occurred_at: iso(now().getTime()),
      draw_request: render(r),
    });
  }

  function stopTimer(id: string) {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
  }

  function defaultWindow(r: StoredRequest): { startMs: number; endMs: number } {
    let date = addDays(localDateInZone(now().getTime(), r.timezone), 1);
    while (weekday(date) === 0) date = addDays(date, 1);
    const startMs = instantOfWallTime(dayNumber(date) * DAY_MS + 9 * HOUR_MS, r.timezone);
    return { startMs, endMs: startMs + HOUR_MS };
  }

  const app = express();
  app.disable('x-powered-by');
  app.use(
    controlRoutes(
      faults,
      () => areas,
      (a) => {
        areas = a;
      },
    ),
  );
  app.post('/__emulator/draw-requests/:id/assign', async (req, res) => {
    if (!requests.has(req.params.id)) return void fail(res, 404, 'request_not_found', 'No such request');
    await emulator.assign(req.params.id);
    res.json(render(requests.get(req.params.id)!));
  });

  app.post('/oauth/token', express.urlencoded({ extended: false }), (req, res) => {
    res.set('cache-control', 'no-store');
    const body = (req.body ?? {}) as Record<string, string>;
    let id = body.client_id;
    let secret = body.client_secret;
    const basic = /^Basic (.+)$/i.exec(req.get('authorization') ?? '');
    if (basic) {
      const [u, p] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      id = decodeURIComponent(u ?? '');
      secret = decodeURIComponent(p ?? '');
    }
    if (body.grant_type !== 'client_credentials')
      return void res.status(400).json({ error: 'unsupported_grant_type' });
    if (id !== client.clientId || secret !== client.clientSecret)
      return void res.status(401).json({ error: 'invalid_client' });
    const token = randomId('pfat');
    issued += 1;
    tokens.set(token, now().getTime() + tokenTtl * 1000);
    res.json({ access_token: token, token_type: 'Bearer', expires_in: tokenTtl, scope: 'draw_requests' });
  });

  const api = express.Router();
  api.use(responseFaults(faults, { items: 'unexpected' }));
  api.use((req, res, next) => {
    const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    const expires = token ? tokens.get(token) : undefined;
    if (expires === undefined || expires <= now().getTime())
      return void fail(res, 401, 'invalid_token', 'The access token is missing, unknown or expired');
    next();
  });
  api.use(express.json({ limit: '100kb' }));

  api.get('/coverage', (req, res) => {
    const zip = req.query.postal_code;
    if (typeof zip !== 'string' || !/^\d{5}$/.test(zip))
      return void fail(res, 422, 'invalid_field', 'postal_code must be 5 digits', 'postal_code');
    const zone = areas[zip] ?? null;
    res.json({ postal_code: zip, covered: zone !== null, time_zone: zone });
  });

  api.post('/draw-requests', (req, res) => {
    const idemKey = req.get('idempotency-key');
    const replay = idemKey ? idempotent.get(idemKey) : undefined;
    if (replay) return void res.status(replay.status).json(replay.body);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const problem = requestProblem(body);
    if (problem) return void fail(res, 422, 'invalid_field', `${problem} is missing or invalid`, problem);
    const location = body.location as Record<string, unknown>;
    const zone = areas[location.postal_code as string];
    if (!zone)
      return void fail(
        res,
        422,
        'outside_coverage',
        'No phlebotomists cover this postal code',
        'location.postal_code',
      );
    const t = now().getTime();
    const r: StoredRequest = {
      id: randomId('dr'),
      externalRef: body.external_ref as string,
      state: 'open',
      zip: location.postal_code as string,
      timezone: zone,
      window: null,
      phlebotomist: null,
      location,
      notes: typeof body.notes === 'string' ? body.notes : null,
      cancelReason: null,
      createdMs: t,
      updatedMs: t,
    };
    requests.set(r.id, r);
    if (assignAfterMs !== null) {
      const timer = setTimeout(() => {
        timers.delete(r.id);
        if (r.state === 'open') void emulator.assign(r.id);
      }, assignAfterMs);
      timer.unref();
      timers.set(r.id, timer);
    }
    const rendered = render(r);
    if (idemKey) idempotent.set(idemKey, { status: 201, body: rendered });
    res.status(201).json(rendered);
  });

  api.get('/draw-requests', (req, res) => {
    const page = req.query.page === undefined ? 1 : Number(req.query.page);
    const perPage = req.query.per_page === undefined ? 25 : Number(req.query.per_page);
    if (!Number.isInteger(page) || page < 1) return void fail(res, 422, 'invalid_field', 'page', 'page');
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
      return void fail(res, 422, 'invalid_field', 'per_page must be 1-100', 'per_page');
    const since = typeof req.query.updated_since === 'string' ? Date.parse(req.query.updated_since) : null;
    if (since !== null && Number.isNaN(since))
      return void fail(res, 422, 'invalid_field', 'updated_since', 'updated_since');
    const all = [...requests.values()].filter((r) => since === null || r.updatedMs >= since);
    const totalPages = Math.max(1, Math.ceil(all.length / perPage));
    res.json({
      items: all.slice((page - 1) * perPage, page * perPage).map(render),
      meta: { page, per_page: perPage, total: all.length, total_pages: totalPages },
    });
  });

  api.get('/draw-requests/:id', (req, res) => {
    const r = requests.get(req.params.id);
    if (!r) return void fail(res, 404, 'request_not_found', 'No such request');
    res.json(render(r));
  });

  api.post('/draw-requests/:id/cancel', (req, res) => {
    const r = requests.get(req.params.id);
    if (!r) return void fail(res, 404, 'request_not_found', 'No such request');
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.reason !== 'string' || !CANCEL_REASONS.includes(body.reason))
      return void fail(res, 422, 'invalid_field', 'reason', 'reason');
    if (r.state === 'cancelled') return void res.json(render(r));
    if (r.state !== 'open' && r.state !== 'assigned')
      return void fail(res, 409, 'not_cancellable', `A ${r.state} request cannot be cancelled`);
    stopTimer(r.id);
    r.state = 'cancelled';
    r.cancelReason = body.reason;
    r.updatedMs = now().getTime();
    res.json(render(r));
  });

  app.use('/api/v2', api);

  const emulator: PhlebfindersEmulator = {
    provider: 'phlebfinders',
    app,
    faults,
    client,
    webhookSecret,
    basePath: '/api/v2',
    webhooks,
    setWebhookTarget: (url) => webhooks.setTarget(url),
    setServedAreas(a) {
      areas = checkAreas(a);
    },
    setNow(n) {
      now = n;
    },
    setAssignAfterMs(ms) {
      assignAfterMs = ms;
    },
    drawRequest: (id) => requests.get(id),
    tokensIssued: () => issued,
    async assign(id, window) {
      const r = requests.get(id);
      if (!r) throw new Error(`no draw request ${id}`);
      if (r.state !== 'open') throw new Error(`draw request ${id} is ${r.state}`);
      stopTimer(id);
      r.state = 'assigned';
      r.window = window ? { startMs: window.start.getTime(), endMs: window.end.getTime() } : defaultWindow(r);
      r.phlebotomist = { id: randomId('phl'), first_name: 'Dana' };
      r.updatedMs = now().getTime();
      await notify(r, 'draw_request.assigned');
    },
    async advance(id, state) {
      const r = requests.get(id);
      if (!r) throw new Error(`no draw request ${id}`);
      stopTimer(id);
      r.state = state;
      if (state === 'cancelled') r.cancelReason = 'other';
      r.updatedMs = now().getTime();
      const event = state === 'in_progress' ? 'draw_request.started' : `draw_request.${state}`;
      await notify(r, event);
    },
    close() {
      for (const id of [...timers.keys()]) stopTimer(id);
    },
  };
  return emulator;
}

function requestProblem(body: Record<string, unknown>): string | null {
  if (typeof body.external_ref !== 'string' || body.external_ref === '') return 'external_ref';
  const p = body.patient as Record<string, unknown> | undefined;
  if (typeof p !== 'object' || p === null) return 'patient';
  for (const k of ['given_name', 'family_name', 'phone', 'email'])
    if (typeof p[k] !== 'string' || p[k].trim() === '') return `patient.${k}`;
  if (typeof p.birth_date !== 'string' || !isCalendarDate(p.birth_date)) return 'patient.birth_date';
  if (!['female', 'male', 'other', 'unknown'].includes(p.sex as string)) return 'patient.sex';
  const l = body.location as Record<string, unknown> | undefined;
  if (typeof l !== 'object' || l === null) return 'location';
  for (const k of ['line1', 'city', 'region'])
    if (typeof l[k] !== 'string' || l[k].trim() === '') return `location.${k}`;
  if (typeof l.postal_code !== 'string' || !/^\d{5}$/.test(l.postal_code)) return 'location.postal_code';
  return null;
}
