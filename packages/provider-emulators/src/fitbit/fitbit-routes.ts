import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { OAuthServer } from '../core/oauth-server';
import { addDays, formatLocal, localDate, zoneOffsetSeconds } from '../core/zone-time';
import {
  fitbitExercise,
  fitbitMinutes,
  fitbitProfile,
  fitbitSleep,
  fitbitWeighIn,
  fitbitZoneOf,
  type FitbitExerciseLog,
  type FitbitSleepLog,
} from './fitbit-data';

/**
 * Fitbit Web API data routes: profile, intraday heart rate and activity (`1d/1min`), the daily activity
 * summary, the sleep log list (1.2) and exercise log list with `pagination.next` links, weight logs by
 * date range. Everything is in the user's profile time zone, in metric units (no Accept-Language).
 */

export interface FitbitRouteOptions {
  oauth: OAuthServer;
  now: () => Date;
  historyDays: number;
}

const DAY_MS = 86_400_000;
const isDate = (v: string | undefined): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

export function fitbitError(res: Response, status: number, errorType: string, message: string) {
  res.status(status).json({ errors: [{ errorType, fieldName: undefined, message }], success: false });
}

export function fitbitRoutes(opts: FitbitRouteOptions): Router {
  const router = express.Router();
  const { oauth } = opts;
  const nowMs = () => opts.now().getTime();

  /** `-` or the token's own user; Fitbit answers 403 for anybody else's data. */
  function owner(req: Request, res: Response, next: NextFunction) {
    const id = req.params.userId;
    if (id !== '-' && id !== oauth.grantOf(res).account.id) {
      fitbitError(res, 403, 'insufficient_permissions', 'Access to the requested user is not allowed.');
      return;
    }
    next();
  }

  function scope(name: string) {
    return (_req: Request, res: Response, next: NextFunction) => {
      if (!oauth.grantOf(res).scopes.includes(name)) {
        fitbitError(
          res,
          403,
          'insufficient_scope',
          `This application does not have permission to access ${name} data.`,
        );
        return;
      }
      next();
    };
  }

  const account = (res: Response) => oauth.grantOf(res).account;
  const zoneOf = (res: Response) => fitbitZoneOf(account(res).id);
  const firstDate = (res: Response) => localDate(zoneOf(res), nowMs() - opts.historyDays * DAY_MS);
  const today = (res: Response) => localDate(zoneOf(res), nowMs());

  router.get('/1/user/:userId/profile.json', oauth.requireToken, owner, scope('profile'), (_req, res) => {
    const a = account(res);
    res.json({
      user: fitbitProfile(a.id, a.username, nowMs(), zoneOffsetSeconds(fitbitZoneOf(a.id), nowMs())),
    });
  });

  /** Minutes of a date already recorded (a whole minute before the emulator's now) and within history. */
  function minutesOf(res: Response, date: string) {
    if (date < firstDate(res) || date > today(res)) return [];
    return fitbitMinutes(account(res).id, date).filter((m) => m.atMs + 60_000 <= nowMs());
  }

  function intradayFile(req: Request, res: Response): boolean {
    if (!isDate(req.params.date as string | undefined)) {
      fitbitError(res, 400, 'validation', `Invalid date: ${String(req.params.date)}`);
      return false;
    }
    if (req.params.file !== '1min.json') {
      fitbitError(res, 400, 'validation', 'Only the 1min detail level is emulated.');
      return false;
    }
    return true;
  }

  router.get(
    '/1/user/:userId/activities/heart/date/:date/1d/:file',
    oauth.requireToken,
    owner,
    scope('heartrate'),
    (req, res) => {
      if (!intradayFile(req, res)) return;
      const date = req.params.date as string;
      const zone = zoneOf(res);
      const minutes = minutesOf(res, date).filter((m) => m.heart !== null);
      const resting = minutes.length > 0 ? Math.min(...minutes.map((m) => m.heart ?? 999)) + 6 : null;
      res.json({
        'activities-heart': [
          {
            dateTime: date,
            value: {
              customHeartRateZones: [],
              heartRateZones: [
                {
                  caloriesOut: 1500.2,
                  max: 115,
                  min: 30,
                  minutes: minutes.filter((m) => (m.heart ?? 0) < 115).length,
                  name: 'Out of Range',
                },
                {
                  caloriesOut: 210.5,
                  max: 139,
                  min: 115,
                  minutes: minutes.filter((m) => (m.heart ?? 0) >= 115 && (m.heart ?? 0) < 139).length,
                  name: 'Fat Burn',
                },
                {
                  caloriesOut: 120.1,
                  max: 168,
                  min: 139,
                  minutes: minutes.filter((m) => (m.heart ?? 0) >= 139 && (m.heart ?? 0) < 168).length,
                  name: 'Cardio',
                },
                {
                  caloriesOut: 0,
                  max: 220,
                  min: 168,
                  minutes: minutes.filter((m) => (m.heart ?? 0) >= 168).length,
                  name: 'Peak',
                },
              ],
              ...(resting !== null ? { restingHeartRate: resting } : {}),
            },
          },
        ],
        'activities-heart-intraday': {
          dataset: minutes.map((m) => ({
            time: formatLocal(zone, m.atMs, false).slice(11, 19),
            value: m.heart,
          })),
          datasetInterval: 1,
          datasetType: 'minute',
        },
      });
    },
  );

  router.get(
    '/1/user/:userId/activities/:resource/date/:date/1d/:file',
    oauth.requireToken,
    owner,
    scope('activity'),
    (req, res) => {
      const resource = req.params.resource as string;
      if (!['steps', 'distance', 'calories'].includes(resource)) {
        fitbitError(res, 400, 'validation', `Unsupported resource path: ${resource}`);
        return;
      }
      if (!intradayFile(req, res)) return;
      const date = req.params.date as string;
      const zone = zoneOf(res);
      const minutes = minutesOf(res, date);
      const time = (ms: number) => formatLocal(zone, ms, false).slice(11, 19);
      const dataset =
        resource === 'calories'
          ? minutes.map((m) => ({ level: m.level, mets: m.mets, time: time(m.atMs), value: m.calories }))
          : minutes.map((m) => ({
              time: time(m.atMs),
              value: resource === 'steps' ? m.steps : m.distanceKm,
            }));
      const total = dataset.reduce((sum, d) => sum + d.value, 0);
      res.json({
        [`activities-${resource}`]: [
          { dateTime: date, value: String(resource === 'steps' ? total : Math.round(total * 1000) / 1000) },
        ],
        [`activities-${resource}-intraday`]: { dataset, datasetInterval: 1, datasetType: 'minute' },
      });
    },
  );

  router.get(
    '/1/user/:userId/activities/date/:file',
    oauth.requireToken,
    owner,
    scope('activity'),
    (req, res) => {
      const date = (req.params.file as string).replace(/\.json$/, '');
      if (!isDate(date)) {
        fitbitError(res, 400, 'validation', `Invalid date: ${String(req.params.file)}`);
        return;
      }
      const minutes = minutesOf(res, date);
      const active = minutes.filter((m) => m.level > 0);
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      const exercise = fitbitExercise(account(res).id, date);
      const distance = Math.round(sum(minutes.map((m) => m.distanceKm)) * 1000) / 1000;
      const hearts = minutes.map((m) => m.heart).filter((h): h is number => h !== null);
      res.json({
        activities: exercise && exercise.endMs <= nowMs() ? [publicExercise(exercise)] : [],
        goals: { activeMinutes: 30, caloriesOut: 2600, distance: 8.05, floors: 10, steps: 10000 },
        summary: {
          activeScore: -1,
          activityCalories: Math.round(sum(active.map((m) => m.calories - 1.1))),
          caloriesBMR: minutes.length > 0 ? Math.round(1.1 * 1440) : 0,
          caloriesOut: Math.round(sum(minutes.map((m) => m.calories))),
          distances: [
            { activity: 'total', distance },
            { activity: 'tracker', distance },
          ],
          fairlyActiveMinutes: minutes.filter((m) => m.level === 2).length,
          lightlyActiveMinutes: minutes.filter((m) => m.level === 1).length,
          marginalCalories: Math.round(sum(active.map((m) => m.calories - 1.1)) * 0.6),
          ...(hearts.length > 0 ? { restingHeartRate: Math.min(...hearts) + 6 } : {}),
          sedentaryMinutes: minutes.filter((m) => m.level === 0).length,
          steps: sum(minutes.map((m) => m.steps)),
          veryActiveMinutes: minutes.filter((m) => m.level === 3).length,
        },
      });
    },
  );

  /** Fitbit's list endpoints: afterDate+asc or beforeDate+desc, limit ≤ 100, `pagination.next` links. */
  function listWindow(req: Request, res: Response) {
    const q = req.query as Record<string, string | undefined>;
    const limit = Number(q.limit);
    const offset = Number(q.offset ?? '0');
    if (!q.afterDate === !q.beforeDate) {
      fitbitError(res, 400, 'validation', 'Either beforeDate or afterDate must be specified.');
      return null;
    }
    if (q.afterDate && q.sort !== 'asc') {
      fitbitError(res, 400, 'validation', 'Sort must be asc with afterDate.');
      return null;
    }
    if (q.beforeDate && q.sort !== 'desc') {
      fitbitError(res, 400, 'validation', 'Sort must be desc with beforeDate.');
      return null;
    }
    if (!Number.isInteger(limit) || limit < 1 || limit > 100 || !Number.isInteger(offset) || offset < 0) {
      fitbitError(
        res,
        400,
        'validation',
        'limit must be between 1 and 100; offset must be a non-negative integer.',
      );
      return null;
    }
    const bound = (q.afterDate ?? q.beforeDate) as string;
    if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/.test(bound)) {
      fitbitError(res, 400, 'validation', `Invalid date: ${bound}`);
      return null;
    }
    return {
      after: q.afterDate ?? null,
      before: q.beforeDate ?? null,
      limit,
      offset,
      sort: q.sort as 'asc' | 'desc',
    };
  }

  function listed<T extends { startTime: string }>(
    req: Request,
    res: Response,
    key: string,
    build: (accountId: string, date: string) => (T & { endMs: number }) | null,
    view: (x: T) => unknown,
  ) {
    const w = listWindow(req, res);
    if (!w) return;
    const id = account(res).id;
    const first = firstDate(res);
    const last = today(res);
    const wanted = w.offset + w.limit + 1;
    const found: T[] = [];
    const keep = (x: (T & { endMs: number }) | null) => {
      if (!x || x.endMs > nowMs()) return;
      const start = x.startTime.slice(0, 19);
      if (w.after !== null && start > w.after) found.push(x);
      if (w.before !== null && start < w.before) found.push(x);
    };
    if (w.after !== null) {
      for (
        let d = w.after.slice(0, 10) > first ? w.after.slice(0, 10) : first;
        d <= addDays(last, 1) && found.length < wanted;
        d = addDays(d, 1)
      )
        keep(build(id, d));
    } else {
      for (let d = (w.before as string).slice(0, 10); d >= first && found.length < wanted; d = addDays(d, -1))
        keep(build(id, d));
    }
    const pageItems = found.slice(w.offset, w.offset + w.limit);
    const link = (offset: number) => {
      const url = new URL(`${req.protocol}://${req.get('host')}${req.baseUrl}${req.path}`);
      if (w.after !== null) url.searchParams.set('afterDate', w.after);
      if (w.before !== null) url.searchParams.set('beforeDate', w.before);
      url.searchParams.set('sort', w.sort);
      url.searchParams.set('limit', String(w.limit));
      url.searchParams.set('offset', String(offset));
      return url.toString();
    };
    res.json({
      [key]: pageItems.map(view),
      pagination: {
        ...(w.after !== null ? { afterDate: w.after } : { beforeDate: w.before }),
        limit: w.limit,
        next: found.length > w.offset + w.limit ? link(w.offset + w.limit) : '',
        offset: w.offset,
        previous: w.offset > 0 ? link(Math.max(0, w.offset - w.limit)) : '',
        sort: w.sort,
      },
    });
  }

  router.get('/1.2/user/:userId/sleep/list.json', oauth.requireToken, owner, scope('sleep'), (req, res) => {
    listed<FitbitSleepLog>(req, res, 'sleep', fitbitSleep, publicSleep);
  });

  router.get(
    '/1/user/:userId/activities/list.json',
    oauth.requireToken,
    owner,
    scope('activity'),
    (req, res) => {
      listed<FitbitExerciseLog>(req, res, 'activities', fitbitExercise, publicExercise);
    },
  );

  router.get(
    '/1/user/:userId/body/log/weight/date/:start/:file',
    oauth.requireToken,
    owner,
    scope('weight'),
    (req, res) => {
      const start = req.params.start as string;
      const end = (req.params.file as string).replace(/\.json$/, '');
      if (!isDate(start) || !isDate(end) || end < start) {
        fitbitError(res, 400, 'validation', 'Invalid date range.');
        return;
      }
      if (Date.parse(end) - Date.parse(start) > 30 * DAY_MS) {
        fitbitError(res, 400, 'validation', 'The date range may not exceed 31 days.');
        return;
      }
      const a = account(res);
      const profile = fitbitProfile(a.id, a.username, nowMs(), 0);
      const logs = [];
      for (let d = start > firstDate(res) ? start : firstDate(res); d <= end; d = addDays(d, 1)) {
        const log = fitbitWeighIn(a.id, d, profile.height, profile.weight);
        if (log && log.atMs <= nowMs()) {
          const { atMs: _atMs, ...body } = log;
          logs.push(body);
        }
      }
      res.json({ weight: logs });
    },
  );

  return router;
}

function publicSleep(s: FitbitSleepLog) {
  const { startMs: _s, endMs: _e, ...body } = s;
  return body;
}

function publicExercise(e: FitbitExerciseLog) {
  const { startMs: _s, endMs: _e, ...body } = e;
  return body;
}
