/**
 * Lab results end to end below HTTP: an order row in a real database is sent with `submitOrderToLab` to the
 * LabSimulator over real TCP (MLLP), the simulator reports ORU^R01 results to an `Hl7ResultListener` whose
 * apply is `applyLabResultMessage`, and we check what landed: the report and its rows, the order's status,
 * interpretation and events, `labtest.result.critical`, the user's health data, and what never lands
 * (unknown orders, duplicates, half-applied messages).
 */
import { newId, type Environment, type OrderLowLevelStatus } from '@meridian/domain';
import {
  Hl7LabAdapter,
  Hl7ResultListener,
  LabSimulator,
  MllpClient,
  type LabResultEvent,
  type LabResultMessage,
  type LabScenario,
} from '@meridian/lab-partners';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { ensureSandboxCatalogue } from '../lab-tests/sandbox-catalogue';
import { applyLabResultMessage, type ApplyLabResultOutcome } from './apply-lab-result';
import { createLabResultHandler } from './lab-result-handler';
import { submitOrderToLab } from './submit-order-to-lab';

jest.setTimeout(60_000);

let db: TestDatabase;
let orgId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  orgId = (await seedOrg(db.knex)).orgId;
});
afterAll(() => db.destroy());

interface Tenant {
  teamId: string;
  environment: Environment;
  userId: string;
  lipidPanelId: string;
}

async function tenant(environment: Environment = 'sandbox'): Promise<Tenant> {
  const { teamId } = await seedTeam(db.knex, orgId);
  await ensureSandboxCatalogue(db.knex, { teamId, environment: 'sandbox' }, new Date());
  const lipid = await db
    .knex('lab_tests')
    .where({ team_id: teamId, environment: 'sandbox', name: 'Lipid Panel' })
    .first('id');
  let lipidPanelId = lipid.id as string;
  if (environment === 'production') {
    // Production starts empty: copy the sandbox Lipid Panel.
    lipidPanelId = newId();
    const source = await db.knex('lab_tests').where({ id: lipid.id }).first();
    await db.knex('lab_tests').insert({ ...source, id: lipidPanelId, environment });
    const markers = await db.knex('lab_test_markers').where({ lab_test_id: lipid.id });
    await db.knex('lab_test_markers').insert(markers.map((m) => ({ ...m, lab_test_id: lipidPanelId })));
  }
  const userId = newId();
  await db.knex('users').insert({ id: userId, team_id: teamId, environment, client_user_id: `c-${userId}` });
  return { teamId, environment, userId, lipidPanelId };
}

const DOB = '1985-04-12';

async function insertOrder(t: Tenant, status: OrderLowLevelStatus = 'draw_completed'): Promise<string> {
  const id = newId();
  const top =
    status === 'appointment_scheduled' || status === 'draw_completed' ? 'collecting_sample' : 'received';
  await db.knex('lab_orders').insert({
    id,
    team_id: t.teamId,
    environment: t.environment,
    user_id: t.userId,
    lab_test_id: t.lipidPanelId,
    collection_method: 'at_home_phlebotomy',
    status_top: top,
    status_low: status,
    status_changed_at: new Date(),
    details_id: newId(),
    patient_first_name: 'Ada',
    patient_last_name: "O'Brien",
    patient_dob: DOB,
    patient_details: JSON.stringify({ gender: 'female', phone_number: '+15125550100' }),
    patient_address: JSON.stringify({
      first_line: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
    }),
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

interface Rig {
  listener: Hl7ResultListener;
  simulator: LabSimulator;
  adapter: Hl7LabAdapter;
  events: LabResultEvent[];
  outcomes: ApplyLabResultOutcome[];
  listenerPort: number;
}

const rigs: Rig[] = [];

async function rig(scenario: LabScenario = 'normal', processingId: 'P' | 'T' = 'T'): Promise<Rig> {
  const events: LabResultEvent[] = [];
  const outcomes: ApplyLabResultOutcome[] = [];
  const listener = new Hl7ResultListener({
    ...createLabResultHandler({ db: db.knex, onApplied: (o) => outcomes.push(o) }),
    labTimeZone: 'UTC',
    host: '127.0.0.1',
    port: 0,
    onResult: (e) => events.push(e),
  });
  const { port: listenerPort } = await listener.listen();
  const simulator = new LabSimulator({
    resultsEndpoint: { host: '127.0.0.1', port: listenerPort },
    scenario,
    seed: 7,
    host: '127.0.0.1',
    port: 0,
  });
  const { port } = await simulator.listen();
  const adapter = new Hl7LabAdapter({ host: '127.0.0.1', port, processingId, ackTimeoutMs: 10_000 });
  const r = { listener, simulator, adapter, events, outcomes, listenerPort };
  rigs.push(r);
  return r;
}

afterEach(async () => {
  for (const r of rigs.splice(0)) {
    await r.adapter.close();
    await r.simulator.close();
    await r.listener.close();
  }
});

async function send(r: Rig, t: Tenant, orderId: string) {
  const submission = await submitOrderToLab(
    db.knex,
    { adapterFor: () => r.adapter, testCoding: 'loinc' },
    { teamId: t.teamId, environment: t.environment, orderId, now: new Date() },
  );
  await r.simulator.whenIdle();
  return submission;
}

const order = (id: string) => db.knex('lab_orders').where({ id }).first();
const statuses = async (id: string) =>
  (await db.knex('lab_order_events').where({ order_id: id }).orderBy('id').pluck('status')) as string[];
const biomarkers = (id: string) =>
  db.knex('lab_biomarker_results').where({ order_id: id }).orderBy('position');
const missing = (id: string) => db.knex('lab_missing_results').where({ order_id: id }).orderBy('position');
const report = (id: string) => db.knex('lab_results').where({ order_id: id }).first();
interface OutboxEnvelope {
  event_type: string;
  user_id: string;
  client_user_id: string;
  team_id: string;
  data: Record<string, unknown> & { last_event?: { status: string; status_detail: string | null } };
}
const outbox = async (t: Tenant, type: string) =>
  (await db.knex('outbox').where({ team_id: t.teamId, event_type: type }).orderBy('created_at')).map(
    (r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as OutboxEnvelope,
  );
const samples = (t: Tenant, resource: string) =>
  db.knex('timeseries_samples').where({ user_id: t.userId, resource }).orderBy('type');

describe('lab results over HL7 into Meridian', () => {
  it('normal: the report, a completed normal order, its event, and cholesterol in the health data', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    const r = await rig('normal');
    const submission = await send(r, t, orderId);

    expect(submission.accessionNumber).toMatch(/^SIM/);
    expect(await db.knex('lab_order_submissions').where({ order_id: orderId }).first()).toMatchObject({
      state: 'accepted',
      accession_number: submission.accessionNumber,
    });
    // What the lab received: one OBR per marker, by LOINC, for our patient.
    const sent = r.simulator.orders[0]!;
    expect(sent.orderId).toBe(orderId);
    expect(sent.tests.map((x) => x.code)).toEqual(['2093-3', '2085-9', '13457-7', '2571-8']);

    expect(r.simulator.results.map((s) => s.ack?.code)).toEqual(['AA']);
    const o = await order(orderId);
    expect(o).toMatchObject({ status_low: 'completed', status_top: 'completed', interpretation: 'normal' });
    expect(o.has_missing_results).toBe(false);
    expect(o.sample_id).toBe(`${submission.accessionNumber}-S1`);
    expect(await statuses(orderId)).toEqual([
      'collecting_sample.at_home_phlebotomy.draw_completed',
      'completed.at_home_phlebotomy.completed',
    ]);

    const rows = await biomarkers(orderId);
    expect(rows.map((x) => [x.loinc, x.name, x.type, x.unit, x.interpretation])).toEqual([
      ['2093-3', 'Total cholesterol', 'numeric', 'mg/dL', 'normal'],
      ['2085-9', 'HDL cholesterol', 'numeric', 'mg/dL', 'normal'],
      ['13457-7', 'LDL cholesterol (calculated)', 'numeric', 'mg/dL', 'normal'],
      ['2571-8', 'Triglycerides', 'numeric', 'mg/dL', 'normal'],
    ]);
    for (const row of rows) {
      expect(typeof row.value).toBe('number');
      expect(row.provider_id).toMatch(/^LBC-\d{3}$/);
      expect(row.source_markers).toEqual([expect.objectContaining({ provider_id: row.provider_id })]);
      expect(row.source_interpretation).toBe('N');
      expect(row.source_sample_id).toBe(o.sample_id);
    }
    expect(await missing(orderId)).toEqual([]);
    const rep = await report(orderId);
    expect(rep).toMatchObject({ status: 'final', interpretation: 'normal' });
    expect(rep.metadata).toMatchObject({
      dob: DOB,
      patient: "Ada O'Brien",
      provider: 'Greg House',
      laboratory: 'Labcorp',
      specimen_number: o.sample_id,
      status: 'final',
      interpretation: 'normal',
      patient_id: t.userId,
      'clia_#': null,
    });
    expect(Number(rep.metadata.age)).toBeGreaterThanOrEqual(40);
    expect(rep.sample_information[o.sample_id]).toMatchObject({
      sample_id: o.sample_id,
      control_number: submission.accessionNumber,
      performing_laboratories: { 'Meridian Simulated Reference Lab': expect.any(Object) },
    });

    const updated = await outbox(t, 'labtest.order.updated');
    expect(updated).toHaveLength(1);
    expect(updated[0]!.data).toMatchObject({ id: orderId, status: 'completed', interpretation: 'normal' });
    expect(updated[0]!.data.has_missing_results).toBe(false);
    expect(await outbox(t, 'labtest.result.critical')).toEqual([]);

    // Health data: every lipid value as a cholesterol sample of the lab, converted to mmol/L.
    const chol = await samples(t, 'cholesterol');
    expect(chol.map((s) => [s.type, s.provider, s.source_type])).toEqual([
      ['hdl', 'labcorp', 'lab'],
      ['ldl', 'labcorp', 'lab'],
      ['total', 'labcorp', 'lab'],
      ['triglycerides', 'labcorp', 'lab'],
    ]);
    const total = rows.find((x) => x.loinc === '2093-3')!;
    expect(chol.find((s) => s.type === 'total')!.value).toBeCloseTo(total.value / 38.67, 6);
    const trig = rows.find((x) => x.loinc === '2571-8')!;
    expect(chol.find((s) => s.type === 'triglycerides')!.value).toBeCloseTo(trig.value / 88.57, 6);
    expect(await outbox(t, 'daily.data.cholesterol.created')).toHaveLength(1);
  });

  it('abnormal: flagged values are abnormal, and so is the order', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    const r = await rig('abnormal');
    await send(r, t, orderId);
    const rows = await biomarkers(orderId);
    const abnormal = rows.filter((x) => x.interpretation === 'abnormal');
    expect(abnormal.length).toBeGreaterThan(0);
    for (const row of abnormal) expect(['H', 'L']).toContain(row.source_interpretation);
    expect(rows.some((x) => x.interpretation === 'critical')).toBe(false);
    expect(await order(orderId)).toMatchObject({ status_low: 'completed', interpretation: 'abnormal' });
    expect((await outbox(t, 'labtest.order.updated'))[0]!.data.interpretation).toBe('abnormal');
    expect(await outbox(t, 'labtest.result.critical')).toEqual([]);
  });

  it('critical: labtest.result.critical once, with the §6.9 payload; a resend emits nothing more', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    const r = await rig('critical');
    await send(r, t, orderId);
    const rows = await biomarkers(orderId);
    expect(rows.filter((x) => x.interpretation === 'critical')).toHaveLength(1);
    const o = await order(orderId);
    expect(o).toMatchObject({ status_low: 'completed', interpretation: 'critical' });

    const critical = await outbox(t, 'labtest.result.critical');
    expect(critical).toHaveLength(1);
    expect(critical[0]).toMatchObject({
      event_type: 'labtest.result.critical',
      user_id: t.userId,
      client_user_id: `c-${t.userId}`,
      team_id: t.teamId,
    });
    expect(critical[0]!.data).toEqual({
      order_id: orderId,
      sample_id: o.sample_id,
      status: 'completed',
      interpretation: 'critical',
      team_id: t.teamId,
      user_id: t.userId,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const again = await r.simulator.resend(r.simulator.results[0]!);
    expect(again.ack?.code).toBe('AA');
    expect(await outbox(t, 'labtest.result.critical')).toHaveLength(1);
  });

  it('partial then final: partial_results, then completed with every value; preliminary values are not health data', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    const r = await rig('partial');
    await send(r, t, orderId);
    expect(r.simulator.results.map((s) => s.ack?.code)).toEqual(['AA', 'AA']);
    expect(r.outcomes.map((o) => o.outcome === 'applied' && [o.status, o.samples])).toEqual([
      ['sample_with_lab.at_home_phlebotomy.partial_results', 0],
      ['completed.at_home_phlebotomy.completed', 4],
    ]);
    expect(await statuses(orderId)).toEqual([
      'collecting_sample.at_home_phlebotomy.draw_completed',
      'sample_with_lab.at_home_phlebotomy.partial_results',
      'completed.at_home_phlebotomy.completed',
    ]);
    expect(await report(orderId)).toMatchObject({ status: 'final' });
    expect(await biomarkers(orderId)).toHaveLength(4);
    // partial_results emits only with partial webhooks (off for this team): one event, for completed.
    expect((await outbox(t, 'labtest.order.updated')).map((e) => e.data.status)).toEqual(['completed']);
    expect(await samples(t, 'cholesterol')).toHaveLength(4);
  });

  it('corrected: the order ends corrected with the corrected value, in the report and the health data', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    const r = await rig('corrected');
    await send(r, t, orderId);
    expect(r.simulator.results.map((s) => s.ack?.code)).toEqual(['AA', 'AA']);
    expect((await statuses(orderId)).slice(-2)).toEqual([
      'completed.at_home_phlebotomy.completed',
      'completed.at_home_phlebotomy.corrected',
    ]);
    const rows = await biomarkers(orderId);
    expect(rows).toHaveLength(4);
    expect(rows[0]!.notes).toMatch(/^Corrected result; previously reported as /);
    expect(await report(orderId)).toMatchObject({ status: 'corrected' });
    expect((await report(orderId)).metadata.status).toBe('corrected');
    const chol = await samples(t, 'cholesterol');
    expect(chol).toHaveLength(4);
    expect(chol.find((s) => s.type === 'total')!.value).toBeCloseTo(rows[0]!.value / 38.67, 6);
    expect((await outbox(t, 'labtest.order.updated')).map((e) => e.data.last_event!.status)).toEqual([
      'completed.at_home_phlebotomy.completed',
      'completed.at_home_phlebotomy.corrected',
    ]);
  });

  it('missing: has_missing_results with the inferred failure type and the lab note', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    const r = await rig('missing');
    await send(r, t, orderId);
    expect(await order(orderId)).toMatchObject({ status_low: 'completed', has_missing_results: true });
    const gone = await missing(orderId);
    expect(gone).toHaveLength(1);
    expect(gone[0]).toMatchObject({
      loinc: '2571-8',
      name: 'Triglycerides',
      inferred_failure_type: 'quantity_not_sufficient_failure',
      note: 'QNS: Quantity not sufficient for analysis',
      provider_id: expect.stringMatching(/^LBC-/),
    });
    expect((await biomarkers(orderId)).map((x) => x.loinc)).toEqual(['2093-3', '2085-9', '13457-7']);
    expect((await outbox(t, 'labtest.order.updated'))[0]!.data.has_missing_results).toBe(true);
  });

  it('results for an unknown order: AE naming OBR-2, nothing applied', async () => {
    const t = await tenant();
    const r = await rig('normal');
    const unknown = newId();
    await r.adapter.submitOrder({
      orderId: unknown,
      patient: { id: t.userId, firstName: 'Ada', lastName: 'X', dob: DOB, sex: 'female' },
      tests: [{ code: '2093-3', name: 'Cholesterol', codeSystem: 'LN' }],
    });
    await r.simulator.whenIdle();
    expect(r.simulator.results[0]!.ack).toMatchObject({ code: 'AE', errorCode: '204' });
    expect(r.events[0]).toMatchObject({ outcome: 'rejected', ackCode: 'AE', orderId: unknown });
    expect(await db.knex('lab_result_messages').where({ order_id: unknown })).toEqual([]);
    expect(await db.knex('lab_results').where({ order_id: unknown })).toEqual([]);
    expect(await db.knex('outbox').where({ team_id: t.teamId })).toEqual([]);
  });

  it('a duplicate message is applied once, also by a listener that never saw it (durable record)', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    const r = await rig('normal');
    await send(r, t, orderId);
    const outboxBefore = await db
      .knex('outbox')
      .where({ team_id: t.teamId })
      .count<{ n: string }[]>({ n: '*' });

    const copy = await r.simulator.resend(r.simulator.results[0]!);
    expect(copy.ack?.code).toBe('AA');
    // A restarted listener (empty memory) answers from the database.
    const fresh = await rig('normal');
    const handler = createLabResultHandler({ db: db.knex });
    expect(await handler.isAlreadyApplied(r.events[0]!.idempotencyKey!)).toBe(true);
    const client = new MllpClient({ host: '127.0.0.1', port: fresh.listenerPort });
    const ack = await client.request(r.simulator.results[0]!.text).finally(() => client.close());
    expect(ack).toMatch(/MSA\|AA\|/);
    expect(fresh.outcomes).toEqual([]);

    expect(await db.knex('lab_result_messages').where({ order_id: orderId })).toHaveLength(1);
    expect(await db.knex('outbox').where({ team_id: t.teamId }).count<{ n: string }[]>({ n: '*' })).toEqual(
      outboxBefore,
    );
    expect(await statuses(orderId)).toHaveLength(2);
    expect(await samples(t, 'cholesterol')).toHaveLength(4);
  });

  it('a failure mid-way leaves nothing half-written; the lab resend then applies it whole', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    // Fail the transaction after the report rows are written: recording the message raises.
    await db.knex.raw(`
      create or replace function lab_results_test_fail() returns trigger language plpgsql as
        $$ begin raise exception 'injected failure'; end $$;
      create trigger lab_results_test_fail before insert on lab_result_messages
        for each row execute function lab_results_test_fail();
    `);
    const r = await rig('critical');
    try {
      await send(r, t, orderId);
    } finally {
      await db.knex.raw('drop trigger lab_results_test_fail on lab_result_messages');
    }
    expect(r.simulator.results[0]!.ack).toMatchObject({ code: 'AE', errorCode: '207' });
    expect(await order(orderId)).toMatchObject({ status_low: 'draw_completed', interpretation: null });
    expect(await report(orderId)).toBeUndefined();
    expect(await biomarkers(orderId)).toEqual([]);
    expect(await statuses(orderId)).toHaveLength(1);
    expect(await db.knex('outbox').where({ team_id: t.teamId })).toEqual([]);
    expect(await samples(t, 'cholesterol')).toEqual([]);

    const resent = await r.simulator.resend(r.simulator.results[0]!);
    expect(resent.ack?.code).toBe('AA');
    expect(await order(orderId)).toMatchObject({ status_low: 'completed', interpretation: 'critical' });
    expect(await outbox(t, 'labtest.result.critical')).toHaveLength(1);
    expect(await samples(t, 'cholesterol')).toHaveLength(4);
  });
});

describe('test kits', () => {
  it('results for a kit still in transit pass through delivered_to_lab (the lab has the sample)', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    await db.knex('lab_orders').where({ id: orderId }).update({
      collection_method: 'testkit',
      status_top: 'collecting_sample',
      status_low: 'transit_lab',
    });
    const r = await rig('normal');
    await send(r, t, orderId);
    expect(r.simulator.results.map((s) => s.ack?.code)).toEqual(['AA']);
    expect(await order(orderId)).toMatchObject({ status_low: 'completed', status_top: 'completed' });
    expect((await statuses(orderId)).slice(-2)).toEqual([
      'sample_with_lab.testkit.delivered_to_lab',
      'completed.testkit.completed',
    ]);
  });
});

describe('submitOrderToLab', () => {
  it('orders by the lab codes by default; a refused send is recorded and a retry reuses its control id', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    const r = await rig('normal');
    const args = { teamId: t.teamId, environment: t.environment, orderId, now: new Date() };
    // The simulator knows LOINC orderables only: the compendium codes (LBC-001...) are refused.
    await expect(submitOrderToLab(db.knex, { adapterFor: () => r.adapter }, args)).rejects.toMatchObject({
      name: 'LabOrderRejectedError',
      reason: 'unknown test code LBC-001',
    });
    const first = await db.knex('lab_order_submissions').where({ order_id: orderId }).first();
    // Recorded as refused, with the lab's reason (the gateway does not resend it); sent again on purpose
    // (the order fixed), it goes out under the same control id.
    expect(first).toMatchObject({
      state: 'rejected',
      rejection_code: 'AE',
      rejection_reason: 'unknown test code LBC-001',
      attempts: 1,
      lab_slug: 'labcorp',
      accession_number: null,
    });

    const submission = await submitOrderToLab(
      db.knex,
      { adapterFor: () => r.adapter, testCoding: 'loinc' },
      args,
    );
    expect(submission.messageControlId).toBe(first.message_control_id);
    expect(r.simulator.orders.map((o) => o.controlId)).toEqual([first.message_control_id]);
    expect(r.simulator.orders[0]!.pidFields[7]).toBe('19850412');
    expect(await db.knex('lab_order_submissions').where({ order_id: orderId }).first()).toMatchObject({
      state: 'accepted',
      attempts: 2,
      rejected_at: null,
    });
    // Already accepted: answered from the record, nothing sent again.
    expect(
      await submitOrderToLab(db.knex, { adapterFor: () => r.adapter, testCoding: 'loinc' }, args),
    ).toMatchObject({
      messageControlId: first.message_control_id,
      accessionNumber: submission.accessionNumber,
    });
    expect(r.simulator.orders).toHaveLength(1);
    await r.simulator.whenIdle();
  });

  it('refuses an order of another tenant and a lab without an order interface', async () => {
    const t = await tenant();
    const other = await tenant();
    const orderId = await insertOrder(t);
    const r = await rig('normal');
    await expect(
      submitOrderToLab(
        db.knex,
        { adapterFor: () => r.adapter },
        { teamId: other.teamId, environment: 'sandbox', orderId, now: new Date() },
      ),
    ).rejects.toMatchObject({ kind: 'not_found' });
    await expect(
      submitOrderToLab(
        db.knex,
        { adapterFor: () => undefined },
        { teamId: t.teamId, environment: 'sandbox', orderId, now: new Date() },
      ),
    ).rejects.toMatchObject({ errorType: 'lab_unavailable' });
    expect(r.simulator.orders).toEqual([]);
  });
});

describe('applyLabResultMessage on its own', () => {
  async function reportOf(t: Tenant, orderId: string, scenario: LabScenario = 'normal') {
    const captured: LabResultMessage[] = [];
    const capture = new Hl7ResultListener({
      apply: async (m) => void captured.push(m),
      labTimeZone: 'UTC',
      host: '127.0.0.1',
      port: 0,
    });
    const { port } = await capture.listen();
    const sim = new LabSimulator({
      resultsEndpoint: { host: '127.0.0.1', port },
      scenario,
      host: '127.0.0.1',
      port: 0,
    });
    const { port: simPort } = await sim.listen();
    const adapter = new Hl7LabAdapter({ host: '127.0.0.1', port: simPort, processingId: 'T' });
    rigs.push({ listener: capture, simulator: sim, adapter, events: [], outcomes: [], listenerPort: port });
    await submitOrderToLab(
      db.knex,
      { adapterFor: () => adapter, testCoding: 'loinc' },
      { teamId: t.teamId, environment: t.environment, orderId, now: new Date() },
    );
    await sim.whenIdle();
    return captured;
  }

  it('a rejected specimen fails the order with a status detail and stores no report', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    const [message] = await reportOf(t, orderId);
    const rejected: LabResultMessage = {
      ...message!,
      idempotencyKey: 'SIMLAB|SIMLAB|rejected-1',
      resultStatus: 'cancelled',
      results: [],
      missingResults: [
        {
          testCode: '2093-3',
          setId: null,
          code: '2093-3',
          codeSystem: 'LN',
          name: 'Cholesterol',
          loinc: '2093-3',
          failureType: 'collection_process_failure',
          note: 'Specimen hemolyzed; please redraw',
        },
      ],
    };
    const outcome = await applyLabResultMessage(db.knex, rejected, { now: new Date() });
    expect(outcome).toMatchObject({ outcome: 'applied', appliedAs: 'sample_error' });
    expect(await order(orderId)).toMatchObject({
      status_top: 'failed',
      status_low: 'sample_error',
      status_detail: 'sample_hemolyzed',
    });
    expect(await report(orderId)).toBeUndefined();
    const [event] = await outbox(t, 'labtest.order.updated');
    expect(event!.data.last_event).toMatchObject({
      status: 'failed.at_home_phlebotomy.sample_error',
      status_detail: 'sample_hemolyzed',
    });
  });

  it('refuses results the order cannot take, test results on a production order, and another patient', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    const [message] = await reportOf(t, orderId);
    const base = { ...message!, idempotencyKey: 'SIMLAB|SIMLAB|x' };

    const scheduled = await insertOrder(t, 'appointment_scheduled');
    await expect(
      applyLabResultMessage(db.knex, { ...base, orderId: scheduled }, { now: new Date() }),
    ).rejects.toMatchObject({ name: 'Hl7MessageError', ackCode: 'AE', location: 'OBR-25' });

    const other = await insertOrder(t);
    await expect(
      applyLabResultMessage(
        db.knex,
        { ...base, orderId: other, patient: { ...base.patient, dob: '1990-01-01' } },
        { now: new Date() },
      ),
    ).rejects.toMatchObject({ ackCode: 'AE', location: 'PID-7' });

    const prod = await tenant('production');
    const prodOrder = await insertOrder(prod);
    await expect(
      applyLabResultMessage(db.knex, { ...base, orderId: prodOrder }, { now: new Date() }),
    ).rejects.toMatchObject({ ackCode: 'AE', errorCode: '202', location: 'MSH-11' });

    for (const id of [scheduled, other, prodOrder]) {
      expect(await db.knex('lab_result_messages').where({ order_id: id })).toEqual([]);
      expect(await report(id)).toBeUndefined();
    }
    // A production result (MSH-11 P) is taken.
    expect(
      await applyLabResultMessage(
        db.knex,
        { ...base, orderId: prodOrder, processingId: 'P' },
        { now: new Date() },
      ),
    ).toMatchObject({ outcome: 'applied', status: 'completed.at_home_phlebotomy.completed' });
  });

  it('a late preliminary report after the final one changes nothing', async () => {
    const t = await tenant();
    const orderId = await insertOrder(t);
    const [message] = await reportOf(t, orderId);
    await applyLabResultMessage(db.knex, message!, { now: new Date() });
    const before = await biomarkers(orderId);
    const late: LabResultMessage = {
      ...message!,
      idempotencyKey: 'SIMLAB|SIMLAB|late',
      resultStatus: 'preliminary',
      results: message!.results.map((o) => ({ ...o, value: 1, result: '1', status: 'preliminary' })),
    };
    expect(await applyLabResultMessage(db.knex, late, { now: new Date() })).toMatchObject({
      appliedAs: 'ignored',
      status: 'completed.at_home_phlebotomy.completed',
    });
    expect(await biomarkers(orderId)).toEqual(before);
    expect(await applyLabResultMessage(db.knex, late, { now: new Date() })).toEqual({
      outcome: 'duplicate',
      orderId,
    });
  });
});
