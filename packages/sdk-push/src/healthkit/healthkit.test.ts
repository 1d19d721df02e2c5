import { DEVICE_ID, mapIssues, mapOk, samples } from '../__tests__/ingestible';

const WATCH = {
  device: { name: 'Apple Watch', model: 'Watch', manufacturer: 'Apple Inc.' },
  sourceRevision: { source: { bundleIdentifier: 'com.apple.health.81D6A5B2-1C1E' }, productType: 'Watch7,1' },
};
const PHONE = {
  device: { name: 'iPhone', model: 'iPhone', manufacturer: 'Apple Inc.' },
  sourceRevision: {
    source: { bundleIdentifier: 'com.apple.health.0A9C2E44-77AA' },
    productType: 'iPhone15,2',
  },
};
const THIRD_PARTY = { sourceRevision: { source: { bundleIdentifier: 'com.tantsissa.AutoSleep' } } };

let n = 0;
const uuid = () => `A1B2C3D4-0000-4000-8000-${String(++n).padStart(12, '0')}`;

function quantity(sampleType: string, q: number, unit: string, start: string, end = start, extra = {}) {
  return { uuid: uuid(), sampleType, startDate: start, endDate: end, quantity: q, unit, ...WATCH, ...extra };
}

const loc = (j: number, ...field: (string | number)[]) => ['body', 'resources', 0, 'records', j, ...field];

describe('HealthKit quantity samples', () => {
  it('maps heart rate with the watch as source type and the bundle id as app id', () => {
    const r = mapOk('apple_health_kit', 'heartrate', [
      quantity('HKQuantityTypeIdentifierHeartRate', 62, 'count/min', '2026-05-01T08:00:00+02:00'),
      quantity('HKQuantityTypeIdentifierRestingHeartRate', 51, 'count/min', '2026-05-01T00:00:00+02:00'),
      quantity(
        'HKQuantityTypeIdentifierWalkingHeartRateAverage',
        98,
        'count/min',
        '2026-05-01T00:00:00+02:00',
      ),
    ]);
    expect(r.timeseries).toHaveLength(1);
    expect(r.timeseries[0]!.source).toEqual({
      provider: 'apple_health_kit',
      type: 'watch',
      app_id: 'com.apple.health.81D6A5B2-1C1E',
      device_id: null,
    });
    expect(samples(r).map((s) => [s.timestamp, s.value, s.unit, s.type ?? null, s.timezone_offset])).toEqual([
      ['2026-05-01T06:00:00.000Z', 62, 'bpm', null, 7200],
      ['2026-04-30T22:00:00.000Z', 51, 'bpm', 'resting', 7200],
      ['2026-04-30T22:00:00.000Z', 98, 'bpm', 'walking', 7200],
    ]);
    expect(r.recordCount).toBe(3);
  });

  it('takes the iPhone as phone and other apps as app', () => {
    const r = mapOk('apple_health_kit', 'steps', [
      quantity(
        'HKQuantityTypeIdentifierStepCount',
        120,
        'count',
        '2026-05-01T08:00:00Z',
        '2026-05-01T08:10:00Z',
        PHONE,
      ),
      quantity(
        'HKQuantityTypeIdentifierStepCount',
        80,
        'count',
        '2026-05-01T08:00:00Z',
        '2026-05-01T08:10:00Z',
        {
          device: undefined,
          sourceRevision: { source: { bundleIdentifier: 'com.example.pedometer' } },
        },
      ),
    ]);
    expect(r.timeseries.map((t) => [t.source.type, t.source.app_id])).toEqual([
      ['phone', 'com.apple.health.0A9C2E44-77AA'],
      ['app', 'com.example.pedometer'],
    ]);
    expect(samples(r)[0]).toMatchObject({ end: '2026-05-01T08:10:00.000Z', value: 120, unit: 'count' });
  });

  it('carries the Meridian device id only when the team asks for per-device activity', () => {
    const record = quantity(
      'HKQuantityTypeIdentifierStepCount',
      5,
      'count',
      '2026-05-01T08:00:00Z',
      '2026-05-01T08:01:00Z',
    );
    expect(mapOk('apple_health_kit', 'steps', [record]).timeseries[0]!.source.device_id).toBeNull();
    const per = mapOk('apple_health_kit', 'steps', [record], { perDeviceActivity: true });
    expect(per.timeseries[0]!.source.device_id).toBe(DEVICE_ID);
  });

  it('gives an instantaneous sample on an interval resource a one-second span', () => {
    const r = mapOk('apple_health_kit', 'steps', [
      quantity('HKQuantityTypeIdentifierStepCount', 3, 'count', '2026-05-01T08:00:00Z'),
    ]);
    expect(samples(r)[0]).toMatchObject({
      timestamp: '2026-05-01T08:00:00.000Z',
      end: '2026-05-01T08:00:01.000Z',
    });
  });

  describe('units', () => {
    it('reads HealthKit percent as a fraction: 0.97 is 97 % oxygen saturation', () => {
      const r = mapOk('apple_health_kit', 'blood_oxygen', [
        quantity('HKQuantityTypeIdentifierOxygenSaturation', 0.97, '%', '2026-05-01T03:00:00Z'),
      ]);
      expect(samples(r)[0]).toMatchObject({ value: 0.97, unit: 'fraction' });
    });

    it('refuses a percent value sent where HealthKit keeps a fraction (the classic bug)', () => {
      const issues = mapIssues('apple_health_kit', 'blood_oxygen', [
        quantity('HKQuantityTypeIdentifierOxygenSaturation', 97, '%', '2026-05-01T03:00:00Z'),
      ]);
      expect(issues).toEqual([
        expect.objectContaining({ loc: loc(0, 'quantity'), type: 'value_out_of_range' }),
      ]);
      expect(issues[0]!.msg).toMatch(/fraction/);
    });

    it('reads body fat as a fraction', () => {
      const r = mapOk('apple_health_kit', 'fat', [
        quantity('HKQuantityTypeIdentifierBodyFatPercentage', 0.215, '%', '2026-05-01T07:00:00Z'),
      ]);
      expect(samples(r)[0]).toMatchObject({ value: 0.215, unit: 'fraction' });
    });

    it('converts glucose from mg/dL and from HealthKit mmol/L with molar mass', () => {
      const r = mapOk('apple_health_kit', 'glucose', [
        quantity('HKQuantityTypeIdentifierBloodGlucose', 99, 'mg/dL', '2026-05-01T07:00:00Z'),
        quantity(
          'HKQuantityTypeIdentifierBloodGlucose',
          5.4,
          'mmol<180.15588000005408>/L',
          '2026-05-01T08:00:00Z',
        ),
      ]);
      expect(samples(r).map((s) => [s.value, s.unit])).toEqual([
        [99, 'mg/dL'],
        [5.4, 'mmol/L'],
      ]);
    });

    it('refuses mg/dL values labelled mmol/L', () => {
      const issues = mapIssues('apple_health_kit', 'glucose', [
        quantity(
          'HKQuantityTypeIdentifierBloodGlucose',
          99,
          'mmol<180.15588000005408>/L',
          '2026-05-01T07:00:00Z',
        ),
      ]);
      expect(issues[0]).toMatchObject({ loc: loc(0, 'quantity'), type: 'value_out_of_range' });
    });

    it('converts energy units (kcal, food Cal, cal, kJ)', () => {
      const t = ['2026-05-01T07:00:00Z', '2026-05-01T07:05:00Z'] as const;
      const r = mapOk('apple_health_kit', 'calories_active', [
        quantity('HKQuantityTypeIdentifierActiveEnergyBurned', 12.5, 'kcal', ...t),
        quantity(
          'HKQuantityTypeIdentifierActiveEnergyBurned',
          10,
          'Cal',
          '2026-05-01T07:05:00Z',
          '2026-05-01T07:10:00Z',
        ),
        quantity(
          'HKQuantityTypeIdentifierActiveEnergyBurned',
          9000,
          'cal',
          '2026-05-01T07:10:00Z',
          '2026-05-01T07:15:00Z',
        ),
        quantity(
          'HKQuantityTypeIdentifierActiveEnergyBurned',
          41.84,
          'kJ',
          '2026-05-01T07:15:00Z',
          '2026-05-01T07:20:00Z',
        ),
      ]);
      expect(samples(r).map((s) => [s.value, s.unit])).toEqual([
        [12.5, 'kcal'],
        [10, 'kcal'],
        [9, 'kcal'],
        [41.84, 'kJ'],
      ]);
    });

    it('converts HRV SDNN in seconds to ms and marks it sdnn', () => {
      const r = mapOk('apple_health_kit', 'hrv', [
        quantity('HKQuantityTypeIdentifierHeartRateVariabilitySDNN', 0.048, 's', '2026-05-01T03:00:00Z'),
        quantity('HKQuantityTypeIdentifierHeartRateVariabilitySDNN', 52, 'ms', '2026-05-01T04:00:00Z'),
      ]);
      expect(samples(r).map((s) => [s.value, s.unit, s.type])).toEqual([
        [48, 'ms', 'sdnn'],
        [52, 'ms', 'sdnn'],
      ]);
    });

    it('passes weight, temperature and distance units ingestion converts', () => {
      const weight = mapOk('apple_health_kit', 'weight', [
        quantity('HKQuantityTypeIdentifierBodyMass', 154.3, 'lb', '2026-05-01T07:00:00Z'),
      ]);
      expect(samples(weight)[0]).toMatchObject({ value: 154.3, unit: 'lb' });
      const temp = mapOk('apple_health_kit', 'body_temperature', [
        quantity('HKQuantityTypeIdentifierBodyTemperature', 98.6, 'degF', '2026-05-01T07:00:00Z', undefined, {
          metadata: { HKBodyTemperatureSensorLocation: 6 },
        }),
      ]);
      expect(samples(temp)[0]).toMatchObject({ value: 98.6, unit: 'degF', sensor_location: 'mouth' });
      const distance = mapOk('apple_health_kit', 'distance', [
        quantity(
          'HKQuantityTypeIdentifierDistanceCycling',
          5.2,
          'km',
          '2026-05-01T07:00:00Z',
          '2026-05-01T07:20:00Z',
        ),
        quantity(
          'HKQuantityTypeIdentifierDistanceWheelchair',
          300,
          'm',
          '2026-05-01T08:00:00Z',
          '2026-05-01T08:20:00Z',
        ),
      ]);
      expect(samples(distance).map((s) => [s.value, s.unit, s.type, s.source.sport ?? null])).toEqual([
        [5.2, 'km', 'cycling', null],
        [300, 'm', 'wheelchair', 'wheelchair_pushing'],
      ]);
    });

    it('refuses a unit that does not convert, naming the unit field', () => {
      const issues = mapIssues('apple_health_kit', 'weight', [
        quantity('HKQuantityTypeIdentifierBodyMass', 70, 'count/min', '2026-05-01T07:00:00Z'),
        quantity('HKQuantityTypeIdentifierBodyMass', 70, 'furlong', '2026-05-01T07:00:00Z'),
      ]);
      expect(issues.map((i) => [i.loc, i.type])).toEqual([
        [loc(0, 'unit'), 'unit_error'],
        [loc(1, 'unit'), 'unit_error'],
      ]);
    });
  });

  describe('time zones', () => {
    it('dates each sample by its HKTimeZone across the spring DST change', () => {
      const meta = { metadata: { HKTimeZone: 'Europe/Berlin' } };
      const r = mapOk('apple_health_kit', 'heartrate', [
        quantity(
          'HKQuantityTypeIdentifierHeartRate',
          55,
          'count/min',
          '2026-03-29T00:30:00Z',
          undefined,
          meta,
        ),
        quantity(
          'HKQuantityTypeIdentifierHeartRate',
          56,
          'count/min',
          '2026-03-29T01:30:00Z',
          undefined,
          meta,
        ),
      ]);
      expect(samples(r).map((s) => s.timezone_offset)).toEqual([3600, 7200]);
    });

    it('dates samples across the autumn DST change by the phone zone when records carry none', () => {
      const r = mapOk(
        'apple_health_kit',
        'heartrate',
        [
          quantity('HKQuantityTypeIdentifierHeartRate', 55, 'count/min', '2026-11-01T05:30:00Z'),
          quantity('HKQuantityTypeIdentifierHeartRate', 56, 'count/min', '2026-11-01T06:30:00Z'),
        ],
        { fallbackTimeZone: 'America/New_York' },
      );
      expect(samples(r).map((s) => s.timezone_offset)).toEqual([-4 * 3600, -5 * 3600]);
    });

    it('uses an offset written in the date, and leaves a bare Z unknown', () => {
      const r = mapOk('apple_health_kit', 'heartrate', [
        quantity('HKQuantityTypeIdentifierHeartRate', 70, 'count/min', '2026-05-01T08:00:00+05:30'),
        quantity('HKQuantityTypeIdentifierHeartRate', 71, 'count/min', '2026-05-01T09:00:00Z'),
      ]);
      expect(samples(r).map((s) => [s.timestamp, s.timezone_offset])).toEqual([
        ['2026-05-01T02:30:00.000Z', 19800],
        ['2026-05-01T09:00:00.000Z', null],
      ]);
    });
  });

  it('maps a blood pressure correlation', () => {
    const r = mapOk('apple_health_kit', 'blood_pressure', [
      {
        uuid: uuid(),
        sampleType: 'HKCorrelationTypeIdentifierBloodPressure',
        startDate: '2026-05-01T07:00:00+02:00',
        endDate: '2026-05-01T07:00:00+02:00',
        objects: [
          { sampleType: 'HKQuantityTypeIdentifierBloodPressureSystolic', quantity: 121, unit: 'mmHg' },
          { sampleType: 'HKQuantityTypeIdentifierBloodPressureDiastolic', quantity: 79, unit: 'mmHg' },
        ],
        device: { name: 'BP Monitor', model: 'BPM Connect', manufacturer: 'Withings' },
        sourceRevision: { source: { bundleIdentifier: 'com.withings.wiScaleNG' } },
      },
    ]);
    expect(samples(r)[0]).toMatchObject({
      systolic: 121,
      diastolic: 79,
      unit: 'mmHg',
      timezone_offset: 7200,
    });
    expect(r.timeseries[0]!.source.type).toBe('cuff');
  });

  it('refuses a correlation without diastolic, and one with systolic below diastolic', () => {
    const base = {
      sampleType: 'HKCorrelationTypeIdentifierBloodPressure',
      startDate: '2026-05-01T07:00:00Z',
      endDate: '2026-05-01T07:00:00Z',
    };
    const issues = mapIssues('apple_health_kit', 'blood_pressure', [
      {
        ...base,
        uuid: uuid(),
        objects: [
          { sampleType: 'HKQuantityTypeIdentifierBloodPressureSystolic', quantity: 120, unit: 'mmHg' },
        ],
      },
      {
        ...base,
        uuid: uuid(),
        objects: [
          { sampleType: 'HKQuantityTypeIdentifierBloodPressureSystolic', quantity: 70, unit: 'mmHg' },
          { sampleType: 'HKQuantityTypeIdentifierBloodPressureDiastolic', quantity: 90, unit: 'mmHg' },
        ],
      },
    ]);
    expect(issues.map((i) => i.loc)).toEqual([loc(0, 'objects'), loc(1, 'objects')]);
  });

  describe('invalid records', () => {
    const ok = () => quantity('HKQuantityTypeIdentifierHeartRate', 60, 'count/min', '2026-05-01T08:00:00Z');

    it.each([
      [
        'an end before the start',
        { startDate: '2026-05-01T08:00:00Z', endDate: '2026-05-01T07:59:59Z' },
        'endDate',
        'greater_than_equal',
      ],
      ['a quantity that is not a number', { quantity: '60' }, 'quantity', 'float_type'],
      ['a non-finite quantity', { quantity: Infinity }, 'quantity', 'float_type'],
      ['an impossible heart rate', { quantity: 900 }, 'quantity', 'value_out_of_range'],
      ['a negative heart rate', { quantity: -3 }, 'quantity', 'value_out_of_range'],
      ['a missing unit', { unit: undefined }, 'unit', 'missing'],
      ['a date that is not ISO 8601', { startDate: 'yesterday' }, 'startDate', 'datetime_parsing'],
      ['a date in epoch seconds', { startDate: 1777622400 }, 'startDate', 'datetime_parsing'],
      ['an impossible date', { startDate: '2026-02-30T08:00:00Z' }, 'startDate', 'datetime_parsing'],
      ['a uuid that is not one', { uuid: 'not-a-uuid' }, 'uuid', 'uuid_parsing'],
      ['a missing uuid', { uuid: null }, 'uuid', 'missing'],
      [
        'a type of another resource',
        { sampleType: 'HKQuantityTypeIdentifierStepCount' },
        'sampleType',
        'enum',
      ],
      [
        'an unknown zone',
        { metadata: { HKTimeZone: 'Mars/Olympus' } },
        ['metadata', 'HKTimeZone'],
        'value_error',
      ],
      [
        'a huge bundle id',
        { sourceRevision: { source: { bundleIdentifier: 'x'.repeat(100_000) } } },
        ['sourceRevision', 'source', 'bundleIdentifier'],
        'string_too_long',
      ],
    ])('refuses %s, naming the field', (_, patch, field, type) => {
      const issues = mapIssues('apple_health_kit', 'heartrate', [ok(), { ...ok(), ...patch }]);
      expect(issues).toContainEqual(
        expect.objectContaining({ loc: loc(1, ...(Array.isArray(field) ? field : [field])), type }),
      );
      expect(issues.every((i) => i.loc[4] === 1)).toBe(true);
    });

    it('refuses a record that is not an object', () => {
      expect(mapIssues('apple_health_kit', 'heartrate', [ok(), 42, null])).toEqual([
        expect.objectContaining({ loc: loc(1), type: 'dict_type' }),
        expect.objectContaining({ loc: loc(2), type: 'dict_type' }),
      ]);
    });
  });
});

describe('HealthKit sleep analysis', () => {
  const sleep = (value: number, start: string, end: string, source: object, extra = {}) => ({
    uuid: uuid(),
    sampleType: 'HKCategoryTypeIdentifierSleepAnalysis',
    value,
    startDate: start,
    endDate: end,
    ...source,
    ...extra,
  });
  const zone = { metadata: { HKTimeZone: 'Europe/Berlin' } };

  /** A night: iPhone bedtime (inBed 22:30–06:30 UTC), Watch stages inside it, AutoSleep overlapping. */
  function night() {
    const inBed = sleep(0, '2026-05-01T22:30:00Z', '2026-05-02T06:30:00Z', PHONE, zone);
    return [
      inBed,
      sleep(2, '2026-05-01T22:40:00Z', '2026-05-01T23:00:00Z', WATCH, zone), // awake
      sleep(3, '2026-05-01T23:00:00Z', '2026-05-02T01:00:00Z', WATCH, zone), // core
      sleep(4, '2026-05-02T01:00:00Z', '2026-05-02T02:30:00Z', WATCH, zone), // deep
      sleep(5, '2026-05-02T02:30:00Z', '2026-05-02T04:00:00Z', WATCH, zone), // REM
      sleep(3, '2026-05-02T04:00:00Z', '2026-05-02T06:00:00Z', WATCH, zone), // core
      // The iPhone's own "asleep" overlapping the watch's stages counts once.
      sleep(1, '2026-05-02T00:00:00Z', '2026-05-02T03:00:00Z', PHONE, zone),
      sleep(1, '2026-05-01T22:50:00Z', '2026-05-02T06:10:00Z', THIRD_PARTY),
    ];
  }

  it('summarises one session per source family, each instant counted once', () => {
    const records = night();
    const r = mapOk('apple_health_kit', 'sleep', records);
    expect(r.summaries).toHaveLength(2);
    const apple = r.summaries.find((s) => s.provider_id === records[0]!.uuid)!;
    expect(apple.source).toMatchObject({ type: 'watch', app_id: 'com.apple.health.81D6A5B2-1C1E' });
    expect(apple.time_zone).toBe('Europe/Berlin');
    expect(apple.fields).toMatchObject({
      bedtime_start: '2026-05-02T00:30:00.000+02:00',
      bedtime_stop: '2026-05-02T08:30:00.000+02:00',
      duration: 8 * 3600,
      light: 4 * 3600,
      deep: 1.5 * 3600,
      rem: 1.5 * 3600,
      total: 7 * 3600,
      awake: 3600,
      latency: 30 * 60,
      efficiency: 87.5,
    });
    const autoSleep = r.summaries.find((s) => s.source.app_id === 'com.tantsissa.AutoSleep')!;
    expect(autoSleep.fields).toMatchObject({
      duration: 7 * 3600 + 20 * 60,
      total: 7 * 3600 + 20 * 60,
      light: 0,
    });
    expect(autoSleep.source.type).toBe('app');
  });

  it('gives the same summaries whatever the order and on a resend', () => {
    const records = night();
    const once = mapOk('apple_health_kit', 'sleep', records);
    const shuffled = mapOk('apple_health_kit', 'sleep', [...records].reverse());
    expect(shuffled.summaries).toEqual(expect.arrayContaining(once.summaries));
    expect(mapOk('apple_health_kit', 'sleep', records)).toEqual(once);
  });

  it('starts a new session after a gap of over an hour (a nap is its own sleep)', () => {
    const r = mapOk('apple_health_kit', 'sleep', [
      sleep(3, '2026-05-02T12:00:00Z', '2026-05-02T12:40:00Z', WATCH),
      sleep(3, '2026-05-01T23:00:00Z', '2026-05-02T06:00:00Z', WATCH),
    ]);
    expect(r.summaries.map((s) => s.fields.duration)).toEqual([7 * 3600, 40 * 60]);
  });

  it('refuses an unknown sleep value', () => {
    const issues = mapIssues('apple_health_kit', 'sleep', [
      sleep(9, '2026-05-01T23:00:00Z', '2026-05-02T06:00:00Z', WATCH),
    ]);
    expect(issues).toEqual([expect.objectContaining({ loc: loc(0, 'value'), type: 'enum' })]);
  });
});

describe('HealthKit workouts', () => {
  const run = (extra = {}) => ({
    uuid: uuid(),
    sampleType: 'HKWorkoutTypeIdentifier',
    workoutActivityType: 37,
    startDate: '2026-05-01T07:00:00+02:00',
    endDate: '2026-05-01T07:45:00+02:00',
    duration: 2580,
    totalEnergyBurned: { quantity: 512, unit: 'kcal' },
    totalDistance: { quantity: 8.2, unit: 'km' },
    statistics: {
      HKQuantityTypeIdentifierHeartRate: {
        averageQuantity: { quantity: 151, unit: 'count/min' },
        maximumQuantity: { quantity: 178, unit: 'count/min' },
      },
      HKQuantityTypeIdentifierStepCount: { sumQuantity: { quantity: 7400, unit: 'count' } },
    },
    metadata: { HKTimeZone: 'Europe/Berlin', HKElevationAscended: { quantity: 8100, unit: 'cm' } },
    route: [
      { timestamp: '2026-05-01T05:00:00Z', latitude: 52.52, longitude: 13.405, altitude: 34 },
      { timestamp: '2026-05-01T05:00:05Z', latitude: 52.5201, longitude: 13.4052, altitude: 35 },
    ],
    ...WATCH,
    ...extra,
  });

  it('maps a run with its sport, statistics and route', () => {
    const w = run();
    const r = mapOk('apple_health_kit', 'workouts', [w]);
    expect(r.summaries).toEqual([
      {
        kind: 'workouts',
        source: expect.objectContaining({ provider: 'apple_health_kit', type: 'watch', sport: 'running' }),
        provider_id: w.uuid,
        time_zone: 'Europe/Berlin',
        timezone_offset: null,
        fields: {
          title: null,
          time_start: '2026-05-01T07:00:00.000+02:00',
          time_end: '2026-05-01T07:45:00.000+02:00',
          sport: { id: 1, name: 'Running', slug: 'running' },
          calories: 512,
          distance: 8200,
          average_hr: 151,
          max_hr: 178,
          steps: 7400,
          moving_time: 2580,
          total_elevation_gain: 81,
        },
      },
    ]);
    expect(r.workoutStreams).toEqual([
      {
        workout_provider_id: w.uuid,
        provider: 'apple_health_kit',
        stream: { time: [0, 5], lat: [52.52, 52.5201], lng: [13.405, 13.4052], altitude: [34, 35] },
      },
    ]);
  });

  it('accepts activity type names and names unmapped sports after HealthKit', () => {
    const r = mapOk('apple_health_kit', 'workouts', [
      run({ workoutActivityType: 'HKWorkoutActivityTypeCycling', route: undefined }),
      run({ workoutActivityType: 47, route: undefined }),
    ]);
    expect(r.summaries.map((s) => s.fields.sport)).toEqual([
      { id: 2, name: 'Cycling', slug: 'cycling' },
      { id: 0, name: 'Table tennis', slug: 'other' },
    ]);
  });

  it('refuses an unknown activity type and a route point off the globe', () => {
    const issues = mapIssues('apple_health_kit', 'workouts', [
      run({ workoutActivityType: 9999 }),
      run({ route: [{ timestamp: '2026-05-01T05:00:00Z', latitude: 123, longitude: 13 }] }),
    ]);
    expect(issues.map((i) => [i.loc, i.type])).toEqual([
      [loc(0, 'workoutActivityType'), 'enum'],
      [loc(1, 'route', 0, 'latitude'), 'value_out_of_range'],
    ]);
  });
});

describe('HealthKit body and profile', () => {
  it('groups a weigh-in (weight, fat, BMI at one instant) into one body summary', () => {
    const scale = {
      device: { name: 'Body+', model: 'Smart Scale' },
      sourceRevision: { source: { bundleIdentifier: 'com.withings.wiScaleNG' } },
    };
    const at = '2026-05-01T07:00:00+02:00';
    const weight = quantity('HKQuantityTypeIdentifierBodyMass', 72.4, 'kg', at, at, scale);
    const r = mapOk('apple_health_kit', 'body', [
      weight,
      quantity('HKQuantityTypeIdentifierBodyFatPercentage', 0.18, '%', at, at, scale),
      quantity('HKQuantityTypeIdentifierBodyMassIndex', 23.1, 'count', at, at, scale),
      quantity('HKQuantityTypeIdentifierBodyMass', 72.9, 'kg', '2026-05-02T07:00:00+02:00', undefined, scale),
    ]);
    expect(r.summaries).toHaveLength(2);
    expect(r.summaries[0]).toMatchObject({
      kind: 'body',
      timestamp: '2026-05-01T05:00:00.000Z',
      timezone_offset: 7200,
      source: { type: 'scale', app_id: 'com.withings.wiScaleNG' },
      fields: { weight: 72.4, fat: 18, body_mass_index: 23.1 },
    });
  });

  it('maps characteristics and the latest height into the profile', () => {
    const r = mapOk('apple_health_kit', 'profile', [
      { sampleType: 'HKCharacteristicTypeIdentifierBiologicalSex', value: 1 },
      { sampleType: 'HKCharacteristicTypeIdentifierDateOfBirth', value: '1988-04-12' },
      { sampleType: 'HKCharacteristicTypeIdentifierWheelchairUse', value: 1 },
      quantity('HKQuantityTypeIdentifierHeight', 1.68, 'm', '2025-01-01T10:00:00Z'),
      quantity('HKQuantityTypeIdentifierHeight', 170, 'cm', '2026-01-01T10:00:00Z'),
    ]);
    expect(r.summaries).toEqual([
      expect.objectContaining({
        kind: 'profile',
        provider_id: 'profile',
        fields: { sex: 'female', birth_date: '1988-04-12', wheelchair_use: false, height: 170 },
      }),
    ]);
  });
});
