import { scopesFromStreams } from '../../stream-scopes';
import type { Connector } from '../../connector';
import {
  exchangeOuraCode,
  identifyOuraUser,
  OURA_OAUTH,
  refreshOuraTokens,
  revokeOuraTokens,
} from './oura-auth';
import { ouraStreams } from './oura-streams';
import { ouraWebhook } from './oura-webhook';

/**
 * Oura (API v2, https://cloud.ouraring.com/v2/docs): OAuth 2.0, 5-minute heart rate, sleep periods with
 * phases and HRV, daily activity, workouts and personal info; webhooks say when to pull. Rate limit: 5000
 * requests per 5 minutes.
 */
export const ouraConnector: Connector = {
  slug: 'oura',
  auth: OURA_OAUTH,
  defaultUrls: { api: 'https://api.ouraring.com', auth: 'https://cloud.ouraring.com' },
  mode: 'push_and_pull',
  pollMinutes: 60,
  rateLimit: { requests: 5000, windowSeconds: 300, scope: 'user' },
  streams: ouraStreams,
  scopesFor: scopesFromStreams(ouraStreams),
  exchangeCode: (ctx, code, redirectUri) => exchangeOuraCode(ctx, code, redirectUri),
  refresh: refreshOuraTokens,
  revoke: revokeOuraTokens,
  identify: identifyOuraUser,
  webhook: ouraWebhook,
};
