import type { SummaryInput } from '@meridian/ingestion';
import type { ConnectorContext, FetchPage, FetchRequest } from '../../connector';
import { atOffset, getCollection, isObject, num, offsetSeconds } from './whoop-api';
import { WHOOP_SOURCE } from './whoop-sleep';

/**
 * Workout (GET /v2/activity/workout; developer.whoop.com/api#tag/Workout): `id` (UUID), `start`, `end`,
 * `timezone_offset`, `sport_name` (and the legacy `sport_id`), `score_state` and, when scored, `score`
 * with `average_heart_rate`, `max_heart_rate`, `kilojoule`, `distance_meter`, `altitude_gain_meter` and
 * `zone_durations` (`zone_zero_milli` … `zone_five_milli`).
 */
export interface WhoopWorkout {
  id: string;
  start: string;
  end: string;
  timezone_offset?: string;
  sport_name?: string;
  sport_id?: number;
  score_state: string;
  score?: {
    average_heart_rate?: number;
    max_heart_rate?: number;
    kilojoule?: number;
    distance_meter?: number;
    altitude_gain_meter?: number;
    zone_durations?: Partial<Record<string, number>>;
  };
}

const ZONES = [
  'zone_zero_milli',
  'zone_one_milli',
  'zone_two_milli',
  'zone_three_milli',
  'zone_four_milli',
  'zone_five_milli',
];
const KJ_PER_KCAL = 4.184;

export const isWorkout = (r: unknown) =>
  isObject(r) &&
  typeof r.id === 'string' &&
  typeof r.start === 'string' &&
  typeof r.end === 'string' &&
  typeof r.score_state === 'string';

export function mapWhoopWorkout(w: WhoopWorkout): SummaryInput {
  const offset = offsetSeconds(w.timezone_offset);
  const score = w.score_state === 'SCORED' ? w.score : undefined;
  const kj = num(score?.kilojoule);
  const zones = score?.zone_durations;
  const sportName = typeof w.sport_name === 'string' && w.sport_name !== '' ? w.sport_name : null;
  return {
    kind: 'workouts',
    source: { ...WHOOP_SOURCE, sport: sportName },
    provider_id: w.id,
    timezone_offset: offset,
    fields: {
      title: sportName,
      time_start: atOffset(w.start, offset),
      time_end: atOffset(w.end, offset),
      average_hr: num(score?.average_heart_rate),
      max_hr: num(score?.max_heart_rate),
      calories: kj === null ? null : Math.round((kj / KJ_PER_KCAL) * 10) / 10,
      distance: num(score?.distance_meter),
      total_elevation_gain: num(score?.altitude_gain_meter),
      hr_zones: zones ? ZONES.map((z) => Math.round((num(zones[z]) ?? 0) / 1000)) : null,
      sport:
        typeof w.sport_id === 'number' && sportName
          ? { id: w.sport_id, name: sportName, slug: sportName.replace(/[^a-z0-9]+/gi, '_').toLowerCase() }
          : null,
    },
  };
}

export async function fetchWhoopWorkouts(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const page = await getCollection<WhoopWorkout>(
    ctx.api,
    '/v2/activity/workout',
    req.tokens.accessToken,
    { start: req.start, end: req.end, nextToken: req.pageToken },
    isWorkout,
  );
  return {
    timeseries: [],
    summaries: page.records.map(mapWhoopWorkout),
    workoutStreams: [],
    nextPage: page.nextToken,
  };
}
