import { providerBySlug, timeseriesByResource } from '@meridian/domain';
import { ctx, mapIssues, mapOk } from './__tests__/ingestible';
import {
  MAX_ISSUES,
  MAX_RECORDS_PER_RESOURCE,
  MAX_SAMPLES_PER_RESOURCE,
  MOBILE_PROVIDERS,
  mapNativeResource,
  supportedResources,
  type MobileProvider,
} from './index';

describe('supportedResources', () => {
  it.each(MOBILE_PROVIDERS)(
    '%s: a subset of its catalogue entry, covering the core resources',
    (provider) => {
      const resources = supportedResources(provider);
      const catalogue = providerBySlug(provider)!.supportedResources;
      expect(resources.every((r) => catalogue.includes(r as never))).toBe(true);
      for (const core of [
        'heartrate',
        'steps',
        'calories_active',
        'distance',
        'floors_climbed',
        'blood_oxygen',
        'weight',
        'fat',
        'glucose',
        'blood_pressure',
        'body_temperature',
        'sleep',
        'workouts',
        'body',
        'profile',
      ]) {
        expect(resources).toContain(core);
      }
    },
  );

  it('covers HRV, respiratory rate and basal calories where the platform records them', () => {
    expect(supportedResources('apple_health_kit')).toEqual(
      expect.arrayContaining(['hrv', 'respiratory_rate', 'calories_basal', 'mindfulness_minutes']),
    );
    expect(supportedResources('health_connect')).toEqual(expect.arrayContaining(['hrv', 'respiratory_rate']));
  });

  it('names only resources ingestion knows (timeseries or summaries)', () => {
    const summaries = new Set(['sleep', 'workouts', 'body', 'profile']);
    for (const provider of MOBILE_PROVIDERS)
      for (const r of supportedResources(provider))
        expect(summaries.has(r) || timeseriesByResource(r) !== undefined).toBe(true);
  });
});

describe('mapNativeResource', () => {
  it('refuses a resource the provider does not push, at the entry', () => {
    const issues = mapIssues('health_connect', 'electrocardiogram', []);
    expect(issues).toEqual([
      expect.objectContaining({ loc: ['body', 'resources', 0, 'resource'], type: 'enum' }),
    ]);
    expect(issues[0]!.msg).toContain('heartrate');
    expect(mapIssues('apple_health_kit', 'body_weight', [])[0]!.loc).toEqual([
      'body',
      'resources',
      0,
      'resource',
    ]);
  });

  it('names the entry index given in the context', () => {
    const result = mapNativeResource(
      'apple_health_kit',
      { resource: 'steps', records: [7] },
      ctx({ resourceIndex: 3 }),
    );
    expect(result).toEqual({
      ok: false,
      issues: [expect.objectContaining({ loc: ['body', 'resources', 3, 'records', 0] })],
    });
  });

  it('maps an empty entry to nothing', () => {
    expect(mapOk('samsung_health', 'steps', [])).toEqual({
      ok: true,
      timeseries: [],
      summaries: [],
      workoutStreams: [],
      recordCount: 0,
    });
    // A profile entry without records says nothing about the profile.
    expect(mapOk('apple_health_kit', 'profile', []).summaries).toEqual([]);
  });

  it('refuses records that are not a list, and too many records', () => {
    const notList = mapNativeResource('apple_health_kit', { resource: 'steps', records: {} as never }, ctx());
    expect(notList).toEqual({ ok: false, issues: [expect.objectContaining({ type: 'list_type' })] });
    const many = new Array<unknown>(MAX_RECORDS_PER_RESOURCE + 1).fill({});
    expect(mapIssues('apple_health_kit', 'steps', many)).toEqual([
      expect.objectContaining({ type: 'too_long' }),
    ]);
  });

  it('ignores a fallback zone that is not an IANA zone (the caller reports it)', () => {
    const record = {
      recordType: 'RestingHeartRate',
      time: '2026-05-01T05:00:00Z',
      beatsPerMinute: 50,
      metadata: { id: 'r1' },
    };
    const result = mapOk('health_connect', 'heartrate', [record], { fallbackTimeZone: 'CEST' });
    expect(result.timeseries[0]!.samples[0]!.timezone_offset).toBeNull();
    const zoned = mapOk('health_connect', 'heartrate', [record], { fallbackTimeZone: 'Europe/Paris' });
    expect(zoned.timeseries[0]!.samples[0]!.timezone_offset).toBe(7200);
  });

  it('refuses records that expand to too many samples', () => {
    const start = Date.parse('2026-05-01T00:00:00Z');
    const times = Array.from({ length: 86_400 }, (_, k) => ({
      time: new Date(start + k * 1000).toISOString(),
      beatsPerMinute: 60,
    }));
    const record = (d: number) => ({
      recordType: 'HeartRate',
      startTime: '2026-05-01T00:00:00Z',
      endTime: '2026-05-02T00:00:00Z',
      samples: times,
      metadata: { id: `hr-${d}` },
    });
    const records = Array.from({ length: Math.ceil(MAX_SAMPLES_PER_RESOURCE / 86_400) + 1 }, (_, d) =>
      record(d),
    );
    expect(mapIssues('health_connect', 'heartrate', records)).toEqual([
      expect.objectContaining({ loc: ['body', 'resources', 0, 'records'], type: 'too_long' }),
    ]);
  });

  it('caps the issues it reports', () => {
    const issues = mapIssues('apple_health_kit', 'steps', new Array<unknown>(5000).fill('x'));
    expect(issues).toHaveLength(MAX_ISSUES);
  });

  it('is deterministic: the same records map to the same inputs', () => {
    const records = [
      {
        recordType: 'Steps',
        startTime: '2026-05-01T06:00:00Z',
        endTime: '2026-05-01T06:10:00Z',
        count: 42,
        metadata: { id: 'a', dataOrigin: 'com.example' },
      },
    ];
    expect(mapOk('health_connect', 'steps', records)).toEqual(mapOk('health_connect', 'steps', records));
  });
});

describe('hostile input', () => {
  const deep = (depth: number): unknown => {
    let v: unknown = { leaf: true };
    for (let i = 0; i < depth; i++) v = { metadata: v, device: [v] };
    return v;
  };

  it.each(MOBILE_PROVIDERS)('%s: never throws, whatever the JSON', (provider: MobileProvider) => {
    const values: unknown[] = [
      null,
      true,
      0,
      -1,
      1e308,
      '',
      'x'.repeat(1_000_000),
      [],
      [[[[[]]]]],
      {},
      deep(10_000),
      JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"x": 1}}}'),
      { uuid: {}, sampleType: [], startDate: {}, endDate: 5, quantity: {}, unit: [] },
      { recordType: 'HeartRate', samples: new Array(100).fill(null), metadata: { id: 1 } },
      { dataType: 'SLEEP', sessions: 'all', uid: 'u', startTime: -5, endTime: 1e20 },
      { metadata: { HKTimeZone: { toString: 'x' } }, sampleType: 'constructor', unit: '__proto__' },
      { startZoneOffset: '+99:99', zoneOffset: { totalSeconds: 1e30 }, time: '9999-12-31T23:59:59Z' },
    ];
    for (const resource of supportedResources(provider)) {
      for (const v of values) {
        expect(() => mapNativeResource(provider, { resource, records: [v, v] }, ctx())).not.toThrow();
      }
      expect(() => mapNativeResource(provider, { resource, records: values }, ctx())).not.toThrow();
    }
    expect(() => mapNativeResource(provider, null as never, ctx())).not.toThrow();
    expect(() => mapNativeResource(provider, { resource: { length: 1 } } as never, ctx())).not.toThrow();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not treat a unit named after an Object property as known', () => {
    const issues = mapIssues('apple_health_kit', 'weight', [
      {
        uuid: 'A1B2C3D4-0000-4000-8000-000000000001',
        sampleType: 'HKQuantityTypeIdentifierBodyMass',
        startDate: '2026-05-01T07:00:00Z',
        endDate: '2026-05-01T07:00:00Z',
        quantity: 70,
        unit: 'constructor',
      },
    ]);
    expect(issues).toEqual([expect.objectContaining({ type: 'unit_error' })]);
  });

  it('never throws on random records built from platform field names', () => {
    const keys = [
      'uuid',
      'sampleType',
      'startDate',
      'endDate',
      'quantity',
      'unit',
      'value',
      'objects',
      'metadata',
      'recordType',
      'startTime',
      'endTime',
      'time',
      'zoneOffset',
      'startZoneOffset',
      'samples',
      'stages',
      'weight',
      'percentage',
      'dataType',
      'uid',
      'sessions',
      'seriesData',
      'route',
      'exerciseRoute',
      'workoutActivityType',
      'exerciseType',
      'statistics',
      'level',
      'systolic',
      'diastolic',
      'beatsPerMinute',
      'heartRate',
      'count',
    ];
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const anyValue = (depth: number): unknown => {
      const pick = Math.floor(rand() * 9);
      if (depth > 3 || pick < 3)
        return [
          null,
          1.5,
          -20,
          '2026-05-01T07:00:00Z',
          '+02:00',
          'kg',
          'HKQuantityTypeIdentifierHeartRate',
          'HeartRate',
          'SLEEP',
          1e21,
          '',
        ][Math.floor(rand() * 11)];
      if (pick < 6) return Array.from({ length: Math.floor(rand() * 4) }, () => anyValue(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(rand() * 6) }, () => [
          keys[Math.floor(rand() * keys.length)]!,
          anyValue(depth + 1),
        ]),
      );
    };
    for (let i = 0; i < 300; i++) {
      for (const provider of MOBILE_PROVIDERS) {
        const resources = supportedResources(provider);
        const resource = resources[i % resources.length]!;
        const records = Array.from({ length: 3 }, () => anyValue(0));
        const result = mapNativeResource(
          provider,
          { resource, records },
          ctx({ fallbackTimeZone: 'Europe/Paris' }),
        );
        if (!result.ok) expect(result.issues.length).toBeGreaterThan(0);
      }
    }
  });
});
