import request from 'supertest';
import { seedOrg, seedTeam, waitFor, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';
import { createOrderIdempotency, requestHashOf } from './order-idempotency';

interface WireEvent {
  id: number;
  status: string;
  status_detail: string | null;
  created_at: string;
}
interface WireOrder {
  id: string;
  user_id: string;
  team_id: string;
  status: string | null;
  events: WireEvent[];
  last_event: WireEvent;
  lab_test: { id: string; name: string; method: string; auto_generated: boolean; markers: { id: number }[] };
  patient_details: Record<string, unknown>;
  patient_address: Record<string, unknown> | null;
  physician: Record<string, unknown> | null;
  icd_codes: string[] | null;
  interpretation: string | null;
  has_missing_results: boolean | null;
  sample_id: string | null;
  notes: string | null;
  requisition_form_url: string | null;
  details: { type: string; data: Record<string, unknown> };
}

const VALID_NPI = '1234567893';

describe('lab orders (/v3/order, /v3/orders)', () => {
  let h: DataApiHarness;
  let team: SeededTeam;
  let other: SeededTeam;
  let userId: string;
  let prodUserId: string;
  let otherUserId: string;
  const labTestIds = new Map<string, string>();

  const api = () => request(h.app);
  const get = (key: string, path: string) => api().get(path).set('x-service-api-key', key);
  const post = (key: string, path: string, body?: unknown) =>
    api()
      .post(path)
      .set('x-service-api-key', key)
      .send(body ?? {});
  const patch = (key: string, path: string, body?: unknown) =>
    api()
      .patch(path)
      .set('x-service-api-key', key)
      .send(body ?? {});

  async function createUser(key: string, clientUserId: string): Promise<string> {
    const res = await post(key, '/v2/user', { client_user_id: clientUserId });
    expect(res.status).toBe(200);
    return res.body.user_id as string;
  }

  function orderBody(overrides: Record<string, unknown> = {}) {
    return {
      user_id: userId,
      lab_test_id: labTestIds.get('Lipid Panel'),
      patient_details: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        dob: '1985-12-10',
        gender: 'female',
        phone_number: '(415) 555-0123',
        email: 'ada@example.com',
      },
      patient_address: {
        receiver_name: 'Ada Lovelace',
        first_line: '1 Market St',
        city: 'San Francisco',
        state: 'ca',
        zip: '94105',
        country: 'US',
      },
      physician: { first_name: 'Grace', last_name: 'Hopper', npi: VALID_NPI },
      icd_codes: ['e119', 'Z00.00'],
      consents: [{ consentType: 'terms-of-use' }],
      ...overrides,
    };
  }

  async function createOrder(overrides: Record<string, unknown> = {}, key = team.apiKeys.sandbox) {
    const res = await post(key, '/v3/order', orderBody(overrides));
    expect(res.status).toBe(200);
    return res.body.order as WireOrder;
  }

  const outboxOf = async (teamId: string, orderId?: string) => {
    const rows = await h.db
      .knex('outbox')
      .where({ team_id: teamId })
      .orderBy('seq')
      .select<{ event_type: string; payload: unknown; environment: string }[]>(
        'event_type',
        'payload',
        'environment',
      );
    const parsed = rows.map((r) => ({
      type: r.event_type,
      environment: r.environment,
      envelope: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as {
        event_type: string;
        data: Record<string, unknown>;
        user_id: string;
        client_user_id: string;
        team_id: string;
      },
    }));
    return orderId
      ? parsed.filter((r) => r.envelope.data.id === orderId || r.envelope.data.order_id === orderId)
      : parsed;
  };

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    other = await seedTeam(h.db.knex, org.orgId);
    userId = await createUser(team.apiKeys.sandbox, 'patient-1');
    prodUserId = await createUser(team.apiKeys.production, 'patient-prod');
    otherUserId = await createUser(other.apiKeys.sandbox, 'patient-other');
    const tests = (await get(team.apiKeys.sandbox, '/v3/lab_tests')).body as { id: string; name: string }[];
    for (const t of tests) labTestIds.set(t.name, t.id);
  });
  afterAll(() => h.close());

  describe('POST /v3/order', () => {
    it("answers the address's receiver name and phone number as strings when the order left them out", async () => {
      const { receiver_name: _left, ...address } = orderBody().patient_address;
      const order = await createOrder({ patient_address: address });
      // §6.4: both are strings: the input's default "" for the name, the patient's phone for the number.
      expect(order.patient_address).toMatchObject({ receiver_name: '', phone_number: '+14155550123' });
      const given = await createOrder({
        patient_address: { ...orderBody().patient_address, phone_number: '+14155550199' },
      });
      expect(given.patient_address).toMatchObject({
        receiver_name: 'Ada Lovelace',
        phone_number: '+14155550199',
      });
    });

    it('creates an order at `ordered`, normalized, with labtest.order.created in the outbox', async () => {
      const res = await post(team.apiKeys.sandbox, '/v3/order', orderBody());
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      const order = res.body.order as WireOrder;
      expect(order).toMatchObject({
        user_id: userId,
        team_id: team.teamId,
        status: 'received',
        lab_test: { name: 'Lipid Panel', method: 'at_home_phlebotomy' },
        patient_details: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          dob: '1985-12-10',
          gender: 'female',
          phone_number: '+14155550123',
          email: 'ada@example.com',
          medical_proxy: null,
        },
        patient_address: { state: 'CA', zip: '94105', country: 'US', second_line: null },
        physician: { first_name: 'Grace', last_name: 'Hopper', npi: VALID_NPI },
        icd_codes: ['E11.9', 'Z00.00'],
        interpretation: null,
        has_missing_results: null,
        requisition_form_url: null,
        details: { type: 'at_home_phlebotomy', data: { appointment_id: null } },
      });
      expect(order.patient_details).not.toHaveProperty('household_income');
      expect(order.events).toHaveLength(1);
      expect(order.events[0]).toMatchObject({
        status: 'received.at_home_phlebotomy.ordered',
        status_detail: null,
      });
      expect(order.last_event).toEqual(order.events[0]);
      const events = await outboxOf(team.teamId, order.id);
      expect(events.map((e) => e.type)).toEqual(['labtest.order.created']);
      expect(events[0]!.envelope).toMatchObject({
        event_type: 'labtest.order.created',
        user_id: userId,
        client_user_id: 'patient-1',
        team_id: team.teamId,
        data: { id: order.id, status: 'received' },
      });
      expect(events[0]!.environment).toBe('sandbox');
      expect((await get(team.apiKeys.sandbox, `/v3/order/${order.id}`)).body).toEqual(order);
    });

    it.each([
      ['both lab_test_id and order_set', { order_set: { lab_test_ids: [] } }, ['body', 'lab_test_id']],
      ['neither lab_test_id nor order_set', { lab_test_id: null }, ['body', 'lab_test_id']],
      [
        'a birth date in the future',
        { patient_details: { ...orderBody().patient_details, dob: '2999-01-01' } },
        ['body', 'patient_details', 'dob'],
      ],
      [
        'a patient over 120',
        { patient_details: { ...orderBody().patient_details, dob: '1850-01-01' } },
        ['body', 'patient_details', 'dob'],
      ],
      [
        'a minor without minor ordering',
        { patient_details: { ...orderBody().patient_details, dob: '2020-01-01' } },
        ['body', 'patient_details', 'dob'],
      ],
      [
        'a phone number that is not one',
        { patient_details: { ...orderBody().patient_details, phone_number: '12-34' } },
        ['body', 'patient_details', 'phone_number'],
      ],
      [
        'a bad e-mail',
        { patient_details: { ...orderBody().patient_details, email: 'ada.example.com' } },
        ['body', 'patient_details', 'email'],
      ],
      [
        'a US address with an unknown state',
        { patient_address: { ...orderBody().patient_address, state: 'XX' } },
        ['body', 'patient_address', 'state'],
      ],
      [
        'a US address with a bad zip',
        { patient_address: { ...orderBody().patient_address, zip: '9410' } },
        ['body', 'patient_address', 'zip'],
      ],
      [
        'an at-home order outside the US',
        {
          collection_method: 'at_home_phlebotomy',
          patient_address: { ...orderBody().patient_address, country: 'GB', zip: 'SW1A 1AA', state: 'LDN' },
        },
        ['body', 'patient_address', 'country'],
      ],
      ['an ICD code that is not ICD-10', { icd_codes: ['E11.9', '250.00'] }, ['body', 'icd_codes', '1']],
      [
        'an NPI with a wrong check digit',
        { physician: { first_name: 'G', last_name: 'H', npi: '1234567890' } },
        ['body', 'physician', 'npi'],
      ],
      [
        'a collection method the lab test does not offer',
        { collection_method: 'testkit' },
        ['body', 'collection_method'],
      ],
      ['an activation date in the past', { activate_by: '2001-01-01' }, ['body', 'activate_by']],
      [
        'health insurance larger than its column',
        { health_insurance: { plan: 'x'.repeat(60_000) } },
        ['body', 'health_insurance'],
      ],
    ])('refuses %s with 422 at the key, creating nothing', async (_name, overrides, loc) => {
      const before = await h.db.knex('lab_orders').count<{ n: string }[]>({ n: '*' });
      const res = await post(team.apiKeys.sandbox, '/v3/order', orderBody(overrides));
      expect(res.status).toBe(422);
      expect((res.body.detail as { loc: string[] }[]).map((d) => d.loc)).toContainEqual(loc);
      const after = await h.db.knex('lab_orders').count<{ n: string }[]>({ n: '*' });
      expect(after).toEqual(before);
    });

    it('refuses unknown consent types and genders through the schema', async () => {
      const consent = await post(
        team.apiKeys.sandbox,
        '/v3/order',
        orderBody({ consents: [{ consentType: 'tos' }] }),
      );
      expect(consent.status).toBe(422);
      const gender = await post(
        team.apiKeys.sandbox,
        '/v3/order',
        orderBody({ patient_details: { ...orderBody().patient_details, gender: 'f' } }),
      );
      expect(gender.status).toBe(422);
    });

    it("404s for another tenant's user or lab test", async () => {
      const foreignUser = await post(team.apiKeys.sandbox, '/v3/order', orderBody({ user_id: otherUserId }));
      expect(foreignUser.status).toBe(404);
      const prodUser = await post(team.apiKeys.sandbox, '/v3/order', orderBody({ user_id: prodUserId }));
      expect(prodUser.status).toBe(404);
      // The production environment has no catalogue: the sandbox lab test is not found there.
      const prodTest = await post(team.apiKeys.production, '/v3/order', orderBody({ user_id: prodUserId }));
      expect(prodTest.status).toBe(404);
    });

    it('orders an order set as one generated lab test, reused for the same set', async () => {
      const set = { lab_test_ids: [labTestIds.get('Lipid Panel'), labTestIds.get('Complete Blood Count')] };
      const a = await createOrder({ lab_test_id: null, order_set: set });
      const b = await createOrder({ lab_test_id: null, order_set: set });
      expect(a.lab_test.auto_generated).toBe(true);
      expect(a.lab_test.method).toBe('at_home_phlebotomy');
      expect(a.lab_test.markers).toHaveLength(9);
      expect(b.lab_test.id).toBe(a.lab_test.id);
    });
  });

  describe('X-Idempotency-Key', () => {
    const withKey = (key: string, body: unknown, extra: Record<string, string> = {}) => {
      const req = api()
        .post('/v3/order')
        .set('x-service-api-key', team.apiKeys.sandbox)
        .set('x-idempotency-key', key);
      for (const [k, v] of Object.entries(extra)) void req.set(k, v);
      return req.send(body as object);
    };
    const ordersOfUser = async (uid: string) =>
      Number(
        (await h.db.knex('lab_orders').where({ user_id: uid }).count<{ n: string }[]>({ n: '*' }))[0]!.n,
      );

    it('replays the stored answer for the same key and body, creating one order', async () => {
      const uid = await createUser(team.apiKeys.sandbox, 'idem-replay');
      const body = orderBody({ user_id: uid });
      const first = await withKey('replay-1', body);
      const second = await withKey('replay-1', body);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.headers['x-idempotency-replayed']).toBe('true');
      expect(second.body).toEqual(first.body);
      expect(await ordersOfUser(uid)).toBe(1);
      const reused = await withKey('replay-1', { ...body, clinical_notes: 'different' });
      expect(reused.status).toBe(409);
      expect(reused.body.detail.error_type).toBe('idempotency_key_reused');
      // Keys are per team environment: the same key elsewhere is another request.
      const elsewhere = await api()
        .post('/v3/order')
        .set('x-service-api-key', other.apiKeys.sandbox)
        .set('x-idempotency-key', 'replay-1')
        .send(body);
      expect(elsewhere.status).toBe(404);
    });

    it('stores nothing when validation fails: the key can be used again', async () => {
      const uid = await createUser(team.apiKeys.sandbox, 'idem-validation');
      const bad = orderBody({ user_id: uid, icd_codes: ['nope'] });
      expect((await withKey('validation-1', bad)).status).toBe(422);
      expect(
        await h.db.knex('lab_order_idempotency_keys').where({ key: 'validation-1' }).first(),
      ).toBeUndefined();
      const good = await withKey('validation-1', orderBody({ user_id: uid }));
      expect(good.status).toBe(200);
    });

    it('stores nothing for an unknown user: the key is free for the corrected request', async () => {
      const uid = await createUser(team.apiKeys.sandbox, 'idem-unknown-user');
      const refused = await withKey('unknown-user-1', orderBody({ user_id: otherUserId }));
      expect(refused.status).toBe(404);
      expect(
        await h.db.knex('lab_order_idempotency_keys').where({ key: 'unknown-user-1' }).first(),
      ).toBeUndefined();
      expect((await withKey('unknown-user-1', orderBody({ user_id: uid }))).status).toBe(200);
    });

    it('replays a server fault, unless X-Idempotency-Error: no-cache', async () => {
      // A real fault of the database, for one patient name only.
      await h.db.knex.raw(`
        create function lab_orders_fault() returns trigger language plpgsql as $$
        begin
          if new.patient_first_name = 'Faulty' then raise exception 'injected fault'; end if;
          return new;
        end $$;
        create trigger lab_orders_fault before insert on lab_orders
          for each row execute function lab_orders_fault();
      `);
      try {
        const uid = await createUser(team.apiKeys.sandbox, 'idem-fault');
        const body = orderBody({
          user_id: uid,
          patient_details: { ...orderBody().patient_details, first_name: 'Faulty' },
        });
        const first = await withKey('fault-1', body);
        expect(first.status).toBe(500);
        expect(first.body.detail.error_type).toBe('internal_error');
        const replay = await withKey('fault-1', body);
        expect(replay.status).toBe(500);
        expect(replay.headers['x-idempotency-replayed']).toBe('true');
        expect(replay.body).toEqual(first.body);

        const noCache = await withKey('fault-2', body, { 'x-idempotency-error': 'no-cache' });
        expect(noCache.status).toBe(500);
        expect(
          await h.db.knex('lab_order_idempotency_keys').where({ key: 'fault-2' }).first(),
        ).toBeUndefined();
        const again = await withKey('fault-2', body, { 'x-idempotency-error': 'no-cache' });
        expect(again.status).toBe(500);
        expect(again.headers['x-idempotency-replayed']).toBeUndefined();
        expect(await ordersOfUser(uid)).toBe(0);
      } finally {
        await h.db.knex.raw('drop trigger lab_orders_fault on lab_orders; drop function lab_orders_fault();');
      }
    });

    it('answers 409 idempotency_conflict while the key is being processed; takes over an abandoned claim', async () => {
      const uid = await createUser(team.apiKeys.sandbox, 'idem-conflict');
      const body = orderBody({ user_id: uid });
      const claim = (key: string, until: Date) =>
        h.db.knex('lab_order_idempotency_keys').insert({
          team_id: team.teamId,
          environment: 'sandbox',
          key,
          request_hash: requestHashOf(body),
          state: 'processing',
          claimed_until: until,
          expires_at: new Date(Date.now() + 86_400_000),
        });
      await claim('busy-1', new Date(Date.now() + 60_000));
      const busy = await withKey('busy-1', body);
      expect(busy.status).toBe(409);
      expect(busy.body.detail.error_type).toBe('idempotency_conflict');
      await claim('abandoned-1', new Date(Date.now() - 1000));
      expect((await withKey('abandoned-1', body)).status).toBe(200);
      expect(await ordersOfUser(uid)).toBe(1);
    });

    it('the sweep deletes answers past their 24 hours only', async () => {
      const row = (key: string, expiresAt: Date) => ({
        team_id: team.teamId,
        environment: 'sandbox',
        key,
        request_hash: 'a'.repeat(64),
        state: 'completed',
        response_status: 200,
        response_body: JSON.stringify({}),
        expires_at: expiresAt,
      });
      await h.db
        .knex('lab_order_idempotency_keys')
        .insert([row('old-1', new Date(Date.now() - 1000)), row('fresh-1', new Date(Date.now() + 60_000))]);
      const deleted = await createOrderIdempotency(h.db.knex).sweepExpired(new Date());
      expect(deleted).toBeGreaterThanOrEqual(1);
      const left = await h.db
        .knex('lab_order_idempotency_keys')
        .whereIn('key', ['old-1', 'fresh-1'])
        .pluck<string[]>('key');
      expect(left).toEqual(['fresh-1']);
    });

    it('a real race on one key creates one order; the others conflict or replay it', async () => {
      const uid = await createUser(team.apiKeys.sandbox, 'idem-race');
      const body = orderBody({ user_id: uid });
      const answers = await Promise.all(Array.from({ length: 6 }, () => withKey('race-1', body)));
      const ok = answers.filter((a) => a.status === 200);
      const conflicts = answers.filter((a) => a.status === 409);
      expect(ok.length + conflicts.length).toBe(6);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const c of conflicts) expect(c.body.detail.error_type).toBe('idempotency_conflict');
      expect(new Set(ok.map((a) => (a.body.order as WireOrder).id)).size).toBe(1);
      expect(await ordersOfUser(uid)).toBe(1);
    });
  });

  describe('the state machine', () => {
    it('cancels before the draw; a second cancel and a cancel after the draw are 409 invalid_state', async () => {
      const order = await createOrder();
      const cancelled = await post(team.apiKeys.sandbox, `/v3/order/${order.id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.order.status).toBe('cancelled');
      const again = await post(team.apiKeys.sandbox, `/v3/order/${order.id}/cancel`);
      expect(again.status).toBe(409);
      expect(again.body.detail).toMatchObject({
        error_type: 'invalid_state',
        status: 'cancelled.at_home_phlebotomy.cancelled',
      });

      const drawn = await createOrder();
      const walk = await post(
        team.apiKeys.sandbox,
        `/v3/order/${drawn.id}/test?final_status=collecting_sample.at_home_phlebotomy.draw_completed`,
      );
      expect(walk.status).toBe(200);
      const late = await post(team.apiKeys.sandbox, `/v3/order/${drawn.id}/cancel`);
      expect(late.status).toBe(409);
      expect(late.body.detail.status).toBe('collecting_sample.at_home_phlebotomy.draw_completed');
      const events = await outboxOf(team.teamId, drawn.id);
      expect(events.map((e) => [e.type, (e.envelope.data.last_event as WireEvent).status])).toEqual([
        ['labtest.order.created', 'received.at_home_phlebotomy.ordered'],
        ['labtest.order.updated', 'received.at_home_phlebotomy.requisition_created'],
        ['labtest.order.updated', 'collecting_sample.at_home_phlebotomy.appointment_scheduled'],
        ['labtest.order.updated', 'collecting_sample.at_home_phlebotomy.draw_completed'],
      ]);
    });

    it('draw_completed: on-site only, once the requisition is ready', async () => {
      const atHome = await createOrder();
      const refused = await patch(team.apiKeys.sandbox, `/v3/order/${atHome.id}/draw_completed`);
      expect(refused.status).toBe(409);
      expect(refused.body.detail.error_type).toBe('invalid_state');

      const onSite = await createOrder({ lab_test_id: labTestIds.get('Thyroid Panel') });
      expect((await patch(team.apiKeys.sandbox, `/v3/order/${onSite.id}/draw_completed`)).status).toBe(409);
      await post(
        team.apiKeys.sandbox,
        `/v3/order/${onSite.id}/test?final_status=received.on_site_collection.requisition_created`,
      ).expect(200);
      const drawn = await patch(team.apiKeys.sandbox, `/v3/order/${onSite.id}/draw_completed`);
      expect(drawn.status).toBe(200);
      expect(drawn.body.order.status).toBe('sample_with_lab');
      expect(drawn.body.order.last_event.status).toBe('sample_with_lab.on_site_collection.draw_completed');
      expect(drawn.body.order.requisition_form_url).toBe(`/v3/order/${onSite.id}/requisition/pdf`);
    });

    it('PATCH changes patient details and notes before collection only', async () => {
      const order = await createOrder();
      const res = await patch(team.apiKeys.sandbox, `/v3/order/${order.id}`, {
        notes: ' call first ',
        patient_address: { ...orderBody().patient_address, first_line: '2 Market St', zip: '94105-1234' },
      });
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({
        notes: 'call first',
        patient_address: { first_line: '2 Market St', zip: '94105-1234' },
      });
      expect(res.body.order.events).toHaveLength(1);
      const bad = await patch(team.apiKeys.sandbox, `/v3/order/${order.id}`, {
        patient_address: { ...orderBody().patient_address, zip: 'abc' },
      });
      expect(bad.status).toBe(422);
      expect((await outboxOf(team.teamId, order.id)).map((e) => e.type)).toEqual([
        'labtest.order.created',
        'labtest.order.updated',
      ]);
      await post(team.apiKeys.sandbox, `/v3/order/${order.id}/test`).expect(200);
      const late = await patch(team.apiKeys.sandbox, `/v3/order/${order.id}`, { notes: 'x' });
      expect(late.status).toBe(409);
    });
  });

  describe('the sandbox walk and results', () => {
    it('walks to completed with results; partial results emit only with partial_webhooks_enabled', async () => {
      const order = await createOrder();
      expect((await get(team.apiKeys.sandbox, `/v3/order/${order.id}/result`)).status).toBe(404);
      expect((await get(team.apiKeys.sandbox, `/v3/order/${order.id}/result/metadata`)).status).toBe(404);
      const res = await post(team.apiKeys.sandbox, `/v3/order/${order.id}/test`, {
        interpretation: 'abnormal',
        has_missing_results: true,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      const walked = (await get(team.apiKeys.sandbox, `/v3/order/${order.id}`)).body as WireOrder;
      expect(walked.events.map((e) => e.status)).toEqual([
        'received.at_home_phlebotomy.ordered',
        'received.at_home_phlebotomy.requisition_created',
        'collecting_sample.at_home_phlebotomy.appointment_scheduled',
        'collecting_sample.at_home_phlebotomy.draw_completed',
        'sample_with_lab.at_home_phlebotomy.partial_results',
        'completed.at_home_phlebotomy.completed',
      ]);
      expect(walked).toMatchObject({
        status: 'completed',
        interpretation: 'abnormal',
        has_missing_results: true,
      });
      expect(walked.sample_id).toMatch(/^SBX\d{9}$/);
      const types = (await outboxOf(team.teamId, order.id)).map((e) => e.type);
      expect(types).toEqual(['labtest.order.created', ...Array(4).fill('labtest.order.updated')]);

      const results = await get(team.apiKeys.sandbox, `/v3/order/${order.id}/result`);
      expect(results.status).toBe(200);
      expect(results.body.metadata).toMatchObject({
        status: 'final',
        interpretation: 'abnormal',
        patient: 'Ada Lovelace',
      });
      const rows = results.body.results as {
        loinc: string;
        interpretation: string;
        value: number;
        max_range_value: number;
      }[];
      expect(rows.map((r) => r.loinc)).toEqual(['2093-3', '2085-9', '13457-7']);
      expect(rows[0]).toMatchObject({ interpretation: 'abnormal', is_above_max_range: true });
      expect(rows[0]!.value).toBeGreaterThan(rows[0]!.max_range_value);
      expect(rows.slice(1).every((r) => r.interpretation === 'normal')).toBe(true);
      expect(results.body.missing_results).toEqual([
        expect.objectContaining({
          loinc: '2571-8',
          inferred_failure_type: 'quantity_not_sufficient_failure',
        }),
      ]);
      const metadata = await get(team.apiKeys.sandbox, `/v3/order/${order.id}/result/metadata`);
      expect(metadata.body).toEqual(results.body.metadata);

      await h.db
        .knex('teams')
        .where({ id: team.teamId })
        .update({
          settings: JSON.stringify({ sandbox: { partial_webhooks_enabled: true } }),
        });
      try {
        const partial = await createOrder();
        await post(team.apiKeys.sandbox, `/v3/order/${partial.id}/test`).expect(200);
        const statuses = (await outboxOf(team.teamId, partial.id)).map(
          (e) => (e.envelope.data.last_event as WireEvent).status,
        );
        expect(statuses).toContain('sample_with_lab.at_home_phlebotomy.partial_results');
        expect(statuses).toHaveLength(6);
      } finally {
        await h.db
          .knex('teams')
          .where({ id: team.teamId })
          .update({ settings: JSON.stringify({}) });
      }
    });

    it('a critical result emits labtest.result.critical; result_types are used in turn', async () => {
      const order = await createOrder({ lab_test_id: labTestIds.get('Complete Blood Count') });
      await post(team.apiKeys.sandbox, `/v3/order/${order.id}/test`, {
        interpretation: 'critical',
        result_types: ['numeric', 'range'],
      }).expect(200);
      const events = await outboxOf(team.teamId, order.id);
      const critical = events.filter((e) => e.type === 'labtest.result.critical');
      expect(critical).toHaveLength(1);
      expect(critical[0]!.envelope.data).toMatchObject({
        order_id: order.id,
        interpretation: 'critical',
        // Emitted once, when the partial results already hold the critical value.
        status: 'sample_with_lab',
        user_id: userId,
        team_id: team.teamId,
      });
      const results = (await get(team.apiKeys.sandbox, `/v3/order/${order.id}/result`)).body;
      expect((results.results as { type: string }[]).map((r) => r.type)).toEqual([
        'numeric',
        'range',
        'numeric',
        'range',
        'numeric',
      ]);
      expect(results.metadata.interpretation).toBe('critical');
      expect(results.missing_results).toEqual([]);
    });

    it('with a delay, takes the first step at once and the next ones that many seconds apart', async () => {
      const order = await createOrder();
      const started = Date.now();
      await post(
        team.apiKeys.sandbox,
        `/v3/order/${order.id}/test?delay=1&final_status=collecting_sample.at_home_phlebotomy.appointment_scheduled`,
      ).expect(200);
      const statusOf = async () =>
        ((await get(team.apiKeys.sandbox, `/v3/order/${order.id}`)).body as WireOrder).last_event.status;
      expect(await statusOf()).toBe('received.at_home_phlebotomy.requisition_created');
      await waitFor(
        async () => (await statusOf()) === 'collecting_sample.at_home_phlebotomy.appointment_scheduled',
        { timeoutMs: 10_000 },
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    });

    it('refuses an unreachable or foreign final_status; production is 403 forbidden', async () => {
      const order = await createOrder();
      await post(team.apiKeys.sandbox, `/v3/order/${order.id}/cancel`).expect(200);
      const stuck = await post(team.apiKeys.sandbox, `/v3/order/${order.id}/test`);
      expect(stuck.status).toBe(409);
      const foreign = await post(
        team.apiKeys.sandbox,
        `/v3/order/${order.id}/test?final_status=completed.testkit.completed`,
      );
      expect(foreign.status).toBe(422);
      const prod = await post(team.apiKeys.production, `/v3/order/${order.id}/test`);
      expect(prod.status).toBe(403);
      expect(prod.body.detail.error_type).toBe('forbidden');
    });
  });

  describe('GET /v3/orders', () => {
    let listUser: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      listUser = await createUser(team.apiKeys.sandbox, 'list-user');
      const pd = orderBody().patient_details;
      ids.zed = (
        await createOrder({
          user_id: listUser,
          patient_details: { ...pd, first_name: 'Zed', last_name: 'Zulu' },
        })
      ).id;
      ids.amy = (
        await createOrder({
          user_id: listUser,
          lab_test_id: labTestIds.get('Thyroid Panel'),
          patient_details: { ...pd, first_name: 'Amy', last_name: 'Alpha', dob: '1970-02-03' },
          activate_by: '2999-01-01',
        })
      ).id;
      ids.crit = (
        await createOrder({
          user_id: listUser,
          patient_details: { ...pd, first_name: 'Cal', last_name: 'Crit' },
        })
      ).id;
      await post(team.apiKeys.sandbox, `/v3/order/${ids.crit}/test`, { interpretation: 'critical' }).expect(
        200,
      );
    });

    const list = async (query: string, key = team.apiKeys.sandbox) => {
      const res = await get(key, `/v3/orders?user_id=${listUser}&${query}`);
      expect(res.status).toBe(200);
      return res.body as { orders: WireOrder[]; total: number; page: number; size: number };
    };

    it('filters by every parameter', async () => {
      expect((await list('')).total).toBe(3);
      expect((await list('interpretation=critical')).orders.map((o) => o.id)).toEqual([ids.crit]);
      expect((await list('is_critical=true')).orders.map((o) => o.id)).toEqual([ids.crit]);
      expect((await list('is_critical=false')).total).toBe(2);
      expect((await list('status=completed')).orders.map((o) => o.id)).toEqual([ids.crit]);
      expect((await list('status=ordered&status=completed')).total).toBe(3);
      expect((await list('order_type=on_site_collection')).orders.map((o) => o.id)).toEqual([ids.amy]);
      expect((await list('order_activation_types=scheduled')).orders.map((o) => o.id)).toEqual([ids.amy]);
      expect((await list('order_activation_types=current')).total).toBe(2);
      expect((await list('search_input=zulu')).orders.map((o) => o.id)).toEqual([ids.zed]);
      expect((await list('search_input=1970-02-03')).orders.map((o) => o.id)).toEqual([ids.amy]);
      expect((await list(`search_input=${ids.amy}`)).orders.map((o) => o.id)).toEqual([ids.amy]);
      expect((await list('patient_name=amy%20alp')).orders.map((o) => o.id)).toEqual([ids.amy]);
      expect((await list(`order_ids=${ids.zed}&order_ids=${ids.amy}`)).total).toBe(2);
      expect((await list('start_date=2000-01-01&end_date=2999-01-01')).total).toBe(3);
      expect((await list('end_date=2000-01-01')).total).toBe(0);
      expect((await list('updated_start_date=2999-01-01')).total).toBe(0);
    });

    it('sorts and pages', async () => {
      const byName = await list('order_key=patient_name&order_direction=asc');
      expect(byName.orders.map((o) => o.id)).toEqual([ids.amy, ids.crit, ids.zed]);
      const created = await list('order_key=created_at&order_direction=asc&page=2&size=2');
      expect(created).toMatchObject({ total: 3, page: 2, size: 2 });
      expect(created.orders.map((o) => o.id)).toEqual([ids.crit]);
      const lastStatus = await list('order_key=last_status&order_direction=desc&size=1');
      expect(lastStatus.orders.map((o) => o.id)).toEqual([ids.crit]);
    });
  });

  describe('resend_events and import', () => {
    it('re-emits labtest.order.updated for the named orders of the tenant only', async () => {
      const mine = await createOrder();
      const theirs = await post(other.apiKeys.sandbox, '/v3/order', {
        ...orderBody({ user_id: otherUserId }),
        lab_test_id: ((await get(other.apiKeys.sandbox, '/v3/lab_tests')).body as { id: string }[])[0]!.id,
      });
      expect(theirs.status).toBe(200);
      const refused = await post(team.apiKeys.sandbox, '/v3/order/resend_events', {
        order_ids: [mine.id, theirs.body.order.id],
      });
      expect(refused.status).toBe(404);
      const res = await post(team.apiKeys.sandbox, '/v3/order/resend_events', { order_ids: [mine.id] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ order_ids: [mine.id] });
      expect((await outboxOf(team.teamId, mine.id)).map((e) => e.type)).toEqual([
        'labtest.order.created',
        'labtest.order.updated',
      ]);
      expect((await outboxOf(other.teamId, theirs.body.order.id)).map((e) => e.type)).toEqual([
        'labtest.order.created',
      ]);
      expect((await post(team.apiKeys.sandbox, '/v3/order/resend_events', {})).status).toBe(422);
    });

    it('imports an order at its current status, which then follows the state machine', async () => {
      const res = await post(team.apiKeys.sandbox, '/v3/order/import', {
        ...orderBody(),
        status: 'received.at_home_phlebotomy.requisition_created',
        sample_id: 'EXT-1',
      });
      expect(res.status).toBe(200);
      const order = res.body.order as WireOrder;
      expect(order.events.map((e) => e.status)).toEqual(['received.at_home_phlebotomy.requisition_created']);
      expect(order.sample_id).toBe('EXT-1');
      expect(order.requisition_form_url).toBe(`/v3/order/${order.id}/requisition/pdf`);
      expect((await outboxOf(team.teamId, order.id)).map((e) => e.type)).toEqual(['labtest.order.created']);
      expect((await post(team.apiKeys.sandbox, `/v3/order/${order.id}/cancel`)).status).toBe(200);
      const mismatch = await post(team.apiKeys.sandbox, '/v3/order/import', {
        ...orderBody(),
        status: 'received.testkit.registered',
      });
      expect(mismatch.status).toBe(422);
    });
  });

  describe('tenant isolation', () => {
    it("another team's or environment's key finds none of the orders", async () => {
      const order = await createOrder();
      await post(team.apiKeys.sandbox, `/v3/order/${order.id}/test`).expect(200);
      for (const key of [other.apiKeys.sandbox, team.apiKeys.production, other.apiKeys.production]) {
        expect((await get(key, `/v3/order/${order.id}`)).status).toBe(404);
        expect((await get(key, `/v3/order/${order.id}/result`)).status).toBe(404);
        expect((await get(key, `/v3/order/${order.id}/result/metadata`)).status).toBe(404);
        expect((await patch(key, `/v3/order/${order.id}`, { notes: 'x' })).status).toBe(404);
        expect((await post(key, `/v3/order/${order.id}/cancel`)).status).toBe(404);
        expect((await patch(key, `/v3/order/${order.id}/draw_completed`)).status).toBe(404);
        const walk = await post(key, `/v3/order/${order.id}/test`);
        expect([403, 404]).toContain(walk.status);
        expect((await get(key, `/v3/orders?order_ids=${order.id}`)).status).toBe(404);
        expect((await get(key, `/v3/orders?user_id=${userId}`)).status).toBe(404);
        const search = await get(key, `/v3/orders?search_input=${order.id}`);
        expect(search.body.total).toBe(0);
        expect((await post(key, '/v3/order/resend_events', { order_ids: [order.id] })).status).toBe(404);
        const created = await post(key, '/v3/order', orderBody({ patient_details: {} }));
        expect(created.status).toBe(422);
        const named = await post(key, '/v3/order', {
          ...orderBody(),
          patient_details: { ...orderBody().patient_details, dob: '2999-01-01' },
        });
        // Another tenant's user is not found before the body's own checks run.
        expect(named.status).toBe(404);
      }
      expect(
        (await get(other.apiKeys.sandbox, '/v3/orders')).body.orders.map((o: WireOrder) => o.user_id),
      ).not.toContain(userId);
    });
  });
});
