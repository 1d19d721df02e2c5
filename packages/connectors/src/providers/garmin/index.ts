import type { Connector } from '../../connector';
import {
  deregisterGarminUser,
  exchangeGarminCode,
  garminAuthSpec,
  identifyGarminUser,
  refreshGarminTokens,
} from './garmin-auth';
import { GARMIN_PERMISSION, garminStreams } from './garmin-streams';
import { GARMIN_API_URL, GARMIN_AUTH_URL } from './garmin-urls';
import { fetchGarminCallback, handleGarminWebhook } from './garmin-webhook';

/**
 * Garmin Health API (Connect Developer Program). Push mode: Garmin sends new summaries to Meridian's
 * webhook (inline PUSH, or PING with a callback URL); historical data is asked for with backfill requests
 * whose results arrive the same way.
 */
export const garminConnector: Connector = {
  slug: 'garmin',
  auth: garminAuthSpec,
  defaultUrls: { api: GARMIN_API_URL, auth: GARMIN_AUTH_URL },
  mode: 'push',
  pollMinutes: 1440,
  // Backfill is limited in days of data per minute per app (10,000 in production); at 90 days a request
  // that is about a hundred requests a minute.
  rateLimit: { requests: 100, windowSeconds: 60, scope: 'app' },
  streams: garminStreams,
  scopesFor: (resource) => {
    const stream = garminStreams.find((s) => s.resources.includes(resource));
    return stream ? [GARMIN_PERMISSION[stream.name as keyof typeof GARMIN_PERMISSION]] : [];
  },
  exchangeCode: exchangeGarminCode,
  refresh: refreshGarminTokens,
  identify: identifyGarminUser,
  revoke: deregisterGarminUser,
  webhook: { handle: handleGarminWebhook, fetchCallback: fetchGarminCallback },
};
