/**
 * Test-kit fulfilment (api-shapes §6.11): the partner that packs a kit, ships it to the customer with an
 * outbound courier and gives the customer a prepaid return label (inbound courier) to the lab, reporting each
 * courier scan by a signed webhook. One interface; the HTTP adapter speaks the fulfilment API of ./README.md.
 * Failures are typed `FulfilmentError`s whose messages never carry patient data.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { lazyAxios } from '../lazy-axios';
import { readIsoDateTime } from '@meridian/domain';

export type ShipmentLeg = 'outbound' | 'inbound';
export type CourierStatus = 'in_transit' | 'out_for_delivery' | 'delivered' | 'exception' | 'failed' | 'lost';
export const COURIER_STATUSES: readonly CourierStatus[] = [
  'in_transit',
  'out_for_delivery',
  'delivered',
  'exception',
  'failed',
  'lost',
];

export interface CourierLeg {
  trackingNumber: string;
  trackingUrl: string | null;
  courier: string;
  status: CourierStatus | 'label_created';
}

export interface FulfilmentShipment {
  externalId: string;
  reference: string;
  kitBarcode: string;
  /** Null for a kit handed out offline (only the return leg is shipped). */
  outbound: CourierLeg | null;
  inbound: CourierLeg;
  cancelled: boolean;
  updatedAtMs: number;
}

export interface CreateShipmentInput {
  reference: string;
  recipient: {
    name: string;
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    zip: string;
    country: string;
    phone: string | null;
  };
  /** False: the kit is already with the customer (handed out offline); only a return label is made. */
  outbound: boolean;
  /** The barcode of a kit handed out offline; the partner assigns one otherwise. */
  kitBarcode?: string | null;
  idempotencyKey: string;
}

export interface CourierUpdate {
  eventId: string;
  leg: ShipmentLeg;
  status: CourierStatus;
  shipment: FulfilmentShipment;
}

export interface FulfilmentPartner {
  readonly provider: string;
  createShipment(input: CreateShipmentInput): Promise<FulfilmentShipment>;
  getShipment(externalId: string): Promise<FulfilmentShipment>;
  cancelShipment(externalId: string): Promise<FulfilmentShipment>;
  /** Verifies the signature (HMAC-SHA256 over `<t>.<raw body>`, 5 min tolerance) then reads the update. */
  parseWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): CourierUpdate;
}

export type FulfilmentErrorCode =
  | 'unavailable'
  | 'rate_limited'
  | 'auth_failed'
  | 'bad_response'
  | 'rejected'
  | 'not_found'
  | 'invalid_state'
  | 'signature_invalid'
  | 'invalid_webhook';

export class FulfilmentError extends Error {
  constructor(
    readonly provider: string,
    readonly code: FulfilmentErrorCode,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'FulfilmentError';
  }
}

export interface FulfilmentPartnerConfig {
  baseUrl: string;
  apiKey: string;
  /** Webhook signing secrets (two while the partner rotates). */
  webhookSecrets: readonly string[];
  timeoutMs?: number;
  now?: () => Date;
}

export const FULFILMENT_SIGNATURE_HEADER = 'x-fulfilment-signature';
const TOLERANCE_SECONDS = 300;

export function signFulfilmentWebhook(
  secret: string,
  timestampSeconds: number,
  body: string | Buffer,
): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(body).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

const agents = {
  httpAgent: new http.Agent({ keepAlive: true, maxSockets: 16 }),
  httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 16 }),
};

type Obj = Record<string, unknown>;

export function createFulfilmentPartner(
  config: FulfilmentPartnerConfig,
  provider = 'kitship',
): FulfilmentPartner {
  const base = config.baseUrl.replace(/\/+$/, '');
  const now = config.now ?? (() => new Date());
  const fail = (code: FulfilmentErrorCode, message: string, retryAfter: number | null = null): never => {
    throw new FulfilmentError(provider, code, message, retryAfter);
  };
  const bad = (at: string): never => fail('bad_response', `response field ${at} is missing or malformed`);
  const obj = (v: unknown, at: string): Obj =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : bad(at);
  const str = (o: Obj, k: string, at: string): string =>
    typeof o[k] === 'string' && o[k].length > 0 && o[k].length <= 128 ? o[k] : bad(`${at}.${k}`);

  async function call(
    method: 'GET' | 'POST',
    path: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ) {
    let res;
    try {
      res = await lazyAxios().request<string>({
        method,
        url: base + path,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${config.apiKey}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        data: json === undefined ? undefined : JSON.stringify(json),
        timeout: config.timeoutMs ?? 10_000,
        maxRedirects: 0,
        maxContentLength: 1_000_000,
        responseType: 'text',
        transformResponse: (x: unknown) => x,
        validateStatus: () => true,
        proxy: false,
        ...agents,
      });
    } catch (err) {
      return fail(
        'unavailable',
        `request failed (${err instanceof lazyAxios().AxiosError ? err.code : 'network error'})`,
      );
    }
    const s = res.status;
    if (s === 429) {
      const ra = String(res.headers['retry-after'] ?? '');
      return fail('rate_limited', 'rate limit exceeded', /^\d+$/.test(ra) ? Number(ra) : null);
    }
    if (s === 401 || s === 403) return fail('auth_failed', `credentials refused (${s})`);
    if (s >= 500) return fail('unavailable', `answered ${s}`);
    let body: unknown = null;
    try {
      body = res.data ? (JSON.parse(res.data) as unknown) : null;
    } catch {
      if (s < 300) return fail('bad_response', 'malformed JSON');
    }
    if (s >= 200 && s < 300) return body;
    if (s === 404) return fail('not_found', 'shipment not found');
    if (s === 409) return fail('invalid_state', 'the shipment cannot make this move');
    return fail('rejected', `refused the request (${s})`);
  }

  function readLeg(v: unknown, at: string): CourierLeg {
    const o = obj(v, at);
    const status = o.status;
    if (status !== 'label_created' && !COURIER_STATUSES.includes(status as CourierStatus))
      bad(`${at}.status`);
    const url = o.tracking_url;
    if (
      url !== null &&
      url !== undefined &&
      (typeof url !== 'string' || !/^https?:\/\//.test(url) || url.length > 512)
    )
      bad(`${at}.tracking_url`);
    return {
      trackingNumber: str(o, 'tracking_number', at),
      trackingUrl: (url as string | null | undefined) ?? null,
      courier: str(o, 'courier', at),
      status: status as CourierLeg['status'],
    };
  }

  function readShipment(v: unknown): FulfilmentShipment {
    const o = obj(v, 'shipment');
    const updated = typeof o.updated_at === 'string' ? readIsoDateTime(o.updated_at) : 'bad';
    if (typeof updated === 'string' || updated.offsetMinutes === null) bad('shipment.updated_at');
    if (typeof o.cancelled !== 'boolean') bad('shipment.cancelled');
    return {
      externalId: str(o, 'id', 'shipment'),
      reference: str(o, 'reference', 'shipment'),
      kitBarcode: str(o, 'kit_barcode', 'shipment'),
      outbound: o.outbound === null ? null : readLeg(o.outbound, 'shipment.outbound'),
      inbound: readLeg(o.inbound, 'shipment.inbound'),
      cancelled: o.cancelled as boolean,
      updatedAtMs: (updated as { ms: number }).ms,
    };
  }

  return {
    provider,
    async createShipment(input) {
      return readShipment(
        await call(
          'POST',
          '/shipments',
          {
            reference: input.reference,
            recipient: input.recipient,
            outbound: input.outbound,
            kit_barcode: input.kitBarcode ?? null,
          },
          { 'idempotency-key': input.idempotencyKey },
        ),
      );
    },
    async getShipment(externalId) {
      return readShipment(await call('GET', `/shipments/${encodeURIComponent(externalId)}`));
    },
    async cancelShipment(externalId) {
      return readShipment(await call('POST', `/shipments/${encodeURIComponent(externalId)}/cancel`, {}));
    },
    parseWebhook(headers, rawBody) {
      const raw = headers[FULFILMENT_SIGNATURE_HEADER];
      const header = Array.isArray(raw) ? raw[0] : raw;
      if (!header) return fail('signature_invalid', 'signature missing');
      const parts = header.split(',').map((p) => p.trim());
      const t = parts.find((p) => p.startsWith('t='))?.slice(2);
      const sigs = parts.filter((p) => p.startsWith('v1=')).map((p) => p.slice(3));
      if (!t || !/^\d{1,12}$/.test(t) || sigs.length === 0)
        return fail('signature_invalid', 'signature malformed');
      const ok = config.webhookSecrets.some((secret) => {
        const expected = Buffer.from(
          signFulfilmentWebhook(secret, Number(t), rawBody).split('v1=')[1]!,
          'hex',
        );
        return sigs.some((s) => {
          const got = Buffer.from(s, 'hex');
          return got.length === expected.length && timingSafeEqual(got, expected);
        });
      });
      if (!ok) return fail('signature_invalid', 'signature mismatch');
      if (Math.abs(now().getTime() / 1000 - Number(t)) > TOLERANCE_SECONDS)
        fail('signature_invalid', 'stale');
      let body: Obj;
      try {
        body = obj(JSON.parse(rawBody.toString('utf8')), 'webhook');
      } catch {
        return fail('invalid_webhook', 'body is not a courier update');
      }
      const data = typeof body.data === 'object' && body.data !== null ? (body.data as Obj) : {};
      if (data.leg !== 'outbound' && data.leg !== 'inbound') return fail('invalid_webhook', 'leg');
      if (!COURIER_STATUSES.includes(data.status as CourierStatus)) return fail('invalid_webhook', 'status');
      let shipment: FulfilmentShipment;
      try {
        shipment = readShipment(data.shipment);
      } catch {
        return fail('invalid_webhook', 'shipment');
      }
      if (typeof body.id !== 'string' || body.id === '') return fail('invalid_webhook', 'id');
      return { eventId: body.id, leg: data.leg, status: data.status as CourierStatus, shipment };
    },
  };
}
