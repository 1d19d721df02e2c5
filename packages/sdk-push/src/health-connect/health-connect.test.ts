import { mapIssues, mapOk, samples } from '../__tests__/ingestible';

let n = 0;
const meta = (device: object = { manufacturer: 'Google', model: 'Pixel Watch 2', type: 1 }) => ({
  id: `b1e4c2a0-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  dataOrigin: { packageName: 'com.google.android.apps.fitness' },
  device,
  recordingMethod: 2,
});
const loc = (j: number, ...field: (string | number)[]) => ['body', 'resources', 0, 'records', j, ...field];
const instant = (recordType: string, time: string, zoneOffset: unknown, fields: object) => ({
  recordType,
  time,
  zoneOffset,
  metadata: meta(),
  ...fields,
});

describe('Health Connect heart rate', () => {
  const series = (
    start: string,
    end: string,
    startZoneOffset: unknown,
    endZoneOffset: unknown,
    times: string[],
  ) => ({
    recordType: 'HeartRate',
    startTime: start,
    endTime: end,
    startZoneOffset,
    endZoneOffset,
    samples: times.map((time, k) => ({ time, beatsPerMinute: 60 + k })),
    metadata: meta(),
  });

  it('maps each series sample, with the watch and the writing app as source', () => {
    const r = mapOk('health_connect', 'heartrate', [
      series('2026-05-01T06:00:00Z', '2026-05-01T06:01:00Z', '+02:00', '+02:00', [
        '2026-05-01T06:00:00Z',
        '2026-05-01T06:00:30Z',
      ]),
      { ...instant('RestingHeartRate', '2026-05-01T05:00:00Z', 7200, { beatsPerMinute: 48 }) },
    ]);
    expect(r.timeseries[0]!.source).toEqual({
      provider: 'health_connect',
      type: 'watch',
      app_id: 'com.google.android.apps.fitness',
      device_id: null,
    });
    expect(samples(r).map((s) => [s.timestamp, s.value, s.type ?? null, s.timezone_offset])).toEqual([
      ['2026-05-01T06:00:00.000Z', 60, null, 7200],
      ['2026-05-01T06:00:30.000Z', 61, null, 7200],
      ['2026-05-01T05:00:00.000Z', 48, 'resting', 7200],
    ]);
  });

  it('dates samples of a record crossing the DST change by the phone zone when it explains both offsets', () => {
    const record = series('2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z', '+01:00', '+02:00', [
      '2026-03-29T00:45:00Z',
      '2026-03-29T01:15:00Z',
      '2026-03-29T01:30:00Z',
    ]);
    const zoned = mapOk('health_connect', 'heartrate', [record], { fallbackTimeZone: 'Europe/Berlin' });
    expect(samples(zoned).map((s) => s.timezone_offset)).toEqual([3600, 7200, 7200]);
    // Without a zone that explains the change, the start offset holds until the end instant.
    const bare = mapOk('health_connect', 'heartrate', [record]);
    expect(samples(bare).map((s) => s.timezone_offset)).toEqual([3600, 3600, 7200]);
  });

  it('reads zone offsets as text, seconds or {totalSeconds}; none falls back to the phone zone', () => {
    const r = mapOk(
      'health_connect',
      'heartrate',
      [
        instant('RestingHeartRate', '2026-05-01T05:00:00Z', '-07:00', { beatsPerMinute: 50 }),
        instant('RestingHeartRate', '2026-05-02T05:00:00Z', 19800, { beatsPerMinute: 51 }),
        instant(
          'RestingHeartRate',
          '2026-05-03T05:00:00Z',
          { id: '+09:00', totalSeconds: 32400 },
          { beatsPerMinute: 52 },
        ),
        instant('RestingHeartRate', '2026-05-04T05:00:00Z', 'Z', { beatsPerMinute: 53 }),
        instant('RestingHeartRate', '2026-05-05T05:00:00Z', null, { beatsPerMinute: 54 }),
      ],
      { fallbackTimeZone: 'Asia/Tokyo' },
    );
    expect(samples(r).map((s) => s.timezone_offset)).toEqual([-25200, 19800, 32400, 0, 32400]);
  });

  it('refuses a sample outside its record and a bad zone offset', () => {
    const issues = mapIssues('health_connect', 'heartrate', [
      series('2026-05-01T06:00:00Z', '2026-05-01T06:01:00Z', '+02:00', '+02:00', ['2026-05-01T07:00:00Z']),
      instant('RestingHeartRate', '2026-05-01T05:00:00Z', '+25:00', { beatsPerMinute: 50 }),
    ]);
    expect(issues.map((i) => [i.loc, i.type])).toEqual([
      [loc(0, 'samples', 0, 'time'), 'value_error'],
      [loc(1, 'zoneOffset'), 'value_error'],
    ]);
  });
});

describe('Health Connect units', () => {
  it('keeps percentages as percent: 97 is 97 % oxygen saturation', () => {
    const r = mapOk('health_connect', 'blood_oxygen', [
      instant('OxygenSaturation', '2026-05-01T03:00:00Z', '+02:00', { percentage: 97 }),
      instant('OxygenSaturationRecord', '2026-05-01T03:05:00Z', '+02:00', { percentage: { value: 96.5 } }),
    ]);
    expect(samples(r).map((s) => [s.value, s.unit])).toEqual([
      [97, '%'],
      [96.5, '%'],
    ]);
  });

  it('refuses a fraction sent as a Health Connect percentage (the classic bug)', () => {
    const issues = mapIssues('health_connect', 'blood_oxygen', [
      instant('OxygenSaturation', '2026-05-01T03:00:00Z', '+02:00', { percentage: 0.97 }),
    ]);
    expect(issues).toEqual([
      expect.objectContaining({ loc: loc(0, 'percentage'), type: 'value_out_of_range' }),
    ]);
    expect(issues[0]!.msg).toMatch(/not fractions/);
  });

  it('reads masses as {value, unit} and as read results', () => {
    const r = mapOk('health_connect', 'weight', [
      instant('Weight', '2026-05-01T05:00:00Z', '+02:00', { weight: { value: 160, unit: 'pounds' } }),
      instant('Weight', '2026-05-02T05:00:00Z', '+02:00', { weight: { inKilograms: 72.5, inPounds: 159.8 } }),
      instant('Weight', '2026-05-03T05:00:00Z', '+02:00', { weight: { value: 72100, unit: 'grams' } }),
    ]);
    expect(samples(r).map((s) => [s.value, s.unit])).toEqual([
      [160, 'lb'],
      [72.5, 'kg'],
      [72100, 'g'],
    ]);
  });

  it('converts glucose, energy, length and volume', () => {
    const glucose = mapOk('health_connect', 'glucose', [
      instant('BloodGlucose', '2026-05-01T05:00:00Z', '+02:00', {
        level: { value: 104, unit: 'milligramsPerDeciliter' },
      }),
      instant('BloodGlucose', '2026-05-01T06:00:00Z', '+02:00', { level: { inMillimolesPerLiter: 5.8 } }),
    ]);
    expect(samples(glucose).map((s) => [s.value, s.unit])).toEqual([
      [104, 'mg/dL'],
      [5.8, 'mmol/L'],
    ]);
    const interval = (recordType: string, fields: object) => ({
      recordType,
      startTime: '2026-05-01T06:00:00Z',
      endTime: '2026-05-01T06:30:00Z',
      startZoneOffset: '+02:00',
      endZoneOffset: '+02:00',
      metadata: meta(),
      ...fields,
    });
    const energy = mapOk('health_connect', 'calories_active', [
      interval('ActiveCaloriesBurned', { energy: { value: 120, unit: 'kilocalories' } }),
    ]);
    expect(samples(energy)[0]).toMatchObject({ value: 120, unit: 'kcal', end: '2026-05-01T06:30:00.000Z' });
    const small = mapOk('health_connect', 'calories_active', [
      interval('ActiveCaloriesBurned', { energy: { value: 120_000, unit: 'calories' } }),
    ]);
    expect(samples(small)[0]).toMatchObject({ value: 120, unit: 'kcal' });
    const distance = mapOk('health_connect', 'distance', [
      interval('Distance', { distance: { value: 2.5, unit: 'miles' } }),
    ]);
    expect(samples(distance)[0]!.value).toBeCloseTo(4023.36, 6);
    const steps = mapOk('health_connect', 'steps', [interval('Steps', { count: 2400 })]);
    expect(samples(steps)[0]).toMatchObject({ value: 2400, unit: 'count' });
  });

  it('refuses units it does not know, and a value object without a unit', () => {
    const issues = mapIssues('health_connect', 'weight', [
      instant('Weight', '2026-05-01T05:00:00Z', '+02:00', { weight: { value: 70, unit: 'stones' } }),
      instant('Weight', '2026-05-01T05:00:00Z', '+02:00', { weight: { amount: 70 } }),
      instant('Weight', '2026-05-01T05:00:00Z', '+02:00', { weight: 70 }),
    ]);
    expect(issues.map((i) => [i.loc, i.type])).toEqual([
      [loc(0, 'weight', 'unit'), 'unit_error'],
      [loc(1, 'weight'), 'value_error'],
      [loc(2, 'weight'), 'dict_type'],
    ]);
  });

  it('maps blood pressure, body temperature location and RMSSD', () => {
    const bp = mapOk('health_connect', 'blood_pressure', [
      instant('BloodPressure', '2026-05-01T05:00:00Z', '+02:00', {
        systolic: { value: 118, unit: 'millimetersOfMercury' },
        diastolic: { inMillimetersOfMercury: 76 },
        metadata: meta({ manufacturer: 'Omron', model: 'M7', type: 0 }),
      }),
    ]);
    expect(samples(bp)[0]).toMatchObject({ systolic: 118, diastolic: 76, unit: 'mmHg' });
    const temp = mapOk('health_connect', 'body_temperature', [
      instant('BodyTemperature', '2026-05-01T05:00:00Z', '+02:00', {
        temperature: { value: 36.8, unit: 'celsius' },
        measurementLocation: 1,
      }),
    ]);
    expect(samples(temp)[0]).toMatchObject({ value: 36.8, unit: 'degC', sensor_location: 'armpit' });
    const hrv = mapOk('health_connect', 'hrv', [
      instant('HeartRateVariabilityRmssd', '2026-05-01T05:00:00Z', '+02:00', {
        heartRateVariabilityMillis: 42,
      }),
    ]);
    expect(samples(hrv)[0]).toMatchObject({ value: 42, unit: 'ms' });
    expect(samples(hrv)[0]!.type).toBeUndefined();
  });
});

describe('Health Connect sessions', () => {
  it('maps a sleep session with stages (provider id = metadata.id)', () => {
    const m = meta({ manufacturer: 'Samsung', model: 'Galaxy Ring', type: 4 });
    const r = mapOk('health_connect', 'sleep', [
      {
        recordType: 'SleepSession',
        startTime: '2026-05-01T21:00:00Z',
        endTime: '2026-05-02T05:00:00Z',
        startZoneOffset: '+02:00',
        endZoneOffset: '+02:00',
        metadata: m,
        stages: [
          { startTime: '2026-05-01T21:00:00Z', endTime: '2026-05-01T21:20:00Z', stage: 7 },
          { startTime: '2026-05-01T21:20:00Z', endTime: '2026-05-02T00:00:00Z', stage: 4 },
          { startTime: '2026-05-02T00:00:00Z', endTime: '2026-05-02T01:30:00Z', stage: 5 },
          { startTime: '2026-05-02T01:30:00Z', endTime: '2026-05-02T03:00:00Z', stage: 6 },
          { startTime: '2026-05-02T03:00:00Z', endTime: '2026-05-02T03:10:00Z', stage: 1 },
          { startTime: '2026-05-02T03:10:00Z', endTime: '2026-05-02T05:30:00Z', stage: 'light' },
        ],
      },
    ]);
    expect(r.summaries).toEqual([
      expect.objectContaining({
        kind: 'sleep',
        provider_id: m.id,
        timezone_offset: 7200,
        source: expect.objectContaining({ type: 'ring' }),
        fields: {
          bedtime_start: '2026-05-01T23:00:00.000+02:00',
          bedtime_stop: '2026-05-02T07:00:00.000+02:00',
          duration: 8 * 3600,
          light: 160 * 60 + 110 * 60,
          deep: 90 * 60,
          rem: 90 * 60,
          total: 8 * 3600 - 30 * 60,
          awake: 30 * 60,
          latency: 20 * 60,
          efficiency: 93.8,
        },
      }),
    ]);
  });

  it('counts a session without stages as asleep throughout', () => {
    const r = mapOk('health_connect', 'sleep', [
      {
        recordType: 'SleepSessionRecord',
        startTime: '2026-05-01T13:00:00Z',
        endTime: '2026-05-01T13:40:00Z',
        metadata: meta(),
      },
    ]);
    expect(r.summaries[0]!.fields).toMatchObject({ duration: 2400, total: 2400, awake: 0 });
  });

  it('maps an exercise session with its sport and route', () => {
    const m = meta();
    const r = mapOk('health_connect', 'workouts', [
      {
        recordType: 'ExerciseSession',
        exerciseType: 56,
        title: 'Morning run',
        startTime: '2026-05-01T05:00:00Z',
        endTime: '2026-05-01T05:40:00Z',
        startZoneOffset: '+02:00',
        endZoneOffset: '+02:00',
        metadata: m,
        exerciseRoute: {
          route: [
            { time: '2026-05-01T05:00:10Z', latitude: 48.1, longitude: 11.5, altitude: { inMeters: 520 } },
            { time: '2026-05-01T05:00:00Z', latitude: 48.0, longitude: 11.4, altitude: { inMeters: 519 } },
          ],
        },
      },
      {
        recordType: 'ExerciseSession',
        exerciseType: 'EXERCISE_TYPE_BIKING_STATIONARY',
        startTime: '2026-05-02T05:00:00Z',
        endTime: '2026-05-02T05:40:00Z',
        metadata: meta(),
      },
    ]);
    expect(r.summaries[0]).toMatchObject({
      provider_id: m.id,
      source: { sport: 'running' },
      fields: {
        title: 'Morning run',
        time_start: '2026-05-01T07:00:00.000+02:00',
        sport: { id: 1, name: 'Running', slug: 'running' },
      },
    });
    expect(r.summaries[1]!.fields.sport).toEqual({ id: 2, name: 'Cycling', slug: 'cycling' });
    expect(r.workoutStreams).toEqual([
      {
        workout_provider_id: m.id,
        provider: 'health_connect',
        stream: { time: [0, 10], lat: [48.0, 48.1], lng: [11.4, 11.5], altitude: [519, 520] },
      },
    ]);
  });

  it('groups body records of one instant and maps height into the profile', () => {
    const at = '2026-05-01T05:00:00Z';
    const scale = meta({ manufacturer: 'Withings', model: 'Body+', type: 3 });
    const r = mapOk('health_connect', 'body', [
      { ...instant('Weight', at, '+02:00', { weight: { inKilograms: 80 } }), metadata: scale },
      { ...instant('BodyFat', at, '+02:00', { percentage: 22.5 }), metadata: { ...scale, id: 'zz-fat' } },
    ]);
    expect(r.summaries).toEqual([
      expect.objectContaining({ kind: 'body', provider_id: scale.id, fields: { weight: 80, fat: 22.5 } }),
    ]);
    const p = mapOk('health_connect', 'profile', [
      instant('Height', '2026-05-01T05:00:00Z', '+02:00', { height: { inMeters: 1.82 } }),
    ]);
    expect(p.summaries[0]!.fields).toEqual({ height: 182 });
  });
});

describe('Health Connect invalid records', () => {
  it('names a missing metadata.id, a record type of another resource and an end before the start', () => {
    const issues = mapIssues('health_connect', 'steps', [
      {
        recordType: 'Steps',
        startTime: '2026-05-01T06:00:00Z',
        endTime: '2026-05-01T06:10:00Z',
        count: 5,
        metadata: {},
      },
      {
        recordType: 'Distance',
        startTime: '2026-05-01T06:00:00Z',
        endTime: '2026-05-01T06:10:00Z',
        metadata: meta(),
      },
      {
        recordType: 'Steps',
        startTime: '2026-05-01T06:00:00Z',
        endTime: '2026-05-01T05:00:00Z',
        count: 5,
        metadata: meta(),
      },
      {
        recordType: 'Steps',
        startTime: '2026-05-01T06:00:00Z',
        endTime: '2026-05-01T06:10:00Z',
        count: -5,
        metadata: meta(),
      },
    ]);
    expect(issues.map((i) => [i.loc, i.type])).toEqual([
      [loc(0, 'metadata', 'id'), 'missing'],
      [loc(1, 'recordType'), 'enum'],
      [loc(2, 'endTime'), 'greater_than_equal'],
      [loc(3, 'count'), 'value_out_of_range'],
    ]);
  });
});
