import { isCalendarDate } from '@meridian/domain';
import { BodyGroups } from '../common/body';
import { eachRecord, type ResourceMapper } from '../common/env';
import { isoWithOffset } from '../common/local-time';
import type { RecordReader } from '../common/read';
import { readRoute } from '../common/route';
import { sleepFields, type SleepStage, type StageSpan } from '../common/sleep';
import { sourceInput } from '../common/source';
import { humanise, sportOf, type Sport } from '../common/sports';
import { readSamsungPoint, readSamsungValue, samsungOffset } from './samsung-health-record';

const MAX_SESSIONS = 50;
const MAX_STAGES = 5_000;

/** Samsung sleep stage names (`SleepSession` stages). */
const STAGES = new Map<string, SleepStage>([
  ['AWAKE', 'awake'],
  ['LIGHT', 'light'],
  ['DEEP', 'deep'],
  ['REM', 'rem'],
]);

function readSleepSpans(r: RecordReader, startMs: number, endMs: number): StageSpan[] | null {
  const sessions = r.array('sessions', { max: MAX_SESSIONS });
  if (!sessions || sessions.length === 0) return r.failed ? null : [{ startMs, endMs, stage: 'asleep' }];
  const spans: StageSpan[] = [];
  sessions.forEach((_, k) => {
    const s = r.child(['sessions', k], { required: true });
    if (!s) return;
    const from = s.instant('startTime', { required: true, epochMs: true });
    const to = s.instant('endTime', { required: true, epochMs: true });
    if (from && to && to.ms < from.ms)
      s.fail('endTime', 'endTime must not be before startTime', 'greater_than_equal');
    const stages = s.array('stages', { max: MAX_STAGES });
    if (s.failed || !from || !to) return;
    if (!stages || stages.length === 0)
      return void spans.push({ startMs: from.ms, endMs: to.ms, stage: 'asleep' });
    stages.forEach((__, m) => {
      const st = s.child(['stages', m], { required: true });
      if (!st) return;
      const a = st.instant('startTime', { required: true, epochMs: true });
      const b = st.instant('endTime', { required: true, epochMs: true });
      const name = st.string('stage', { required: true, max: 16 });
      const stage = name === null ? undefined : STAGES.get(name.toUpperCase());
      if (name !== null && !stage) st.fail('stage', 'Input should be AWAKE, LIGHT, DEEP or REM', 'enum');
      if (a && b && b.ms < a.ms)
        st.fail('endTime', 'endTime must not be before startTime', 'greater_than_equal');
      if (st.failed || !a || !b || !stage) return;
      const lo = Math.max(a.ms, startMs);
      const hi = Math.min(b.ms, endMs);
      if (hi > lo) spans.push({ startMs: lo, endMs: hi, stage });
    });
  });
  return r.failed ? null : spans;
}

/**
 * `sleep`: `SLEEP` data points (`sessions: [{startTime, endTime, stages: [{startTime, endTime, stage}]}]`,
 * `sleepScore`) → one sleep summary each, spanning bedtime to wake-up (time between sessions is awake).
 */
export const samsungSleepMapper: ResourceMapper = (records, env) => {
  const accepted = new Map([['SLEEP', { shape: 'interval' as const, uid: true }]]);
  eachRecord(records, env, (r) => {
    const p = readSamsungPoint(r, env, accepted);
    if (!p || !p.end || p.uid === null) return;
    const spans = readSleepSpans(r, p.start.ms, p.end.ms);
    const score = r.number('sleepScore');
    if (score !== null && (score < 1 || score > 100))
      r.fail('sleepScore', 'sleepScore must be within 1–100', 'value_out_of_range');
    if (!spans || r.failed) return;
    const f = sleepFields(spans, p.start.ms, p.end.ms);
    const offset = samsungOffset(p, env, p.start.ms);
    env.out.summaries.push({
      kind: 'sleep',
      source: p.source,
      provider_id: p.uid,
      timezone_offset: offset,
      fields: {
        bedtime_start: isoWithOffset(p.start.ms, offset),
        bedtime_stop: isoWithOffset(p.end.ms, samsungOffset(p, env, p.end.ms)),
        duration: f.duration,
        total: f.total,
        awake: f.awake,
        light: f.light,
        rem: f.rem,
        deep: f.deep,
        latency: f.latency,
        efficiency: f.efficiency,
        score,
      },
    });
  });
};

/** Samsung `PredefinedExerciseType` names → Meridian sport slugs, by the words they contain. */
const SPORT_WORDS: readonly (readonly [RegExp, string])[] = [
  [/TABLE_TENNIS|BADMINTON|SQUASH/, ''],
  [/RUN|TREADMILL|JOGGING/, 'running'],
  [/CYCL|BIK|SPINNING/, 'cycling'],
  [/WALK/, 'walking'],
  [/SWIM/, 'swimming'],
  [/HIK|MOUNTAIN_CLIMBING/, 'hiking'],
  [/YOGA/, 'yoga'],
  [/PILATES/, 'pilates'],
  [/ROW/, 'rowing'],
  [/ELLIPTICAL/, 'elliptical'],
  [/HIIT|HIGH_INTENSITY|INTERVAL_TRAINING/, 'hiit'],
  [/DANC/, 'dancing'],
  [/TENNIS/, 'tennis'],
  [/WEIGHT|STRENGTH|BARBELL|DUMBBELL|CIRCUIT|BENCH_PRESS|DEADLIFT|SQUAT/, 'strength_training'],
];

function readExerciseType(r: RecordReader, path: (string | number)[]): Sport | null {
  const name = r.string(path, { required: true, max: 64 });
  if (name === null) return null;
  if (!/^[A-Za-z0-9_]+$/.test(name))
    return r.fail(path, 'Input should be a Samsung exercise type name (RUNNING, WALKING...)', 'enum');
  const upper = name.toUpperCase();
  const slug = SPORT_WORDS.find(([re]) => re.test(upper))?.[1] ?? null;
  return sportOf(slug === '' ? null : slug, humanise(upper));
}

/**
 * `workouts`: `EXERCISE` data points → one workout summary per session (`sessions: [{startTime,
 * endTime, exerciseType, duration (ms), calories, distance, meanHeartRate, maxHeartRate, count?,
 * route: [{timestamp, latitude, longitude, altitude}]}]`). provider_id: the uid, `uid:k` for a later session.
 */
export const samsungWorkoutMapper: ResourceMapper = (records, env) => {
  const accepted = new Map([['EXERCISE', { shape: 'interval' as const, uid: true }]]);
  eachRecord(records, env, (r) => {
    const p = readSamsungPoint(r, env, accepted);
    const sessions = r.array('sessions', { required: true, max: MAX_SESSIONS });
    if (!p || p.uid === null || !sessions) return;
    const uid = p.uid;
    sessions.forEach((_, k) => {
      const s = r.child(['sessions', k], { required: true });
      if (!s) return;
      const from = s.instant('startTime', { required: true, epochMs: true });
      const to = s.instant('endTime', { required: true, epochMs: true });
      if (from && to && to.ms < from.ms)
        s.fail('endTime', 'endTime must not be before startTime', 'greater_than_equal');
      const sport = s.has('exerciseType')
        ? readExerciseType(s, ['exerciseType'])
        : readExerciseType(r, ['exerciseType']);
      const durationMs = s.number('duration');
      if (durationMs !== null && (durationMs < 0 || durationMs > 7 * 86_400_000))
        s.fail('duration', 'duration (ms) must be within 0–604800000', 'value_out_of_range');
      const opt = (field: string, resource: string, unit: string, range?: [number, number]) =>
        s.has(field)
          ? readSamsungValue(s, field, resource, unit, { plausible: range ? { range } : undefined })
          : null;
      const calories = opt('calories', 'calories_active', 'kcal');
      const distance = opt('distance', 'distance', 'm');
      const averageHr = opt('meanHeartRate', 'heartrate', 'bpm', [1, 300]);
      const maxHr = opt('maxHeartRate', 'heartrate', 'bpm', [1, 300]);
      const steps = opt('count', 'steps', 'count');
      if (s.failed || !from || !to || !sport) return;
      const id = k === 0 ? uid : `${uid}:${k}`;
      const stream = readRoute(s, 'route', from.ms, id, env, {
        time: 'timestamp',
        latitude: 'latitude',
        longitude: 'longitude',
        altitude: 'altitude',
      });
      if (s.failed) return;
      const offset = samsungOffset(p, env, from.ms);
      env.out.summaries.push({
        kind: 'workouts',
        source: { ...p.source, sport: sport.slug },
        provider_id: id,
        timezone_offset: offset,
        fields: {
          title: null,
          time_start: isoWithOffset(from.ms, offset),
          time_end: isoWithOffset(to.ms, samsungOffset(p, env, to.ms)),
          sport,
          calories,
          distance,
          average_hr: averageHr,
          max_hr: maxHr,
          steps,
          moving_time: durationMs === null ? null : durationMs / 1000,
        },
      });
      if (stream) env.out.workoutStreams.push(stream);
    });
  });
};

/** `body`: `BODY_COMPOSITION` points → body summaries (weight kg, bodyFat %, bodyMassIndex, fatFreeMass kg). */
export const samsungBodyMapper: ResourceMapper = (records, env) => {
  const accepted = new Map([['BODY_COMPOSITION', { shape: 'instant' as const, uid: true }]]);
  const fields = [
    ['weight', 'weight', 'weight', 'kg', [0.5, 650]],
    ['bodyFat', 'fat', 'fat', '%', [1, 80]],
    ['bodyMassIndex', 'body_mass_index', 'body_mass_index', 'index', [5, 200]],
    ['fatFreeMass', 'lean_body_mass_kilogram', 'lean_body_mass', 'kg', undefined],
  ] as const;
  const groups = new BodyGroups();
  eachRecord(records, env, (r) => {
    const p = readSamsungPoint(r, env, accepted);
    if (!p || p.uid === null) return;
    const uid = p.uid;
    for (const [key, field, resource, unit, range] of fields) {
      if (!r.has(key)) continue;
      const value = readSamsungValue(r, key, resource, unit, { plausible: range ? { range } : undefined });
      if (value === null) continue;
      groups.add({
        id: uid,
        ms: p.start.ms,
        source: p.source,
        zone: null,
        offset: samsungOffset(p, env, p.start.ms),
        field,
        value,
      });
    }
  });
  if (env.issues.count === 0) env.out.summaries.push(...groups.summaries());
};

/** `profile`: the `USER_PROFILE` (`gender`, `dateOfBirth`, `height` cm); the last record wins. */
export const samsungProfileMapper: ResourceMapper = (records, env) => {
  const fields: Record<string, unknown> = {};
  eachRecord(records, env, (r) => {
    const type = r.string('dataType', { required: true, max: 64 });
    if (type !== null && type !== 'USER_PROFILE')
      return void r.fail('dataType', "Expected 'USER_PROFILE'", 'enum');
    const gender = r.string('gender', { max: 16 });
    if (gender !== null) {
      const sex = ({ MALE: 'male', FEMALE: 'female', OTHER: 'other' } as Record<string, string>)[
        gender.toUpperCase()
      ];
      if (sex === undefined) r.fail('gender', 'Input should be MALE, FEMALE or OTHER', 'enum');
      else fields.sex = sex;
    }
    const birth = r.string('dateOfBirth', { max: 10 });
    if (birth !== null) {
      if (isCalendarDate(birth)) fields.birth_date = birth;
      else r.fail('dateOfBirth', 'Input should be a date (YYYY-MM-DD)', 'date_parsing');
    }
    if (r.has('height')) {
      const height = readSamsungValue(r, 'height', 'waist_circumference', 'cm', {
        plausible: { range: [30, 275] },
      });
      if (height !== null) fields.height = height;
    }
  });
  if (env.issues.count > 0 || records.length === 0) return;
  env.out.summaries.push({
    kind: 'profile',
    source: sourceInput(env.provider, env.ctx, 'app', null),
    provider_id: 'profile',
    fields,
  });
};
