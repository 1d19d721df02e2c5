import { createRandom, DAY_MS, hashSeed } from '../core/prng';

/**
 * Deterministic Health API summaries of one emulated Garmin user, by summary time. The emulated person
 * lives at UTC−5 (`startTimeOffsetInSeconds` = −18000). Garmin reports heart rate every 15 s; this emulator
 * reports a sample every 5 minutes (the offsets are still seconds after the day's start) to keep
 * backfills light. Nothing is served that ends after the emulator's `now`.
 */

export const GARMIN_OFFSET_S = -18_000;
const EPOCH_S = 900;
const daySeconds = 86_400;

export type GarminSummaryType = 'dailies' | 'epochs' | 'sleeps' | 'activities';
export const GARMIN_SUMMARY_TYPES: readonly GarminSummaryType[] = [
  'dailies',
  'epochs',
  'sleeps',
  'activities',
];

/** Local midnight of `date` in epoch seconds. */
const midnightS = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000 - GARMIN_OFFSET_S;
const localDate = (seconds: number) =>
  new Date((seconds + GARMIN_OFFSET_S) * 1000).toISOString().slice(0, 10);
const summaryId = (user: string, tag: string, startS: number) =>
  `x${hashSeed(user).toString(16).slice(0, 7)}-${startS.toString(16)}${tag}`;

function epochsOf(user: string, userId: string, date: string, nowS: number) {
  const start = midnightS(date);
  const epochs = [];
  for (let t = start; t + EPOCH_S <= Math.min(start + daySeconds, nowS); t += EPOCH_S) {
    const hour = Math.floor((t - start) / 3600);
    const r = createRandom(hashSeed('garmin-epoch', user, t))();
    const steps = hour < 7 || hour >= 23 ? 0 : Math.round(r * 1100);
    epochs.push({
      userId,
      summaryId: summaryId(user, '', t),
      activityType: steps > 700 ? 'RUNNING' : steps > 0 ? 'WALKING' : 'SEDENTARY',
      activeKilocalories: Math.round(steps * 0.045),
      steps,
      distanceInMeters: Math.round(steps * 0.78 * 10) / 10,
      durationInSeconds: EPOCH_S,
      activeTimeInSeconds: steps > 0 ? Math.min(EPOCH_S, Math.round(steps * 0.6)) : 0,
      startTimeInSeconds: t,
      startTimeOffsetInSeconds: GARMIN_OFFSET_S,
      met: steps > 0 ? 3.1 : 1,
      intensity: steps > 700 ? 'HIGHLY_ACTIVE' : steps > 0 ? 'ACTIVE' : 'SEDENTARY',
      meanMotionIntensity: steps > 0 ? 3 : 0,
      maxMotionIntensity: steps > 0 ? 6 : 1,
    });
  }
  return epochs;
}

function dailyOf(user: string, userId: string, date: string, nowS: number) {
  const start = midnightS(date);
  if (start >= nowS) return null;
  const duration = Math.min(daySeconds, nowS - start);
  const epochs = epochsOf(user, userId, date, nowS);
  const rnd = createRandom(hashSeed('garmin-daily', user, date));
  const heartRate: Record<string, number> = {};
  for (let after = 0; after < duration; after += 300) {
    const hour = Math.floor(after / 3600);
    const r = createRandom(hashSeed('garmin-hr', user, start + after))();
    heartRate[String(after)] = Math.round(hour < 7 || hour >= 23 ? 50 + r * 8 : 62 + r * 25);
  }
  const hrValues = Object.values(heartRate);
  const steps = epochs.reduce((a, e) => a + e.steps, 0);
  return {
    userId,
    summaryId: summaryId(user, '-daily', start),
    calendarDate: date,
    activityType: 'WALKING',
    activeKilocalories: epochs.reduce((a, e) => a + e.activeKilocalories, 0),
    bmrKilocalories: Math.round((1580 * duration) / daySeconds),
    steps,
    distanceInMeters: Math.round(epochs.reduce((a, e) => a + e.distanceInMeters, 0) * 10) / 10,
    durationInSeconds: duration,
    activeTimeInSeconds: epochs.reduce((a, e) => a + e.activeTimeInSeconds, 0),
    startTimeInSeconds: start,
    startTimeOffsetInSeconds: GARMIN_OFFSET_S,
    moderateIntensityDurationInSeconds: 1200,
    vigorousIntensityDurationInSeconds: 600,
    floorsClimbed: Math.floor(rnd() * 14),
    minHeartRateInBeatsPerMinute: hrValues.length ? Math.min(...hrValues) : undefined,
    averageHeartRateInBeatsPerMinute: hrValues.length
      ? Math.round(hrValues.reduce((a, b) => a + b, 0) / hrValues.length)
      : undefined,
    maxHeartRateInBeatsPerMinute: hrValues.length ? Math.max(...hrValues) : undefined,
    restingHeartRateInBeatsPerMinute: 50 + Math.floor(rnd() * 6),
    timeOffsetHeartRateSamples: heartRate,
    averageStressLevel: duration < 3600 ? -1 : 20 + Math.floor(rnd() * 30),
    maxStressLevel: 70 + Math.floor(rnd() * 25),
    stressDurationInSeconds: 12_000,
    restStressDurationInSeconds: 30_000,
    stepsGoal: 8000,
    intensityDurationGoalInSeconds: 9000,
    floorsClimbedGoal: 10,
  };
}

/** The night that ends on the morning of `date`. */
function sleepOf(user: string, userId: string, date: string, nowS: number) {
  const rnd = createRandom(hashSeed('garmin-sleep', user, date));
  const start = midnightS(date) - 5400 + Math.floor(rnd() * 12) * 300;
  const duration = 23_400 + Math.floor(rnd() * 24) * 300;
  if (start + duration > nowS) return null;
  const levels: Record<
    'deep' | 'light' | 'rem' | 'awake',
    { startTimeInSeconds: number; endTimeInSeconds: number }[]
  > = {
    deep: [],
    light: [],
    rem: [],
    awake: [],
  };
  const cycle = ['light', 'deep', 'light', 'rem', 'awake'] as const;
  for (let t = start, i = 0; t < start + duration; i += 1) {
    const level = cycle[i % cycle.length]!;
    const end = Math.min(
      start + duration,
      t + (level === 'awake' ? 1 + Math.floor(rnd() * 2) : 3 + Math.floor(rnd() * 5)) * 300,
    );
    levels[level].push({ startTimeInSeconds: t, endTimeInSeconds: end });
    t = end;
  }
  const sum = (k: keyof typeof levels) =>
    levels[k].reduce((a, s) => a + s.endTimeInSeconds - s.startTimeInSeconds, 0);
  return {
    userId,
    summaryId: summaryId(user, '-sleep', start),
    calendarDate: date,
    durationInSeconds: duration,
    startTimeInSeconds: start,
    startTimeOffsetInSeconds: GARMIN_OFFSET_S,
    unmeasurableSleepInSeconds: 0,
    deepSleepDurationInSeconds: sum('deep'),
    lightSleepDurationInSeconds: sum('light'),
    remSleepInSeconds: sum('rem'),
    awakeDurationInSeconds: sum('awake'),
    sleepLevelsMap: levels,
    validation: 'ENHANCED_FINAL',
    overallSleepScore: { value: 60 + Math.floor(rnd() * 35), qualifierKey: 'GOOD' },
  };
}

const ACTIVITIES = [
  ['RUNNING', 'Morning Run', 3.0],
  ['CYCLING', 'Evening Ride', 7.2],
  ['WALKING', 'Walk', 1.4],
  ['STRENGTH_TRAINING', 'Strength', 0],
] as const;

function activityOf(user: string, userId: string, date: string, nowS: number) {
  const rnd = createRandom(hashSeed('garmin-activity', user, date));
  if (rnd() < 0.5) return null;
  const [type, name, speed] = ACTIVITIES[Math.floor(rnd() * ACTIVITIES.length)]!;
  const start = midnightS(date) + 18 * 3600 + Math.floor(rnd() * 90) * 60;
  const duration = 1800 + Math.floor(rnd() * 2400);
  if (start + duration > nowS) return null;
  return {
    userId,
    summaryId: summaryId(user, '-activity', start),
    activityId: hashSeed('garmin-activity-id', user, date),
    activityName: name,
    activityType: type,
    durationInSeconds: duration,
    startTimeInSeconds: start,
    startTimeOffsetInSeconds: GARMIN_OFFSET_S,
    averageHeartRateInBeatsPerMinute: 120 + Math.floor(rnd() * 30),
    maxHeartRateInBeatsPerMinute: 160 + Math.floor(rnd() * 25),
    activeKilocalories: Math.round(duration / 6),
    distanceInMeters: speed > 0 ? Math.round(speed * duration) : undefined,
    averageSpeedInMetersPerSecond: speed > 0 ? speed : undefined,
    maxSpeedInMetersPerSecond: speed > 0 ? Math.round(speed * 1.3 * 100) / 100 : undefined,
    steps: type === 'RUNNING' || type === 'WALKING' ? Math.round(duration * 2.6) : undefined,
    totalElevationGainInMeters: speed > 0 ? 40 : undefined,
    deviceName: 'forerunner965',
    manual: false,
  };
}

/** Summaries of `type` whose `startTimeInSeconds` falls in [startS, endS). */
export function summariesIn(
  type: GarminSummaryType,
  user: string,
  userId: string,
  startS: number,
  endS: number,
  nowS: number,
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const first = Date.parse(`${localDate(startS)}T00:00:00Z`) - DAY_MS;
  const last = Date.parse(`${localDate(endS)}T00:00:00Z`) + DAY_MS;
  for (let d = first; d <= last; d += DAY_MS) {
    const date = new Date(d).toISOString().slice(0, 10);
    const items: (Record<string, unknown> | null)[] =
      type === 'epochs'
        ? epochsOf(user, userId, date, nowS)
        : [
            type === 'dailies'
              ? dailyOf(user, userId, date, nowS)
              : type === 'sleeps'
                ? sleepOf(user, userId, date, nowS)
                : activityOf(user, userId, date, nowS),
          ];
    for (const item of items) {
      const at = item?.startTimeInSeconds;
      if (item && typeof at === 'number' && at >= startS && at < endS) out.push(item);
    }
  }
  return out;
}
