import express from 'express';
import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';
import { createFaults, faultRoutes } from '../core/faults';
import { createOAuthServer, type EmulatedAccount } from '../core/oauth-server';
import { withingsDataRoutes } from './withings-data-routes';
import { createWithingsNotify } from './withings-notify';

/**
 * Withings emulator. Shapes and behaviour from developer.withings.com:
 * - api-reference#operation/oauth2-authorize, #operation/oauth2-getaccesstoken (action=requesttoken, the
 *   `{status, body}` envelope with `userid`, 3 h tokens), #operation/oauth2-revoke, #operation/signaturev2-getnonce;
 * - api-reference#operation/measure-getmeas (measuregrps, `value × 10^unit`, `more`/`offset`, `timezone`);
 * - api-reference#operation/sleepv2-getsummary and #operation/sleepv2-get (series, stage `state`, hr/rr maps, 24 h max);
 * - api-reference#operation/measurev2-getactivity (activities by local `date`);
 * - api-reference#operation/notify-subscribe and developer-guide/v3/data-api/keep-user-data-up-to-date
 *   (callback check, form-encoded `userid, appli, startdate, enddate` notifications);
 * - api-reference "Response status" (HTTP 200 with status 401 invalid token, 601 too many requests, 503 invalid params).
 * Consent lives under `/account` (account.withings.com), the webservices under `/wbsapi` (wbsapi.withings.net).
 */
export function createWithingsEmulator(options: EmulatorOptions = {}): ProviderEmulator {
  let now = options.now ?? (() => new Date());
  const client = {
    clientId: options.clientId ?? 'withings-dev-client-id',
    clientSecret: options.clientSecret ?? 'withings-dev-client-secret',
  };
  const faults = createFaults();
  const accounts = new Map<number, EmulatedAccount>();
  /** Withings user ids are integers: derived from the emulated account id. */
  const useridOf = (account: EmulatedAccount) => {
    const userid = 10_000_000 + (parseInt(account.id.slice(0, 8), 16) % 90_000_000);
    accounts.set(userid, account);
    return userid;
  };
  const oauth = createOAuthServer({
    providerName: 'Withings',
    clients: [client],
    scopes: ['user.info', 'user.metrics', 'user.activity', 'user.sleepevents'],
    scopeSeparator: ',',
    pkce: 'optional',
    clientAuth: 'body',
    paths: { authorize: '/account/oauth2_user/authorize2', token: '/wbsapi/v2/oauth2' },
    rotateRefreshToken: true,
    accessTokenTtlSeconds: 10_800,
    tokenResponseExtra: (account) => ({ userid: useridOf(account), csrf_token: 'emulated' }),
    wrapTokenResponse: (body) => ({ status: 0, body }),
    wrapTokenError: (error) => ({
      status: 200,
      body: { status: 503, body: {}, error: `Invalid Params: ${error}` },
    }),
    requiredTokenParams: { action: 'requesttoken' },
    faults,
    now: () => now(),
  });
  const notifications = createWithingsNotify({
    oauth,
    client,
    useridOf,
    accountOf: (id) => accounts.get(id),
  });

  const wbsapi = express.Router();
  wbsapi.use(express.urlencoded({ extended: false }));
  wbsapi.use(notifications.router);
  wbsapi.use(
    withingsDataRoutes({
      oauth,
      faults,
      now: () => now(),
      historyDays: options.historyDays ?? 400,
      useridOf,
    }),
  );

  const app = express();
  app.use(faultRoutes(faults));
  // Revoke shares the token path: its router sees `/v2/oauth2` first and passes other actions on.
  app.use('/wbsapi', wbsapi);
  app.use(oauth.router);

  /** `accountId`: the emulated account id, or the Withings userid itself. */
  const resolveUserid = (accountId: string) => {
    for (const [userid, account] of accounts) if (account.id === accountId) return userid;
    if (/^\d+$/.test(accountId)) return Number(accountId);
    throw new Error(`unknown Withings account ${accountId}`);
  };

  return {
    slug: 'withings',
    app,
    faults,
    oauth,
    client,
    basePaths: { api: '/wbsapi', auth: '/account' },
    notify: (target, accountId, what) => notifications.notify(target, resolveUserid(accountId), what),
    setNow(next) {
      now = next;
    },
  };
}
