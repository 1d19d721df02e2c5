import type { ConnectorContext, FetchPage, FetchRequest, StreamSpec } from '../../connector';
import { ProviderAuthError } from '../../errors';
import { ProviderHttpStatusError } from '../../http';
import type { PolarNightlyRecharge } from './polar-api-types';
import { POLAR_SCOPE } from './polar-auth';
import { polarList, polarRecord, polarString } from './polar-payload';
import { datesAround, parseZoned } from './polar-time';
import { mapPolarActivity } from './map-polar-activity';
import { mapPolarExercise } from './map-polar-exercise';
import { mapPolarContinuousHeartRate } from './map-polar-heart-rate';
import { mapPolarNight, rechargeSeries } from './map-polar-sleep';

/**
 * Polar's non-transactional AccessLink endpoints, fetched per window. Polar also offers transactional
 * pull notifications (create transaction → list → commit, after which the data is never served again);
 * the non-transactional endpoints cover the same data for the last 28–30 days and can be re-read after a
 * crash, so the window-based engine uses them and never commits anything.
 */

const emptyPage = (): FetchPage => ({ timeseries: [], summaries: [], workoutStreams: [], nextPage: null });

/** GET with the user's token; 204/404 (no data for that day) → null; 403 = user not registered. */
async function polarGet(
  ctx: ConnectorContext,
  req: FetchRequest,
  path: string,
  query?: Record<string, string>,
): Promise<unknown> {
  try {
    const res = await ctx.api.request<unknown>({
      path,
      query,
      bearer: req.tokens.accessToken,
      acceptStatus: [204, 404],
      retryAfterHeader: 'ratelimit-reset',
    });
    return res.status === 200 ? res.data : null;
  } catch (err) {
    if (err instanceof ProviderHttpStatusError && err.status === 403)
      throw new ProviderAuthError('user_not_found', 'the user is not registered with Polar AccessLink', 403);
    throw err;
  }
}

const inWindow = (ms: number, req: FetchRequest) => ms >= req.start.getTime() && ms < req.end.getTime();
const today = (ctx: ConnectorContext) => ctx.now().toISOString().slice(0, 10);

async function fetchSleep(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const [nightsBody, rechargeBody] = await Promise.all([
    polarGet(ctx, req, '/v3/users/sleep'),
    polarGet(ctx, req, '/v3/users/nightly-recharge'),
  ]);
  const nights =
    nightsBody === null ? [] : polarList(polarRecord(nightsBody, 'sleep list').nights, 'sleep nights');
  const recharges = new Map<string, PolarNightlyRecharge>();
  if (rechargeBody !== null) {
    for (const r of polarList(polarRecord(rechargeBody, 'nightly recharge list').recharges, 'recharges')) {
      const recharge = polarRecord(r, 'nightly recharge');
      recharges.set(
        polarString(recharge, 'date', 'nightly recharge'),
        recharge as unknown as PolarNightlyRecharge,
      );
    }
  }
  const page: FetchPage = emptyPage();
  for (const raw of nights) {
    const night = polarRecord(raw, 'sleep night');
    const date = polarString(night, 'date', 'sleep night');
    const end = parseZoned(polarString(night, 'sleep_end_time', 'sleep night'));
    if (!end || !inWindow(end.ms, req)) continue;
    const mapped = mapPolarNight(night, recharges.get(date) ?? null);
    recharges.delete(date);
    page.summaries.push(...mapped.summaries);
    page.timeseries.push(...mapped.timeseries);
  }
  // A recharge without a Sleep Plus Stages night still has samples worth keeping.
  for (const recharge of recharges.values()) {
    for (const series of rechargeSeries(recharge, null)) {
      const samples = series.samples.filter((s) => inWindow(Date.parse(s.timestamp), req));
      if (samples.length > 0) page.timeseries.push({ ...series, samples });
    }
  }
  return page;
}

/** One day per page (`/continuous-heart-rate/{date}`); the page token is the next date to read. */
async function fetchHeartRate(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const dates = datesAround(req.start, req.end).filter((d) => d <= today(ctx));
  const date = req.pageToken ?? dates[0];
  if (date === undefined) return emptyPage();
  const body = await polarGet(ctx, req, `/v3/users/continuous-heart-rate/${date}`);
  const next = dates[dates.indexOf(date) + 1] ?? null;
  return {
    ...emptyPage(),
    timeseries: body === null ? [] : mapPolarContinuousHeartRate(body, req.fallbackTimeZone, req),
    nextPage: next,
  };
}

/** `from`/`to` may span at most 28 days: longer windows page by 28-day slices (token = next `from`). */
async function fetchActivity(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const dates = datesAround(req.start, req.end).filter((d) => d <= today(ctx));
  const from = req.pageToken ?? dates[0];
  if (from === undefined) return emptyPage();
  const slice = dates.slice(dates.indexOf(from), dates.indexOf(from) + 28);
  const body = await polarGet(ctx, req, '/v3/users/activities', {
    from,
    to: slice[slice.length - 1] ?? from,
    steps: 'true',
  });
  const days = body === null ? [] : polarList(body, 'daily activities');
  return {
    ...emptyPage(),
    timeseries: days.flatMap((d) => mapPolarActivity(d, req.fallbackTimeZone, req)),
    nextPage: dates[dates.indexOf(from) + 28] ?? null,
  };
}

async function fetchExercises(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const body = await polarGet(ctx, req, '/v3/exercises', { samples: 'true' });
  const page: FetchPage = emptyPage();
  for (const raw of body === null ? [] : polarList(body, 'exercise list')) {
    const mapped = mapPolarExercise(raw);
    if (!inWindow(mapped.startMs, req)) continue;
    page.summaries.push(mapped.summary);
    if (mapped.stream) page.workoutStreams.push(mapped.stream);
  }
  return page;
}

export const polarStreams: StreamSpec[] = [
  {
    name: 'sleep',
    resources: ['sleep', 'hypnogram', 'hrv', 'respiratory_rate'],
    scopes: [POLAR_SCOPE],
    backfillDays: 28,
    maxWindowDays: 28,
    fetch: fetchSleep,
  },
  {
    name: 'heart_rate',
    resources: ['heartrate'],
    scopes: [POLAR_SCOPE],
    backfillDays: 28,
    maxWindowDays: 28,
    fetch: fetchHeartRate,
  },
  {
    name: 'activity',
    resources: ['steps', 'calories_active', 'distance', 'calories_basal'],
    scopes: [POLAR_SCOPE],
    backfillDays: 28,
    maxWindowDays: 28,
    fetch: fetchActivity,
  },
  {
    name: 'exercises',
    resources: ['workouts', 'workout_stream'],
    scopes: [POLAR_SCOPE],
    backfillDays: 30,
    maxWindowDays: 30,
    fetch: fetchExercises,
  },
];
