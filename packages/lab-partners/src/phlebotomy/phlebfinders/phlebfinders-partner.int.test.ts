import { waitFor } from '@meridian/test-utils';
import { startWebhookSink, type WebhookSink } from '../__tests__/partner-webhook-sink';
import { listenEmulator, type RunningPartnerEmulator } from '../emulators/emulator-kit';
import { createPhlebfindersEmulator, type PhlebfindersEmulator } from '../emulators/phlebfinders-emulator';
import {
  AreaNotServedError,
  PartnerAppointmentNotFoundError,
  PartnerAuthError,
  PartnerRejectedError,
  PartnerResponseError,
  PartnerStateError,
  PartnerTimeoutError,
  PartnerUnavailableError,
  type WebhookSignatureError,
} from '../errors';
import type { AppointmentRequestPartner, PartnerPatient, UsAddress } from '../phlebotomy-partner';
import { signWebhookPayload } from '../webhook-signature';
import { createPhlebfindersPartner, type PhlebfindersPartnerConfig } from './phlebfinders-partner';

// Friday 2026-10-30 07:00 in Phoenix (no DST); Chicago falls back on Sunday 2026-11-01.
const START = Date.parse('2026-10-30T14:00:00Z');
const PHOENIX: UsAddress = {
  first_line: '200 W Washington St',
  unit: '4B',
  city: 'Phoenix',
  state: 'AZ',
  zip_code: '85004',
  access_notes: 'Ring twice',
};
const PATIENT: PartnerPatient = {
  first_name: 'Grace',
  last_name: 'Hopper',
  dob: '1976-12-09',
  gender: 'female',
  phone_number: '+16025550100',
  email: 'grace@example.com',
};

let clock: number;
let emulator: PhlebfindersEmulator;
let server: RunningPartnerEmulator;
let partner: AppointmentRequestPartner;
let config: PhlebfindersPartnerConfig;
let sink: WebhookSink;
const now = () => new Date(clock);

beforeEach(async () => {
  clock = START;
  emulator = createPhlebfindersEmulator({ now, assignAfterMs: null });
  server = await listenEmulator(emulator.app);
  config = {
    baseUrl: server.url + emulator.basePath,
    tokenUrl: `${server.url}/oauth/token`,
    clientId: emulator.client.clientId,
    clientSecret: emulator.client.clientSecret,
    webhookSecrets: [emulator.webhookSecret],
    now,
    timeoutMs: 2000,
    pageSize: 2,
  };
  partner = createPhlebfindersPartner(config);
  sink = await startWebhookSink(partner);
  emulator.setWebhookTarget(sink.url);
});

afterEach(async () => {
  emulator.close();
  await sink.close();
  await server.close();
});

describe('phlebfinders-tier requests', () => {
  it('tells covered zip codes and their zone', async () => {
    await expect(partner.serviceArea('85004')).resolves.toEqual({
      provider: 'phlebfinders',
      zipCode: '85004',
      served: true,
      timezone: 'America/Phoenix',
    });
    await expect(partner.serviceArea('94103')).resolves.toMatchObject({ served: false, timezone: null });
  });

  it('requests a draw that stays pending with no time until a phlebotomist assigns themselves', async () => {
    emulator.setAssignAfterMs(150);
    const pending = await partner.request({
      address: PHOENIX,
      patient: PATIENT,
      orderRef: 'ord-1',
      notes: null,
    });
    expect(pending).toMatchObject({
      provider: 'phlebfinders',
      serviceType: 'appointment-request',
      orderRef: 'ord-1',
      status: 'pending',
      partnerStatus: 'open',
      startAt: null,
      endAt: null,
      timezone: 'America/Phoenix',
      canReschedule: false,
    });
    expect((await partner.get(pending.externalId)).status).toBe('pending');

    await waitFor(() => sink.accepted.length === 1);
    const event = sink.accepted[0]!;
    expect(event.type).toBe('draw_request.assigned');
    // Next working day 09:00-10:00 in Phoenix (UTC-7 all year).
    expect(event.appointment).toMatchObject({
      externalId: pending.externalId,
      status: 'confirmed',
      startAt: '2026-10-31T09:00:00-07:00',
      endAt: '2026-10-31T10:00:00-07:00',
    });
    expect(event.appointment.details).toMatchObject({ phlebotomist: { first_name: 'Dana' } });
    expect((await partner.get(pending.externalId)).startAt).toBe('2026-10-31T09:00:00-07:00');

    await emulator.advance(pending.externalId, 'in_progress');
    await emulator.advance(pending.externalId, 'completed');
    await waitFor(() => sink.accepted.length === 3);
    expect(sink.accepted.map((e) => [e.type, e.appointment.status])).toEqual([
      ['draw_request.assigned', 'confirmed'],
      ['draw_request.started', 'in_progress'],
      ['draw_request.completed', 'completed'],
    ]);
    await expect(partner.cancel(pending.externalId, { reason: 'other' })).rejects.toBeInstanceOf(
      PartnerStateError,
    );
  });

  it('sends the address and patient as the partner names them', async () => {
    const r = await partner.request({ address: PHOENIX, patient: PATIENT, orderRef: 'ord-2' });
    expect(emulator.drawRequest(r.externalId)?.location).toEqual({
      line1: '200 W Washington St',
      line2: '4B',
      city: 'Phoenix',
      region: 'AZ',
      postal_code: '85004',
      access_notes: 'Ring twice',
    });
  });

  it('assigns in the local time of the area across a DST change (Chicago falls back on 1 November)', async () => {
    clock = Date.parse('2026-10-31T15:00:00Z'); // Saturday: the next working day is Monday 2 November
    const r = await partner.request({
      address: { ...PHOENIX, city: 'Chicago', state: 'IL', zip_code: '60601' },
      patient: PATIENT,
      orderRef: 'ord-3',
    });
    await emulator.assign(r.externalId);
    await waitFor(() => sink.accepted.length === 1);
    expect(sink.accepted[0]!.appointment.startAt).toBe('2026-11-02T09:00:00-06:00');
  });

  it('cancels a pending request, and a request outside coverage is AreaNotServedError', async () => {
    const r = await partner.request({ address: PHOENIX, patient: PATIENT, orderRef: 'ord-4' });
    const cancelled = await partner.cancel(r.externalId, { reason: 'address_issue' });
    expect(cancelled).toMatchObject({ status: 'cancelled', startAt: null });
    expect(cancelled.details).toMatchObject({ cancellation_reason: 'unreachable' });
    await expect(
      partner.request({ address: { ...PHOENIX, zip_code: '94103' }, patient: PATIENT, orderRef: 'ord-5' }),
    ).rejects.toBeInstanceOf(AreaNotServedError);
    await expect(
      partner.request({ address: PHOENIX, patient: { ...PATIENT, dob: 'yesterday' }, orderRef: 'ord-5' }),
    ).rejects.toMatchObject({ constructor: PartnerRejectedError, details: ['patient.birth_date'] });
    await expect(partner.get('dr_missing')).rejects.toBeInstanceOf(PartnerAppointmentNotFoundError);
  });

  it('an expired request (nobody assigned) is a cancelled appointment', async () => {
    const r = await partner.request({ address: PHOENIX, patient: PATIENT, orderRef: 'ord-6' });
    await emulator.advance(r.externalId, 'expired');
    await waitFor(() => sink.accepted.length === 1);
    expect(sink.accepted[0]!.appointment).toMatchObject({ status: 'cancelled', partnerStatus: 'expired' });
  });

  it('replays a retried request and pages through every request', async () => {
    const input = { address: PHOENIX, patient: PATIENT, orderRef: 'ord-7', idempotencyKey: 'apt-7' };
    const first = await partner.request(input);
    const retry = await partner.request(input);
    expect(retry.externalId).toBe(first.externalId);
    // Without a key (or with a new one), asking again after a cancellation is a new request.
    await partner.cancel(first.externalId, { reason: 'patient_requested' });
    const again = await partner.request({ ...input, idempotencyKey: 'apt-7b' });
    expect(again.externalId).not.toBe(first.externalId);
    expect(again.status).toBe('pending');
    for (const ref of ['ord-8', 'ord-9', 'ord-10', 'ord-11'])
      await partner.request({ address: PHOENIX, patient: PATIENT, orderRef: ref });
    const refs = [];
    for await (const a of partner.list()) refs.push(a.orderRef);
    expect(refs).toEqual(['ord-7', 'ord-7', 'ord-8', 'ord-9', 'ord-10', 'ord-11']);
  });
});

describe('phlebfinders-tier OAuth client credentials', () => {
  it('fetches one token for concurrent calls and reuses it', async () => {
    await Promise.all([
      partner.serviceArea('85004'),
      partner.serviceArea('10001'),
      partner.serviceArea('60601'),
    ]);
    await partner.serviceArea('73301');
    expect(emulator.tokensIssued()).toBe(1);
  });

  it('renews the token before it expires, and once after a 401', async () => {
    await partner.serviceArea('85004');
    clock += 3600_000 - 30_000; // inside the renewal margin
    await partner.serviceArea('85004');
    expect(emulator.tokensIssued()).toBe(2);
    // The partner forgets its tokens (e.g. a key rotation on its side): one 401, a new token, success.
    const other = createPhlebfindersPartner({ ...config, now: () => new Date(START) });
    await other.serviceArea('85004');
    clock += 7200_000;
    await expect(other.serviceArea('85004')).resolves.toMatchObject({ served: true });
    expect(emulator.tokensIssued()).toBe(4);
  });

  it('wrong client credentials are a PartnerAuthError', async () => {
    const wrong = createPhlebfindersPartner({ ...config, clientSecret: 'nope' });
    await expect(wrong.serviceArea('85004')).rejects.toBeInstanceOf(PartnerAuthError);
  });
});

describe('phlebfinders-tier webhook signatures', () => {
  it('refuses the wrong secret and an old timestamp; the partner sees 401 and nothing is applied', async () => {
    const r = await partner.request({ address: PHOENIX, patient: PATIENT, orderRef: 'ord-1' });
    emulator.faults.set({ webhookSignature: 'wrong' });
    await emulator.assign(r.externalId);
    emulator.faults.set({ webhookSignature: 'stale' });
    await emulator.advance(r.externalId, 'in_progress');
    expect(sink.accepted).toEqual([]);
    expect(new Set(sink.refused.map((e) => (e as WebhookSignatureError).problem))).toEqual(
      new Set(['mismatch', 'stale']),
    );
    expect(emulator.webhooks.deliveries.every((d) => d.status === 401)).toBe(true);
  });

  it('parses headers strictly', () => {
    const body = JSON.stringify({
      event_id: 'pfe_1',
      event: 'draw_request.assigned',
      occurred_at: '2026-10-30T14:00:00.000Z',
      draw_request: {
        request_id: 'dr_1',
        external_ref: 'ord-1',
        state: 'assigned',
        time_zone: 'America/Phoenix',
        window: null,
        phlebotomist: null,
        cancel_reason: null,
        updated_at: '2026-10-30T14:00:00.000Z',
      },
    });
    const t = Math.floor(clock / 1000);
    const headers = (b = body, ts = t) => ({
      'x-pf-timestamp': String(ts),
      'x-pf-signature': `v1=${signWebhookPayload(emulator.webhookSecret, ts, b, 'base64')}`,
    });
    // Signed correctly, but an assigned request without a window breaks the contract.
    expect(() => partner.parseWebhook({ headers: headers(), rawBody: body })).toThrow(PartnerResponseError);
    const fixed = body.replace(
      '"window":null',
      '"window":{"start":"2026-10-31T16:00:00Z","end":"2026-10-31T17:00:00Z"}',
    );
    expect(
      partner.parseWebhook({ headers: headers(fixed), rawBody: Buffer.from(fixed) }).appointment.startAt,
    ).toBe('2026-10-31T09:00:00-07:00');
    expect(() => partner.parseWebhook({ headers: { 'x-pf-signature': 'v1=abc' }, rawBody: fixed })).toThrow(
      expect.objectContaining({ problem: 'missing' }),
    );
    expect(() =>
      partner.parseWebhook({
        headers: { 'x-pf-timestamp': String(t), 'x-pf-signature': 'sha1=abc' },
        rawBody: fixed,
      }),
    ).toThrow(expect.objectContaining({ problem: 'malformed' }));
    expect(() =>
      partner.parseWebhook({ headers: { ...headers(fixed), 'x-pf-timestamp': 'yesterday' }, rawBody: fixed }),
    ).toThrow(expect.objectContaining({ problem: 'malformed' }));
    expect(() =>
      partner.parseWebhook({ headers: headers(fixed), rawBody: fixed.replace('ord-1', 'ord-2') }),
    ).toThrow(expect.objectContaining({ problem: 'mismatch' }));
  });
});

describe('phlebfinders-tier faults map to typed errors', () => {
  it.each([
    ['a 503', { serverError: 503 }, PartnerUnavailableError],
    ['a truncated body', { malformed: true }, PartnerResponseError],
    ['JSON of the wrong shape', { wrongShape: true }, PartnerResponseError],
  ])('%s', async (_name, fault, type) => {
    await partner.serviceArea('85004'); // token first: the fault hits the API call
    emulator.faults.set({ ...fault, times: 1 });
    await expect(
      partner.request({ address: PHOENIX, patient: PATIENT, orderRef: 'o' }),
    ).rejects.toBeInstanceOf(type);
    await expect(
      partner.request({ address: PHOENIX, patient: PATIENT, orderRef: 'o' }),
    ).resolves.toMatchObject({
      status: 'pending',
    });
  });

  it('a slow partner is a PartnerTimeoutError', async () => {
    const impatient = createPhlebfindersPartner({ ...config, timeoutMs: 200 });
    await impatient.serviceArea('85004');
    emulator.faults.set({ delayMs: 1000 });
    await expect(impatient.serviceArea('85004')).rejects.toBeInstanceOf(PartnerTimeoutError);
  });
});
