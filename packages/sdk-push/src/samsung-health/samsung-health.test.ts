import { mapIssues, mapOk, samples } from '../__tests__/ingestible';

const WATCH = {
  dataSource: { appId: 'com.sec.android.app.shealth', deviceId: 'x7Yq2' },
  device: { deviceType: 'WATCH', model: 'SM-R960', name: 'Galaxy Watch6 Classic' },
};
const loc = (j: number, ...field: (string | number)[]) => ['body', 'resources', 0, 'records', j, ...field];

describe('Samsung Health values', () => {
  it('maps heart-rate series in epoch milliseconds with the zone offset in seconds', () => {
    const start = Date.parse('2026-05-01T06:00:00Z');
    const r = mapOk('samsung_health', 'heartrate', [
      {
        uid: 'hr-1',
        dataType: 'HEART_RATE',
        startTime: start,
        endTime: start + 60_000,
        zoneOffset: 32_400,
        heartRate: 71,
        seriesData: [
          { startTime: start, endTime: start + 30_000, heartRate: 70 },
          { startTime: start + 30_000, endTime: start + 60_000, heartRate: 72 },
        ],
        ...WATCH,
      },
      {
        dataType: 'HEART_RATE',
        startTime: '2026-05-01T07:00:00Z',
        zoneOffset: '+09:00',
        heartRate: 64,
        ...WATCH,
      },
    ]);
    expect(r.timeseries[0]!.source).toEqual({
      provider: 'samsung_health',
      type: 'watch',
      app_id: 'com.sec.android.app.shealth',
      device_id: null,
    });
    expect(samples(r).map((s) => [s.timestamp, s.value, s.timezone_offset])).toEqual([
      ['2026-05-01T06:00:00.000Z', 70, 32400],
      ['2026-05-01T06:00:30.000Z', 72, 32400],
      ['2026-05-01T07:00:00.000Z', 64, 32400],
    ]);
  });

  it('keeps oxygen saturation in percent and refuses a fraction', () => {
    const point = (value: number) => ({
      dataType: 'BLOOD_OXYGEN',
      startTime: '2026-05-01T03:00:00Z',
      zoneOffset: '+09:00',
      oxygenSaturation: value,
      ...WATCH,
    });
    expect(samples(mapOk('samsung_health', 'blood_oxygen', [point(95)]))[0]).toMatchObject({
      value: 95,
      unit: '%',
    });
    expect(mapIssues('samsung_health', 'blood_oxygen', [point(0.95)])).toEqual([
      expect.objectContaining({ loc: loc(0, 'oxygenSaturation'), type: 'value_out_of_range' }),
    ]);
  });

  it('maps step and activity-summary aggregates (no uid) as intervals', () => {
    const bucket = { startTime: '2026-05-01T00:00:00+09:00', endTime: '2026-05-01T01:00:00+09:00', ...WATCH };
    expect(
      samples(mapOk('samsung_health', 'steps', [{ ...bucket, dataType: 'STEPS', count: 812 }]))[0],
    ).toMatchObject({
      timestamp: '2026-04-30T15:00:00.000Z',
      end: '2026-04-30T16:00:00.000Z',
      timezone_offset: 32400,
      value: 812,
    });
    const summary = {
      ...bucket,
      dataType: 'ACTIVITY_SUMMARY',
      totalActiveCaloriesBurned: 95.5,
      totalDistance: 1200,
    };
    expect(samples(mapOk('samsung_health', 'calories_active', [summary]))[0]).toMatchObject({
      value: 95.5,
      unit: 'kcal',
    });
    expect(samples(mapOk('samsung_health', 'distance', [summary]))[0]).toMatchObject({
      value: 1200,
      unit: 'm',
    });
  });

  it('maps glucose in mmol/L, blood pressure and body temperature', () => {
    const at = {
      startTime: '2026-05-01T07:00:00Z',
      zoneOffset: '+01:00',
      dataSource: { appId: 'com.sec.android.app.shealth' },
    };
    expect(
      samples(
        mapOk('samsung_health', 'glucose', [{ ...at, dataType: 'BLOOD_GLUCOSE', glucoseLevel: 5.6 }]),
      )[0],
    ).toMatchObject({
      value: 5.6,
      unit: 'mmol/L',
    });
    expect(
      mapIssues('samsung_health', 'glucose', [{ ...at, dataType: 'BLOOD_GLUCOSE', glucoseLevel: 101 }])[0]!
        .msg,
    ).toMatch(/mmol\/L/);
    expect(
      samples(
        mapOk('samsung_health', 'blood_pressure', [
          { ...at, dataType: 'BLOOD_PRESSURE', systolic: 128, diastolic: 84 },
        ]),
      )[0],
    ).toMatchObject({ systolic: 128, diastolic: 84 });
    expect(
      samples(
        mapOk('samsung_health', 'body_temperature', [
          { ...at, dataType: 'BODY_TEMPERATURE', bodyTemperature: 36.6 },
        ]),
      )[0],
    ).toMatchObject({ value: 36.6, unit: '°C' });
  });
});

describe('Samsung Health sessions', () => {
  it('maps a sleep data point with its sessions, stages and score', () => {
    const r = mapOk('samsung_health', 'sleep', [
      {
        uid: 'sleep-7f3a',
        dataType: 'SLEEP',
        startTime: '2026-05-01T14:00:00Z',
        endTime: '2026-05-01T22:00:00Z',
        zoneOffset: '+09:00',
        sleepScore: 81,
        sessions: [
          {
            startTime: '2026-05-01T14:00:00Z',
            endTime: '2026-05-01T18:00:00Z',
            stages: [
              { startTime: '2026-05-01T14:00:00Z', endTime: '2026-05-01T14:15:00Z', stage: 'AWAKE' },
              { startTime: '2026-05-01T14:15:00Z', endTime: '2026-05-01T16:00:00Z', stage: 'LIGHT' },
              { startTime: '2026-05-01T16:00:00Z', endTime: '2026-05-01T18:00:00Z', stage: 'DEEP' },
            ],
          },
          {
            startTime: '2026-05-01T18:30:00Z',
            endTime: '2026-05-01T22:00:00Z',
            stages: [{ startTime: '2026-05-01T18:30:00Z', endTime: '2026-05-01T22:00:00Z', stage: 'REM' }],
          },
        ],
        ...WATCH,
      },
    ]);
    expect(r.summaries).toEqual([
      expect.objectContaining({
        kind: 'sleep',
        provider_id: 'sleep-7f3a',
        fields: expect.objectContaining({
          bedtime_start: '2026-05-01T23:00:00.000+09:00',
          duration: 8 * 3600,
          light: 105 * 60,
          deep: 2 * 3600,
          rem: 3.5 * 3600,
          total: 105 * 60 + 5.5 * 3600,
          awake: 45 * 60,
          score: 81,
        }),
      }),
    ]);
  });

  it('maps each exercise session to a workout (uid, then uid:k)', () => {
    const r = mapOk('samsung_health', 'workouts', [
      {
        uid: 'ex-19',
        dataType: 'EXERCISE',
        exerciseType: 'RUNNING',
        startTime: '2026-05-01T06:00:00Z',
        endTime: '2026-05-01T07:30:00Z',
        zoneOffset: '+09:00',
        sessions: [
          {
            startTime: '2026-05-01T06:00:00Z',
            endTime: '2026-05-01T06:40:00Z',
            duration: 2_300_000,
            calories: 410,
            distance: 6800,
            meanHeartRate: 149,
            maxHeartRate: 171,
          },
          {
            exerciseType: 'TABLE_TENNIS',
            startTime: '2026-05-01T07:00:00Z',
            endTime: '2026-05-01T07:30:00Z',
          },
        ],
        ...WATCH,
      },
    ]);
    expect(
      r.summaries.map((s) => [s.provider_id, s.fields.sport, s.fields.calories, s.fields.moving_time]),
    ).toEqual([
      ['ex-19', { id: 1, name: 'Running', slug: 'running' }, 410, 2300],
      ['ex-19:1', { id: 0, name: 'Table tennis', slug: 'other' }, null, null],
    ]);
  });

  it('maps body composition and the user profile', () => {
    const body = mapOk('samsung_health', 'body', [
      {
        uid: 'bc-1',
        dataType: 'BODY_COMPOSITION',
        startTime: '2026-05-01T07:00:00Z',
        zoneOffset: '+09:00',
        weight: 64.2,
        bodyFat: 24.1,
        bodyMassIndex: 22.4,
        fatFreeMass: 48.7,
      },
    ]);
    expect(body.summaries[0]).toMatchObject({
      provider_id: 'bc-1',
      fields: { weight: 64.2, fat: 24.1, body_mass_index: 22.4, lean_body_mass_kilogram: 48.7 },
    });
    const profile = mapOk('samsung_health', 'profile', [
      { dataType: 'USER_PROFILE', gender: 'FEMALE', dateOfBirth: '1991-09-30', height: 166 },
    ]);
    expect(profile.summaries[0]!.fields).toEqual({ sex: 'female', birth_date: '1991-09-30', height: 166 });
  });

  it('refuses a sleep point without uid, an unknown stage, and an unknown data type', () => {
    const issues = mapIssues('samsung_health', 'sleep', [
      { dataType: 'SLEEP', startTime: '2026-05-01T14:00:00Z', endTime: '2026-05-01T22:00:00Z' },
      {
        uid: 's',
        dataType: 'SLEEP',
        startTime: '2026-05-01T14:00:00Z',
        endTime: '2026-05-01T22:00:00Z',
        sessions: [
          {
            startTime: '2026-05-01T14:00:00Z',
            endTime: '2026-05-01T22:00:00Z',
            stages: [
              { startTime: '2026-05-01T14:00:00Z', endTime: '2026-05-01T15:00:00Z', stage: 'DREAMING' },
            ],
          },
        ],
      },
      { uid: 't', dataType: 'HEART_RATE', startTime: '2026-05-01T14:00:00Z' },
    ]);
    expect(issues.map((i) => [i.loc, i.type])).toEqual([
      [loc(0, 'uid'), 'missing'],
      [loc(1, 'sessions', 0, 'stages', 0, 'stage'), 'enum'],
      [loc(2, 'dataType'), 'enum'],
    ]);
  });
});
