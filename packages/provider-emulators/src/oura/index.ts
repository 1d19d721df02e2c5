/**
 * Oura API v2 emulator. Shapes and behaviour come from Oura's public documentation:
 * - https://cloud.ouraring.com/docs/authentication — authorize on cloud.ouraring.com `/oauth/authorize`,
 *   token on api.ouraring.com `/oauth/token` (client id/secret in the form), scopes `email personal daily
 *   heartrate workout tag session spo2` (the page spells the last `spo2Daily`; both are accepted), access
 *   tokens for a day (`expires_in` 86400), single-use refresh tokens, revocation at `/oauth/revoke`.
 * - https://cloud.ouraring.com/v2/docs (OpenAPI "Oura API Documentation" 2.0) — `/v2/usercollection/
 *   heartrate` (`start_datetime`/`end_datetime`, 5-minute `PublicHeartRateRow`s with UTC timestamps),
 *   `sleep`, `daily_activity`, `workout` (`start_date`/`end_date`, documents keyed by `day`, times as
 *   LocalizedDateTime with the wearer's offset), `personal_info`; every list is `{data, next_token}`;
 *   429 carries `Retry-After`; 401 for a bad token, 403 for a scope the user did not grant.
 * - same document, "Webhook Subscription Routes" — `/v2/webhook/subscription` with `x-client-id` /
 *   `x-client-secret`, the verification GET (`verification_token`, `challenge`), and notifications
 *   `{event_type, data_type, object_id, event_time, user_id}` signed in `x-oura-signature` /
 *   `x-oura-timestamp`.
 * Emulated paths: the API base is the origin (`/v2/...`, `/oauth/token`), the authorize page lives under
 * `/cloud` (standing in for cloud.ouraring.com), so the connector's two base URLs are both exercised.
 */
import express from 'express';
import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';
import { createFaults, dataFaults, faultRoutes } from '../core/faults';
import { createOAuthServer } from '../core/oauth-server';
import { latestOuraObject, ouraRoutes } from './oura-routes';
import { createOuraWebhooks } from './oura-webhooks';

export const OURA_SCOPES = [
  'email',
  'personal',
  'daily',
  'heartrate',
  'workout',
  'tag',
  'session',
  'spo2',
  'spo2Daily',
];

export function createOuraEmulator(options: EmulatorOptions = {}): ProviderEmulator {
  const client = {
    clientId: options.clientId ?? 'oura-dev-client',
    clientSecret: options.clientSecret ?? 'oura-dev-secret',
  };
  let now = options.now ?? (() => new Date());
  const clock = () => now();
  let webhookTarget: string | null = null;
  const faults = createFaults();
  const clients = new Map([[client.clientId, client.clientSecret]]);
  const oauth = createOAuthServer({
    providerName: 'Oura',
    clients: [client],
    scopes: OURA_SCOPES,
    scopeSeparator: ' ',
    pkce: 'optional',
    clientAuth: 'either',
    paths: { authorize: '/cloud/oauth/authorize', token: '/oauth/token', revoke: '/oauth/revoke' },
    rotateRefreshToken: true,
    refreshGraceSeconds: 60,
    accessTokenTtlSeconds: 86_400,
    faults,
    now: clock,
  });
  const webhooks = createOuraWebhooks({ clients, now: clock });

  const app = express();
  app.disable('x-powered-by');
  app.use(faultRoutes(faults));
  app.use(oauth.router);
  app.use(webhooks.router);
  app.use(
    '/v2/usercollection',
    dataFaults(faults, {
      rateLimitHeaders: (retryAfter) => ({
        'x-ratelimit-limit': '5000',
        'x-ratelimit-window': '300',
        'x-ratelimit-reset': String(Math.floor(clock().getTime() / 1000) + retryAfter),
        'x-ratelimit-tier': 'token',
      }),
    }),
  );
  app.use(
    ouraRoutes({
      oauth,
      now: clock,
      historyDays: options.historyDays ?? 400,
      pageSize: { documents: 10, heartRate: 1000 },
    }),
  );

  return {
    slug: 'oura',
    app,
    faults,
    oauth,
    client,
    basePaths: { api: '', auth: '/cloud' },
    setNow(next) {
      now = next;
    },
    setWebhookTarget(url) {
      webhookTarget = url;
    },
    async notify(target, accountId, what = {}) {
      const dataType = typeof what.data_type === 'string' ? what.data_type : 'sleep';
      const latest = latestOuraObject(accountId, dataType, clock());
      const event = {
        event_type: typeof what.event_type === 'string' ? what.event_type : 'create',
        data_type: dataType,
        object_id: typeof what.object_id === 'string' ? what.object_id : (latest?.id ?? null),
        event_time: clock().toISOString().replace('Z', '+00:00'),
        user_id: accountId,
      };
      return webhooks.send(target || webhookTarget || '', client.clientSecret, event);
    },
  };
}

export {
  ouraDailyActivity,
  ouraHeartRate,
  ouraPersonalInfo,
  ouraSleep,
  ouraWorkout,
  ouraZoneOf,
} from './oura-data';
export { signOuraWebhook } from './oura-webhooks';
