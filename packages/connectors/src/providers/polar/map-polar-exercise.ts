import type { SummaryInput, WorkoutStreamInput } from '@meridian/ingestion';
import { ProviderResponseError } from '../../errors';
import { POLAR_SOURCE } from './map-polar-sleep';
import { optionalNumber, polarNumber, polarRecord, polarString } from './polar-payload';
import { polarSport } from './polar-sports';
import { isoAt, isoDurationSeconds, localToInstant } from './polar-time';

/**
 * An exercise (`GET /v3/exercises?samples=true`) → a workouts summary and, when it has samples, its
 * workout stream. `start_time` is local wall clock; `start_time_utc_offset` (minutes) places it.
 */

/** `sample-type` codes of AccessLink exercise samples → workout stream keys (with unit conversion). */
const SAMPLE_TYPES: Record<string, { key: keyof WorkoutStreamInput['stream']; scale: number }> = {
  '0': { key: 'heartrate', scale: 1 },
  '1': { key: 'velocity_smooth', scale: 1 / 3.6 }, // km/h → m/s
  '2': { key: 'cadence', scale: 1 },
  '3': { key: 'altitude', scale: 1 },
  '4': { key: 'power', scale: 1 },
  '9': { key: 'temperature', scale: 1 },
  '10': { key: 'distance', scale: 1 },
};

export interface PolarExerciseMapping {
  summary: SummaryInput;
  stream: WorkoutStreamInput | null;
  startMs: number;
}

export function mapPolarExercise(raw: unknown): PolarExerciseMapping {
  const ex = polarRecord(raw, 'exercise');
  const id = polarString(ex, 'id', 'exercise');
  const offset = polarNumber(ex, 'start_time_utc_offset', 'exercise') * 60;
  const start = localToInstant(polarString(ex, 'start_time', 'exercise'), { offset });
  const durationS = isoDurationSeconds(polarString(ex, 'duration', 'exercise'));
  if (!start || durationS === null)
    throw new ProviderResponseError('Polar exercise has an unreadable start or duration');
  const end = { ms: start.ms + Math.round(durationS * 1000), offset };
  const heartRate =
    typeof ex.heart_rate === 'object' && ex.heart_rate !== null
      ? (ex.heart_rate as Record<string, unknown>)
      : {};
  const sport = polarSport(
    polarString(ex, 'sport', 'exercise'),
    typeof ex.detailed_sport_info === 'string' ? ex.detailed_sport_info : null,
  );
  const distance = optionalNumber(ex.distance);
  const summary: SummaryInput = {
    kind: 'workouts',
    source: { ...POLAR_SOURCE, sport: sport.slug },
    provider_id: id,
    timezone_offset: offset,
    fields: {
      title: sport.name,
      time_start: isoAt(start),
      time_end: isoAt(end),
      sport,
      calories: optionalNumber(ex.calories),
      distance,
      average_hr: optionalNumber(heartRate.average),
      max_hr: optionalNumber(heartRate.maximum),
      moving_time: durationS,
      average_speed:
        distance !== undefined && durationS > 0 ? Math.round((distance / durationS) * 100) / 100 : undefined,
    },
  };
  return { summary, stream: workoutStream(id, ex.samples), startMs: start.ms };
}

function workoutStream(workoutId: string, raw: unknown): WorkoutStreamInput | null {
  if (!Array.isArray(raw) || raw.length === 0) return null;
  const stream: WorkoutStreamInput['stream'] = {};
  let rate: number | null = null;
  let length = 0;
  for (const item of raw) {
    const s = polarRecord(item, 'exercise samples');
    const type = SAMPLE_TYPES[String(s['sample-type'])];
    if (!type) continue;
    const values = polarString(s, 'data', 'exercise samples')
      .split(',')
      .map((v) => Number(v) * type.scale);
    // A series with gaps (empty entries) is left out: a stored stream holds numbers only.
    if (values.some((v) => !Number.isFinite(v))) continue;
    stream[type.key] = values.map((v) => Math.round(v * 1000) / 1000);
    rate ??= polarNumber(s, 'recording-rate', 'exercise samples');
    length = Math.max(length, values.length);
  }
  if (rate === null || length === 0) return null;
  stream.time = Array.from({ length }, (_, i) => i * (rate ?? 1));
  return { workout_provider_id: workoutId, provider: 'polar', stream };
}
