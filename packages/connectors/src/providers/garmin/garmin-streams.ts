import type { ConnectorContext, FetchPage, FetchRequest, StreamSpec } from '../../connector';
import { GARMIN_SUMMARY_TYPES, type GarminSummaryType } from './map-garmin-summaries';

/**
 * Garmin pulls are asynchronous: `GET /wellness-api/rest/backfill/{summaryType}` with
 * `summaryStartTimeInSeconds`/`summaryEndTimeInSeconds` (at most 90 days per request) answers 202 and the
 * data arrives later through the push or ping webhook. So a stream's `fetch` only asks for the window and
 * returns an empty page; the webhook path ingests what follows. A 409 (the same range was already asked
 * for) counts as asked.
 */

const MAX_RANGE_S = 90 * 86_400;

export function garminBackfill(type: GarminSummaryType) {
  return async (ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> => {
    const endS = Math.floor(req.end.getTime() / 1000);
    const startS = req.pageToken !== null ? Number(req.pageToken) : Math.floor(req.start.getTime() / 1000);
    const chunkEnd = Math.min(endS, startS + MAX_RANGE_S);
    if (chunkEnd > startS) {
      await ctx.api.request({
        path: `/wellness-api/rest/backfill/${type}`,
        query: { summaryStartTimeInSeconds: startS, summaryEndTimeInSeconds: chunkEnd },
        bearer: req.tokens.accessToken,
        acceptStatus: [409],
      });
    }
    return {
      timeseries: [],
      summaries: [],
      workoutStreams: [],
      nextPage: chunkEnd < endS ? String(chunkEnd) : null,
    };
  };
}

const RESOURCES: Record<GarminSummaryType, StreamSpec['resources']> = {
  dailies: ['heartrate', 'calories_basal', 'floors_climbed', 'stress_level'],
  epochs: ['steps', 'distance', 'calories_active'],
  sleeps: ['sleep', 'hypnogram'],
  activities: ['workouts'],
};

export const GARMIN_PERMISSION: Record<GarminSummaryType, string> = {
  dailies: 'HEALTH_EXPORT',
  epochs: 'HEALTH_EXPORT',
  sleeps: 'HEALTH_EXPORT',
  activities: 'ACTIVITY_EXPORT',
};

export const garminStreams: StreamSpec[] = GARMIN_SUMMARY_TYPES.map((type) => ({
  name: type,
  resources: RESOURCES[type],
  scopes: [GARMIN_PERMISSION[type]],
  // Health summaries go back two years, activities five (Garmin's documented backfill horizon).
  backfillDays: type === 'activities' ? 1825 : 730,
  maxWindowDays: 90,
  fetch: garminBackfill(type),
}));
