import { eachRecord, type ResourceMapper } from '../common/env';
import { isoWithOffset } from '../common/local-time';
import type { RecordReader } from '../common/read';
import { readRoute } from '../common/route';
import { sleepFields, type SleepStage, type StageSpan } from '../common/sleep';
import { humanise, sportOf, type Sport } from '../common/sports';
import {
  healthConnectOffset,
  readHealthConnectRecord,
  readHealthConnectValue,
} from './health-connect-record';

/** `SleepSessionRecord.STAGE_TYPE_*` constants and their names. */
const STAGES = new Map<number | string, SleepStage>([
  [0, 'in_bed'],
  [1, 'awake'],
  [2, 'asleep'],
  [3, 'awake'],
  [4, 'light'],
  [5, 'deep'],
  [6, 'rem'],
  [7, 'awake'],
  ['unknown', 'in_bed'],
  ['awake', 'awake'],
  ['sleeping', 'asleep'],
  ['out_of_bed', 'awake'],
  ['light', 'light'],
  ['deep', 'deep'],
  ['rem', 'rem'],
  ['awake_in_bed', 'awake'],
]);

const MAX_STAGES = 5_000;

function readStages(r: RecordReader, startMs: number, endMs: number): StageSpan[] | null {
  const list = r.array('stages', { max: MAX_STAGES });
  // A session without stages is asleep throughout (Health Connect's reading of a bare session).
  if (!list || list.length === 0) return r.failed ? null : [{ startMs, endMs, stage: 'asleep' }];
  const spans: StageSpan[] = [];
  list.forEach((_, k) => {
    const s = r.child(['stages', k], { required: true });
    if (!s) return;
    const from = s.instant('startTime', { required: true });
    const to = s.instant('endTime', { required: true });
    const raw = s.value('stage');
    const stage = typeof raw === 'number' || typeof raw === 'string' ? STAGES.get(raw) : undefined;
    if (stage === undefined) s.fail('stage', 'Input should be a SleepSessionRecord stage type (0–7)', 'enum');
    if (from && to && to.ms < from.ms)
      s.fail('endTime', 'endTime must not be before startTime', 'greater_than_equal');
    if (s.failed || !from || !to || stage === undefined) return;
    // Stages lie within the session; a stage overhanging it is cut to it.
    const a = Math.max(from.ms, startMs);
    const b = Math.min(to.ms, endMs);
    if (b > a) spans.push({ startMs: a, endMs: b, stage });
  });
  return r.failed ? null : spans;
}

/** `sleep`: `SleepSession` records → one sleep summary each (provider_id: `metadata.id`). */
export const healthConnectSleepMapper: ResourceMapper = (records, env) => {
  const accepted = new Map<string, 'instant' | 'interval'>([['SleepSession', 'interval']]);
  eachRecord(records, env, (r) => {
    const rec = readHealthConnectRecord(r, env, accepted);
    if (!rec || !rec.end) return;
    const spans = readStages(r, rec.start.ms, rec.end.ms);
    if (!spans) return;
    const f = sleepFields(spans, rec.start.ms, rec.end.ms);
    const offset = healthConnectOffset(rec, env, rec.start.ms);
    env.out.summaries.push({
      kind: 'sleep',
      source: rec.source,
      provider_id: rec.id,
      timezone_offset: offset,
      fields: {
        bedtime_start: isoWithOffset(rec.start.ms, offset),
        bedtime_stop: isoWithOffset(rec.end.ms, healthConnectOffset(rec, env, rec.end.ms)),
        duration: f.duration,
        total: f.total,
        awake: f.awake,
        light: f.light,
        rem: f.rem,
        deep: f.deep,
        latency: f.latency,
        efficiency: f.efficiency,
      },
    });
  });
};

/** `ExerciseSessionRecord.EXERCISE_TYPE_*` constants with names, and Meridian's sport slug when there is one. */
const EXERCISE_TYPES: readonly (readonly [number, string, string | null])[] = [
  [0, 'other_workout', null],
  [2, 'badminton', null],
  [4, 'baseball', null],
  [5, 'basketball', null],
  [8, 'biking', 'cycling'],
  [9, 'biking_stationary', 'cycling'],
  [10, 'boot_camp', null],
  [11, 'boxing', null],
  [13, 'calisthenics', 'strength_training'],
  [14, 'cricket', null],
  [16, 'dancing', 'dancing'],
  [25, 'elliptical', 'elliptical'],
  [26, 'exercise_class', null],
  [27, 'fencing', null],
  [28, 'football_american', null],
  [29, 'football_australian', null],
  [31, 'frisbee_disc', null],
  [32, 'golf', null],
  [33, 'guided_breathing', null],
  [34, 'gymnastics', null],
  [35, 'handball', null],
  [36, 'high_intensity_interval_training', 'hiit'],
  [37, 'hiking', 'hiking'],
  [38, 'ice_hockey', null],
  [39, 'ice_skating', null],
  [44, 'martial_arts', null],
  [46, 'paddling', null],
  [47, 'paragliding', null],
  [48, 'pilates', 'pilates'],
  [50, 'racquetball', null],
  [51, 'rock_climbing', null],
  [52, 'roller_hockey', null],
  [53, 'rowing', 'rowing'],
  [54, 'rowing_machine', 'rowing'],
  [55, 'rugby', null],
  [56, 'running', 'running'],
  [57, 'running_treadmill', 'running'],
  [58, 'sailing', null],
  [59, 'scuba_diving', null],
  [60, 'skating', null],
  [61, 'skiing', null],
  [62, 'snowboarding', null],
  [63, 'snowshoeing', null],
  [64, 'soccer', null],
  [65, 'softball', null],
  [66, 'squash', null],
  [68, 'stair_climbing', null],
  [69, 'stair_climbing_machine', null],
  [70, 'strength_training', 'strength_training'],
  [71, 'stretching', null],
  [72, 'surfing', null],
  [73, 'swimming_open_water', 'swimming'],
  [74, 'swimming_pool', 'swimming'],
  [75, 'table_tennis', null],
  [76, 'tennis', 'tennis'],
  [78, 'volleyball', null],
  [79, 'walking', 'walking'],
  [80, 'water_polo', null],
  [81, 'weightlifting', 'strength_training'],
  [82, 'wheelchair', null],
  [83, 'yoga', 'yoga'],
];

const BY_CODE = new Map(EXERCISE_TYPES.map(([code, name, slug]) => [code, { name, slug }]));
const BY_NAME = new Map(EXERCISE_TYPES.map(([, name, slug]) => [name, { name, slug }]));

function readExerciseType(r: RecordReader): Sport | null {
  const raw = r.value('exerciseType');
  let known: { name: string; slug: string | null } | undefined;
  if (typeof raw === 'number') known = BY_CODE.get(raw);
  else if (typeof raw === 'string' && raw.length <= 64)
    known = BY_NAME.get(raw.replace(/^EXERCISE_TYPE_/, '').toLowerCase());
  if (!known) {
    return r.fail(
      'exerciseType',
      'Input should be an ExerciseSessionRecord exercise type (56 or "running")',
      'enum',
    );
  }
  return sportOf(known.slug, humanise(known.name));
}

/**
 * `workouts`: `ExerciseSession` records → workout summaries (provider_id: `metadata.id`); a route
 * (`exerciseRoute: {route: [{time, latitude, longitude, altitude}]}`) becomes the workout stream.
 */
export const healthConnectWorkoutMapper: ResourceMapper = (records, env) => {
  const accepted = new Map<string, 'instant' | 'interval'>([['ExerciseSession', 'interval']]);
  eachRecord(records, env, (r) => {
    const rec = readHealthConnectRecord(r, env, accepted);
    const sport = readExerciseType(r);
    const title = r.string('title', { max: 256 });
    if (!rec || !rec.end || !sport || r.failed) return;
    const stream = readRoute(r, ['exerciseRoute', 'route'], rec.start.ms, rec.id, env, {
      time: 'time',
      latitude: 'latitude',
      longitude: 'longitude',
      altitude: (p) =>
        p.has('altitude')
          ? (readHealthConnectValue(p, 'altitude', 'distance', 'length', { range: [-500, 10_000] })
              ?.canonical ?? null)
          : null,
    });
    if (r.failed) return;
    const offset = healthConnectOffset(rec, env, rec.start.ms);
    env.out.summaries.push({
      kind: 'workouts',
      source: { ...rec.source, sport: sport.slug },
      provider_id: rec.id,
      timezone_offset: offset,
      fields: {
        title,
        time_start: isoWithOffset(rec.start.ms, offset),
        time_end: isoWithOffset(rec.end.ms, healthConnectOffset(rec, env, rec.end.ms)),
        sport,
      },
    });
    if (stream) env.out.workoutStreams.push(stream);
  });
};
