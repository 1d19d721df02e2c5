/**
 * Local emulator of a central lab's patient service center scheduling API (./README.md): a site directory per
 * zip code (distance from the zip's centroid), slots at each site with expiring single-use slot ids, booking
 * with Idempotency-Key replay, reschedule, cancel, and switchable faults (`PUT /__emulator/faults`, the same
 * settings as the phlebotomy emulators). One instance per lab (`quest`, `sonora_quest`).
 */
import express, { type Response } from 'express';
import {
  addDays,
  formatWireDateTime,
  isCalendarDate,
  isIanaTimeZone,
  MINUTE_MS,
  zoneOffsetSeconds,
} from '@meridian/domain';
import {
  createPartnerFaults,
  listenEmulator,
  randomId,
  responseFaults,
  type PartnerFaults,
  type RunningPartnerEmulator,
} from '../phlebotomy/emulators/emulator-kit';
import { slotsOfDay, type SlotScheduleOptions } from '../phlebotomy/emulators/slot-schedule';
import type { PscLab, PscPartnerConfig } from './psc-partner';

export interface PscEmulatorSite {
  site_code: string;
  name: string;
  address: { line1: string; line2?: string | null; city: string; state: string; zip: string };
  lat: number;
  lng: number;
  time_zone: string;
  accepts_appointments: boolean;
}

/** Sites near Meridian's emulated areas (the phlebotomy emulators' zips), fictional names and addresses. */
export const PSC_DEFAULT_SITES: Readonly<Record<PscLab, readonly PscEmulatorSite[]>> = {
  quest: [
    site(
      'QNY001',
      'Midtown PSC',
      '5 W 34th St',
      'New York',
      'NY',
      '10001',
      40.7486,
      -73.9864,
      'America/New_York',
    ),
    site(
      'QNY002',
      'Lower East Side PSC',
      '100 Delancey St',
      'New York',
      'NY',
      '10002',
      40.7186,
      -73.9881,
      'America/New_York',
    ),
    site(
      'QBK001',
      'Brooklyn Heights PSC',
      '50 Court St',
      'Brooklyn',
      'NY',
      '11201',
      40.6936,
      -73.9906,
      'America/New_York',
    ),
    site(
      'QCH001',
      'Loop PSC',
      '10 S Wacker Dr',
      'Chicago',
      'IL',
      '60601',
      41.8825,
      -87.6376,
      'America/Chicago',
    ),
    site(
      'QSF001',
      'SoMa PSC',
      '800 Mission St',
      'San Francisco',
      'CA',
      '94103',
      37.7839,
      -122.4048,
      'America/Los_Angeles',
      false,
    ),
  ],
  sonora_quest: [
    site(
      'SQPHX01',
      'Downtown Phoenix PSC',
      '1 N Central Ave',
      'Phoenix',
      'AZ',
      '85004',
      33.4484,
      -112.0738,
      'America/Phoenix',
    ),
    site(
      'SQPHX02',
      'Midtown Phoenix PSC',
      '3000 N Central Ave',
      'Phoenix',
      'AZ',
      '85012',
      33.4842,
      -112.0739,
      'America/Phoenix',
    ),
    site(
      'SQTUC01',
      'Tucson PSC',
      '1 S Church Ave',
      'Tucson',
      'AZ',
      '85701',
      32.2217,
      -110.9713,
      'America/Phoenix',
    ),
  ],
};

function site(
  code: string,
  name: string,
  line1: string,
  city: string,
  state: string,
  zip: string,
  lat: number,
  lng: number,
  zone: string,
  acceptsAppointments = true,
): PscEmulatorSite {
  return {
    site_code: code,
    name,
    address: { line1, line2: null, city, state, zip },
    lat,
    lng,
    time_zone: zone,
    accepts_appointments: acceptsAppointments,
  };
}

export interface PscEmulatorOptions {
  apiKey?: string;
  sites?: readonly PscEmulatorSite[];
  now?: () => Date;
  /** Lifetime of a slot id (default 900 s). */
  slotTtlSeconds?: number;
  /** No slot sooner than this after now (default 60 min). */
  leadMinutes?: number;
  schedule?: SlotScheduleOptions;
}

interface StoredAppointment {
  id: string;
  reference: string;
  siteCode: string;
  status: 'booked' | 'checked_in' | 'completed' | 'cancelled' | 'no_show';
  startMs: number;
  endMs: number;
  zone: string;
  updatedMs: number;
  slotKey: string;
}

interface SlotRecord {
  siteCode: string;
  startMs: number;
  endMs: number;
  expiresAtMs: number;
  used: boolean;
}

export interface PscEmulator {
  readonly lab: PscLab;
  app: express.Express;
  faults: PartnerFaults;
  apiKey: string;
  basePath: string;
  setSites(sites: readonly PscEmulatorSite[]): void;
  setNow(now: () => Date): void;
  /** The lab moves a visit on (patient checked in, sample drawn, no-show). */
  advance(id: string, status: 'checked_in' | 'completed' | 'no_show'): void;
  appointment(id: string): Readonly<StoredAppointment> | undefined;
  readonly appointmentCount: number;
}

const EARTH_MILES = 3958.8;
export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

function checkSites(value: unknown): PscEmulatorSite[] {
  if (!Array.isArray(value)) throw new TypeError('sites must be an array');
  return value.map((s: PscEmulatorSite, i) => {
    if (typeof s?.site_code !== 'string' || s.site_code === '') throw new TypeError(`sites[${i}].site_code`);
    if (!/^\d{5}$/.test(s.address?.zip ?? '')) throw new TypeError(`sites[${i}].address.zip`);
    if (!isIanaTimeZone(s.time_zone)) throw new TypeError(`sites[${i}].time_zone`);
    if (typeof s.lat !== 'number' || typeof s.lng !== 'number') throw new TypeError(`sites[${i}].lat/lng`);
    return { ...s, accepts_appointments: s.accepts_appointments !== false };
  });
}

export function createPscEmulator(lab: PscLab, options: PscEmulatorOptions = {}): PscEmulator {
  const apiKey = options.apiKey ?? `${lab}_psc_test_key`;
  let sites = checkSites(options.sites ?? PSC_DEFAULT_SITES[lab]);
  let now = options.now ?? (() => new Date());
  const ttlMs = (options.slotTtlSeconds ?? 900) * 1000;
  const leadMs = (options.leadMinutes ?? 60) * MINUTE_MS;
  const faults = createPartnerFaults();
  const slots = new Map<string, SlotRecord>();
  const bookedCount = new Map<string, number>();
  const appointments = new Map<string, StoredAppointment>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const basePath = '/psc/v1';

  const wire = (ms: number, zone: string) => formatWireDateTime(ms, zoneOffsetSeconds(zone, ms));
  const slotKeyOf = (siteCode: string, startMs: number) => `${siteCode}|${startMs}`;
  const error = (res: Response, status: number, code: string, message: string) =>
    res.status(status).json({ error: { code, message } });
  const siteOf = (code: string) => sites.find((s) => s.site_code === code);
  const toWire = (a: StoredAppointment) => ({
    id: a.id,
    reference: a.reference,
    site_code: a.siteCode,
    status: a.status,
    start: wire(a.startMs, a.zone),
    end: wire(a.endMs, a.zone),
    time_zone: a.zone,
    updated_at: new Date(a.updatedMs).toISOString(),
  });
  const capacityOf = (siteCode: string, date: string, startMs: number, zone: string) => {
    const s = slotsOfDay(siteCode, zone, date, {
      firstHour: 7,
      lastHour: 16,
      slotMinutes: 30,
      ...options.schedule,
    });
    const found = s.find((x) => x.startMs === startMs);
    return found ? found.capacity : 0;
  };
  const remainingOf = (siteCode: string, date: string, startMs: number, zone: string) =>
    Math.max(
      0,
      capacityOf(siteCode, date, startMs, zone) - (bookedCount.get(slotKeyOf(siteCode, startMs)) ?? 0),
    );

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '64kb' }));
  const control = express.Router();
  control.get('/__emulator/faults', (_req, res) => res.json(faults.get()));
  control.put('/__emulator/faults', (req, res) => {
    faults.set((req.body ?? {}) as never);
    res.json(faults.get());
  });
  control.delete('/__emulator/faults', (_req, res) => {
    faults.clear();
    res.status(204).end();
  });
  control.get('/__emulator/sites', (_req, res) => res.json(sites));
  control.put('/__emulator/sites', (req, res) => {
    try {
      sites = checkSites(req.body);
      res.json(sites);
    } catch (err) {
      error(res, 400, 'invalid_sites', (err as Error).message);
    }
  });
  control.post('/__emulator/appointments/:id/advance', (req, res) => {
    const status = (req.body as { status?: string } | undefined)?.status;
    if (status !== 'checked_in' && status !== 'completed' && status !== 'no_show')
      return error(res, 400, 'invalid_status', 'status must be checked_in, completed or no_show');
    try {
      emulator.advance(req.params.id, status);
      res.json(toWire(appointments.get(req.params.id)!));
    } catch (err) {
      error(res, 409, 'invalid_state', (err as Error).message);
    }
  });
  app.use(control);

  const api = express.Router();
  api.use((req, res, next) => {
    if (req.get('authorization') !== `Bearer ${apiKey}`)
      return error(res, 401, 'unauthorized', 'Bad API key');
    next();
  });
  api.use(responseFaults(faults, { unexpected: true }));

  api.get('/sites', (req, res) => {
    const zip = typeof req.query.zip_code === 'string' ? req.query.zip_code : null;
    const codes =
      typeof req.query.site_codes !== 'string'
        ? null
        : req.query.site_codes.split(',').filter((c) => c !== '');
    const radius = Number(req.query.radius_miles ?? 25);
    if (zip === null && codes === null) return error(res, 422, 'invalid_query', 'zip_code or site_codes');
    if (zip !== null && !/^\d{5}$/.test(zip))
      return error(res, 422, 'invalid_zip_code', 'zip_code must be 5 digits');
    if (!Number.isFinite(radius) || radius <= 0 || radius > 500)
      return error(res, 422, 'invalid_radius', 'radius_miles must be 1-500');
    // The zip's centroid: where the lab has a site in it (this emulator knows no other geography).
    const centre = zip === null ? undefined : sites.find((s) => s.address.zip === zip);
    const found = sites
      .filter((s) => codes === null || codes.includes(s.site_code))
      .map((s) => ({ s, d: centre ? milesBetween(centre, s) : null }))
      .filter((x) => zip === null || (x.d !== null && x.d <= radius))
      .sort((a, b) => (a.d ?? 0) - (b.d ?? 0))
      .map(({ s, d }) => ({ ...s, distance_miles: d === null ? null : Math.round(d * 10) / 10 }));
    res.json({ zip_code: zip, sites: found });
  });

  api.post('/availability', (req, res) => {
    const b = (req.body ?? {}) as { site_codes?: unknown; start_date?: unknown; days?: unknown };
    const codes = Array.isArray(b.site_codes)
      ? b.site_codes.filter((c): c is string => typeof c === 'string')
      : [];
    const days =
      typeof b.days === 'number' && Number.isInteger(b.days) && b.days >= 1 && b.days <= 14 ? b.days : 7;
    if (codes.length === 0 || codes.length > 50)
      return error(res, 422, 'invalid_sites', 'site_codes: 1-50 codes');
    if (typeof b.start_date !== 'string' || !isCalendarDate(b.start_date))
      return error(res, 422, 'invalid_date', 'start_date must be YYYY-MM-DD');
    const nowMs = now().getTime();
    const out = [];
    for (const code of codes) {
      const s = siteOf(code);
      if (!s) return error(res, 422, 'unknown_site', `unknown site ${code}`);
      if (!s.accepts_appointments) {
        out.push({ site_code: code, days: [] });
        continue;
      }
      const dayList = [];
      for (let i = 0; i < days; i += 1) {
        const date = addDays(b.start_date, i);
        const day = slotsOfDay(code, s.time_zone, date, {
          firstHour: 7,
          lastHour: 16,
          slotMinutes: 30,
          ...options.schedule,
        })
          .filter((x) => x.startMs >= nowMs + leadMs)
          .map((x) => {
            const remaining = remainingOf(code, date, x.startMs, s.time_zone);
            const slotId = randomId('slot');
            if (remaining > 0)
              slots.set(slotId, {
                siteCode: code,
                startMs: x.startMs,
                endMs: x.endMs,
                expiresAtMs: nowMs + ttlMs,
                used: false,
              });
            return {
              slot_id: slotId,
              start: wire(x.startMs, s.time_zone),
              end: wire(x.endMs, s.time_zone),
              expires_at: new Date(nowMs + ttlMs).toISOString(),
              remaining,
            };
          });
        if (day.length > 0) dayList.push({ date, slots: day });
      }
      out.push({ site_code: code, days: dayList });
    }
    res.json({ sites: out });
  });

  /** Takes a slot for a booking; answers the error itself and returns null when it cannot. */
  function takeSlot(res: Response, slotId: unknown): SlotRecord | null {
    const slot = typeof slotId === 'string' ? slots.get(slotId) : undefined;
    if (!slot) {
      error(res, 404, 'slot_not_found', 'unknown slot_id');
      return null;
    }
    if (slot.expiresAtMs <= now().getTime()) {
      error(res, 410, 'slot_expired', 'slot_id expired');
      return null;
    }
    const s = siteOf(slot.siteCode)!;
    const date = new Date(slot.startMs + zoneOffsetSeconds(s.time_zone, slot.startMs) * 1000)
      .toISOString()
      .slice(0, 10);
    if (
      slot.used ||
      faults.takeSlotTaken() ||
      remainingOf(slot.siteCode, date, slot.startMs, s.time_zone) <= 0
    ) {
      error(res, 409, 'slot_taken', 'the slot is no longer available');
      return null;
    }
    slot.used = true;
    const k = slotKeyOf(slot.siteCode, slot.startMs);
    bookedCount.set(k, (bookedCount.get(k) ?? 0) + 1);
    return slot;
  }

  const release = (a: StoredAppointment) => {
    bookedCount.set(a.slotKey, Math.max(0, (bookedCount.get(a.slotKey) ?? 1) - 1));
  };

  api.post('/appointments', (req, res) => {
    const key = req.get('idempotency-key');
    if (key && idempotent.has(key)) {
      const stored = idempotent.get(key)!;
      return res.status(stored.status).json(stored.body);
    }
    const b = (req.body ?? {}) as {
      slot_id?: unknown;
      reference?: unknown;
      patient?: Record<string, unknown>;
    };
    if (typeof b.reference !== 'string' || !b.patient || typeof b.patient.last_name !== 'string')
      return error(res, 422, 'validation_failed', 'reference and patient are required');
    const slot = takeSlot(res, b.slot_id);
    if (!slot) return;
    const s = siteOf(slot.siteCode)!;
    const a: StoredAppointment = {
      id: randomId('psc'),
      reference: b.reference,
      siteCode: slot.siteCode,
      status: 'booked',
      startMs: slot.startMs,
      endMs: slot.endMs,
      zone: s.time_zone,
      updatedMs: now().getTime(),
      slotKey: slotKeyOf(slot.siteCode, slot.startMs),
    };
    appointments.set(a.id, a);
    const body = toWire(a);
    if (key) idempotent.set(key, { status: 201, body });
    res.status(201).json(body);
  });

  api.get('/appointments/:id', (req, res) => {
    const a = appointments.get(req.params.id);
    if (!a) return error(res, 404, 'appointment_not_found', 'unknown appointment');
    res.json(toWire(a));
  });

  api.post('/appointments/:id/reschedule', (req, res) => {
    const a = appointments.get(req.params.id);
    if (!a) return error(res, 404, 'appointment_not_found', 'unknown appointment');
    if (a.status !== 'booked') return error(res, 409, 'invalid_state', `appointment is ${a.status}`);
    const slot = takeSlot(res, (req.body as { slot_id?: unknown } | undefined)?.slot_id);
    if (!slot) return;
    release(a);
    a.siteCode = slot.siteCode;
    a.zone = siteOf(slot.siteCode)!.time_zone;
    a.startMs = slot.startMs;
    a.endMs = slot.endMs;
    a.slotKey = slotKeyOf(slot.siteCode, slot.startMs);
    a.updatedMs = Math.max(now().getTime(), a.updatedMs + 1);
    res.json(toWire(a));
  });

  api.post('/appointments/:id/cancel', (req, res) => {
    const a = appointments.get(req.params.id);
    if (!a) return error(res, 404, 'appointment_not_found', 'unknown appointment');
    if (a.status === 'cancelled') return res.json(toWire(a));
    if (a.status !== 'booked') return error(res, 409, 'invalid_state', `appointment is ${a.status}`);
    a.status = 'cancelled';
    a.updatedMs = Math.max(now().getTime(), a.updatedMs + 1);
    release(a);
    res.json(toWire(a));
  });

  app.use(basePath, api);

  const emulator: PscEmulator = {
    lab,
    app,
    faults,
    apiKey,
    basePath,
    setSites(s) {
      sites = checkSites(s);
    },
    setNow(n) {
      now = n;
    },
    advance(id, status) {
      const a = appointments.get(id);
      if (!a) throw new Error('unknown appointment');
      const allowed =
        (status === 'checked_in' && a.status === 'booked') ||
        (status === 'completed' && (a.status === 'booked' || a.status === 'checked_in')) ||
        (status === 'no_show' && a.status === 'booked');
      if (!allowed) throw new Error(`appointment is ${a.status}`);
      a.status = status;
      a.updatedMs = Math.max(now().getTime(), a.updatedMs + 1);
    },
    appointment: (id) => appointments.get(id),
    get appointmentCount() {
      return appointments.size;
    },
  };
  return emulator;
}

export interface RunningPscEmulators {
  emulators: Record<PscLab, { emulator: PscEmulator; server: RunningPartnerEmulator }>;
  /** Adapter config for `createPscPartners`. */
  config: Record<PscLab, PscPartnerConfig>;
  close(): Promise<void>;
}

/** Both labs' PSC emulators on ephemeral loopback ports, with the adapter config pointing at them. */
export async function startPscEmulators(
  options: Partial<Record<PscLab, PscEmulatorOptions & { port?: number }>> = {},
): Promise<RunningPscEmulators> {
  const quest = createPscEmulator('quest', options.quest);
  const sonora = createPscEmulator('sonora_quest', options.sonora_quest);
  const qServer = await listenEmulator(quest.app, options.quest?.port ?? 0);
  const sServer = await listenEmulator(sonora.app, options.sonora_quest?.port ?? 0).catch(
    async (err: unknown) => {
      await qServer.close();
      throw err;
    },
  );
  return {
    emulators: {
      quest: { emulator: quest, server: qServer },
      sonora_quest: { emulator: sonora, server: sServer },
    },
    config: {
      quest: { baseUrl: qServer.url + quest.basePath, apiKey: quest.apiKey },
      sonora_quest: { baseUrl: sServer.url + sonora.basePath, apiKey: sonora.apiKey },
    },
    async close() {
      await Promise.all([qServer.close(), sServer.close()]);
    },
  };
}
