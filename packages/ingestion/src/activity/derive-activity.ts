import { localDate, splitByLocalDate } from '../time/local-date';
import { dateStartMs } from '../time/parse-date-time';
import type { LocalOffset } from '../time/local-offset';
import { keepHighestPriority } from './keep-highest-priority';

/**
 * Meridian's daily activity summary of one provider, derived from its samples and workouts: additive
 * resources are summed per local calendar date without counting overlapping source types twice, spans
 * crossing local midnight are split pro rata, and a workout fills in what the samples do not cover.
 */
export const ACTIVITY_RESOURCES = [
  'steps',
  'distance',
  'calories_active',
  'calories_basal',
  'floors_climbed',
  'wheelchair_push',
  'workout_duration',
  'heartrate',
] as const;
export type ActivityResource = (typeof ACTIVITY_RESOURCES)[number];

type Summed = Exclude<ActivityResource, 'heartrate' | 'workout_duration'>;
const SUMMED: readonly Summed[] = [
  'steps',
  'distance',
  'calories_active',
  'calories_basal',
  'floors_climbed',
  'wheelchair_push',
];

interface Contributor {
  sourceType: string;
  appId: string | null;
  deviceId: string | null;
  startMs: number;
  endMs: number;
  local: LocalOffset;
}

export interface ActivitySample extends Contributor {
  resource: ActivityResource;
  value: number;
  /** Sample `type` ('' when none): heart rate `resting` / `walking` feed resting_bpm / avg_walking_bpm. */
  type: string;
  intensity: string | null;
}

export interface ActivityWorkout extends Contributor {
  calories: number | null;
  distance: number | null;
  steps: number | null;
  /** Seconds in 6 heart-rate zones. */
  hrZones: number[] | null;
}

export interface ActivityFields {
  calories_total: number | null;
  calories_active: number | null;
  steps: number | null;
  daily_movement: number | null;
  distance: number | null;
  low: number | null;
  medium: number | null;
  high: number | null;
  floors_climbed: number | null;
  time_zone: string | null;
  timezone_offset: number | null;
  heart_rate: {
    avg_bpm: number | null;
    min_bpm: number | null;
    max_bpm: number | null;
    resting_bpm: number | null;
    avg_walking_bpm: number | null;
  } | null;
  wheelchair_use: boolean | null;
  wheelchair_push: number | null;
}

export interface ActivityDay {
  calendarDate: string;
  fields: ActivityFields;
  /** The source type when one contributed, else `multiple_sources`. */
  sourceType: string;
  appId: string | null;
  deviceId: string | null;
  /** Local midnight of the day as an instant (UTC when the day's offset is unknown). */
  dayStartMs: number;
}

/**
 * The heart rate of one local date and source context, already summed (the storage aggregates heart rate,
 * the bulk of the rows, instead of handing every sample over). The latest sample stands for the group.
 */
export interface HeartRateGroup extends Contributor {
  date: string;
  sum: number;
  count: number;
  min: number;
  max: number;
  restingSum: number;
  restingCount: number;
  walkingSum: number;
  walkingCount: number;
}

interface HeartRate {
  sum: number;
  count: number;
  min: number;
  max: number;
  restingSum: number;
  restingCount: number;
  walkingSum: number;
  walkingCount: number;
}

interface Day {
  sums: Partial<Record<Summed, number>>;
  minutes: { low: number; medium: number; high: number } | null;
  heartRate: HeartRate | null;
  latest: Contributor | null;
  sourceTypes: Set<string>;
  appIds: Set<string | null>;
  deviceIds: Set<string | null>;
}

const INTENSITIES = ['low', 'medium', 'high'] as const;

/**
 * The activity of every date in `dates` that has data, for one provider. Heart rate comes as samples, as
 * groups already summed per local date, or both.
 */
export function deriveActivity(
  samples: readonly ActivitySample[],
  workouts: readonly ActivityWorkout[],
  dates: ReadonlySet<string>,
  heartRateGroups: readonly HeartRateGroup[] = [],
): ActivityDay[] {
  const days = new Map<string, Day>();
  const dayOf = (date: string, who: Contributor): Day | null => {
    if (!dates.has(date)) return null;
    let day = days.get(date);
    if (!day) {
      day = {
        sums: {},
        minutes: null,
        heartRate: null,
        latest: null,
        sourceTypes: new Set(),
        appIds: new Set(),
        deviceIds: new Set(),
      };
      days.set(date, day);
    }
    if (day.latest === null || who.startMs >= day.latest.startMs) day.latest = who;
    day.sourceTypes.add(who.sourceType);
    day.appIds.add(who.appId);
    day.deviceIds.add(who.deviceId);
    return day;
  };

  const byResource = groupByResource(samples);
  for (const resource of [...SUMMED, 'workout_duration'] as const) {
    for (const piece of keepHighestPriority(byResource.get(resource) ?? [])) {
      const item = piece.item;
      const length = item.endMs - item.startMs;
      const share = length > 0 ? (piece.endMs - piece.startMs) / length : 1;
      for (const [date, fraction] of splitByLocalDate(piece.startMs, piece.endMs, item.local.offset)) {
        const day = dayOf(date, item);
        if (!day) continue;
        const amount = item.value * share * fraction;
        if (resource === 'workout_duration') addMinutes(day, item.intensity, amount);
        else day.sums[resource] = (day.sums[resource] ?? 0) + amount;
      }
    }
  }
  for (const sample of byResource.get('heartrate') ?? []) {
    const day = dayOf(localDate(sample.startMs, sample.local.offset), sample);
    if (day) addHeartRate(day, heartRateOf(sample));
  }
  for (const group of heartRateGroups) {
    const day = dayOf(group.date, group);
    if (day) addHeartRate(day, group);
  }
  for (const workout of workouts) addWorkout(workout, byResource, dayOf);

  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([calendarDate, day]) => toActivityDay(calendarDate, day));
}

function groupByResource(samples: readonly ActivitySample[]): Map<ActivityResource, ActivitySample[]> {
  const map = new Map<ActivityResource, ActivitySample[]>();
  for (const s of samples) {
    const list = map.get(s.resource);
    if (list) list.push(s);
    else map.set(s.resource, [s]);
  }
  return map;
}

function addMinutes(day: Day, intensity: string | null, minutes: number): void {
  day.minutes ??= { low: 0, medium: 0, high: 0 };
  if (intensity === 'low' || intensity === 'medium' || intensity === 'high')
    day.minutes[intensity] += minutes;
}

function heartRateOf(sample: ActivitySample): HeartRate {
  const v = sample.value;
  const resting = sample.type === 'resting';
  const walking = sample.type === 'walking';
  return {
    sum: v,
    count: 1,
    min: v,
    max: v,
    restingSum: resting ? v : 0,
    restingCount: resting ? 1 : 0,
    walkingSum: walking ? v : 0,
    walkingCount: walking ? 1 : 0,
  };
}

function addHeartRate(day: Day, add: HeartRate): void {
  const hr = (day.heartRate ??= {
    sum: 0,
    count: 0,
    min: Infinity,
    max: -Infinity,
    restingSum: 0,
    restingCount: 0,
    walkingSum: 0,
    walkingCount: 0,
  });
  hr.sum += add.sum;
  hr.count += add.count;
  hr.min = Math.min(hr.min, add.min);
  hr.max = Math.max(hr.max, add.max);
  hr.restingSum += add.restingSum;
  hr.restingCount += add.restingCount;
  hr.walkingSum += add.walkingSum;
  hr.walkingCount += add.walkingCount;
}

/** A workout counts for each figure only where the provider has no samples of it during the workout. */
function addWorkout(
  workout: ActivityWorkout,
  byResource: Map<ActivityResource, ActivitySample[]>,
  dayOf: (date: string, who: Contributor) => Day | null,
): void {
  const covered = (resource: ActivityResource) =>
    (byResource.get(resource) ?? []).some((s) =>
      s.endMs > s.startMs
        ? s.startMs < workout.endMs && s.endMs > workout.startMs
        : s.startMs >= workout.startMs && s.startMs < workout.endMs,
    );
  const fills: Array<[Summed, number]> = [];
  if (workout.calories !== null && !covered('calories_active'))
    fills.push(['calories_active', workout.calories]);
  if (workout.distance !== null && !covered('distance')) fills.push(['distance', workout.distance]);
  if (workout.steps !== null && !covered('steps')) fills.push(['steps', workout.steps]);
  const minutes = covered('workout_duration') ? null : workoutMinutes(workout);

  for (const [date, fraction] of splitByLocalDate(workout.startMs, workout.endMs, workout.local.offset)) {
    const day = dayOf(date, workout);
    if (!day) continue;
    for (const [resource, total] of fills) day.sums[resource] = (day.sums[resource] ?? 0) + total * fraction;
    if (minutes) for (const i of INTENSITIES) addMinutes(day, i, minutes[i] * fraction);
  }
}

/** Minutes per intensity: heart-rate zones 1–2 low, 3–4 medium, 5–6 high; without zones, all medium. */
function workoutMinutes(workout: ActivityWorkout): Record<(typeof INTENSITIES)[number], number> {
  const z = workout.hrZones;
  if (z && z.length >= 6) {
    const sum = (a: number, b: number) => ((z[a] ?? 0) + (z[b] ?? 0)) / 60;
    return { low: sum(0, 1), medium: sum(2, 3), high: sum(4, 5) };
  }
  return { low: 0, medium: (workout.endMs - workout.startMs) / 60_000, high: 0 };
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const mean = (sum: number, count: number) => (count > 0 ? round2(sum / count) : null);
const onlyOne = <T>(values: Set<T>): T | null => (values.size === 1 ? ([...values][0] ?? null) : null);

function toActivityDay(calendarDate: string, day: Day): ActivityDay {
  const { sums, heartRate: hr, minutes, latest } = day;
  const rounded = (r: Summed, toInt = false) =>
    sums[r] === undefined ? null : toInt ? Math.round(sums[r]) : round2(sums[r]);
  const active = rounded('calories_active');
  const basal = rounded('calories_basal');
  const distance = rounded('distance');
  const local = latest?.local;
  return {
    calendarDate,
    fields: {
      calories_total: active === null && basal === null ? null : round2((active ?? 0) + (basal ?? 0)),
      calories_active: active,
      steps: rounded('steps', true),
      daily_movement: distance,
      distance,
      low: minutes && round2(minutes.low),
      medium: minutes && round2(minutes.medium),
      high: minutes && round2(minutes.high),
      floors_climbed: rounded('floors_climbed', true),
      time_zone: local?.zone ?? null,
      timezone_offset: local?.known ? local.offset : null,
      heart_rate: hr && {
        avg_bpm: round2(hr.sum / hr.count),
        min_bpm: hr.min,
        max_bpm: hr.max,
        resting_bpm: mean(hr.restingSum, hr.restingCount),
        avg_walking_bpm: mean(hr.walkingSum, hr.walkingCount),
      },
      wheelchair_use: null,
      wheelchair_push: rounded('wheelchair_push', true),
    },
    sourceType: onlyOne(day.sourceTypes) ?? 'multiple_sources',
    appId: onlyOne(day.appIds),
    deviceId: onlyOne(day.deviceIds),
    dayStartMs: dateStartMs(calendarDate) - (local?.known ? local.offset * 1000 : 0),
  };
}
