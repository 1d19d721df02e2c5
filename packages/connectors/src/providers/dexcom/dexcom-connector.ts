import type {
  Connector,
  ConnectorContext,
  FetchPage,
  FetchRequest,
  OAuthSpec,
  StreamSpec,
} from '../../connector';
import { ProviderResponseError } from '../../errors';
import { exchangeAuthorizationCode, refreshAccessToken } from '../../oauth';
import { dexcomQueryTime } from './dexcom-time';
import { DEXCOM, mapEgvs, mapEvents, recordsOf, type DexcomEnvelope } from './map-dexcom-records';

/**
 * Dexcom API v3 (developer.dexcom.com/docs/dexcomv3): OAuth 2.0 with the single scope `offline_access`,
 * client credentials in the token form, single-use rotating refresh tokens; no webhooks, so we poll.
 * Each data call takes a UTC window of at most 30 days, so a longer window is paged in 30-day steps.
 * `/devices` is not read: ingestion has no place for device records yet (a source `device_id` is a Meridian id).
 */

const DAY_MS = 86_400_000;
const MAX_WINDOW_DAYS = 30;
const SCOPE = 'offline_access';

export const dexcomOAuth: OAuthSpec = {
  type: 'oauth',
  authorizePath: '/v3/oauth2/login',
  tokenPath: '/v3/oauth2/token',
  pkce: false,
  clientAuth: 'body',
  scopeSeparator: ' ',
  baseScopes: [SCOPE],
  rotatesRefreshToken: true,
};

/** One 30-day step of the requested window; `nextPage` is the start of the next step. */
function stepOf(req: FetchRequest): { start: Date; end: Date; next: string | null } {
  const start = req.pageToken ? new Date(req.pageToken) : req.start;
  if (Number.isNaN(start.getTime())) throw new ProviderResponseError('bad Dexcom page token');
  const end = new Date(Math.min(req.end.getTime(), start.getTime() + MAX_WINDOW_DAYS * DAY_MS));
  return { start, end, next: end.getTime() < req.end.getTime() ? end.toISOString() : null };
}

async function getRecords(
  ctx: ConnectorContext,
  req: FetchRequest,
  endpoint: 'egvs' | 'events',
  step: { start: Date; end: Date },
) {
  const res = await ctx.api.request<DexcomEnvelope>({
    path: `/v3/users/self/${endpoint}`,
    bearer: req.tokens.accessToken,
    // Whole seconds that cover the window; records are then cut to [start, end) exactly.
    query: {
      startDate: dexcomQueryTime(step.start.getTime(), 'floor'),
      endDate: dexcomQueryTime(step.end.getTime(), 'ceil'),
    },
  });
  return recordsOf(res.data);
}

function stream(
  name: string,
  resources: StreamSpec['resources'],
  endpoint: 'egvs' | 'events',
  map: typeof mapEgvs,
): StreamSpec {
  return {
    name,
    resources,
    scopes: [SCOPE],
    backfillDays: 90,
    maxWindowDays: MAX_WINDOW_DAYS,
    async fetch(ctx, req): Promise<FetchPage> {
      const step = stepOf(req);
      if (step.end.getTime() <= step.start.getTime())
        return { timeseries: [], summaries: [], workoutStreams: [], nextPage: null };
      const records = await getRecords(ctx, req, endpoint, step);
      return { timeseries: map(records, step), summaries: [], workoutStreams: [], nextPage: step.next };
    },
  };
}

export const dexcomConnector: Connector = {
  slug: DEXCOM,
  auth: dexcomOAuth,
  defaultUrls: { api: 'https://api.dexcom.com', auth: 'https://api.dexcom.com' },
  mode: 'pull',
  // US data reaches the API with a delay of about an hour; polling more often finds nothing new.
  pollMinutes: 60,
  rateLimit: { requests: 60_000, windowSeconds: 3600, scope: 'app' },
  streams: [
    stream('egvs', ['glucose'], 'egvs', mapEgvs),
    stream('events', ['carbohydrates', 'insulin_injection'], 'events', mapEvents),
  ],
  scopesFor: () => [SCOPE],
  exchangeCode: (ctx, code, redirectUri, codeVerifier) =>
    exchangeAuthorizationCode(ctx, dexcomOAuth, { code, redirectUri, codeVerifier }),
  refresh: (ctx, tokens) => refreshAccessToken(ctx, dexcomOAuth, tokens),
  /** Dexcom has no profile endpoint: every v3 response names the (per-app) `userId`; dataRange is the cheapest. */
  async identify(ctx, tokens) {
    const res = await ctx.api.request<DexcomEnvelope>({
      path: '/v3/users/self/dataRange',
      bearer: tokens.accessToken,
    });
    const userId = res.data?.userId;
    if (typeof userId !== 'string' || userId === '')
      throw new ProviderResponseError('Dexcom dataRange without userId');
    return { externalUserId: userId };
  },
};
