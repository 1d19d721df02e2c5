import { providerBySlug } from '@meridian/domain';
import type { IngestBatch } from '@meridian/ingestion';
import { DEMO_PROVIDERS, demoResources, type DemoProvider } from './demo-providers';
import { catalogResourceOf } from './emitter';
import { demoPersona, demoResourcesFor, generateDemoBatch } from './generate';
import { resourceDays } from './resource-days';
import { localDate, localMinuteOfDay, offsetSeconds } from './zoned-time';

const USER = '0b7e1c2a-5d3f-4e6a-8b9c-1d2e3f4a5b6c';
const OTHER_USER = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';
const DAY = 86_400_000;

const batch = (provider: DemoProvider, from: string, to: string, timeZone = 'Europe/Berlin', userId = USER) =>
  generateDemoBatch({ userId, provider, from: new Date(from), to: new Date(to), timeZone });

/** Every item of a batch as a canonical string, grouping aside. */
function items(b: IngestBatch): string[] {
  const out: string[] = [];
  for (const s of b.timeseries ?? []) {
    for (const sample of s.samples) out.push(JSON.stringify(['ts', s.resource, s.source, sample]));
  }
  for (const s of b.summaries ?? []) out.push(JSON.stringify(['summary', s]));
  for (const s of b.workoutStreams ?? []) out.push(JSON.stringify(['stream', s]));
  return out.sort();
}

function samplesOf(b: IngestBatch, resource: string, type?: string) {
  return (b.timeseries ?? [])
    .filter((s) => s.resource === resource && (type === undefined || s.source.type === type))
    .flatMap((s) => s.samples);
}

function summariesOf(b: IngestBatch, kind: string) {
  return (b.summaries ?? []).filter((s) => s.kind === kind).map((s) => s.fields);
}

describe('generateDemoBatch', () => {
  const month = Object.fromEntries(
    DEMO_PROVIDERS.map((p) => [p, batch(p, '2026-09-20T00:00:00Z', '2026-10-20T00:00:00Z')]),
  ) as Record<DemoProvider, IngestBatch>;

  it('is deterministic for the same user and range, and differs between users', () => {
    const again = batch('oura', '2026-09-20T00:00:00Z', '2026-10-20T00:00:00Z');
    expect(JSON.stringify(again)).toBe(JSON.stringify(month.oura));
    const other = batch('oura', '2026-09-20T00:00:00Z', '2026-10-20T00:00:00Z', 'Europe/Berlin', OTHER_USER);
    expect(items(other)).not.toEqual(items(month.oura));
  });

  it.each([...DEMO_PROVIDERS])('%s: consecutive ranges add up to the whole range', (provider) => {
    const from = '2026-10-23T10:17:31.250Z';
    const cuts = [
      from,
      '2026-10-24T21:59:00Z',
      '2026-10-25T00:00:00Z',
      '2026-10-25T01:07:00Z',
      '2026-10-26T13:37:00Z',
    ];
    const whole = batch(provider, from, cuts.at(-1)!);
    const parts = cuts.slice(1).flatMap((to, i) => items(batch(provider, cuts[i]!, to)));
    expect(parts.sort()).toEqual(items(whole));
    expect(items(whole).length).toBeGreaterThan(100);
  });

  it('labels the batch with the requested mode and user, and is empty for an empty range', () => {
    const daily = generateDemoBatch({
      userId: USER,
      provider: 'oura',
      from: new Date(0),
      to: new Date(DAY),
      mode: 'daily',
    });
    expect(daily.mode).toBe('daily');
    expect(daily.userId).toBe(USER);
    expect(items(batch('oura', '2026-10-01T00:00:00Z', '2026-10-01T00:00:00Z'))).toEqual([]);
  });

  it('refuses unknown providers, zones and reversed ranges', () => {
    const base = { userId: USER, from: new Date(0), to: new Date(DAY) };
    expect(() => generateDemoBatch({ ...base, provider: 'garmin' as DemoProvider })).toThrow(RangeError);
    expect(() => generateDemoBatch({ ...base, provider: 'oura', timeZone: 'Mars/Olympus' })).toThrow(
      RangeError,
    );
    expect(() =>
      generateDemoBatch({ ...base, provider: 'oura', from: new Date(DAY), to: new Date(0) }),
    ).toThrow(RangeError);
  });

  it.each([...DEMO_PROVIDERS])(
    '%s: sends only resources in its catalog entry, and every demo resource',
    (provider) => {
      const b = month[provider];
      const supported = new Set<string>(providerBySlug(provider)!.supportedResources);
      const seen = resourceDays(b);
      for (const s of b.timeseries ?? []) expect(supported).toContain(catalogResourceOf(s.resource));
      for (const s of b.summaries ?? []) expect(supported).toContain(s.kind);
      if ((b.workoutStreams ?? []).length > 0) expect(supported).toContain('workout_stream');
      for (const resource of demoResourcesFor(USER, provider))
        expect([resource, seen.has(resource)]).toEqual([resource, true]);
    },
  );

  it('lists basal body temperature only for female personas, and no glucose for HealthKit', () => {
    const male = { sex: 'male' as const };
    const female = { sex: 'female' as const };
    expect(demoResources('apple_health_kit', male)).not.toContain('basal_body_temperature');
    expect(demoResources('apple_health_kit', female)).toContain('basal_body_temperature');
    expect(demoResources('apple_health_kit', female)).not.toContain('glucose');
    expect(demoResources('freestyle_libre')).toEqual(['profile', 'glucose']);
  });

  it('uses each provider’s source types and units', () => {
    const types = (b: IngestBatch, resource: string) =>
      [
        ...new Set((b.timeseries ?? []).filter((s) => s.resource === resource).map((s) => s.source.type)),
      ].sort();
    expect(types(month.oura, 'heartrate')).toEqual(['ring']);
    expect(types(month.fitbit, 'heartrate')).toEqual(['watch']);
    expect(types(month.fitbit, 'weight')).toEqual(['scale']);
    expect(types(month.apple_health_kit, 'steps')).toEqual(['phone', 'watch']);
    expect(types(month.apple_health_kit, 'blood_pressure')).toEqual(['cuff']);
    expect(types(month.freestyle_libre, 'glucose')).toEqual(['automatic', 'fingerprick']);
    expect(new Set(samplesOf(month.fitbit, 'fat').map((s) => s.unit))).toEqual(new Set(['fraction']));
    expect(new Set(samplesOf(month.apple_health_kit, 'fat').map((s) => s.unit))).toEqual(new Set(['%']));
    expect(new Set(samplesOf(month.freestyle_libre, 'glucose', 'automatic').map((s) => s.unit))).toEqual(
      new Set(['mg/dL']),
    );
  });

  describe('physiology', () => {
    const ahk = month.apple_health_kit;
    const persona = demoPersona(USER);

    it('heart rate: low in sleep, higher awake, 120-185 in workouts', () => {
      const hr = samplesOf(ahk, 'heartrate');
      expect(hr.length).toBe(30 * 1440);
      const values = hr.map((s) => s.value as number);
      expect(Math.min(...values)).toBeGreaterThanOrEqual(38);
      expect(Math.max(...values)).toBeLessThanOrEqual(persona.maxHr);
      for (const sleep of summariesOf(ahk, 'sleep')) {
        expect(sleep.hr_average).toBeGreaterThan(persona.restingHr - 8);
        expect(sleep.hr_average).toBeLessThan(persona.restingHr + 4);
      }
      const workouts = [USER, OTHER_USER, 'a', 'b', 'c'].flatMap((userId) =>
        summariesOf(
          batch('apple_health_kit', '2026-09-20T00:00:00Z', '2026-10-05T00:00:00Z', 'UTC', userId),
          'workouts',
        ),
      );
      const hard = workouts.filter((w) =>
        ['running', 'cycling'].includes((w.sport as { slug: string }).slug),
      );
      expect(hard.length).toBeGreaterThan(0);
      for (const w of hard) {
        expect(w.average_hr).toBeGreaterThanOrEqual(115);
        expect(w.average_hr).toBeLessThanOrEqual(175);
      }
      for (const w of workouts) {
        expect(w.max_hr as number).toBeGreaterThan(w.average_hr as number);
        expect((w.hr_zones as number[]).reduce((a, b) => a + b, 0)).toBe(
          (Date.parse(w.time_end as string) - Date.parse(w.time_start as string)) / 1000,
        );
      }
    });

    it('sleep: a night around 23:00-07:00 local with cycling stages and a matching sleep cycle', () => {
      const nights = summariesOf(month.oura, 'sleep');
      const cycles = summariesOf(month.oura, 'sleep_cycle');
      expect(nights).toHaveLength(30);
      expect(cycles).toHaveLength(30);
      for (const n of nights) {
        const start = Date.parse(n.bedtime_start as string);
        const stop = Date.parse(n.bedtime_stop as string);
        const bedMinute = localMinuteOfDay(start, 'Europe/Berlin');
        expect(bedMinute > 20 * 60 || bedMinute < 3 * 60).toBe(true);
        expect(localMinuteOfDay(stop, 'Europe/Berlin')).toBeGreaterThan(4 * 60);
        expect(localMinuteOfDay(stop, 'Europe/Berlin')).toBeLessThan(11 * 60);
        expect(n.duration).toBe((stop - start) / 1000);
        expect((n.deep as number) + (n.light as number) + (n.rem as number) + (n.awake as number)).toBe(
          n.duration,
        );
        expect(n.total).toBe((n.deep as number) + (n.light as number) + (n.rem as number));
        expect(n.deep as number).toBeGreaterThan(1800);
        expect(n.rem as number).toBeGreaterThan(1800);
        expect(n.score).toBeGreaterThanOrEqual(1);
        expect(n.score).toBeLessThanOrEqual(100);
        expect(n.efficiency).toBeGreaterThan(70);
      }
      const cycle = cycles[0]!;
      const types = cycle.stage_type as number[];
      expect(types[0]).toBe(4);
      expect(types.at(-1)).toBe(4);
      // Deep sleep comes early in the night, REM late.
      const starts = cycle.stage_start_offset_second as number[];
      const firstDeep = starts[types.indexOf(1)]!;
      const lastRem = starts[types.lastIndexOf(3)]!;
      expect(firstDeep).toBeLessThan(lastRem);
      expect(cycle.sleep_provider_id).toMatch(/^sleep-\d{4}-\d{2}-\d{2}$/);
      const hypnogram = samplesOf(month.oura, 'hypnogram');
      expect(new Set(hypnogram.map((s) => s.value))).toEqual(new Set([1, 2, 3, 4]));
    });

    it('steps: 15-minute buckets adding up to a plausible day, none while asleep', () => {
      const steps = samplesOf(ahk, 'steps', 'watch');
      for (const s of steps) expect(Date.parse(s.end!) - Date.parse(s.timestamp)).toBe(15 * 60_000);
      const perDay = new Map<string, number>();
      for (const s of steps) {
        const d = localDate(Date.parse(s.timestamp), 'Europe/Berlin');
        perDay.set(d, (perDay.get(d) ?? 0) + (s.value as number));
      }
      for (const total of perDay.values()) {
        expect(total).toBeGreaterThan(2000);
        expect(total).toBeLessThan(35_000);
      }
      const phone = samplesOf(ahk, 'steps', 'phone').reduce((a, s) => a + (s.value as number), 0);
      expect(phone).toBeLessThan([...perDay.values()].reduce((a, b) => a + b, 0));
      const deepStarts = samplesOf(ahk, 'hypnogram').filter((s) => s.value === 1);
      const stepTimes = new Set(steps.map((s) => s.timestamp));
      for (const d of deepStarts) {
        const q = new Date(Math.ceil(Date.parse(d.timestamp) / 900_000) * 900_000).toISOString();
        if (Date.parse(q) + 900_000 <= Date.parse(d.end!)) expect(stepTimes.has(q)).toBe(false);
      }
    });

    it('glucose: every 5 minutes, 3-14 mmol/L, rising after meals', () => {
      const cgm = samplesOf(month.freestyle_libre, 'glucose', 'automatic');
      expect(cgm).toHaveLength(30 * 288);
      const sorted = cgm.map((s) => (s.value as number) / 18.016).sort((a, b) => a - b);
      expect(sorted[0]).toBeGreaterThanOrEqual(3.2);
      expect(sorted.at(-1)).toBeLessThanOrEqual(14);
      expect(
        sorted[Math.floor(sorted.length * 0.95)]! - sorted[Math.floor(sorted.length * 0.05)]!,
      ).toBeGreaterThan(1.5);
    });

    it('body: weight drifts slowly, blood pressure is a plausible morning cuff reading', () => {
      const weights = samplesOf(ahk, 'weight').map((s) => s.value as number);
      expect(weights.length).toBeGreaterThan(12);
      for (const w of weights) expect(Math.abs(w - persona.baseWeightKg)).toBeLessThan(3.5);
      for (let i = 1; i < weights.length; i += 1)
        expect(Math.abs(weights[i]! - weights[i - 1]!)).toBeLessThan(2);
      const bp = samplesOf(ahk, 'blood_pressure');
      expect(bp.length).toBeGreaterThan(10);
      for (const r of bp) {
        expect(r.systolic).toBeGreaterThan((r.diastolic as number) + 15);
        expect(r.systolic).toBeLessThan(165);
        expect(r.diastolic).toBeGreaterThan(50);
      }
      for (const f of samplesOf(month.fitbit, 'fat')) {
        expect(f.value).toBeGreaterThan(0.05);
        expect(f.value).toBeLessThan(0.5);
      }
    });

    it('workouts on some days, each with a stream; outdoor ones carry a route', () => {
      const workouts = (ahk.summaries ?? []).filter((s) => s.kind === 'workouts');
      expect(workouts.length).toBeGreaterThan(3);
      expect(workouts.length).toBeLessThan(30);
      const streams = new Map((ahk.workoutStreams ?? []).map((s) => [s.workout_provider_id, s.stream]));
      for (const w of workouts) {
        const stream = streams.get(w.provider_id)!;
        expect(stream.time!.length).toBe(stream.heartrate!.length);
        const outdoor = ['running', 'cycling', 'walking'].includes((w.fields.sport as { slug: string }).slug);
        expect(Boolean(stream.lat)).toBe(outdoor);
        if (outdoor) expect(stream.lat!.length).toBe(stream.time!.length);
      }
      expect(samplesOf(month.oura, 'workout_duration')).toEqual([]);
      expect(month.oura.workoutStreams).toEqual([]);
    });
  });

  describe('time zones', () => {
    it('keeps the local rhythm across a DST change and labels offsets', () => {
      const ny = batch('fitbit', '2026-03-05T05:00:00Z', '2026-03-12T04:00:00Z', 'America/New_York');
      for (const n of summariesOf(ny, 'sleep')) {
        const wake = localMinuteOfDay(Date.parse(n.bedtime_stop as string), 'America/New_York');
        expect(wake).toBeGreaterThan(4 * 60);
        expect(wake).toBeLessThan(11 * 60);
      }
      const hr = samplesOf(ny, 'heartrate');
      const onDstDay = hr.filter(
        (s) => localDate(Date.parse(s.timestamp), 'America/New_York') === '2026-03-08',
      );
      expect(onDstDay).toHaveLength(23 * 60);
      const mislabelled = hr.filter(
        (s) => s.timezone_offset !== offsetSeconds(Date.parse(s.timestamp), 'America/New_York'),
      );
      expect(mislabelled).toEqual([]);
      expect(new Set(hr.map((s) => s.timezone_offset))).toEqual(new Set([-18_000, -14_400]));
    });

    it('follows the zone it is given: the same user sleeps at local night in Tokyo', () => {
      const tokyo = batch('oura', '2026-10-01T00:00:00Z', '2026-10-04T00:00:00Z', 'Asia/Tokyo');
      for (const n of summariesOf(tokyo, 'sleep')) {
        const bed = localMinuteOfDay(Date.parse(n.bedtime_start as string), 'Asia/Tokyo');
        expect(bed > 20 * 60 || bed < 3 * 60).toBe(true);
      }
      expect(new Set(samplesOf(tokyo, 'heartrate').map((s) => s.timezone_offset))).toEqual(new Set([32_400]));
    });
  });

  it('counts days with data per resource, activity from steps', () => {
    const days = resourceDays(month.oura, 'UTC');
    expect(days.get('heartrate')?.size).toBe(30);
    expect(days.get('activity')?.size).toBe(30);
    expect(days.get('sleep_stream')?.size).toBeGreaterThanOrEqual(30);
    expect(days.get('sleep')?.size).toBe(30);
  });
});
