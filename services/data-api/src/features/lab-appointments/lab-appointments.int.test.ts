import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { newId, type Environment } from '@meridian/domain';
import {
  CANCELLATION_REASONS,
  createPhlebotomyPartners,
  signWebhookPayload,
  startPhlebotomyEmulators,
  type RunningPhlebotomyEmulators,
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
import { ensureSandboxCatalogue } from '../lab-tests/sandbox-catalogue';
import { createLabAppointmentsService } from './lab-appointments.service';
import { phlebotomyWebhookPath } from './local-phlebotomy-partners';

/**
 * At-home phlebotomy appointments end to end against a real database and both partner emulators over real
 * HTTP (the production adapters; the emulators' signed webhooks reach this API on a real port).
 */

interface WireAppointment {
  id: string;
  order_id: string;
  user_id: string;
  status: string;
  event_status: string;
  service_type: string;
  provider: string;
  start_at: string | null;
  end_at: string | null;
  can_reschedule: boolean;
  external_id: string | null;
  appointment_notes: string | null;
  events: { status: string; data: Record<string, unknown> | null }[];
  event_data: Record<string, unknown> | null;
  address: Record<string, unknown>;
  location: { lng: number; lat: number };
}

interface WireSlot {
  booking_key: string | null;
  start: string;
  end: string;
  expires_at: string;
  num_appointments_available: number;
}

interface OutboxRow {
  event_type: string;
  payload: { data: Record<string, unknown>; user_id: string; client_user_id: string; team_id: string };
  team_id: string;
  user_id: string;
}

const NYC = { first_line: '350 5th Ave', city: 'New York', state: 'NY', zip_code: '10001' };
const PHOENIX = { first_line: '200 W Washington St', city: 'Phoenix', state: 'AZ', zip_code: '85004' };

jest.setTimeout(60_000);

describe('at-home phlebotomy appointments (/v3/order/.../phlebotomy/appointment)', () => {
  let db: TestDatabase;
  let emulators: RunningPhlebotomyEmulators;
  let app: Express;
  let server: http.Server;
  let team: SeededTeam;
  let other: SeededTeam;
  let now: Date | undefined;
  const users = new Map<string, string>();

  beforeAll(async () => {
    db = await createTestDatabase();
    emulators = await startPhlebotomyEmulators({ phlebfinders: { assignAfterMs: null } });
    const partners = createPhlebotomyPartners({
      getlabs: { ...emulators.config.getlabs!, timeoutMs: 5000 },
      phlebfinders: { ...emulators.config.phlebfinders!, timeoutMs: 5000 },
    });
    app = createDataApi({
      db: db.knex,
      logger: createLogger({ service: 'data-api', silent: !process.env.DEBUG_TEST }),
      metrics: createMetricsRegistry('data-api'),
      region: 'us',
      readiness: {},
      clock: () => now ?? new Date(),
      validateResponses: true,
      labPartners: { phlebotomy: { partners } },
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    emulators.setWebhookTargets({
      getlabs: base + phlebotomyWebhookPath('getlabs'),
      phlebfinders: base + phlebotomyWebhookPath('phlebfinders'),
    });
    const org = await seedOrg(db.knex);
    team = await seedTeam(db.knex, org.orgId);
    other = await seedTeam(db.knex, org.orgId);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await emulators.close();
    await db.destroy();
  });

  afterEach(() => {
    now = undefined;
    emulators.getlabs.emulator.faults.clear();
    emulators.phlebfinders.emulator.faults.clear();
  });

  const key = (t: SeededTeam, env: Environment = 'sandbox') => t.apiKeys[env];
  const get = (k: string, path: string) => request(app).get(path).set('x-service-api-key', k);
  const send = (method: 'post' | 'patch', k: string, path: string, body: object) =>
    request(app)[method](path).set('x-service-api-key', k).send(body);
  const apptPath = (orderId: string, action = '') =>
    `/v3/order/${orderId}/phlebotomy/appointment${action ? `/${action}` : ''}`;

  async function userOf(t: SeededTeam): Promise<string> {
    const known = users.get(t.teamId);
    if (known) return known;
    const id = newId();
    await db
      .knex('users')
      .insert({ id, team_id: t.teamId, environment: 'sandbox', client_user_id: `c-${id}` });
    users.set(t.teamId, id);
    return id;
  }

  /** An at-home order inserted directly (the orders API is another feature), at `statusLow`. */
  async function createOrder(t: SeededTeam, statusLow = 'requisition_created'): Promise<string> {
    const scope = { teamId: t.teamId, environment: 'sandbox' as const };
    await ensureSandboxCatalogue(db.knex, scope, new Date());
    const labTest = (await db
      .knex('lab_tests')
      .where({ team_id: t.teamId, environment: 'sandbox', method: 'at_home_phlebotomy' })
      .first<{ id: string } | undefined>('id'))!;
    const id = newId();
    const top =
      statusLow === 'ordered' || statusLow.startsWith('requisition') ? 'received' : 'collecting_sample';
    await db.knex('lab_orders').insert({
      id,
      team_id: t.teamId,
      environment: 'sandbox',
      user_id: await userOf(t),
      lab_test_id: labTest.id,
      collection_method: 'at_home_phlebotomy',
      status_top: top,
      status_low: statusLow,
      status_changed_at: new Date(),
      details_id: newId(),
      patient_first_name: 'Ada',
      patient_last_name: 'Lovelace',
      patient_dob: '1990-01-02',
      patient_details: JSON.stringify({
        gender: 'female',
        phone_number: '+12125550100',
        email: 'ada@example.com',
      }),
      patient_address: JSON.stringify({
        first_line: '350 5th Ave',
        city: 'New York',
        state: 'NY',
        zip: '10001',
        country: 'US',
      }),
    });
    await db.knex('lab_order_events').insert({
      order_id: id,
      team_id: t.teamId,
      environment: 'sandbox',
      status: `${top}.at_home_phlebotomy.${statusLow}`,
    });
    return id;
  }

  const orderStatus = async (orderId: string) =>
    (
      await db
        .knex('lab_orders')
        .where({ id: orderId })
        .first<{ status_low: string } | undefined>('status_low')
    )?.status_low;
  const orderEvents = async (orderId: string) =>
    (
      await db
        .knex('lab_order_events')
        .where({ order_id: orderId })
        .orderBy('id')
        .select<{ status: string }[]>('status')
    ).map((e) => e.status.split('.').pop());
  const appointmentCount = async (orderId: string) =>
    Number(
      (await db.knex('lab_appointments').where({ order_id: orderId }).count<{ n: unknown }[]>({ n: '*' }))[0]!
        .n,
    );
  /** `labtest.*` outbox rows of an order, in write order. */
  const outboxOf = async (orderId: string) =>
    (
      await db
        .knex('outbox')
        .where('event_type', 'like', 'labtest.%')
        .whereRaw(`(payload->'data'->>'order_id' = ? or payload->'data'->>'id' = ?)`, [orderId, orderId])
        .orderBy('seq')
        .select<OutboxRow[]>('event_type', 'payload', 'team_id', 'user_id')
    ).map((r) => ({ ...r, status: r.payload.data.status }));

  async function bookableSlots(t: SeededTeam, address: object = NYC): Promise<WireSlot[]> {
    const res = await send('post', key(t), '/v3/order/phlebotomy/appointment/availability', address);
    expect(res.status).toBe(200);
    const days = (res.body as { slots: { slots: WireSlot[] }[] }).slots;
    return days.flatMap((d) => d.slots).filter((s) => s.booking_key !== null);
  }

  describe('area info and reasons', () => {
    it('lists the providers serving a zip code with their service types, and the central labs', async () => {
      const res = await get(key(team), '/v3/order/area/info?zip_code=10001');
      expect(res.status).toBe(200);
      expect(res.body.zip_code).toBe('10001');
      expect(res.body.phlebotomy).toEqual({
        is_served: true,
        providers: [
          { name: 'getlabs', service_types: ['appointment-ready'] },
          { name: 'phlebfinders', service_types: ['appointment-request'] },
        ],
      });
      expect(Object.keys(res.body.central_labs).sort()).toEqual(['bioreference', 'labcorp', 'quest']);
      expect(res.body.central_labs.quest).toEqual({
        patient_service_centers: {
          appointment_with_meridian: true,
          within_radius: 0,
          radius: '25',
          capabilities: ['stat', 'appointment_scheduling_via_meridian'],
        },
        supported_bill_types: expect.arrayContaining(['client_bill']),
        lab_id: expect.any(Number),
      });
      const phoenix = await get(key(team), '/v3/order/area/info?zip_code=85004&radius=50&lab=labcorp');
      expect(phoenix.body.phlebotomy.providers).toEqual([
        { name: 'phlebfinders', service_types: ['appointment-request'] },
      ]);
      expect(Object.keys(phoenix.body.central_labs)).toEqual(['labcorp']);
      expect(phoenix.body.central_labs.labcorp.patient_service_centers.radius).toBe('50');
      const none = await get(key(team), '/v3/order/area/info?zip_code=99999');
      expect(none.body.phlebotomy).toEqual({ is_served: false, providers: [] });
    });

    it('refuses a malformed zip code (422) and a call without a key (401)', async () => {
      const bad = await get(key(team), '/v3/order/area/info?zip_code=1234');
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0].loc).toEqual(['query', 'zip_code']);
      expect((await request(app).get('/v3/order/area/info?zip_code=10001')).status).toBe(401);
    });

    it('lists the cancellation reasons with stable ids', async () => {
      const res = await get(key(team), '/v3/order/phlebotomy/appointment/cancellation-reasons');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(
        CANCELLATION_REASONS.map((r) => ({ id: r.id, name: r.name, is_refundable: r.is_refundable })),
      );
    });
  });

  describe('availability, book, reschedule, cancel (appointment-ready)', () => {
    it('gives slots with expiring single-use booking keys; another tenant cannot use them', async () => {
      const slots = await bookableSlots(team);
      expect(slots.length).toBeGreaterThan(0);
      const s = slots[0]!;
      expect(s.booking_key).toMatch(/^bk_/);
      expect(s.start).toMatch(/\+00:00$/);
      expect(Date.parse(s.expires_at)).toBeGreaterThan(Date.now());
      // Stored hashed: the key itself is nowhere in the table.
      const stored = await db
        .knex('lab_appointment_booking_keys')
        .where({ team_id: team.teamId })
        .select('*');
      expect(JSON.stringify(stored)).not.toContain(s.booking_key);

      const foreignOrder = await createOrder(other);
      const res = await send('post', key(other), apptPath(foreignOrder, 'book'), {
        booking_key: s.booking_key,
      });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'booking_key']);
    });

    it('an area without an appointment-ready provider answers 400 provider_not_available', async () => {
      const res = await send('post', key(team), '/v3/order/phlebotomy/appointment/availability', PHOENIX);
      expect(res.status).toBe(400);
      expect(res.body.detail.error_type).toBe('provider_not_available');
    });

    it('books, reschedules and cancels, moving the order and writing the events', async () => {
      const orderId = await createOrder(team);
      const [first, second] = await bookableSlots(team);
      const booked = await send('post', key(team), apptPath(orderId, 'book'), {
        booking_key: first!.booking_key,
        appointment_notes: 'Ring twice',
      });
      expect(booked.status).toBe(200);
      const a = booked.body as WireAppointment;
      expect(a).toMatchObject({
        order_id: orderId,
        status: 'confirmed',
        event_status: 'scheduled',
        service_type: 'appointment-ready',
        provider: 'getlabs',
        can_reschedule: true,
        appointment_notes: 'Ring twice',
        start_at: first!.start,
        end_at: first!.end,
      });
      expect(a.external_id).toMatch(/^apt_/);
      expect(a.location).toEqual({ lat: 40.7506, lng: -73.9972 });
      expect(a.events.map((e) => e.status)).toEqual(['scheduled']);
      expect(await orderStatus(orderId)).toBe('appointment_scheduled');
      expect((await get(key(team), apptPath(orderId))).body).toEqual(a);

      // The used key cannot book again.
      const reuse = await send('post', key(team), apptPath(await createOrder(team), 'book'), {
        booking_key: first!.booking_key,
      });
      expect(reuse.status).toBe(409);
      expect(reuse.body.detail.error_type).toBe('slot_unavailable');

      const moved = await send('patch', key(team), apptPath(orderId, 'reschedule'), {
        booking_key: second!.booking_key,
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ id: a.id, status: 'confirmed', start_at: second!.start });
      expect((moved.body as WireAppointment).events.map((e) => [e.status, e.data?.is_reschedule])).toEqual([
        ['scheduled', undefined],
        ['scheduled', true],
      ]);
      expect(emulators.getlabs.emulator.appointment(a.external_id!)?.startMs).toBe(Date.parse(second!.start));

      const reason = CANCELLATION_REASONS[0]!;
      const cancelled = await send('patch', key(team), apptPath(orderId, 'cancel'), {
        cancellation_reason_id: reason.id,
        notes: 'Travelling',
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ id: a.id, status: 'cancelled', event_status: 'cancelled' });
      expect(emulators.getlabs.emulator.appointment(a.external_id!)?.status).toBe('cancelled');
      expect(await orderStatus(orderId)).toBe('appointment_cancelled');
      expect((await get(key(team), apptPath(orderId))).status).toBe(404);
      expect(await orderEvents(orderId)).toEqual([
        'requisition_created',
        'appointment_scheduled',
        'appointment_scheduled',
        'appointment_cancelled',
      ]);

      const events = await outboxOf(orderId);
      // Each change: the order's move (labtest.order.updated) and the appointment's event, one transaction.
      expect(events.map((e) => [e.event_type, e.status])).toEqual([
        ['labtest.order.updated', 'collecting_sample'],
        ['labtest.appointment.created', 'confirmed'],
        ['labtest.order.updated', 'collecting_sample'],
        ['labtest.appointment.updated', 'confirmed'],
        ['labtest.order.updated', 'collecting_sample'],
        ['labtest.appointment.updated', 'cancelled'],
      ]);
      const created = events.find((e) => e.event_type === 'labtest.appointment.created')!;
      expect(created.payload).toMatchObject({
        user_id: a.user_id,
        client_user_id: `c-${a.user_id}`,
        team_id: team.teamId,
        data: { id: a.id, order_id: orderId },
      });

      // Cancelled: a new appointment can be booked.
      const again = await send('post', key(team), apptPath(orderId, 'book'), {
        booking_key: (await bookableSlots(team))[0]!.booking_key,
      });
      expect(again.status).toBe(200);
      expect(again.body.id).not.toBe(a.id);
    });

    it('refuses a second book (409 appointment_exists) and a reschedule of a request-tier appointment', async () => {
      const orderId = await createOrder(team);
      const slots = await bookableSlots(team);
      const first = await send('post', key(team), apptPath(orderId, 'book'), {
        booking_key: slots[0]!.booking_key,
      });
      const second = await send('post', key(team), apptPath(orderId, 'book'), {
        booking_key: slots[1]!.booking_key,
      });
      expect(second.status).toBe(409);
      expect(second.body.detail).toMatchObject({
        error_type: 'appointment_exists',
        appointment_id: first.body.id,
      });
      const req = await send('post', key(team), apptPath(orderId, 'request'), {
        address: NYC,
        provider: 'phlebfinders',
      });
      expect(req.status).toBe(409);
      expect(req.body.detail.error_type).toBe('appointment_exists');
    });

    it('a slot taken at the provider answers 409 slot_unavailable and records nothing', async () => {
      const orderId = await createOrder(team);
      const [slot] = await bookableSlots(team);
      emulators.getlabs.emulator.faults.set({ slotTaken: true });
      const res = await send('post', key(team), apptPath(orderId, 'book'), {
        booking_key: slot!.booking_key,
      });
      expect(res.status).toBe(409);
      expect(res.body.detail.error_type).toBe('slot_unavailable');
      expect(await orderStatus(orderId)).toBe('requisition_created');
      expect(await appointmentCount(orderId)).toBe(0);
    });

    it('two orders racing for one booking key: one books, the other gets 409 slot_unavailable', async () => {
      const [o1, o2] = [await createOrder(team), await createOrder(team)];
      const [slot] = await bookableSlots(team);
      const answers = await Promise.all(
        [o1, o2].map((o) => send('post', key(team), apptPath(o, 'book'), { booking_key: slot!.booking_key })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.detail.error_type).toBe('slot_unavailable');
    });

    it('two books racing on one order: one appointment, the other booking cancelled at the provider', async () => {
      const orderId = await createOrder(team);
      const slots = await bookableSlots(team);
      const answers = await Promise.all(
        [slots[0]!, slots[1]!].map((s) =>
          send('post', key(team), apptPath(orderId, 'book'), { booking_key: s.booking_key }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.detail.error_type).toBe('appointment_exists');
      const atPartner = [];
      for await (const p of createPhlebotomyPartners({ getlabs: emulators.config.getlabs })[0]!.list()) {
        if (p.orderRef === orderId) atPartner.push(p.status);
      }
      // Either the loser never reached the partner, or its booking was cancelled there (compensation).
      expect(atPartner.filter((s) => s !== 'cancelled')).toEqual(['confirmed']);
      expect(await appointmentCount(orderId)).toBe(1);
    });

    it('an expired booking key answers 409 booking_key_expired', async () => {
      const orderId = await createOrder(team);
      const [slot] = await bookableSlots(team);
      now = new Date(Date.parse(slot!.expires_at) + 1000);
      const res = await send('post', key(team), apptPath(orderId, 'book'), {
        booking_key: slot!.booking_key,
      });
      expect(res.status).toBe(409);
      expect(res.body.detail.error_type).toBe('booking_key_expired');
    });

    it('before Requisition Ready and after the draw, book and request answer 409 invalid_state', async () => {
      const ordered = await createOrder(team, 'ordered');
      const [slot] = await bookableSlots(team);
      const res = await send('post', key(team), apptPath(ordered, 'book'), {
        booking_key: slot!.booking_key,
      });
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatchObject({
        error_type: 'invalid_state',
        status: 'received.at_home_phlebotomy.ordered',
      });
      const drawn = await createOrder(team, 'draw_completed');
      const req = await send('post', key(team), apptPath(drawn, 'request'), {
        address: PHOENIX,
        provider: 'phlebfinders',
      });
      expect(req.status).toBe(409);
      expect(req.body.detail).toMatchObject({ error_type: 'invalid_state' });
      // The key was not used up by the refused book.
      const ok = await send('post', key(team), apptPath(await createOrder(team), 'book'), {
        booking_key: slot!.booking_key,
      });
      expect(ok.status).toBe(200);
    });

    it('a cancel with an unknown reason is 422; an appointment under way cannot be cancelled', async () => {
      const orderId = await createOrder(team);
      const booked = await send('post', key(team), apptPath(orderId, 'book'), {
        booking_key: (await bookableSlots(team))[0]!.booking_key,
      });
      const bad = await send('patch', key(team), apptPath(orderId, 'cancel'), {
        cancellation_reason_id: newId(),
      });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0].loc).toEqual(['body', 'cancellation_reason_id']);
      await emulators.getlabs.emulator.advance(booked.body.external_id, 'in_progress');
      const started = await get(key(team), apptPath(orderId));
      expect(started.body).toMatchObject({ status: 'in_progress', can_reschedule: false });
      const refused = await send('patch', key(team), apptPath(orderId, 'cancel'), {
        cancellation_reason_id: CANCELLATION_REASONS[0]!.id,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toMatchObject({ error_type: 'invalid_state', status: 'in_progress' });
      const resched = await send('patch', key(team), apptPath(orderId, 'reschedule'), {
        booking_key: (await bookableSlots(team))[0]!.booking_key,
      });
      expect(resched.status).toBe(409);
      expect(resched.body.detail.error_type).toBe('invalid_state');
      await emulators.getlabs.emulator.advance(booked.body.external_id, 'completed');
      expect(await orderStatus(orderId)).toBe('draw_completed');
      // The draw's appointment stays the order's appointment after the draw.
      const after = await get(key(team), apptPath(orderId));
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({ id: booked.body.id, status: 'completed', can_reschedule: false });
    });

    it('a provider outage answers 503 with Retry-After and leaves the key usable', async () => {
      const orderId = await createOrder(team);
      const [slot] = await bookableSlots(team);
      emulators.getlabs.emulator.faults.set({ serverError: 503, times: 2 });
      const res = await send('post', key(team), apptPath(orderId, 'book'), {
        booking_key: slot!.booking_key,
      });
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.detail.error_type).toBe('service_unavailable');
      expect(await orderStatus(orderId)).toBe('requisition_created');
    });
  });

  describe('request tier and partner webhooks', () => {
    it('request → pending without a time → the signed assignment webhook confirms it → draw completes', async () => {
      const orderId = await createOrder(team);
      const res = await send('post', key(team), apptPath(orderId, 'request'), {
        address: PHOENIX,
        provider: 'phlebfinders',
      });
      expect(res.status).toBe(200);
      const a = res.body as WireAppointment;
      expect(a).toMatchObject({
        status: 'pending',
        event_status: 'pending',
        service_type: 'appointment-request',
        provider: 'phlebfinders',
        start_at: null,
        end_at: null,
        can_reschedule: false,
      });
      expect(await orderStatus(orderId)).toBe('appointment_pending');

      await emulators.phlebfinders.emulator.assign(a.external_id!);
      const confirmed = (await get(key(team), apptPath(orderId))).body as WireAppointment;
      expect(confirmed).toMatchObject({
        status: 'confirmed',
        event_status: 'scheduled',
        can_reschedule: false,
      });
      expect(confirmed.start_at).toMatch(/\+00:00$/);
      expect(confirmed.events.map((e) => [e.status, e.data?.origin])).toEqual([
        ['pending', 'api'],
        ['scheduled', 'provider'],
      ]);
      expect(await orderStatus(orderId)).toBe('appointment_scheduled');
      const resched = await send('patch', key(team), apptPath(orderId, 'reschedule'), {
        booking_key: (await bookableSlots(team))[0]!.booking_key,
      });
      expect(resched.status).toBe(409);

      await emulators.phlebfinders.emulator.advance(a.external_id!, 'in_progress');
      await emulators.phlebfinders.emulator.advance(a.external_id!, 'completed');
      expect(await orderStatus(orderId)).toBe('draw_completed');
      expect(await orderEvents(orderId)).toEqual([
        'requisition_created',
        'appointment_pending',
        'appointment_scheduled',
        'draw_completed',
      ]);
      const appointmentEvents = (await outboxOf(orderId)).filter((e) =>
        e.event_type.startsWith('labtest.appointment.'),
      );
      expect(appointmentEvents.map((e) => [e.event_type, e.status])).toEqual([
        ['labtest.appointment.created', 'pending'],
        ['labtest.appointment.updated', 'confirmed'],
        ['labtest.appointment.updated', 'in_progress'],
        ['labtest.appointment.updated', 'completed'],
      ]);
      // After the draw nothing more can be booked or requested.
      const late = await send('post', key(team), apptPath(orderId, 'request'), {
        address: PHOENIX,
        provider: 'phlebfinders',
      });
      expect(late.body.detail).toMatchObject({ error_type: 'invalid_state' });
    });

    it('a provider without appointment-request in the area answers 400 provider_not_available', async () => {
      const orderId = await createOrder(team);
      for (const body of [
        { address: NYC, provider: 'getlabs' },
        {
          address: { ...NYC, zip_code: '94103', city: 'San Francisco', state: 'CA' },
          provider: 'phlebfinders',
        },
        { address: NYC, provider: 'quest' },
      ]) {
        const res = await send('post', key(team), apptPath(orderId, 'request'), body);
        expect([res.status, res.body.detail.error_type]).toEqual([400, 'provider_not_available']);
      }
      expect(await orderStatus(orderId)).toBe('requisition_created');
    });

    it('a webhook with a wrong or stale signature is refused with 401 and applies nothing', async () => {
      const orderId = await createOrder(team);
      const a = (
        await send('post', key(team), apptPath(orderId, 'request'), {
          address: PHOENIX,
          provider: 'phlebfinders',
        })
      ).body as WireAppointment;
      const pf = emulators.phlebfinders.emulator;
      pf.faults.set({ webhookSignature: 'wrong' });
      await pf.assign(a.external_id!);
      expect(pf.webhooks.deliveries.at(-1)).toMatchObject({ status: 401, attempts: 3 });
      pf.faults.set({ webhookSignature: 'stale' });
      await pf.advance(a.external_id!, 'in_progress');
      expect(pf.webhooks.deliveries.at(-1)).toMatchObject({ status: 401, attempts: 3 });
      expect((await get(key(team), apptPath(orderId))).body.status).toBe('pending');
      const raw = await request(app)
        .post(phlebotomyWebhookPath('getlabs'))
        .set('content-type', 'application/json')
        .set('getlabs-signature', 't=1,v1=00')
        .send('{"id":"evt_1"}');
      expect(raw.status).toBe(401);
      expect(raw.body.detail.error_type).toBe('invalid_signature');
      const unknown = await request(app).post('/v2/provider_webhooks/phlebotomy/acme').send('{}');
      expect(unknown.status).toBe(404);
    });

    it('repeated and out-of-order webhooks change nothing', async () => {
      const orderId = await createOrder(team);
      const booked = (
        await send('post', key(team), apptPath(orderId, 'book'), {
          booking_key: (await bookableSlots(team))[0]!.booking_key,
        })
      ).body as WireAppointment;
      await emulators.getlabs.emulator.advance(booked.external_id!, 'en_route');
      const enRoute = (await get(key(team), apptPath(orderId))).body as WireAppointment;
      expect(enRoute.event_data).toMatchObject({ origin: 'provider', partner_status: 'en_route' });
      const before = (await outboxOf(orderId)).length;

      // The partner's current state (its real wire form), delivered again: ignored.
      const current = (await (
        await fetch(`${emulators.config.getlabs!.baseUrl}/appointments/${booked.external_id}`, {
          headers: { authorization: `Bearer ${emulators.config.getlabs!.apiKey}` },
        })
      ).json()) as Record<string, unknown>;
      const deliver = (appointment: Record<string, unknown>) => {
        const body = JSON.stringify({
          id: `evt_${newId()}`,
          type: 'appointment.updated',
          created_at: new Date().toISOString(),
          data: { appointment },
        });
        const t = Math.floor(Date.now() / 1000);
        const signature = signWebhookPayload(emulators.getlabs.emulator.webhookSecret, t, body, 'hex');
        return request(app)
          .post(phlebotomyWebhookPath('getlabs'))
          .set('content-type', 'application/json')
          .set('getlabs-signature', `t=${t},v1=${signature}`)
          .send(body);
      };
      for (let i = 0; i < 2; i += 1) {
        const res = await deliver(current);
        expect([res.status, res.body]).toEqual([200, { received: true, outcome: 'ignored' }]);
      }
      // An older update arriving late (cancelled before the booking was even made): ignored.
      const old = new Date(Date.parse(String(current.updated_at)) - 60_000).toISOString();
      const late = await deliver({
        ...current,
        status: 'cancelled',
        reschedulable: false,
        cancellation: { reason_code: 'other', note: null, cancelled_at: old },
        updated_at: old,
      });
      expect([late.status, late.body.outcome]).toEqual([200, 'ignored']);
      expect((await get(key(team), apptPath(orderId))).body.status).toBe('confirmed');
      expect((await outboxOf(orderId)).length).toBe(before);
      expect(await orderStatus(orderId)).toBe('appointment_scheduled');
    });
  });

  describe('order cancelled (for the orders feature)', () => {
    it('POST /v3/order/{id}/cancel cancels the active appointment at the provider and here', async () => {
      const orderId = await createOrder(team);
      const booked = (
        await send('post', key(team), apptPath(orderId, 'book'), {
          booking_key: (await bookableSlots(team))[0]!.booking_key,
        })
      ).body as WireAppointment;
      const res = await send('post', key(team), `/v3/order/${orderId}/cancel`, {});
      expect(res.status).toBe(200);
      expect(await orderStatus(orderId)).toBe('cancelled');
      expect(emulators.getlabs.emulator.appointment(booked.external_id!)?.status).toBe('cancelled');
      const row = await db.knex('lab_appointments').where({ id: booked.id }).first('status');
      expect(row?.status).toBe('cancelled');
    });

    it('cancels the active appointment at the provider and here, leaving the order cancelled', async () => {
      const orderId = await createOrder(team);
      const booked = (
        await send('post', key(team), apptPath(orderId, 'book'), {
          booking_key: (await bookableSlots(team))[0]!.booking_key,
        })
      ).body as WireAppointment;
      await db
        .knex('lab_orders')
        .where({ id: orderId })
        .update({ status_top: 'cancelled', status_low: 'cancelled' });
      const service = createLabAppointmentsService({
        db: db.knex,
        clock: () => new Date(),
        logger: createLogger({ service: 'data-api', silent: true }),
        phlebotomy: { partners: createPhlebotomyPartners(emulators.config) },
      });
      const scope = { teamId: team.teamId, environment: 'sandbox' as const };
      const cancelled = await service.cancelForCancelledOrder(scope, orderId);
      expect(cancelled).toMatchObject({ id: booked.id, status: 'cancelled' });
      expect(emulators.getlabs.emulator.appointment(booked.external_id!)?.status).toBe('cancelled');
      expect(await orderStatus(orderId)).toBe('cancelled');
      expect(await service.cancelForCancelledOrder(scope, orderId)).toBeNull();
      // Another tenant's scope finds nothing to cancel.
      expect(
        await service.cancelForCancelledOrder({ teamId: other.teamId, environment: 'sandbox' }, orderId),
      ).toBeNull();
    });
  });

  describe('tenant isolation', () => {
    it('another team or environment sees none of the order’s appointment endpoints', async () => {
      const orderId = await createOrder(team);
      await send('post', key(team), apptPath(orderId, 'book'), {
        booking_key: (await bookableSlots(team))[0]!.booking_key,
      });
      for (const k of [key(other), key(team, 'production'), key(other, 'production')]) {
        const foreignKey = (await bookableSlots(other))[0]!.booking_key;
        const answers = await Promise.all([
          get(k, apptPath(orderId)),
          send('post', k, apptPath(orderId, 'book'), { booking_key: foreignKey }),
          send('post', k, apptPath(orderId, 'request'), { address: PHOENIX, provider: 'phlebfinders' }),
          send('patch', k, apptPath(orderId, 'reschedule'), { booking_key: foreignKey }),
          send('patch', k, apptPath(orderId, 'cancel'), {
            cancellation_reason_id: CANCELLATION_REASONS[0]!.id,
          }),
        ]);
        expect(answers.map((r) => [r.status, r.body.detail?.error_type])).toEqual(
          answers.map(() => [404, 'not_found']),
        );
      }
      const mine = await get(key(team), apptPath(orderId));
      expect(mine.body.status).toBe('confirmed');
      expect(await orderStatus(orderId)).toBe('appointment_scheduled');
    });
  });

  describe('a deployment without phlebotomy partners', () => {
    it('reports no provider in area info and answers 400 provider_not_available to availability', async () => {
      const bare = createDataApi({
        db: db.knex,
        logger: createLogger({ service: 'data-api', silent: true }),
        metrics: createMetricsRegistry('data-api'),
        region: 'us',
        readiness: {},
        validateResponses: true,
      });
      const info = await request(bare)
        .get('/v3/order/area/info?zip_code=10001')
        .set('x-service-api-key', key(team));
      expect(info.status).toBe(200);
      expect(info.body.phlebotomy).toEqual({ is_served: false, providers: [] });
      const slots = await request(bare)
        .post('/v3/order/phlebotomy/appointment/availability')
        .set('x-service-api-key', key(team))
        .send(NYC);
      expect([slots.status, slots.body.detail.error_type]).toEqual([400, 'provider_not_available']);
    });
  });
});
