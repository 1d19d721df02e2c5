/**
 * Local emulator of the appointment-ready partner API (`getlabs` tier), as documented in ../README.md
 * ("Getlabs-tier API"): API-key bearer auth, service area, availability with expiring slot keys, synchronous
 * booking with Idempotency-Key replay, reschedule, cancel, cursor-paged listing, and signed webhooks
 * (`Getlabs-Signature: t=…,v1=…`) when the partner moves an appointment (en route, drawing, done).
 * Shapes follow public appointment-ready partner APIs (Getlabs' partner API: slots, appointments, webhooks).
 */
import express, { type Response } from 'express';
import {
  addDays,
  formatWireDateTime,
  isCalendarDate,
  localDateInZone,
  MINUTE_MS,
  zoneOffsetSeconds,
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
import { slotsOfDay, type SlotScheduleOptions } from './slot-schedule';

export const GETLABS_DEFAULT_AREAS: ServedAreas = {
  '10001': 'America/New_York',
  '10002': 'America/New_York',
  '11201': 'America/New_York',
  '60601': 'America/Chicago',
  '94103': 'America/Los_Angeles',
  '94110': 'America/Los_Angeles',
};

type GetlabsStatus = 'confirmed' | 'en_route' | 'in_progress' | 'completed' | 'cancelled';
const CANCEL_REASONS = [
  'patient_request',
  'patient_no_show',
  'order_cancelled',
  'address_unreachable',
  'other',
];

export interface GetlabsEmulatorOptions {
  apiKey?: string;
  webhookSecret?: string;
  areas?: ServedAreas;
  now?: () => Date;
  /** Lifetime of a slot key (default 900 s). */
  slotKeyTtlSeconds?: number;
  /** No slot starts sooner than this after now (default 120 min). */
  leadMinutes?: number;
  schedule?: SlotScheduleOptions;
}

interface SlotKey {
  zip: string;
  startMs: number;
  endMs: number;
  expiresAtMs: number;
}

interface StoredAppointment {
  id: string;
  referenceId: string;
  status: GetlabsStatus;
  zip: string;
  timezone: string;
  startMs: number;
  endMs: number;
  address: Record<string, unknown>;
  notes: string | null;
  cancellation: { reason_code: string; note: string | null; cancelled_at: string } | null;
  createdMs: number;
  updatedMs: number;
}

export interface GetlabsEmulator {
  readonly provider: 'getlabs';
  app: express.Express;
  faults: PartnerFaults;
  apiKey: string;
  webhookSecret: string;
  /** Path of the API under the emulator's origin (`/v1`). */
  basePath: string;
  webhooks: WebhookSender;
  setWebhookTarget(url: string | null): void;
  setServedAreas(areas: ServedAreas): void;
  setNow(now: () => Date): void;
  /** The partner moves an appointment (phlebotomist en route, drawing, done, or cancels) and notifies. */
  advance(id: string, status: Exclude<GetlabsStatus, 'confirmed'>): Promise<void>;
  appointment(id: string): Readonly<StoredAppointment> | undefined;
}

export function createGetlabsEmulator(options: GetlabsEmulatorOptions = {}): GetlabsEmulator {
  const apiKey = options.apiKey ?? 'gl_test_key';
  const webhookSecret = options.webhookSecret ?? 'gl_whsec_test';
  let areas = checkAreas(options.areas ?? GETLABS_DEFAULT_AREAS);
  let now = options.now ?? (() => new Date());
  const ttlMs = (options.slotKeyTtlSeconds ?? 900) * 1000;
  const leadMs = (options.leadMinutes ?? 120) * MINUTE_MS;
  const faults = createPartnerFaults();
  const keys = new Map<string, SlotKey>();
  const booked = new Map<string, number>();
  const appointments = new Map<string, StoredAppointment>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const webhooks = createWebhookSender({
    secret: webhookSecret,
    faults,
    now: () => now(),
    sign: (secret, t, body) => ({
      'getlabs-signature': `t=${t},v1=${signWebhookPayload(secret, t, body, 'hex')}`,
    }),
  });

  const slotId = (zip: string, startMs: number) => `${zip}|${startMs}`;
  const capacityOf = (zip: string, startMs: number) => {
    const zone = areas[zip];
    if (!zone) return 0;
    const date = localDateInZone(startMs, zone);
    return slotsOfDay(zip, zone, date, options.schedule).find((s) => s.startMs === startMs)?.capacity ?? 0;
  };
  const remaining = (zip: string, startMs: number) =>
    capacityOf(zip, startMs) - (booked.get(slotId(zip, startMs)) ?? 0);
  const release = (a: StoredAppointment) => {
    const id = slotId(a.zip, a.startMs);
    booked.set(id, Math.max(0, (booked.get(id) ?? 0) - 1));
  };
  const local = (ms: number, zone: string) => formatWireDateTime(ms, zoneOffsetSeconds(zone, ms));
  const utc = (ms: number) => formatWireDateTime(ms, 0);

  function render(a: StoredAppointment) {
    return {
      id: a.id,
      reference_id: a.referenceId,
      status: a.status,
      start: local(a.startMs, a.timezone),
      end: local(a.endMs, a.timezone),
      timezone: a.timezone,
      reschedulable: a.status === 'confirmed',
      address: a.address,
      notes: a.notes,
      cancellation: a.cancellation,
      created_at: utc(a.createdMs),
      updated_at: utc(a.updatedMs),
    };
  }

  const fail = (res: Response, status: number, code: string, message: string, details?: string[]) =>
    res.status(status).json({ error: { code, message, ...(details ? { details } : {}) } });

  function pruneKeys() {
    const t = now().getTime();
    for (const [k, v] of keys) if (v.expiresAtMs < t - ttlMs) keys.delete(k);
  }

  /** Checks a slot key for an address zip: the key's slot, or an error already answered. */
  function takeKey(res: Response, key: unknown, zip: string): SlotKey | null {
    const slot = typeof key === 'string' ? keys.get(key) : undefined;
    if (!slot || slot.zip !== zip) {
      fail(res, 422, 'invalid_slot_key', 'Unknown slot key for this address');
      return null;
    }
    if (now().getTime() >= slot.expiresAtMs) {
      fail(res, 410, 'slot_key_expired', 'The slot key has expired; fetch availability again');
      return null;
    }
    if (faults.takeSlotTaken() || remaining(slot.zip, slot.startMs) <= 0) {
      fail(res, 409, 'slot_unavailable', 'The slot is no longer available');
      return null;
    }
    keys.delete(key as string);
    return slot;
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
  app.post('/__emulator/appointments/:id/advance', express.json(), async (req, res) => {
    const status = (req.body as { status?: unknown } | undefined)?.status;
    if (!appointments.has(req.params.id)) return void fail(res, 404, 'not_found', 'No such appointment');
    if (status !== 'en_route' && status !== 'in_progress' && status !== 'completed' && status !== 'cancelled')
      return void fail(res, 422, 'validation_failed', 'status', ['status']);
    await emulator.advance(req.params.id, status);
    res.json(render(appointments.get(req.params.id)!));
  });

  const api = express.Router();
  api.use(responseFaults(faults, { data: { unexpected: true } }));
  api.use((req, res, next) => {
    if (req.get('authorization') !== `Bearer ${apiKey}`)
      return void fail(res, 401, 'unauthorized', 'Invalid API key');
    next();
  });
  api.use(express.json({ limit: '100kb' }));

  api.get('/service-area', (req, res) => {
    const zip = req.query.zip_code;
    if (typeof zip !== 'string' || !/^\d{5}$/.test(zip))
      return void fail(res, 422, 'validation_failed', 'zip_code must be 5 digits', ['zip_code']);
    const zone = areas[zip] ?? null;
    res.json({ zip_code: zip, serviceable: zone !== null, timezone: zone });
  });

  api.post('/availability', (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const problems = addressProblems(body.address);
    const days = body.days ?? 7;
    if (typeof body.start_date !== 'string' || !isCalendarDate(body.start_date)) problems.push('start_date');
    if (!Number.isInteger(days) || (days as number) < 1 || (days as number) > 14) problems.push('days');
    if (problems.length > 0) return void fail(res, 422, 'validation_failed', 'Invalid request', problems);
    const zip = (body.address as Record<string, string>).zip_code!;
    const zone = areas[zip];
    if (!zone) return void fail(res, 422, 'area_not_serviceable', 'We do not serve this zip code yet');
    pruneKeys();
    const t = now().getTime();
    const today = localDateInZone(t, zone);
    const from = (body.start_date as string) < today ? today : (body.start_date as string);
    const out = [];
    for (let i = 0; i < (days as number); i += 1) {
      const date = addDays(from, i);
      const slots = [];
      for (const s of slotsOfDay(zip, zone, date, options.schedule)) {
        const left = s.capacity - (booked.get(slotId(zip, s.startMs)) ?? 0);
        if (s.startMs < t + leadMs || left <= 0) continue;
        const key = randomId('slk');
        const expiresAtMs = t + ttlMs;
        keys.set(key, { zip, startMs: s.startMs, endMs: s.endMs, expiresAtMs });
        slots.push({
          key,
          start: local(s.startMs, zone),
          end: local(s.endMs, zone),
          key_expires_at: utc(expiresAtMs),
          price_cents: s.priceCents,
          priority: s.isPriority,
          remaining: left,
        });
      }
      out.push({ date, slots });
    }
    res.json({ timezone: zone, days: out });
  });

  api.post('/appointments', (req, res) => {
    const idemKey = req.get('idempotency-key');
    const replay = idemKey ? idempotent.get(idemKey) : undefined;
    if (replay) return void res.status(replay.status).json(replay.body);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const problems = [...addressProblems(body.address), ...patientProblems(body.patient)];
    if (typeof body.slot_key !== 'string') problems.push('slot_key');
    if (typeof body.reference_id !== 'string' || body.reference_id === '') problems.push('reference_id');
    if (problems.length > 0) return void fail(res, 422, 'validation_failed', 'Invalid request', problems);
    const address = body.address as Record<string, unknown>;
    const slot = takeKey(res, body.slot_key, address.zip_code as string);
    if (!slot) return;
    const t = now().getTime();
    const a: StoredAppointment = {
      id: randomId('apt'),
      referenceId: body.reference_id as string,
      status: 'confirmed',
      zip: slot.zip,
      timezone: areas[slot.zip]!,
      startMs: slot.startMs,
      endMs: slot.endMs,
      address,
      notes: typeof body.notes === 'string' ? body.notes : null,
      cancellation: null,
      createdMs: t,
      updatedMs: t,
    };
    appointments.set(a.id, a);
    booked.set(slotId(a.zip, a.startMs), (booked.get(slotId(a.zip, a.startMs)) ?? 0) + 1);
    const rendered = render(a);
    if (idemKey) idempotent.set(idemKey, { status: 201, body: rendered });
    res.status(201).json(rendered);
  });

  api.get('/appointments', (req, res) => {
    const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return void fail(res, 422, 'validation_failed', 'limit must be 1-100', ['limit']);
    const since = typeof req.query.updated_since === 'string' ? Date.parse(req.query.updated_since) : null;
    if (since !== null && Number.isNaN(since))
      return void fail(res, 422, 'validation_failed', 'updated_since', ['updated_since']);
    let all = [...appointments.values()].filter((a) => since === null || a.updatedMs >= since);
    const after = req.query.starting_after;
    if (typeof after === 'string') {
      const i = all.findIndex((a) => a.id === after);
      if (i < 0) return void fail(res, 422, 'validation_failed', 'starting_after', ['starting_after']);
      all = all.slice(i + 1);
    }
    res.json({ data: all.slice(0, limit).map(render), has_more: all.length > limit });
  });

  api.get('/appointments/:id', (req, res) => {
    const a = appointments.get(req.params.id);
    if (!a) return void fail(res, 404, 'not_found', 'No such appointment');
    res.json(render(a));
  });

  api.post('/appointments/:id/reschedule', (req, res) => {
    const a = appointments.get(req.params.id);
    if (!a) return void fail(res, 404, 'not_found', 'No such appointment');
    if (a.status !== 'confirmed')
      return void fail(res, 409, 'invalid_state', `Cannot reschedule a ${a.status} appointment`);
    const slot = takeKey(res, (req.body as Record<string, unknown> | undefined)?.slot_key, a.zip);
    if (!slot) return;
    release(a);
    a.startMs = slot.startMs;
    a.endMs = slot.endMs;
    a.updatedMs = now().getTime();
    booked.set(slotId(a.zip, a.startMs), (booked.get(slotId(a.zip, a.startMs)) ?? 0) + 1);
    res.json(render(a));
  });

  api.post('/appointments/:id/cancel', (req, res) => {
    const a = appointments.get(req.params.id);
    if (!a) return void fail(res, 404, 'not_found', 'No such appointment');
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.reason_code !== 'string' || !CANCEL_REASONS.includes(body.reason_code))
      return void fail(res, 422, 'validation_failed', 'Unknown reason_code', ['reason_code']);
    if (a.status === 'cancelled') return void res.json(render(a));
    if (a.status !== 'confirmed' && a.status !== 'en_route')
      return void fail(res, 409, 'invalid_state', `Cannot cancel a ${a.status} appointment`);
    cancel(a, body.reason_code, typeof body.note === 'string' ? body.note : null);
    res.json(render(a));
  });

  app.use('/v1', api);

  function cancel(a: StoredAppointment, reason: string, note: string | null) {
    release(a);
    a.status = 'cancelled';
    a.updatedMs = now().getTime();
    a.cancellation = { reason_code: reason, note, cancelled_at: utc(a.updatedMs) };
  }

  const emulator: GetlabsEmulator = {
    provider: 'getlabs',
    app,
    faults,
    apiKey,
    webhookSecret,
    basePath: '/v1',
    webhooks,
    setWebhookTarget: (url) => webhooks.setTarget(url),
    setServedAreas(a) {
      areas = checkAreas(a);
    },
    setNow(n) {
      now = n;
    },
    appointment: (id) => appointments.get(id),
    async advance(id, status) {
      const a = appointments.get(id);
      if (!a) throw new Error(`no appointment ${id}`);
      if (status === 'cancelled') cancel(a, 'other', 'cancelled by the partner');
      else {
        a.status = status;
        a.updatedMs = now().getTime();
      }
      const eventId = randomId('evt');
      await webhooks.send(eventId, 'appointment.updated', {
        id: eventId,
        type: 'appointment.updated',
        created_at: utc(now().getTime()),
        data: { appointment: render(a) },
      });
    },
  };
  return emulator;
}

function addressProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return ['address'];
  const a = value as Record<string, unknown>;
  const problems = ['street1', 'city', 'state'].filter((k) => typeof a[k] !== 'string' || a[k].trim() === '');
  if (typeof a.zip_code !== 'string' || !/^\d{5}$/.test(a.zip_code)) problems.push('zip_code');
  return problems.map((k) => `address.${k}`);
}

function patientProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return ['patient'];
  const p = value as Record<string, unknown>;
  const problems = ['first_name', 'last_name', 'phone', 'email'].filter(
    (k) => typeof p[k] !== 'string' || p[k].trim() === '',
  );
  if (typeof p.date_of_birth !== 'string' || !isCalendarDate(p.date_of_birth)) problems.push('date_of_birth');
  if (!['female', 'male', 'other', 'unknown'].includes(p.sex as string)) problems.push('sex');
  return problems.map((k) => `patient.${k}`);
}
