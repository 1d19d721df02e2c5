/**
 * Local emulator of the test-kit fulfilment API (./README.md): shipments with outbound and return (inbound)
 * courier legs and tracking numbers, Idempotency-Key replay, cancel, courier scans (`advance`, or
 * `POST /__emulator/shipments/{id}/advance`) sent as signed webhooks, and the shared switchable faults.
 */
import { randomInt } from 'node:crypto';
import express, { type Response } from 'express';
import {
  createPartnerFaults,
  createWebhookSender,
  listenEmulator,
  randomId,
  responseFaults,
  type PartnerFaults,
  type RunningPartnerEmulator,
  type WebhookSender,
} from '../phlebotomy/emulators/emulator-kit';
import {
  COURIER_STATUSES,
  FULFILMENT_SIGNATURE_HEADER,
  signFulfilmentWebhook,
  type CourierStatus,
  type FulfilmentPartnerConfig,
  type ShipmentLeg,
} from './testkit-partner';

interface Leg {
  tracking_number: string;
  tracking_url: string;
  courier: string;
  status: CourierStatus | 'label_created';
}

interface StoredShipment {
  id: string;
  reference: string;
  kit_barcode: string;
  outbound: Leg | null;
  inbound: Leg;
  cancelled: boolean;
  updatedMs: number;
}

export interface FulfilmentEmulator {
  app: express.Express;
  faults: PartnerFaults;
  apiKey: string;
  webhookSecret: string;
  basePath: string;
  webhooks: WebhookSender;
  setWebhookTarget(url: string | null): void;
  /** A courier scan on one leg; the partner notifies Meridian (signed webhook) and resolves when delivered. */
  advance(id: string, leg: ShipmentLeg, status: CourierStatus): Promise<void>;
  shipment(id: string): Readonly<StoredShipment> | undefined;
}

const trackingNumber = () =>
  `1Z${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e7)).padStart(7, '0')}`;

export function createFulfilmentEmulator(
  options: { apiKey?: string; webhookSecret?: string; now?: () => Date } = {},
): FulfilmentEmulator {
  const apiKey = options.apiKey ?? 'kit_test_key';
  const webhookSecret = options.webhookSecret ?? 'kit_whsec_test';
  const now = options.now ?? (() => new Date());
  const faults = createPartnerFaults();
  const shipments = new Map<string, StoredShipment>();
  const idempotent = new Map<string, unknown>();
  const basePath = '/fulfilment/v1';
  const webhooks = createWebhookSender({
    secret: webhookSecret,
    faults,
    now,
    sign: (secret, t, body) => ({ [FULFILMENT_SIGNATURE_HEADER]: signFulfilmentWebhook(secret, t, body) }),
  });
  const leg = (courier: string): Leg => {
    const n = trackingNumber();
    return {
      tracking_number: n,
      tracking_url: `https://track.example.com/${courier}/${n}`,
      courier,
      status: 'label_created',
    };
  };
  const toWire = (s: StoredShipment) => ({
    id: s.id,
    reference: s.reference,
    kit_barcode: s.kit_barcode,
    outbound: s.outbound,
    inbound: s.inbound,
    cancelled: s.cancelled,
    updated_at: new Date(s.updatedMs).toISOString(),
  });
  const error = (res: Response, status: number, code: string, message: string) =>
    res.status(status).json({ error: { code, message } });
  const touch = (s: StoredShipment) => {
    s.updatedMs = Math.max(now().getTime(), s.updatedMs + 1);
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '64kb' }));
  app.get('/__emulator/faults', (_req, res) => res.json(faults.get()));
  app.put('/__emulator/faults', (req, res) => {
    faults.set((req.body ?? {}) as never);
    res.json(faults.get());
  });
  app.delete('/__emulator/faults', (_req, res) => {
    faults.clear();
    res.status(204).end();
  });
  app.post('/__emulator/shipments/:id/advance', async (req, res) => {
    const b = (req.body ?? {}) as { leg?: ShipmentLeg; status?: CourierStatus };
    try {
      await emulator.advance(req.params.id, b.leg as ShipmentLeg, b.status as CourierStatus);
      res.json(toWire(shipments.get(req.params.id)!));
    } catch (err) {
      error(res, 409, 'invalid_state', (err as Error).message);
    }
  });

  const api = express.Router();
  api.use((req, res, next) => {
    if (req.get('authorization') !== `Bearer ${apiKey}`)
      return error(res, 401, 'unauthorized', 'Bad API key');
    next();
  });
  api.use(responseFaults(faults, { shipments: [] }));
  api.post('/shipments', (req, res) => {
    const key = req.get('idempotency-key');
    if (key && idempotent.has(key)) return res.status(201).json(idempotent.get(key));
    const b = (req.body ?? {}) as {
      reference?: unknown;
      recipient?: { zip?: unknown; line1?: unknown };
      outbound?: unknown;
      kit_barcode?: unknown;
    };
    if (
      typeof b.reference !== 'string' ||
      typeof b.recipient?.line1 !== 'string' ||
      typeof b.outbound !== 'boolean'
    )
      return error(res, 422, 'validation_failed', 'reference, recipient and outbound are required');
    const s: StoredShipment = {
      id: randomId('shp'),
      reference: b.reference,
      kit_barcode:
        typeof b.kit_barcode === 'string' && b.kit_barcode !== ''
          ? b.kit_barcode
          : `KIT${String(randomInt(0, 1e9)).padStart(9, '0')}`,
      outbound: b.outbound ? leg('ups') : null,
      inbound: leg('usps'),
      cancelled: false,
      updatedMs: now().getTime(),
    };
    shipments.set(s.id, s);
    const body = toWire(s);
    if (key) idempotent.set(key, body);
    res.status(201).json(body);
  });
  api.get('/shipments/:id', (req, res) => {
    const s = shipments.get(req.params.id);
    if (!s) return error(res, 404, 'not_found', 'unknown shipment');
    res.json(toWire(s));
  });
  api.post('/shipments/:id/cancel', (req, res) => {
    const s = shipments.get(req.params.id);
    if (!s) return error(res, 404, 'not_found', 'unknown shipment');
    if (s.inbound.status !== 'label_created')
      return error(res, 409, 'invalid_state', 'the sample is on its way to the lab');
    s.cancelled = true;
    touch(s);
    res.json(toWire(s));
  });
  app.use(basePath, api);

  const emulator: FulfilmentEmulator = {
    app,
    faults,
    apiKey,
    webhookSecret,
    basePath,
    webhooks,
    setWebhookTarget: (url) => webhooks.setTarget(url),
    async advance(id, which, status) {
      const s = shipments.get(id);
      if (!s) throw new Error('unknown shipment');
      if (which !== 'outbound' && which !== 'inbound') throw new Error('leg must be outbound or inbound');
      if (!COURIER_STATUSES.includes(status)) throw new Error('unknown courier status');
      const l = which === 'outbound' ? s.outbound : s.inbound;
      if (!l) throw new Error('this kit has no outbound leg');
      if (s.cancelled) throw new Error('shipment cancelled');
      l.status = status;
      touch(s);
      await webhooks.send(randomId('evt'), 'shipment.tracking_updated', {
        id: randomId('evt'),
        type: 'shipment.tracking_updated',
        created_at: new Date(s.updatedMs).toISOString(),
        data: { leg: which, status, shipment: toWire(s) },
      });
    },
    shipment: (id) => shipments.get(id),
  };
  return emulator;
}

export interface RunningFulfilmentEmulator {
  emulator: FulfilmentEmulator;
  server: RunningPartnerEmulator;
  config: FulfilmentPartnerConfig;
  close(): Promise<void>;
}

export async function startFulfilmentEmulator(
  options: Parameters<typeof createFulfilmentEmulator>[0] & { port?: number } = {},
): Promise<RunningFulfilmentEmulator> {
  const emulator = createFulfilmentEmulator(options);
  const server = await listenEmulator(emulator.app, options.port ?? 0);
  return {
    emulator,
    server,
    config: {
      baseUrl: server.url + emulator.basePath,
      apiKey: emulator.apiKey,
      webhookSecrets: [emulator.webhookSecret],
    },
    close: () => server.close(),
  };
}
