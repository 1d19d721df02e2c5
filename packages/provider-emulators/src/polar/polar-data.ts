import { createRandom, DAY_MS, hashSeed } from '../core/prng';

/**
 * Deterministic AccessLink payloads of one emulated Polar user (same user and day → same JSON, so a
 * re-fetch after a crash returns exactly what the first fetch did). The emulated person lives at UTC+2
 * without daylight saving (`Africa/Johannesburg`): Polar's offset-less wall-clock fields are written in it.
 * Nothing is served after the emulator's `now`.
 */

export const POLAR_EMULATED_ZONE = 'Africa/Johannesburg';
export const POLAR_OFFSET_S = 7200;
const FIVE_MIN = 300_000;

/** Local wall clock of an instant, `YYYY-MM-DDTHH:MM:SS`. */
export const localIso = (ms: number) => new Date(ms + POLAR_OFFSET_S * 1000).toISOString().slice(0, 19);
const localClock = (ms: number) => localIso(ms).slice(11, 16);
const withOffset = (ms: number) => `${localIso(ms)}+02:00`;
/** The instant of local midnight starting `date`. */
export const localMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`) - POLAR_OFFSET_S * 1000;
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Heart rate at a 5-minute mark: one function, so sleep and continuous samples agree. */
export function heartRateAt(user: string, ms: number): number {
  const slot = Math.floor(ms / FIVE_MIN);
  const r = createRandom(hashSeed('polar-hr', user, slot))();
  const hour = Number(localClock(ms).slice(0, 2));
  const asleep = hour >= 23 || hour < 7;
  return Math.round(asleep ? 50 + r * 8 : 64 + r * 22);
}

export interface PolarNightShape {
  startMs: number;
  endMs: number;
  /** Stage segments: [start ms, Polar stage code]. */
  segments: [number, number][];
}

/** The night that ends on the morning of `date`. */
export function nightOf(user: string, date: string): PolarNightShape {
  const rnd = createRandom(hashSeed('polar-night', user, date));
  const startMs = localMidnight(date) - 90 * 60_000 + Math.floor(rnd() * 12) * FIVE_MIN;
  const endMs = startMs + (6.5 * 3600 + Math.floor(rnd() * 24) * 300) * 1000;
  const cycle = [3, 4, 3, 1, 0];
  const segments: [number, number][] = [];
  for (let t = startMs, i = 0; t < endMs; i += 1) {
    segments.push([t, cycle[i % cycle.length]!]);
    t += (cycle[i % cycle.length] === 0 ? 1 + Math.floor(rnd() * 2) : 3 + Math.floor(rnd() * 5)) * FIVE_MIN;
  }
  return { startMs, endMs, segments };
}

export function sleepNight(user: string, polarUser: string, date: string) {
  const night = nightOf(user, date);
  const seconds: Record<number, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  night.segments.forEach(([t, code], i) => {
    seconds[code]! += ((night.segments[i + 1]?.[0] ?? night.endMs) - t) / 1000;
  });
  const hypnogram: Record<string, number> = {};
  for (const [t, code] of night.segments) hypnogram[localClock(t)] = code;
  const heartRate: Record<string, number> = {};
  for (let t = Math.ceil(night.startMs / FIVE_MIN) * FIVE_MIN; t < night.endMs; t += FIVE_MIN)
    heartRate[localClock(t)] = heartRateAt(user, t);
  const rnd = createRandom(hashSeed('polar-night-score', user, date));
  return {
    polar_user: polarUser,
    date,
    sleep_start_time: withOffset(night.startMs),
    sleep_end_time: withOffset(night.endMs),
    device_id: '1111AAAA',
    continuity: Math.round((2.5 + rnd() * 2) * 10) / 10,
    continuity_class: 3,
    light_sleep: seconds[2]! + seconds[3]!,
    deep_sleep: seconds[4]!,
    rem_sleep: seconds[1]!,
    unrecognized_sleep_stage: seconds[5]!,
    sleep_score: 60 + Math.floor(rnd() * 35),
    total_interruption_duration: seconds[0]!,
    sleep_charge: 3,
    sleep_goal: 28_800,
    sleep_rating: 3,
    short_interruption_duration: seconds[0]!,
    long_interruption_duration: 0,
    sleep_cycles: Math.max(1, Math.round(night.segments.length / 5)),
    group_duration_score: 80,
    group_solidity_score: 75,
    group_regeneration_score: 70,
    hypnogram,
    heart_rate_samples: heartRate,
  };
}

export function nightlyRecharge(user: string, polarUser: string, date: string) {
  const night = nightOf(user, date);
  const rnd = createRandom(hashSeed('polar-recharge', user, date));
  const hrv: Record<string, number> = {};
  const breathing: Record<string, number> = {};
  // Polar's recharge samples cover the first four hours of sleep.
  const until = Math.min(night.endMs, night.startMs + 4 * 3600_000);
  for (let t = Math.ceil(night.startMs / FIVE_MIN) * FIVE_MIN; t < until; t += FIVE_MIN) {
    hrv[localClock(t)] = Math.round(35 + rnd() * 40);
    breathing[localClock(t)] = Math.round((12 + rnd() * 4) * 10) / 10;
  }
  const avg = (o: Record<string, number>) => {
    const v = Object.values(o);
    return v.length === 0 ? 0 : Math.round((v.reduce((a, b) => a + b, 0) / v.length) * 10) / 10;
  };
  return {
    polar_user: polarUser,
    date,
    heart_rate_avg: 55,
    beat_to_beat_avg: 1090,
    heart_rate_variability_avg: Math.round(avg(hrv)),
    breathing_rate_avg: avg(breathing),
    nightly_recharge_status: 3,
    ans_charge: Math.round((rnd() * 10 - 5) * 10) / 10,
    ans_charge_status: 3,
    hrv_samples: hrv,
    breathing_samples: breathing,
  };
}

export function continuousHeartRate(user: string, polarUser: string, date: string, nowMs: number) {
  const start = localMidnight(date);
  const samples: { heart_rate: number; sample_time: string }[] = [];
  for (let t = start; t < start + DAY_MS && t < nowMs; t += FIVE_MIN)
    samples.push({ heart_rate: heartRateAt(user, t), sample_time: localIso(t).slice(11, 19) });
  return { polar_user: polarUser, date, heart_rate_samples: samples };
}

const QUARTER = 900_000;

export function dailyActivity(user: string, date: string, nowMs: number) {
  const start = localMidnight(date);
  const end = Math.min(start + DAY_MS, nowMs);
  const samples: { steps: number; timestamp: string }[] = [];
  let steps = 0;
  for (let t = start; t + QUARTER <= end; t += QUARTER) {
    const hour = Number(localClock(t).slice(0, 2));
    const r = createRandom(hashSeed('polar-steps', user, t))();
    const value = hour < 7 || hour >= 23 ? 0 : Math.round(r * 900);
    steps += value;
    samples.push({ steps: value, timestamp: localIso(t) });
  }
  const active = Math.round(steps * 0.045);
  const bmr = Math.round((1650 * (end - start)) / DAY_MS);
  return {
    start_time: localIso(start),
    end_time: localIso(end),
    active_duration: `PT${Math.floor(steps / 100)}M`,
    inactive_duration: 'PT8H',
    daily_activity: Math.min(100, Math.round(steps / 120)),
    calories: bmr + active,
    active_calories: active,
    steps,
    inactivity_alert_count: 0,
    distance_from_steps: Math.round(steps * 0.76),
    samples: { date, steps: { interval_ms: QUARTER, total_steps: steps, samples } },
  };
}

const SPORTS = [
  ['RUNNING', 'RUNNING'],
  ['CYCLING', 'ROAD_BIKING'],
  ['WALKING', 'WALKING'],
  ['STRENGTH_TRAINING', 'STRENGTH_TRAINING'],
] as const;

/** The exercise of `date` (every other day has one), or null. */
export function exerciseOn(user: string, polarUser: string, date: string, withSamples: boolean) {
  const rnd = createRandom(hashSeed('polar-exercise', user, date));
  if (rnd() < 0.5) return null;
  const [sport, detailed] = SPORTS[Math.floor(rnd() * SPORTS.length)]!;
  const startMs = localMidnight(date) + (17 * 60 + Math.floor(rnd() * 90)) * 60_000;
  const minutes = 30 + Math.floor(rnd() * 40);
  const seconds = minutes * 60 + Math.floor(rnd() * 60);
  const moving = sport !== 'STRENGTH_TRAINING';
  const speedKmh = sport === 'CYCLING' ? 26 : sport === 'RUNNING' ? 10.5 : 5;
  const hr = Array.from(
    { length: Math.floor(seconds / 5) },
    (_, i) => 115 + Math.round(25 * Math.sin(i / 40) + rnd() * 10),
  );
  const exercise: Record<string, unknown> = {
    id: hashSeed('polar-exercise-id', user, date).toString(16).toUpperCase(),
    upload_time: new Date(startMs + seconds * 1000 + 10 * 60_000).toISOString(),
    polar_user: polarUser,
    device: 'Polar Vantage V3',
    device_id: '1111AAAA',
    start_time: localIso(startMs),
    start_time_utc_offset: POLAR_OFFSET_S / 60,
    duration: `PT${Math.floor(seconds / 60)}M${seconds % 60}S`,
    calories: Math.round(minutes * (moving ? 11 : 6)),
    distance: moving ? Math.round((speedKmh / 3.6) * seconds) : undefined,
    heart_rate: { average: Math.round(hr.reduce((a, b) => a + b, 0) / hr.length), maximum: Math.max(...hr) },
    training_load: Math.round(minutes * 1.8),
    sport,
    has_route: moving,
    detailed_sport_info: detailed,
  };
  if (withSamples) {
    exercise.samples = [
      { 'recording-rate': 5, 'sample-type': '0', data: hr.join(',') },
      ...(moving
        ? [
            {
              'recording-rate': 5,
              'sample-type': '1',
              data: hr.map((_, i) => (speedKmh + Math.sin(i / 20)).toFixed(1)).join(','),
            },
          ]
        : []),
    ];
  }
  return { exercise, endMs: startMs + seconds * 1000 };
}
