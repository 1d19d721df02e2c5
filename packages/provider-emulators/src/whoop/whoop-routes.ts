import express, { type Request, type Response, type Router } from 'express';
import { DAY_MS } from '../core/prng';
import { dataFaults, type Faults } from '../core/faults';
import type { EmulatedAccount, OAuthServer } from '../core/oauth-server';
import { daysAround, profileOf, recordsOfDay, type DayRecords } from './whoop-data';

/**
 * WHOOP API v2 endpoints under `/developer`: user profile and body measurement, and the cycle, recovery,
 * sleep and workout collections (`limit` ≤ 25, default 10; `start` inclusive, `end` exclusive; `nextToken`
 * in, `next_token` out; newest first), plus `DELETE /v2/user/access`.
 */
export const RATE_LIMIT_HEADERS = {
  'x-ratelimit-limit': '100, 100;window=60, 10000;window=86400',
  'x-ratelimit-remaining': '99',
  'x-ratelimit-reset': '60',
};

export interface WhoopRouteDeps {
  oauth: OAuthServer;
  faults: Faults;
  now: () => Date;
  historyDays: number;
  userIdOf: (account: EmulatedAccount) => number;
}

type Kind = 'cycle' | 'recovery' | 'sleep' | 'workout';

const encodeToken = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
function decodeToken(token: string): number | null {
  try {
    const o = (JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o?: unknown }).o;
    return typeof o === 'number' && Number.isInteger(o) && o >= 0 ? o : null;
  } catch {
    return null;
  }
}

/** The instant a record is filtered and sorted by (a recovery by its sleep). */
function startOf(kind: Kind, day: DayRecords): string | null {
  if (kind === 'cycle') return day.cycle.start;
  if (kind === 'workout') return day.workout?.start ?? null;
  return day.sleep.start;
}

function recordOf(kind: Kind, day: DayRecords, nowMs: number): Record<string, unknown> | null {
  if (kind === 'cycle') {
    // The cycle in progress has no end and no score yet.
    if (Date.parse(day.cycle.end as string) > nowMs) {
      const { end, score, ...open } = day.cycle;
      void end;
      void score;
      return { ...open, score_state: 'PENDING_SCORE' };
    }
    return day.cycle;
  }
  if (kind === 'sleep') return Date.parse(day.sleep.end) <= nowMs ? day.sleep : null;
  if (kind === 'recovery')
    return Date.parse(day.recovery.created_at as string) <= nowMs ? day.recovery : null;
  return day.workout && Date.parse(day.workout.end) <= nowMs ? day.workout : null;
}

export function whoopRoutes(deps: WhoopRouteDeps): Router {
  const router = express.Router();
  const guard = [
    dataFaults(deps.faults, {
      rateLimitHeaders: (s) => ({
        ...RATE_LIMIT_HEADERS,
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(s),
      }),
    }),
    deps.oauth.requireToken,
  ];
  const userOf = (res: Response) => deps.oauth.grantOf(res).account;

  const collection = (kind: Kind) => (req: Request, res: Response) => {
    res.set(RATE_LIMIT_HEADERS);
    const q = req.query as Record<string, string | undefined>;
    const limit = q.limit === undefined ? 10 : Number(q.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 25) {
      res.status(400).json({ message: 'limit must be between 1 and 25' });
      return;
    }
    const nowMs = deps.now().getTime();
    const from = Math.max(q.start ? Date.parse(q.start) : 0, nowMs - deps.historyDays * DAY_MS);
    const to = Math.min(q.end ? Date.parse(q.end) : Infinity, nowMs);
    const offset = q.nextToken ? decodeToken(q.nextToken) : 0;
    if (Number.isNaN(from) || Number.isNaN(to) || offset === null) {
      res.status(400).json({ message: 'invalid start, end or nextToken' });
      return;
    }
    const userId = deps.userIdOf(userOf(res));
    const records =
      from >= to
        ? []
        : daysAround(userId, from, to)
            .map((d) => recordsOfDay(userId, d))
            .map((day) => ({ start: startOf(kind, day), record: recordOf(kind, day, nowMs) }))
            .filter((r): r is { start: string; record: Record<string, unknown> } => {
              if (r.start === null || r.record === null) return false;
              const t = Date.parse(r.start);
              return t >= from && t < to;
            })
            .sort((a, b) => Date.parse(b.start) - Date.parse(a.start))
            .map((r) => r.record);
    const slice = records.slice(offset, offset + limit);
    const more = offset + limit < records.length;
    res.json({ records: slice, next_token: more ? encodeToken(offset + limit) : null });
  };

  router.get('/v2/cycle', ...guard, collection('cycle'));
  router.get('/v2/recovery', ...guard, collection('recovery'));
  router.get('/v2/activity/sleep', ...guard, collection('sleep'));
  router.get('/v2/activity/workout', ...guard, collection('workout'));

  router.get('/v2/user/profile/basic', ...guard, (_req: Request, res: Response) => {
    const account = userOf(res);
    res.set(RATE_LIMIT_HEADERS).json(profileOf(deps.userIdOf(account), account.username).profile);
  });
  router.get('/v2/user/measurement/body', ...guard, (_req: Request, res: Response) => {
    const account = userOf(res);
    res.set(RATE_LIMIT_HEADERS).json(profileOf(deps.userIdOf(account), account.username).body);
  });
  router.delete('/v2/user/access', deps.oauth.requireToken, (_req: Request, res: Response) => {
    deps.oauth.revokeAccount(userOf(res).id);
    res.status(204).end();
  });
  return router;
}
