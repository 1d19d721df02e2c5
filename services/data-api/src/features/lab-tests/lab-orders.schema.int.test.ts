import { newId, type Environment } from '@meridian/domain';
import { seedOrg, seedTeam, createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { ensureSandboxCatalogue } from './sandbox-catalogue';

/**
 * The order tables the orders step builds on (migration 20261127010000): tenant-consistent references,
 * one active appointment per order, bounded values, and erasure with the user and the team.
 */
describe('lab order tables', () => {
  let db: TestDatabase;
  let orgId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    orgId = (await seedOrg(db.knex)).orgId;
  });
  afterAll(() => db.destroy());

  async function tenant(environment: Environment = 'sandbox') {
    const { teamId } = await seedTeam(db.knex, orgId);
    await ensureSandboxCatalogue(db.knex, { teamId, environment: 'sandbox' }, new Date());
    const labTestId = (await db.knex('lab_tests').where({ team_id: teamId }).first('id'))!.id as string;
    const userId = newId();
    await db
      .knex('users')
      .insert({ id: userId, team_id: teamId, environment, client_user_id: `c-${userId}` });
    return { teamId, environment, labTestId, userId };
  }

  type Tenant = Awaited<ReturnType<typeof tenant>>;

  const orderRow = (t: Tenant, extra: Record<string, unknown> = {}) => ({
    id: newId(),
    team_id: t.teamId,
    environment: t.environment,
    user_id: t.userId,
    lab_test_id: t.labTestId,
    collection_method: 'at_home_phlebotomy',
    status_top: 'received',
    status_low: 'ordered',
    status_changed_at: new Date(),
    details_id: newId(),
    patient_first_name: 'Ada',
    patient_last_name: 'Lovelace',
    patient_dob: '1990-01-02',
    patient_details: JSON.stringify({ gender: 'female' }),
    patient_address: JSON.stringify({ first_line: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' }),
    ...extra,
  });

  const appointmentRow = (
    t: Tenant,
    orderId: string,
    status: string,
    extra: Record<string, unknown> = {},
  ) => ({
    id: newId(),
    order_id: orderId,
    team_id: t.teamId,
    environment: t.environment,
    user_id: t.userId,
    type: 'phlebotomy',
    service_type: 'appointment-ready',
    provider: 'getlabs',
    provider_id: 'getlabs',
    status,
    event_status: status === 'confirmed' ? 'scheduled' : status,
    address: JSON.stringify({ first_line: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78701' }),
    location_lng: -97.74,
    location_lat: 30.27,
    start_at: status === 'pending' ? null : new Date('2026-12-01T15:00:00Z'),
    end_at: status === 'pending' ? null : new Date('2026-12-01T15:30:00Z'),
    ...extra,
  });

  it('an order references a lab test of its own team environment only', async () => {
    const a = await tenant();
    const b = await tenant();
    await db.knex('lab_orders').insert(orderRow(a));
    await expect(db.knex('lab_orders').insert(orderRow({ ...a, labTestId: b.labTestId }))).rejects.toThrow(
      /foreign key/,
    );
    const prod = await tenant('production');
    // The sandbox lab test of the same team is not the production environment's.
    await expect(db.knex('lab_orders').insert(orderRow(prod))).rejects.toThrow(/foreign key/);
  });

  it('events of an order ascend and stay with their tenant', async () => {
    const a = await tenant();
    const b = await tenant();
    const order = orderRow(a);
    await db.knex('lab_orders').insert(order);
    const ids: number[] = [];
    for (const status of [
      'received.at_home_phlebotomy.ordered',
      'received.at_home_phlebotomy.requisition_created',
    ]) {
      const [row] = await db
        .knex('lab_order_events')
        .insert({ order_id: order.id, team_id: a.teamId, environment: 'sandbox', status })
        .returning('id');
      ids.push(Number(row.id));
    }
    expect(ids[1]).toBeGreaterThan(ids[0]!);
    await expect(
      db.knex('lab_order_events').insert({
        order_id: order.id,
        team_id: b.teamId,
        environment: 'sandbox',
        status: 'received.at_home_phlebotomy.ordered',
      }),
    ).rejects.toThrow(/foreign key/);
  });

  it('allows one active appointment per order; cancelled ones stay alongside', async () => {
    const a = await tenant();
    const order = orderRow(a);
    await db.knex('lab_orders').insert(order);
    const first = appointmentRow(a, order.id, 'pending');
    await db.knex('lab_appointments').insert(first);
    await expect(
      db.knex('lab_appointments').insert(appointmentRow(a, order.id, 'confirmed')),
    ).rejects.toThrow(/lab_appointments_one_active_uq/);
    await db
      .knex('lab_appointments')
      .where({ id: first.id })
      .update({ status: 'cancelled', event_status: 'cancelled' });
    await db.knex('lab_appointments').insert(appointmentRow(a, order.id, 'confirmed'));
    expect(
      await db.knex('lab_appointments').where({ order_id: order.id }).count<{ n: string }[]>({ n: '*' }),
    ).toEqual([{ n: 2 }]);
    // A confirmed appointment has a time; a pending one may not.
    await expect(
      db
        .knex('lab_appointments')
        .insert(appointmentRow(a, order.id, 'completed', { start_at: null, end_at: null })),
    ).rejects.toThrow(/check constraint/);
  });

  it('bounds values: statuses, text lengths, idempotency states', async () => {
    const a = await tenant();
    await expect(db.knex('lab_orders').insert(orderRow(a, { status_low: 'shipped' }))).rejects.toThrow(
      /check/,
    );
    await expect(db.knex('lab_orders').insert(orderRow(a, { notes: 'x'.repeat(4001) }))).rejects.toThrow(
      /check/,
    );
    await expect(
      db.knex('lab_orders').insert(orderRow(a, { shipment: JSON.stringify({ id: newId() }) })),
    ).rejects.toThrow(/check/);
    const key = {
      team_id: a.teamId,
      environment: 'sandbox',
      request_hash: 'a'.repeat(64),
      expires_at: new Date(),
    };
    await expect(
      db.knex('lab_order_idempotency_keys').insert({ ...key, key: 'k1', state: 'processing' }),
    ).rejects.toThrow(/check/);
    await expect(
      db.knex('lab_order_idempotency_keys').insert({ ...key, key: 'k2', state: 'completed' }),
    ).rejects.toThrow(/check/);
    await db
      .knex('lab_order_idempotency_keys')
      .insert({ ...key, key: 'k3', state: 'processing', claimed_until: new Date() });
    await expect(
      db
        .knex('lab_order_idempotency_keys')
        .insert({ ...key, key: 'k3', state: 'processing', claimed_until: new Date() }),
    ).rejects.toThrow(/duplicate key/);
  });

  it('erases everything of a user with the user, and everything of a team with the team', async () => {
    const a = await tenant();
    const order = orderRow(a);
    await db.knex('lab_orders').insert(order);
    const tenantKeys = { order_id: order.id, team_id: a.teamId, environment: 'sandbox' };
    await db
      .knex('lab_order_events')
      .insert({ ...tenantKeys, status: 'received.at_home_phlebotomy.ordered' });
    const appointment = appointmentRow(a, order.id, 'confirmed');
    await db.knex('lab_appointments').insert(appointment);
    await db.knex('lab_appointment_events').insert({
      appointment_id: appointment.id,
      team_id: a.teamId,
      environment: 'sandbox',
      status: 'scheduled',
    });
    await db.knex('lab_results').insert({ ...tenantKeys, status: 'final', metadata: JSON.stringify({}) });
    await db.knex('lab_biomarker_results').insert({
      order_id: order.id,
      position: 0,
      name: 'Glucose',
      slug: 'glucose',
      value: 92,
      result: '92',
      type: 'numeric',
      loinc: '2345-7',
    });
    await db.knex('lab_missing_results').insert({
      order_id: order.id,
      position: 0,
      name: 'HDL cholesterol',
      slug: 'hdl-cholesterol',
      inferred_failure_type: 'insufficient_volume',
    });
    await db.knex('lab_order_idempotency_keys').insert({
      team_id: a.teamId,
      environment: 'sandbox',
      key: 'k',
      request_hash: 'b'.repeat(64),
      state: 'completed',
      response_status: 200,
      response_body: JSON.stringify({ order: { id: order.id } }),
      user_id: a.userId,
      expires_at: new Date(),
    });
    const tables = [
      'lab_orders',
      'lab_order_events',
      'lab_appointments',
      'lab_appointment_events',
      'lab_results',
      'lab_biomarker_results',
      'lab_missing_results',
    ];
    const countOf = async (table: string) =>
      Number(
        (
          await db
            .knex(table)
            .where(table.startsWith('lab_appointment_events') ? { appointment_id: appointment.id } : {})
            .where((q) => {
              if (table === 'lab_orders') void q.where({ id: order.id });
              else if (table !== 'lab_appointment_events') void q.where({ order_id: order.id });
            })
            .count<{ n: string }[]>({ n: '*' })
        )[0]!.n,
      );
    for (const table of tables) expect([table, await countOf(table)]).toEqual([table, 1]);
    await db.knex('users').where({ id: a.userId }).del();
    for (const table of tables) expect([table, await countOf(table)]).toEqual([table, 0]);
    expect(await db.knex('lab_order_idempotency_keys').where({ team_id: a.teamId })).toEqual([]);

    const b = await tenant();
    await db.knex('lab_orders').insert(orderRow(b));
    await db.knex('teams').where({ id: b.teamId }).del();
    expect(await db.knex('lab_orders').where({ team_id: b.teamId })).toEqual([]);
    expect(await db.knex('lab_tests').where({ team_id: b.teamId })).toEqual([]);
  });
});
