/**
 * Correctness suite, end to end: data goes in through the one ingestion path and comes out of the REST
 * API exactly — the cases other platforms get wrong (issue #3).
 */
import request from 'supertest';
import { createIngestion, type SampleInput, type SourceInput } from '@meridian/ingestion';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../testing/data-api.harness';

const WATCH: SourceInput = { provider: 'apple_health_kit', type: 'watch' };
const PHONE: SourceInput = { provider: 'apple_health_kit', type: 'phone' };
const span = (
  start: string,
  minutes: number,
  value: number,
  extra: Partial<SampleInput> = {},
): SampleInput => ({
  timestamp: start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  value,
  ...extra,
});

describe('health data correctness (ingestion → REST)', () => {
  let h: DataApiHarness;
  let team: SeededTeam;
  let ingestion: ReturnType<typeof createIngestion>;

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    ingestion = createIngestion({ db: h.db.knex });
  });
  afterAll(() => h.close());

  const get = (path: string) => request(h.app).get(path).set('x-service-api-key', team.apiKeys.sandbox);
  async function newUser(body: Record<string, unknown> = {}): Promise<string> {
    const res = await request(h.app)
      .post('/v2/user')
      .set('x-service-api-key', team.apiKeys.sandbox)
      .send({ client_user_id: `u-${Math.random().toString(36).slice(2)}`, ...body });
    expect(res.status).toBe(200);
    return res.body.user_id as string;
  }
  const activity = async (userId: string, start: string, end: string) =>
    (await get(`/v2/summary/activity/${userId}?start_date=${start}&end_date=${end}`)).body.activity as {
      calendar_date: string;
      steps: number | null;
      source: { provider: string };
    }[];

  it('dates days in local time across a time-zone change and a DST switch, and totals each day', async () => {
    const userId = await newUser({ fallback_time_zone: 'Europe/Berlin' });
    await ingestion.ingest({
      userId,
      mode: 'daily',
      timeseries: [
        {
          resource: 'steps',
          source: WATCH,
          samples: [
            span('2026-03-28T22:30:00Z', 10, 50), // 23:30 CET on the 28th (no offset: fallback zone)
            span('2026-03-28T23:30:00Z', 10, 100), // 00:30 CET on the 29th
            span('2026-03-29T21:30:00Z', 10, 200), // 23:30 CEST on the 29th (after spring-forward)
            span('2026-03-29T22:30:00Z', 10, 300), // 00:30 CEST on the 30th
            span('2026-04-02T02:30:00Z', 10, 40, { timezone_offset: -14400 }), // 22:30 in New York, the 1st
          ],
        },
      ],
    });
    const days = await activity(userId, '2026-03-28', '2026-04-02');
    expect(days.map((d) => [d.calendar_date, d.steps])).toEqual([
      ['2026-03-28', 50],
      ['2026-03-29', 300],
      ['2026-03-30', 300],
      ['2026-04-01', 40],
    ]);
    const grouped = await get(`/v2/timeseries/${userId}/steps/grouped?start_date=2026-04-02`);
    expect(grouped.body.groups.apple_health_kit[0].data).toEqual([
      expect.objectContaining({
        timestamp: '2026-04-01T22:30:00-04:00',
        start: '2026-04-01T22:30:00-04:00',
        timezone_offset: -14400,
        value: 40,
      }),
    ]);
  });

  it('does not double count two devices of one provider reporting the same steps, and shows both series', async () => {
    const userId = await newUser({ fallback_time_zone: 'UTC' });
    await ingestion.ingest({
      userId,
      mode: 'daily',
      timeseries: [
        { resource: 'steps', source: WATCH, samples: [span('2026-05-01T10:00:00Z', 60, 3000)] },
        {
          resource: 'steps',
          source: PHONE,
          samples: [span('2026-05-01T10:00:00Z', 60, 2800), span('2026-05-01T12:00:00Z', 30, 500)],
        },
        {
          resource: 'steps',
          source: { provider: 'fitbit', type: 'watch' },
          samples: [span('2026-05-01T10:00:00Z', 60, 3100)],
        },
      ],
    });
    const days = await activity(userId, '2026-05-01', '2026-05-01');
    const byProvider = Object.fromEntries(days.map((d) => [d.source.provider, d.steps]));
    expect(byProvider).toEqual({ apple_health_kit: 3500, fitbit: 3100 });
    const grouped = await get(`/v2/timeseries/${userId}/steps/grouped?start_date=2026-05-01`);
    expect(Object.keys(grouped.body.groups).sort()).toEqual(['apple_health_kit', 'fitbit']);
    const types = grouped.body.groups.apple_health_kit
      .map((g: { source: { type: string } }) => g.source.type)
      .sort();
    expect(types).toEqual(['phone', 'watch']);
  });

  it('keeps the latest value of a re-sent sample and emits exactly one .updated event', async () => {
    const userId = await newUser();
    const send = (value: number) =>
      ingestion.ingest({
        userId,
        mode: 'daily',
        timeseries: [
          {
            resource: 'body_weight',
            source: { provider: 'withings', type: 'scale' },
            samples: [{ timestamp: '2026-05-02T07:00:00Z', value }],
          },
        ],
      });
    await send(80.1);
    await send(80.1);
    await send(79.6);
    const grouped = await get(`/v2/timeseries/${userId}/body_weight/grouped?start_date=2026-05-02`);
    expect(grouped.body.groups.withings[0].data).toEqual([
      {
        id: null,
        timezone_offset: null,
        type: null,
        unit: 'kg',
        timestamp: '2026-05-02T07:00:00+00:00',
        value: 79.6,
      },
    ]);
    const events = await h.db.knex('outbox').where({ user_id: userId }).orderBy('seq').pluck('event_type');
    expect(events.filter((e: string) => e.startsWith('daily.data.weight.'))).toEqual([
      'daily.data.weight.created',
      'daily.data.weight.updated',
    ]);
  });

  it('stores body fat as a percentage whether sent as a fraction or as percent', async () => {
    const userId = await newUser();
    await ingestion.ingest({
      userId,
      mode: 'daily',
      timeseries: [
        {
          resource: 'fat',
          source: { provider: 'withings', type: 'scale' },
          samples: [
            { timestamp: '2026-05-03T07:00:00Z', value: 0.215, unit: 'fraction' },
            { timestamp: '2026-05-04T07:00:00Z', value: 21.5, unit: '%' },
          ],
        },
      ],
    });
    const grouped = await get(
      `/v2/timeseries/${userId}/body_fat/grouped?start_date=2026-05-03&end_date=2026-05-04`,
    );
    expect(
      grouped.body.groups.withings[0].data.map((s: { value: number; unit: string }) => [s.value, s.unit]),
    ).toEqual([
      [21.5, '%'],
      [21.5, '%'],
    ]);
  });

  it('shows a day with only a workout in activity', async () => {
    const userId = await newUser({ fallback_time_zone: 'UTC' });
    await ingestion.ingest({
      userId,
      mode: 'daily',
      summaries: [
        {
          kind: 'workouts',
          source: { provider: 'fitbit', type: 'watch' },
          provider_id: 'run-1',
          fields: {
            time_start: '2026-05-05T07:00:00Z',
            time_end: '2026-05-05T07:45:00Z',
            calories: 420,
            distance: 7500,
            sport: { id: 1, name: 'Running', slug: 'running' },
          },
        },
      ],
    });
    const days = await activity(userId, '2026-05-05', '2026-05-05');
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({
      calendar_date: '2026-05-05',
      calories_active: 420,
      distance: 7500,
      source: { provider: 'fitbit' },
    });
    const workouts = (await get(`/v2/summary/workouts/${userId}?start_date=2026-05-05`)).body.workouts;
    expect(workouts).toHaveLength(1);
  });

  it('drops data outside the user ingestion bounds', async () => {
    const userId = await newUser({ ingestion_start: '2026-05-10', ingestion_end: '2026-05-11' });
    const result = await ingestion.ingest({
      userId,
      mode: 'daily',
      timeseries: [
        {
          resource: 'heartrate',
          source: { provider: 'oura', type: 'ring' },
          samples: [
            '2026-05-09T12:00:00Z',
            '2026-05-10T00:00:00Z',
            '2026-05-11T23:59:00Z',
            '2026-05-12T00:00:00Z',
          ].map((timestamp) => ({ timestamp, value: 60 })),
        },
      ],
    });
    expect(result.dropped).toBe(2);
    const grouped = await get(
      `/v2/timeseries/${userId}/heartrate/grouped?start_date=2026-05-01&end_date=2026-05-31`,
    );
    expect(grouped.body.groups.oura[0].data.map((s: { timestamp: string }) => s.timestamp)).toEqual([
      '2026-05-10T00:00:00+00:00',
      '2026-05-11T23:59:00+00:00',
    ]);
  });

  it('answers 404 for every read of a deleted user, and serves the data again after undo', async () => {
    const userId = await newUser();
    await ingestion.ingest({
      userId,
      mode: 'daily',
      timeseries: [
        {
          resource: 'heartrate',
          source: { provider: 'oura', type: 'ring' },
          samples: [{ timestamp: '2026-05-20T12:00:00Z', value: 61 }],
        },
      ],
    });
    expect(
      (await request(h.app).delete(`/v2/user/${userId}`).set('x-service-api-key', team.apiKeys.sandbox))
        .status,
    ).toBe(200);
    for (const path of [
      `/v2/timeseries/${userId}/heartrate/grouped?start_date=2026-05-20`,
      `/v2/timeseries/${userId}/heartrate?start_date=2026-05-20`,
      `/v2/summary/activity/${userId}?start_date=2026-05-20`,
      `/v2/summary/sleep/${userId}?start_date=2026-05-20`,
      `/v2/summary/profile/${userId}`,
    ]) {
      const res = await get(path);
      expect([path, res.status, res.body.detail?.error_type]).toEqual([path, 404, 'not_found']);
    }
    await request(h.app)
      .post(`/v2/user/undo_delete?user_id=${userId}`)
      .set('x-service-api-key', team.apiKeys.sandbox);
    const back = await get(`/v2/timeseries/${userId}/heartrate/grouped?start_date=2026-05-20`);
    expect(back.body.groups.oura[0].data[0].value).toBe(61);
  });
});
