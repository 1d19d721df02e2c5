import type { SampleInput, TimeseriesInput } from '@meridian/ingestion';
import type { ConnectorContext, FetchPage, FetchRequest, StreamSpec } from '../../connector';
import { ProviderResponseError } from '../../errors';
import { FITBIT_SOURCE, fitbitGet } from './fitbit-api';
import { addDays, isLocalDate, localDatesOf, localInstant, wireTime, zoneFor } from './fitbit-time';
import { mapFitbitWeights } from './map-body';
import { mapFitbitExercises } from './map-exercise';
import { intradayDataset, intradaySamples } from './map-intraday';
import { mapFitbitProfile } from './map-profile';
import { mapFitbitSleeps } from './map-sleep';
import type {
  FitbitDailySummary,
  FitbitExerciseLog,
  FitbitIntraday,
  FitbitPagination,
  FitbitProfile,
  FitbitSleepLog,
  FitbitWeightLog,
} from './fitbit-types';

/**
 * Fitbit streams. Fitbit keys data by the user's local date, so a window [start, end) is fetched date by
 * date (the page token is the next local date) and only samples inside the window are kept: adjacent
 * windows never share a sample. The log lists (sleep, exercise) page with Fitbit's `pagination.next` link.
 */

const empty = (): FetchPage => ({ timeseries: [], summaries: [], workoutStreams: [], nextPage: null });
const series = (resource: string, samples: SampleInput[]): TimeseriesInput[] =>
  samples.length > 0 ? [{ resource, source: { ...FITBIT_SOURCE }, samples }] : [];
/** Log entries per list page (Fitbit allows up to 100). */
const LIST_LIMIT = 25;

/** The local date this page fetches and the one after it, if still in the window. */
function datePaging(req: FetchRequest, zone: string): { date: string; next: string | null } {
  const { first, last } = localDatesOf(req.start, req.end, zone);
  if (req.pageToken !== null && !isLocalDate(req.pageToken))
    throw new ProviderResponseError('bad Fitbit page token');
  const date = req.pageToken ?? first;
  const next = addDays(date, 1);
  return { date, next: next <= last ? next : null };
}

async function intraday(ctx: ConnectorContext, req: FetchRequest, resource: string, date: string) {
  const body = await fitbitGet<FitbitIntraday>(
    ctx,
    req.tokens,
    `/1/user/-/activities/${resource}/date/${date}/1d/1min.json`,
  );
  return intradayDataset(body, resource);
}

/** One page of a log list: the first from `afterDate`, the next from Fitbit's own link. */
async function logPage<T extends { startTime: string }>(
  ctx: ConnectorContext,
  req: FetchRequest,
  path: string,
  key: string,
  zone: string,
): Promise<{ logs: T[]; next: string | null }> {
  const body = req.pageToken
    ? await fitbitGet<Record<string, unknown>>(ctx, req.tokens, req.pageToken)
    : await fitbitGet<Record<string, unknown>>(ctx, req.tokens, path, {
        // A day early: a sleep ending in the window may have begun the evening before.
        afterDate: addDays(localDatesOf(req.start, req.end, zone).first, -1),
        sort: 'asc',
        limit: LIST_LIMIT,
        offset: 0,
      });
  const logs = body[key];
  if (!Array.isArray(logs)) throw new ProviderResponseError(`Fitbit ${key} list without entries`);
  const pagination = body.pagination as FitbitPagination | undefined;
  const last = logs[logs.length - 1] as T | undefined;
  const lastStart = last
    ? (localInstant(last.startTime.slice(0, 23), zone)?.ms ?? Date.parse(last.startTime))
    : null;
  // Entries come oldest first: once one starts after the window, the rest of the list is not ours.
  const beyond = lastStart !== null && lastStart >= req.end.getTime();
  const next =
    !beyond && typeof pagination?.next === 'string' && pagination.next !== '' ? pagination.next : null;
  return { logs: logs as T[], next };
}

export const fitbitStreams: StreamSpec[] = [
  {
    name: 'heartrate',
    resources: ['heartrate'],
    scopes: ['heartrate'],
    backfillDays: 30,
    // Intraday series are served one day per request.
    maxWindowDays: 1,
    async fetch(ctx, req) {
      const zone = zoneFor(req);
      const { date, next } = datePaging(req, zone);
      const points = await intraday(ctx, req, 'heart', date);
      const samples = intradaySamples(
        points,
        { date, zone, start: req.start, end: req.end },
        { interval: false, unit: 'bpm', skipZero: true },
      );
      return { ...empty(), timeseries: series('heartrate', samples), nextPage: next };
    },
  },
  {
    name: 'activity',
    resources: ['activity', 'steps', 'distance', 'calories_active'],
    scopes: ['activity'],
    backfillDays: 30,
    maxWindowDays: 1,
    async fetch(ctx, req) {
      const zone = zoneFor(req);
      const { date, next } = datePaging(req, zone);
      const w = { date, zone, start: req.start, end: req.end };
      const steps = intradaySamples(await intraday(ctx, req, 'steps', date), w, {
        interval: true,
        unit: 'count',
        skipZero: true,
      });
      const distance = intradaySamples(await intraday(ctx, req, 'distance', date), w, {
        interval: true,
        unit: 'km',
        skipZero: true,
      });
      return {
        ...empty(),
        timeseries: [
          ...series('steps', steps),
          ...series('distance', distance),
          ...series('calories_active', await activeCalories(ctx, req, w)),
        ],
        nextPage: next,
      };
    },
  },
  {
    name: 'sleep',
    resources: ['sleep', 'hypnogram'],
    scopes: ['sleep'],
    backfillDays: 90,
    maxWindowDays: 100,
    async fetch(ctx, req) {
      const zone = zoneFor(req);
      const { logs, next } = await logPage<FitbitSleepLog>(
        ctx,
        req,
        '/1.2/user/-/sleep/list.json',
        'sleep',
        zone,
      );
      const mapped = mapFitbitSleeps(logs, zone, req.start, req.end);
      return { ...empty(), summaries: mapped.summaries, timeseries: mapped.timeseries, nextPage: next };
    },
  },
  {
    name: 'workouts',
    resources: ['workouts'],
    scopes: ['activity'],
    backfillDays: 90,
    maxWindowDays: 100,
    async fetch(ctx, req) {
      const zone = zoneFor(req);
      const { logs, next } = await logPage<FitbitExerciseLog>(
        ctx,
        req,
        '/1/user/-/activities/list.json',
        'activities',
        zone,
      );
      return { ...empty(), summaries: mapFitbitExercises(logs, req.start, req.end), nextPage: next };
    },
  },
  {
    name: 'body',
    resources: ['body', 'weight', 'fat'],
    scopes: ['weight'],
    backfillDays: 90,
    // The weight log answers at most 31 local dates; a 30-day window touches at most 31.
    maxWindowDays: 30,
    async fetch(ctx, req) {
      const zone = zoneFor(req);
      const { first, last } = localDatesOf(req.start, req.end, zone);
      const body = await fitbitGet<{ weight?: unknown }>(
        ctx,
        req.tokens,
        `/1/user/-/body/log/weight/date/${first}/${last}.json`,
      );
      if (!Array.isArray(body.weight)) throw new ProviderResponseError('Fitbit weight log without entries');
      const mapped = mapFitbitWeights(body.weight as FitbitWeightLog[], zone, req.start, req.end);
      return { ...empty(), summaries: mapped.summaries, timeseries: mapped.timeseries };
    },
  },
  {
    name: 'profile',
    resources: ['profile'],
    scopes: ['profile'],
    backfillDays: 1,
    maxWindowDays: 3650,
    async fetch(ctx, req) {
      const body = await fitbitGet<{ user?: FitbitProfile }>(ctx, req.tokens, '/1/user/-/profile.json');
      if (typeof body.user !== 'object' || body.user === null)
        throw new ProviderResponseError('Fitbit profile without user');
      return { ...empty(), summaries: mapFitbitProfile(body.user) };
    },
  },
];

/**
 * The date's `activityCalories` as one interval over the local day, once the day is over (a day still
 * running would change its value on every fetch) and when the day starts inside the window.
 */
async function activeCalories(
  ctx: ConnectorContext,
  req: FetchRequest,
  w: { date: string; zone: string; start: Date; end: Date },
): Promise<SampleInput[]> {
  const dayStart = localInstant(`${w.date}T00:00:00`, w.zone);
  const dayEnd = localInstant(`${addDays(w.date, 1)}T00:00:00`, w.zone);
  if (!dayStart || !dayEnd || dayStart.ms < w.start.getTime() || dayStart.ms >= w.end.getTime()) return [];
  if (dayEnd.ms > ctx.now().getTime()) return [];
  const body = await fitbitGet<FitbitDailySummary>(
    ctx,
    req.tokens,
    `/1/user/-/activities/date/${w.date}.json`,
  );
  const kcal = body.summary?.activityCalories;
  if (typeof kcal !== 'number')
    throw new ProviderResponseError('Fitbit daily summary without activityCalories');
  return [
    {
      timestamp: wireTime(dayStart.ms, dayStart.offset),
      end: wireTime(dayEnd.ms, dayEnd.offset),
      timezone_offset: dayStart.offset,
      value: kcal,
      unit: 'kcal',
    },
  ];
}
