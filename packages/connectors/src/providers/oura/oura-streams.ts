import type { ConnectorContext, FetchPage, FetchRequest, StreamSpec } from '../../connector';
import { ProviderResponseError } from '../../errors';
import { mapOuraDailyActivity } from './map-daily-activity';
import { mapOuraHeartRate } from './map-heartrate';
import { mapOuraPersonalInfo } from './map-personal-info';
import { mapOuraSleeps } from './map-sleep';
import { mapOuraWorkouts } from './map-workout';
import { ouraGet, ouraListPage, windowDays } from './oura-api';
import type {
  OuraDailyActivity,
  OuraHeartRateRow,
  OuraPersonalInfo,
  OuraSleep,
  OuraWorkout,
} from './oura-types';

/**
 * Oura streams. Date collections are asked for the window's UTC dates and keep the documents whose `day`
 * falls in them, so adjacent day-aligned windows never share a document; heart rate is asked for the
 * window's instants. Paging is Oura's `next_token`, handed back as `nextPage`.
 */

/** Oura keeps the full history; the pull goes back half a year. */
const BACKFILL_DAYS = 180;

const empty = (): FetchPage => ({ timeseries: [], summaries: [], workoutStreams: [], nextPage: null });

async function datePage<T extends { day: string }>(
  ctx: ConnectorContext,
  req: FetchRequest,
  collection: string,
): Promise<{ docs: T[]; next: string | null }> {
  const { first, last } = windowDays(req.start, req.end);
  const page = await ouraListPage<T>(ctx, req.tokens, collection, {
    start_date: first,
    end_date: last,
    next_token: req.pageToken,
  });
  for (const d of page.data) {
    if (typeof d !== 'object' || d === null || typeof d.day !== 'string')
      throw new ProviderResponseError(`Oura ${collection} document without a day`);
  }
  return { docs: page.data.filter((d) => d.day >= first && d.day <= last), next: page.next_token };
}

export const ouraStreams: StreamSpec[] = [
  {
    name: 'heartrate',
    resources: ['heartrate'],
    scopes: ['heartrate'],
    backfillDays: BACKFILL_DAYS,
    // Oura refuses heart-rate windows longer than 30 days.
    maxWindowDays: 30,
    async fetch(ctx, req) {
      const page = await ouraListPage<OuraHeartRateRow>(ctx, req.tokens, 'heartrate', {
        start_datetime: req.start.toISOString(),
        end_datetime: req.end.toISOString(),
        next_token: req.pageToken,
      });
      return {
        ...empty(),
        timeseries: mapOuraHeartRate(page.data, req.start, req.end),
        nextPage: page.next_token,
      };
    },
  },
  {
    name: 'sleep',
    resources: ['sleep', 'hypnogram', 'hrv'],
    scopes: ['daily'],
    backfillDays: BACKFILL_DAYS,
    maxWindowDays: 90,
    async fetch(ctx, req) {
      const { docs, next } = await datePage<OuraSleep>(ctx, req, 'sleep');
      const mapped = mapOuraSleeps(docs);
      return { ...empty(), summaries: mapped.summaries, timeseries: mapped.timeseries, nextPage: next };
    },
  },
  {
    name: 'activity',
    resources: ['activity', 'steps', 'calories_active', 'calories_basal', 'distance'],
    scopes: ['daily'],
    backfillDays: BACKFILL_DAYS,
    maxWindowDays: 90,
    async fetch(ctx, req) {
      const { docs, next } = await datePage<OuraDailyActivity>(ctx, req, 'daily_activity');
      return { ...empty(), timeseries: mapOuraDailyActivity(docs), nextPage: next };
    },
  },
  {
    name: 'workouts',
    resources: ['workouts'],
    scopes: ['workout'],
    backfillDays: BACKFILL_DAYS,
    maxWindowDays: 90,
    async fetch(ctx, req) {
      const { docs, next } = await datePage<OuraWorkout>(ctx, req, 'workout');
      return { ...empty(), summaries: mapOuraWorkouts(docs), nextPage: next };
    },
  },
  {
    name: 'profile',
    resources: ['profile'],
    scopes: ['personal'],
    // The profile is the current one whatever the window: one fetch is the whole backfill.
    backfillDays: 1,
    maxWindowDays: 3650,
    async fetch(ctx, req) {
      const info = await ouraGet<OuraPersonalInfo>(ctx, req.tokens, '/v2/usercollection/personal_info', {});
      if (typeof info !== 'object' || info === null)
        throw new ProviderResponseError('Oura personal_info is not an object');
      return { ...empty(), summaries: mapOuraPersonalInfo(info) };
    },
  },
];
