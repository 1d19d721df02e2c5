import { createRandom, hashSeed } from '../core/prng';
import { addDays, formatLocal, localDayStart } from '../core/zone-time';

/**
 * Deterministic Fitbit data of an emulated account, by the account's local calendar date (Fitbit keys
 * everything by the date in the user's profile time zone). The same account and date always give the
 * same minutes, sleep logs, exercise logs and weigh-ins, whatever window a request asks for.
 */

const ZONES = [
  'America/Los_Angeles',
  'Europe/London',
  'America/Chicago',
  'Australia/Sydney',
  'Europe/Madrid',
];
const MINUTE = 60_000;

export function fitbitZoneOf(accountId: string): string {
  return ZONES[hashSeed('fitbit-zone', accountId) % ZONES.length]!;
}

const between = (r: () => number, lo: number, hi: number) => lo + r() * (hi - lo);

export interface FitbitProfile {
  encodedId: string;
  displayName: string;
  fullName: string;
  timezone: string;
  offsetFromUTCMillis: number;
  height: number;
  weight: number;
  gender: 'FEMALE' | 'MALE' | 'NA';
  dateOfBirth: string;
  age: number;
  memberSince: string;
  strideLengthWalking: number;
  distanceUnit: string;
  heightUnit: string;
  weightUnit: string;
}

export function fitbitProfile(
  accountId: string,
  username: string,
  nowMs: number,
  offsetSeconds: number,
): FitbitProfile {
  const r = createRandom(hashSeed('fitbit-profile', accountId));
  const female = r() < 0.5;
  const birthYear = 1968 + Math.floor(r() * 35);
  const dateOfBirth = `${birthYear}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
  const age =
    new Date(nowMs).getUTCFullYear() -
    birthYear -
    (new Date(nowMs).toISOString().slice(5, 10) < dateOfBirth.slice(5) ? 1 : 0);
  return {
    encodedId: accountId,
    displayName: username,
    fullName: username,
    timezone: fitbitZoneOf(accountId),
    offsetFromUTCMillis: offsetSeconds * 1000,
    height: Math.round(female ? between(r, 158, 178) : between(r, 168, 195)),
    weight: Math.round((female ? between(r, 54, 78) : between(r, 66, 95)) * 10) / 10,
    gender: female ? 'FEMALE' : 'MALE',
    dateOfBirth,
    age,
    memberSince: '2019-04-01',
    strideLengthWalking: 74.2,
    distanceUnit: 'METRIC',
    heightUnit: 'METRIC',
    weightUnit: 'METRIC',
  };
}

export interface FitbitSleepLevel {
  dateTime: string;
  level: 'deep' | 'light' | 'rem' | 'wake';
  seconds: number;
}

export interface FitbitSleepLog {
  dateOfSleep: string;
  duration: number;
  efficiency: number;
  endTime: string;
  infoCode: number;
  isMainSleep: boolean;
  levels: {
    data: FitbitSleepLevel[];
    shortData: FitbitSleepLevel[];
    summary: Record<
      'deep' | 'light' | 'rem' | 'wake',
      { count: number; minutes: number; thirtyDayAvgMinutes: number }
    >;
  };
  logId: number;
  logType: 'auto_detected' | 'manual';
  minutesAfterWakeup: number;
  minutesAsleep: number;
  minutesAwake: number;
  minutesToFallAsleep: number;
  startTime: string;
  timeInBed: number;
  type: 'stages' | 'classic';
  /** Not part of the response: the instants, for filtering. */
  startMs: number;
  endMs: number;
}

/** The main sleep that ended on local `date` (Fitbit's `dateOfSleep`), or null for a night without the tracker. */
export function fitbitSleep(accountId: string, date: string): FitbitSleepLog | null {
  const zone = fitbitZoneOf(accountId);
  const r = createRandom(hashSeed('fitbit-sleep', accountId, date));
  if (r() < 0.07) return null;
  const startMs = localDayStart(zone, addDays(date, -1), 22) + Math.floor(between(r, 0, 210)) * 30_000 * 2;
  const levels: FitbitSleepLevel[] = [];
  let t = startMs;
  const target = startMs + Math.floor(between(r, 390, 510)) * MINUTE;
  const push = (level: FitbitSleepLevel['level'], halfMinutes: number) => {
    const seconds = halfMinutes * 30;
    levels.push({ dateTime: formatLocal(zone, t, false), level, seconds });
    t += seconds * 1000;
  };
  push('wake', 4 + Math.floor(r() * 20));
  while (t < target) {
    const early = t - startMs < (target - startMs) / 2;
    push('light', 20 + Math.floor(r() * 40));
    push('deep', early ? 20 + Math.floor(r() * 40) : 2 + Math.floor(r() * 10));
    push('light', 10 + Math.floor(r() * 20));
    push('rem', early ? 8 + Math.floor(r() * 16) : 24 + Math.floor(r() * 30));
    if (r() < 0.4) push('wake', 2 + Math.floor(r() * 10));
  }
  push('wake', 2 + Math.floor(r() * 8));
  const endMs = t;
  const summary = { deep: zero(), light: zero(), rem: zero(), wake: zero() };
  for (const l of levels) {
    summary[l.level].count += 1;
    summary[l.level].minutes += l.seconds / 60;
  }
  for (const k of ['deep', 'light', 'rem', 'wake'] as const) {
    summary[k].minutes = Math.round(summary[k].minutes);
    summary[k].thirtyDayAvgMinutes = Math.round(summary[k].minutes * between(r, 0.85, 1.15));
  }
  const timeInBed = Math.round((endMs - startMs) / MINUTE);
  const minutesAwake = summary.wake.minutes;
  return {
    dateOfSleep: date,
    duration: endMs - startMs,
    efficiency: Math.round(((timeInBed - minutesAwake) / timeInBed) * 100),
    endTime: formatLocal(zone, endMs, false),
    infoCode: 0,
    isMainSleep: true,
    levels: { data: levels, shortData: [], summary },
    logId: 26_000_000_000 + (hashSeed('fitbit-sleep-id', accountId, date) % 1_000_000_000),
    logType: 'auto_detected',
    minutesAfterWakeup: levels[levels.length - 1]!.seconds / 60,
    minutesAsleep: timeInBed - minutesAwake,
    minutesAwake,
    minutesToFallAsleep: 0,
    startTime: formatLocal(zone, startMs, false),
    timeInBed,
    type: 'stages',
    startMs,
    endMs,
  };
}

function zero() {
  return { count: 0, minutes: 0, thirtyDayAvgMinutes: 0 };
}

const EXERCISES = [
  {
    activityName: 'Walk',
    activityTypeId: 90013,
    speedKmh: 5.2,
    kcalPerMin: 4.6,
    cadence: 110,
    hr: [95, 120],
  },
  {
    activityName: 'Run',
    activityTypeId: 90009,
    speedKmh: 10.4,
    kcalPerMin: 11.5,
    cadence: 165,
    hr: [140, 168],
  },
  { activityName: 'Bike', activityTypeId: 90001, speedKmh: 22, kcalPerMin: 8.4, cadence: 0, hr: [120, 150] },
  { activityName: 'Yoga', activityTypeId: 52001, speedKmh: 0, kcalPerMin: 3, cadence: 0, hr: [80, 100] },
] as const;

export interface FitbitExerciseLog {
  activeDuration: number;
  activityName: string;
  activityTypeId: number;
  averageHeartRate: number;
  calories: number;
  distance?: number;
  distanceUnit?: string;
  duration: number;
  elevationGain: number;
  hasActiveZoneMinutes: boolean;
  lastModified: string;
  logId: number;
  logType: 'auto_detected' | 'manual' | 'tracker';
  originalDuration: number;
  originalStartTime: string;
  startTime: string;
  steps?: number;
  speed?: number;
  heartRateZones: { max: number; min: number; minutes: number; name: string }[];
  /** Not part of the response. */
  startMs: number;
  endMs: number;
}

/** The exercise of a local date (about one day in three). */
export function fitbitExercise(accountId: string, date: string): FitbitExerciseLog | null {
  const zone = fitbitZoneOf(accountId);
  const r = createRandom(hashSeed('fitbit-exercise', accountId, date));
  if (r() >= 0.34) return null;
  const kind = EXERCISES[Math.floor(r() * EXERCISES.length)]!;
  const startMs = localDayStart(zone, date, 7) + Math.floor(between(r, 0, 12 * 60)) * MINUTE;
  const minutes = Math.round(between(r, 22, 75));
  const endMs = startMs + minutes * MINUTE;
  const avgHr = Math.round(between(r, kind.hr[0], kind.hr[1]));
  const distanceKm =
    kind.speedKmh > 0 ? Math.round(((kind.speedKmh * minutes) / 60) * between(r, 0.9, 1.1) * 1000) / 1000 : 0;
  return {
    activeDuration: minutes * MINUTE,
    activityName: kind.activityName,
    activityTypeId: kind.activityTypeId,
    averageHeartRate: avgHr,
    calories: Math.round(kind.kcalPerMin * minutes),
    ...(distanceKm > 0 ? { distance: distanceKm, distanceUnit: 'Kilometer', speed: kind.speedKmh } : {}),
    duration: minutes * MINUTE,
    elevationGain: 0,
    hasActiveZoneMinutes: true,
    lastModified: new Date(endMs + 5 * MINUTE).toISOString(),
    logId: 19_000_000_000 + (hashSeed('fitbit-exercise-id', accountId, date) % 1_000_000_000),
    logType: 'auto_detected',
    originalDuration: minutes * MINUTE,
    originalStartTime: formatLocal(zone, startMs, true),
    startTime: formatLocal(zone, startMs, true),
    ...(kind.cadence > 0 ? { steps: kind.cadence * minutes } : {}),
    heartRateZones: [
      { max: 115, min: 30, minutes: avgHr < 115 ? minutes : 2, name: 'Out of Range' },
      { max: 139, min: 115, minutes: avgHr >= 115 && avgHr < 139 ? minutes - 2 : 0, name: 'Fat Burn' },
      { max: 168, min: 139, minutes: avgHr >= 139 ? minutes - 2 : 0, name: 'Cardio' },
      { max: 220, min: 168, minutes: 0, name: 'Peak' },
    ],
    startMs,
    endMs,
  };
}

export interface FitbitWeightLog {
  bmi: number;
  date: string;
  fat?: number;
  logId: number;
  source: string;
  time: string;
  weight: number;
  /** Not part of the response. */
  atMs: number;
}

/** The morning weigh-in of a local date on the Aria scale (about one day in four). */
export function fitbitWeighIn(
  accountId: string,
  date: string,
  heightCm: number,
  baseKg: number,
): FitbitWeightLog | null {
  const zone = fitbitZoneOf(accountId);
  const r = createRandom(hashSeed('fitbit-weight', accountId, date));
  if (r() >= 0.25) return null;
  const minute = 6 * 60 + 30 + Math.floor(r() * 90);
  const atMs = localDayStart(zone, date) + minute * MINUTE + Math.floor(r() * 60) * 1000;
  const weight = Math.round((baseKg + between(r, -1.2, 1.2)) * 100) / 100;
  return {
    bmi: Math.round((weight / (heightCm / 100) ** 2) * 100) / 100,
    date,
    fat: Math.round(between(r, 14, 28) * 1000) / 1000,
    logId: Math.floor(atMs / 1000) * 1000,
    source: 'Aria',
    time: formatLocal(zone, atMs, false).slice(11, 19),
    weight,
    atMs,
  };
}

export interface FitbitMinute {
  /** Minute of the local day (0–1439) and its instant. */
  minute: number;
  atMs: number;
  heart: number | null;
  steps: number;
  distanceKm: number;
  calories: number;
  level: 0 | 1 | 2 | 3;
  mets: number;
}

/** Every minute of a local date, with what the tracker recorded (heart rate null while not worn). */
export function fitbitMinutes(accountId: string, date: string): FitbitMinute[] {
  const zone = fitbitZoneOf(accountId);
  const dayStart = localDayStart(zone, date);
  const dayEnd = localDayStart(zone, addDays(date, 1));
  const sleeps = [fitbitSleep(accountId, date), fitbitSleep(accountId, addDays(date, 1))].filter(
    (s) => s !== null,
  );
  const exercise = fitbitExercise(accountId, date);
  const bmrPerMinute = 1.1;
  const out: FitbitMinute[] = [];
  const count = Math.round((dayEnd - dayStart) / MINUTE);
  for (let minute = 0; minute < count; minute += 1) {
    const atMs = dayStart + minute * MINUTE;
    const r = createRandom(hashSeed('fitbit-minute', accountId, atMs));
    const asleep = sleeps.some((s) => atMs >= s.startMs && atMs < s.endMs);
    const exercising = exercise !== null && atMs >= exercise.startMs && atMs < exercise.endMs;
    const worn = r() >= 0.015;
    let heart: number;
    let steps = 0;
    if (asleep) heart = between(r, 50, 62);
    else if (exercising) {
      heart = between(r, exercise.averageHeartRate - 8, exercise.averageHeartRate + 8);
      steps = exercise.steps ? Math.round(exercise.steps / (exercise.duration / MINUTE)) : 0;
    } else {
      heart = between(r, 64, 92);
      // Daytime strolls: some minutes with steps between 07:00 and 22:00.
      if (minute >= 420 && minute < 1320 && r() < 0.22) steps = Math.floor(between(r, 8, 110));
    }
    const level: FitbitMinute['level'] = exercising ? 3 : steps > 60 ? 2 : steps > 0 ? 1 : 0;
    const mets = exercising ? between(r, 5, 9) : steps > 0 ? between(r, 2, 3.5) : between(r, 1, 1.2);
    out.push({
      minute,
      atMs,
      heart: worn ? Math.round(heart) : null,
      steps,
      distanceKm: Math.round(steps * 0.000_742 * 100_000) / 100_000,
      calories: Math.round(bmrPerMinute * mets * 10_000) / 10_000,
      level,
      mets: Math.round(mets * 10) / 10,
    });
  }
  return out;
}
