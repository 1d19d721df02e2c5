import express, { type Request, type Response, type Router } from 'express';
import type { OAuthServer } from '../core/oauth-server';
import { addDays, localDate } from '../core/zone-time';
import {
  ouraActivityDayStart,
  ouraDailyActivity,
  ouraHeartRate,
  ouraHeartRateJson,
  ouraPersonalInfo,
  ouraSleep,
  ouraWorkout,
  ouraWorkoutSpan,
  ouraZoneOf,
} from './oura-data';

/** Oura's `/v2/usercollection/*` routes: scope checks, date windows and `next_token` paging. */

export interface OuraRouteOptions {
  oauth: OAuthServer;
  now: () => Date;
  historyDays: number;
  /** Documents per page of the date collections, and samples per page of heart rate. */
  pageSize: { documents: number; heartRate: number };
}

const DAY_MS = 86_400_000;
/** Oura refuses a heart-rate window longer than this. */
const HEART_RATE_MAX_DAYS = 30;

interface Cursor {
  s: string;
  e: string;
  o: number;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(token: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<Cursor>;
    return typeof c.s === 'string' && typeof c.e === 'string' && typeof c.o === 'number'
      ? (c as Cursor)
      : null;
  } catch {
    return null;
  }
}

function validationError(res: Response, loc: string, msg: string) {
  res.status(400).json({ detail: [{ loc: ['query', loc], msg, type: 'value_error' }] });
}

function needScope(oauth: OAuthServer, scope: string) {
  return (req: Request, res: Response, next: () => void) => {
    if (!oauth.grantOf(res).scopes.includes(scope)) {
      res.status(403).json({ detail: `Access to ${scope} data was not granted by the user.` });
      return;
    }
    next();
  };
}

/** A date-collection document as served: its JSON and when the provider has it. */
interface BuiltDocument {
  json: string;
  availableAt: number;
}

/** Documents kept per collection (about 6 MB of daily activity JSON at most). */
const DOCUMENT_CACHE_SIZE = 1_000;
/** Further than this from the history's ends, a day's document cannot be available. */
const AVAILABILITY_MARGIN_MS = 4 * DAY_MS;

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v);

export function ouraRoutes(opts: OuraRouteOptions): Router {
  const router = express.Router();
  const { oauth } = opts;
  const nowMs = () => opts.now().getTime();
  const firstMs = () => nowMs() - opts.historyDays * DAY_MS;

  /** The window of a date collection: from the token, else start_date/end_date (Oura's defaults otherwise). */
  function dateWindow(req: Request, res: Response): Cursor | null {
    const q = req.query as Record<string, string | undefined>;
    if (q.next_token) {
      const c = decodeCursor(q.next_token);
      if (!c) validationError(res, 'next_token', 'Invalid next_token');
      return c;
    }
    const today = new Date(nowMs()).toISOString().slice(0, 10);
    const end = q.end_date ? q.end_date.slice(0, 10) : today;
    const start = q.start_date ? q.start_date.slice(0, 10) : addDays(end, -1);
    if ((q.start_date && !isDate(q.start_date)) || (q.end_date && !isDate(q.end_date))) {
      validationError(res, 'start_date', 'Invalid date');
      return null;
    }
    if (start > end) {
      validationError(res, 'start_date', 'Start date is greater than end date');
      return null;
    }
    return { s: start, e: end, o: 0 };
  }

  /** Days of [s, e] (both included: Oura filters the documents' `day`). */
  function days(c: Cursor): string[] {
    const out: string[] = [];
    for (let d = c.s; d <= c.e && out.length < 3660; d = addDays(d, 1)) out.push(d);
    return out;
  }

  function dateCollection<T>(
    build: (accountId: string, day: string) => T | null,
    availableAt: (doc: T) => number,
  ) {
    // A document depends on its account and day only: built and serialised once, served from then on.
    const built = new Map<string, BuiltDocument | null>();
    const documentOf = (accountId: string, day: string): BuiltDocument | null => {
      const key = `${accountId}|${day}`;
      let doc = built.get(key);
      if (doc === undefined) {
        const d = build(accountId, day);
        doc = d === null ? null : { json: JSON.stringify(d), availableAt: availableAt(d) };
        if (built.size >= DOCUMENT_CACHE_SIZE) built.delete(built.keys().next().value!);
        built.set(key, doc);
      }
      return doc;
    };
    return (req: Request, res: Response) => {
      const cursor = dateWindow(req, res);
      if (!cursor) return;
      const accountId = oauth.grantOf(res).account.id;
      const docs: string[] = [];
      const earliest = firstMs() - AVAILABILITY_MARGIN_MS;
      const latest = nowMs() + AVAILABILITY_MARGIN_MS;
      for (const day of days(cursor)) {
        // A document becomes available within a day or two of its day (zones, wake-up, the 04:00 activity
        // day): a day far outside the history cannot have one, so it is not built to find that out.
        const dayMs = Date.parse(`${day}T00:00:00Z`);
        if (dayMs < earliest || dayMs > latest) continue;
        const doc = documentOf(accountId, day);
        if (doc === null) continue;
        if (doc.availableAt <= nowMs() && doc.availableAt >= firstMs()) docs.push(doc.json);
      }
      const size = opts.pageSize.documents;
      const next = cursor.o + size < docs.length ? encodeCursor({ ...cursor, o: cursor.o + size }) : null;
      // What res.json would send for { data, next_token }, from the documents' own JSON.
      res.type('application/json');
      res.send(
        `{"data":[${docs.slice(cursor.o, cursor.o + size).join(',')}],"next_token":${JSON.stringify(next)}}`,
      );
    };
  }

  router.get(
    '/v2/usercollection/personal_info',
    oauth.requireToken,
    needScope(oauth, 'personal'),
    (_req, res) => {
      const { account } = oauth.grantOf(res);
      res.json(ouraPersonalInfo(account.id, account.username));
    },
  );

  router.get(
    '/v2/usercollection/sleep',
    oauth.requireToken,
    needScope(oauth, 'daily'),
    dateCollection(ouraSleep, (s) => Date.parse(s.bedtime_end)),
  );

  router.get(
    '/v2/usercollection/daily_activity',
    oauth.requireToken,
    needScope(oauth, 'daily'),
    // A day's activity is published once its activity day (04:00 to 04:00 local) is over.
    dateCollection(ouraDailyActivity, (a) => Date.parse(a.timestamp) + DAY_MS),
  );

  router.get(
    '/v2/usercollection/workout',
    oauth.requireToken,
    needScope(oauth, 'workout'),
    dateCollection(ouraWorkout, (w) => ouraWorkoutSpan(w).end),
  );

  router.get(
    '/v2/usercollection/heartrate',
    oauth.requireToken,
    needScope(oauth, 'heartrate'),
    (req, res) => {
      const q = req.query as Record<string, string | undefined>;
      let cursor: Cursor | null;
      if (q.next_token) {
        cursor = decodeCursor(q.next_token);
        if (!cursor) return validationError(res, 'next_token', 'Invalid next_token');
      } else {
        const end = q.end_datetime ? Date.parse(q.end_datetime) : nowMs();
        const start = q.start_datetime ? Date.parse(q.start_datetime) : end - DAY_MS;
        if (Number.isNaN(start) || Number.isNaN(end))
          return validationError(res, 'start_datetime', 'Invalid datetime');
        if (start > end)
          return validationError(res, 'start_datetime', 'Start datetime is greater than end datetime');
        if (end - start > HEART_RATE_MAX_DAYS * DAY_MS)
          return validationError(res, 'end_datetime', `The range may not exceed ${HEART_RATE_MAX_DAYS} days`);
        cursor = { s: new Date(start).toISOString(), e: new Date(end).toISOString(), o: 0 };
      }
      const accountId = oauth.grantOf(res).account.id;
      const from = Math.max(Date.parse(cursor.s), firstMs());
      const to = Math.min(Date.parse(cursor.e), nowMs());
      // Paged by time (the token carries where the next page starts), so a page costs its own rows only.
      const size = opts.pageSize.heartRate;
      const rows = from < to ? ouraHeartRate(accountId, from, to, size + 1) : [];
      const next =
        rows.length > size
          ? encodeCursor({ s: new Date(rows[size]!.timestamp_unix).toISOString(), e: cursor.e, o: 0 })
          : null;
      // What res.json would send for { data, next_token }.
      res.type('application/json');
      res.send(`{"data":${ouraHeartRateJson(rows.slice(0, size))},"next_token":${JSON.stringify(next)}}`);
    },
  );

  return router;
}

/** The `day` of the account's newest document of a data type (what a webhook's object refers to). */
export function latestOuraObject(
  accountId: string,
  dataType: string,
  now: Date,
): { id: string; day: string } | null {
  const zone = ouraZoneOf(accountId);
  for (let i = 0; i < 14; i += 1) {
    const day = addDays(localDate(zone, now.getTime()), -i);
    const doc =
      dataType === 'sleep'
        ? ouraSleep(accountId, day)
        : dataType === 'workout'
          ? ouraWorkout(accountId, day)
          : dataType === 'daily_activity' && ouraActivityDayStart(accountId, day) + DAY_MS <= now.getTime()
            ? ouraDailyActivity(accountId, day)
            : null;
    if (doc) return { id: doc.id, day };
  }
  return null;
}
