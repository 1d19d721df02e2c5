import { createHmac } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { OAuthServer } from '../core/oauth-server';
import { fitbitError } from './fitbit-routes';

/**
 * Fitbit's per-user rate limit (150 requests an hour, reset at the top of the hour, reported in
 * `Fitbit-Rate-Limit-Limit/-Remaining/-Reset` on every response) and the Subscriptions API: subscriptions
 * per user (`POST /1/user/-/apiSubscriptions/{id}.json`), notifications as a JSON array signed with
 * `X-Fitbit-Signature` = base64 HMAC-SHA1 of the body keyed with `<client secret>&`.
 */

export const FITBIT_REQUESTS_PER_HOUR = 150;
const HOUR_MS = 3_600_000;

export function fitbitRateLimit(oauth: OAuthServer, now: () => Date, perHour = FITBIT_REQUESTS_PER_HOUR) {
  const used = new Map<string, number>();
  return (_req: Request, res: Response, next: NextFunction) => {
    const t = now().getTime();
    const hour = Math.floor(t / HOUR_MS);
    const key = `${oauth.grantOf(res).account.id}|${hour}`;
    const count = (used.get(key) ?? 0) + 1;
    used.set(key, count);
    const reset = Math.max(1, Math.ceil(((hour + 1) * HOUR_MS - t) / 1000));
    res.set({
      'fitbit-rate-limit-limit': String(perHour),
      'fitbit-rate-limit-remaining': String(Math.max(0, perHour - count)),
      'fitbit-rate-limit-reset': String(reset),
    });
    if (count > perHour) {
      res.set('retry-after', String(reset));
      fitbitError(res, 429, 'system', 'Too Many Requests');
      return;
    }
    next();
  };
}

export function signFitbitNotification(clientSecret: string, rawBody: string): string {
  return createHmac('sha1', `${clientSecret}&`).update(rawBody).digest('base64');
}

export interface FitbitSubscription {
  subscriptionId: string;
  ownerId: string;
  collectionType: string;
  subscriberId: string;
}

export interface FitbitSubscriptions {
  router: Router;
  list(): FitbitSubscription[];
}

export function createFitbitSubscriptions(
  oauth: OAuthServer,
  guards: express.RequestHandler[],
): FitbitSubscriptions {
  const subs = new Map<string, FitbitSubscription>();
  const router = express.Router();
  const collectionOf = (c: string | undefined) => c ?? 'user';
  const view = (s: FitbitSubscription) => ({
    collectionType: s.collectionType,
    ownerId: s.ownerId,
    ownerType: 'user',
    subscriberId: s.subscriberId,
    subscriptionId: s.subscriptionId,
  });

  function idOf(req: Request, res: Response): string | null {
    const file = req.params.file as string;
    const id = file.replace(/\.json$/, '');
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(id)) {
      fitbitError(res, 400, 'validation', 'Invalid subscription id.');
      return null;
    }
    return id;
  }

  const paths = [
    '/1/user/:userId/apiSubscriptions/:file',
    '/1/user/:userId/:collection/apiSubscriptions/:file',
  ];
  for (const path of paths) {
    router.post(path, oauth.requireToken, ...guards, (req, res) => {
      const id = idOf(req, res);
      if (!id) return;
      const ownerId = oauth.grantOf(res).account.id;
      const collectionType = collectionOf(req.params.collection as string | undefined);
      const existing = subs.get(id);
      if (existing && (existing.ownerId !== ownerId || existing.collectionType !== collectionType)) {
        fitbitError(
          res,
          409,
          'request',
          'A subscription with this id exists for another user or collection.',
        );
        return;
      }
      const sub: FitbitSubscription = {
        subscriptionId: id,
        ownerId,
        collectionType,
        subscriberId: req.header('x-fitbit-subscriber-id') ?? '1',
      };
      subs.set(id, sub);
      res.status(existing ? 200 : 201).json(view(sub));
    });
    router.delete(path, oauth.requireToken, ...guards, (req, res) => {
      const id = idOf(req, res);
      if (!id) return;
      const sub = subs.get(id);
      if (!sub || sub.ownerId !== oauth.grantOf(res).account.id) {
        fitbitError(res, 404, 'not_found', 'Subscription not found.');
        return;
      }
      subs.delete(id);
      res.status(204).end();
    });
  }
  router.get(['/1/user/:userId/apiSubscriptions.json'], oauth.requireToken, ...guards, (_req, res) => {
    const ownerId = oauth.grantOf(res).account.id;
    res.json({ apiSubscriptions: [...subs.values()].filter((s) => s.ownerId === ownerId).map(view) });
  });

  return { router, list: () => [...subs.values()] };
}
