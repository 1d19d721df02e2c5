import type { SummaryInput } from '@meridian/ingestion';
import type { ConnectorContext, FetchPage, FetchRequest } from '../../connector';
import { ProviderResponseError } from '../../errors';
import { isObject, num, whoopGet } from './whoop-api';
import { WHOOP_SOURCE } from './whoop-sleep';

/**
 * Profile (GET /v2/user/profile/basic: `user_id`, `email`, names) and body measurement
 * (GET /v2/user/measurement/body: `height_meter`, `weight_kilogram`, `max_heart_rate`);
 * developer.whoop.com/api#tag/User. Neither is dated: the profile summary is filed under the day it is
 * read, and the weight (which has no time of measurement) is not turned into a sample.
 */
export interface WhoopProfile {
  user_id: number;
}

export async function fetchWhoopProfile(
  api: ConnectorContext['api'],
  accessToken: string,
): Promise<WhoopProfile> {
  const profile = await whoopGet<unknown>(api, '/v2/user/profile/basic', accessToken);
  if (!isObject(profile) || typeof profile.user_id !== 'number')
    throw new ProviderResponseError('WHOOP profile without user_id');
  return { user_id: profile.user_id };
}

export function mapWhoopBody(userId: number, body: unknown): SummaryInput {
  if (!isObject(body)) throw new ProviderResponseError('WHOOP body measurement is not an object');
  const height = num(body.height_meter);
  return {
    kind: 'profile',
    source: WHOOP_SOURCE,
    provider_id: String(userId),
    fields: { height: height === null ? null : Math.round(height * 1000) / 10 },
  };
}

/** Not windowed: every fetch reads the current profile (the engine keeps this stream's backfill to a day). */
export async function fetchWhoopProfileStream(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const profile = await fetchWhoopProfile(ctx.api, req.tokens.accessToken);
  const body = await whoopGet<unknown>(ctx.api, '/v2/user/measurement/body', req.tokens.accessToken);
  return {
    timeseries: [],
    summaries: [mapWhoopBody(profile.user_id, body)],
    workoutStreams: [],
    nextPage: null,
  };
}
