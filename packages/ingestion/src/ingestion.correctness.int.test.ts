import { summaryId } from './deterministic-id';
import type { SampleInput, SourceInput, TimeseriesInput } from './ingestion.types';
import { NOW, useIngestionFixture } from './__tests__/ingestion-fixture';

const WATCH: SourceInput = { provider: 'apple_health_kit', type: 'watch' };
const PHONE: SourceInput = { provider: 'apple_health_kit', type: 'phone' };
const STAMP = '2026-04-01T12:00:00+00:00';
const LOGO = (slug: string) => `https://storage.meridian.health/providers/${slug}.png`;

/** An interval sample of `minutes` starting at `start` (UTC). */
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
const series = (resource: string, source: SourceInput, samples: SampleInput[]): TimeseriesInput => ({
  resource,
  source,
  samples,
});

const EMPTY_ACTIVITY = {
  calories_total: null,
  calories_active: null,
  steps: null,
  daily_movement: null,
  distance: null,
  low: null,
  medium: null,
  high: null,
  floors_climbed: null,
  time_zone: null,
  timezone_offset: null,
  heart_rate: null,
  wheelchair_use: null,
  wheelchair_push: null,
};

describe('ingestion correctness', () => {
  const fx = useIngestionFixture();

  describe('a user crossing time zones and a DST change', () => {
    it('dates data by its own offset, else the fallback zone (DST-correct), and totals each local day', async () => {
      const userId = await fx.insertUser({ fallbackTimeZone: 'Europe/Berlin' });
      await fx.ingestion.ingest({
        userId,
        mode: 'daily',
        timeseries: [
          // Berlin springs forward on 2026-03-29 at 01:00 UTC; these carry no offset.
          series('steps', WATCH, [
            span('2026-03-28T22:30:00Z', 10, 50), // 23:30 CET, 28th
            span('2026-03-28T23:30:00Z', 10, 100), // 00:30 CET, 29th
            span('2026-03-29T21:30:00Z', 10, 200), // 23:30 CEST, 29th
            span('2026-03-29T22:30:00Z', 10, 300), // 00:30 CEST, 30th
          ]),
          // A flight Berlin → New York on the 10th; the samples carry their offsets.
          series('steps', WATCH, [
            span('2026-03-10T08:00:00Z', 10, 1000, { timezone_offset: 3600 }), // 09:00 Berlin, 10th
            span('2026-03-11T02:30:00Z', 10, 500, { timezone_offset: -14400 }), // 22:30 New York, 10th
            span('2026-03-11T05:00:00Z', 10, 70, { timezone_offset: -14400 }), // 01:00 New York, 11th
          ]),
        ],
        summaries: [
          {
            kind: 'sleep',
            source: { provider: 'apple_health_kit', type: 'watch' },
            provider_id: 'night-in-new-york',
            time_zone: 'America/New_York',
            fields: {
              bedtime_start: '2026-03-11T03:00:00Z',
              bedtime_stop: '2026-03-11T11:00:00Z',
              score: 81,
            },
          },
          {
            kind: 'sleep',
            source: { provider: 'apple_health_kit', type: 'watch' },
            provider_id: 'night-of-the-change',
            fields: { bedtime_start: '2026-03-29T20:30:00Z', bedtime_stop: '2026-03-29T22:30:00Z' },
          },
        ],
      });

      const activity = await fx.summaries(userId, 'activity');
      expect(activity.map((a) => [a.calendar_date, a.steps, a.timezone_offset, a.time_zone])).toEqual([
        ['2026-03-10', 1500, -14400, null],
        ['2026-03-11', 70, -14400, null],
        ['2026-03-28', 50, 3600, 'Europe/Berlin'],
        ['2026-03-29', 300, 7200, 'Europe/Berlin'],
        ['2026-03-30', 300, 7200, 'Europe/Berlin'],
      ]);
      expect(activity[0]).toEqual({
        id: summaryId(userId, 'activity', 'apple_health_kit', '2026-03-10'),
        user_id: userId,
        source: {
          provider: 'apple_health_kit',
          type: 'watch',
          app_id: null,
          name: 'Apple HealthKit',
          slug: 'apple_health_kit',
          logo: LOGO('apple_health_kit'),
          device_id: null,
          sport: null,
          workout_id: null,
        },
        created_at: STAMP,
        updated_at: STAMP,
        date: '2026-03-10',
        calendar_date: '2026-03-10',
        ...EMPTY_ACTIVITY,
        steps: 1500,
        timezone_offset: -14400,
      });

      const sleep = await fx.summaries(userId, 'sleep');
      expect(
        sleep.map((s) => [
          s.calendar_date,
          s.bedtime_start,
          s.bedtime_stop,
          s.timezone_offset,
          s.duration,
          s.type,
        ]),
      ).toEqual([
        ['2026-03-11', '2026-03-10T23:00:00-04:00', '2026-03-11T07:00:00-04:00', -14400, 28800, 'long_sleep'],
        // No zone of its own: dated in the fallback zone (woke 00:30 CEST on the 30th), rendered in UTC.
        ['2026-03-30', '2026-03-29T20:30:00+00:00', '2026-03-29T22:30:00+00:00', null, 7200, 'short_sleep'],
      ]);

      const stored = await fx.samples(userId, 'steps');
      expect(stored.map((s) => [s.start_at.toISOString(), s.timezone_offset])).toEqual([
        ['2026-03-10T08:00:00.000Z', 3600],
        ['2026-03-11T02:30:00.000Z', -14400],
        ['2026-03-11T05:00:00.000Z', -14400],
        ['2026-03-28T22:30:00.000Z', null],
        ['2026-03-28T23:30:00.000Z', null],
        ['2026-03-29T21:30:00.000Z', null],
        ['2026-03-29T22:30:00.000Z', null],
      ]);
    });

    it('dates heart rate (summed by the database) at quarter-hour zones and by its own offset', async () => {
      // Kathmandu is +05:45: local midnight of the 11th is 18:15 UTC on the 10th.
      const userId = await fx.insertUser({ fallbackTimeZone: 'Asia/Kathmandu' });
      const ring = { provider: 'oura', type: 'ring' } as const;
      await fx.ingestion.ingest({
        userId,
        mode: 'daily',
        timeseries: [
          series('heartrate', ring, [
            { timestamp: '2026-03-10T18:10:00Z', value: 50 }, // 23:55 on the 10th
            { timestamp: '2026-03-10T18:14:59Z', value: 60 }, // 23:59:59 on the 10th
            { timestamp: '2026-03-10T18:15:00Z', value: 70, type: 'resting' }, // 00:00 on the 11th
            { timestamp: '2026-03-11T09:00:00Z', value: 64, type: 'resting' }, // 14:45 on the 11th
            // Carries its own offset (New York, 16:00 on the 10th), so the fallback zone is not used.
            { timestamp: '2026-03-10T20:00:00Z', value: 100, type: 'walking', timezone_offset: -14400 },
          ]),
        ],
      });
      const activity = await fx.summaries(userId, 'activity');
      expect(activity.map((a) => [a.calendar_date, a.heart_rate, a.timezone_offset, a.time_zone])).toEqual([
        [
          '2026-03-10',
          { avg_bpm: 70, min_bpm: 50, max_bpm: 100, resting_bpm: null, avg_walking_bpm: 100 },
          -14400,
          null,
        ],
        [
          '2026-03-11',
          { avg_bpm: 67, min_bpm: 64, max_bpm: 70, resting_bpm: 67, avg_walking_bpm: null },
          20700,
          'Asia/Kathmandu',
        ],
      ]);
    });

    it('sums heart rate of a day at the far UTC offsets of its edges, whichever batch touches the day', async () => {
      // No fallback zone: each sample is dated by its own offset. Local midnights of the 10th at +14:00 and at
      // -12:00 lie 26 h apart in UTC; the instants just outside them belong to the 9th and the 11th.
      const userId = await fx.insertUser();
      const ring = { provider: 'oura', type: 'ring' } as const;
      await fx.ingestion.ingest({
        userId,
        mode: 'daily',
        timeseries: [
          series('heartrate', ring, [
            { timestamp: '2026-03-09T09:59:59Z', value: 200, timezone_offset: 50400 }, // 23:59:59 on the 9th
            { timestamp: '2026-03-09T10:00:00Z', value: 80, timezone_offset: 50400 }, // 00:00 on the 10th
            { timestamp: '2026-03-11T11:59:59Z', value: 60, timezone_offset: -43200 }, // 23:59:59 on the 10th
            { timestamp: '2026-03-11T12:00:00Z', value: 150, timezone_offset: -43200 }, // 00:00 on the 11th
          ]),
        ],
      });
      // A later batch touching only the 10th (at UTC) derives the day again from everything stored for it.
      await fx.ingestion.ingest({
        userId,
        mode: 'daily',
        timeseries: [
          series('heartrate', ring, [{ timestamp: '2026-03-10T12:00:00Z', value: 70, timezone_offset: 0 }]),
        ],
      });
      const activity = await fx.summaries(userId, 'activity');
      expect(activity.map((a) => [a.calendar_date, a.heart_rate])).toEqual([
        [
          '2026-03-09',
          { avg_bpm: 200, min_bpm: 200, max_bpm: 200, resting_bpm: null, avg_walking_bpm: null },
        ],
        ['2026-03-10', { avg_bpm: 70, min_bpm: 60, max_bpm: 80, resting_bpm: null, avg_walking_bpm: null }],
        [
          '2026-03-11',
          { avg_bpm: 150, min_bpm: 150, max_bpm: 150, resting_bpm: null, avg_walking_bpm: null },
        ],
      ]);
    });

    it('splits a sample crossing local midnight pro rata between the two days', async () => {
      const userId = await fx.insertUser({ fallbackTimeZone: 'Europe/Berlin' });
      // 23:30–00:30 CET: half before midnight, half after.
      await fx.ingestion.ingest({
        userId,
        mode: 'daily',
        timeseries: [series('distance', WATCH, [span('2026-03-05T22:30:00Z', 60, 1000)])],
      });
      const activity = await fx.summaries(userId, 'activity');
      expect(activity.map((a) => [a.calendar_date, a.distance])).toEqual([
        ['2026-03-05', 500],
        ['2026-03-06', 500],
      ]);
    });
  });

  it('two devices of one provider overlapping: both samples stored, activity not double counted', async () => {
    const userId = await fx.insertUser();
    const result = await fx.ingestion.ingest({
      userId,
      mode: 'daily',
      timeseries: [
        series('steps', WATCH, [span('2026-03-05T10:00:00Z', 10, 600)]),
        series('steps', PHONE, [
          span('2026-03-05T10:00:00Z', 20, 1000),
          span('2026-03-05T12:00:00Z', 10, 300),
        ]),
      ],
    });
    expect(result).toMatchObject({ created: 3, updated: 0, unchanged: 0, dropped: 0 });

    const stored = await fx.samples(userId, 'steps');
    expect(stored.map((s) => [s.source_type, s.start_at.toISOString(), s.value])).toEqual([
      ['phone', '2026-03-05T10:00:00.000Z', 1000],
      ['watch', '2026-03-05T10:00:00.000Z', 600],
      ['phone', '2026-03-05T12:00:00.000Z', 300],
    ]);
    // The watch wins 10:00–10:10; the phone's other half (500) and its noon walk (300) add up.
    const [activity] = await fx.summaries(userId, 'activity');
    expect(activity).toMatchObject({
      calendar_date: '2026-03-05',
      steps: 1400,
      source: { type: 'multiple_sources' },
    });

    const events = await fx.events(userId);
    expect(
      events.map((e) => [e.event_type, e.payload.data.source?.type, e.payload.data.data?.length]),
    ).toEqual([
      ['daily.data.steps.created', 'watch', 1],
      ['daily.data.steps.created', 'phone', 2],
      ['daily.data.activity.created', 'multiple_sources', undefined],
    ]);
  });

  it('two providers overlapping: each provider gets its own activity', async () => {
    const userId = await fx.insertUser();
    await fx.ingestion.ingest({
      userId,
      mode: 'daily',
      timeseries: [
        series('steps', { provider: 'oura', type: 'ring' }, [span('2026-03-05T10:00:00Z', 10, 500)]),
        series('steps', { provider: 'fitbit', type: 'watch' }, [span('2026-03-05T10:00:00Z', 10, 700)]),
      ],
    });
    const activity = await fx.summaries(userId, 'activity');
    expect(activity.map((a) => [a.source.provider, a.calendar_date, a.steps, a.id])).toEqual([
      ['fitbit', '2026-03-05', 700, summaryId(userId, 'activity', 'fitbit', '2026-03-05')],
      ['oura', '2026-03-05', 500, summaryId(userId, 'activity', 'oura', '2026-03-05')],
    ]);
  });

  describe('re-sending', () => {
    it('the same sample with a new value: the latest wins, exactly one .updated event', async () => {
      const userId = await fx.insertUser();
      const weigh = (value: number) =>
        fx.ingestion.ingest({
          userId,
          mode: 'daily',
          timeseries: [
            series('body_weight', { provider: 'withings', type: 'scale' }, [
              { timestamp: '2026-03-05T07:00:00+01:00', timezone_offset: 3600, value },
            ]),
          ],
        });
      await weigh(80);
      const before = (await fx.events(userId)).length;
      const result = await weigh(79.5);

      expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 0, dropped: 0 });
      expect(result.eventIds).toHaveLength(1);
      const stored = await fx.samples(userId, 'weight');
      expect(stored.map((s) => s.value)).toEqual([79.5]);
      const events = (await fx.events(userId)).slice(before);
      expect(events).toEqual([
        {
          event_type: 'daily.data.weight.updated',
          payload: {
            event_type: 'daily.data.weight.updated',
            user_id: userId,
            client_user_id: `client-${userId}`,
            team_id: fx.teamId,
            data: {
              source: {
                provider: 'withings',
                type: 'scale',
                app_id: null,
                name: 'Withings',
                slug: 'withings',
                logo: LOGO('withings'),
                device_id: null,
                sport: null,
                workout_id: null,
              },
              data: [
                {
                  id: null,
                  timezone_offset: 3600,
                  type: null,
                  unit: 'kg',
                  timestamp: '2026-03-05T07:00:00+01:00',
                  value: 79.5,
                },
              ],
            },
          },
        },
      ]);
    });

    it("a changed heart rate also updates the day's activity", async () => {
      const userId = await fx.insertUser();
      const beat = (value: number) =>
        fx.ingestion.ingest({
          userId,
          mode: 'daily',
          timeseries: [
            series('heartrate', { provider: 'fitbit', type: 'watch' }, [
              { timestamp: '2026-03-05T10:00:00Z', value },
              { timestamp: '2026-03-05T10:01:00Z', value: 80 },
            ]),
          ],
        });
      await beat(70);
      const before = (await fx.events(userId)).length;
      expect(await beat(72)).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
      const events = (await fx.events(userId)).slice(before);
      expect(events.map((e) => e.event_type)).toEqual([
        'daily.data.heartrate.updated',
        'daily.data.activity.updated',
      ]);
      expect(events[0]?.payload.data.data.map((s: { value: number }) => s.value)).toEqual([72]);
      expect(events[1]?.payload.data.heart_rate).toEqual({
        avg_bpm: 76,
        min_bpm: 72,
        max_bpm: 80,
        resting_bpm: null,
        avg_walking_bpm: null,
      });
    });

    it('the same batch twice: nothing changes and no events', async () => {
      const userId = await fx.insertUser({ fallbackTimeZone: 'Europe/Berlin' });
      const batch = {
        userId,
        mode: 'daily' as const,
        timeseries: [
          series('steps', WATCH, [span('2026-03-05T10:00:00Z', 10, 600)]),
          series('heartrate', WATCH, [
            { timestamp: '2026-03-05T10:00:00Z', value: 64, timezone_offset: 3600 },
          ]),
          series('body_temperature', WATCH, [
            span('2026-03-05T10:00:00Z', 1, 98.6, { unit: '°F', sensor_location: 'wrist' }),
          ]),
        ],
        summaries: [
          {
            kind: 'workouts' as const,
            source: WATCH,
            provider_id: 'run-1',
            fields: { time_start: '2026-03-05T07:00:00Z', time_end: '2026-03-05T07:30:00Z', calories: 300 },
          },
        ],
        workoutStreams: [
          { workout_provider_id: 'run-1', provider: 'apple_health_kit', stream: { heartrate: [120, 130] } },
        ],
      };
      const first = await fx.ingestion.ingest(batch);
      expect(first).toMatchObject({ created: 5, updated: 0, unchanged: 0, dropped: 0 });
      const outboxBefore = await fx.events(userId);
      expect(outboxBefore.map((e) => e.event_type)).toEqual([
        'daily.data.steps.created',
        'daily.data.heartrate.created',
        'daily.data.body_temperature.created',
        'daily.data.workouts.created',
        'daily.data.activity.created',
        'daily.data.workout_stream.created',
      ]);

      const second = await fx.ingestion.ingest(batch);
      expect(second).toEqual({ created: 0, updated: 0, unchanged: 5, dropped: 0, eventIds: [] });
      expect(await fx.events(userId)).toHaveLength(outboxBefore.length);
    });
  });

  describe('unit scale', () => {
    it('stores fat given as a fraction and as a percent both as 21.5 %', async () => {
      const userId = await fx.insertUser();
      await fx.ingestion.ingest({
        userId,
        mode: 'daily',
        timeseries: [
          series('body_fat', { provider: 'withings', type: 'scale' }, [
            { timestamp: '2026-03-05T07:00:00Z', value: 0.215, unit: 'fraction' },
          ]),
          series('fat', { provider: 'renpho', type: 'scale' }, [
            { timestamp: '2026-03-05T07:00:00Z', value: 21.5, unit: '%' },
          ]),
        ],
      });
      const stored = await fx.samples(userId, 'fat');
      expect(stored.map((s) => [s.provider, s.value])).toEqual([
        ['renpho', 21.5],
        ['withings', 21.5],
      ]);
      const events = await fx.events(userId);
      expect(
        events.map((e) => [e.event_type, e.payload.data.data[0].value, e.payload.data.data[0].unit]),
      ).toEqual([
        ['daily.data.fat.created', 21.5, '%'],
        ['daily.data.fat.created', 21.5, '%'],
      ]);
    });

    it('converts glucose in mg/dL to mmol/L', async () => {
      const userId = await fx.insertUser();
      await fx.ingestion.ingest({
        userId,
        mode: 'daily',
        timeseries: [
          series('glucose', { provider: 'freestyle_libre', type: 'automatic' }, [
            { timestamp: '2026-03-05T07:00:00Z', value: 100, unit: 'mg/dL' },
            { timestamp: '2026-03-05T07:05:00Z', value: 5.4 },
          ]),
        ],
      });
      const stored = await fx.samples(userId, 'glucose');
      expect(stored.map((s) => s.value)).toEqual([5.55062166963, 5.4]);
    });
  });

  it('a workout-only day appears in activity', async () => {
    const userId = await fx.insertUser();
    await fx.ingestion.ingest({
      userId,
      mode: 'daily',
      summaries: [
        {
          kind: 'workouts',
          source: { provider: 'garmin', type: 'watch' },
          provider_id: 'garmin-run-77',
          timezone_offset: 3600,
          fields: {
            title: 'Morning run',
            time_start: '2026-03-05T07:00:00Z',
            time_end: '2026-03-05T07:45:00Z',
            calories: 420,
            distance: 8000,
            sport: { id: 1, name: 'Running', slug: 'running' },
            unknown_key: 'dropped',
          },
        },
      ],
    });
    const [workout] = await fx.summaries(userId, 'workouts');
    expect(workout).toMatchObject({
      id: summaryId(userId, 'workouts', 'garmin', 'garmin-run-77'),
      provider_id: 'garmin-run-77',
      calendar_date: '2026-03-05',
      time_start: '2026-03-05T08:00:00+01:00',
      time_end: '2026-03-05T08:45:00+01:00',
      timezone_offset: 3600,
      sport: { id: 1, name: 'Running', slug: 'running' },
      average_hr: null,
    });
    expect(workout).not.toHaveProperty('unknown_key');

    const activity = await fx.summaries(userId, 'activity');
    expect(activity).toEqual([
      {
        id: summaryId(userId, 'activity', 'garmin', '2026-03-05'),
        user_id: userId,
        source: {
          provider: 'garmin',
          type: 'watch',
          app_id: null,
          name: 'Garmin',
          slug: 'garmin',
          logo: LOGO('garmin'),
          device_id: null,
          sport: null,
          workout_id: null,
        },
        created_at: STAMP,
        updated_at: STAMP,
        date: '2026-03-05',
        calendar_date: '2026-03-05',
        ...EMPTY_ACTIVITY,
        calories_total: 420,
        calories_active: 420,
        daily_movement: 8000,
        distance: 8000,
        low: 0,
        medium: 45,
        high: 0,
        timezone_offset: 3600,
      },
    ]);
    const events = await fx.events(userId);
    expect(events.map((e) => e.event_type)).toEqual([
      'daily.data.workouts.created',
      'daily.data.activity.created',
    ]);
    expect(events[0]?.payload.data).toEqual(workout);
    expect(events[1]?.payload.data).toEqual(activity[0]);
  });

  it('drops data outside the ingestion bounds by its local date and counts it', async () => {
    const userId = await fx.insertUser({ ingestionStart: '2026-03-10', ingestionEnd: '2026-03-20' });
    const result = await fx.ingestion.ingest({
      userId,
      mode: 'daily',
      timeseries: [
        series('water', { provider: 'cronometer', type: 'app' }, [
          { timestamp: '2026-03-09T12:00:00Z', value: 250 }, // 9th: dropped
          { timestamp: '2026-03-09T23:30:00Z', timezone_offset: 3600, value: 250 }, // local 10th: kept
          { timestamp: '2026-03-20T12:00:00Z', value: 250 }, // 20th: kept
          { timestamp: '2026-03-20T23:30:00Z', timezone_offset: 3600, value: 250 }, // local 21st: dropped
        ]),
      ],
      summaries: [
        {
          kind: 'body',
          source: { provider: 'withings', type: 'scale' },
          provider_id: 'body-25',
          timestamp: '2026-03-25T07:00:00Z',
          fields: { weight: 80 },
        },
      ],
    });
    expect(result).toEqual({ created: 2, updated: 0, unchanged: 0, dropped: 3, eventIds: expect.any(Array) });
    const stored = await fx.samples(userId, 'water');
    expect(stored.map((s) => s.start_at.toISOString())).toEqual([
      '2026-03-09T23:30:00.000Z',
      '2026-03-20T12:00:00.000Z',
    ]);
    expect(await fx.summaries(userId, 'body')).toEqual([]);
  });

  it('records resource stats per provider and resource', async () => {
    const userId = await fx.insertUser();
    await fx.ingestion.ingest({
      userId,
      mode: 'historical',
      timeseries: [
        series('steps', WATCH, [
          span('2026-03-05T10:00:00Z', 10, 600),
          span('2026-03-06T10:00:00Z', 10, 600),
        ]),
      ],
    });
    const stats = await fx.db
      .knex('resource_stats')
      .where({ user_id: userId })
      .orderBy('resource')
      .select(
        'provider',
        'resource',
        'sent_count',
        'oldest_data',
        'newest_data',
        'last_attempt_status',
        'last_attempt_at',
      );
    expect(stats).toEqual([
      {
        provider: 'apple_health_kit',
        resource: 'activity',
        sent_count: 2,
        oldest_data: new Date('2026-03-05T00:00:00Z'),
        newest_data: new Date('2026-03-06T00:00:00Z'),
        last_attempt_status: 'success',
        last_attempt_at: NOW,
      },
      {
        provider: 'apple_health_kit',
        resource: 'steps',
        sent_count: 2,
        oldest_data: new Date('2026-03-05T10:00:00Z'),
        newest_data: new Date('2026-03-06T10:00:00Z'),
        last_attempt_status: 'success',
        last_attempt_at: NOW,
      },
    ]);
  });
});
