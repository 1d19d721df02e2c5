import { scopesFromStreams } from '../../stream-scopes';
import type { Connector } from '../../connector';
import {
  exchangeFitbitCode,
  FITBIT_OAUTH,
  identifyFitbitUser,
  refreshFitbitTokens,
  revokeFitbitTokens,
} from './fitbit-auth';
import { fitbitStreams } from './fitbit-streams';
import { fitbitWebhook } from './fitbit-webhook';

/**
 * Fitbit (Web API, https://dev.fitbit.com/build/reference/web-api/): OAuth 2.0 with PKCE, minute heart
 * rate and activity (intraday), sleep logs with stages, exercise logs, weigh-ins, the profile;
 * subscriptions say when to pull. Rate limit: 150 requests an hour per user.
 */
export const fitbitConnector: Connector = {
  slug: 'fitbit',
  auth: FITBIT_OAUTH,
  defaultUrls: { api: 'https://api.fitbit.com', auth: 'https://www.fitbit.com' },
  mode: 'push_and_pull',
  pollMinutes: 120,
  rateLimit: { requests: 150, windowSeconds: 3600, scope: 'user' },
  streams: fitbitStreams,
  scopesFor: scopesFromStreams(fitbitStreams),
  exchangeCode: exchangeFitbitCode,
  refresh: refreshFitbitTokens,
  revoke: revokeFitbitTokens,
  identify: identifyFitbitUser,
  webhook: fitbitWebhook,
};
