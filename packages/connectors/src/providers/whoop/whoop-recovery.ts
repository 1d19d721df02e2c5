import type { SampleInput, TimeseriesInput } from '@meridian/ingestion';
import type { ConnectorContext, FetchPage, FetchRequest } from '../../connector';
import { atOffset, getCollection, isObject, num } from './whoop-api';
import { WHOOP_SOURCE } from './whoop-sleep';

/**
 * Recovery (GET /v2/recovery; developer.whoop.com/api#tag/Recovery): one per cycle, linked to its sleep
 * (`sleep_id`), scored in the morning (`created_at`). When SCORED, `score` has `hrv_rmssd_milli`,
 * `resting_heart_rate`, `recovery_score` and, on 4.0 straps, `spo2_percentage` and `skin_temp_celsius`.
 * The window filter matches the recovery's sleep. A recovery has no time of its own nor an offset, so the
 * samples are dated at `created_at` in UTC.
 */
export interface WhoopRecovery {
  cycle_id: number;
  sleep_id: string;
  created_at: string;
  score_state: string;
  score?: {
    hrv_rmssd_milli?: number;
    resting_heart_rate?: number;
    spo2_percentage?: number;
    recovery_score?: number;
  };
}

export const isRecovery = (r: unknown) =>
  isObject(r) &&
  typeof r.cycle_id === 'number' &&
  typeof r.created_at === 'string' &&
  typeof r.score_state === 'string';

export function mapWhoopRecoveries(recoveries: WhoopRecovery[]): TimeseriesInput[] {
  const hrv: SampleInput[] = [];
  const spo2: SampleInput[] = [];
  for (const r of recoveries) {
    if (r.score_state !== 'SCORED' || !r.score) continue;
    const timestamp = atOffset(r.created_at, 0);
    const rmssd = num(r.score.hrv_rmssd_milli);
    if (rmssd !== null) hrv.push({ timestamp, value: Math.round(rmssd * 100) / 100, unit: 'ms' });
    const oxygen = num(r.score.spo2_percentage);
    if (oxygen !== null) spo2.push({ timestamp, value: Math.round(oxygen * 100) / 100, unit: '%' });
  }
  const out: TimeseriesInput[] = [];
  if (hrv.length > 0) out.push({ resource: 'hrv', source: WHOOP_SOURCE, samples: hrv });
  if (spo2.length > 0) out.push({ resource: 'blood_oxygen', source: WHOOP_SOURCE, samples: spo2 });
  return out;
}

export async function fetchWhoopRecovery(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const page = await getCollection<WhoopRecovery>(
    ctx.api,
    '/v2/recovery',
    req.tokens.accessToken,
    { start: req.start, end: req.end, nextToken: req.pageToken },
    isRecovery,
  );
  return {
    timeseries: mapWhoopRecoveries(page.records),
    summaries: [],
    workoutStreams: [],
    nextPage: page.nextToken,
  };
}
