import request from 'supertest';
import { TIMESERIES, timeseriesBySlug } from '@meridian/domain';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';
import { insertSamples, insertUser, sampleOf } from './timeseries.test-fixtures';

/** GET /v2/timeseries/{user_id}/{slug}/grouped: shapes, bounds, filters, grouping, errors, tenancy. */
describe('grouped timeseries', () => {
  let h: DataApiHarness;
  let team: SeededTeam;
  let key: string;

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    key = team.apiKeys.sandbox;
  }, 30_000);
  afterAll(() => h.close());

  const grouped = (userId: string, slug: string, query: Record<string, string>) =>
    request(h.app)
      .get(`/v2/timeseries/${userId}/${slug}/grouped`)
      .query(query)
      .set('x-service-api-key', key)
      .set('accept', 'application/json');

  const spec = (slug: string) => timeseriesBySlug(slug)!;

  describe('shapes', () => {
    let userId: string;
    beforeAll(async () => {
      userId = await insertUser(h.db.knex, team.teamId);
      await insertSamples(
        h.db.knex,
        userId,
        TIMESERIES.map((t) => sampleOf(t, '2026-03-01T07:00:00Z', { timezone_offset: 3600 })),
      );
    });

    it.each(TIMESERIES.map((t) => [t.slug, t] as const))('%s returns its sample shape', async (slug, t) => {
      const res = await grouped(userId, slug, { start_date: '2026-03-01' });
      expect(res.status).toBe(200);
      expect(res.body.next_cursor).toBeNull();
      expect(res.body.next).toBeNull();
      expect(Object.keys(res.body.groups)).toEqual(['oura']);
      const [group] = res.body.groups.oura;
      expect(res.body.groups.oura).toHaveLength(1);
      expect(group.data).toHaveLength(1);
      const sample = group.data[0];
      const shapeKeys =
        t.shape === 'point'
          ? ['value']
          : t.shape === 'interval'
            ? ['start', 'end', 'value']
            : ['systolic', 'diastolic'];
      expect(Object.keys(sample)).toEqual([
        'id',
        'timezone_offset',
        'type',
        'unit',
        'timestamp',
        ...shapeKeys,
        ...(t.extras ?? []),
      ]);
      expect(sample).toMatchObject({
        id: null,
        timezone_offset: 3600,
        unit: t.unit,
        timestamp: '2026-03-01T08:00:00+01:00',
      });
      expect(typeof (sample.value ?? sample.systolic)).toBe(t.textValue ? 'string' : 'number');
    });

    it('blood_pressure, exactly', async () => {
      const res = await grouped(userId, 'blood_pressure', { start_date: '2026-03-01' });
      expect(res.body).toEqual({
        groups: {
          oura: [
            {
              source: {
                provider: 'oura',
                type: 'unknown',
                app_id: null,
                name: 'Oura',
                slug: 'oura',
                logo: 'https://storage.meridian.health/providers/oura.png',
                device_id: null,
                sport: null,
                workout_id: null,
              },
              data: [
                {
                  id: null,
                  timezone_offset: 3600,
                  type: null,
                  unit: 'mmHg',
                  timestamp: '2026-03-01T08:00:00+01:00',
                  systolic: 120,
                  diastolic: 80,
                },
              ],
            },
          ],
        },
        next_cursor: null,
        next: null,
      });
    });

    it('insulin_injection, note and body_temperature carry their typed extras', async () => {
      const insulin = await grouped(userId, 'insulin_injection', { start_date: '2026-03-01' });
      expect(insulin.body.groups.oura[0].data).toEqual([
        {
          id: null,
          timezone_offset: 3600,
          type: 'rapid_acting',
          unit: 'unit',
          timestamp: '2026-03-01T08:00:00+01:00',
          start: '2026-03-01T08:00:00+01:00',
          end: '2026-03-01T08:01:00+01:00',
          value: 42.5,
          delivery_mode: 'bolus',
          delivery_form: 'standard',
          bolus_purpose: 'meal',
        },
      ]);
      const note = await grouped(userId, 'note', { start_date: '2026-03-01' });
      expect(note.body.groups.oura[0].data[0]).toMatchObject({
        type: null,
        unit: 'text',
        value: 'Porridge with berries',
        tags: ['food'],
      });
      const temperature = await grouped(userId, 'body_temperature', { start_date: '2026-03-01' });
      expect(temperature.body.groups.oura[0].data[0]).toMatchObject({ unit: '°C', sensor_location: 'wrist' });
    });

    it('a missing extra is null; a null offset renders UTC as +00:00; milliseconds only when present', async () => {
      const other = await insertUser(h.db.knex, team.teamId);
      await insertSamples(h.db.knex, other, [
        sampleOf(spec('workout_duration'), '2026-03-01T23:30:00.250Z', { extras: null }),
        sampleOf(spec('heartrate'), '2026-03-01T10:00:00Z', { timezone_offset: -16_200 }),
      ]);
      const workout = await grouped(other, 'workout_duration', { start_date: '2026-03-01' });
      expect(workout.body.groups.oura[0].data[0]).toMatchObject({
        timezone_offset: null,
        timestamp: '2026-03-01T23:30:00.250+00:00',
        start: '2026-03-01T23:30:00.250+00:00',
        end: '2026-03-01T23:31:00.250+00:00',
        intensity: null,
      });
      const hr = await grouped(other, 'heartrate', { start_date: '2026-03-01' });
      expect(hr.body.groups.oura[0].data[0].timestamp).toBe('2026-03-01T05:30:00-04:30');
    });
  });

  describe('date bounds', () => {
    let userId: string;
    beforeAll(async () => {
      userId = await insertUser(h.db.knex, team.teamId);
      const hr = spec('heartrate');
      await insertSamples(h.db.knex, userId, [
        sampleOf(hr, '2026-02-28T23:59:59.999Z', { value: 1 }),
        sampleOf(hr, '2026-03-01T00:00:00Z', { value: 2 }),
        sampleOf(hr, '2026-03-01T12:00:00Z', { value: 3 }),
        sampleOf(hr, '2026-03-02T23:59:30Z', { value: 4 }),
        sampleOf(hr, '2026-03-02T23:59:59.999Z', { value: 5 }),
        sampleOf(hr, '2026-03-03T00:00:00Z', { value: 6 }),
      ]);
    });

    const values = async (query: Record<string, string>) => {
      const res = await grouped(userId, 'heartrate', query);
      expect(res.status).toBe(200);
      return (res.body.groups.oura?.[0]?.data ?? []).map((s: { value: number }) => s.value);
    };

    it('date-only bounds are inclusive: 00:00:00 of start_date through 23:59:59 of end_date', async () => {
      expect(await values({ start_date: '2026-03-01', end_date: '2026-03-02' })).toEqual([2, 3, 4, 5]);
    });

    it('without end_date there is no upper bound', async () => {
      expect(await values({ start_date: '2026-03-01' })).toEqual([2, 3, 4, 5, 6]);
      expect(await values({ start_date: '2026-03-01', end_date: '' })).toEqual([2, 3, 4, 5, 6]);
    });

    it('a date-time without offset is UTC; with an offset it is converted', async () => {
      expect(await values({ start_date: '2026-03-01T12:00:00', end_date: '2026-03-02T23:59:30' })).toEqual([
        3, 4,
      ]);
      expect(
        await values({ start_date: '2026-03-01T13:00:00+01:00', end_date: '2026-03-01T13:00:00+01:00' }),
      ).toEqual([3]);
    });

    it('a single day', async () => {
      expect(await values({ start_date: '2026-03-01', end_date: '2026-03-01' })).toEqual([2, 3]);
    });
  });

  describe('providers and source contexts', () => {
    let userId: string;
    beforeAll(async () => {
      userId = await insertUser(h.db.knex, team.teamId);
      const hr = spec('heartrate');
      await insertSamples(h.db.knex, userId, [
        sampleOf(hr, '2026-03-01T08:00:00Z', { provider: 'oura', source_type: 'ring', value: 60 }),
        sampleOf(hr, '2026-03-01T08:00:00Z', { provider: 'garmin', source_type: 'watch', value: 61 }),
        sampleOf(hr, '2026-03-01T08:01:00Z', {
          provider: 'apple_health_kit',
          source_type: 'watch',
          value: 62,
        }),
        sampleOf(hr, '2026-03-01T08:01:00Z', {
          provider: 'apple_health_kit',
          source_type: 'phone',
          value: 63,
        }),
        sampleOf(hr, '2026-03-01T08:02:00Z', {
          provider: 'apple_health_kit',
          source_type: 'watch',
          value: 64,
        }),
        sampleOf(hr, '2026-03-01T08:03:00Z', {
          provider: 'apple_health_kit',
          source_type: 'watch',
          app_id: 'com.example.app',
          value: 65,
        }),
        sampleOf(hr, '2026-03-01T08:04:00Z', { provider: 'oura', source_type: 'ring', value: 66 }),
      ]);
    });

    it('groups by provider key, one group per source context, data ascending', async () => {
      const res = await grouped(userId, 'heartrate', { start_date: '2026-03-01' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.groups)).toEqual(['garmin', 'oura', 'apple_health_kit']);
      const summary = Object.fromEntries(
        Object.entries(
          res.body.groups as Record<
            string,
            { source: { type: string; app_id: string | null }; data: { value: number }[] }[]
          >,
        ).map(([k, groups]) => [
          k,
          groups.map((g) => ({
            type: g.source.type,
            app_id: g.source.app_id,
            values: g.data.map((d) => d.value),
          })),
        ]),
      );
      expect(summary).toEqual({
        garmin: [{ type: 'watch', app_id: null, values: [61] }],
        oura: [{ type: 'ring', app_id: null, values: [60, 66] }],
        // At 08:01 the phone sample sorts before the watch one (source type is part of the order).
        apple_health_kit: [
          { type: 'phone', app_id: null, values: [63] },
          { type: 'watch', app_id: null, values: [62, 64] },
          { type: 'watch', app_id: 'com.example.app', values: [65] },
        ],
      });
    });

    it('provider filters; an unknown provider gives empty groups', async () => {
      const res = await grouped(userId, 'heartrate', { start_date: '2026-03-01', provider: 'garmin' });
      expect(Object.keys(res.body.groups)).toEqual(['garmin']);
      const none = await grouped(userId, 'heartrate', { start_date: '2026-03-01', provider: 'nope' });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ groups: {}, next_cursor: null, next: null });
    });

    it('a lab slug keys its group, with the slug as name and no logo', async () => {
      const labUser = await insertUser(h.db.knex, team.teamId);
      await insertSamples(h.db.knex, labUser, [
        sampleOf(spec('cholesterol'), '2026-03-01T08:00:00Z', { provider: 'quest', source_type: 'lab' }),
      ]);
      const res = await grouped(labUser, 'cholesterol', { start_date: '2026-03-01' });
      expect(res.body.groups.quest[0].source).toMatchObject({
        provider: 'quest',
        type: 'lab',
        name: 'quest',
        slug: 'quest',
        logo: '',
      });
    });
  });

  describe('errors', () => {
    let userId: string;
    beforeAll(async () => {
      userId = await insertUser(h.db.knex, team.teamId);
    });

    const expectIssue = (
      res: request.Response,
      expected: { loc: string[]; type: string; input?: unknown },
    ) => {
      expect(res.status).toBe(422);
      expect(Array.isArray(res.body.detail)).toBe(true);
      const item = res.body.detail[0];
      expect(Object.keys(item).sort()).toEqual(['ctx', 'input', 'loc', 'msg', 'type']);
      expect(item).toMatchObject(expected);
    };

    it('unknown slug → 422 enum at path.resource', async () => {
      const res = await grouped(userId, 'heart_rate', { start_date: '2026-03-01' });
      expectIssue(res, { loc: ['path', 'resource'], type: 'enum', input: 'heart_rate' });
    });

    it('missing start_date → 422 missing', async () => {
      const res = await grouped(userId, 'heartrate', {});
      expectIssue(res, { loc: ['query', 'start_date'], type: 'missing' });
    });

    it.each([
      ['start_date', '2026-13-01', 'date_parsing'],
      ['start_date', '2026-02-30', 'date_parsing'],
      ['start_date', 'yesterday', 'date_parsing'],
      ['start_date', '2026-03-01T25:00:00', 'datetime_parsing'],
      ['start_date', '2026-03-01T10:00:00+25:00', 'datetime_parsing'],
      ['end_date', '03/01/2026', 'date_parsing'],
      ['end_date', '2026-03-01T10:00:00ZZ', 'datetime_parsing'],
    ])('malformed %s %s → 422 %s', async (name, value, type) => {
      const query: Record<string, string> = { start_date: '2026-03-01', [name]: value };
      const res = await grouped(userId, 'heartrate', query);
      expectIssue(res, { loc: ['query', name], type, input: value });
    });

    it('end_date before start_date → 422 value_error', async () => {
      const res = await grouped(userId, 'heartrate', { start_date: '2026-03-02', end_date: '2026-03-01' });
      expectIssue(res, { loc: ['query', 'end_date'], type: 'value_error', input: '2026-03-01' });
    });

    it.each([
      ['next_cursor', 'not a cursor!'],
      ['next_cursor', Buffer.from('{"a":1}').toString('base64url')],
      ['next_cursor', Buffer.from('[1.5,"oura","ring",""]').toString('base64url')],
      ['cursor', 'Zm9v'],
    ])('a bad %s → 422 value_error', async (name, value) => {
      const res = await grouped(userId, 'heartrate', { start_date: '2026-03-01', [name]: value });
      expectIssue(res, { loc: ['query', name], type: 'value_error', input: value });
    });

    it('malformed user id → 422 uuid_parsing', async () => {
      const res = await grouped('not-a-uuid', 'heartrate', { start_date: '2026-03-01' });
      expectIssue(res, { loc: ['path', 'user_id'], type: 'uuid_parsing' });
    });
  });

  describe('tenancy', () => {
    it("another team's, another environment's, a deleted and an unknown user → 404", async () => {
      const org = await seedOrg(h.db.knex);
      const otherTeam = await seedTeam(h.db.knex, org.orgId);
      const users = [
        await insertUser(h.db.knex, otherTeam.teamId),
        await insertUser(h.db.knex, team.teamId, { environment: 'production' }),
        await insertUser(h.db.knex, team.teamId, { deleted: true }),
        '00000000-0000-4000-8000-000000000000',
      ];
      for (const userId of users) {
        await insertSamples(h.db.knex, userId, []);
        const res = await grouped(userId, 'heartrate', { start_date: '2026-03-01' });
        expect({ userId, status: res.status }).toEqual({ userId, status: 404 });
        expect(res.body.detail.error_type).toBe('not_found');
      }
    });

    it('the same user is readable with its own environment key', async () => {
      const userId = await insertUser(h.db.knex, team.teamId, { environment: 'production' });
      await insertSamples(h.db.knex, userId, [sampleOf(spec('steps'), '2026-03-01T08:00:00Z')]);
      const res = await request(h.app)
        .get(`/v2/timeseries/${userId}/steps/grouped`)
        .query({ start_date: '2026-03-01' })
        .set('x-service-api-key', team.apiKeys.production);
      expect(res.status).toBe(200);
      expect(res.body.groups.oura[0].data).toHaveLength(1);
    });
  });
});
