import { createHash } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';
import { createFaults, dataFaults, faultRoutes } from '../core/faults';
import { createOAuthServer, type EmulatedAccount } from '../core/oauth-server';
import { DAY_MS } from '../core/prng';
import {
  addDays,
  continuousHeartRate,
  dailyActivity,
  exerciseOn,
  localMidnight,
  nightlyRecharge,
  sleepNight,
} from './polar-data';
import { createPolarWebhooks } from './polar-webhooks';

/**
 * Polar AccessLink v3 emulator. Shapes and rules from https://www.polar.com/accesslink-api/ — sections
 * "Authentication" (flow.polar.com `/oauth2/authorization`, polarremote.com `/v2/oauth2/token` with Basic
 * client auth, `x_user_id`, no refresh token), "Users" (`POST /v3/users` with `member-id`, 409 when already
 * registered, `DELETE /v3/users/{user-id}` revokes the token; data needs a registered user — this emulator
 * answers 403 otherwise), "Sleep" (`/v3/users/sleep[/{date}]`, last 28 days, `hypnogram` and
 * `heart_rate_samples` keyed by local `HH:MM`), "Nightly Recharge" (`/v3/users/nightly-recharge[/{date}]`),
 * "Continuous heart rate" (`/v3/users/continuous-heart-rate/{date}`, local `sample_time`), "Daily activity"
 * (`/v3/users/activities?from&to&steps`, at most 28 days per request, local times), "Exercises"
 * (`/v3/exercises`, last 30 days, `start_time` local + `start_time_utc_offset` minutes, ISO 8601 `duration`,
 * `samples` by `sample-type`), "Webhooks" (see polar-webhooks.ts) and "Rate limiting" (429 with
 * `RateLimit-Usage`/`RateLimit-Limit`/`RateLimit-Reset`). Both hosts are served from one origin: the auth
 * base URL carries the authorize page and the token endpoint.
 */

const SCOPE = 'accesslink.read_all';

/** Polar user ids are integers; derive one from the emulated account. */
export function polarUserIdFor(account: EmulatedAccount): number {
  return Number.parseInt(account.id.slice(0, 7), 16) + 1_000_000;
}

interface Registration {
  account: EmulatedAccount;
  memberId: string;
  registeredAt: string;
}

export function createPolarEmulator(options: EmulatorOptions = {}): ProviderEmulator {
  let now = options.now ?? (() => new Date());
  const historyDays = options.historyDays ?? 400;
  const faults = createFaults();
  const client = {
    clientId: options.clientId ?? 'polar-dev-client',
    clientSecret: options.clientSecret ?? 'polar-dev-secret',
  };
  const secret = createHash('sha256').update(`polar-webhook:${client.clientId}`).digest('hex').slice(0, 32);
  const oauth = createOAuthServer({
    providerName: 'Polar Flow',
    clients: [client],
    scopes: [SCOPE],
    pkce: 'optional',
    clientAuth: 'basic',
    paths: { authorize: '/oauth2/authorization', token: '/v2/oauth2/token' },
    rotateRefreshToken: false,
    accessTokenTtlSeconds: 315_359_999,
    tokenResponseExtra: (account) => ({ x_user_id: polarUserIdFor(account) }),
    // Polar's token answer has neither a refresh token nor a scope.
    wrapTokenResponse: ({ refresh_token: _r, scope: _s, ...rest }) => ({ ...rest, token_type: 'bearer' }),
    faults,
    now: () => now(),
  });
  const registrations = new Map<number, Registration>();
  let origin = '';
  const webhooks = createPolarWebhooks({
    secret,
    now: () => now(),
    checkClient: (authorization) => {
      const basic = /^Basic (.+)$/i.exec(authorization ?? '')?.[1];
      if (!basic) return false;
      const [id, pass] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
      return id === client.clientId && pass === client.clientSecret;
    },
  });

  const app = express();
  app.disable('x-powered-by');
  // The notification URLs point back at this origin (known once a request arrives).
  app.use((req, _res, next) => {
    origin ||= `${req.protocol}://${req.get('host') ?? ''}`;
    next();
  });
  app.use(faultRoutes(faults));
  app.use(oauth.router);
  const rateLimitHeaders = (retryAfter: number) => ({
    'RateLimit-Usage': '501, 1200',
    'RateLimit-Limit': '500, 5000',
    'RateLimit-Reset': String(retryAfter),
  });
  app.use('/v3', dataFaults(faults, { rateLimitHeaders }));
  app.use(webhooks.router);

  const polarUser = (res: Response) => polarUserIdFor(oauth.grantOf(res).account);
  const userUrl = (res: Response) => `https://www.polaraccesslink.com/v3/users/${polarUser(res)}`;
  const nowMs = () => now().getTime();
  const today = () => new Date(nowMs() + 7200_000).toISOString().slice(0, 10);
  const inHistory = (date: string) =>
    localMidnight(date) >= nowMs() - historyDays * DAY_MS && date <= today();
  const recentDates = (days: number) =>
    Array.from({ length: days }, (_, i) => addDays(today(), -i)).reverse();
  const seedOf = (res: Response) => oauth.grantOf(res).account.id;

  function registered(req: Request, res: Response, next: NextFunction) {
    if (!registrations.has(polarUser(res))) {
      res
        .status(403)
        .json({ error: 'forbidden', message: 'User is not registered to the partner (POST /v3/users).' });
      return;
    }
    next();
  }
  const isDate = (d: string | undefined): d is string =>
    typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d);

  const data = express.Router();
  // Declared before `/v3/users/:userId` so `sleep`, `activities`... are not taken for a user id.
  const guard = [oauth.requireToken, registered];
  const nightsUntilNow = (res: Response) =>
    recentDates(28)
      .map((d) => sleepNight(seedOf(res), userUrl(res), d))
      .filter((n) => Date.parse(n.sleep_end_time) <= nowMs());
  data.get('/v3/users/sleep', ...guard, (_req, res) => {
    res.json({ nights: nightsUntilNow(res) });
  });
  data.get('/v3/users/sleep/:date', ...guard, (req, res) => {
    const night = nightsUntilNow(res).find((n) => n.date === req.params.date);
    if (!night) res.status(204).end();
    else res.json(night);
  });
  const rechargesUntilNow = (res: Response) =>
    nightsUntilNow(res).map((n) => nightlyRecharge(seedOf(res), userUrl(res), n.date));
  data.get('/v3/users/nightly-recharge', ...guard, (_req, res) => {
    res.json({ recharges: rechargesUntilNow(res) });
  });
  data.get('/v3/users/nightly-recharge/:date', ...guard, (req, res) => {
    const recharge = rechargesUntilNow(res).find((r) => r.date === req.params.date);
    if (!recharge) res.status(204).end();
    else res.json(recharge);
  });
  data.get('/v3/users/continuous-heart-rate/:date', ...guard, (req, res) => {
    const date = String(req.params.date);
    if (!isDate(date)) {
      res.status(400).json({ error: 'bad_request', message: 'date must be YYYY-MM-DD' });
      return;
    }
    if (!inHistory(date)) {
      res.status(204).end();
      return;
    }
    res.json(continuousHeartRate(seedOf(res), userUrl(res), date, nowMs()));
  });
  data.get('/v3/users/activities', ...guard, (req, res) => {
    const from = req.query.from as string | undefined;
    const to = req.query.to as string | undefined;
    if (!isDate(from) || !isDate(to) || to < from || Date.parse(to) - Date.parse(from) > 27 * DAY_MS) {
      res
        .status(400)
        .json({ error: 'bad_request', message: 'from and to (YYYY-MM-DD) span at most 28 days' });
      return;
    }
    const days = [];
    for (let d = from; d <= to; d = addDays(d, 1))
      if (inHistory(d)) days.push(dailyActivity(seedOf(res), d, nowMs()));
    res.json(days);
  });
  data.get('/v3/users/activities/:date', ...guard, (req, res) => {
    const date = String(req.params.date);
    if (!isDate(date) || !inHistory(date)) res.status(204).end();
    else res.json(dailyActivity(seedOf(res), date, nowMs()));
  });
  const exercisesUntilNow = (res: Response, withSamples: boolean) =>
    recentDates(30).flatMap((d) => {
      const ex = exerciseOn(seedOf(res), userUrl(res), d, withSamples);
      return ex && ex.endMs <= nowMs() ? [ex.exercise] : [];
    });
  data.get('/v3/exercises', ...guard, (req, res) => {
    res.json(exercisesUntilNow(res, req.query.samples === 'true'));
  });
  data.get('/v3/exercises/:id', ...guard, (req, res) => {
    const ex = exercisesUntilNow(res, req.query.samples === 'true').find((e) => e.id === req.params.id);
    if (!ex) res.status(404).json({ error: 'not_found' });
    else res.json(ex);
  });
  app.use(data);

  app.post('/v3/users', oauth.requireToken, express.json(), (req, res) => {
    const memberId = (req.body as Record<string, unknown> | undefined)?.['member-id'];
    if (typeof memberId !== 'string' || memberId === '') {
      res.status(400).json({ error: 'bad_request', message: 'member-id is required' });
      return;
    }
    const id = polarUser(res);
    if (registrations.has(id)) {
      res.status(409).json({ error: 'conflict', message: 'User already registered to partner.' });
      return;
    }
    const reg = { account: oauth.grantOf(res).account, memberId, registeredAt: now().toISOString() };
    registrations.set(id, reg);
    res.json(userInfo(id, reg));
  });
  app.get('/v3/users/:userId', oauth.requireToken, registered, (req, res) => {
    const id = Number(req.params.userId);
    const reg = registrations.get(id);
    if (id !== polarUser(res) || !reg) {
      res.status(403).json({ error: 'forbidden' });
      return;
    }
    res.json(userInfo(id, reg));
  });
  app.delete('/v3/users/:userId', oauth.requireToken, (req, res) => {
    const id = Number(req.params.userId);
    if (id !== polarUser(res) || !registrations.has(id)) {
      res.status(404).json({ error: 'not_found' });
      return;
    }
    registrations.delete(id);
    oauth.revokeAccount(oauth.grantOf(res).account.id);
    res.status(204).end();
  });

  function userInfo(id: number, reg: Registration) {
    return {
      'polar-user-id': id,
      'member-id': reg.memberId,
      'registration-date': reg.registeredAt,
      'first-name': reg.account.username,
      'last-name': 'Emulated',
      birthdate: '1988-04-12',
      gender: 'FEMALE',
      weight: 64,
      height: 170,
      'extra-info': [],
    };
  }

  return {
    slug: 'polar',
    app,
    faults,
    oauth,
    client: { ...client, details: { webhook_secret: secret } },
    basePaths: { api: '', auth: '' },
    /**
     * Sends a signed event as Polar would. `accountId` is the Polar user id (or the emulated account id);
     * `what` = `{event: 'SLEEP'|'NIGHTLY_RECHARGE'|'CONTINUOUS_HEART_RATE'|'ACTIVITY_SUMMARY'|'EXERCISE', date?, entity_id?}`.
     */
    async notify(target, accountId, what = {}) {
      const reg = [...registrations.entries()].find(
        ([id, r]) => String(id) === accountId || r.account.id === accountId,
      );
      const userId = reg ? reg[0] : Number(accountId);
      const event = typeof what.event === 'string' ? what.event : 'SLEEP';
      const date = typeof what.date === 'string' ? what.date : today();
      const entityId = typeof what.entity_id === 'string' ? what.entity_id : date;
      const paths: Record<string, string> = {
        SLEEP: `/v3/users/sleep/${date}`,
        NIGHTLY_RECHARGE: `/v3/users/nightly-recharge/${date}`,
        CONTINUOUS_HEART_RATE: `/v3/users/continuous-heart-rate/${date}`,
        ACTIVITY_SUMMARY: `/v3/users/activities/${date}`,
        EXERCISE: `/v3/exercises/${entityId}`,
      };
      return webhooks.send(target, {
        event,
        user_id: userId,
        entity_id: entityId,
        timestamp: now().toISOString(),
        url: `${origin}${paths[event] ?? '/v3/users'}`,
      });
    },
    setNow(next) {
      now = next;
    },
  };
}
