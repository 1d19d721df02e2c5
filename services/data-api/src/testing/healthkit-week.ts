/**
 * A week of one person's Apple HealthKit data as an app reads it from HKHealthStore (serialised HKSample and
 * HKWorkout, the shapes `packages/sdk-push` maps for `apple_health_kit`), and an anchored store over it (the
 * HKAnchoredObjectQuery an app pages through). Deterministic for a seed; used by the device simulator.
 */
export type SimulatedResource = 'heartrate' | 'steps' | 'sleep' | 'workouts';
export const SIMULATED_RESOURCES: readonly SimulatedResource[] = ['heartrate', 'steps', 'sleep', 'workouts'];

export type NativeRecord = Record<string, unknown>;

export interface HealthKitWeekOptions {
  /** The data ends here (exclusive, floored to the minute); it starts `days` earlier. */
  end: Date;
  days?: number;
  /** Seconds east of UTC of the phone's zone (fixed: no DST within the data). */
  utcOffsetSeconds?: number;
  /** IANA zone matching `utcOffsetSeconds` (HKTimeZone metadata). */
  timeZone?: string;
  /** Seeds the values: two devices with the same seed read the same data. */
  seed?: number;
  /** Heart-rate sample spacing in minutes. */
  heartRateEveryMinutes?: number;
}

export interface HealthKitWeek {
  records: Record<SimulatedResource, NativeRecord[]>;
  /** What the server must end with once all is pushed: samples per timeseries, summaries per kind. */
  expected: Record<SimulatedResource, number>;
  start: Date;
  end: Date;
  timeZone: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** mulberry32: small, deterministic, good enough for plausible values. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** ISO 8601 with the phone's offset, as an app serialises an NSDate in the user's zone. */
function isoAt(ms: number, offsetSeconds: number): string {
  const local = new Date(ms + offsetSeconds * 1000).toISOString().replace('Z', '');
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

/** Stable UUID-shaped ids from a seed and a key (HealthKit sample UUIDs survive re-reads). */
function sampleUuid(seed: number, key: string): string {
  let h1 = 0x811c9dc5 ^ seed;
  let h2 = 0x01000193 ^ (seed * 31);
  for (let i = 0; i < key.length; i += 1) {
    h1 = Math.imul(h1 ^ key.charCodeAt(i), 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ key.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  const x = `${hex(h1)}${hex(h2)}${hex(h1 ^ h2)}${hex(Math.imul(h1, 31) ^ h2)}`;
  // 8-4-4-4-12, version 4, RFC 4122 variant
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-4${x.slice(13, 16)}-8${x.slice(17, 20)}-${x.slice(20, 32)}`.toUpperCase();
}

/**
 * The record shapes, in one place: HKSample / HKWorkout as an app serialises them and `packages/sdk-push`
 * reads them for `apple_health_kit` — HealthKit's own type identifiers and HKUnit strings, instants with the
 * phone's offset, the source (bundle id) and the device that measured it.
 */
const WATCH = {
  name: 'Apple Watch',
  manufacturer: 'Apple Inc.',
  model: 'Watch',
  hardwareVersion: 'Watch7,1',
  softwareVersion: '11.1',
};
const PHONE = {
  name: 'iPhone',
  manufacturer: 'Apple Inc.',
  model: 'iPhone',
  hardwareVersion: 'iPhone16,1',
  softwareVersion: '18.1',
};
const WATCH_SOURCE = {
  source: { name: 'Apple Watch', bundleIdentifier: 'com.apple.health.7F5C2A10-3B1D-4E0A-9C51-2D8E6A4B1F03' },
  productType: 'Watch7,1',
  version: '11.1',
};
const PHONE_SOURCE = {
  source: { name: 'iPhone', bundleIdentifier: 'com.apple.health.0B9D3E27-6C4F-4A18-8E2B-5F7A1C9D0E64' },
  productType: 'iPhone16,1',
  version: '18.1',
};

const HK = {
  quantity(
    uuid: string,
    sampleType: string,
    start: string,
    end: string,
    quantity: number,
    unit: string,
    watch: boolean,
    metadata?: Record<string, unknown>,
  ): NativeRecord {
    return {
      uuid,
      sampleType,
      startDate: start,
      endDate: end,
      quantity,
      unit,
      sourceRevision: watch ? WATCH_SOURCE : PHONE_SOURCE,
      device: watch ? WATCH : PHONE,
      ...(metadata ? { metadata } : {}),
    };
  },
  sleep(uuid: string, start: string, end: string, value: number, timeZone: string): NativeRecord {
    return {
      uuid,
      sampleType: 'HKCategoryTypeIdentifierSleepAnalysis',
      startDate: start,
      endDate: end,
      value,
      sourceRevision: WATCH_SOURCE,
      device: WATCH,
      metadata: { HKTimeZone: timeZone },
    };
  },
  workout(
    uuid: string,
    start: string,
    end: string,
    f: {
      activityType: number;
      seconds: number;
      kcal: number;
      meters: number;
      avgHr: number;
      maxHr: number;
      steps: number;
      timeZone: string;
    },
  ): NativeRecord {
    return {
      uuid,
      sampleType: 'HKWorkoutTypeIdentifier',
      workoutActivityType: f.activityType,
      startDate: start,
      endDate: end,
      duration: f.seconds,
      totalEnergyBurned: { quantity: f.kcal, unit: 'kcal' },
      totalDistance: { quantity: f.meters, unit: 'm' },
      statistics: {
        HKQuantityTypeIdentifierHeartRate: {
          averageQuantity: { quantity: f.avgHr, unit: 'count/min' },
          maximumQuantity: { quantity: f.maxHr, unit: 'count/min' },
        },
        HKQuantityTypeIdentifierStepCount: { sumQuantity: { quantity: f.steps, unit: 'count' } },
      },
      sourceRevision: WATCH_SOURCE,
      device: WATCH,
      metadata: { HKTimeZone: f.timeZone, HKIndoorWorkout: false },
    };
  },
};

/** HKCategoryValueSleepAnalysis */
const SLEEP = { inBed: 0, awake: 2, asleepCore: 3, asleepDeep: 4, asleepREM: 5 } as const;
/** HKWorkoutActivityType.running */
const HK_RUNNING = 37;

/**
 * A week of one person's HealthKit data: minute heart rate from the watch (a day/night rhythm), step counts
 * per 15 minutes while awake from the phone, one night of sleep stages per night (in bed, core, deep, REM,
 * awake), and one 45-minute run. Deterministic for a seed.
 */
export function healthKitWeek(opts: HealthKitWeekOptions): HealthKitWeek {
  const days = opts.days ?? 7;
  const offset = opts.utcOffsetSeconds ?? 9 * 3600;
  const timeZone = opts.timeZone ?? 'Asia/Tokyo';
  const seed = opts.seed ?? 1;
  const hrEvery = opts.heartRateEveryMinutes ?? 1;
  const end = Math.floor(opts.end.getTime() / MINUTE) * MINUTE;
  const start = end - days * DAY;
  const rand = prng(seed);
  const at = (ms: number) => isoAt(ms, offset);
  const started = (record: NativeRecord, ms: number) => {
    startOf.set(record, ms);
    return record;
  };
  const id = (key: string) => sampleUuid(seed, key);
  /** Local hour of day (0–24, fractional) of an instant. */
  const localHour = (ms: number) => ((((ms + offset * 1000) % DAY) + DAY) % DAY) / HOUR;
  const asleep = (ms: number) => localHour(ms) >= 23 || localHour(ms) < 7;

  const heartrate: NativeRecord[] = [];
  for (let t = start; t < end; t += hrEvery * MINUTE) {
    const h = localHour(t);
    const base = asleep(t) ? 54 : 66 + 10 * Math.sin(((h - 9) / 24) * 2 * Math.PI);
    const bpm = Math.round(base + rand() * 8);
    heartrate.push(
      started(
        HK.quantity(id(`hr${t}`), 'HKQuantityTypeIdentifierHeartRate', at(t), at(t), bpm, 'count/min', true, {
          HKMetadataKeyHeartRateMotionContext: asleep(t) ? 1 : 0,
        }),
        t,
      ),
    );
  }

  const steps: NativeRecord[] = [];
  for (let t = start; t < end; t += 15 * MINUTE) {
    if (asleep(t) || asleep(t + 15 * MINUTE - 1)) continue;
    const count = 20 + Math.round(rand() * 900);
    steps.push(
      started(
        HK.quantity(
          id(`st${t}`),
          'HKQuantityTypeIdentifierStepCount',
          at(t),
          at(t + 15 * MINUTE),
          count,
          'count',
          false,
        ),
        t,
      ),
    );
  }

  // One night per local date whose whole night (23:00 → 07:00) lies within the data.
  const sleep: NativeRecord[] = [];
  let nights = 0;
  const firstLocalMidnight = Math.ceil((start + offset * 1000) / DAY) * DAY - offset * 1000;
  for (let midnight = firstLocalMidnight; midnight < end; midnight += DAY) {
    const bedtime = midnight - HOUR + Math.round(rand() * 20) * MINUTE; // 23:00–23:20
    const wake = midnight + 6.5 * HOUR + Math.round(rand() * 25) * MINUTE; // 06:30–06:55
    if (bedtime < start || wake >= end) continue;
    nights += 1;
    sleep.push(
      started(HK.sleep(id(`bed${midnight}`), at(bedtime), at(wake), SLEEP.inBed, timeZone), bedtime),
    );
    // Stages: ~90-minute cycles of core → deep → core → REM, a short awake spell in the third.
    let t = bedtime + 12 * MINUTE;
    let cycle = 0;
    while (t < wake - 10 * MINUTE) {
      const plan: [number, number][] = [
        [SLEEP.asleepCore, 25],
        [SLEEP.asleepDeep, cycle < 2 ? 30 : 10],
        [SLEEP.asleepCore, 20],
        [SLEEP.asleepREM, 15 + cycle * 5],
        ...(cycle === 2 ? ([[SLEEP.awake, 6]] as [number, number][]) : []),
      ];
      for (const [stage, minutes] of plan) {
        const stageEnd = Math.min(t + minutes * MINUTE, wake - 5 * MINUTE);
        if (stageEnd <= t) break;
        sleep.push(started(HK.sleep(id(`sl${t}`), at(t), at(stageEnd), stage, timeZone), bedtime));
        t = stageEnd;
      }
      cycle += 1;
    }
  }

  // One run, on the third day at 18:00 local.
  const runStart = firstLocalMidnight + 2 * DAY + 18 * HOUR;
  const workouts: NativeRecord[] = [];
  if (runStart + 45 * MINUTE < end) {
    const w = HK.workout(id(`wo${runStart}`), at(runStart), at(runStart + 45 * MINUTE), {
      activityType: HK_RUNNING,
      seconds: 45 * 60,
      kcal: 512,
      meters: 7_420,
      avgHr: 148,
      maxHr: 171,
      steps: 7_012,
      timeZone,
    });
    workouts.push(started(w, runStart));
  }

  const records = { heartrate, steps, sleep, workouts };
  if (expectedCounts(records).sleep !== nights) throw new Error('sleep nights miscounted');
  return {
    records,
    expected: expectedCounts(records),
    start: new Date(start),
    end: new Date(end),
    timeZone,
  };
}

/** Start instant of each generated record (records are plain JSON; this keeps the shape out of callers). */
const startOf = new WeakMap<NativeRecord, number>();

/** What the server must hold once these records are stored: samples per series, sessions per summary kind. */
export function expectedCounts(
  records: Record<SimulatedResource, NativeRecord[]>,
): Record<SimulatedResource, number> {
  return {
    heartrate: records.heartrate.length,
    steps: records.steps.length,
    sleep: records.sleep.filter((r) => r.value === SLEEP.inBed).length,
    workouts: records.workouts.length,
  };
}

/** The records that start before `cutoff`, and the rest (what the phone measures later). */
export function splitRecordsAt(
  records: Record<SimulatedResource, NativeRecord[]>,
  cutoff: Date,
): [Record<SimulatedResource, NativeRecord[]>, Record<SimulatedResource, NativeRecord[]>] {
  const before = {} as Record<SimulatedResource, NativeRecord[]>;
  const after = {} as Record<SimulatedResource, NativeRecord[]>;
  for (const resource of SIMULATED_RESOURCES) {
    before[resource] = records[resource].filter((r) => startOf.get(r)! < cutoff.getTime());
    after[resource] = records[resource].filter((r) => startOf.get(r)! >= cutoff.getTime());
  }
  return [before, after];
}

/** The instant a generated record starts, ms (for a sleep stage: its night's bedtime, so nights stay whole). */
export function recordStart(record: NativeRecord): number {
  const ms = startOf.get(record);
  if (ms === undefined) throw new Error('not a generated record');
  return ms;
}

/**
 * HKAnchoredObjectQuery over fixed data: records after an anchor, at most `limit`, and the anchor after
 * them. Anchors are opaque to the server (HealthKit archives HKQueryAnchor; here a base64 token).
 */
export class AnchoredHealthStore {
  private readonly data: Record<SimulatedResource, NativeRecord[]>;

  constructor(data: Record<SimulatedResource, NativeRecord[]>) {
    this.data = { heartrate: [], steps: [], sleep: [], workouts: [] };
    for (const resource of SIMULATED_RESOURCES) this.data[resource].push(...data[resource]);
  }

  static anchorOf(resource: SimulatedResource, position: number): string {
    return Buffer.from(`hk1:${resource}:${position}`).toString('base64url');
  }

  static positionOf(resource: SimulatedResource, anchor: string | null): number {
    if (anchor === null) return 0;
    const [tag, r, pos] = Buffer.from(anchor, 'base64url').toString().split(':');
    if (tag !== 'hk1' || r !== resource) throw new Error(`not an anchor of ${resource}: ${anchor}`);
    return Number(pos);
  }

  query(
    resource: SimulatedResource,
    anchor: string | null,
    limit: number,
  ): { records: NativeRecord[]; anchor: string; more: boolean } {
    const from = AnchoredHealthStore.positionOf(resource, anchor);
    const records = this.data[resource].slice(from, from + limit);
    const to = from + records.length;
    return {
      records,
      anchor: AnchoredHealthStore.anchorOf(resource, to),
      more: to < this.data[resource].length,
    };
  }

  /** Appends records (new data measured since), as HealthKit's store grows. */
  add(resource: SimulatedResource, records: NativeRecord[]): void {
    this.data[resource].push(...records);
  }
}
