import express, { type NextFunction, type Request, type Response } from 'express';
import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';
import { createFaults, dataFaults, faultRoutes } from '../core/faults';
import { createOAuthServer, type EmulatedAccount } from '../core/oauth-server';
import { DAY_MS } from '../core/prng';
import {
  activitiesBetween,
  activityById,
  streamsOf,
  stravaAthlete,
  summaryActivity,
  type StravaAthlete,
} from './strava-data';

/**
 * Strava API v3 emulator. Shapes and rules from developers.strava.com:
 * - docs/authentication: `GET /oauth/authorize` (comma-separated scopes, `approval_prompt`), `POST /oauth/token`
 *   with client_id/client_secret in the body, answering `expires_at`, `expires_in`, `refresh_token`,
 *   `access_token` and the `athlete` summary; a refresh may return a new refresh token and the older one then
 *   stops working; `POST /oauth/deauthorize` with `access_token` revokes. Access tokens live 6 hours.
 *   (The core token endpoint also adds `athlete` and `scope` to refresh answers; Strava sends neither there.)
 * - docs/reference (getLoggedInAthleteActivities, getActivityStreams, getLoggedInAthlete): `GET
 *   /api/v3/athlete/activities?before&after&page&per_page` (epoch seconds; page numbers, per_page ≤ 200;
 *   "Only Me" activities listed only with activity:read_all), SummaryActivity fields (`start_date` UTC,
 *   `start_date_local` local time written with a `Z`, `timezone` as "(GMT-08:00) America/Los_Angeles",
 *   `utc_offset`), `GET /api/v3/activities/{id}/streams?keys=…&key_by_type=true` → StreamSet keyed by type
 *   `{data, series_type, original_size, resolution}`.
 * - docs/rate-limits: per-application limits per 15 minutes (reset at :00/:15/:30/:45) and per day (reset
 *   at midnight UTC), reported as `X-RateLimit-Limit` / `X-RateLimit-Usage` ("15-min,daily"); 429 beyond.
 * - docs/webhooks: `POST /api/v3/push_subscriptions` validates the callback with a GET carrying
 *   `hub.mode=subscribe`, `hub.challenge`, `hub.verify_token` and expects `{"hub.challenge": …}`; events are
 *   POSTed as `{object_type, object_id, aspect_type, owner_id, subscription_id, event_time, updates}`, an
 *   athlete deauthorization as an athlete update with `updates.authorized = "false"`. Events are unsigned.
 */

export interface StravaEmulator extends ProviderEmulator {
  /** The application's limits (15-minute, daily); Strava's default is 100 / 1,000 read requests. */
  setRateLimits(shortTerm: number, daily: number): void;
}

const SCOPES = [
  'read',
  'read_all',
  'profile:read_all',
  'profile:write',
  'activity:read',
  'activity:read_all',
  'activity:write',
];
const STREAM_TYPES = [
  'time',
  'latlng',
  'distance',
  'altitude',
  'velocity_smooth',
  'heartrate',
  'cadence',
  'watts',
  'temp',
  'moving',
  'grade_smooth',
];
const QUARTER_MS = 15 * 60_000;

export function createStravaEmulator(options: EmulatorOptions = {}): StravaEmulator {
  let now = options.now ?? (() => new Date());
  const historyDays = options.historyDays ?? 400;
  const verifyToken = 'strava-dev-verify-token';
  const client = {
    clientId: options.clientId ?? '41000',
    clientSecret: options.clientSecret ?? 'strava-dev-secret',
    details: { verify_token: verifyToken },
  };
  const faults = createFaults();
  const athletes = new Map<string, StravaAthlete>();
  const athleteOf = (account: EmulatedAccount) => {
    let a = athletes.get(account.id);
    if (!a) athletes.set(account.id, (a = stravaAthlete(account.id, account.username)));
    return a;
  };
  const accessTtl = 6 * 3600;
  const oauth = createOAuthServer({
    providerName: 'Strava',
    clients: [client],
    scopes: SCOPES,
    scopeSeparator: ',',
    pkce: 'optional',
    clientAuth: 'body',
    paths: { authorize: '/oauth/authorize', token: '/oauth/token', revoke: '/oauth/deauthorize' },
    rotateRefreshToken: true,
    // "Once a new refresh token code has been returned, the older code will no longer work" (the core's
    // grace end is inclusive, so a tiny negative grace makes the old one die at once).
    refreshGraceSeconds: -0.001,
    accessTokenTtlSeconds: accessTtl,
    tokenResponseExtra: (account) => ({
      expires_at: Math.floor(now().getTime() / 1000) + accessTtl,
      athlete: athleteSummary(athleteOf(account)),
    }),
    faults,
    now: () => now(),
  });

  const limits = { shortTerm: 100, daily: 1000 };
  const usage = { quarter: -1, short: 0, day: -1, daily: 0 };
  const rateHeaders = () => ({
    'x-ratelimit-limit': `${limits.shortTerm},${limits.daily}`,
    'x-ratelimit-usage': `${usage.short},${usage.daily}`,
  });

  /** Counts the request against the application's limits; 429 (no Retry-After, as Strava) beyond them. */
  function rateLimit(_req: Request, res: Response, next: NextFunction) {
    const t = now().getTime();
    const quarter = Math.floor(t / QUARTER_MS);
    const day = Math.floor(t / DAY_MS);
    if (quarter !== usage.quarter) Object.assign(usage, { quarter, short: 0 });
    if (day !== usage.day) Object.assign(usage, { day, daily: 0 });
    const exceeded = usage.short >= limits.shortTerm || usage.daily >= limits.daily;
    // Requests over the short-term limit still count toward the daily one.
    usage.daily += 1;
    if (!exceeded) usage.short += 1;
    res.set(rateHeaders());
    if (exceeded) {
      res.status(429).json({
        message: 'Rate Limit Exceeded',
        errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
      });
      return;
    }
    next();
  }

  function requireScope(res: Response, anyOf: string[], field: string): boolean {
    if (oauth.grantOf(res).scopes.some((s) => anyOf.includes(s))) return true;
    res.status(401).json({
      message: 'Authorization Error',
      errors: [{ resource: 'AccessToken', field, code: 'missing' }],
    });
    return false;
  }

  const historyStartMs = () => now().getTime() - historyDays * DAY_MS;

  const api = express.Router();
  api.get('/athlete', (_req, res) => {
    const athlete = athleteOf(oauth.grantOf(res).account);
    const detailed = oauth.grantOf(res).scopes.includes('profile:read_all');
    res.json({
      ...athleteSummary(athlete),
      resource_state: detailed ? 3 : 2,
      ...(detailed ? { weight: athlete.weight } : {}),
    });
  });
  api.get('/athlete/activities', (req, res) => {
    if (!requireScope(res, ['activity:read', 'activity:read_all'], 'activity:read_permission')) return;
    const q = req.query as Record<string, string | undefined>;
    const num = (v: string | undefined, dflt: number) => (v === undefined || v === '' ? dflt : Number(v));
    const before = num(q.before, Number.POSITIVE_INFINITY);
    const after = num(q.after, Number.NEGATIVE_INFINITY);
    const page = num(q.page, 1);
    const perPage = num(q.per_page, 30);
    if (
      ![before, after, page, perPage].every((v) => !Number.isNaN(v)) ||
      page < 1 ||
      perPage < 1 ||
      perPage > 200
    ) {
      res.status(400).json({
        message: 'Bad Request',
        errors: [{ resource: 'Activity', field: 'per_page', code: 'invalid' }],
      });
      return;
    }
    const grant = oauth.grantOf(res);
    const athlete = athleteOf(grant.account);
    const nowMs = now().getTime();
    const afterMs = Number.isFinite(after) ? after * 1000 : historyStartMs();
    const beforeMs = Number.isFinite(before) ? before * 1000 : nowMs + 1;
    let list = activitiesBetween(athlete, afterMs, beforeMs, nowMs, historyStartMs());
    if (!grant.scopes.includes('activity:read_all')) list = list.filter((a) => !a.private);
    // Strava lists newest first, but oldest first when only `after` is given.
    if (!(q.after !== undefined && q.before === undefined)) list.reverse();
    res.json(list.slice((page - 1) * perPage, page * perPage).map((a) => summaryActivity(athlete, a)));
  });
  api.get('/activities/:id', (req, res) => {
    if (!requireScope(res, ['activity:read', 'activity:read_all'], 'activity:read_permission')) return;
    const found = visibleActivity(req, res);
    if (!found) return;
    const summary = summaryActivity(found.athlete, found.activity);
    res.json({
      ...summary,
      resource_state: 3,
      description: null,
      calories: Math.round(Number(summary.moving_time) * 0.17),
      device_name: 'Garmin Forerunner 265',
    });
  });
  api.get('/activities/:id/streams', (req, res) => {
    if (!requireScope(res, ['activity:read', 'activity:read_all'], 'activity:read_permission')) return;
    const found = visibleActivity(req, res);
    if (!found) return;
    if (found.activity.manual) return notFound(res);
    const q = req.query as Record<string, string | undefined>;
    const keys = (q.keys ?? '').split(',').filter((k) => STREAM_TYPES.includes(k));
    const streams = streamsOf(found.athlete, found.activity) as unknown as Record<
      string,
      unknown[] | undefined
    >;
    // Strava always adds the series the others are indexed by (distance, else time).
    const wanted = [...new Set([...keys, streams.distance ? 'distance' : 'time'])];
    const series = wanted
      .filter((k) => streams[k] !== undefined)
      .map((k) => ({
        type: k,
        data: streams[k]!,
        series_type: 'distance',
        original_size: streams[k]!.length,
        resolution: 'high',
      }));
    if (q.key_by_type === 'true')
      res.json(Object.fromEntries(series.map(({ type, ...rest }) => [type, rest])));
    else res.json(series);
  });

  function notFound(res: Response) {
    res.status(404).json({
      message: 'Record Not Found',
      errors: [{ resource: 'Activity', field: 'id', code: 'invalid' }],
    });
  }

  function visibleActivity(req: Request, res: Response) {
    const grant = oauth.grantOf(res);
    const athlete = athleteOf(grant.account);
    const activity = activityById(athlete, Number(req.params.id), now().getTime());
    if (!activity || (activity.private && !grant.scopes.includes('activity:read_all'))) {
      notFound(res);
      return null;
    }
    return { athlete, activity };
  }

  const subscriptions = new Map<number, { id: number; callback_url: string; verify_token: string }>();
  const clientOk = (b: Record<string, string | undefined>) =>
    b.client_id === client.clientId && b.client_secret === client.clientSecret;
  const subs = express.Router();
  subs.post('/push_subscriptions', express.urlencoded({ extended: false }), async (req, res) => {
    const b = (req.body ?? {}) as Record<string, string | undefined>;
    if (!clientOk(b)) {
      res.status(401).json({
        message: 'Authorization Error',
        errors: [{ resource: 'Application', field: 'client_id', code: 'invalid' }],
      });
      return;
    }
    if (subscriptions.size > 0) {
      res.status(400).json({
        message: 'Bad Request',
        errors: [{ resource: 'PushSubscription', field: 'callback_url', code: 'already exists' }],
      });
      return;
    }
    const challenge = `ch${Math.floor(Math.random() * 1e12).toString(16)}`;
    const url = new URL(b.callback_url ?? '');
    url.searchParams.set('hub.verify_token', b.verify_token ?? '');
    url.searchParams.set('hub.challenge', challenge);
    url.searchParams.set('hub.mode', 'subscribe');
    const verified = await fetch(url, { signal: AbortSignal.timeout(2000) })
      .then(
        async (r) =>
          r.status === 200 && ((await r.json()) as Record<string, unknown>)['hub.challenge'] === challenge,
      )
      .catch(() => false);
    if (!verified) {
      res.status(400).json({
        message: 'Bad Request',
        errors: [{ resource: 'PushSubscription', field: 'callback url', code: 'not verifiable' }],
      });
      return;
    }
    const id = 120_000 + subscriptions.size + 1;
    subscriptions.set(id, { id, callback_url: b.callback_url!, verify_token: b.verify_token ?? '' });
    res.status(201).json({ id });
  });
  subs.get('/push_subscriptions', (req, res) => {
    if (!clientOk(req.query as Record<string, string | undefined>))
      return void res.status(401).json({ message: 'Authorization Error' });
    res.json(
      [...subscriptions.values()].map((s) => ({
        id: s.id,
        resource_state: 2,
        application_id: Number(client.clientId) || 1,
        callback_url: s.callback_url,
      })),
    );
  });

  const app = express();
  app.disable('x-powered-by');
  app.use(faultRoutes(faults));
  app.put('/__emulator/rate-limits', express.json(), (req, res) => {
    const b = (req.body ?? {}) as { shortTerm?: number; daily?: number };
    if (typeof b.shortTerm === 'number') limits.shortTerm = b.shortTerm;
    if (typeof b.daily === 'number') limits.daily = b.daily;
    res.json(limits);
  });
  app.use(oauth.router);
  app.use('/api/v3', subs);
  app.use(
    '/api/v3',
    dataFaults(faults, {
      rateLimitHeaders: () => ({
        ...rateHeaders(),
        'x-ratelimit-usage': `${limits.shortTerm},${usage.daily}`,
      }),
    }),
    rateLimit,
    oauth.requireToken,
    api,
  );

  function resolveAthlete(accountId: string): StravaAthlete {
    for (const a of athletes.values()) if (String(a.id) === accountId) return a;
    return athleteOf(oauth.accountFor(accountId));
  }

  return {
    slug: 'strava',
    app,
    faults,
    oauth,
    client,
    basePaths: { api: '/api/v3', auth: '' },
    setNow(next) {
      now = next;
    },
    setRateLimits(shortTerm, daily) {
      Object.assign(limits, { shortTerm, daily });
    },
    /**
     * Posts an event as Strava does (unsigned JSON). `accountId` is the athlete id or the username;
     * `what` overrides fields (default: `create` of the athlete's latest activity).
     */
    async notify(target, accountId, what = {}) {
      const athlete = resolveAthlete(accountId);
      const nowMs = now().getTime();
      const latest = activitiesBetween(athlete, nowMs - 30 * DAY_MS, nowMs + 1, nowMs, historyStartMs()).at(
        -1,
      );
      const body = {
        aspect_type: 'create',
        event_time: Math.floor(nowMs / 1000),
        object_id: latest?.id ?? 0,
        object_type: 'activity',
        owner_id: athlete.id,
        subscription_id: [...subscriptions.keys()][0] ?? 120_001,
        updates: {},
        ...what,
      };
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.status;
    },
  };
}

function athleteSummary(a: StravaAthlete): Record<string, unknown> {
  return {
    id: a.id,
    username: a.username,
    resource_state: 2,
    firstname: a.firstname,
    lastname: a.lastname,
    bio: null,
    city: null,
    state: null,
    country: null,
    sex: a.sex,
    premium: false,
    summit: false,
    created_at: '2019-04-01T08:00:00Z',
    updated_at: '2026-01-01T08:00:00Z',
    badge_type_id: 0,
    weight: null,
    profile_medium: 'avatar/athlete/medium.png',
    profile: 'avatar/athlete/large.png',
    friend: null,
    follower: null,
  };
}
