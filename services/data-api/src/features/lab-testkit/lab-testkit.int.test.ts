import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { newId, type Environment } from '@meridian/domain';
import {
  FULFILMENT_SIGNATURE_HEADER,
  createFulfilmentPartner,
  signFulfilmentWebhook,
  startFulfilmentEmulator,
  type RunningFulfilmentEmulator,
} from '@meridian/lab-partners';
import { createLogger, createMetricsRegistry } from '@meridian/platform';
import {
  createTestDatabase,
  seedOrg,
  seedTeam,
  type SeededTeam,
  type TestDatabase,
} from '@meridian/test-utils';
import type { Express } from 'express';
import { createDataApi } from '../../app';
import { testkitWebhookPath } from '../lab-psc/local-lab-service-partners';
import { courierPath } from './lab-testkit.service';

/**
 * Test-kit orders end to end against a real database and the fulfilment emulator over real HTTP: the kit is
 * dispatched with the order, the courier's signed scans reach this API on a real port and move the order
 * through the testkit statuses, results complete it; registration of kits handed out offline; every error;
 * tenant isolation.
 */

interface WireOrder {
  id: string;
  user_id: string;
  sample_id: string | null;
  status: string;
  patient_details: { first_name: string; last_name: string };
  details: { type: string; data: { shipment: Record<string, string | null> | null } };
  events: { status: string }[];
  last_event: { status: string };
}

jest.setTimeout(180_000);

describe('test-kit orders (/v3/order/testkit...)', () => {
  let db: TestDatabase;
  let kits: RunningFulfilmentEmulator;
  let app: Express;
  let server: http.Server;
  let team: SeededTeam;
  let other: SeededTeam;
  const users = new Map<string, string>();

  beforeAll(async () => {
    db = await createTestDatabase();
    kits = await startFulfilmentEmulator();
    const org = await seedOrg(db.knex);
    team = await seedTeam(db.knex, org.orgId);
    other = await seedTeam(db.knex, org.orgId);
    app = createDataApi({
      db: db.knex,
      logger: createLogger({ service: 'data-api', silent: !process.env.DEBUG_TEST }),
      metrics: createMetricsRegistry('data-api'),
      region: 'us',
      readiness: {},
      validateResponses: true,
      labPartners: { fulfilment: createFulfilmentPartner({ ...kits.config, timeoutMs: 15_000 }) },
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    kits.emulator.setWebhookTarget(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}${testkitWebhookPath()}`,
    );
    await request(app).get('/v3/lab_tests').set('x-service-api-key', team.apiKeys.sandbox);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await kits.close();
    await db.destroy();
  });

  afterEach(() => kits.emulator.faults.clear());

  const key = (t: SeededTeam, env: Environment = 'sandbox') => t.apiKeys[env];
  const get = (k: string, path: string) => request(app).get(path).set('x-service-api-key', k);
  const post = (k: string, path: string, body: object) =>
    request(app).post(path).set('x-service-api-key', k).send(body);

  async function newUser(t: SeededTeam): Promise<string> {
    const id = newId();
    await db
      .knex('users')
      .insert({ id, team_id: t.teamId, environment: 'sandbox', client_user_id: `c-${id}` });
    return id;
  }
  async function userOf(t: SeededTeam): Promise<string> {
    const known = users.get(t.teamId);
    if (known) return known;
    const id = await newUser(t);
    users.set(t.teamId, id);
    return id;
  }
  async function labTestOf(t: SeededTeam, method = 'testkit'): Promise<string> {
    const tests = await get(key(t), '/v3/lab_tests');
    return (tests.body as { id: string; method: string }[]).find((x) => x.method === method)!.id;
  }
  const patient = {
    first_name: 'Grace',
    last_name: 'Hopper',
    dob: '1980-12-09',
    gender: 'female',
    phone_number: '+12125550111',
    email: 'grace@example.com',
  };
  const address = { first_line: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' };
  async function body(t: SeededTeam, overrides: Record<string, unknown> = {}) {
    return {
      user_id: await userOf(t),
      lab_test_id: await labTestOf(t),
      patient_details: patient,
      patient_address: address,
      ...overrides,
    };
  }
  async function orderKit(t: SeededTeam, query = ''): Promise<WireOrder> {
    const res = await post(key(t), `/v3/order/testkit${query}`, await body(t));
    expect(res.status).toBe(200);
    return res.body.order as WireOrder;
  }
  const lows = (o: WireOrder) => o.events.map((e) => e.status.split('.').pop());
  const read = async (id: string, t = team) => (await get(key(t), `/v3/order/${id}`)).body as WireOrder;
  const externalOf = async (orderId: string) =>
    (
      await db
        .knex('lab_testkit_shipments')
        .where({ order_id: orderId })
        .first<{ external_id: string }>('external_id')
    ).external_id;
  const orderCount = async () =>
    Number((await db.knex('lab_orders').count<{ n: string }[]>({ n: '*' }))[0]!.n);

  it('ships a kit, follows the courier both ways, and completes with results', async () => {
    const order = await orderKit(team);
    expect(order.status).toBe('received');
    expect(lows(order)).toEqual(['ordered', 'requisition_created']);
    const shipment = order.details.data.shipment!;
    expect(order.details.type).toBe('testkit');
    expect(shipment.outbound_tracking_number).toMatch(/^1Z\d{16}$/);
    expect(shipment.inbound_tracking_number).toMatch(/^1Z\d{16}$/);
    expect(shipment).toMatchObject({ outbound_courier: 'ups', inbound_courier: 'usps' });
    expect(order.sample_id).toMatch(/^KIT\d{9}$/);
    const ext = await externalOf(order.id);
    expect(kits.emulator.shipment(ext)?.reference).toBe(order.id);

    const scans: ['outbound' | 'inbound', Parameters<typeof kits.emulator.advance>[2], string][] = [
      ['outbound', 'in_transit', 'collecting_sample.testkit.transit_customer'],
      ['outbound', 'out_for_delivery', 'collecting_sample.testkit.out_for_delivery'],
      ['outbound', 'delivered', 'collecting_sample.testkit.with_customer'],
      ['inbound', 'in_transit', 'collecting_sample.testkit.transit_lab'],
      ['inbound', 'delivered', 'sample_with_lab.testkit.delivered_to_lab'],
    ];
    for (const [leg, status, expected] of scans) {
      await kits.emulator.advance(ext, leg, status);
      expect(kits.emulator.webhooks.deliveries.at(-1)?.status).toBe(200);
      expect((await read(order.id)).last_event.status).toBe(expected);
    }
    // A delivered sample cannot be cancelled any more.
    const cancel = await post(key(team), `/v3/order/${order.id}/cancel`, {});
    expect(cancel.status).toBe(409);
    expect(cancel.body.detail.error_type).toBe('invalid_state');

    const walked = await post(
      key(team),
      `/v3/order/${order.id}/test?final_status=completed.testkit.completed`,
      {},
    );
    expect(walked.status).toBe(200);
    const done = await read(order.id);
    expect(done.status).toBe('completed');
    expect((await get(key(team), `/v3/order/${order.id}/result`)).status).toBe(200);
    const types = (
      await db
        .knex('outbox')
        .whereRaw(`payload->'data'->>'id' = ?`, [order.id])
        .orderBy('seq')
        .select<{ event_type: string }[]>('event_type')
    ).map((r) => r.event_type);
    expect(types[0]).toBe('labtest.order.created');
    expect(types.filter((t) => t === 'labtest.order.updated')).toHaveLength(7);
  });

  it('walks missed scans in order, and ignores repeated, late and impossible ones', async () => {
    const order = await orderKit(team);
    const ext = await externalOf(order.id);
    await kits.emulator.advance(ext, 'outbound', 'delivered');
    expect(lows(await read(order.id)).slice(2)).toEqual([
      'transit_customer',
      'out_for_delivery',
      'with_customer',
    ]);
    // The same delivery once more (same updated_at): nothing changes.
    const payload = JSON.stringify({
      id: 'evt_repeat',
      type: 'shipment.tracking_updated',
      created_at: new Date().toISOString(),
      data: {
        leg: 'outbound',
        status: 'in_transit',
        shipment: {
          ...kits.emulator.shipment(ext),
          updated_at: new Date(kits.emulator.shipment(ext)!.updatedMs).toISOString(),
        },
      },
    });
    const t = Math.floor(Date.now() / 1000);
    const repeat = await request(app)
      .post(testkitWebhookPath())
      .set('content-type', 'application/json')
      .set(FULFILMENT_SIGNATURE_HEADER, signFulfilmentWebhook(kits.emulator.webhookSecret, t, payload))
      .send(payload);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual({ received: true, outcome: 'ignored' });
    expect(lows(await read(order.id))).toHaveLength(5);
    // A kit that is lost on the way back ends there; a later scan cannot revive it.
    await kits.emulator.advance(ext, 'inbound', 'lost');
    expect((await read(order.id)).last_event.status).toBe('failed.testkit.lost');
    expect(lows(await read(order.id)).slice(5)).toEqual(['transit_lab', 'lost']);
    await kits.emulator.advance(ext, 'inbound', 'delivered');
    expect((await read(order.id)).last_event.status).toBe('failed.testkit.lost');
  });

  it('refuses webhooks with a bad or stale signature (401), of unknown providers (404) and bad bodies (400)', async () => {
    const order = await orderKit(team);
    const ext = await externalOf(order.id);
    kits.emulator.faults.set({ webhookSignature: 'wrong' });
    await kits.emulator.advance(ext, 'outbound', 'in_transit');
    expect(kits.emulator.webhooks.deliveries.at(-1)?.status).toBe(401);
    kits.emulator.faults.set({ webhookSignature: 'stale' });
    await kits.emulator.advance(ext, 'outbound', 'in_transit');
    expect(kits.emulator.webhooks.deliveries.at(-1)?.status).toBe(401);
    expect(lows(await read(order.id))).toEqual(['ordered', 'requisition_created']);
    kits.emulator.faults.clear();
    const garbage = '{"id":"evt_x","data":{"leg":"sideways"}}';
    const t = Math.floor(Date.now() / 1000);
    const bad = await request(app)
      .post(testkitWebhookPath())
      .set('content-type', 'application/json')
      .set(FULFILMENT_SIGNATURE_HEADER, signFulfilmentWebhook(kits.emulator.webhookSecret, t, garbage))
      .send(garbage);
    expect(bad.status).toBe(400);
    expect(bad.body.detail.error_type).toBe('invalid_webhook');
    expect((await request(app).post(testkitWebhookPath('nobody')).send('{}')).status).toBe(404);
  });

  it('registers a kit handed out offline to its patient', async () => {
    const order = await orderKit(team, '?awaiting_registration=true&sample_id=KIT-OFFLINE-1');
    expect(order.sample_id).toBe('KIT-OFFLINE-1');
    expect(lows(order)).toEqual(['ordered', 'awaiting_registration']);
    expect(order.details.data.shipment).toMatchObject({
      outbound_tracking_number: null,
      outbound_courier: null,
    });
    expect(order.details.data.shipment!.inbound_tracking_number).toMatch(/^1Z/);

    const dup = await post(
      key(team),
      '/v3/order/testkit?awaiting_registration=true&sample_id=KIT-OFFLINE-1',
      await body(team),
    );
    expect(dup.status).toBe(409);
    expect(dup.body.detail.error_type).toBe('duplicate_sample_id');

    const patientUser = await newUser(team);
    const registration = {
      sample_id: 'KIT-OFFLINE-1',
      user_id: patientUser,
      patient_details: { ...patient, first_name: 'Katherine', last_name: 'Johnson', dob: '1978-08-26' },
      patient_address: { ...address, zip: '60602' },
      consents: [{ consentType: 'hipaa-authorization' }],
    };
    const notFound = await post(key(team), '/v3/order/testkit/register', {
      ...registration,
      sample_id: 'KIT-NONE',
    });
    expect(notFound.status).toBe(404);
    const otherTeam = await post(key(other), '/v3/order/testkit/register', {
      ...registration,
      user_id: await userOf(other),
    });
    expect(otherTeam.status).toBe(404);
    const production = await post(key(team, 'production'), '/v3/order/testkit/register', registration);
    expect(production.status).toBe(404);
    const unknownUser = await post(key(team), '/v3/order/testkit/register', {
      ...registration,
      user_id: newId(),
    });
    expect(unknownUser.status).toBe(404);
    const invalid = await post(key(team), '/v3/order/testkit/register', {
      ...registration,
      patient_details: { ...registration.patient_details, dob: '2999-01-01', email: 'nope' },
    });
    expect(invalid.status).toBe(422);
    expect((invalid.body.detail as { loc: string[] }[]).map((d) => d.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'patient_details', 'dob'],
        ['body', 'patient_details', 'email'],
      ]),
    );
    expect(lows(await read(order.id))).toEqual(['ordered', 'awaiting_registration']);

    const registered = await post(key(team), '/v3/order/testkit/register', registration);
    expect(registered.status).toBe(200);
    const bound = registered.body.order as WireOrder;
    expect(bound).toMatchObject({
      id: order.id,
      user_id: patientUser,
      patient_details: { first_name: 'Katherine' },
    });
    expect(bound.last_event.status).toBe('received.testkit.registered');
    const twice = await post(key(team), '/v3/order/testkit/register', registration);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toMatchObject({
      error_type: 'invalid_state',
      status: 'received.testkit.registered',
    });
    const event = await db
      .knex('outbox')
      .whereRaw(`payload->'data'->>'id' = ?`, [order.id])
      .orderBy('seq', 'desc')
      .first<{ user_id: string; event_type: string }>('user_id', 'event_type');
    expect(event).toEqual({ user_id: patientUser, event_type: 'labtest.order.updated' });

    // The return leg takes it to the lab.
    const ext = await externalOf(order.id);
    await kits.emulator.advance(ext, 'inbound', 'in_transit');
    expect((await read(order.id)).last_event.status).toBe('collecting_sample.testkit.transit_lab');
  });

  it('refuses what it cannot order, storing nothing', async () => {
    const before = await orderCount();
    const walkIn = await post(
      key(team),
      '/v3/order/testkit',
      await body(team, { collection_method: 'walk_in_test' }),
    );
    expect(walkIn.status).toBe(422);
    const wrongTest = await post(
      key(team),
      '/v3/order/testkit',
      await body(team, { lab_test_id: await labTestOf(team, 'walk_in_test') }),
    );
    expect(wrongTest.status).toBe(422);
    const sampleAlone = await post(key(team), '/v3/order/testkit?sample_id=KIT-1', await body(team));
    expect(sampleAlone.status).toBe(422);
    expect(sampleAlone.body.detail[0].loc).toEqual(['query', 'sample_id']);
    const unknownUser = await post(key(team), '/v3/order/testkit', await body(team, { user_id: newId() }));
    expect(unknownUser.status).toBe(404);
    const otherUser = await post(
      key(team),
      '/v3/order/testkit',
      await body(team, { user_id: await userOf(other) }),
    );
    expect(otherUser.status).toBe(404);
    kits.emulator.faults.set({ serverError: 503 });
    const down = await post(key(team), '/v3/order/testkit', await body(team));
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(await orderCount()).toBe(before);
  });

  it('ships the kit of a test-kit order placed with plain POST /v3/order, idempotently, or stores nothing', async () => {
    const shipments = async () =>
      Number((await db.knex('lab_testkit_shipments').count<{ n: string }[]>({ n: '*' }))[0]!.n);
    // No collection_method: the lab test's own (testkit) applies.
    const plain = await post(key(team), '/v3/order', await body(team));
    expect(plain.status).toBe(200);
    const order = plain.body.order as WireOrder;
    expect(order.details.type).toBe('testkit');
    expect(lows(order)).toEqual(['ordered', 'requisition_created']);
    expect(order.sample_id).toMatch(/^KIT\d{9}$/);
    expect(order.details.data.shipment!.outbound_tracking_number).toMatch(/^1Z\d{16}$/);
    expect(kits.emulator.shipment(await externalOf(order.id))?.reference).toBe(order.id);
    expect(await read(order.id)).toMatchObject({ sample_id: order.sample_id, status: 'received' });

    // With an idempotency key the stored answer is the dispatched order, and a retry ships nothing more.
    const idem = newId();
    const once = await post(key(team), '/v3/order', await body(team)).set('x-idempotency-key', idem);
    expect(once.status).toBe(200);
    const afterOnce = await shipments();
    const again = await post(key(team), '/v3/order', await body(team)).set('x-idempotency-key', idem);
    expect(again.headers['x-idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(once.body);
    expect(again.body.order.details.data.shipment).not.toBeNull();
    expect(await shipments()).toBe(afterOnce);

    // Other collection methods do not reach the fulfilment partner.
    const walkIn = await post(
      key(team),
      '/v3/order',
      await body(team, { lab_test_id: await labTestOf(team, 'walk_in_test') }),
    );
    expect(walkIn.status).toBe(200);
    expect(walkIn.body.order.details.type).toBe('walk_in_test');
    expect(await shipments()).toBe(afterOnce);

    // The partner down: 503 and no order.
    const before = await orderCount();
    kits.emulator.faults.set({ serverError: 503 });
    const down = await post(key(team), '/v3/order', await body(team));
    expect(down.status).toBe(503);
    expect(await orderCount()).toBe(before);
  });

  it('answers 400 provider_not_available without a fulfilment partner, after the order checks', async () => {
    const bare = createDataApi({
      db: db.knex,
      logger: createLogger({ service: 'data-api', silent: true }),
      metrics: createMetricsRegistry('data-api'),
      region: 'us',
      readiness: {},
    });
    const before = await orderCount();
    const ask = async (b: object) =>
      request(bare).post('/v3/order/testkit').set('x-service-api-key', key(team)).send(b);
    expect((await ask(await body(team, { user_id: await userOf(other) }))).status).toBe(404);
    const res = await ask(await body(team));
    expect(res.status).toBe(400);
    expect(res.body.detail.error_type).toBe('provider_not_available');
    expect(await orderCount()).toBe(before);
  });

  it('cancels the shipment at the partner when the order is cancelled', async () => {
    const order = await orderKit(team);
    const cancelled = await post(key(team), `/v3/order/${order.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(kits.emulator.shipment(await externalOf(order.id))?.cancelled).toBe(true);
    expect((await get(key(other), `/v3/order/${order.id}`)).status).toBe(404);
  });

  it('moves scans along the kit course only (unit)', () => {
    expect(courierPath('requisition_created', 'with_customer')).toEqual([
      'transit_customer',
      'out_for_delivery',
      'with_customer',
    ]);
    expect(courierPath('registered', 'delivered_to_lab')).toEqual(['transit_lab', 'delivered_to_lab']);
    expect(courierPath('transit_lab', 'transit_lab')).toEqual([]);
    expect(courierPath('cancelled', 'transit_customer')).toBeNull();
    expect(courierPath('awaiting_registration', 'transit_lab')).toBeNull();
    expect(courierPath('delivered_to_lab', 'transit_customer')).toBeNull();
    expect(courierPath('with_customer', 'lost')).toEqual(['transit_lab', 'lost']);
    expect(courierPath('requisition_created', 'problem_in_transit_customer')).toEqual([
      'transit_customer',
      'problem_in_transit_customer',
    ]);
    expect(courierPath('transit_lab', 'completed')).toBeNull();
  });
});
