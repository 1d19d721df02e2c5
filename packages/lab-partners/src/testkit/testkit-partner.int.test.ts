import {
  createFulfilmentPartner,
  FULFILMENT_SIGNATURE_HEADER,
  FulfilmentError,
  signFulfilmentWebhook,
} from './testkit-partner';
import { startFulfilmentEmulator, type RunningFulfilmentEmulator } from './testkit-emulator';

/** The fulfilment adapter against its emulator over real HTTP, and its webhook verification. */

describe('test-kit fulfilment adapter', () => {
  let kits: RunningFulfilmentEmulator;
  beforeAll(async () => {
    kits = await startFulfilmentEmulator();
  });
  afterAll(() => kits.close());
  afterEach(() => kits.emulator.faults.clear());

  const recipient = {
    name: 'Grace Hopper',
    line1: '1 Main St',
    line2: null,
    city: 'Chicago',
    state: 'IL',
    zip: '60601',
    country: 'US',
    phone: null,
  };
  const partner = () => createFulfilmentPartner({ ...kits.config, timeoutMs: 10_000 });
  const failure = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      expect(err).toBeInstanceOf(FulfilmentError);
      return (err as FulfilmentError).code;
    }
    throw new Error('expected a failure');
  };

  it('creates a shipment once per idempotency key, with both legs or only the return one', async () => {
    const input = { reference: 'o-1', recipient, outbound: true, idempotencyKey: 'o-1' };
    const a = await partner().createShipment(input);
    expect(a.outbound?.courier).toBe('ups');
    expect(a.inbound.trackingNumber).toMatch(/^1Z/);
    expect((await partner().createShipment(input)).externalId).toBe(a.externalId);
    const offline = await partner().createShipment({
      ...input,
      outbound: false,
      kitBarcode: 'KIT-9',
      idempotencyKey: 'o-2',
    });
    expect(offline).toMatchObject({ outbound: null, kitBarcode: 'KIT-9' });
    expect((await partner().cancelShipment(offline.externalId)).cancelled).toBe(true);
    expect(await failure(partner().getShipment('shp_unknown'))).toBe('not_found');
  });

  it('types outages and broken answers', async () => {
    kits.emulator.faults.set({ serverError: 500 });
    expect(await failure(partner().getShipment('x'))).toBe('unavailable');
    kits.emulator.faults.set({ malformed: true });
    expect(await failure(partner().getShipment('x'))).toBe('bad_response');
    kits.emulator.faults.set({ wrongShape: true });
    expect(await failure(partner().getShipment('x'))).toBe('bad_response');
  });

  it('verifies webhook signatures over the exact bytes, with rotation and a 5-minute tolerance', () => {
    const shipment = {
      id: 'shp_1',
      reference: 'o-1',
      kit_barcode: 'KIT1',
      outbound: null,
      inbound: { tracking_number: '1Z1', tracking_url: null, courier: 'usps', status: 'in_transit' },
      cancelled: false,
      updated_at: new Date().toISOString(),
    };
    const body = Buffer.from(
      JSON.stringify({ id: 'evt_1', data: { leg: 'inbound', status: 'in_transit', shipment } }),
    );
    const t = Math.floor(Date.now() / 1000);
    const rotating = createFulfilmentPartner({
      ...kits.config,
      webhookSecrets: ['old', kits.emulator.webhookSecret],
    });
    const ok = rotating.parseWebhook(
      { [FULFILMENT_SIGNATURE_HEADER]: signFulfilmentWebhook(kits.emulator.webhookSecret, t, body) },
      body,
    );
    expect(ok).toMatchObject({
      eventId: 'evt_1',
      leg: 'inbound',
      status: 'in_transit',
      shipment: { externalId: 'shp_1' },
    });
    const code = (headers: Record<string, string>, raw = body) => {
      try {
        rotating.parseWebhook(headers, raw);
        return 'accepted';
      } catch (err) {
        return (err as FulfilmentError).code;
      }
    };
    expect(code({})).toBe('signature_invalid');
    expect(code({ [FULFILMENT_SIGNATURE_HEADER]: signFulfilmentWebhook('wrong', t, body) })).toBe(
      'signature_invalid',
    );
    expect(
      code({
        [FULFILMENT_SIGNATURE_HEADER]: signFulfilmentWebhook(kits.emulator.webhookSecret, t - 600, body),
      }),
    ).toBe('signature_invalid');
    const tampered = Buffer.from(body.toString().replace('in_transit', 'delivered'));
    expect(
      code(
        { [FULFILMENT_SIGNATURE_HEADER]: signFulfilmentWebhook(kits.emulator.webhookSecret, t, body) },
        tampered,
      ),
    ).toBe('signature_invalid');
  });
});
