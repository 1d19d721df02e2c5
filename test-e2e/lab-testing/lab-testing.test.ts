/**
 * Lab testing through the real processes (issue 13): the data API, the event-delivery worker and the lab
 * gateway as OS processes against PostgreSQL and RabbitMQ; the phlebotomy partners' emulators and a lab (the
 * LabSimulator, speaking HL7 over MLLP on its own port) outside them, as real partners would be; team webhooks
 * delivered signed to a receiver that verifies them.
 *
 * At home: create (idempotency key) → requisition → area info → availability → book → reschedule → the
 * partner's draw webhook → the gateway sends the ORM^O01 → the lab's ORU^R01 results → result endpoints →
 * `labtest.*` events delivered. Request tier: pending without a time → confirmed by the partner's webhook →
 * drawn → results with missing biomarkers. Cancellation, an idempotency race, and tenant isolation of the
 * order endpoints (another team's key, the other environment's key).
 */
import { createSecretBox, decodeSecretsKey } from '@meridian/platform';
import { newId } from '@meridian/domain';
import {
  CANCELLATION_REASONS,
  LabSimulator,
  startPhlebotomyEmulators,
  type LabScenario,
  type RunningPhlebotomyEmulators,
} from '@meridian/lab-partners';
import {
  createTestDatabase,
  seedOrg,
  seedTeam,
  startWebhookReceiver,
  waitFor,
  type SeededTeam,
  type TestDatabase,
  type WebhookReceiver,
} from '@meridian/test-utils';
import { Webhook } from 'standardwebhooks';
import { AMQP_URL, describeWithBroker } from '../support/broker';
import { isolatedVhost, type BrokerVhost } from '../support/broker-vhost';
import { SECRETS_KEY, startEventDelivery, type DeliveryProcess } from '../support/event-delivery-harness';
import { freePort, runTs, waitReady, type RunningProcess } from '../support/processes';

jest.setTimeout(60_000);

const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const NYC = { first_line: '350 5th Ave', city: 'New York', state: 'NY', zip_code: '10001' };
const VALID_NPI = '1234567893';

interface Json {
  status: number;
  headers: Headers;
  // Response bodies are asserted field by field against the OpenAPI shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

describeWithBroker('lab testing through the real processes', () => {
  let db: TestDatabase;
  let vhost: BrokerVhost | undefined;
  let emulators: RunningPhlebotomyEmulators | undefined;
  let lab: LabSimulator | undefined;
  let receiver: WebhookReceiver | undefined;
  let delivery: DeliveryProcess | undefined;
  const procs: RunningProcess[] = [];
  const scenarios = new Map<string, LabScenario>();

  let dataUrl = '';
  let team: SeededTeam;
  let other: SeededTeam;
  let lipidPanelId = '';
  let userId = '';

  beforeAll(async () => {
    db = await createTestDatabase();
    vhost = await isolatedVhost(AMQP_URL);
    emulators = await startPhlebotomyEmulators({ phlebfinders: { assignAfterMs: null } });
    receiver = await startWebhookReceiver({ verifier: new Webhook(WEBHOOK_SECRET) });
    const [dataPort, gatewayHealth, mllpPort] = await Promise.all([freePort(), freePort(), freePort()]);
    dataUrl = `http://127.0.0.1:${dataPort}`;
    // The lab: its order port is its own; its results go to the gateway's MLLP port.
    lab = new LabSimulator({
      resultsEndpoint: { host: '127.0.0.1', port: mllpPort },
      host: '127.0.0.1',
      port: 0,
      scenario: (orderId) => scenarios.get(orderId) ?? 'normal',
    });
    const { port: labPort } = await lab.listen();

    const base: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: db.url,
      AMQP_URL: vhost.url,
      LOG_LEVEL: 'warn',
      SECRETS_ENCRYPTION_KEY: SECRETS_KEY,
    };
    const gl = emulators.getlabs.config;
    const pf = emulators.phlebfinders.config;
    const dataApi = runTs('data-api', 'services/data-api/src/main.ts', {
      ...base,
      DATA_API_PORT: String(dataPort),
      PHLEBOTOMY_GETLABS_URL: gl.baseUrl,
      PHLEBOTOMY_GETLABS_API_KEY: gl.apiKey,
      PHLEBOTOMY_GETLABS_WEBHOOK_SECRETS: gl.webhookSecrets.join(','),
      PHLEBOTOMY_PHLEBFINDERS_URL: pf.baseUrl,
      PHLEBOTOMY_PHLEBFINDERS_TOKEN_URL: pf.tokenUrl,
      PHLEBOTOMY_PHLEBFINDERS_CLIENT_ID: pf.clientId,
      PHLEBOTOMY_PHLEBFINDERS_CLIENT_SECRET: pf.clientSecret,
      PHLEBOTOMY_PHLEBFINDERS_WEBHOOK_SECRETS: pf.webhookSecrets.join(','),
    });
    const gateway = runTs('lab-gateway', 'services/lab-gateway/src/main.ts', {
      ...base,
      HEALTH_PORT: String(gatewayHealth),
      LAB_MLLP_PORT: String(mllpPort),
      LAB_ORDER_ENDPOINTS: `*=127.0.0.1:${labPort}`,
      // The simulator takes LOINC orderables, not the labs' compendium codes.
      LAB_TEST_CODING: 'loinc',
      LAB_SUBMIT_SWEEP_MS: '2000',
    });
    procs.push(dataApi, gateway);
    const [started] = await Promise.all([
      startEventDelivery({ dbUrl: db.url, amqpUrl: vhost.url, env: { WEBHOOK_TIMEOUT_MS: '10000' } }),
      waitReady(dataUrl, dataApi, 90_000),
      waitReady(`http://127.0.0.1:${gatewayHealth}`, gateway, 90_000),
    ]);
    delivery = started;
    emulators.setWebhookTargets({
      getlabs: `${dataUrl}/v2/provider_webhooks/phlebotomy/getlabs`,
      phlebfinders: `${dataUrl}/v2/provider_webhooks/phlebotomy/phlebfinders`,
    });

    const org = await seedOrg(db.knex);
    team = await seedTeam(db.knex, org.orgId);
    other = await seedTeam(db.knex, org.orgId);
    await db.knex('webhooks').insert({
      id: 'ep_labtesting0000000000000',
      team_id: team.teamId,
      environment: 'sandbox',
      url: receiver.url,
      filter_types: null,
      secret_ciphertext: createSecretBox(decodeSecretsKey(SECRETS_KEY)).seal(WEBHOOK_SECRET),
    });
    const tests = await call('GET', '/v3/lab_tests');
    lipidPanelId = (tests.body as { id: string; name: string }[]).find((t) => t.name === 'Lipid Panel')!.id;
    userId = (await call('POST', '/v2/user', { client_user_id: 'lab-e2e-patient' })).body.user_id;
  }, 150_000);

  afterAll(async () => {
    await Promise.all([...procs.map((p) => p.stop()), delivery?.proc.stop()]);
    await lab?.close();
    await emulators?.close();
    await receiver?.close();
    await vhost?.drop();
    await db?.destroy();
  });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    opts: { key?: string; headers?: Record<string, string> } = {},
  ): Promise<Json> {
    const res = await fetch(`${dataUrl}${path}`, {
      method,
      headers: {
        'x-service-api-key': opts.key ?? team.apiKeys.sandbox,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...opts.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (a PDF): the text stands
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }

  const orderBody = (overrides: Record<string, unknown> = {}) => ({
    user_id: userId,
    lab_test_id: lipidPanelId,
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
      first_line: NYC.first_line,
      city: NYC.city,
      state: 'ny',
      zip: NYC.zip_code,
      country: 'US',
    },
    physician: { first_name: 'Grace', last_name: 'Hopper', npi: VALID_NPI },
    icd_codes: ['Z00.00'],
    consents: [{ consentType: 'terms-of-use' }],
    ...overrides,
  });

  /** A new order walked (sandbox) to Requisition Ready; its id. */
  async function orderWithRequisition(scenario: LabScenario = 'normal'): Promise<string> {
    const created = await call('POST', '/v3/order', orderBody(), {
      headers: { 'x-idempotency-key': `e2e-${newId()}` },
    });
    expect(created.status).toBe(200);
    const id = created.body.order.id as string;
    scenarios.set(id, scenario);
    const walked = await call(
      'POST',
      `/v3/order/${id}/test?final_status=received.at_home_phlebotomy.requisition_created`,
    );
    expect(walked.status).toBe(200);
    return id;
  }

  const order = async (id: string) => (await call('GET', `/v3/order/${id}`)).body;
  /** The full OrderStatus (`<top>.<method>.<low>`): the order's last event (`status` is the top level). */
  const statusOf = async (id: string) => String((await order(id)).last_event?.status);
  const apptPath = (id: string, action = '') =>
    `/v3/order/${id}/phlebotomy/appointment${action ? `/${action}` : ''}`;

  async function slots(): Promise<{ booking_key: string; start: string; end: string }[]> {
    const res = await call('POST', '/v3/order/phlebotomy/appointment/availability', NYC);
    expect(res.status).toBe(200);
    return (res.body.slots as { slots: { booking_key: string | null; start: string; end: string }[] }[])
      .flatMap((d) => d.slots)
      .filter((s): s is { booking_key: string; start: string; end: string } => s.booking_key !== null);
  }

  async function waitForStatus(id: string, low: string, timeoutMs = 30_000): Promise<void> {
    await waitFor(async () => (await statusOf(id)).endsWith(`.${low}`), {
      timeoutMs,
      intervalMs: 200,
    }).catch(async () => {
      throw new Error(`order ${id} never reached ${low}; it is ${await statusOf(id)}`);
    });
  }

  /** The team's webhook deliveries about one order, verified, by event type. */
  function deliveriesOf(orderId: string) {
    return receiver!
      .succeeded()
      .map((d) => d.payload as { event_type: string; data: Record<string, unknown> })
      .filter((p) => p.data.id === orderId || p.data.order_id === orderId);
  }

  /** The low-level status an order event carries (its last event's). */
  const lowOf = (d: { data: Record<string, unknown> }) =>
    String((d.data.last_event as { status?: string } | null)?.status)
      .split('.')
      .pop();

  it('at home: order → requisition → area info → book → reschedule → draw → HL7 results → events', async () => {
    const id = await orderWithRequisition('critical');
    const ready = await order(id);
    expect(ready.last_event.status).toBe('received.at_home_phlebotomy.requisition_created');
    expect(ready.requisition_form_url).toContain(`/v3/order/${id}/requisition/pdf`);
    const requisition = await call('GET', `/v3/order/${id}/requisition/pdf`);
    expect(requisition.status).toBe(200);
    expect(requisition.headers.get('content-type')).toContain('application/pdf');

    const area = await call('GET', '/v3/order/area/info?zip_code=10001');
    expect(area.status).toBe(200);
    expect(area.body.phlebotomy.providers).toContainEqual({
      name: 'getlabs',
      service_types: ['appointment-ready'],
    });

    const [first, second] = await slots();
    const booked = await call('POST', apptPath(id, 'book'), { booking_key: first!.booking_key });
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ status: 'confirmed', provider: 'getlabs', start_at: first!.start });
    const moved = await call('PATCH', apptPath(id, 'reschedule'), { booking_key: second!.booking_key });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: booked.body.id, start_at: second!.start });

    // The phlebotomist draws: the partner's signed webhook moves the order; the gateway sends it to the lab.
    await emulators!.getlabs.emulator.advance(booked.body.external_id, 'completed');
    await waitForStatus(id, 'completed');
    const sent = lab!.orders.filter((o) => o.orderId === id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.processingId).toBe('T'); // a sandbox order is a test message to the lab

    const results = await call('GET', `/v3/order/${id}/result`);
    expect(results.status).toBe(200);
    expect(results.body.metadata).toMatchObject({ status: 'final', interpretation: 'critical' });
    expect(results.body.results.length).toBeGreaterThan(0);
    for (const r of results.body.results) expect(r.loinc).toMatch(/^\d+-\d$/);
    expect(
      results.body.results.some((r: { interpretation: string }) => r.interpretation === 'critical'),
    ).toBe(true);
    const metadata = await call('GET', `/v3/order/${id}/result/metadata`);
    expect(metadata.status).toBe(200);
    expect(metadata.body).toMatchObject({ status: 'final', specimen_number: sent[0]!.specimenId });
    const pdf = await call('GET', `/v3/order/${id}/result/pdf`);
    expect(pdf.status).toBe(200);
    expect((await order(id)).interpretation).toBe('critical');

    // Every change reached the team's webhook, signed and verified.
    await waitFor(() => deliveriesOf(id).some((d) => d.event_type === 'labtest.result.critical'), {
      timeoutMs: 30_000,
    });
    await waitFor(
      () =>
        deliveriesOf(id).some((d) => d.event_type === 'labtest.order.updated' && lowOf(d) === 'completed'),
      { timeoutMs: 30_000 },
    );
    const events = deliveriesOf(id);
    const types = new Set(events.map((d) => d.event_type));
    expect([...types].sort()).toEqual(
      [
        'labtest.appointment.created',
        'labtest.appointment.updated',
        'labtest.order.created',
        'labtest.order.updated',
        'labtest.result.critical',
      ].sort(),
    );
    const statuses = events.filter((d) => d.event_type.startsWith('labtest.order.')).map(lowOf);
    expect(statuses).toEqual(
      expect.arrayContaining(['ordered', 'requisition_created', 'appointment_scheduled', 'draw_completed']),
    );
    expect(statuses).toContain('completed');

    // The lab resends a result it already delivered (a lost ACK): answered AA, applied once.
    const before = await db.knex('lab_result_messages').where({ order_id: id }).count('* as n');
    const resent = await lab!.resend(lab!.results.find((r) => r.orderId === id)!);
    expect(resent.ack?.code).toBe('AA');
    expect(await db.knex('lab_result_messages').where({ order_id: id }).count('* as n')).toEqual(before);
    // Drawn: the order can no longer be cancelled.
    const cancel = await call('POST', `/v3/order/${id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.detail.error_type).toBe('invalid_state');
  });

  it('request tier: pending without a time, confirmed by the partner webhook, drawn, results with missing ones', async () => {
    const id = await orderWithRequisition('missing');
    const requested = await call('POST', apptPath(id, 'request'), { address: NYC, provider: 'phlebfinders' });
    expect(requested.status).toBe(200);
    expect(requested.body).toMatchObject({ status: 'pending', start_at: null, end_at: null });
    expect(await statusOf(id)).toBe('collecting_sample.at_home_phlebotomy.appointment_pending');

    const pf = emulators!.phlebfinders.emulator;
    await pf.assign(requested.body.external_id);
    const confirmed = await call('GET', apptPath(id));
    expect(confirmed.body.status).toBe('confirmed');
    expect(Date.parse(confirmed.body.start_at)).toBeGreaterThan(Date.now());
    expect(await statusOf(id)).toBe('collecting_sample.at_home_phlebotomy.appointment_scheduled');

    await pf.advance(requested.body.external_id, 'in_progress');
    await pf.advance(requested.body.external_id, 'completed');
    await waitForStatus(id, 'completed');
    expect((await order(id)).has_missing_results).toBe(true);
    const results = await call('GET', `/v3/order/${id}/result`);
    expect(results.body.missing_results.length).toBeGreaterThan(0);
    expect(results.body.missing_results[0]).toMatchObject({ inferred_failure_type: expect.any(String) });
  });

  it('cancellation: an appointment and then the order; nothing goes to the lab', async () => {
    const id = await orderWithRequisition();
    const [slot] = await slots();
    const booked = await call('POST', apptPath(id, 'book'), { booking_key: slot!.booking_key });
    expect(booked.status).toBe(200);
    const cancelled = await call('PATCH', apptPath(id, 'cancel'), {
      cancellation_reason_id: CANCELLATION_REASONS[0]!.id,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await statusOf(id)).toBe('collecting_sample.at_home_phlebotomy.appointment_cancelled');
    const gone = await call('POST', `/v3/order/${id}/cancel`);
    expect(gone.status).toBe(200);
    expect(await statusOf(id)).toBe('cancelled.at_home_phlebotomy.cancelled');
    await waitFor(
      () =>
        deliveriesOf(id).some((d) => d.event_type === 'labtest.order.updated' && lowOf(d) === 'cancelled'),
      { timeoutMs: 30_000 },
    );
    // Booking a cancelled order is refused; the lab never heard of it.
    const [again] = await slots();
    const refused = await call('POST', apptPath(id, 'book'), { booking_key: again!.booking_key });
    expect(refused.status).toBe(409);
    expect(lab!.orders.some((o) => o.orderId === id)).toBe(false);
    expect(await db.knex('lab_order_submissions').where({ order_id: id })).toEqual([]);
  });

  it('idempotency race: two concurrent creates with one key make one order', async () => {
    const key = `race-${newId()}`;
    const body = orderBody({
      user_id: (await call('POST', '/v2/user', { client_user_id: key })).body.user_id,
    });
    const [a, b] = await Promise.all(
      [0, 1].map(() => call('POST', '/v3/order', body, { headers: { 'x-idempotency-key': key } })),
    );
    const outcomes = [a!, b!].map((r) =>
      r.status === 200
        ? r.headers.get('x-idempotency-replayed') === 'true'
          ? 'replayed'
          : 'created'
        : `${r.status} ${r.body.detail?.error_type}`,
    );
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'created')[0]).toMatch(/^(replayed|409 idempotency_conflict)$/);
    const orders = await call('GET', `/v3/orders?user_id=${body.user_id}`);
    expect(orders.body.total).toBe(1);
    const ids = [a!, b!].filter((r) => r.status === 200).map((r) => r.body.order.id);
    expect(new Set(ids).size).toBe(1);
    // Later, the same key answers the same order.
    const replay = await call('POST', '/v3/order', body, { headers: { 'x-idempotency-key': key } });
    expect(replay.headers.get('x-idempotency-replayed')).toBe('true');
    expect(replay.body.order.id).toBe(ids[0]);
  });

  it("tenant isolation: another team's key and the production key see nothing of a sandbox order", async () => {
    const id = await orderWithRequisition();
    const [slot] = await slots();
    expect((await call('POST', apptPath(id, 'book'), { booking_key: slot!.booking_key })).status).toBe(200);
    for (const key of [other.apiKeys.sandbox, other.apiKeys.production, team.apiKeys.production]) {
      for (const path of [
        `/v3/order/${id}`,
        `/v3/order/${id}/result`,
        `/v3/order/${id}/result/metadata`,
        `/v3/order/${id}/result/pdf`,
        `/v3/order/${id}/requisition/pdf`,
        apptPath(id),
      ]) {
        const res = await call('GET', path, undefined, { key });
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
      }
      const list = await call('GET', `/v3/orders?user_id=${userId}`, undefined, { key });
      expect(list.status === 200 ? list.body.total : 0).toBe(0);
      for (const [method, path, body] of [
        ['POST', `/v3/order/${id}/cancel`, undefined],
        ['PATCH', `/v3/order/${id}`, { notes: 'x' }],
        ['PATCH', apptPath(id, 'cancel'), { cancellation_reason_id: CANCELLATION_REASONS[0]!.id }],
        ['POST', `/v3/order/${id}/test`, undefined],
      ] as const) {
        const res = await call(method, path, body, { key });
        expect({ path, status: res.status }).toEqual({ path, status: expect.any(Number) });
        expect([403, 404]).toContain(res.status);
      }
    }
    expect(await statusOf(id)).toBe('collecting_sample.at_home_phlebotomy.appointment_scheduled');
    expect((await call('GET', apptPath(id))).body.status).toBe('confirmed');
  });
});
