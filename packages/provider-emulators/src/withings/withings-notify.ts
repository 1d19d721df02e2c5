import { createHmac, randomBytes } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { EmulatedAccount, OAuthServer } from '../core/oauth-server';
import { fail, ok, paramsOf, withingsToken } from './withings-envelope';

/**
 * Notify (`/notify`: subscribe, get, list, revoke), Signature v2 - Getnonce (`/v2/signature`) and OAuth 2.0 -
 * Revoke (`/v2/oauth2`, action=revoke, signed). Subscribing checks the callback URL answers a HEAD with 2xx
 * (status 293 otherwise); a notification is a form POST of `userid`, `appli`, `startdate`, `enddate`.
 */
export interface Subscription {
  callbackurl: string;
  appli: number;
  comment: string;
}

export interface NotifyDeps {
  oauth: OAuthServer;
  client: { clientId: string; clientSecret: string };
  useridOf: (account: EmulatedAccount) => number;
  accountOf: (userid: number) => EmulatedAccount | undefined;
}

const sign = (secret: string, values: string[]) =>
  createHmac('sha256', secret).update(values.join(',')).digest('hex');

async function callbackAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(2000) });
    return res.status >= 200 && res.status < 300;
  } catch {
    return false;
  }
}

export function createWithingsNotify(deps: NotifyDeps) {
  const subscriptions = new Map<number, Subscription[]>();
  const nonces = new Set<string>();
  const router: Router = express.Router();

  router.all('/notify', withingsToken(deps.oauth), async (req: Request, res: Response) => {
    const p = paramsOf(req);
    const userid = deps.useridOf(deps.oauth.grantOf(res).account);
    const mine = subscriptions.get(userid) ?? [];
    const appli = p.appli === undefined ? null : Number(p.appli);
    switch (p.action ?? '') {
      case 'subscribe': {
        if (!p.callbackurl || appli === null || !Number.isInteger(appli))
          return fail(res, 503, 'Invalid Params');
        if (!(await callbackAnswers(p.callbackurl)))
          return fail(res, 293, 'The callback URL is either absent or incorrect');
        const kept = mine.filter((s) => !(s.callbackurl === p.callbackurl && s.appli === appli));
        subscriptions.set(userid, [...kept, { callbackurl: p.callbackurl, appli, comment: p.comment ?? '' }]);
        return ok(res, {});
      }
      case 'list':
        return ok(res, {
          profiles: mine
            .filter((s) => appli === null || s.appli === appli)
            .map((s) => ({
              appli: s.appli,
              callbackurl: s.callbackurl,
              comment: s.comment,
              expires: 2147483647,
            })),
        });
      case 'get': {
        const found = mine.find((s) => s.callbackurl === p.callbackurl && s.appli === (appli ?? 1));
        return found
          ? ok(res, { appli: found.appli, callbackurl: found.callbackurl, comment: found.comment })
          : fail(res, 294, 'No such subscription');
      }
      case 'revoke': {
        const kept = mine.filter(
          (s) => !(s.callbackurl === p.callbackurl && (appli === null || s.appli === appli)),
        );
        if (kept.length === mine.length) return fail(res, 294, 'No such subscription could be deleted');
        subscriptions.set(userid, kept);
        return ok(res, {});
      }
      default:
        return fail(res, 2554, 'Wrong action or wrong webservice');
    }
  });

  router.post('/v2/signature', (req: Request, res: Response) => {
    const p = paramsOf(req);
    if (p.action !== 'getnonce') return fail(res, 2554, 'Wrong action or wrong webservice');
    const { clientId, clientSecret } = deps.client;
    if (
      p.client_id !== clientId ||
      !p.timestamp ||
      p.signature !== sign(clientSecret, ['getnonce', clientId, p.timestamp])
    )
      return fail(res, 503, 'Invalid Params: invalid signature');
    const nonce = randomBytes(20).toString('hex');
    nonces.add(nonce);
    ok(res, { nonce });
  });

  /** OAuth 2.0 - Revoke shares `/v2/oauth2` with requesttoken: other actions go on to the OAuth server. */
  router.post('/v2/oauth2', (req: Request, res: Response, next: NextFunction) => {
    const p = paramsOf(req);
    if (p.action !== 'revoke') return next();
    const { clientId, clientSecret } = deps.client;
    const nonce = p.nonce ?? '';
    if (
      p.client_id !== clientId ||
      !nonces.delete(nonce) ||
      p.signature !== sign(clientSecret, ['revoke', clientId, nonce])
    )
      return fail(res, 503, 'Invalid Params: invalid signature or nonce');
    const account = deps.accountOf(Number(p.userid));
    if (!account) return fail(res, 503, 'Invalid Params: unknown userid');
    deps.oauth.revokeAccount(account.id);
    subscriptions.delete(Number(p.userid));
    ok(res, {});
  });

  /** Sends the notification Withings sends for new data of `appli` (default 1, weight) to `target`. */
  async function notify(target: string, userid: number, what: Record<string, unknown> = {}): Promise<number> {
    const form = new URLSearchParams();
    form.set('userid', String(userid));
    const scalar = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
    form.set('appli', scalar(what.appli) ?? '1');
    for (const key of ['startdate', 'enddate', 'date', 'action', 'deviceid']) {
      const value = scalar(what[key]);
      if (value !== undefined) form.set(key, value);
    }
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  }

  return { router, notify, subscriptionsOf: (userid: number) => subscriptions.get(userid) ?? [] };
}
