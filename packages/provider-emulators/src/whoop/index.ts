import { createHmac, randomUUID } from 'node:crypto';
import express from 'express';
import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';
import { createFaults, faultRoutes } from '../core/faults';
import { createOAuthServer, type EmulatedAccount } from '../core/oauth-server';
import { DAY_MS } from '../core/prng';
import { recordsOfDay } from './whoop-data';
import { whoopRoutes } from './whoop-routes';

/**
 * WHOOP API v2 emulator. Shapes and behaviour from developer.whoop.com:
 * - docs/developing/oauth (authorize `/oauth/oauth2/auth`, token `/oauth/oauth2/token` with client_secret_post,
 *   refresh token only with `offline`, rotating refresh tokens; revoke `DELETE /developer/v2/user/access`);
 * - api (v2 OpenAPI): `/developer/v2/cycle`, `/v2/recovery`, `/v2/activity/sleep`, `/v2/activity/workout`
 *   (`records` + `next_token`, `limit` ≤ 25, `start`/`end`/`nextToken`), `/v2/user/profile/basic`,
 *   `/v2/user/measurement/body`; UUID ids for sleeps and workouts, `timezone_offset` like `-05:00`;
 * - docs/developing/rate-limiting (100/min, 10,000/day; `X-RateLimit-Limit|Remaining|Reset`);
 * - docs/developing/webhooks (v2 model: `{user_id, id, type, trace_id}`, `X-WHOOP-Signature` =
 *   base64 HMAC-SHA256 of `X-WHOOP-Signature-Timestamp` (epoch ms) + raw body, keyed with the client secret).
 */
const SCOPES = [
  'read:recovery',
  'read:cycles',
  'read:workout',
  'read:sleep',
  'read:profile',
  'read:body_measurement',
  'offline',
];

export function createWhoopEmulator(options: EmulatorOptions = {}): ProviderEmulator {
  let now = options.now ?? (() => new Date());
  const client = {
    clientId: options.clientId ?? 'whoop-dev-client-id',
    clientSecret: options.clientSecret ?? 'whoop-dev-client-secret',
  };
  const faults = createFaults();
  const accounts = new Map<number, EmulatedAccount>();
  /** WHOOP user ids are integers: derived from the emulated account id. */
  const userIdOf = (account: EmulatedAccount) => {
    const userId = 10_000 + (parseInt(account.id.slice(0, 8), 16) % 9_990_000);
    accounts.set(userId, account);
    return userId;
  };
  const oauth = createOAuthServer({
    providerName: 'WHOOP',
    clients: [client],
    scopes: SCOPES,
    scopeSeparator: ' ',
    pkce: 'optional',
    clientAuth: 'body',
    paths: { authorize: '/oauth/oauth2/auth', token: '/oauth/oauth2/token' },
    rotateRefreshToken: true,
    accessTokenTtlSeconds: 3600,
    tokenResponseExtra: (account) => {
      userIdOf(account);
      return {};
    },
    // No `offline` scope, no refresh token.
    wrapTokenResponse: (body) => {
      const scopes = typeof body.scope === 'string' ? body.scope.split(' ') : [];
      if (scopes.includes('offline')) return body;
      const { refresh_token: dropped, ...rest } = body;
      void dropped;
      return rest;
    },
    faults,
    now: () => now(),
  });

  const app = express();
  app.use(faultRoutes(faults));
  app.use(oauth.router);
  app.use(
    '/developer',
    whoopRoutes({ oauth, faults, now: () => now(), historyDays: options.historyDays ?? 400, userIdOf }),
  );

  const resolveUserId = (accountId: string) => {
    for (const [userId, account] of accounts) if (account.id === accountId) return userId;
    if (/^\d+$/.test(accountId)) return Number(accountId);
    throw new Error(`unknown WHOOP account ${accountId}`);
  };

  /** Sends a signed v2 webhook; `what.type` defaults to `sleep.updated` of the latest night, `what.id` to its id. */
  async function notify(
    target: string,
    accountId: string,
    what: Record<string, unknown> = {},
  ): Promise<number> {
    const userId = resolveUserId(accountId);
    const today = Math.floor(now().getTime() / DAY_MS);
    const latest = recordsOfDay(userId, today - 1);
    const type = typeof what.type === 'string' ? what.type : 'sleep.updated';
    const id =
      what.id ?? (type.startsWith('workout') ? (latest.workout?.id ?? latest.sleep.id) : latest.sleep.id);
    const body = JSON.stringify({ user_id: userId, id, type, trace_id: randomUUID() });
    const timestamp = String(typeof what.timestampMs === 'number' ? what.timestampMs : Date.now());
    const signature = createHmac('sha256', client.clientSecret)
      .update(timestamp)
      .update(body)
      .digest('base64');
    const res = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-whoop-signature': signature,
        'x-whoop-signature-timestamp': timestamp,
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  }

  return {
    slug: 'whoop_v2',
    app,
    faults,
    oauth,
    client,
    basePaths: { api: '/developer', auth: '' },
    notify,
    setNow(next) {
      now = next;
    },
  };
}
