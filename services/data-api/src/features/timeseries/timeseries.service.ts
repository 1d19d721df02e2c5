import { WORKOUT_STREAM_KEYS } from '@meridian/domain';
import type { Knex } from '@meridian/db';
import { NotFoundError, timeseriesBySlug, type TeamScope, type TimeseriesSpec } from '@meridian/domain';
import { createUsersRepository } from '../users/users.repository';
import { USER_NOT_FOUND } from '../users/users.service';
import { parseCursor, parseTimeRange } from './timeseries-params';
import { buildGroupedPage, sampleRenderer, type GroupedPage, type WireSample } from './timeseries.presenter';
import { createTimeseriesRepository } from './timeseries.repository';
import { groupedPageStatement, legacySamplesStatement, type SLEEP_STREAM_RESOURCES } from './timeseries.sql';

/** api-shapes §4.3: samples per page of a grouped read (design: ≤ 10,000). */
export const TIMESERIES_PAGE_SIZE = 10_000;
/** Samples per response of the legacy ungrouped read (x-meridian-decision). */
export const LEGACY_MAX_SAMPLES = 100_000;

export { WORKOUT_STREAM_KEYS };

/** The query of a range read, as strings from the validated request (absent = undefined). */
export interface RangeQuery {
  start_date: string;
  end_date?: string;
  provider?: string;
}

export interface GroupedQuery extends RangeQuery {
  next_cursor?: string;
  cursor?: string;
}

export type SleepStream = Record<(typeof SLEEP_STREAM_RESOURCES)[number], WireSample[] | null>;
export type WorkoutStream = Record<(typeof WORKOUT_STREAM_KEYS)[number], number[] | null>;

export function createTimeseriesService(deps: { db: Knex; pageSize: number; legacyMaxSamples: number }) {
  const users = createUsersRepository(deps.db);
  const samples = createTimeseriesRepository(deps.db);

  async function requireUser(scope: TeamScope, userId: string): Promise<void> {
    if (!(await users.findActiveById(scope, userId))) throw new NotFoundError(USER_NOT_FOUND);
  }

  return {
    /** One page of a slug's samples grouped by provider and source context. */
    async grouped(
      scope: TeamScope,
      userId: string,
      spec: TimeseriesSpec,
      query: GroupedQuery,
    ): Promise<GroupedPage> {
      // Request rules first (422), then the lookup (404): api-shapes §2.4.
      const range = parseTimeRange(query.start_date, query.end_date);
      const after = parseCursor(query.next_cursor, query.cursor);
      const rows = await samples.samples(
        groupedPageStatement(spec, {
          scope,
          userId,
          range,
          provider: query.provider ?? '',
          after,
          limit: deps.pageSize + 1,
        }),
      );
      if (rows.length === 0) await requireUser(scope, userId);
      return buildGroupedPage(rows, spec, deps.pageSize);
    },

    /** The legacy flat array: the oldest `legacyMaxSamples` samples of the range (of one `type` if given). */
    async legacy(
      scope: TeamScope,
      userId: string,
      spec: TimeseriesSpec,
      type: string | null,
      query: RangeQuery,
    ): Promise<WireSample[]> {
      const range = parseTimeRange(query.start_date, query.end_date);
      const rows = await samples.samples(
        legacySamplesStatement(spec, {
          scope,
          userId,
          range,
          provider: query.provider ?? '',
          type: type ?? '',
          limit: deps.legacyMaxSamples,
        }),
      );
      if (rows.length === 0) await requireUser(scope, userId);
      return rows.map(sampleRenderer(spec));
    },

    async sleepStream(scope: TeamScope, sleepId: string): Promise<SleepStream> {
      if (!(await samples.isSleepOf(scope, sleepId))) throw new NotFoundError('No sleep with this id.');
      const stream: SleepStream = { hrv: null, heartrate: null, hypnogram: null, respiratory_rate: null };
      for (const row of await samples.sleepStreamSamples(sleepId)) {
        const resource = row.resource as keyof SleepStream;
        (stream[resource] ??= []).push(sampleRenderer(timeseriesBySlug(resource)!)(row));
      }
      return stream;
    },

    async workoutStream(scope: TeamScope, workoutId: string): Promise<WorkoutStream> {
      const workout = await samples.workoutStream(scope, workoutId);
      if (!workout) throw new NotFoundError('No workout with this id.');
      // A workout the provider sent no stream for answers every series null, as a sleep without samples does.
      const payload = workout.payload ?? {};
      const stream = {} as WorkoutStream;
      for (const key of WORKOUT_STREAM_KEYS) {
        const series = payload[key];
        stream[key] = Array.isArray(series) ? (series as number[]) : null;
      }
      return stream;
    },
  };
}

export type TimeseriesService = ReturnType<typeof createTimeseriesService>;
