import type {
  SampleInput,
  SourceInput,
  SummaryInput,
  TimeseriesInput,
  WorkoutStreamInput,
} from '@meridian/ingestion';
import { sportOf } from './strava-sports';
import { offsetOf, zoneOf } from './strava-time';

/**
 * A Strava SummaryActivity (and its StreamSet) → a `workouts` summary, the workout stream, and the
 * workout-linked series (duration, distance, heart rate from the stream).
 */

export const STRAVA = 'strava';

export type StravaActivity = Record<string, unknown> & { id: number | string };

/** Stream type → key of our workout stream (Strava `watts` is power, `temp` temperature). */
const STREAM_KEYS: Readonly<Record<string, keyof WorkoutStreamInput['stream']>> = {
  time: 'time',
  heartrate: 'heartrate',
  distance: 'distance',
  altitude: 'altitude',
  velocity_smooth: 'velocity_smooth',
  cadence: 'cadence',
  watts: 'power',
  temp: 'temperature',
};

/** The streams requested from `/activities/{id}/streams`. */
export const STREAM_TYPES = [
  'time',
  'latlng',
  'distance',
  'altitude',
  'velocity_smooth',
  'heartrate',
  'cadence',
  'watts',
  'temp',
];

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export interface MappedActivity {
  summary: SummaryInput;
  timeseries: TimeseriesInput[];
  stream: WorkoutStreamInput | null;
}

/** `data` of each stream, by type, from a StreamSet keyed by type (or the list form without key_by_type). */
export function streamData(body: unknown): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  const entries: [string, unknown][] = Array.isArray(body)
    ? body.map((s: unknown) => [String((s as { type?: unknown })?.type), s])
    : typeof body === 'object' && body !== null
      ? Object.entries(body)
      : [];
  for (const [type, s] of entries) {
    const data = (s as { data?: unknown } | null)?.data;
    if (Array.isArray(data)) out[type] = data;
  }
  return out;
}

function workoutStream(providerId: string, data: Record<string, unknown[]>): WorkoutStreamInput | null {
  const stream: WorkoutStreamInput['stream'] = {};
  const allNumbers = (xs: unknown[]): xs is number[] => xs.every((x) => num(x) !== null);
  for (const [type, key] of Object.entries(STREAM_KEYS)) {
    const series = data[type];
    // A series with gaps (null) cannot be stored as a list of numbers; the other series still are.
    if (series && series.length > 0 && allNumbers(series)) stream[key] = series;
  }
  const latlng = data.latlng;
  if (
    latlng &&
    latlng.length > 0 &&
    latlng.every((p) => Array.isArray(p) && p.length === 2 && num(p[0]) !== null && num(p[1]) !== null)
  ) {
    stream.lat = latlng.map((p) => (p as number[])[0]!);
    stream.lng = latlng.map((p) => (p as number[])[1]!);
  }
  return Object.keys(stream).length > 0
    ? { workout_provider_id: providerId, provider: STRAVA, stream }
    : null;
}

export function mapActivity(
  activity: StravaActivity,
  streams: Record<string, unknown[]> | null,
): MappedActivity | null {
  const providerId = String(activity.id);
  const startMs = typeof activity.start_date === 'string' ? Date.parse(activity.start_date) : NaN;
  const elapsed = num(activity.elapsed_time) ?? 0;
  if (Number.isNaN(startMs) || providerId === '') return null;
  const endMs = startMs + elapsed * 1000;
  const sport = sportOf(activity.sport_type, activity.type);
  const zone = zoneOf(activity.timezone);
  const offset = offsetOf(activity.start_date, activity.start_date_local) ?? num(activity.utc_offset);
  const distance = num(activity.distance);
  const map = activity.map as { summary_polyline?: unknown; polyline?: unknown } | null | undefined;
  const polyline = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const summaryLine = polyline(map?.summary_polyline);
  const fullLine = polyline(map?.polyline);
  const summary: SummaryInput = {
    kind: 'workouts',
    provider_id: providerId,
    source: { provider: STRAVA },
    time_zone: zone,
    timezone_offset: offset,
    fields: {
      title: typeof activity.name === 'string' ? activity.name : null,
      time_start: new Date(startMs).toISOString(),
      time_end: new Date(endMs).toISOString(),
      sport,
      distance,
      moving_time: num(activity.moving_time),
      average_hr: num(activity.average_heartrate),
      max_hr: num(activity.max_heartrate),
      total_elevation_gain: num(activity.total_elevation_gain),
      elev_high: num(activity.elev_high),
      elev_low: num(activity.elev_low),
      average_speed: num(activity.average_speed),
      max_speed: num(activity.max_speed),
      average_watts: num(activity.average_watts),
      max_watts: num(activity.max_watts),
      weighted_average_watts: num(activity.weighted_average_watts),
      // Only the detailed activity has calories; kilojoules of work are not calories burned.
      calories: num(activity.calories),
      map: summaryLine || fullLine ? { summary_polyline: summaryLine, polyline: fullLine } : null,
    },
  };

  const linked: SourceInput = { provider: STRAVA, workout_provider_id: providerId, sport: sport.slug };
  const local = { timezone_offset: offset };
  const timeseries: TimeseriesInput[] = [];
  if (elapsed > 0) {
    const span = { timestamp: new Date(startMs).toISOString(), end: new Date(endMs).toISOString(), ...local };
    timeseries.push({
      resource: 'workout_duration',
      source: linked,
      samples: [{ ...span, value: elapsed / 60, unit: 'min' }],
    });
    if (distance !== null && distance > 0)
      timeseries.push({
        resource: 'workout_distance',
        source: linked,
        samples: [{ ...span, value: distance, unit: 'm' }],
      });
  }
  const time = streams?.time;
  const hr = streams?.heartrate;
  if (time && hr && time.length === hr.length) {
    const samples: SampleInput[] = [];
    time.forEach((t, i) => {
      const bpm = num(hr[i]);
      const s = num(t);
      if (bpm !== null && s !== null && bpm > 0)
        samples.push({
          timestamp: new Date(startMs + s * 1000).toISOString(),
          value: bpm,
          unit: 'bpm',
          ...local,
        });
    });
    if (samples.length > 0) timeseries.push({ resource: 'heartrate', source: linked, samples });
  }
  return { summary, timeseries, stream: streams ? workoutStream(providerId, streams) : null };
}
