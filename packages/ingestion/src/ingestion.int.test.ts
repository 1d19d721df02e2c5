import { summaryId } from './deterministic-id';
import { useIngestionFixture } from './__tests__/ingestion-fixture';

const RING = { provider: 'oura', type: 'ring' as const };

describe('ingestion', () => {
  const fx = useIngestionFixture();

  it('historical chunks emit no data events; completing the pull emits one event per resource', async () => {
    const userId = await fx.insertUser();
    const result = await fx.ingestion.ingest({
      userId,
      mode: 'historical',
      timeseries: [
        { resource: 'heartrate', source: RING, samples: [{ timestamp: '2026-03-05T03:00:00Z', value: 52 }] },
        { resource: 'weight', source: RING, samples: [{ timestamp: '2026-03-05T03:00:00Z', value: 70 }] },
      ],
      summaries: [
        {
          kind: 'sleep',
          source: RING,
          provider_id: 'sleep-1',
          fields: { bedtime_start: '2026-03-04T23:00:00Z', bedtime_stop: '2026-03-05T07:00:00Z' },
        },
      ],
    });
    expect(result).toEqual({ created: 3, updated: 0, unchanged: 0, dropped: 0, eventIds: [] });
    expect(await fx.events(userId)).toEqual([]);
    expect(await fx.summaries(userId, 'activity')).toHaveLength(1);

    const ids = await fx.ingestion.completeHistoricalPull({
      userId,
      provider: 'oura',
      resources: ['heartrate', 'body_weight', 'hypnogram', 'sleep', 'heartrate'],
      rangeStart: new Date('2026-03-01T00:00:00Z'),
      rangeEnd: new Date('2026-03-31T00:00:00Z'),
    });
    const events = await fx.events(userId);
    expect(ids).toHaveLength(3);
    const data = {
      user_id: userId,
      start_date: '2026-03-01T00:00:00+00:00',
      end_date: '2026-03-31T00:00:00+00:00',
      provider: 'oura',
    };
    expect(events).toEqual(
      ['heartrate', 'weight', 'sleep'].map((r) => ({
        event_type: `historical.data.${r}.created`,
        payload: {
          event_type: `historical.data.${r}.created`,
          data,
          user_id: userId,
          client_user_id: `client-${userId}`,
          team_id: fx.teamId,
        },
      })),
    );
    const outboxIds = await fx.db.knex('outbox').where({ user_id: userId }).orderBy('seq').pluck('id');
    expect(ids).toEqual(outboxIds);
  });

  it('links a sleep cycle to its sleep, stores hypnograms without events, renders typed extras', async () => {
    const userId = await fx.insertUser();
    await fx.ingestion.ingest({
      userId,
      mode: 'daily',
      timeseries: [
        {
          resource: 'hypnogram',
          source: RING,
          samples: [{ timestamp: '2026-03-05T00:00:00Z', end: '2026-03-05T00:30:00Z', value: 1 }],
        },
        {
          resource: 'insulin_injection',
          source: { provider: 'tandem_source', type: 'insulin_pump', app_id: 'com.tandem', device_id: null },
          samples: [
            {
              timestamp: '2026-03-05T08:00:00Z',
              end: '2026-03-05T08:01:00Z',
              value: 4,
              type: 'rapid_acting',
              delivery_mode: 'bolus',
              bolus_purpose: 'meal',
            },
          ],
        },
      ],
      summaries: [
        {
          kind: 'sleep',
          source: RING,
          provider_id: 'sleep-9',
          timezone_offset: 3600,
          fields: { bedtime_start: '2026-03-04T23:00:00Z', bedtime_stop: '2026-03-05T07:00:00Z', rem: 5400 },
        },
        {
          kind: 'sleep_cycle',
          source: RING,
          provider_id: 'cycle-9',
          time_zone: 'Europe/Paris',
          fields: {
            sleep_provider_id: 'sleep-9',
            session_start: '2026-03-04T23:00:00Z',
            session_end: '2026-03-05T07:00:00Z',
            stage_start_offset_second: [0, 1800],
            stage_end_offset_second: [1800, 28800],
            stage_type: [2, 1],
          },
        },
      ],
    });
    const events = await fx.events(userId);
    expect(events.map((e) => e.event_type)).toEqual([
      'daily.data.insulin_injection.created',
      'daily.data.sleep.created',
      'daily.data.sleep_cycle.created',
    ]);
    expect(events[0]?.payload.data.data).toEqual([
      {
        id: null,
        timezone_offset: null,
        type: 'rapid_acting',
        unit: 'unit',
        timestamp: '2026-03-05T08:00:00+00:00',
        start: '2026-03-05T08:00:00+00:00',
        end: '2026-03-05T08:01:00+00:00',
        value: 4,
        delivery_mode: 'bolus',
        delivery_form: null,
        bolus_purpose: 'meal',
      },
    ]);
    expect(events[0]?.payload.data.source).toMatchObject({ app_id: 'com.tandem', type: 'insulin_pump' });
    const [cycle] = await fx.summaries(userId, 'sleep_cycle');
    expect(cycle).toMatchObject({
      sleep_id: summaryId(userId, 'sleep', 'oura', 'sleep-9'),
      session_start: '2026-03-05T00:00:00+01:00',
      session_end: '2026-03-05T08:00:00+01:00',
      time_zone: 'Europe/Paris',
      source_provider: 'oura',
      source_type: 'ring',
      source_app_id: null,
      source_device_id: null,
    });
    expect(cycle).not.toHaveProperty('sleep_provider_id');
    expect(events[2]?.payload.data).toEqual(cycle);
    expect(await fx.samples(userId, 'hypnogram')).toHaveLength(1);
  });

  it('stores a workout stream and resolves workout-linked samples to the workout id', async () => {
    const userId = await fx.insertUser();
    const workoutId = summaryId(userId, 'workouts', 'strava', 'ride-1');
    const batch = {
      userId,
      mode: 'daily' as const,
      timeseries: [
        {
          resource: 'workout_distance',
          source: {
            provider: 'strava',
            type: 'app' as const,
            workout_provider_id: 'ride-1',
            sport: 'cycling',
          },
          samples: [
            { timestamp: '2026-03-05T10:00:00Z', end: '2026-03-05T10:01:00Z', value: 0.5, unit: 'km' },
          ],
        },
      ],
      summaries: [
        {
          kind: 'workouts' as const,
          source: { provider: 'strava', type: 'app' as const },
          provider_id: 'ride-1',
          fields: {
            time_start: '2026-03-05T10:00:00Z',
            time_end: '2026-03-05T11:00:00Z',
            sport: { id: 2, name: 'Cycling', slug: 'cycling' },
          },
        },
      ],
      workoutStreams: [
        {
          workout_provider_id: 'ride-1',
          provider: 'strava',
          stream: { time: [0, 1], power: [200, 210], gears: [1] },
        },
      ],
    };
    await fx.ingestion.ingest(batch);
    const stream = await fx.db.knex('workout_streams').where({ workout_id: workoutId }).first();
    expect(stream.payload).toEqual({
      time: [0, 1],
      cadence: null,
      altitude: null,
      velocity_smooth: null,
      heartrate: null,
      lat: null,
      lng: null,
      distance: null,
      power: [200, 210],
      resistance: null,
      temperature: null,
    });
    const [sample] = await fx.samples(userId, 'workout_distance');
    expect(sample).toMatchObject({ workout_id: workoutId, sport: 'cycling', value: 500 });
    const events = await fx.events(userId);
    expect(events.map((e) => e.event_type)).toEqual([
      'daily.data.workout_distance.created',
      'daily.data.workouts.created',
      'daily.data.activity.created',
      'daily.data.workout_stream.created',
    ]);
    expect(events[0]?.payload.data.source).toMatchObject({ workout_id: workoutId, sport: 'cycling' });
    expect(events[3]?.payload.data).toEqual({
      user_id: userId,
      workout_id: workoutId,
      provider_id: 'ride-1',
      message: null,
      source: {
        provider: 'strava',
        type: 'app',
        app_id: null,
        name: 'Strava',
        slug: 'strava',
        logo: 'https://storage.meridian.health/providers/strava.png',
        device_id: null,
        sport: null,
        workout_id: null,
      },
      sport: { id: 2, name: 'Cycling', slug: 'cycling' },
    });

    // A changed stream is an update.
    batch.workoutStreams[0]!.stream.power = [200, 220];
    expect(await fx.ingestion.ingest(batch)).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
  });

  it("concurrent batches of one user: no deadlock, and the day's activity counts both", async () => {
    const userId = await fx.insertUser();
    // Disjoint keys: nothing but the activity derivation makes the two transactions wait for each other.
    const batch = (type: 'watch' | 'phone', offsetMinutes: number, steps: number) =>
      fx.ingestion.ingest({
        userId,
        mode: 'daily',
        timeseries: [
          {
            resource: 'heartrate',
            source: { provider: 'fitbit', type: 'watch' },
            samples: Array.from({ length: 100 }, (_, i) => ({
              timestamp: new Date(
                Date.parse('2026-03-05T12:00:00Z') + (offsetMinutes + i) * 60_000,
              ).toISOString(),
              value: 60,
            })),
          },
          {
            resource: 'steps',
            source: { provider: 'fitbit', type },
            samples: Array.from({ length: 100 }, (_, i) => ({
              timestamp: new Date(
                Date.parse('2026-03-05T00:00:00Z') + (offsetMinutes + i) * 60_000,
              ).toISOString(),
              end: new Date(Date.parse('2026-03-05T00:01:00Z') + (offsetMinutes + i) * 60_000).toISOString(),
              value: steps,
            })),
          },
        ],
      });
    for (let round = 0; round < 3; round++) {
      await Promise.all([batch('watch', round * 400, 1), batch('phone', round * 400 + 150, 2)]);
    }
    const [activity] = await fx.summaries(userId, 'activity');
    expect(activity?.steps).toBe(3 * (100 + 200));
  });

  it('collapses repeats of one sample within a batch to the last one', async () => {
    const userId = await fx.insertUser();
    const result = await fx.ingestion.ingest({
      userId,
      mode: 'daily',
      timeseries: [
        {
          resource: 'hrv',
          source: RING,
          samples: [
            { timestamp: '2026-03-05T03:00:00Z', value: 40 },
            { timestamp: '2026-03-05T03:00:00Z', value: 45 },
          ],
        },
      ],
    });
    expect(result).toMatchObject({ created: 1, updated: 0, unchanged: 1 });
    expect((await fx.samples(userId, 'hrv')).map((s) => s.value)).toEqual([45]);
  });

  it('keeps a profile and a body summary dated by what the source knows', async () => {
    const userId = await fx.insertUser({ fallbackTimeZone: 'Pacific/Auckland' });
    await fx.ingestion.ingest({
      userId,
      mode: 'daily',
      summaries: [
        {
          kind: 'profile',
          source: { provider: 'fitbit' },
          provider_id: 'me',
          fields: { height: 180, sex: 'male' },
        },
        {
          kind: 'body',
          source: { provider: 'withings', type: 'scale' },
          provider_id: 'b1',
          fields: { calendar_date: '2026-03-03', weight: 80.2, fat: 20.1 },
        },
      ],
    });
    // NOW is 2026-04-01T12:00Z: already 2 April in Auckland.
    expect(await fx.summaries(userId, 'profile')).toMatchObject([
      { date: '2026-04-02', height: 180, sex: 'male', gender: null, source: { type: 'unknown' } },
    ]);
    expect(await fx.summaries(userId, 'body')).toMatchObject([
      { date: '2026-03-03', calendar_date: '2026-03-03', weight: 80.2, fat: 20.1, water_percentage: null },
    ]);
  });
});
