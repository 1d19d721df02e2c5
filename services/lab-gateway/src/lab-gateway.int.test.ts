/**
 * The lab-gateway process against a real database, the in-process transport (production retry table, scaled
 * down) and labs over real TCP: an order event makes it send the ORM^O01 and the simulator's ORU^R01 results
 * land through its MLLP listener; a lab that is down is retried until it answers, with one control id and one
 * accession; a refusal is recorded and not retried; orders not at their submission point send nothing; the
 * sweep re-queues an order whose event was lost; a bad result message is answered AE/AR and stores nothing.
 */
import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId, type Environment, type OrderLowLevelStatus } from '@meridian/domain';
import { LabSimulator, MllpClient } from '@meridian/lab-partners';
import {
  createInProcessTransport,
  createMessage,
  LAB_ORDER_SUBMIT,
  type InProcessTransport,
} from '@meridian/messaging';
import { createLogger } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, waitFor, type TestDatabase } from '@meridian/test-utils';
import { ensureSandboxCatalogueForTests } from './testing/catalogue';
import { freePort } from './testing/free-port';
import { loadLabGatewayProcessConfig } from './config';
import { createLabRouting } from './lab-routing';
import { createOrderSubmitter } from './order-submissions';
import { startLabGatewayProcess, type RunningLabGateway } from './process';
import { createSubmissionSweep } from './submission-sweep';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'lab-gateway-test', silent: true });
let db: TestDatabase;
let orgId: string;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  orgId = (await seedOrg(db.knex)).orgId;
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});
afterAll(() => db.destroy());

interface Tenant {
  teamId: string;
  environment: Environment;
  userId: string;
  labTestId: string;
}

async function tenant(): Promise<Tenant> {
  const { teamId } = await seedTeam(db.knex, orgId);
  const labTestId = await ensureSandboxCatalogueForTests(db.knex, teamId);
  const userId = newId();
  await db
    .knex('users')
    .insert({ id: userId, team_id: teamId, environment: 'sandbox', client_user_id: `c-${userId}` });
  return { teamId, environment: 'sandbox', userId, labTestId };
}

/** An order submitter whose routing knows no lab interface (orders wait, recorded). */
function submitterWithoutLabs() {
  const routing = createLabRouting({
    endpoints: new Map(),
    testCoding: 'lab',
    simulatorServesProduction: false,
    application: 'MERIDIAN',
    facility: 'MERIDIAN',
    ackTimeoutMs: 2000,
  });
  closers.push(() => routing.close());
  return createOrderSubmitter({ db: db.knex, routing, logger });
}

/** A production tenant: a new team with the production twin of a sandbox Lipid Panel (its own catalogue). */
async function productionTenant(sandbox: Tenant): Promise<Tenant> {
  const { teamId } = await seedTeam(db.knex, orgId);
  const source = await db.knex('lab_tests').where({ id: sandbox.labTestId }).first();
  const lipid = { ...source, id: newId(), team_id: teamId, environment: 'production' };
  await db.knex('lab_tests').insert(lipid);
  const userId = newId();
  await db
    .knex('users')
    .insert({ id: userId, team_id: teamId, environment: 'production', client_user_id: `c-${userId}` });
  return { teamId, environment: 'production', userId, labTestId: lipid.id as string };
}

async function insertOrder(
  t: Tenant,
  status: OrderLowLevelStatus = 'draw_completed',
  changedAt = new Date(),
): Promise<string> {
  const id = newId();
  const top = ['appointment_scheduled', 'draw_completed'].includes(status)
    ? 'collecting_sample'
    : status === 'completed'
      ? 'completed'
      : 'received';
  await db.knex('lab_orders').insert({
    id,
    team_id: t.teamId,
    environment: t.environment,
    user_id: t.userId,
    lab_test_id: t.labTestId,
    collection_method: 'at_home_phlebotomy',
    status_top: top,
    status_low: status,
    status_changed_at: changedAt,
    details_id: newId(),
    patient_first_name: 'Ada',
    patient_last_name: 'Lovelace',
    patient_dob: '1985-04-12',
    patient_details: JSON.stringify({ gender: 'female' }),
    patient_address: JSON.stringify({ first_line: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' }),
    physician: JSON.stringify({ first_name: 'Greg', last_name: 'House', npi: '1234567893' }),
    icd_codes: ['Z00.00'],
  });
  await db.knex('lab_order_events').insert({
    order_id: id,
    team_id: t.teamId,
    environment: t.environment,
    status: `${top}.at_home_phlebotomy.${status}`,
  });
  return id;
}

/** The outbox row order-transitions.ts writes, relayed as the relay relays it (thin `{event_id}`). */
async function relayOrderEvent(transport: InProcessTransport, t: Tenant, orderId: string): Promise<void> {
  const [eventId] = await createOutboxRepository(db.knex).append([
    {
      teamId: t.teamId,
      environment: t.environment,
      userId: t.userId,
      envelope: eventEnvelope(
        'labtest.order.updated',
        { id: orderId },
        { userId: t.userId, clientUserId: `c-${t.userId}`, teamId: t.teamId },
      ),
    },
  ]);
  const type = 'event.labtest.order.updated';
  await transport.publish(type, { ...createMessage(type, { event_id: eventId }), id: eventId! });
}

function transport(delayScale = 0.005): InProcessTransport {
  const t = createInProcessTransport({ logger, delayScale });
  closers.push(() => t.close());
  return t;
}

async function gateway(
  bus: InProcessTransport,
  env: Record<string, string> = {},
): Promise<RunningLabGateway> {
  const cfg = loadLabGatewayProcessConfig({
    HEALTH_PORT: '0',
    LAB_MLLP_PORT: '0',
    LAB_SUBMIT_SWEEP_MS: '3600000',
    LAB_ACK_TIMEOUT_MS: '2000',
    ...env,
  }).values;
  const running = await startLabGatewayProcess(cfg, { logger, databaseUrl: db.url, transport: bus });
  closers.push(() => running.close());
  return running;
}

const orderRow = (id: string) => db.knex('lab_orders').where({ id }).first();
const submissionRow = (id: string) => db.knex('lab_order_submissions').where({ order_id: id }).first();

describe('lab gateway process', () => {
  it('sends an order at draw_completed on its event and applies the simulated results it gets back', async () => {
    const bus = transport();
    const running = await gateway(bus, { LAB_SIMULATOR: 'true', LAB_SIMULATOR_SCENARIO: 'abnormal' });
    expect(running.simulator).not.toBeNull();
    const t = await tenant();
    const orderId = await insertOrder(t);
    await relayOrderEvent(bus, t, orderId);
    await waitFor(async () => (await orderRow(orderId))?.status_low === 'completed', { timeoutMs: 20_000 });

    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status_top: 'completed', interpretation: 'abnormal' });
    expect(await submissionRow(orderId)).toMatchObject({ state: 'accepted', attempts: 1, last_error: null });
    expect((await submissionRow(orderId)).accession_number).toMatch(/^SIM/);
    const messages = await db.knex('lab_result_messages').where({ order_id: orderId });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ result_status: 'final', applied_as: 'results' });
    const [row] = await db.knex('lab_biomarker_results').where({ order_id: orderId }).count('* as n');
    expect(Number(row?.n)).toBeGreaterThan(0);

    // The same event again (at-least-once relay): the order is past its submission point, nothing is sent.
    await relayOrderEvent(bus, t, orderId);
    await new Promise((r) => setTimeout(r, 300));
    expect(await submissionRow(orderId)).toMatchObject({ attempts: 1 });
  });

  it('gives a production order at ordered its requisition on its event; a sandbox order is left to the test walk', async () => {
    const bus = transport();
    await gateway(bus);
    const sandbox = await tenant();
    const production = await productionTenant(sandbox);
    const teamId = production.teamId;
    const prodOrder = await insertOrder(production, 'ordered');
    const sandboxOrder = await insertOrder(sandbox, 'ordered');
    await relayOrderEvent(bus, production, prodOrder);
    await relayOrderEvent(bus, sandbox, sandboxOrder);
    await waitFor(async () => (await orderRow(prodOrder))?.status_low === 'requisition_created', {
      timeoutMs: 20_000,
    });
    expect(await orderRow(prodOrder)).toMatchObject({
      requisition_form_url: `/v3/order/${prodOrder}/requisition/pdf`,
    });
    const events = await db
      .knex('outbox')
      .where({ team_id: teamId, event_type: 'labtest.order.updated' })
      .whereRaw(`payload::jsonb->'data'->>'id' = ?`, [prodOrder]);
    expect(events.length).toBeGreaterThanOrEqual(1);
    // Nothing goes to the lab yet (the draw has not happened), and the sandbox order did not move.
    await new Promise((r) => setTimeout(r, 300));
    expect(await submissionRow(prodOrder)).toBeUndefined();
    expect(await orderRow(sandboxOrder)).toMatchObject({ status_low: 'ordered' });
  });

  it('retries a lab that is down with backoff and sends the order once it is up, under one control id', async () => {
    const bus = transport(0.01);
    const labPort = await freePort();
    const running = await gateway(bus, {
      LAB_ORDER_ENDPOINTS: `*=127.0.0.1:${labPort}`,
      LAB_TEST_CODING: 'loinc',
    });
    const t = await tenant();
    const orderId = await insertOrder(t);
    await bus.publish(
      LAB_ORDER_SUBMIT,
      createMessage(LAB_ORDER_SUBMIT, { order_id: orderId, team_id: t.teamId, environment: 'sandbox' }),
    );
    await waitFor(async () => (await submissionRow(orderId))?.attempts >= 2, { timeoutMs: 10_000 });
    expect(await submissionRow(orderId)).toMatchObject({ state: 'sending', last_error: 'connect' });
    const controlId = (await submissionRow(orderId)).message_control_id;

    const lab = new LabSimulator({
      resultsEndpoint: { host: '127.0.0.1', port: running.mllpPort },
      host: '127.0.0.1',
      port: labPort,
      scenario: 'critical',
    });
    await lab.listen();
    closers.push(() => lab.close());
    await waitFor(async () => (await orderRow(orderId))?.status_low === 'completed', { timeoutMs: 20_000 });
    expect(lab.orders.map((o) => o.controlId)).toEqual([controlId]);
    expect(await submissionRow(orderId)).toMatchObject({ state: 'accepted', message_control_id: controlId });
    expect((await orderRow(orderId)).interpretation).toBe('critical');
    expect(lab.results.every((r) => r.ack?.code === 'AA')).toBe(true);
  });

  it('records a refusal with the lab reason and never resends it; orders not at their point send nothing', async () => {
    const resultsPort = await freePort();
    const lab = new LabSimulator({ resultsEndpoint: { host: '127.0.0.1', port: resultsPort }, port: 0 });
    const { port } = await lab.listen();
    closers.push(() => lab.close());
    lab.setFaults({ rejectOrders: { ackCode: 'AR', reason: 'account suspended' } });
    const routing = createLabRouting({
      endpoints: new Map([['*', { host: '127.0.0.1', port }]]),
      testCoding: 'loinc',
      simulatorServesProduction: false,
      application: 'MERIDIAN',
      facility: 'MERIDIAN',
      ackTimeoutMs: 2000,
    });
    closers.push(() => routing.close());
    const submitter = createOrderSubmitter({ db: db.knex, routing, logger });
    const t = await tenant();
    const ref = (orderId: string) => ({ orderId, teamId: t.teamId, environment: t.environment });

    const refused = await insertOrder(t);
    expect(await submitter.submitIfDue(ref(refused))).toBe('rejected');
    expect(await submissionRow(refused)).toMatchObject({
      state: 'rejected',
      rejection_code: 'AR',
      rejection_reason: 'account suspended',
    });
    lab.setFaults({});
    expect(await submitter.submitIfDue(ref(refused))).toBe('previously_rejected');

    const scheduled = await insertOrder(t, 'appointment_scheduled');
    const walked = await insertOrder(t, 'completed');
    expect(await submitter.submitIfDue(ref(scheduled))).toBe('not_due');
    expect(await submitter.submitIfDue(ref(walked))).toBe('not_due');
    // Another tenant's id is not found under this tenant (and the reverse).
    const other = await tenant();
    expect(await submitter.submitIfDue({ ...ref(refused), teamId: other.teamId })).toBe('unknown_order');
    expect(await submitter.submitIfDue({ ...ref(refused), environment: 'production' })).toBe('unknown_order');
    expect(await db.knex('lab_order_submissions').whereIn('order_id', [scheduled, walked])).toEqual([]);
    expect(lab.orders).toHaveLength(0);

    // A production order has no lab while only the simulator is configured with NODE_ENV=production.
    const prodRouting = createLabRouting({
      endpoints: new Map(),
      testCoding: 'lab',
      simulator: { host: '127.0.0.1', port },
      simulatorServesProduction: false,
      application: 'MERIDIAN',
      facility: 'MERIDIAN',
      ackTimeoutMs: 2000,
    });
    closers.push(() => prodRouting.close());
    expect(prodRouting.adapterFor('quest', 'production')).toBeUndefined();
    expect(prodRouting.adapterFor('quest', 'sandbox')).toBeDefined();
  });

  it('an order whose lab has no interface waits, recorded, and the sweep leaves it alone until it is stale', async () => {
    const submitter = submitterWithoutLabs();
    const t = await tenant();
    const orderId = await insertOrder(t, 'draw_completed', new Date(Date.now() - 3_600_000));
    expect(await submitter.submitIfDue({ orderId, teamId: t.teamId, environment: t.environment })).toBe(
      'no_lab_interface',
    );
    expect(await submissionRow(orderId)).toMatchObject({
      state: 'sending',
      last_error: 'no_lab_interface',
      accepted_at: null,
    });
    const published: unknown[] = [];
    const sweep = (staleAfterMs: number) =>
      createSubmissionSweep({
        db: db.knex,
        transport: { publish: async (_key, message) => void published.push(message.data) },
        logger,
        intervalMs: 3_600_000,
        staleAfterMs,
      }).sweepOnce();
    await sweep(60_000);
    expect(published).not.toContainEqual(expect.objectContaining({ order_id: orderId }));
    await new Promise((r) => setTimeout(r, 20));
    await sweep(10);
    expect(published).toContainEqual({ order_id: orderId, team_id: t.teamId, environment: 'sandbox' });
  });

  it('sweeps an order whose event was lost back to the gateway, and leaves fresh and refused ones alone', async () => {
    const bus = transport();
    await gateway(bus, { LAB_SIMULATOR: 'true' });
    const t = await tenant();
    const hourAgo = new Date(Date.now() - 3_600_000);
    const lost = await insertOrder(t, 'draw_completed', hourAgo);
    const fresh = await insertOrder(t, 'draw_completed');
    const refused = await insertOrder(t, 'draw_completed', hourAgo);
    await db.knex('lab_order_submissions').insert({
      order_id: refused,
      team_id: t.teamId,
      environment: 'sandbox',
      lab_slug: 'quest',
      message_control_id: 'X1',
      state: 'rejected',
      attempts: 1,
      created_at: hourAgo,
      rejected_at: hourAgo,
    });
    const sweep = createSubmissionSweep({
      db: db.knex,
      transport: bus,
      logger,
      intervalMs: 3_600_000,
      staleAfterMs: 60_000,
    });
    const queued = await sweep.sweepOnce();
    expect(queued).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await orderRow(lost))?.status_low === 'completed', { timeoutMs: 20_000 });
    expect((await orderRow(fresh)).status_low).toBe('draw_completed');
    expect(await submissionRow(fresh)).toBeUndefined();
    expect(await submissionRow(refused)).toMatchObject({ state: 'rejected', attempts: 1 });
  });

  it('sweeps a production order whose requisition step was lost, and the re-queued message draws it', async () => {
    const sandbox = await tenant();
    const prod = await productionTenant(sandbox);
    const hourAgo = new Date(Date.now() - 3_600_000);
    const lost = await insertOrder(prod, 'ordered', hourAgo);
    const fresh = await insertOrder(prod, 'ordered');
    const sandboxOrder = await insertOrder(sandbox, 'ordered', hourAgo);
    const published: { order_id: string }[] = [];
    const queued = await createSubmissionSweep({
      db: db.knex,
      transport: {
        publish: async (_key, message) => void published.push(message.data as { order_id: string }),
      },
      logger,
      intervalMs: 3_600_000,
      staleAfterMs: 60_000,
    }).sweepOnce();
    expect(queued).toBeGreaterThanOrEqual(1);
    const ids = published.map((m) => m.order_id);
    expect(published).toContainEqual({ order_id: lost, team_id: prod.teamId, environment: 'production' });
    expect(ids).not.toContain(fresh);
    expect(ids).not.toContain(sandboxOrder);

    const submitter = submitterWithoutLabs();
    const ref = { orderId: lost, teamId: prod.teamId, environment: 'production' as const };
    expect(await submitter.submitIfDue(ref)).toBe('requisition_created');
    expect((await orderRow(lost)).status_low).toBe('requisition_created');
    expect(await submitter.submitIfDue(ref)).toBe('not_due');
    expect((await orderRow(sandboxOrder)).status_low).toBe('ordered');
  });

  it('answers a bad result message AE/AR over MLLP and stores nothing of it', async () => {
    const bus = transport();
    const running = await gateway(bus);
    const client = new MllpClient({ host: '127.0.0.1', port: running.mllpPort, responseTimeoutMs: 5000 });
    closers.push(() => client.close());
    const before = await db.knex('lab_result_messages').count('* as n');

    const notHl7 = await client.request('THIS IS NOT HL7');
    expect(notHl7).toMatch(/MSA\|AR\|/);
    const obr = Array.from({ length: 26 }, () => '');
    obr[0] = 'OBR';
    obr[1] = '1';
    obr[2] = newId(); // a placer order number no order has
    obr[3] = 'ACC1';
    obr[4] = '2093-3^Cholesterol^LN';
    obr[7] = '20261125000000+0000';
    obr[22] = '20261125010000+0000';
    obr[25] = 'F';
    const unknown = [
      'MSH|^~\\&|LAB|LAB|MERIDIAN|MERIDIAN|20261125010000+0000||ORU^R01|C-1|T|2.5.1',
      'PID|1||u1^^^MERIDIAN||Lovelace^Ada||19850412|F',
      obr.join('|'),
      'OBX|1|NM|2093-3^Cholesterol^LN||180|mg/dL|<200|N|||F',
    ].join('\r');
    const ack = await client.request(unknown);
    expect(ack).toMatch(/MSA\|AE\|C-1/);
    expect(ack).toMatch(/OBR-2/);
    expect(await db.knex('lab_result_messages').count('* as n')).toEqual(before);
  });
});
