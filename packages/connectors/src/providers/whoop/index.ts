import { scopesFromStreams } from '../../stream-scopes';
import type { Connector, StreamSpec } from '../../connector';
import { revokeAccessToken } from '../../oauth';
import { exchangeWhoopCode, refreshWhoopTokens, WHOOP_OAUTH } from './whoop-auth';
import { fetchWhoopProfile, fetchWhoopProfileStream } from './whoop-profile';
import { fetchWhoopRecovery } from './whoop-recovery';
import { fetchWhoopSleep } from './whoop-sleep';
import { fetchWhoopWorkouts } from './whoop-workouts';
import { whoopWebhook } from './whoop-webhook';

/**
 * WHOOP API v2 (developer.whoop.com/api): sleeps, recoveries, workouts and the profile of a WHOOP member,
 * kept fresh by signed webhooks. Cycles (strain, the day's kilojoules) have no Meridian resource of their
 * own: their energy is not split into active and basal, so they are not fetched.
 */
const streams: StreamSpec[] = [
  {
    name: 'sleep',
    resources: ['sleep'],
    scopes: ['read:sleep'],
    backfillDays: 365,
    maxWindowDays: 30,
    fetch: fetchWhoopSleep,
  },
  {
    name: 'recovery',
    resources: ['hrv', 'blood_oxygen'],
    scopes: ['read:recovery'],
    backfillDays: 365,
    maxWindowDays: 30,
    fetch: fetchWhoopRecovery,
  },
  {
    name: 'workouts',
    resources: ['workouts'],
    scopes: ['read:workout'],
    backfillDays: 365,
    maxWindowDays: 30,
    fetch: fetchWhoopWorkouts,
  },
  {
    name: 'profile',
    resources: ['profile'],
    scopes: ['read:profile', 'read:body_measurement'],
    // Not dated: one window is enough, any window gives the same answer.
    backfillDays: 1,
    maxWindowDays: 1,
    fetch: fetchWhoopProfileStream,
  },
];

export const whoopConnector: Connector = {
  slug: 'whoop_v2',
  auth: WHOOP_OAUTH,
  defaultUrls: { api: 'https://api.prod.whoop.com/developer', auth: 'https://api.prod.whoop.com' },
  mode: 'push_and_pull',
  pollMinutes: 360,
  // "100 requests per minute, 10,000 requests per day" per app (developer.whoop.com/docs/developing/rate-limiting).
  rateLimit: { requests: 100, windowSeconds: 60, scope: 'app' },
  streams,
  scopesFor: scopesFromStreams(streams),
  exchangeCode: (ctx, code, redirectUri) => exchangeWhoopCode(ctx, code, redirectUri),
  refresh: refreshWhoopTokens,
  revoke: (ctx, tokens) => revokeAccessToken(ctx, WHOOP_OAUTH, tokens),
  async identify(ctx, tokens) {
    const profile = await fetchWhoopProfile(ctx.api, tokens.accessToken);
    return { externalUserId: String(profile.user_id) };
  },
  webhook: whoopWebhook,
};
