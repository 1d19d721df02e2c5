import { formatWireDateTime } from '@meridian/domain';
import type { SummaryInput } from '@meridian/ingestion';
import { sportOf } from '../sports';
import { FITBIT_SOURCE } from './fitbit-api';
import type { FitbitExerciseLog } from './fitbit-types';

/**
 * Fitbit exercise logs (`activities/list.json`) → `workouts` summaries. `startTime` carries its offset;
 * `duration` is milliseconds; `distance` is in `distanceUnit` (kilometres with metric units).
 */

const SPORT_BY_TYPE: Record<number, string> = {
  90013: 'walking',
  90009: 'running',
  90001: 'cycling',
  1071: 'cycling',
  90024: 'swimming',
  52001: 'yoga',
  90012: 'hiking',
  2050: 'strength_training',
  20047: 'elliptical',
  15675: 'tennis',
};
const SPORT_BY_NAME: Record<string, string> = {
  walk: 'walking',
  run: 'running',
  bike: 'cycling',
  swim: 'swimming',
  yoga: 'yoga',
  hike: 'hiking',
  weights: 'strength_training',
  elliptical: 'elliptical',
  tennis: 'tennis',
};
const METRES_PER: Record<string, number> = { Kilometer: 1000, Mile: 1609.344, Meter: 1 };

function offsetOf(iso: string): number | null {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!m) return null;
  const s = Number(m[2]) * 3600 + Number(m[3]) * 60;
  return m[1] === '-' ? -s : s;
}

export function mapFitbitExercises(logs: FitbitExerciseLog[], start: Date, end: Date): SummaryInput[] {
  const out: SummaryInput[] = [];
  for (const log of logs) {
    const startMs = Date.parse(log.startTime);
    if (Number.isNaN(startMs) || typeof log.logId !== 'number' || typeof log.duration !== 'number') continue;
    if (startMs < start.getTime() || startMs >= end.getTime()) continue;
    const offset = offsetOf(log.startTime);
    const slug =
      (log.activityTypeId !== undefined ? SPORT_BY_TYPE[log.activityTypeId] : undefined) ??
      SPORT_BY_NAME[(log.activityName ?? '').toLowerCase()] ??
      'other';
    const metres =
      typeof log.distance === 'number'
        ? log.distance * (METRES_PER[log.distanceUnit ?? 'Kilometer'] ?? 1000)
        : null;
    out.push({
      kind: 'workouts',
      source: { ...FITBIT_SOURCE },
      provider_id: String(log.logId),
      timezone_offset: offset,
      fields: {
        title: log.activityName ?? null,
        time_start: log.startTime,
        time_end: formatWireDateTime(startMs + log.duration, offset ?? 0),
        timezone_offset: offset,
        calories: typeof log.calories === 'number' ? log.calories : null,
        distance: metres === null ? null : Math.round(metres * 10) / 10,
        average_hr: typeof log.averageHeartRate === 'number' ? log.averageHeartRate : null,
        steps: typeof log.steps === 'number' ? log.steps : null,
        moving_time: typeof log.activeDuration === 'number' ? Math.round(log.activeDuration / 1000) : null,
        total_elevation_gain: typeof log.elevationGain === 'number' ? log.elevationGain : null,
        sport: sportOf(slug),
      },
    });
  }
  return out;
}
