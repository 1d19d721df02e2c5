import type { Resource } from '@meridian/domain';
import type { SummaryInput } from '@meridian/ingestion';
import type {
  Connector,
  ConnectorContext,
  FetchPage,
  FetchRequest,
  OAuthSpec,
  StreamSpec,
} from '../../connector';
import { ProviderResponseError } from '../../errors';
import {
  exchangeAuthorizationCode,
  refreshAccessToken,
  revokeAccessToken,
  type TokenCallOptions,
} from '../../oauth';
import { mapActivity, STRAVA, STREAM_TYPES, streamData, type StravaActivity } from './map-strava-activity';
import { stravaRequest } from './strava-request';
import { stravaWebhook } from './strava-webhook';

/**
 * Strava API v3 (developers.strava.com/docs): OAuth 2.0 with comma-separated scopes, client credentials in
 * the token form, the athlete in the token answer, rotating refresh tokens, `POST /oauth/deauthorize`.
 * Activities are listed by page number (until an empty page, since "Only Me" activities are filtered out of
 * pages for tokens without activity:read_all) and each one's streams fetched by id. Push subscriptions tell
 * us when to pull.
 */

const PER_PAGE = 20;
const ACTIVITY_SCOPE = 'activity:read_all';
const PROFILE_SCOPE = 'read';
const ACTIVITY_RESOURCES: Resource[] = [
  'workouts',
  'workout_stream',
  'workout_duration',
  'workout_distance',
  'heartrate',
];

export const stravaOAuth: OAuthSpec = {
  type: 'oauth',
  authorizePath: '/oauth/authorize',
  tokenPath: '/oauth/token',
  revoke: { path: '/oauth/deauthorize', style: 'form_access_token' },
  pkce: false,
  clientAuth: 'body',
  scopeSeparator: ',',
  baseScopes: ['read', ACTIVITY_SCOPE, 'profile:read_all'],
  authorizeParams: { approval_prompt: 'auto' },
  rotatesRefreshToken: true,
};

const tokenOptions: TokenCallOptions = {
  externalUserId: (raw) => {
    const id = (raw.athlete as { id?: unknown } | undefined)?.id;
    return typeof id === 'number' || (typeof id === 'string' && id !== '') ? String(id) : null;
  },
};

const empty = (): FetchPage => ({ timeseries: [], summaries: [], workoutStreams: [], nextPage: null });

async function streamsOf(ctx: ConnectorContext, req: FetchRequest, activity: StravaActivity) {
  // Manual entries have no recorded data; Strava answers 404 for their streams.
  if (activity.manual === true) return null;
  const res = await stravaRequest<unknown>(ctx, {
    path: `/activities/${encodeURIComponent(String(activity.id))}/streams`,
    bearer: req.tokens.accessToken,
    query: { keys: STREAM_TYPES.join(','), key_by_type: true },
    acceptStatus: [404],
  });
  return res.status === 404 ? null : streamData(res.data);
}

async function fetchActivities(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const page = req.pageToken === null ? 1 : Number(req.pageToken);
  if (!Number.isInteger(page) || page < 1) throw new ProviderResponseError('bad Strava page token');
  const startMs = req.start.getTime();
  const endMs = req.end.getTime();
  const res = await stravaRequest<unknown>(ctx, {
    path: '/athlete/activities',
    bearer: req.tokens.accessToken,
    // `after`/`before` are exclusive epoch seconds; the list is then cut to [start, end) exactly.
    query: {
      after: Math.floor(startMs / 1000) - 1,
      before: Math.ceil(endMs / 1000),
      page,
      per_page: PER_PAGE,
    },
  });
  if (!Array.isArray(res.data)) throw new ProviderResponseError('Strava activities page is not a list');
  if (res.data.length === 0) return empty();
  const out: FetchPage = { ...empty(), nextPage: String(page + 1) };
  for (const item of res.data as unknown[]) {
    if (typeof item !== 'object' || item === null || !('id' in item))
      throw new ProviderResponseError('Strava activity without id');
    const activity = item as StravaActivity;
    const at = typeof activity.start_date === 'string' ? Date.parse(activity.start_date) : NaN;
    if (Number.isNaN(at) || at < startMs || at >= endMs) continue;
    const mapped = mapActivity(activity, await streamsOf(ctx, req, activity));
    if (!mapped) continue;
    out.summaries.push(mapped.summary);
    out.timeseries.push(...mapped.timeseries);
    if (mapped.stream) out.workoutStreams.push(mapped.stream);
  }
  return out;
}

async function fetchProfile(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const res = await stravaRequest<{ id?: unknown; sex?: unknown }>(ctx, {
    path: '/athlete',
    bearer: req.tokens.accessToken,
  });
  const athlete = res.data;
  if (!athlete || (typeof athlete.id !== 'number' && typeof athlete.id !== 'string'))
    throw new ProviderResponseError('Strava athlete without id');
  const sex = athlete.sex === 'M' ? 'male' : athlete.sex === 'F' ? 'female' : null;
  if (sex === null) return empty();
  const profile: SummaryInput = {
    kind: 'profile',
    provider_id: `athlete-${String(athlete.id)}`,
    source: { provider: STRAVA },
    fields: { sex },
  };
  return { ...empty(), summaries: [profile] };
}

const streams: StreamSpec[] = [
  {
    name: 'activities',
    resources: ACTIVITY_RESOURCES,
    scopes: [ACTIVITY_SCOPE],
    backfillDays: 180,
    maxWindowDays: 90,
    fetch: fetchActivities,
  },
  // The profile has no history: one call per window returns the current one.
  {
    name: 'profile',
    resources: ['profile'],
    scopes: [PROFILE_SCOPE],
    backfillDays: 0,
    maxWindowDays: 3650,
    fetch: fetchProfile,
  },
];

export const stravaConnector: Connector = {
  slug: STRAVA,
  auth: stravaOAuth,
  defaultUrls: { api: 'https://www.strava.com/api/v3', auth: 'https://www.strava.com' },
  mode: 'push_and_pull',
  pollMinutes: 360,
  // Strava's default read limit per application: 100 requests per 15 minutes (and 1,000 per day).
  rateLimit: { requests: 100, windowSeconds: 900, scope: 'app' },
  streams,
  scopesFor: (resource) =>
    resource === 'profile' ? [PROFILE_SCOPE] : ACTIVITY_RESOURCES.includes(resource) ? [ACTIVITY_SCOPE] : [],
  exchangeCode: (ctx, code, redirectUri, codeVerifier) =>
    exchangeAuthorizationCode(ctx, stravaOAuth, { code, redirectUri, codeVerifier }, tokenOptions),
  refresh: (ctx, tokens) => refreshAccessToken(ctx, stravaOAuth, tokens, tokenOptions),
  revoke: (ctx, tokens) => revokeAccessToken(ctx, stravaOAuth, tokens),
  async identify(ctx, tokens) {
    const res = await stravaRequest<{ id?: unknown }>(ctx, { path: '/athlete', bearer: tokens.accessToken });
    const id = res.data?.id;
    if (typeof id !== 'number' && (typeof id !== 'string' || id === ''))
      throw new ProviderResponseError('Strava athlete without id');
    return { externalUserId: String(id) };
  },
  webhook: stravaWebhook,
};
