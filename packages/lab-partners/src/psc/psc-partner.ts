/**
 * Patient service center (PSC) scheduling of a central lab (api-shapes §6.10): the lab's site directory, slots
 * at its service centers, and book / reschedule / cancel of a walk-in appointment. One adapter per lab
 * (`quest`, `sonora_quest`) speaking the lab's PSC scheduling API (documented in ./README.md); failures are
 * typed `PscPartnerError`s whose messages never carry patient data, headers or bodies.
 */
import http from 'node:http';
import https from 'node:https';
import { lazyAxios } from '../lazy-axios';
import { isCalendarDate, isIanaTimeZone, readIsoDateTime } from '@meridian/domain';
import type { CancellationReasonCode, PartnerPatient, UsAddress } from '../phlebotomy/phlebotomy-partner';

export type PscLab = 'quest' | 'sonora_quest';
export const PSC_LABS: readonly PscLab[] = ['quest', 'sonora_quest'];

export interface PscSite {
  code: string;
  name: string;
  address: UsAddress;
  location: { lat: number; lng: number };
  timezone: string;
  /** Miles from the zip code asked for (rounded), null when the lab did not say. */
  distanceMiles: number | null;
  /** Whether the site takes appointments booked through Meridian (else walk-in only). */
  acceptsAppointments: boolean;
}

export interface PscSlot {
  slotId: string;
  startMs: number;
  endMs: number;
  expiresAtMs: number;
  remaining: number;
}

export interface PscSiteAvailability {
  siteCode: string;
  days: { date: string; slots: PscSlot[] }[];
}

export type PscAppointmentStatus = 'confirmed' | 'in_progress' | 'completed' | 'cancelled';

export interface PscBooking {
  lab: PscLab;
  externalId: string;
  siteCode: string;
  status: PscAppointmentStatus;
  /** The lab's own word (`booked`, `checked_in`, `no_show`...), for `event_data`. */
  partnerStatus: string;
  startMs: number;
  endMs: number;
  timezone: string;
  updatedAtMs: number;
}

export interface PscBookInput {
  slotId: string;
  patient: PartnerPatient;
  orderRef: string;
  notes: string | null;
  /** Sent as `Idempotency-Key`: a retried book replays at the lab instead of booking twice. */
  idempotencyKey: string;
}

export interface PscPartner {
  readonly lab: PscLab;
  /** Sites within `radiusMiles` of a zip code (nearest first), or the sites named by `siteCodes` (or both). */
  sites(query: { zipCode?: string; radiusMiles: number; siteCodes?: readonly string[] }): Promise<PscSite[]>;
  availability(siteCodes: readonly string[], startDate: string, days: number): Promise<PscSiteAvailability[]>;
  book(input: PscBookInput): Promise<PscBooking>;
  reschedule(externalId: string, slotId: string): Promise<PscBooking>;
  cancel(externalId: string, reason: CancellationReasonCode, note: string | null): Promise<PscBooking>;
  get(externalId: string): Promise<PscBooking>;
}

export type PscPartnerErrorCode =
  | 'unavailable'
  | 'rate_limited'
  | 'auth_failed'
  | 'bad_response'
  | 'rejected'
  | 'slot_unavailable'
  | 'slot_expired'
  | 'slot_invalid'
  | 'not_found'
  | 'invalid_state';

export class PscPartnerError extends Error {
  constructor(
    readonly lab: PscLab,
    readonly code: PscPartnerErrorCode,
    message: string,
    readonly opts: { outcomeUnknown?: boolean; retryAfterSeconds?: number | null } = {},
  ) {
    super(`${lab}: ${message}`);
    this.name = 'PscPartnerError';
  }

  get retriable(): boolean {
    return this.code === 'unavailable' || this.code === 'rate_limited' || this.code === 'bad_response';
  }
}

export interface PscPartnerConfig {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}

const STATUS_OF: Record<string, PscAppointmentStatus> = {
  booked: 'confirmed',
  checked_in: 'in_progress',
  completed: 'completed',
  cancelled: 'cancelled',
  no_show: 'cancelled',
};

const REASON_OF: Record<CancellationReasonCode, string> = {
  patient_requested: 'patient_request',
  patient_unavailable: 'patient_request',
  order_cancelled: 'order_cancelled',
  address_issue: 'other',
  other: 'other',
};

const agents = {
  httpAgent: new http.Agent({ keepAlive: true, maxSockets: 16 }),
  httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 16 }),
};

type Obj = Record<string, unknown>;

export function createPscPartner(lab: PscLab, config: PscPartnerConfig): PscPartner {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeout = config.timeoutMs ?? 10_000;
  const fail = (code: PscPartnerErrorCode, message: string, opts?: PscPartnerError['opts']): never => {
    throw new PscPartnerError(lab, code, message, opts);
  };
  const bad = (at: string): never => fail('bad_response', `response field ${at} is missing or malformed`);

  async function call(
    method: 'GET' | 'POST',
    path: string,
    opts: { query?: Obj; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<unknown> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (typeof v === 'string' || typeof v === 'number') url.searchParams.set(k, String(v));
    let res;
    try {
      res = await lazyAxios().request<string>({
        method,
        url: url.toString(),
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${config.apiKey}`,
          ...(opts.json === undefined ? {} : { 'content-type': 'application/json' }),
          ...opts.headers,
        },
        data: opts.json === undefined ? undefined : JSON.stringify(opts.json),
        timeout,
        maxRedirects: 0,
        maxContentLength: 2_000_000,
        responseType: 'text',
        transformResponse: (x: unknown) => x,
        validateStatus: () => true,
        proxy: false,
        ...agents,
      });
    } catch (err) {
      const code = err instanceof lazyAxios().AxiosError ? err.code : undefined;
      return fail('unavailable', `request failed (${code ?? 'network error'})`, {
        outcomeUnknown: method !== 'GET' && code !== 'ECONNREFUSED',
      });
    }
    const status = res.status;
    if (status === 429) {
      const ra = String(res.headers['retry-after'] ?? '');
      return fail('rate_limited', 'rate limit exceeded', {
        retryAfterSeconds: /^\d+$/.test(ra) ? Number(ra) : null,
      });
    }
    if (status === 401 || status === 403) return fail('auth_failed', `credentials refused (${status})`);
    if (status >= 500) return fail('unavailable', `answered ${status}`, { outcomeUnknown: method !== 'GET' });
    let body: unknown = null;
    try {
      body = res.data ? (JSON.parse(res.data) as unknown) : null;
    } catch {
      if (status < 300) return fail('bad_response', 'malformed JSON');
    }
    if (status >= 200 && status < 300) return body;
    const code = ((body as Obj | null)?.error as Obj | undefined)?.code;
    if (status === 409 && code === 'slot_taken') return fail('slot_unavailable', 'slot taken');
    if (status === 409) return fail('invalid_state', 'the appointment cannot make this move');
    if (status === 410) return fail('slot_expired', 'slot id expired');
    if (status === 404 && code === 'slot_not_found') return fail('slot_invalid', 'unknown slot id');
    if (status === 404) return fail('not_found', 'not found');
    return fail('rejected', `refused the request (${status})`);
  }

  const obj = (v: unknown, at: string): Obj =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : bad(at);
  const str = (o: Obj, k: string, at: string): string =>
    typeof o[k] === 'string' && o[k].length > 0 ? o[k] : bad(`${at}.${k}`);
  const optStr = (o: Obj, k: string, at: string): string | null =>
    o[k] === undefined || o[k] === null ? null : typeof o[k] === 'string' ? o[k] : bad(`${at}.${k}`);
  const num = (o: Obj, k: string, at: string): number =>
    typeof o[k] === 'number' && Number.isFinite(o[k]) ? o[k] : bad(`${at}.${k}`);
  const arr = (o: Obj, k: string, at: string): unknown[] =>
    Array.isArray(o[k]) ? (o[k] as unknown[]) : bad(`${at}.${k}`);
  const time = (o: Obj, k: string, at: string): number => {
    const v = o[k];
    const read = typeof v === 'string' ? readIsoDateTime(v) : 'bad';
    return typeof read === 'string' || read.offsetMinutes === null ? bad(`${at}.${k}`) : read.ms;
  };
  const zone = (o: Obj, k: string, at: string): string => {
    const z = str(o, k, at);
    return isIanaTimeZone(z) ? z : bad(`${at}.${k}`);
  };

  function readSite(v: unknown, at: string): PscSite {
    const o = obj(v, at);
    const a = obj(o.address, `${at}.address`);
    const lat = num(o, 'lat', at);
    const lng = num(o, 'lng', at);
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) bad(`${at}.lat`);
    const zip = str(a, 'zip', `${at}.address`);
    if (!/^\d{5}$/.test(zip)) bad(`${at}.address.zip`);
    const distance = o.distance_miles;
    return {
      code: str(o, 'site_code', at),
      name: str(o, 'name', at),
      address: {
        first_line: str(a, 'line1', `${at}.address`),
        second_line: optStr(a, 'line2', `${at}.address`),
        city: str(a, 'city', `${at}.address`),
        state: str(a, 'state', `${at}.address`),
        zip_code: zip,
      },
      location: { lat, lng },
      timezone: zone(o, 'time_zone', at),
      distanceMiles: typeof distance === 'number' && distance >= 0 ? Math.round(distance) : null,
      acceptsAppointments: o.accepts_appointments === true,
    };
  }

  function readBooking(v: unknown): PscBooking {
    const o = obj(v, 'appointment');
    const word = str(o, 'status', 'appointment');
    const status = STATUS_OF[word] ?? bad('appointment.status');
    const startMs = time(o, 'start', 'appointment');
    const endMs = time(o, 'end', 'appointment');
    if (endMs <= startMs) bad('appointment.end');
    return {
      lab,
      externalId: str(o, 'id', 'appointment'),
      siteCode: str(o, 'site_code', 'appointment'),
      status,
      partnerStatus: word,
      startMs,
      endMs,
      timezone: zone(o, 'time_zone', 'appointment'),
      updatedAtMs: time(o, 'updated_at', 'appointment'),
    };
  }

  const id = (externalId: string) => encodeURIComponent(externalId);

  return {
    lab,
    async sites(q) {
      const query = {
        zip_code: q.zipCode,
        radius_miles: q.radiusMiles,
        site_codes: q.siteCodes && q.siteCodes.length > 0 ? q.siteCodes.join(',') : undefined,
      };
      const body = obj(await call('GET', '/sites', { query }), 'sites');
      return arr(body, 'sites', 'sites').map((s, i) => readSite(s, `sites[${i}]`));
    },
    async availability(siteCodes, startDate, days) {
      const body = obj(
        await call('POST', '/availability', { json: { site_codes: siteCodes, start_date: startDate, days } }),
        'availability',
      );
      return arr(body, 'sites', 'availability').map((s, i) => {
        const at = `availability.sites[${i}]`;
        const o = obj(s, at);
        return {
          siteCode: str(o, 'site_code', at),
          days: arr(o, 'days', at).map((d, j) => {
            const dat = `${at}.days[${j}]`;
            const day = obj(d, dat);
            const date = str(day, 'date', dat);
            if (!isCalendarDate(date)) bad(`${dat}.date`);
            return {
              date,
              slots: arr(day, 'slots', dat).map((x, k) => {
                const sat = `${dat}.slots[${k}]`;
                const slot = obj(x, sat);
                const remaining = num(slot, 'remaining', sat);
                if (!Number.isInteger(remaining) || remaining < 0) bad(`${sat}.remaining`);
                return {
                  slotId: str(slot, 'slot_id', sat),
                  startMs: time(slot, 'start', sat),
                  endMs: time(slot, 'end', sat),
                  expiresAtMs: time(slot, 'expires_at', sat),
                  remaining,
                };
              }),
            };
          }),
        };
      });
    },
    async book(input) {
      const p = input.patient;
      return readBooking(
        await call('POST', '/appointments', {
          headers: { 'idempotency-key': input.idempotencyKey },
          json: {
            slot_id: input.slotId,
            reference: input.orderRef,
            patient: {
              first_name: p.first_name,
              last_name: p.last_name,
              date_of_birth: p.dob,
              sex: p.gender,
              phone: p.phone_number,
              email: p.email,
            },
            notes: input.notes,
          },
        }),
      );
    },
    async reschedule(externalId, slotId) {
      return readBooking(
        await call('POST', `/appointments/${id(externalId)}/reschedule`, { json: { slot_id: slotId } }),
      );
    },
    async cancel(externalId, reason, note) {
      return readBooking(
        await call('POST', `/appointments/${id(externalId)}/cancel`, {
          json: { reason: REASON_OF[reason], note },
        }),
      );
    },
    async get(externalId) {
      return readBooking(await call('GET', `/appointments/${id(externalId)}`));
    },
  };
}

export type PscPartnersConfig = Partial<Record<PscLab, PscPartnerConfig>>;

export function createPscPartners(config: PscPartnersConfig): PscPartner[] {
  return PSC_LABS.flatMap((lab) => (config[lab] ? [createPscPartner(lab, config[lab])] : []));
}
