import request from 'supertest';
import type { Express } from 'express';
import { timeseriesBySlug } from '@meridian/domain';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';
import { createTimeseriesTestApp, insertSamples, insertUser, sampleOf } from './timeseries.test-fixtures';

/** GET /v2/timeseries/{user_id}/{slug} (legacy): bare sample arrays, no groups, no cursor. */
describe('legacy ungrouped timeseries', () => {
  let h: DataApiHarness;
  let team: SeededTeam;
  let userId: string;
  const spec = (slug: string) => timeseriesBySlug(slug)!;

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    userId = await insertUser(h.db.knex, team.teamId);
    await insertSamples(h.db.knex, userId, [
      sampleOf(spec('heartrate'), '2026-03-01T08:00:00Z', {
        provider: 'oura',
        value: 60,
        timezone_offset: 7200,
      }),
      sampleOf(spec('heartrate'), '2026-03-01T08:00:00Z', { provider: 'garmin', value: 61 }),
      sampleOf(spec('heartrate'), '2026-03-01T09:00:00Z', { provider: 'oura', value: 62 }),
      sampleOf(spec('heartrate'), '2026-03-05T09:00:00Z', { provider: 'oura', value: 63 }),
      ...['total', 'ldl', 'hdl', 'triglycerides'].map((type, i) =>
        sampleOf(spec('cholesterol'), '2026-03-01T07:00:00Z', {
          provider: 'quest',
          source_type: 'lab',
          type,
          value: i + 1,
        }),
      ),
      sampleOf(spec('body_weight'), '2026-03-01T07:00:00Z', { provider: 'withings', value: 72.4 }),
      sampleOf(spec('blood_pressure'), '2026-03-01T07:00:00Z', { provider: 'omron' }),
    ]);
  }, 30_000);
  afterAll(() => h.close());

  const get = (path: string, query: Record<string, string>, app: Express = h.app) =>
    request(app)
      .get(`/v2/timeseries/${userId}/${path}`)
      .query(query)
      .set('x-service-api-key', team.apiKeys.sandbox);

  it('a flat array of samples in sort order', async () => {
    const res = await get('heartrate', { start_date: '2026-03-01', end_date: '2026-03-02' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: null,
        timezone_offset: null,
        type: null,
        unit: 'bpm',
        timestamp: '2026-03-01T08:00:00+00:00',
        value: 61,
      },
      {
        id: null,
        timezone_offset: 7200,
        type: null,
        unit: 'bpm',
        timestamp: '2026-03-01T10:00:00+02:00',
        value: 60,
      },
      {
        id: null,
        timezone_offset: null,
        type: null,
        unit: 'bpm',
        timestamp: '2026-03-01T09:00:00+00:00',
        value: 62,
      },
    ]);
  });

  it('provider filter; an unknown provider gives an empty array', async () => {
    const res = await get('heartrate', { start_date: '2026-03-01', provider: 'oura' });
    expect(res.body.map((s: { value: number }) => s.value)).toEqual([60, 62, 63]);
    expect((await get('heartrate', { start_date: '2026-03-01', provider: 'nope' })).body).toEqual([]);
  });

  it('cholesterol returns every type; cholesterol/{type} only that one', async () => {
    const all = await get('cholesterol', { start_date: '2026-03-01' });
    expect(all.body.map((s: { type: string }) => s.type).sort()).toEqual([
      'hdl',
      'ldl',
      'total',
      'triglycerides',
    ]);
    for (const [type, value] of [
      ['total', 1],
      ['ldl', 2],
      ['hdl', 3],
      ['triglycerides', 4],
    ] as const) {
      const res = await get(`cholesterol/${type}`, { start_date: '2026-03-01' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([expect.objectContaining({ type, value, unit: 'mmol/L' })]);
    }
  });

  it('body_weight reads the `weight` resource; blood_pressure has systolic/diastolic', async () => {
    expect((await get('body_weight', { start_date: '2026-03-01' })).body).toEqual([
      expect.objectContaining({ unit: 'kg', value: 72.4 }),
    ]);
    expect((await get('blood_pressure', { start_date: '2026-03-01' })).body).toEqual([
      expect.objectContaining({ unit: 'mmHg', systolic: 120, diastolic: 80 }),
    ]);
  });

  it('returns at most the configured maximum, oldest first', async () => {
    const app = createTimeseriesTestApp(h.db.knex, { legacyMaxSamples: 2 });
    const res = await get('heartrate', { start_date: '2026-03-01' }, app);
    expect(res.body.map((s: { value: number }) => s.value)).toEqual([61, 60]);
  });

  it('a slug without a legacy read, or an unknown cholesterol type, is 404', async () => {
    for (const path of ['note', 'steps_total', 'cholesterol/vldl']) {
      const res = await get(path, { start_date: '2026-03-01' });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });

  it('date rules and tenancy as the grouped read', async () => {
    const bad = await get('heartrate', { start_date: '2026-03-02', end_date: '2026-03-01' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['query', 'end_date'], type: 'value_error' });
    const org = await seedOrg(h.db.knex);
    const other = await seedTeam(h.db.knex, org.orgId);
    const res = await request(h.app)
      .get(`/v2/timeseries/${userId}/heartrate`)
      .query({ start_date: '2026-03-01' })
      .set('x-service-api-key', other.apiKeys.sandbox);
    expect(res.status).toBe(404);
  });
});
