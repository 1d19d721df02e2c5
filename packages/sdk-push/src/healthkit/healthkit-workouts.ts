import { eachRecord, type ResourceMapper } from '../common/env';
import { isoWithOffset } from '../common/local-time';
import type { RecordReader } from '../common/read';
import { humanise, sportOf, type Sport } from '../common/sports';
import { readRoute } from '../common/route';
import { healthKitOffset, readHealthKitQuantity, readHealthKitSample } from './healthkit-record';

/**
 * HealthKit workouts (HKWorkout) → workout summaries:
 * `{uuid, sampleType: "HKWorkoutTypeIdentifier", workoutActivityType: 37 | "running" |
 * "HKWorkoutActivityTypeRunning", startDate, endDate, duration (s), totalEnergyBurned: {quantity, unit},
 * totalDistance: {quantity, unit}, statistics: {<quantity type>: {averageQuantity, minimumQuantity,
 * maximumQuantity, sumQuantity}}, metadata: {HKTimeZone, HKElevationAscended: {quantity, unit}},
 * route: [{timestamp, latitude, longitude, altitude}]}`.
 */

/** HKWorkoutActivityType raw values with their names, and Meridian's sport slug when there is one. */
const ACTIVITY_TYPES: readonly (readonly [number, string, string | null])[] = [
  [1, 'americanFootball', null],
  [2, 'archery', null],
  [3, 'australianFootball', null],
  [4, 'badminton', null],
  [5, 'baseball', null],
  [6, 'basketball', null],
  [7, 'bowling', null],
  [8, 'boxing', null],
  [9, 'climbing', null],
  [10, 'cricket', null],
  [11, 'crossTraining', null],
  [12, 'curling', null],
  [13, 'cycling', 'cycling'],
  [14, 'dance', 'dancing'],
  [15, 'danceInspiredTraining', 'dancing'],
  [16, 'elliptical', 'elliptical'],
  [17, 'equestrianSports', null],
  [18, 'fencing', null],
  [19, 'fishing', null],
  [20, 'functionalStrengthTraining', 'strength_training'],
  [21, 'golf', null],
  [22, 'gymnastics', null],
  [23, 'handball', null],
  [24, 'hiking', 'hiking'],
  [25, 'hockey', null],
  [26, 'hunting', null],
  [27, 'lacrosse', null],
  [28, 'martialArts', null],
  [29, 'mindAndBody', null],
  [30, 'mixedMetabolicCardioTraining', null],
  [31, 'paddleSports', null],
  [32, 'play', null],
  [33, 'preparationAndRecovery', null],
  [34, 'racquetball', null],
  [35, 'rowing', 'rowing'],
  [36, 'rugby', null],
  [37, 'running', 'running'],
  [38, 'sailing', null],
  [39, 'skatingSports', null],
  [40, 'snowSports', null],
  [41, 'soccer', null],
  [42, 'softball', null],
  [43, 'squash', null],
  [44, 'stairClimbing', null],
  [45, 'surfingSports', null],
  [46, 'swimming', 'swimming'],
  [47, 'tableTennis', null],
  [48, 'tennis', 'tennis'],
  [49, 'trackAndField', null],
  [50, 'traditionalStrengthTraining', 'strength_training'],
  [51, 'volleyball', null],
  [52, 'walking', 'walking'],
  [53, 'waterFitness', null],
  [54, 'waterPolo', null],
  [55, 'waterSports', null],
  [56, 'wrestling', null],
  [57, 'yoga', 'yoga'],
  [58, 'barre', null],
  [59, 'coreTraining', 'strength_training'],
  [60, 'crossCountrySkiing', null],
  [61, 'downhillSkiing', null],
  [62, 'flexibility', null],
  [63, 'highIntensityIntervalTraining', 'hiit'],
  [64, 'jumpRope', null],
  [65, 'kickboxing', null],
  [66, 'pilates', 'pilates'],
  [67, 'snowboarding', null],
  [68, 'stairs', null],
  [69, 'stepTraining', null],
  [70, 'wheelchairWalkPace', null],
  [71, 'wheelchairRunPace', null],
  [72, 'taiChi', null],
  [73, 'mixedCardio', null],
  [74, 'handCycling', 'cycling'],
  [75, 'discSports', null],
  [76, 'fitnessGaming', null],
  [77, 'cardioDance', 'dancing'],
  [78, 'socialDance', 'dancing'],
  [79, 'pickleball', null],
  [80, 'cooldown', null],
  [82, 'swimBikeRun', null],
  [83, 'transition', null],
  [84, 'underwaterDiving', null],
  [3000, 'other', null],
];

const BY_RAW = new Map(ACTIVITY_TYPES.map(([raw, name, slug]) => [raw, { name, slug }]));
const BY_NAME = new Map(ACTIVITY_TYPES.map(([, name, slug]) => [name.toLowerCase(), { name, slug }]));

function readSport(r: RecordReader): Sport | null {
  const raw = r.value('workoutActivityType');
  let known: { name: string; slug: string | null } | undefined;
  if (typeof raw === 'number') known = BY_RAW.get(raw);
  else if (typeof raw === 'string' && raw.length <= 64)
    known = BY_NAME.get(raw.replace(/^HKWorkoutActivityType/, '').toLowerCase());
  if (!known) {
    return r.fail(
      'workoutActivityType',
      'Input should be an HKWorkoutActivityType (raw value such as 37, or name such as "running")',
      'enum',
    );
  }
  return sportOf(known.slug, humanise(known.name));
}

const STAT = (type: string, which: string) => ['statistics', `HKQuantityTypeIdentifier${type}`, which];

export const healthKitWorkoutMapper: ResourceMapper = (records, env) => {
  const accepted = new Set(['HKWorkoutTypeIdentifier']);
  eachRecord(records, env, (r) => {
    const s = readHealthKitSample(r, env, accepted);
    const sport = readSport(r);
    const duration = r.number('duration');
    if (duration !== null && (duration < 0 || duration > 7 * 86_400))
      r.fail('duration', 'duration must be between 0 and 604800 seconds', 'value_out_of_range');
    const q = (path: string[], resource: string, range?: [number, number]) =>
      readHealthKitQuantity(r, path, resource, { plausible: range ? { range } : undefined })?.canonical ??
      null;
    const calories =
      q(['totalEnergyBurned'], 'calories_active') ??
      q(STAT('ActiveEnergyBurned', 'sumQuantity'), 'calories_active');
    const distance =
      q(['totalDistance'], 'distance') ??
      q(STAT('DistanceWalkingRunning', 'sumQuantity'), 'distance') ??
      q(STAT('DistanceCycling', 'sumQuantity'), 'distance') ??
      q(STAT('DistanceSwimming', 'sumQuantity'), 'distance');
    const averageHr = q(STAT('HeartRate', 'averageQuantity'), 'heartrate', [1, 300]);
    const maxHr = q(STAT('HeartRate', 'maximumQuantity'), 'heartrate', [1, 300]);
    const steps = q(STAT('StepCount', 'sumQuantity'), 'steps');
    const elevation = q(['metadata', 'HKElevationAscended'], 'distance', [0, 20_000]);
    if (!s || !sport || r.failed) return;
    const offset = healthKitOffset(s, env, s.start.ms);
    const stream = readRoute(r, 'route', s.start.ms, s.uuid, env, {
      time: 'timestamp',
      latitude: 'latitude',
      longitude: 'longitude',
      altitude: ['altitude'],
    });
    if (r.failed) return;
    env.out.summaries.push({
      kind: 'workouts',
      source: { ...s.source, sport: sport.slug },
      provider_id: s.uuid,
      time_zone: s.zone,
      timezone_offset: s.zone === null ? offset : null,
      fields: {
        title: null,
        time_start: isoWithOffset(s.start.ms, offset),
        time_end: isoWithOffset(s.end.ms, healthKitOffset(s, env, s.end.ms)),
        sport,
        calories,
        distance,
        average_hr: averageHr,
        max_hr: maxHr,
        steps,
        moving_time: duration,
        total_elevation_gain: elevation,
      },
    });
    if (stream) env.out.workoutStreams.push(stream);
  });
};
