import { scopesFromStreams } from '../../stream-scopes';
import type { Connector, StreamSpec } from '../../connector';
import { ProviderResponseError } from '../../errors';
import { fetchActivity } from './withings-activity';
import {
  exchangeWithingsCode,
  refreshWithingsTokens,
  revokeWithingsAccess,
  WITHINGS_OAUTH,
} from './withings-auth';
import { fetchMeasures } from './withings-measures';
import { fetchSleep } from './withings-sleep';
import { withingsWebhook } from './withings-webhook';

/**
 * Withings Public Health Data API: measures (scales, blood-pressure monitors, thermometers, watch SpO2),
 * nightly sleep (summary + stages) and daily activity, kept fresh by data update notifications.
 * Reference: developer.withings.com/api-reference (and the shapes recorded in the emulator's header).
 */
const streams: StreamSpec[] = [
  {
    name: 'measures',
    resources: [
      'body',
      'weight',
      'fat',
      'lean_body_mass',
      'blood_pressure',
      'heartrate',
      'blood_oxygen',
      'body_temperature',
    ],
    scopes: ['user.metrics'],
    // Withings keeps the whole history; a year is what a first pull brings in.
    backfillDays: 365,
    maxWindowDays: 90,
    fetch: fetchMeasures,
  },
  {
    name: 'sleep',
    resources: ['sleep', 'sleep_cycle', 'heartrate', 'respiratory_rate'],
    scopes: ['user.activity'],
    backfillDays: 365,
    // One Sleep v2 - Get call per night follows each summary page: keep windows short.
    maxWindowDays: 30,
    fetch: fetchSleep,
  },
  {
    name: 'activity',
    resources: ['steps', 'distance', 'calories_active', 'calories_basal', 'floors_climbed'],
    scopes: ['user.activity'],
    backfillDays: 365,
    maxWindowDays: 90,
    fetch: fetchActivity,
  },
];

export const withingsConnector: Connector = {
  slug: 'withings',
  auth: WITHINGS_OAUTH,
  defaultUrls: { api: 'https://wbsapi.withings.net', auth: 'https://account.withings.com' },
  mode: 'push_and_pull',
  // Notifications carry the news; the poll is a safety net for missed ones.
  pollMinutes: 360,
  // "standard Withings API applications are limited to 120 requests per minute" (keep-user-data-up-to-date).
  rateLimit: { requests: 120, windowSeconds: 60, scope: 'app' },
  streams,
  scopesFor: scopesFromStreams(streams),
  exchangeCode: (ctx, code, redirectUri) => exchangeWithingsCode(ctx, code, redirectUri),
  refresh: refreshWithingsTokens,
  revoke: revokeWithingsAccess,
  async identify(_ctx, tokens) {
    // Withings puts the account id (`userid`) in every token answer.
    if (!tokens.externalUserId) throw new ProviderResponseError('Withings token answer carried no userid');
    return { externalUserId: tokens.externalUserId };
  },
  webhook: withingsWebhook,
};
