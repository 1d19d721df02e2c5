import express, { type Request, type Response, type Router } from 'express';
import { DAY_MS } from '../core/prng';
import type { EmulatedAccount, OAuthServer } from '../core/oauth-server';
import type { Faults } from '../core/faults';
import {
  activityOf,
  datesAround,
  localMidnight,
  measureGroupsOfDate,
  nightOf,
  zoneOf,
  type Night,
} from './withings-data';
import { fail, ok, paramsOf, withingsFaults, withingsToken } from './withings-envelope';

/**
 * The data webservices: Measure - Getmeas (`/measure`), Measure v2 - Getactivity (`/v2/measure`), Sleep v2 -
 * Getsummary and Get (`/v2/sleep`). Pages are smaller than production's so a few days already page.
 */
export const MEASURE_PAGE = 20;
export const SUMMARY_PAGE = 10;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ALWAYS_ACTIVITY_FIELDS = [
  'date',
  'timezone',
  'deviceid',
  'hash_deviceid',
  'brand',
  'is_tracker',
  'modified',
];

export interface DataRouteDeps {
  oauth: OAuthServer;
  faults: Faults;
  now: () => Date;
  historyDays: number;
  useridOf: (account: EmulatedAccount) => number;
}

const list = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : null;

function page<T>(items: T[], offsetParam: string | undefined, size: number) {
  const offset = Math.max(0, Number(offsetParam ?? 0) || 0);
  const slice = items.slice(offset, offset + size);
  const more = offset + size < items.length;
  return { slice, more, offset: more ? offset + size : 0 };
}

export function withingsDataRoutes(deps: DataRouteDeps): Router {
  const router = express.Router();
  const guard = [withingsFaults(deps.faults), withingsToken(deps.oauth)];
  const userOf = (res: Response) => deps.useridOf(deps.oauth.grantOf(res).account);
  const bounds = () => {
    const nowMs = deps.now().getTime();
    return { nowMs, historyStartMs: nowMs - deps.historyDays * DAY_MS };
  };

  router.all('/measure', ...guard, (req: Request, res: Response) => {
    const p = paramsOf(req);
    if (p.action !== 'getmeas') return fail(res, 2554, 'Wrong action or wrong webservice');
    const userid = userOf(res);
    const zone = zoneOf(userid);
    const { nowMs, historyStartMs } = bounds();
    const lastupdate = p.lastupdate ? Number(p.lastupdate) : null;
    const from = Math.max(
      lastupdate === null && p.startdate ? Number(p.startdate) : 0,
      Math.ceil(historyStartMs / 1000),
    );
    const to = Math.min(
      lastupdate === null && p.enddate ? Number(p.enddate) : Infinity,
      Math.floor(nowMs / 1000),
    );
    if (!Number.isFinite(from) || Number.isNaN(to)) return fail(res, 503, 'Invalid Params');
    const types = list(p.meastypes ?? p.meastype)?.map(Number) ?? null;
    const groups =
      p.category === '2' || from > to
        ? []
        : datesAround(zone, from * 1000, to * 1000)
            .flatMap((date) => measureGroupsOfDate(userid, date))
            .filter(
              (g) => g.date >= from && g.date <= to && (lastupdate === null || g.modified >= lastupdate),
            )
            .map((g) => (types ? { ...g, measures: g.measures.filter((m) => types.includes(m.type)) } : g))
            .filter((g) => g.measures.length > 0)
            .sort((a, b) => b.date - a.date || b.grpid - a.grpid);
    const { slice, more, offset } = page(groups, p.offset, MEASURE_PAGE);
    ok(res, {
      updatetime: Math.floor(nowMs / 1000),
      timezone: zone,
      measuregrps: slice,
      more: more ? 1 : 0,
      offset,
    });
  });

  const nightsBetween = (userid: number, firstDate: string, lastDate: string) => {
    const { nowMs, historyStartMs } = bounds();
    const nights: Night[] = [];
    for (
      let t = Date.parse(`${firstDate}T00:00:00Z`);
      t <= Date.parse(`${lastDate}T00:00:00Z`);
      t += DAY_MS
    ) {
      const night = nightOf(userid, new Date(t).toISOString().slice(0, 10));
      if (night.enddate * 1000 <= nowMs && night.startdate * 1000 >= historyStartMs) nights.push(night);
    }
    return nights;
  };

  router.all('/v2/sleep', ...guard, (req: Request, res: Response) => {
    const p = paramsOf(req);
    const userid = userOf(res);
    if (p.action === 'getsummary') {
      if (!p.startdateymd || !p.enddateymd || !DATE.test(p.startdateymd) || !DATE.test(p.enddateymd))
        return fail(res, 503, 'Invalid Params: startdateymd and enddateymd are required');
      const fields = list(p.data_fields);
      const nights = nightsBetween(userid, p.startdateymd, p.enddateymd).map(
        ({ segments, data, ...night }) => {
          void segments;
          const selected = fields
            ? Object.fromEntries(Object.entries(data).filter(([k]) => fields.includes(k)))
            : data;
          return { ...night, data: selected };
        },
      );
      const { slice, more, offset } = page(nights, p.offset, SUMMARY_PAGE);
      return ok(res, { series: slice, more, offset });
    }
    if (p.action === 'get') {
      const start = Number(p.startdate);
      const end = Number(p.enddate);
      if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || end - start > 86_400)
        return fail(res, 503, 'Invalid Params: startdate and enddate must span at most 24 hours');
      const fields = list(p.data_fields) ?? [];
      const zone = zoneOf(userid);
      const dates = datesAround(zone, start * 1000, end * 1000);
      const segments = nightsBetween(userid, dates[0]!, dates[dates.length - 1]!)
        .flatMap((n) => n.segments)
        .filter((s) => s.startdate < end && s.enddate > start)
        .map(({ hr, rr, ...s }) => ({
          ...s,
          ...(fields.includes('hr') ? { hr } : {}),
          ...(fields.includes('rr') ? { rr } : {}),
        }));
      return ok(res, { series: segments, model: 32 });
    }
    fail(res, 2554, 'Wrong action or wrong webservice');
  });

  router.all('/v2/measure', ...guard, (req: Request, res: Response) => {
    const p = paramsOf(req);
    if (p.action !== 'getactivity') return fail(res, 2554, 'Wrong action or wrong webservice');
    if (!p.startdateymd || !p.enddateymd || !DATE.test(p.startdateymd) || !DATE.test(p.enddateymd))
      return fail(res, 503, 'Invalid Params: startdateymd and enddateymd are required');
    const userid = userOf(res);
    const zone = zoneOf(userid);
    const { nowMs, historyStartMs } = bounds();
    const fields = list(p.data_fields);
    const days = [];
    for (
      let t = Date.parse(`${p.startdateymd}T00:00:00Z`);
      t <= Date.parse(`${p.enddateymd}T00:00:00Z`);
      t += DAY_MS
    ) {
      const date = new Date(t).toISOString().slice(0, 10);
      const next = new Date(t + DAY_MS).toISOString().slice(0, 10);
      // Only finished days: a day in progress would change with every call.
      if (localMidnight(zone, date) < historyStartMs || localMidnight(zone, next) > nowMs) continue;
      const day = activityOf(userid, date);
      days.push(
        fields
          ? Object.fromEntries(
              Object.entries(day).filter(([k]) => ALWAYS_ACTIVITY_FIELDS.includes(k) || fields.includes(k)),
            )
          : day,
      );
    }
    const { slice, more, offset } = page(days, p.offset, SUMMARY_PAGE);
    ok(res, { activities: slice, more, offset });
  });

  return router;
}
