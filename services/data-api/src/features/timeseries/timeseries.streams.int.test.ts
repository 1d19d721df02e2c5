import request from 'supertest';
import { newId, timeseriesBySlug, WORKOUT_STREAM_KEYS } from '@meridian/domain';
import type { Knex } from '@meridian/db';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';
import { insertSamples, insertUser, sampleOf } from './timeseries.test-fixtures';

/** GET /v2/timeseries/sleep/{sleep_id}/stream and /workouts/{workout_id}/stream. */
describe('sleep and workout streams', () => {
  let h: DataApiHarness;
  let team: SeededTeam;
  let userId: string;
  const spec = (slug: string) => timeseriesBySlug(slug)!;

  async function insertSummary(
    knex: Knex,
    user: string,
    kind: string,
    opts: { provider?: string; start?: string; end?: string } = {},
  ): Promise<string> {
    const id = newId();
    await knex('summaries').insert({
      id,
      user_id: user,
      kind,
      provider: opts.provider ?? 'oura',
      source_type: 'ring',
      provider_summary_id: id,
      calendar_date: '2026-03-01',
      start_at: opts.start ?? '2026-03-01T22:00:00Z',
      end_at: opts.end ?? '2026-03-02T06:00:00Z',
      payload: JSON.stringify({}),
    });
    return id;
  }

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    userId = await insertUser(h.db.knex, team.teamId);
  }, 30_000);
  afterAll(() => h.close());

  const get = (path: string, key = team.apiKeys.sandbox) =>
    request(h.app).get(`/v2/timeseries/${path}`).set('x-service-api-key', key);

  describe('sleep', () => {
    let sleepId: string;
    beforeAll(async () => {
      sleepId = await insertSummary(h.db.knex, userId, 'sleep');
      await insertSamples(h.db.knex, userId, [
        sampleOf(spec('heartrate'), '2026-03-01T21:59:59Z', { value: 1 }), // before the sleep
        sampleOf(spec('heartrate'), '2026-03-01T22:00:00Z', { value: 52, timezone_offset: 3600 }),
        sampleOf(spec('heartrate'), '2026-03-02T01:00:00Z', { value: 48, source_type: 'ring' }),
        sampleOf(spec('heartrate'), '2026-03-02T01:00:00Z', { value: 2, provider: 'garmin' }), // other provider
        sampleOf(spec('heartrate'), '2026-03-02T06:00:00Z', { value: 3 }), // at the end: excluded
        sampleOf(spec('hrv'), '2026-03-02T02:00:00Z', { value: 41 }),
        sampleOf(spec('hypnogram'), '2026-03-01T23:00:00Z', { value: 1, end: '2026-03-01T23:30:00Z' }),
        sampleOf(spec('steps'), '2026-03-02T01:00:00Z', { value: 9 }), // not a sleep stream resource
      ]);
    });

    it('the samples of the sleep window and provider, per series; a series without samples is null', async () => {
      const res = await get(`sleep/${sleepId}/stream`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        hrv: [
          {
            id: null,
            timezone_offset: null,
            type: null,
            unit: 'ms',
            timestamp: '2026-03-02T02:00:00+00:00',
            value: 41,
          },
        ],
        heartrate: [
          {
            id: null,
            timezone_offset: 3600,
            type: null,
            unit: 'bpm',
            timestamp: '2026-03-01T23:00:00+01:00',
            value: 52,
          },
          {
            id: null,
            timezone_offset: null,
            type: null,
            unit: 'bpm',
            timestamp: '2026-03-02T01:00:00+00:00',
            value: 48,
          },
        ],
        hypnogram: [
          {
            id: null,
            timezone_offset: null,
            type: null,
            unit: 'stage',
            timestamp: '2026-03-01T23:00:00+00:00',
            start: '2026-03-01T23:00:00+00:00',
            end: '2026-03-01T23:30:00+00:00',
            value: 1,
          },
        ],
        respiratory_rate: null,
      });
    });

    it('a sleep without samples has every series null', async () => {
      const empty = await insertSummary(h.db.knex, userId, 'sleep', {
        start: '2025-01-01T22:00:00Z',
        end: '2025-01-02T06:00:00Z',
      });
      const res = await get(`sleep/${empty}/stream`);
      expect(res.body).toEqual({ hrv: null, heartrate: null, hypnogram: null, respiratory_rate: null });
    });

    it("another team's or environment's sleep, a deleted user's, a non-sleep summary, an unknown id → 404", async () => {
      const org = await seedOrg(h.db.knex);
      const otherTeam = await seedTeam(h.db.knex, org.orgId);
      const ids = [
        await insertSummary(h.db.knex, await insertUser(h.db.knex, otherTeam.teamId), 'sleep'),
        await insertSummary(
          h.db.knex,
          await insertUser(h.db.knex, team.teamId, { environment: 'production' }),
          'sleep',
        ),
        await insertSummary(h.db.knex, await insertUser(h.db.knex, team.teamId, { deleted: true }), 'sleep'),
        await insertSummary(h.db.knex, userId, 'workouts'),
        newId(),
      ];
      for (const id of ids) {
        const res = await get(`sleep/${id}/stream`);
        expect({ id, status: res.status }).toEqual({ id, status: 404 });
        expect(res.body.detail.error_type).toBe('not_found');
      }
    });

    it('a malformed id → 422', async () => {
      const res = await get('sleep/nope/stream');
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['path', 'sleep_id'], type: 'uuid_parsing' });
    });
  });

  describe('workout', () => {
    async function insertStream(user: string, payload: Record<string, unknown>): Promise<string> {
      const workoutId = await insertSummary(h.db.knex, user, 'workouts');
      await h.db
        .knex('workout_streams')
        .insert({ workout_id: workoutId, user_id: user, payload: JSON.stringify(payload) });
      return workoutId;
    }

    it('the stored series; series the provider did not send are null', async () => {
      const id = await insertStream(userId, {
        time: [0, 1, 2],
        heartrate: [120, 122, 125],
        lat: [52.5, 52.50001, 52.50002],
        lng: null,
      });
      const res = await get(`workouts/${id}/stream`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        time: [0, 1, 2],
        cadence: null,
        altitude: null,
        velocity_smooth: null,
        heartrate: [120, 122, 125],
        lat: [52.5, 52.50001, 52.50002],
        lng: null,
        distance: null,
        power: null,
        resistance: null,
        temperature: null,
      });
    });

    it('a workout of the team without a stored stream has every series null', async () => {
      const id = await insertSummary(h.db.knex, userId, 'workouts');
      const res = await get(`workouts/${id}/stream`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(Object.fromEntries(WORKOUT_STREAM_KEYS.map((key) => [key, null])));
    });

    it("another team's or environment's workout, a deleted user's, a non-workout summary, an unknown id → 404", async () => {
      const org = await seedOrg(h.db.knex);
      const otherTeam = await seedTeam(h.db.knex, org.orgId);
      const ids = [
        await insertStream(await insertUser(h.db.knex, otherTeam.teamId), { time: [0] }),
        await insertSummary(h.db.knex, await insertUser(h.db.knex, otherTeam.teamId), 'workouts'),
        await insertSummary(
          h.db.knex,
          await insertUser(h.db.knex, team.teamId, { environment: 'production' }),
          'workouts',
        ),
        await insertStream(await insertUser(h.db.knex, team.teamId, { deleted: true }), { time: [0] }),
        await insertSummary(h.db.knex, userId, 'sleep'),
        newId(),
      ];
      for (const id of ids) {
        const res = await get(`workouts/${id}/stream`);
        expect({ id, status: res.status }).toEqual({ id, status: 404 });
        expect(res.body.detail.error_type).toBe('not_found');
      }
    });
  });
});
