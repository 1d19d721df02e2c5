import { createHash } from 'node:crypto';
import request from 'supertest';
import { CANCELLATION_REASONS } from '@meridian/lab-partners';
import { createBookingTokens } from './booking-token';
import {
  READY_ADDRESS,
  REQUEST_ADDRESS,
  startBookingWorld,
  tokenOf,
  type BookingWorld,
} from './__tests__/booking-world';

/**
 * The booking link (team API key) and the booking page's calls (booking token) against the real data API, a
 * test database and both phlebotomy emulators: token scope, expiry and revocation, and book → reschedule →
 * cancel and request through the page's endpoints, with their `labtest.appointment.*` events.
 */

jest.setTimeout(60_000);

interface Slot {
  booking_key: string | null;
  start: string;
}

describe('hosted booking page (/lab/booking, /v3/booking_page/*)', () => {
  let world: BookingWorld;

  beforeAll(async () => {
    world = await startBookingWorld();
    await world.db
      .knex('teams')
      .where({ id: world.team.teamId })
      .update({
        settings: {
          sandbox: {
            brand_information: {
              company_name: 'Acme Health',
              brand_color: '#0b7a75',
              support_contact: '+1 212 555 0199',
            },
          },
        },
      });
  });
  afterAll(() => world?.close());
  afterEach(() => world.setNow(undefined));

  const page = (method: 'get' | 'post' | 'patch', path: string, token: string | null, body?: object) => {
    const req = request(world.app)[method](`/v3/booking_page${path}`);
    if (token !== null) req.set('x-service-booking-token', token);
    return body ? req.send(body) : req;
  };
  const linkFor = async (orderId: string) => tokenOf((await world.bookingLink(world.team, orderId)).url);

  async function firstSlots(token: string, n = 2): Promise<Slot[]> {
    const res = await page('post', '/availability', token);
    expect(res.status).toBe(200);
    const slots = (res.body.slots as { slots: Slot[] }[])
      .flatMap((d) => d.slots)
      .filter((s) => s.booking_key !== null);
    expect(slots.length).toBeGreaterThanOrEqual(n);
    return slots.slice(0, n);
  }

  describe('the booking link', () => {
    it('answers a page URL with the token in the fragment, expiring in 7 days unless told otherwise', async () => {
      const orderId = await world.createOrder(world.team);
      const before = Date.now();
      const link = await world.bookingLink(world.team, orderId);
      expect(link.url.startsWith(`${world.origin}/lab/booking#token=`)).toBe(true);
      const lifetime = Date.parse(link.expires_at) - before;
      expect(lifetime).toBeGreaterThan(7 * 86_400_000 - 5_000);
      expect(lifetime).toBeLessThanOrEqual(7 * 86_400_000 + 10_000);
      expect(link.expires_at).toMatch(/\+00:00$/);
      const short = await world.bookingLink(world.team, orderId, { expires_in: 600 });
      expect(Date.parse(short.expires_at) - Date.now()).toBeLessThanOrEqual(600_000);
      expect(tokenOf(short.url)).not.toBe(tokenOf(link.url));
    });

    it("refuses another team's order (404), other methods and finished orders (409), bad input (422)", async () => {
      const orderId = await world.createOrder(world.team);
      const path = `/v3/order/${orderId}/phlebotomy/appointment/booking_link`;
      const foreign = await request(world.app)
        .post(path)
        .set('x-service-api-key', world.other.apiKeys.sandbox);
      expect(foreign.status).toBe(404);
      const production = await request(world.app)
        .post(path)
        .set('x-service-api-key', world.team.apiKeys.production);
      expect(production.status).toBe(404);
      expect((await request(world.app).post(path)).status).toBe(401);
      const tooLong = await request(world.app)
        .post(path)
        .set('x-service-api-key', world.team.apiKeys.sandbox)
        .send({ expires_in: 31 * 86_400 });
      expect(tooLong.status).toBe(422);
      expect(tooLong.body.detail[0].loc).toEqual(['body', 'expires_in']);

      const testkit = await world.createOrder(world.team, { method: 'testkit', statusLow: 'ordered' });
      const wrongMethod = await request(world.app)
        .post(`/v3/order/${testkit}/phlebotomy/appointment/booking_link`)
        .set('x-service-api-key', world.team.apiKeys.sandbox);
      expect(wrongMethod.status).toBe(409);
      expect(wrongMethod.body.detail.error_type).toBe('invalid_state');
      const cancelled = await world.createOrder(world.team, { statusLow: 'cancelled' });
      const finished = await request(world.app)
        .post(`/v3/order/${cancelled}/phlebotomy/appointment/booking_link`)
        .set('x-service-api-key', world.team.apiKeys.sandbox);
      expect(finished.status).toBe(409);
      expect(finished.body.detail).toMatchObject({ error_type: 'invalid_state', status: expect.any(String) });
    });
  });

  describe('the page', () => {
    it('is one self-contained document: inline style and script allowed by hash, nothing else', async () => {
      const res = await request(world.app).get('/lab/booking');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-frame-options']).toBe('DENY');
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      const html = res.text;
      const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
      const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!;
      const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
      expect(csp).toContain(`script-src ${sha(script)}`);
      expect(csp).toContain(`style-src ${sha(style)}`);
      // No external asset: no src, no stylesheet link, no remote URL.
      expect(html).not.toMatch(/\ssrc=|rel="stylesheet"|https?:\/\//);
    });
  });

  describe('token scope', () => {
    it("reads only the token's own order; forged, foreign-key, tampered and missing tokens are refused", async () => {
      const mine = await world.createOrder(world.team);
      const theirs = await world.createOrder(world.other);
      const token = await linkFor(mine);
      const state = await page('get', '/appointment', token);
      expect(state.status).toBe(200);
      expect(state.body).toMatchObject({
        order: { id: mine, status: 'requisition_created', status_group: 'received' },
        team: { brand_information: { company_name: 'Acme Health', brand_color: '#0b7a75' } },
        address: { first_line: READY_ADDRESS.first_line, zip_code: '10001' },
        appointment: null,
        step: 'book',
        can_reschedule: false,
        can_cancel: false,
      });
      // Every reason but the one Meridian gives itself when the order is cancelled.
      expect(state.body.cancellation_reasons.map((r: { id: string }) => r.id)).toEqual(
        CANCELLATION_REASONS.filter((r) => r.code !== 'order_cancelled').map((r) => r.id),
      );
      expect(state.headers['cache-control']).toBe('no-store');

      // The other team's link names only the other team's order.
      const foreign = await page(
        'get',
        '/appointment',
        tokenOf((await world.bookingLink(world.other, theirs)).url),
      );
      expect(foreign.body.order.id).toBe(theirs);
      expect(foreign.body.team.brand_information).toBeNull();

      // The payload changed to name another order: the signature no longer matches.
      const [head, payload, sig] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const tampered = Buffer.from(
        JSON.stringify({ ...claims, sub: theirs, tid: world.other.teamId }),
      ).toString('base64url');
      const refusals = [
        await page('get', '/appointment', `${head}.${tampered}.${sig}`),
        await page('get', '/appointment', null),
        await page('get', '/appointment', 'not-a-token'),
        // Signed with another deployment's key, for a real order of this team.
        await page(
          'get',
          '/appointment',
          (
            await createBookingTokens(Buffer.alloc(32, 1), () => new Date()).issue(
              { teamId: world.team.teamId, environment: 'sandbox' },
              mine,
              3600,
            )
          ).token,
        ),
        // A team API key is not a booking token.
        await request(world.app)
          .get('/v3/booking_page/appointment')
          .set('x-service-api-key', world.team.apiKeys.sandbox),
      ];
      for (const res of refusals) {
        expect(res.status).toBe(401);
        expect(res.body.detail.error_type).toBe('invalid_token');
      }
      // A token naming an order in the other environment of the same team: nothing there.
      const crossEnv = await createBookingTokens(Buffer.alloc(32, 9), () => new Date()).issue(
        { teamId: world.team.teamId, environment: 'production' },
        mine,
        3600,
      );
      expect((await page('get', '/appointment', crossEnv.token)).body.detail.error_type).toBe(
        'invalid_token',
      );
    });

    it('refuses an expired token (token_expired)', async () => {
      const orderId = await world.createOrder(world.team);
      const token = tokenOf((await world.bookingLink(world.team, orderId, { expires_in: 300 })).url);
      world.setNow(new Date(Date.now() + 301_000));
      const res = await page('get', '/appointment', token);
      expect(res.status).toBe(401);
      expect(res.body.detail.error_type).toBe('token_expired');
    });

    it('is revoked when the order is cancelled (token_revoked), and its appointment cancelled with it', async () => {
      const orderId = await world.createOrder(world.team);
      const token = await linkFor(orderId);
      const [slot] = await firstSlots(token, 1);
      expect(
        (await page('post', '/appointment/book', token, { booking_key: slot!.booking_key })).status,
      ).toBe(200);
      const cancel = await request(world.app)
        .post(`/v3/order/${orderId}/cancel`)
        .set('x-service-api-key', world.team.apiKeys.sandbox);
      expect(cancel.status).toBe(200);
      for (const res of [
        await page('get', '/appointment', token),
        await page('post', '/availability', token),
        await page('patch', '/appointment/cancel', token, {
          cancellation_reason_id: CANCELLATION_REASONS[0]!.id,
        }),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.detail.error_type).toBe('token_revoked');
      }
      const appointment = await world.db
        .knex('lab_appointments')
        .where({ order_id: orderId })
        .first('status');
      expect(appointment.status).toBe('cancelled');
    });
  });

  describe('booking through the page', () => {
    it('books, reschedules and cancels with a reason, with the same events as the API', async () => {
      const orderId = await world.createOrder(world.team);
      const token = await linkFor(orderId);
      const [first, second] = await firstSlots(token, 2);

      const booked = await page('post', '/appointment/book', token, { booking_key: first!.booking_key });
      expect(booked.status).toBe(200);
      expect(booked.body).toMatchObject({
        order: { status: 'appointment_scheduled' },
        step: 'manage',
        can_reschedule: true,
        can_cancel: true,
        appointment: { status: 'confirmed', start_at: first!.start, provider: 'getlabs' },
      });
      // A booking key is single use.
      const again = await page('post', '/appointment/book', token, { booking_key: first!.booking_key });
      expect(again.status).toBe(409);

      const moved = await page('patch', '/appointment/reschedule', token, {
        booking_key: second!.booking_key,
      });
      expect(moved.status).toBe(200);
      expect(moved.body.appointment).toMatchObject({ status: 'confirmed', start_at: second!.start });

      const reason =
        CANCELLATION_REASONS.find((r) => r.code === 'patient_requested') ?? CANCELLATION_REASONS[0]!;
      const cancelled = await page('patch', '/appointment/cancel', token, {
        cancellation_reason_id: reason.id,
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({
        order: { status: 'appointment_cancelled' },
        // The page shows the active appointment only: none now, and the patient may book again.
        appointment: null,
        step: 'book',
        can_cancel: false,
      });

      // What the API shows is what the page did.
      const row = await world.db
        .knex('lab_appointments')
        .where({ order_id: orderId })
        .first('status', 'cancellation_reason_id', 'start_at');
      expect(row).toMatchObject({ status: 'cancelled', cancellation_reason_id: reason.id });
      expect(new Date(row.start_at).toISOString()).toBe(new Date(second!.start).toISOString());
      const events = await world.outboxOf(orderId);
      expect(events.map((e) => [e.event_type, e.payload.data.status])).toEqual([
        ['labtest.appointment.created', 'confirmed'],
        ['labtest.appointment.updated', 'confirmed'],
        ['labtest.appointment.updated', 'cancelled'],
      ]);
      expect(events.every((e) => e.team_id === world.team.teamId)).toBe(true);
    });

    it('answers booking_key_expired for a slot that expired while the patient chose', async () => {
      const orderId = await world.createOrder(world.team);
      const token = await linkFor(orderId);
      const [slot] = await firstSlots(token, 1);
      await world.db
        .knex('lab_appointment_booking_keys')
        .where({ team_id: world.team.teamId, used_by: null })
        .update({ expires_at: new Date(Date.now() - 1000) });
      const res = await page('post', '/appointment/book', token, { booking_key: slot!.booking_key });
      expect(res.status).toBe(409);
      expect(res.body.detail.error_type).toBe('booking_key_expired');
      expect((await page('get', '/appointment', token)).body.appointment).toBeNull();
    });

    it('requests an appointment where only an appointment-request provider serves the zip code', async () => {
      const orderId = await world.createOrder(world.team, { address: REQUEST_ADDRESS });
      const token = await linkFor(orderId);
      expect((await page('get', '/appointment', token)).body.step).toBe('request');
      const res = await page('post', '/appointment/request', token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        order: { status: 'appointment_pending' },
        step: 'manage',
        can_reschedule: false,
        can_cancel: true,
        appointment: {
          status: 'pending',
          start_at: null,
          service_type: 'appointment-request',
          provider: 'phlebfinders',
        },
      });
      const events = await world.outboxOf(orderId);
      expect(events.map((e) => [e.event_type, e.payload.data.status])).toEqual([
        ['labtest.appointment.created', 'pending'],
      ]);
    });

    it('tells a patient whose order is not ready yet, and refuses to book it', async () => {
      const orderId = await world.createOrder(world.team, { statusLow: 'ordered' });
      const token = await linkFor(orderId);
      expect((await page('get', '/appointment', token)).body.step).toBe('not_ready');
      const [slot] = await firstSlots(token, 1);
      const res = await page('post', '/appointment/book', token, { booking_key: slot!.booking_key });
      expect(res.status).toBe(409);
      expect(res.body.detail.error_type).toBe('invalid_state');
    });
  });
});
