import { BadRequestError } from '@meridian/domain';
import { waitFor } from '@meridian/test-utils';
import { startWebhookSink, type WebhookSink } from '../__tests__/partner-webhook-sink';
import {
  listenEmulator,
  type PartnerFaultSettings,
  type RunningPartnerEmulator,
} from '../emulators/emulator-kit';
import { createGetlabsEmulator, type GetlabsEmulator } from '../emulators/getlabs-emulator';
import {
  AreaNotServedError,
  BookingKeyExpiredError,
  BookingKeyInvalidError,
  PartnerAppointmentNotFoundError,
  PartnerAuthError,
  PartnerRateLimitError,
  PartnerResponseError,
  PartnerStateError,
  PartnerTimeoutError,
  PartnerUnavailableError,
  SlotUnavailableError,
  WebhookSignatureError,
} from '../errors';
import type { AppointmentReadyPartner, PartnerPatient, UsAddress } from '../phlebotomy-partner';
import { signWebhookPayload } from '../webhook-signature';
import { createGetlabsPartner, type GetlabsPartnerConfig } from './getlabs-partner';

// Friday 2026-10-30 08:00 in New York (EDT); US clocks fall back on Sunday 2026-11-01.
const START = Date.parse('2026-10-30T12:00:00Z');
const NY: UsAddress = { first_line: '350 5th Ave', city: 'New York', state: 'NY', zip_code: '10001' };
const PATIENT: PartnerPatient = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  dob: '1985-12-10',
  gender: 'female',
  phone_number: '+12125550100',
  email: 'ada@example.com',
};

let clock: number;
let emulator: GetlabsEmulator;
let server: RunningPartnerEmulator;
let partner: AppointmentReadyPartner;
let config: GetlabsPartnerConfig;
const now = () => new Date(clock);

beforeEach(async () => {
  clock = START;
  emulator = createGetlabsEmulator({ now, schedule: { capacity: 1 }, slotKeyTtlSeconds: 600 });
  server = await listenEmulator(emulator.app);
  config = {
    baseUrl: server.url + emulator.basePath,
    apiKey: emulator.apiKey,
    webhookSecrets: [emulator.webhookSecret],
    now,
    timeoutMs: 2000,
    pageSize: 2,
  };
  partner = createGetlabsPartner(config);
});

afterEach(async () => {
  await server.close();
});

async function firstSlot(date: string, address = NY) {
  const availability = await partner.availability(address, date);
  const day = availability.days.find((d) => d.date === date);
  const slot = day?.slots[0];
  if (!slot) throw new Error(`no slot on ${date}`);
  return slot;
}

describe('getlabs-tier service area and availability', () => {
  it('tells served zip codes and their zone', async () => {
    await expect(partner.serviceArea('10001')).resolves.toEqual({
      provider: 'getlabs',
      zipCode: '10001',
      served: true,
      timezone: 'America/New_York',
    });
    await expect(partner.serviceArea('99999')).resolves.toMatchObject({ served: false, timezone: null });
    await expect(partner.serviceArea('1000')).rejects.toBeInstanceOf(BadRequestError);
  });

  it('lists deterministic slots in the local time of the area, DST included, none on Sunday', async () => {
    const a = await partner.availability(NY, '2026-10-30');
    expect(a.timezone).toBe('America/New_York');
    expect(a.days.map((d) => d.date)).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
    ]);
    const day = (date: string) => a.days.find((d) => d.date === date)!.slots;
    // Today: nothing before now + 2 h (10:00 local).
    expect(day('2026-10-30')[0]!.start).toBe('2026-10-30T10:00:00-04:00');
    expect(day('2026-10-31').map((s) => s.start)).toEqual([
      '2026-10-31T07:00:00-04:00',
      '2026-10-31T08:00:00-04:00',
      '2026-10-31T09:00:00-04:00',
      '2026-10-31T10:00:00-04:00',
      '2026-10-31T11:00:00-04:00',
      '2026-10-31T12:00:00-04:00',
    ]);
    expect(day('2026-11-01')).toEqual([]);
    expect(day('2026-11-02')[0]).toMatchObject({
      start: '2026-11-02T07:00:00-05:00',
      end: '2026-11-02T08:00:00-05:00',
      isPriority: true,
      price: 49,
      available: 1,
      expiresAt: '2026-10-30T12:10:00+00:00',
    });
    expect(day('2026-11-02')[1]).toMatchObject({ isPriority: false, price: 29 });

    const again = await partner.availability(NY, '2026-10-30');
    expect(again.days.flatMap((d) => d.slots.map((s) => s.start))).toEqual(
      a.days.flatMap((d) => d.slots.map((s) => s.start)),
    );
    expect(again.days[1]!.slots[0]!.bookingKey).not.toBe(a.days[1]!.slots[0]!.bookingKey);

    const sf = await partner.availability({ ...NY, city: 'San Francisco', zip_code: '94103' }, '2026-10-31');
    expect(sf.days[0]!.slots[0]!.start).toBe('2026-10-31T07:00:00-07:00');
  });

  it('gives hashed, stable capacities when none is configured (some slots fully booked)', async () => {
    const hashed = createGetlabsEmulator({ now });
    const running = await listenEmulator(hashed.app);
    try {
      const p = createGetlabsPartner({
        ...config,
        baseUrl: running.url + hashed.basePath,
        apiKey: hashed.apiKey,
      });
      const one = await p.availability(NY, '2026-11-02');
      const two = await p.availability(NY, '2026-11-02');
      const shape = (x: typeof one) => x.days.map((d) => d.slots.map((s) => [s.start, s.available]));
      expect(shape(two)).toEqual(shape(one));
      const counts = one.days.map((d) => d.slots.length);
      expect(counts.some((c) => c > 0 && c < 6)).toBe(true);
      for (const s of one.days.flatMap((d) => d.slots)) expect(s.available).toBeGreaterThanOrEqual(1);
    } finally {
      await running.close();
    }
  });

  it('refuses an unserved zip code with AreaNotServedError', async () => {
    await expect(partner.availability({ ...NY, zip_code: '99999' }, '2026-10-30')).rejects.toBeInstanceOf(
      AreaNotServedError,
    );
    await expect(partner.availability(NY, '2026-13-01')).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('getlabs-tier booking', () => {
  it('books, reschedules and cancels, freeing and taking slots', async () => {
    const slot = await firstSlot('2026-10-31');
    const booked = await partner.book({
      bookingKey: slot.bookingKey,
      address: NY,
      patient: PATIENT,
      orderRef: 'ord-1',
    });
    expect(booked).toMatchObject({
      provider: 'getlabs',
      serviceType: 'appointment-ready',
      orderRef: 'ord-1',
      status: 'confirmed',
      startAt: '2026-10-31T07:00:00-04:00',
      endAt: '2026-10-31T08:00:00-04:00',
      timezone: 'America/New_York',
      canReschedule: true,
    });
    // Capacity 1: the booked slot is gone from availability.
    expect((await firstSlot('2026-10-31')).start).toBe('2026-10-31T08:00:00-04:00');

    const later = await firstSlot('2026-11-02');
    const moved = await partner.reschedule(booked.externalId, later.bookingKey);
    expect(moved).toMatchObject({ externalId: booked.externalId, status: 'confirmed' });
    expect(moved.startAt).toBe('2026-11-02T07:00:00-05:00');
    expect((await firstSlot('2026-10-31')).start).toBe('2026-10-31T07:00:00-04:00');

    const cancelled = await partner.cancel(booked.externalId, {
      reason: 'patient_requested',
      notes: 'moving',
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', canReschedule: false });
    expect(cancelled.details).toMatchObject({ cancellation_reason: 'patient_request' });
    expect((await partner.get(booked.externalId)).status).toBe('cancelled');
    expect((await firstSlot('2026-11-02')).start).toBe('2026-11-02T07:00:00-05:00');
    // Cancelling twice is harmless; a cancelled appointment cannot move.
    await expect(partner.cancel(booked.externalId, { reason: 'other' })).resolves.toMatchObject({
      status: 'cancelled',
    });
    const another = await firstSlot('2026-11-03');
    await expect(partner.reschedule(booked.externalId, another.bookingKey)).rejects.toBeInstanceOf(
      PartnerStateError,
    );
  });

  it('lets one of two concurrent bookings of the last place win; the other gets SlotUnavailableError', async () => {
    const keyA = await firstSlot('2026-10-31');
    const keyB = await firstSlot('2026-10-31');
    expect(keyB.start).toBe(keyA.start);
    const results = await Promise.allSettled([
      partner.book({ bookingKey: keyA.bookingKey, address: NY, patient: PATIENT, orderRef: 'ord-a' }),
      partner.book({ bookingKey: keyB.bookingKey, address: NY, patient: PATIENT, orderRef: 'ord-b' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected');
    expect(lost?.reason).toBeInstanceOf(SlotUnavailableError);
    expect((lost?.reason as SlotUnavailableError).retriable).toBe(false);
  });

  it('maps the slot-taken fault (someone else booked between availability and book) to SlotUnavailableError', async () => {
    const slot = await firstSlot('2026-10-31');
    emulator.faults.set({ slotTaken: true });
    const input = { bookingKey: slot.bookingKey, address: NY, patient: PATIENT, orderRef: 'ord-2' };
    await expect(partner.book(input)).rejects.toBeInstanceOf(SlotUnavailableError);
    const fresh = await firstSlot('2026-10-31');
    await expect(partner.book({ ...input, bookingKey: fresh.bookingKey })).resolves.toMatchObject({
      status: 'confirmed',
    });
  });

  it('refuses an expired booking key with BookingKeyExpiredError and an unknown one with BookingKeyInvalidError', async () => {
    const slot = await firstSlot('2026-10-31');
    clock += 601_000;
    await expect(
      partner.book({ bookingKey: slot.bookingKey, address: NY, patient: PATIENT, orderRef: 'ord-3' }),
    ).rejects.toBeInstanceOf(BookingKeyExpiredError);
    await expect(
      partner.book({ bookingKey: 'slk_nope', address: NY, patient: PATIENT, orderRef: 'ord-3' }),
    ).rejects.toBeInstanceOf(BookingKeyInvalidError);
    const fresh = await firstSlot('2026-10-31');
    const elsewhere = { ...NY, zip_code: '10002' };
    await expect(
      partner.book({ bookingKey: fresh.bookingKey, address: elsewhere, patient: PATIENT, orderRef: 'ord-3' }),
    ).rejects.toBeInstanceOf(BookingKeyInvalidError);
  });

  it('replays a retried booking (same Idempotency-Key) instead of booking twice', async () => {
    const slot = await firstSlot('2026-10-31');
    const input = { bookingKey: slot.bookingKey, address: NY, patient: PATIENT, orderRef: 'ord-4' };
    const first = await partner.book(input);
    const retry = await partner.book(input);
    expect(retry.externalId).toBe(first.externalId);
    const all = [];
    for await (const a of partner.list()) all.push(a);
    expect(all).toHaveLength(1);
  });

  it('follows cursor pages through every appointment', async () => {
    const ids = [];
    for (const date of ['2026-10-31', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05']) {
      const slot = await firstSlot(date);
      ids.push(
        (await partner.book({ bookingKey: slot.bookingKey, address: NY, patient: PATIENT, orderRef: date }))
          .externalId,
      );
    }
    const listed = [];
    for await (const a of partner.list()) listed.push(a.externalId);
    expect(listed).toEqual(ids);
    await expect(partner.get('apt_missing')).rejects.toBeInstanceOf(PartnerAppointmentNotFoundError);
  });
});

describe('getlabs-tier status webhooks', () => {
  let sink: WebhookSink;
  beforeEach(async () => {
    sink = await startWebhookSink(partner);
    emulator.setWebhookTarget(sink.url);
  });
  afterEach(async () => {
    await sink.close();
  });

  it('delivers signed en_route, in_progress and completed updates that verify and map', async () => {
    const slot = await firstSlot('2026-10-31');
    const booked = await partner.book({
      bookingKey: slot.bookingKey,
      address: NY,
      patient: PATIENT,
      orderRef: 'o',
    });
    await emulator.advance(booked.externalId, 'en_route');
    await emulator.advance(booked.externalId, 'in_progress');
    await emulator.advance(booked.externalId, 'completed');
    await waitFor(() => sink.accepted.length === 3);
    expect(sink.accepted.map((e) => [e.type, e.appointment.status, e.appointment.partnerStatus])).toEqual([
      ['appointment.updated', 'confirmed', 'en_route'],
      ['appointment.updated', 'in_progress', 'in_progress'],
      ['appointment.updated', 'completed', 'completed'],
    ]);
    expect(sink.accepted[2]!.appointment).toMatchObject({ externalId: booked.externalId, orderRef: 'o' });
    expect(sink.refused).toEqual([]);
    await expect(partner.cancel(booked.externalId, { reason: 'other' })).rejects.toBeInstanceOf(
      PartnerStateError,
    );
  });

  it('refuses webhooks signed with the wrong secret or an old timestamp; the partner sees 401', async () => {
    const slot = await firstSlot('2026-10-31');
    const booked = await partner.book({
      bookingKey: slot.bookingKey,
      address: NY,
      patient: PATIENT,
      orderRef: 'o',
    });
    emulator.faults.set({ webhookSignature: 'wrong' });
    await emulator.advance(booked.externalId, 'en_route');
    emulator.faults.set({ webhookSignature: 'stale' });
    await emulator.advance(booked.externalId, 'in_progress');
    expect(sink.accepted).toEqual([]);
    expect(sink.refused.map((e) => (e as WebhookSignatureError).problem)).toEqual([
      'mismatch',
      'mismatch',
      'mismatch',
      'stale',
      'stale',
      'stale',
    ]);
    expect(emulator.webhooks.deliveries.map((d) => [d.status, d.attempts])).toEqual([
      [401, 3],
      [401, 3],
    ]);
  });

  it('checks header, body and rotated secrets when parsing', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'appointment.updated',
      created_at: '2026-10-30T12:00:00Z',
      data: {
        appointment: {
          id: 'apt_1',
          reference_id: 'o',
          status: 'in_progress',
          start: '2026-10-31T07:00:00-04:00',
          end: '2026-10-31T08:00:00-04:00',
          timezone: 'America/New_York',
          reschedulable: false,
          cancellation: null,
          updated_at: '2026-10-30T12:00:00Z',
        },
      },
    });
    const t = Math.floor(clock / 1000);
    const header = (secret: string, ts = t, b = body) =>
      `t=${ts},v1=${signWebhookPayload(secret, ts, b, 'hex')}`;
    const parse = (headers: Record<string, string>, raw = body) =>
      partner.parseWebhook({ headers, rawBody: raw });
    const problem = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err instanceof WebhookSignatureError ? err.problem : err;
      }
      return 'accepted';
    };

    expect(parse({ 'getlabs-signature': header(emulator.webhookSecret) }).appointment.startAt).toBe(
      '2026-10-31T07:00:00-04:00',
    );
    expect(problem(() => parse({}))).toBe('missing');
    expect(problem(() => parse({ 'getlabs-signature': 'v1=abc' }))).toBe('malformed');
    expect(
      problem(() => parse({ 'getlabs-signature': header(emulator.webhookSecret) }, body.replace('o"', 'x"'))),
    ).toBe('mismatch');
    expect(problem(() => parse({ 'getlabs-signature': header(emulator.webhookSecret, t - 301) }))).toBe(
      'stale',
    );
    expect(problem(() => parse({ 'getlabs-signature': header(emulator.webhookSecret, t + 301) }))).toBe(
      'stale',
    );

    const rotating = createGetlabsPartner({
      ...config,
      webhookSecrets: ['whsec_new', emulator.webhookSecret],
    });
    expect(
      rotating.parseWebhook({ headers: { 'getlabs-signature': header('whsec_new') }, rawBody: body }).eventId,
    ).toBe('evt_1');
    const garbage = '{"id": 1}';
    expect(() =>
      partner.parseWebhook({
        headers: { 'getlabs-signature': header(emulator.webhookSecret, t, garbage) },
        rawBody: garbage,
      }),
    ).toThrow(PartnerResponseError);
  });
});

describe('getlabs-tier faults map to typed errors', () => {
  it.each<[string, PartnerFaultSettings, new (...args: never[]) => Error]>([
    ['a 503', { serverError: 503 }, PartnerUnavailableError],
    ['a 500', { serverError: 500 }, PartnerUnavailableError],
    ['a truncated body', { malformed: true }, PartnerResponseError],
    ['JSON of the wrong shape', { wrongShape: true }, PartnerResponseError],
    ['a rate limit', { rateLimit: { retryAfterSeconds: 7 } }, PartnerRateLimitError],
  ])('%s', async (_name, fault, type) => {
    emulator.faults.set({ ...fault, times: 1 });
    const err = await partner.serviceArea('10001').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(type);
    if (err instanceof PartnerRateLimitError) expect(err.retryAfterSeconds).toBe(7);
    if (err instanceof PartnerUnavailableError) expect(err.status).toBe(fault.serverError);
    // `times: 1`: the partner is healthy again.
    await expect(partner.serviceArea('10001')).resolves.toMatchObject({ served: true });
  });

  it('a slow partner is a PartnerTimeoutError; a write that timed out may have been applied', async () => {
    const slot = await firstSlot('2026-10-31');
    const impatient = createGetlabsPartner({ ...config, timeoutMs: 200 });
    emulator.faults.set({ delayMs: 1000 });
    const err = await impatient
      .book({ bookingKey: slot.bookingKey, address: NY, patient: PATIENT, orderRef: 'o' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartnerTimeoutError);
    expect(err).toMatchObject({ code: 'partner_timeout', retriable: true, outcomeUnknown: true });
  });

  it('faults can be switched over HTTP as well', async () => {
    const res = await fetch(`${server.url}/__emulator/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serverError: 502 }),
    });
    expect(res.status).toBe(200);
    await expect(partner.serviceArea('10001')).rejects.toMatchObject({
      code: 'partner_unavailable',
      status: 502,
    });
    await fetch(`${server.url}/__emulator/faults`, { method: 'DELETE' });
    await expect(partner.serviceArea('10001')).resolves.toMatchObject({ served: true });
  });

  it('a wrong base URL (404 without the partner error body) is a PartnerResponseError, not "not found"', async () => {
    const misconfigured = createGetlabsPartner({ ...config, baseUrl: `${server.url}/v9` });
    await expect(misconfigured.get('apt_1')).rejects.toBeInstanceOf(PartnerResponseError);
  });

  it('a wrong API key is a PartnerAuthError; an unreachable partner is PartnerUnavailableError', async () => {
    const wrongKey = createGetlabsPartner({ ...config, apiKey: 'nope' });
    await expect(wrongKey.serviceArea('10001')).rejects.toBeInstanceOf(PartnerAuthError);
    await server.close();
    const err = await partner.serviceArea('10001').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartnerUnavailableError);
    expect(err).toMatchObject({ outcomeUnknown: false, status: null });
    server = await listenEmulator(emulator.app);
  });
});
