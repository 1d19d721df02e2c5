import type { SourceInput, SummaryInput } from '@meridian/ingestion';
import type { ConnectorContext, FetchPage, FetchRequest } from '../../connector';
import { atOffset, getCollection, isObject, num, offsetSeconds } from './whoop-api';

/**
 * Sleep (GET /v2/activity/sleep; developer.whoop.com/api#tag/Sleep): `id` (UUID), `start`, `end`,
 * `timezone_offset`, `nap`, `score_state` (SCORED, PENDING_SCORE, UNSCORABLE) and, when scored, `score`
 * with `stage_summary` durations in milliseconds, `sleep_performance_percentage`,
 * `sleep_efficiency_percentage` and `respiratory_rate`.
 */
export interface WhoopSleep {
  id: string;
  start: string;
  end: string;
  timezone_offset?: string;
  nap?: boolean;
  score_state: 'SCORED' | 'PENDING_SCORE' | 'UNSCORABLE';
  score?: {
    stage_summary?: Partial<Record<string, number>>;
    respiratory_rate?: number;
    sleep_performance_percentage?: number;
    sleep_efficiency_percentage?: number;
  };
}

export const WHOOP_SOURCE: SourceInput = { provider: 'whoop_v2', type: 'watch' };

export const isSleep = (r: unknown) =>
  isObject(r) &&
  typeof r.id === 'string' &&
  typeof r.start === 'string' &&
  typeof r.end === 'string' &&
  typeof r.score_state === 'string';

const seconds = (ms: number | undefined) =>
  typeof ms === 'number' && Number.isFinite(ms) ? Math.round(ms / 1000) : null;

export function mapWhoopSleep(sleep: WhoopSleep): SummaryInput {
  const offset = offsetSeconds(sleep.timezone_offset);
  const scored = sleep.score_state === 'SCORED' ? sleep.score : undefined;
  const stages = scored?.stage_summary ?? {};
  const light = seconds(stages.total_light_sleep_time_milli);
  const deep = seconds(stages.total_slow_wave_sleep_time_milli);
  const rem = seconds(stages.total_rem_sleep_time_milli);
  return {
    kind: 'sleep',
    source: WHOOP_SOURCE,
    provider_id: sleep.id,
    timezone_offset: offset,
    fields: {
      bedtime_start: atOffset(sleep.start, offset),
      bedtime_stop: atOffset(sleep.end, offset),
      // WHOOP flags naps explicitly; a main sleep's type follows from its length.
      type: sleep.nap ? 'acknowledged_nap' : null,
      duration: seconds(stages.total_in_bed_time_milli),
      total: light === null && deep === null && rem === null ? null : (light ?? 0) + (deep ?? 0) + (rem ?? 0),
      awake: seconds(stages.total_awake_time_milli),
      light,
      deep,
      rem,
      score: num(scored?.sleep_performance_percentage),
      efficiency: num(scored?.sleep_efficiency_percentage),
      respiratory_rate: num(scored?.respiratory_rate),
      state: sleep.score_state === 'PENDING_SCORE' ? 'tentative' : 'confirmed',
    },
  };
}

export async function fetchWhoopSleep(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const page = await getCollection<WhoopSleep>(
    ctx.api,
    '/v2/activity/sleep',
    req.tokens.accessToken,
    { start: req.start, end: req.end, nextToken: req.pageToken },
    isSleep,
  );
  return {
    timeseries: [],
    summaries: page.records.map(mapWhoopSleep),
    workoutStreams: [],
    nextPage: page.nextToken,
  };
}
