/**
 * Fitbit Web API emulator. Shapes and behaviour come from Fitbit's public documentation:
 * - https://dev.fitbit.com/build/reference/web-api/developer-guide/authorization/ and
 *   .../authorization/oauth2-token/ — authorize at www.fitbit.com `/oauth2/authorize`, token at
 *   api.fitbit.com `/oauth2/token` with HTTP Basic client authentication and PKCE (S256), space-separated
 *   scopes, `expires_in` 28800 (8 h), `user_id` in the token response, refresh tokens replaced on every
 *   refresh; `/oauth2/revoke` (RFC 7009 `token`).
 * - .../heartrate-timeseries/get-heartrate-intraday-by-date/ — `activities/heart/date/{date}/1d/1min.json`:
 *   `activities-heart` + `activities-heart-intraday.dataset` of `{time: "HH:mm:ss", value}` in local time.
 * - .../activity-timeseries/get-activity-intraday-by-date/ — `activities/{steps|distance|calories}/date/
 *   {date}/1d/1min.json` (calories with `level`, `mets`); .../activity/get-daily-activity-summary/ —
 *   `activities/date/{date}.json` (`summary.activityCalories`, `caloriesBMR`, `distances`...).
 * - .../sleep/get-sleep-log-list/ — `/1.2/user/-/sleep/list.json` (afterDate+asc / beforeDate+desc,
 *   limit ≤ 100, `pagination.next`), stage logs with `levels.data` and `levels.summary`.
 * - .../activity/get-activity-log-list/ — `/1/user/-/activities/list.json`, same paging; exercise
 *   `startTime` carries the offset.
 * - .../body/get-weight-log/ — `body/log/weight/date/{start}/{end}.json` (≤ 31 days), `{weight: [...]}`.
 * - .../user/get-profile/ — `profile.json` (`encodedId`, `timezone`, `offsetFromUTCMillis`).
 * - .../developer-guide/application-design/#Rate-Limits — 150 requests/hour per user, `Fitbit-Rate-Limit-*`
 *   headers, 429 when exhausted.
 * - .../subscription/ — `POST /1/user/-/apiSubscriptions/{id}.json`, notification arrays signed with
 *   `X-Fitbit-Signature`, subscriber verification with `?verify=`.
 * Everything (API and OAuth) is served from the emulator's origin.
 */
import express from 'express';
import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';
import { createFaults, dataFaults, faultRoutes } from '../core/faults';
import { createOAuthServer } from '../core/oauth-server';
import { localDate } from '../core/zone-time';
import { fitbitZoneOf } from './fitbit-data';
import { fitbitRoutes } from './fitbit-routes';
import {
  createFitbitSubscriptions,
  FITBIT_REQUESTS_PER_HOUR,
  fitbitRateLimit,
  signFitbitNotification,
} from './fitbit-subscriptions';

export const FITBIT_SCOPES = [
  'activity',
  'cardio_fitness',
  'electrocardiogram',
  'heartrate',
  'irregular_rhythm_notifications',
  'location',
  'nutrition',
  'oxygen_saturation',
  'profile',
  'respiratory_rate',
  'settings',
  'sleep',
  'social',
  'temperature',
  'weight',
];

export function createFitbitEmulator(options: EmulatorOptions = {}): ProviderEmulator {
  const client = {
    clientId: options.clientId ?? 'fitbit-dev-client',
    clientSecret: options.clientSecret ?? 'fitbit-dev-secret',
    details: { verify_code: 'fitbit-dev-verify-code' },
  };
  let now = options.now ?? (() => new Date());
  const clock = () => now();
  let webhookTarget: string | null = null;
  const faults = createFaults();
  const oauth = createOAuthServer({
    providerName: 'Fitbit',
    clients: [client],
    scopes: FITBIT_SCOPES,
    scopeSeparator: ' ',
    pkce: 'optional',
    clientAuth: 'basic',
    paths: { authorize: '/oauth2/authorize', token: '/oauth2/token', revoke: '/oauth2/revoke' },
    rotateRefreshToken: true,
    refreshGraceSeconds: 120,
    accessTokenTtlSeconds: 28_800,
    tokenResponseExtra: (account) => ({ user_id: account.id }),
    faults,
    now: clock,
  });
  const rateLimit = fitbitRateLimit(oauth, clock, options.requestBudget ?? FITBIT_REQUESTS_PER_HOUR);
  const subscriptions = createFitbitSubscriptions(oauth, [rateLimit]);

  const app = express();
  app.disable('x-powered-by');
  app.use(faultRoutes(faults));
  app.use(oauth.router);
  app.use(
    ['/1/user', '/1.2/user'],
    dataFaults(faults, {
      rateLimitHeaders: (retryAfter) => ({
        'fitbit-rate-limit-limit': String(FITBIT_REQUESTS_PER_HOUR),
        'fitbit-rate-limit-remaining': '0',
        'fitbit-rate-limit-reset': String(retryAfter),
      }),
    }),
  );
  app.use(subscriptions.router);
  // Every data route: token first (401 before counting), then the hourly budget.
  app.use(['/1/user', '/1.2/user'], oauth.requireToken, rateLimit);
  app.use(fitbitRoutes({ oauth, now: clock, historyDays: options.historyDays ?? 400 }));

  return {
    slug: 'fitbit',
    app,
    faults,
    oauth,
    client,
    basePaths: { api: '', auth: '' },
    setNow(next) {
      now = next;
    },
    setWebhookTarget(url) {
      webhookTarget = url;
    },
    async notify(target, accountId, what = {}) {
      const sub = subscriptions.list().find((s) => s.ownerId === accountId);
      const collectionType = typeof what.collectionType === 'string' ? what.collectionType : 'activities';
      const body = JSON.stringify([
        {
          collectionType,
          date:
            typeof what.date === 'string' ? what.date : localDate(fitbitZoneOf(accountId), clock().getTime()),
          ownerId: accountId,
          ownerType: 'user',
          subscriptionId: sub?.subscriptionId ?? accountId,
        },
      ]);
      const res = await fetch(target || webhookTarget || '', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-fitbit-signature': signFitbitNotification(client.clientSecret, body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    },
  };
}

export { signFitbitNotification } from './fitbit-subscriptions';
export { fitbitZoneOf } from './fitbit-data';
