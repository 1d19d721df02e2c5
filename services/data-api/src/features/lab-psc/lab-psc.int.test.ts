import request from 'supertest';
import { newId, type Environment } from '@meridian/domain';
import {
  CANCELLATION_REASONS,
  createPscPartners,
  startPscEmulators,
  type RunningPscEmulators,
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

/**
 * Walk-in (PSC) orders end to end against a real database and both labs' PSC emulators over real HTTP (the
 * production adapters): create a walk-in order through the API, Requisition Ready through the sandbox walk,
 * PSC availability, book (idempotent), reschedule, cancel, every error, and tenant isolation.
 */

interface Slot {
  booking_key: string | null;
  start: string;
  expires_at: string;
  num_appointments_available: number;
}
interface Day {
  date: string;
  location: { code: string; name: string; distance: number | null; address: { zip_code: string } };
  slots: Slot[];
}

jest.setTimeout(180_000);

describe('walk-in / patient service center appointments (/v3/order/.../psc/...)', () => {
  let db: TestDatabase;
  let labs: RunningPscEmulators;
  let app: Express;
  let team: SeededTeam;
  let other: SeededTeam;
  let now: Date | undefined;
  const users = new Map<string, string>();

  const makeApp = (withPsc: boolean) =>
    createDataApi({
      db: db.knex,
      logger: createLogger({ service: 'data-api', silent: !process.env.DEBUG_TEST }),
      metrics: createMetricsRegistry('data-api'),
      region: 'us',
      readiness: {},
      clock: () => now ?? new Date(),
      validateResponses: true,
      labPartners: withPsc
        ? {
            psc: createPscPartners({
              quest: { ...labs.config.quest, timeoutMs: 15_000 },
              sonora_quest: { ...labs.config.sonora_quest, timeoutMs: 15_000 },
            }),
          }
        : undefined,
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    labs = await startPscEmulators();
    const org = await seedOrg(db.knex);
    team = await seedTeam(db.knex, org.orgId);
    other = await seedTeam(db.knex, org.orgId);
    // One app at a time: each compiles its OpenAPI validator in the background on creation.
    app = makeApp(true);
    await request(app)
      .get('/v3/order/psc/appointment/cancellation-reasons')
      .set('x-service-api-key', key(team));
  });

  afterAll(async () => {
    await labs.close();
    await db.destroy();
  });

  afterEach(() => {
    now = undefined;
    labs.emulators.quest.emulator.faults.clear();
    labs.emulators.sonora_quest.emulator.faults.clear();
  });

  const key = (t: SeededTeam, env: Environment = 'sandbox') => t.apiKeys[env];
  const get = (k: string, path: string, a = app) => request(a).get(path).set('x-service-api-key', k);
  const send = (method: 'post' | 'patch', k: string, path: string, body: object, a = app) =>
    request(a)[method](path).set('x-service-api-key', k).send(body);
  const psc = (orderId: string, action = '') =>
    `/v3/order/${orderId}/psc/appointment${action ? `/${action}` : ''}`;
  const availability = (k: string, query: string, a = app) =>
    send('post', k, `/v3/order/psc/appointment/availability?${query}`, {}, a);

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

  /** A walk-in order created through the API, walked to Requisition Ready by the sandbox `/test`. */
  async function walkInOrder(
    t: SeededTeam,
    opts: { ready?: boolean; method?: string } = {},
  ): Promise<string> {
    const k = key(t);
    const tests = await get(k, '/v3/lab_tests');
    expect(tests.status).toBe(200);
    const method = opts.method ?? 'walk_in_test';
    const labTest = (tests.body as { id: string; method: string }[]).find((x) => x.method === method)!;
    const created = await send('post', k, '/v3/order', {
      user_id: await userOf(t),
      lab_test_id: labTest.id,
      patient_details: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        dob: '1990-01-02',
        gender: 'female',
        phone_number: '+12125550100',
        email: 'ada@example.com',
      },
      patient_address: {
        first_line: '350 5th Ave',
        city: 'New York',
        state: 'NY',
        zip: '10001',
        country: 'US',
      },
    });
    expect(created.status).toBe(200);
    const id = (created.body as { order: { id: string } }).order.id;
    if (opts.ready !== false) {
      const walked = await send(
        'post',
        k,
        `/v3/order/${id}/test?final_status=received.${method}.requisition_created`,
        {},
      );
      expect(walked.status).toBe(200);
    }
    return id;
  }

  const orderLows = async (orderId: string) =>
    (
      await db
        .knex('lab_order_events')
        .where({ order_id: orderId })
        .orderBy('id')
        .select<{ status: string }[]>('status')
    ).map((e) => e.status.split('.').pop());

  const outboxTypes = async (orderId: string) =>
    (
      await db
        .knex('outbox')
        .where('event_type', 'like', 'labtest.%')
        .whereRaw(`(payload->'data'->>'order_id' = ? or payload->'data'->>'id' = ?)`, [orderId, orderId])
        .orderBy('seq')
        .select<{ event_type: string }[]>('event_type')
    ).map((r) => r.event_type);

  async function slotsOf(k: string, query = 'lab=quest&zip_code=10001'): Promise<Day[]> {
    const res = await availability(k, query);
    expect(res.status).toBe(200);
    return (res.body as { slots: Day[] }).slots;
  }

  const bookable = (days: Day[], site?: string) =>
    days
      .filter((d) => !site || d.location.code === site)
      .flatMap((d) => d.slots.map((s) => ({ ...s, site: d.location.code })))
      .filter((s) => s.booking_key !== null);

  it('walks a walk-in order through availability, book, reschedule and cancel', async () => {
    const orderId = await walkInOrder(team);
    const k = key(team);

    // Area info counts the lab's service centers within the radius, as the site directory lists them.
    const area = await get(k, '/v3/order/area/info?zip_code=10001&lab=quest');
    expect(area.status).toBe(200);
    const questInfo = area.body.central_labs.quest as {
      lab_id: number;
      patient_service_centers: { within_radius: number };
    };
    const info = await get(k, `/v3/order/psc/info?zip_code=10001&lab_id=${questInfo.lab_id}`);
    expect(info.status).toBe(200);
    expect(info.body.centers.length).toBeGreaterThan(1);
    expect(info.body.patient_service_centers.within_radius).toBe(info.body.centers.length);
    expect(questInfo.patient_service_centers.within_radius).toBe(info.body.centers.length);
    expect(info.body.centers[0].code).toBe('QNY001'); // nearest first: in the zip itself
    const orderInfo = await get(k, `/v3/order/${orderId}/psc/info`);
    expect(orderInfo.status).toBe(200);
    expect(orderInfo.body).toMatchObject({
      lab: 'quest',
      zip_code: '10001',
      patient_service_centers: { radius: '25', appointment_with_meridian: true },
    });
    expect(orderInfo.body.centers.map((c: { code: string }) => c.code)).toEqual(
      info.body.centers.map((c: { code: string }) => c.code),
    );

    const days = await slotsOf(k);
    expect(days.length).toBeGreaterThan(0);
    expect(days[0]!.location.address.zip_code).toMatch(/^\d{5}$/);
    expect(new Set(days.map((d) => d.location.code)).has('QSF001')).toBe(false); // walk-in only: left out
    const [first, second] = bookable(days, 'QNY001');
    expect(first && second).toBeTruthy();

    const booked = await send('post', k, psc(orderId, 'book'), {
      booking_key: first!.booking_key,
      appointment_notes: 'fasting',
    }).set('x-idempotency-key', 'book-1');
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({
      order_id: orderId,
      type: 'patient_service_center',
      service_type: 'appointment-ready',
      provider: 'quest',
      status: 'confirmed',
      event_status: 'scheduled',
      can_reschedule: true,
      appointment_notes: 'fasting',
      start_at: first!.start,
      address: { first_line: '5 W 34th St', zip_code: '10001' },
      event_data: { site_code: 'QNY001' },
    });
    const appointmentId = booked.body.id as string;
    expect(labs.emulators.quest.emulator.appointment(booked.body.external_id)?.status).toBe('booked');

    // The same key and body replay the first answer; another body with it is refused.
    const replay = await send('post', k, psc(orderId, 'book'), {
      booking_key: first!.booking_key,
      appointment_notes: 'fasting',
    }).set('x-idempotency-key', 'book-1');
    expect(replay.status).toBe(200);
    expect(replay.headers['x-idempotency-replayed']).toBe('true');
    expect(replay.body.id).toBe(appointmentId);
    const reused = await send('post', k, psc(orderId, 'book'), { booking_key: second!.booking_key }).set(
      'x-idempotency-key',
      'book-1',
    );
    expect(reused.status).toBe(409);
    expect(reused.body.detail.error_type).toBe('idempotency_key_reused');

    // One active appointment per order.
    const again = await send('post', k, psc(orderId, 'book'), { booking_key: second!.booking_key });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatchObject({
      error_type: 'appointment_exists',
      appointment_id: appointmentId,
    });

    const order = await get(k, `/v3/order/${orderId}`);
    expect(order.body.details).toMatchObject({
      type: 'walk_in_test',
      data: { appointment_id: appointmentId },
    });
    expect(order.body.last_event.status).toBe('collecting_sample.walk_in_test.appointment_scheduled');

    // Reschedule to another site of the lab: time, address and location follow the new slot.
    const later = bookable(await slotsOf(k), 'QNY002')[0]!;
    const moved = await send('patch', k, psc(orderId, 'reschedule'), { booking_key: later.booking_key });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      id: appointmentId,
      status: 'confirmed',
      start_at: later.start,
      address: { first_line: '100 Delancey St', zip_code: '10002' },
      event_data: { is_reschedule: true, site_code: 'QNY002' },
      appointment_notes: 'fasting',
    });
    expect((moved.body.events as { status: string }[]).map((e) => e.status)).toEqual([
      'scheduled',
      'scheduled',
    ]);

    // Cancel with the camelCase body; the snake_case one of the at-home route is refused.
    const reason = CANCELLATION_REASONS[0]!;
    const snake = await send('patch', k, psc(orderId, 'cancel'), { cancellation_reason_id: reason.id });
    expect(snake.status).toBe(422);
    const unknownReason = await send('patch', k, psc(orderId, 'cancel'), { cancellationReasonId: newId() });
    expect(unknownReason.status).toBe(422);
    expect(unknownReason.body.detail[0].loc).toEqual(['body', 'cancellationReasonId']);
    const cancelled = await send('patch', k, psc(orderId, 'cancel'), {
      cancellationReasonId: reason.id,
      note: 'travelling',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      event_status: 'cancelled',
      can_reschedule: false,
    });
    expect(labs.emulators.quest.emulator.appointment(booked.body.external_id)?.status).toBe('cancelled');
    expect((await get(k, psc(orderId))).status).toBe(404);

    expect(await orderLows(orderId)).toEqual([
      'ordered',
      'requisition_created',
      'appointment_scheduled',
      'appointment_scheduled',
      'appointment_cancelled',
    ]);
    expect(await outboxTypes(orderId)).toEqual([
      'labtest.order.created',
      'labtest.order.updated',
      'labtest.order.updated',
      'labtest.appointment.created',
      'labtest.order.updated',
      'labtest.appointment.updated',
      'labtest.order.updated',
      'labtest.appointment.updated',
    ]);

    // After a cancellation a new visit can be booked; cancelling the order cancels it at the lab.
    const rebooked = await send('post', k, psc(orderId, 'book'), { booking_key: second!.booking_key });
    expect(rebooked.status).toBe(200);
    expect((await get(k, psc(orderId))).body.id).toBe(rebooked.body.id);
    const orderCancelled = await send('post', k, `/v3/order/${orderId}/cancel`, {});
    expect(orderCancelled.status).toBe(200);
    expect(labs.emulators.quest.emulator.appointment(rebooked.body.external_id)?.status).toBe('cancelled');
    expect(await orderLows(orderId)).toContain('cancelled');
  });

  describe('availability', () => {
    it('finds the sites of the named codes without a zip code (distance null)', async () => {
      const days = await slotsOf(key(team), 'lab=sonora_quest&site_codes=SQTUC01');
      expect(new Set(days.map((d) => d.location.code))).toEqual(new Set(['SQTUC01']));
      expect(days[0]!.location.distance).toBeNull();
    });

    it.each([
      ['no lab', 'zip_code=10001', 422],
      ['an unknown lab', 'lab=labcorp&zip_code=10001', 422],
      ['neither zip_code nor site_codes', 'lab=quest', 422],
      ['a malformed zip code', 'lab=quest&zip_code=1000', 422],
    ])('refuses %s (%i)', async (_name, query, status) => {
      expect((await availability(key(team), query)).status).toBe(status);
    });

    it('answers 404 no_slots where the lab has no service center, or none bookable', async () => {
      const none = await availability(key(team), 'lab=sonora_quest&zip_code=10001');
      expect(none.status).toBe(404);
      expect(none.body.detail.error_type).toBe('no_slots');
      const walkInOnly = await availability(key(team), 'lab=quest&site_codes=QSF001');
      expect(walkInOnly.status).toBe(404);
      expect(walkInOnly.body.detail.error_type).toBe('no_slots');
      // A start date whose week is in the past has no slot left.
      const past = await availability(key(team), 'lab=quest&zip_code=10001&start_date=2020-01-01');
      expect(past.status).toBe(404);
      expect(past.body.detail.error_type).toBe('no_slots');
    });

    it('answers 400 provider_not_available without PSC scheduling configured', async () => {
      const res = await availability(key(team), 'lab=quest&zip_code=10001', makeApp(false));
      expect(res.status).toBe(400);
      expect(res.body.detail.error_type).toBe('provider_not_available');
    });

    it('answers 503 with Retry-After when the lab is down, unless a recent answer may be served stale', async () => {
      const query = 'lab=quest&zip_code=11201&radius=10';
      expect((await availability(key(team), query)).status).toBe(200);
      labs.emulators.quest.emulator.faults.set({ serverError: 502 });
      const down = await availability(key(team), query);
      expect(down.status).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      const stale = await availability(key(team), `${query}&allow_stale=true`);
      expect(stale.status).toBe(200);
      expect(bookable((stale.body as { slots: Day[] }).slots).length).toBeGreaterThan(0);
      // Past the staleness window the lab must be asked again.
      now = new Date(Date.now() + 6 * 60_000);
      expect((await availability(key(team), `${query}&allow_stale=true`)).status).toBe(503);
    });
  });

  describe('book', () => {
    it.each([
      [
        'an at-home order',
        { method: 'at_home_phlebotomy' },
        'received.at_home_phlebotomy.requisition_created',
      ],
      ['a walk-in order before Requisition Ready', { ready: false }, 'received.walk_in_test.ordered'],
    ])('refuses %s with 409 invalid_state', async (_name, opts, status) => {
      const orderId = await walkInOrder(team, opts);
      const slot = bookable(await slotsOf(key(team)))[0]!;
      const res = await send('post', key(team), psc(orderId, 'book'), { booking_key: slot.booking_key });
      expect(res.status).toBe(409);
      expect(res.body.detail.error_type).toBe('invalid_state');
      expect(res.body.detail.status).toBe(status);
    });

    it('refuses unknown (422), expired (409) and used (409) booking keys, and a slot taken at the lab', async () => {
      const orderId = await walkInOrder(team);
      const k = key(team);
      const unknown = await send('post', k, psc(orderId, 'book'), { booking_key: 'bk_nothing' });
      expect(unknown.status).toBe(422);
      expect(unknown.body.detail[0].loc).toEqual(['body', 'booking_key']);
      const [a, b] = bookable(await slotsOf(k));
      now = new Date(Date.parse(a!.expires_at) + 1000);
      const expired = await send('post', k, psc(orderId, 'book'), { booking_key: a!.booking_key });
      expect(expired.status).toBe(409);
      expect(expired.body.detail.error_type).toBe('booking_key_expired');
      now = undefined;
      labs.emulators.quest.emulator.faults.set({ slotTaken: true });
      const taken = await send('post', k, psc(orderId, 'book'), { booking_key: b!.booking_key });
      expect(taken.status).toBe(409);
      expect(taken.body.detail.error_type).toBe('slot_unavailable');
      const used = await send('post', k, psc(orderId, 'book'), { booking_key: b!.booking_key });
      expect(used.status).toBe(409);
      expect(used.body.detail.error_type).toBe('slot_unavailable');
      expect(await orderLows(orderId)).toEqual(['ordered', 'requisition_created']);
    });

    it('books once for concurrent requests with the same idempotency key', async () => {
      const orderId = await walkInOrder(team);
      const slot = bookable(await slotsOf(key(team)))[0]!;
      const before = labs.emulators.quest.emulator.appointmentCount;
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          send('post', key(team), psc(orderId, 'book'), { booking_key: slot.booking_key }).set(
            'x-idempotency-key',
            'race',
          ),
        ),
      );
      const ok = answers.filter((r) => r.status === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(new Set(ok.map((r) => r.body.id)).size).toBe(1);
      for (const r of answers.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body.detail.error_type).toBe('idempotency_conflict');
      }
      expect(labs.emulators.quest.emulator.appointmentCount).toBe(before + 1);
    });
  });

  it('refuses to reschedule a visit under way (409) or without an appointment (404)', async () => {
    const orderId = await walkInOrder(team);
    const k = key(team);
    const [a, b] = bookable(await slotsOf(k));
    expect((await send('patch', k, psc(orderId, 'reschedule'), { booking_key: a!.booking_key })).status).toBe(
      404,
    );
    expect(
      (await send('patch', k, psc(orderId, 'cancel'), { cancellationReasonId: CANCELLATION_REASONS[0]!.id }))
        .status,
    ).toBe(404);
    const booked = await send('post', k, psc(orderId, 'book'), { booking_key: a!.booking_key });
    expect(booked.status).toBe(200);
    await db.knex('lab_appointments').where({ id: booked.body.id }).update({ status: 'in_progress' });
    const res = await send('patch', k, psc(orderId, 'reschedule'), { booking_key: b!.booking_key });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatchObject({ error_type: 'invalid_state', status: 'in_progress' });
    const cancel = await send('patch', k, psc(orderId, 'cancel'), {
      cancellationReasonId: CANCELLATION_REASONS[0]!.id,
    });
    expect(cancel.status).toBe(409);
  });

  it('lists the site directory by lab id; unknown labs are 404, labs without PSC scheduling list none', async () => {
    const k = key(team);
    const ids = new Map(
      (await db.knex('labs').select<{ id: number; slug: string }[]>('id', 'slug')).map((l) => [l.slug, l.id]),
    );
    const sonora = await get(
      k,
      `/v3/order/psc/info?zip_code=85004&lab_id=${ids.get('sonora_quest')}&radius=10`,
    );
    expect(sonora.status).toBe(200);
    expect(sonora.body.centers.map((c: { code: string }) => c.code)).toEqual(['SQPHX01', 'SQPHX02']);
    const far = await get(
      k,
      `/v3/order/psc/info?zip_code=85004&lab_id=${ids.get('sonora_quest')}&radius=100`,
    );
    expect(far.body.centers).toHaveLength(2); // Tucson is ~105 miles away
    const labcorp = await get(k, `/v3/order/psc/info?zip_code=10001&lab_id=${ids.get('labcorp')}`);
    expect(labcorp.status).toBe(200);
    expect(labcorp.body).toMatchObject({
      centers: [],
      patient_service_centers: { appointment_with_meridian: false },
    });
    const notOffered = await get(
      k,
      `/v3/order/psc/info?zip_code=85004&lab_id=${ids.get('sonora_quest')}&capabilities=stat`,
    );
    expect(notOffered.body.centers).toEqual([]);
    expect((await get(k, '/v3/order/psc/info?zip_code=10001&lab_id=999999')).status).toBe(404);
    expect((await get(k, '/v3/order/psc/appointment/cancellation-reasons')).body).toHaveLength(
      CANCELLATION_REASONS.length,
    );
  });

  it("keeps one team environment's orders, appointments and booking keys from every other", async () => {
    const orderId = await walkInOrder(team);
    const [a, b] = bookable(await slotsOf(key(team)));
    const booked = await send('post', key(team), psc(orderId, 'book'), { booking_key: a!.booking_key });
    expect(booked.status).toBe(200);
    for (const k of [key(other), key(team, 'production')]) {
      expect((await get(k, psc(orderId))).status).toBe(404);
      expect((await get(k, `/v3/order/${orderId}/psc/info`)).status).toBe(404);
      expect((await send('post', k, psc(orderId, 'book'), { booking_key: b!.booking_key })).status).toBe(404);
      expect(
        (await send('patch', k, psc(orderId, 'reschedule'), { booking_key: b!.booking_key })).status,
      ).toBe(404);
      expect(
        (
          await send('patch', k, psc(orderId, 'cancel'), {
            cancellationReasonId: CANCELLATION_REASONS[0]!.id,
          })
        ).status,
      ).toBe(404);
    }
    // The order is looked up before the body: an unknown reason on another tenant's order is 404 too.
    expect(
      (await send('patch', key(other), psc(orderId, 'cancel'), { cancellationReasonId: newId() })).status,
    ).toBe(404);
    // Another team's booking key is unknown on its own order.
    const theirs = await walkInOrder(other);
    const stolen = await send('post', key(other), psc(theirs, 'book'), { booking_key: b!.booking_key });
    expect(stolen.status).toBe(422);
    expect((await get(key(team), psc(orderId))).body.status).toBe('confirmed');
  });
});
