import { createHash } from 'node:crypto';
import { createRandom, hashSeed, hashSeedWithPrefix } from '../core/prng';
import { addDays, formatLocal, localDate, localDayStart, zoneOffsetSeconds } from '../core/zone-time';

/**
 * Deterministic Oura documents of an emulated account: the same account and day always give the same
 * documents, whatever window asked for them. Shapes follow the Oura API v2 schemas (see index.ts).
 */

const ZONES = ['Europe/Helsinki', 'America/Los_Angeles', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];
const FIVE_MIN = 300_000;
const HOUR = 3_600_000;

export function ouraZoneOf(accountId: string): string {
  return ZONES[hashSeed('oura-zone', accountId) % ZONES.length]!;
}

/** A document id shaped like Oura's (UUID text), stable per account, collection and key. */
export function ouraDocumentId(accountId: string, collection: string, key: string): string {
  const h = createHash('sha256').update(`${accountId}|${collection}|${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface OuraSample {
  interval: number;
  items: (number | null)[];
  timestamp: string;
}

export interface OuraHeartRateRow {
  timestamp: string;
  timestamp_unix: number;
  bpm: number;
  source: 'awake' | 'workout' | 'rest' | 'sleep' | 'live' | 'session';
}

export interface OuraSleepDocument {
  id: string;
  average_breath: number | null;
  average_heart_rate: number | null;
  average_hrv: number | null;
  awake_time: number | null;
  bedtime_end: string;
  bedtime_start: string;
  day: string;
  deep_sleep_duration: number | null;
  efficiency: number | null;
  heart_rate: OuraSample | null;
  hrv: OuraSample | null;
  latency: number | null;
  light_sleep_duration: number | null;
  low_battery_alert: boolean;
  lowest_heart_rate: number | null;
  movement_30_sec: string | null;
  period: number;
  readiness: {
    contributors: Record<string, number | null>;
    score: number | null;
    temperature_deviation: number | null;
    temperature_trend_deviation: number | null;
  } | null;
  readiness_score_delta: number | null;
  rem_sleep_duration: number | null;
  restless_periods: number | null;
  sleep_algorithm_version: 'v1' | 'v2' | null;
  sleep_analysis_reason: string | null;
  sleep_phase_5_min: string | null;
  sleep_score_delta: number | null;
  time_in_bed: number;
  total_sleep_duration: number | null;
  type: 'deleted' | 'sleep' | 'long_sleep' | 'late_nap' | 'rest' | null;
  ring_id: string | null;
}

export interface OuraDailyActivity {
  id: string;
  active_calories: number;
  average_met_minutes: number;
  class_5_min: string | null;
  contributors: Record<string, number | null>;
  day: string;
  equivalent_walking_distance: number;
  high_activity_met_minutes: number;
  high_activity_time: number;
  inactivity_alerts: number;
  low_activity_met_minutes: number;
  low_activity_time: number;
  medium_activity_met_minutes: number;
  medium_activity_time: number;
  met: OuraSample;
  meters_to_target: number;
  non_wear_time: number;
  resting_time: number;
  score: number | null;
  sedentary_met_minutes: number;
  sedentary_time: number;
  steps: number;
  target_calories: number;
  target_meters: number;
  timestamp: string;
  total_calories: number;
}

export interface OuraWorkout {
  id: string;
  activity: string;
  calories: number | null;
  day: string;
  distance: number | null;
  end_datetime: string;
  intensity: 'easy' | 'moderate' | 'hard';
  label: string | null;
  source: 'manual' | 'autodetected';
  start_datetime: string;
}

export interface OuraPersonalInfo {
  id: string;
  age: number | null;
  weight: number | null;
  height: number | null;
  biological_sex: string | null;
  email: string | null;
}

const between = (r: () => number, lo: number, hi: number) => lo + r() * (hi - lo);
const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * When the night ending on `day` starts and how many 5-minute epochs it lasts (null: a night off the ring), and
 * the generator positioned after those draws, which the document goes on with. Heart rate needs only the span.
 */
function sleepTiming(
  accountId: string,
  day: string,
): { r: () => number; start: number; epochs: number } | null {
  const r = createRandom(hashSeed('oura-sleep', accountId, day));
  if (r() < 0.06) return null;
  const start =
    localDayStart(ouraZoneOf(accountId), addDays(day, -1), 22) + Math.floor(between(r, 0, 24)) * FIVE_MIN;
  const epochs = Math.floor(between(r, 78, 102)); // 6.5–8.5 h of 5-minute epochs
  return { r, start, epochs };
}

/** The span of the night ending on `day` (`bedtime_start` to `bedtime_end` of its document), null without one. */
function sleepSpan(accountId: string, day: string): [number, number] | null {
  const timing = sleepTiming(accountId, day);
  return timing ? [timing.start, timing.start + timing.epochs * 300 * 1000] : null;
}

/** The account's sleep for the night ending on `day` (its wake-up date), or null for a night off the ring. */
export function ouraSleep(accountId: string, day: string): OuraSleepDocument | null {
  const zone = ouraZoneOf(accountId);
  const timing = sleepTiming(accountId, day);
  if (!timing) return null;
  const { r, start, epochs } = timing;
  const latencyEpochs = 1 + Math.floor(r() * 4);
  let phases = '4'.repeat(latencyEpochs);
  while (phases.length < epochs - 1) {
    // A sleep cycle: light, deep (more early in the night), light, REM (more late), now and then awake.
    const early = phases.length < epochs / 2;
    phases += '2'.repeat(2 + Math.floor(r() * 4));
    phases += '1'.repeat(early ? 3 + Math.floor(r() * 4) : Math.floor(r() * 2));
    phases += '2'.repeat(1 + Math.floor(r() * 3));
    phases += '3'.repeat(early ? 1 + Math.floor(r() * 2) : 3 + Math.floor(r() * 4));
    if (r() < 0.3) phases += '4';
  }
  phases = `${phases.slice(0, epochs - 1)}4`;
  const count = (c: string) => [...phases].filter((p) => p === c).length * 300;
  const timeInBed = epochs * 300;
  const total = timeInBed - count('4');
  const hr: (number | null)[] = Array.from({ length: epochs }, (_, i) =>
    Math.round(between(r, 50, 58) - 4 * Math.sin((Math.PI * i) / epochs)),
  );
  const hrv: (number | null)[] = Array.from({ length: epochs }, () => Math.round(between(r, 28, 70)));
  // Oura leaves gaps where the ring lost contact: a null now and then.
  hr[7] = null;
  hrv[11] = null;
  const hrValues = hr.filter((v): v is number => typeof v === 'number');
  const hrvValues = hrv.filter((v): v is number => typeof v === 'number');
  const end = start + timeInBed * 1000;
  const score = Math.round(between(r, 62, 92));
  return {
    id: ouraDocumentId(accountId, 'sleep', day),
    average_breath: round1(between(r, 13, 16.5)),
    average_heart_rate: round1(hrValues.reduce((a, b) => a + b, 0) / hrValues.length),
    average_hrv: Math.round(hrvValues.reduce((a, b) => a + b, 0) / hrvValues.length),
    awake_time: count('4'),
    bedtime_end: formatLocal(zone, end, true),
    bedtime_start: formatLocal(zone, start, true),
    day,
    deep_sleep_duration: count('1'),
    efficiency: Math.round((total / timeInBed) * 100),
    heart_rate: { interval: 300, items: hr, timestamp: formatLocal(zone, start, true) },
    hrv: { interval: 300, items: hrv, timestamp: formatLocal(zone, start, true) },
    latency: latencyEpochs * 300,
    light_sleep_duration: count('2'),
    low_battery_alert: false,
    lowest_heart_rate: Math.min(...hrValues),
    movement_30_sec: null,
    period: 0,
    readiness: {
      contributors: {
        activity_balance: 80,
        body_temperature: 95,
        hrv_balance: 77,
        previous_day_activity: 85,
        previous_night: score,
        recovery_index: 90,
        resting_heart_rate: 88,
        sleep_balance: 82,
        sleep_regularity: 79,
      },
      score: Math.round(between(r, 60, 95)),
      temperature_deviation: Math.round(between(r, -0.6, 0.6) * 100) / 100,
      temperature_trend_deviation: Math.round(between(r, -0.3, 0.3) * 100) / 100,
    },
    readiness_score_delta: null,
    rem_sleep_duration: count('3'),
    restless_periods: Math.floor(between(r, 80, 260)),
    sleep_algorithm_version: 'v2',
    sleep_analysis_reason: 'foreground_sleep_analysis',
    sleep_phase_5_min: phases,
    sleep_score_delta: null,
    time_in_bed: timeInBed,
    total_sleep_duration: total,
    type: 'long_sleep',
    ring_id: null,
  };
}

/** Oura's activity day runs from 04:00 local to 04:00 the next day. */
export function ouraActivityDayStart(accountId: string, day: string): number {
  return localDayStart(ouraZoneOf(accountId), day, 4);
}

export function ouraDailyActivity(accountId: string, day: string): OuraDailyActivity {
  const zone = ouraZoneOf(accountId);
  const r = createRandom(hashSeed('oura-activity', accountId, day));
  const steps = Math.round(between(r, 3500, 14500));
  const active = Math.round(steps * 0.042 + between(r, 20, 140));
  const high = Math.round(between(r, 0, 40)) * 60;
  const medium = Math.round(between(r, 20, 80)) * 60;
  const low = Math.round(between(r, 150, 320)) * 60;
  const met = Array.from({ length: 1440 }, (_, i) =>
    round1(i < 1080 ? between(r, 0.9, 3.5) : between(r, 0.9, 1.2)),
  );
  const start = ouraActivityDayStart(accountId, day);
  return {
    id: ouraDocumentId(accountId, 'daily_activity', day),
    active_calories: active,
    average_met_minutes: round1(between(r, 1.2, 2.2)),
    class_5_min: null,
    contributors: {
      meet_daily_targets: 60,
      move_every_hour: 95,
      recovery_time: 100,
      stay_active: 80,
      training_frequency: 71,
      training_volume: 96,
    },
    day,
    equivalent_walking_distance: Math.round(steps * 0.76),
    high_activity_met_minutes: Math.round(high / 60) * 7,
    high_activity_time: high,
    inactivity_alerts: Math.floor(r() * 3),
    low_activity_met_minutes: Math.round(low / 60) * 2,
    low_activity_time: low,
    medium_activity_met_minutes: Math.round(medium / 60) * 4,
    medium_activity_time: medium,
    met: { interval: 60, items: met, timestamp: formatLocal(zone, start, true) },
    meters_to_target: Math.max(0, 8000 - Math.round(steps * 0.76)),
    non_wear_time: 0,
    resting_time: Math.round(between(r, 6, 9)) * 3600,
    score: Math.round(between(r, 60, 98)),
    sedentary_met_minutes: 10,
    sedentary_time: Math.round(between(r, 6, 10)) * 3600,
    steps,
    target_calories: 450,
    target_meters: 8000,
    timestamp: formatLocal(zone, start, true),
    total_calories: active + Math.round(between(r, 1550, 1900)),
  };
}

const ACTIVITIES = [
  { activity: 'walking', speed: 1.4, kcalPerMin: 4.5 },
  { activity: 'running', speed: 2.9, kcalPerMin: 11 },
  { activity: 'cycling', speed: 6.5, kcalPerMin: 8.5 },
  { activity: 'yoga', speed: 0, kcalPerMin: 3 },
] as const;

/** The workout of a local day, or null (about one day in three has one). */
export function ouraWorkout(accountId: string, day: string): OuraWorkout | null {
  const zone = ouraZoneOf(accountId);
  const r = createRandom(hashSeed('oura-workout', accountId, day));
  if (r() >= 0.35) return null;
  const kind = ACTIVITIES[Math.floor(r() * ACTIVITIES.length)]!;
  const start = localDayStart(zone, day, 17) + Math.floor(between(r, 0, 24)) * FIVE_MIN;
  const minutes = Math.round(between(r, 25, 70));
  const end = start + minutes * 60_000;
  return {
    id: ouraDocumentId(accountId, 'workout', day),
    activity: kind.activity,
    calories: Math.round(kind.kcalPerMin * minutes * 10) / 10,
    day,
    distance: kind.speed > 0 ? Math.round(kind.speed * minutes * 60 * between(r, 0.9, 1.1)) : null,
    end_datetime: formatLocal(zone, end, true),
    intensity: minutes > 50 ? 'hard' : kind.activity === 'yoga' ? 'easy' : 'moderate',
    label: null,
    source: r() < 0.8 ? 'autodetected' : 'manual',
    start_datetime: formatLocal(zone, start, true),
  };
}

export function ouraWorkoutSpan(w: OuraWorkout): { start: number; end: number } {
  return { start: Date.parse(w.start_datetime), end: Date.parse(w.end_datetime) };
}

export function ouraPersonalInfo(accountId: string, username: string): OuraPersonalInfo {
  const r = createRandom(hashSeed('oura-personal', accountId));
  const female = r() < 0.5;
  return {
    id: accountId,
    age: Math.floor(between(r, 24, 58)),
    weight: round1(female ? between(r, 52, 78) : between(r, 64, 95)),
    height: Math.round((female ? between(r, 1.58, 1.78) : between(r, 1.68, 1.95)) * 100) / 100,
    biological_sex: female ? 'female' : 'male',
    email: `${username}@example.com`,
  };
}

/**
 * 5-minute heart rate of the account in [startMs, endMs), as Oura serves it (UTC timestamps); at most
 * `limit` rows when given (a page: callers ask for one more). Each row's values come from its own instant's
 * seed; the day it falls on (its sleeps, workout and local midnight) is worked out once per day.
 */
export function ouraHeartRate(
  accountId: string,
  startMs: number,
  endMs: number,
  limit = Number.POSITIVE_INFINITY,
): OuraHeartRateRow[] {
  const zone = ouraZoneOf(accountId);
  const seed = hashSeedWithPrefix('oura-hr', accountId);
  const rows: OuraHeartRateRow[] = [];
  const dayOf = (day: string) => {
    const key = `${accountId}|${day}`;
    let d = heartRateDays.get(key);
    if (!d) {
      d = heartRateDay(accountId, zone, day);
      if (heartRateDays.size >= HEART_RATE_DAYS_KEPT)
        heartRateDays.delete(heartRateDays.keys().next().value!);
      heartRateDays.set(key, d);
    }
    return d;
  };
  // Zone offsets change on quarter hours only, so a quarter hour lies within one local date: its offset is
  // looked up once, and the day's context again only when the local day changes.
  let quarter = Number.NaN;
  let localDay = Number.NaN;
  let ctx: HeartRateDay | undefined;
  const first = Math.ceil(startMs / FIVE_MIN) * FIVE_MIN;
  for (let t = first; t < endMs && rows.length < limit; t += FIVE_MIN) {
    const r = createRandom(seed(t));
    if (r() < 0.04) continue; // ring off the finger
    const q = Math.floor(t / QUARTER_HOUR);
    if (q !== quarter || !ctx) {
      quarter = q;
      const day = Math.floor((t + zoneOffsetSeconds(zone, t) * 1000) / DAY_MS);
      if (day !== localDay || !ctx) {
        localDay = day;
        ctx = dayOf(localDate(zone, t));
      }
    }
    let sleep = false;
    const sleeps = ctx.sleeps;
    // An index loop, per row: a for-of with destructuring allocated an iterator per step.
    for (let i = 0; i < sleeps.length; i += 1) if (t >= sleeps[i]![0] && t < sleeps[i]![1]) sleep = true;
    const inWorkout = ctx.workout !== null && t >= ctx.workout[0] && t < ctx.workout[1];
    const localHour = ((t - ctx.dayStart) / HOUR) % 24;
    let bpm: number;
    let source: OuraHeartRateRow['source'];
    if (sleep) {
      bpm = between(r, 48, 60);
      source = 'sleep';
    } else if (inWorkout) {
      bpm = between(r, 110, 155);
      source = 'workout';
    } else {
      bpm = between(r, 62, 88) + (localHour > 12 && localHour < 19 ? 4 : 0);
      source = 'awake';
    }
    rows.push({ timestamp: utcTimestamp(t), timestamp_unix: t, bpm: Math.round(bpm), source });
  }
  return rows;
}

const QUARTER_HOUR = 900_000;

/** Days already worked out (they depend on account and day only), oldest dropped first. */
const heartRateDays = new Map<string, HeartRateDay>();
const HEART_RATE_DAYS_KEPT = 20_000;

/** What a local day means for heart rate: the sleeps ending that day and the next, its workout, its midnight. */
interface HeartRateDay {
  sleeps: Array<[number, number]>;
  workout: [number, number] | null;
  dayStart: number;
}

function heartRateDay(accountId: string, zone: string, day: string): HeartRateDay {
  const sleeps: Array<[number, number]> = [];
  for (const d of [day, addDays(day, 1)]) {
    // The span only: the same instants as the document's bedtime_start and bedtime_end, without building it.
    const span = sleepSpan(accountId, d);
    if (span) sleeps.push(span);
  }
  const workout = ouraWorkout(accountId, day);
  const span = workout ? ouraWorkoutSpan(workout) : null;
  return {
    sleeps,
    workout: span ? [span.start, span.end] : null,
    dayStart: localDayStart(zone, day),
  };
}

/** `2024-03-01T07:05:00+00:00` (whole seconds; Oura's heart-rate timestamps). */
function utcTimestamp(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  const inDay = ms - day * DAY_MS;
  if (day !== stampDay.day) stampDay = { day, prefix: new Date(day * DAY_MS).toISOString().slice(0, 11) };
  if (inDay % 60_000 === 0 && stampDay.prefix.length === 11) {
    const minutes = inDay / 60_000;
    return `${stampDay.prefix}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}:00+00:00`;
  }
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, 19)}+00:00` : iso.replace('Z', '+00:00');
}

const DAY_MS = 86_400_000;
let stampDay = { day: Number.NaN, prefix: '' };
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The JSON of heart-rate rows, as JSON.stringify writes them (their fields need no escaping). */
export function ouraHeartRateJson(rows: readonly OuraHeartRateRow[]): string {
  let out = '';
  for (const r of rows) {
    out += `${out === '' ? '' : ','}{"timestamp":"${r.timestamp}","timestamp_unix":${r.timestamp_unix},"bpm":${r.bpm},"source":"${r.source}"}`;
  }
  return `[${out}]`;
}
