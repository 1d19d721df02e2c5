import type { WorkoutStreamInput } from '@meridian/ingestion';
import type { MapEnv } from './env';
import type { Path, RecordReader } from './read';

/** Route points read per workout at most (a second-by-second route of 14 hours). */
export const MAX_ROUTE_POINTS = 50_000;

export interface RouteKeys {
  time: string;
  latitude: string;
  longitude: string;
  /** Altitude in metres: a number at this path, or read by a function (a Health Connect Length). */
  altitude: Path | ((point: RecordReader) => number | null);
}

/**
 * A workout's GPS route → its workout stream (`time` in seconds from the workout's start, `lat`, `lng`,
 * `altitude` only when every point has one). Null when the record has no route or after issues.
 */
export function readRoute(
  r: RecordReader,
  path: Path,
  startMs: number,
  workoutProviderId: string,
  env: MapEnv,
  keys: RouteKeys,
): WorkoutStreamInput | null {
  const list = r.array(path, { max: MAX_ROUTE_POINTS });
  if (!list || list.length === 0) return null;
  const points: { t: number; lat: number; lng: number; alt: number | null }[] = [];
  const base = typeof path === 'string' ? [path] : [...path];
  for (let k = 0; k < list.length && !env.issues.full; k++) {
    const p = r.child([...base, k], { required: true });
    if (!p) continue;
    const time = p.instant(keys.time, { required: true });
    const lat = p.number(keys.latitude, { required: true });
    const lng = p.number(keys.longitude, { required: true });
    if (lat !== null && (lat < -90 || lat > 90))
      p.fail(keys.latitude, 'Latitude must be within ±90', 'value_out_of_range');
    if (lng !== null && (lng < -180 || lng > 180))
      p.fail(keys.longitude, 'Longitude must be within ±180', 'value_out_of_range');
    const alt = typeof keys.altitude === 'function' ? keys.altitude(p) : p.number(keys.altitude);
    if (p.failed || time === null || lat === null || lng === null) continue;
    points.push({ t: (time.ms - startMs) / 1000, lat, lng, alt });
  }
  if (r.failed) return null;
  points.sort((a, b) => a.t - b.t);
  const altitudes = points.map((p) => p.alt);
  return {
    workout_provider_id: workoutProviderId,
    provider: env.provider,
    stream: {
      time: points.map((p) => p.t),
      lat: points.map((p) => p.lat),
      lng: points.map((p) => p.lng),
      altitude: altitudes.every((a): a is number => a !== null) ? altitudes : null,
    },
  };
}
