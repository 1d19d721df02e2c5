import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import {
  createUser,
  heartRates,
  outboxCounts,
  push,
  pushTestApp,
  sampleCount,
  seedTenant,
  signIn,
  stepCounts,
  type PushTestApp,
} from './sdk-push.test-fixtures';

/**
 * One resource that cannot be stored (a storage error, here a trigger refusing step samples) must not block
 * the others, must leave its anchor where it was, and must be stored when the app sends the batch again.
 */

const NOW = new Date('2026-11-20T12:00:00.000Z');
const DAY_MS = 86_400_000;

interface ResultBody {
  resource: string;
  status: string;
  acknowledged_anchor: string | null;
  samples_created: number;
  error: { type: string; message: string } | null;
}
const byResource = (body: unknown) =>
  Object.fromEntries((body as { results: ResultBody[] }).results.map((r) => [r.resource, r]));

describe('push: per-resource failure isolation', () => {
  let db: TestDatabase;
  let t: PushTestApp;
  /** The table samples are stored in: the partitioned `samples` (its series name the resource), or the older `timeseries_samples`. */
  let sampleTable: 'samples' | 'timeseries_samples';

  beforeAll(async () => {
    db = await createTestDatabase();
    t = pushTestApp(db.knex, { now: NOW });
    const partitioned = await db.knex.raw<{ rows: { found: boolean }[] }>(
      `select to_regclass('public.sample_series') is not null as found`,
    );
    sampleTable = partitioned.rows[0]!.found ? 'samples' : 'timeseries_samples';
    const isSteps =
      sampleTable === 'samples'
        ? `exists (select 1 from sample_series s where s.user_id = new.user_id and s.id = new.series and s.resource = 'steps')`
        : `new.resource = 'steps'`;
    await db.knex.raw(`
      create function refuse_steps() returns trigger language plpgsql as $$
      begin
        if ${isSteps} then raise exception 'disk full (simulated)'; end if;
        return new;
      end $$;
      create trigger refuse_steps before insert on ${sampleTable} for each row execute function refuse_steps();
    `);
  });
  afterAll(() => db.destroy());

  it('stores the other resources, reports the failed one, and stores it on resend', async () => {
    const tenant = await seedTenant(db.knex);
    const userId = await createUser(t.app, tenant.sandboxKey);
    const d = await signIn(t.app, tenant.sandboxKey, userId);
    const steps0 = await push(t.app, d.accessToken, {
      batch_id: 'iso-0',
      resources: [{ resource: 'steps', anchor: 'steps-0', records: [] }],
    });
    expect(byResource(steps0.body).steps!.status).toBe('no_new_data');

    const batch = {
      batch_id: 'iso-1',
      resources: [
        { resource: 'steps', anchor: 'steps-1', records: stepCounts(new Date(NOW.getTime() - DAY_MS), 6) },
        { resource: 'heartrate', anchor: 'hr-1', records: heartRates(new Date(NOW.getTime() - DAY_MS), 8) },
      ],
    };
    const res = await push(t.app, d.accessToken, batch);
    expect(res.status).toBe(200);
    const r = byResource(res.body);
    expect(r.heartrate).toMatchObject({ status: 'stored', samples_created: 8, acknowledged_anchor: 'hr-1' });
    expect(r.steps).toMatchObject({
      status: 'failed',
      acknowledged_anchor: 'steps-0',
      samples_created: 0,
      error: { type: 'storage_error', message: expect.any(String) },
    });
    expect(JSON.stringify(r.steps)).not.toMatch(/disk full|insert|timeseries_samples/);
    expect(await sampleCount(db.knex, userId, 'heartrate')).toBe(8);
    expect(await sampleCount(db.knex, userId, 'steps')).toBe(0);

    const checkpoint = await db
      .knex('sdk_sync_checkpoints')
      .where({ device_id: d.deviceId, resource: 'steps' })
      .first();
    expect(checkpoint).toMatchObject({
      anchor: 'steps-0',
      last_error_type: 'storage_error',
      last_batch_id: 'iso-1',
    });
    // The steps history closed with the first (empty) push; heartrate's now.
    const events = await outboxCounts(db.knex, userId);
    expect(events['historical.data.heartrate.created']).toBe(1);
    expect(events['historical.data.steps.created']).toBe(1);
    expect(events['provider.connection.created']).toBe(1);
    // Not kept for replay: the resend is processed again.
    expect(
      await db.knex('sdk_push_batches').where({ device_id: d.deviceId, batch_id: 'iso-1' }),
    ).toHaveLength(0);

    await db.knex.raw(`drop trigger refuse_steps on ${sampleTable}`);
    const again = await push(t.app, d.accessToken, batch);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const r2 = byResource(again.body);
    expect(r2.steps).toMatchObject({
      status: 'stored',
      samples_created: 6,
      acknowledged_anchor: 'steps-1',
      error: null,
    });
    expect(r2.heartrate).toMatchObject({ status: 'no_new_data', samples_created: 0 });
    const cleared = await db
      .knex('sdk_sync_checkpoints')
      .where({ device_id: d.deviceId, resource: 'steps' })
      .first();
    expect(cleared).toMatchObject({ anchor: 'steps-1', last_error_type: null, records_stored: 6 });
    // Steps' history was closed by the first (empty) push: the stored steps are daily data; heartrate adds nothing.
    const after = await outboxCounts(db.knex, userId);
    expect(after['daily.data.steps.created']).toBe(1);
    expect(after['daily.data.heartrate.created']).toBeUndefined();
    expect(after['historical.data.heartrate.created']).toBe(1);
    expect(after['historical.data.steps.created']).toBe(1);
    expect(after['provider.connection.created']).toBe(1);
  });
});
