import { WORKOUT_STREAM_KEYS } from '@meridian/domain';
import { NotFoundError, timeseriesBySlug, type TeamScope, type TimeseriesSpec } from '@meridian/domain';
import type { CursorCodec } from '@meridian/platform';
import type { UnitOfWork } from '../unit-of-work';
import { USER_NOT_FOUND } from '../users/users.service';
import { encodeCursor, parseCursor, parseTimeRange, timeseriesCursorScope } from './timeseries-params';
import { buildGroupedPage, sampleRenderer, type GroupedPage, type WireSample } from './timeseries.presenter';
import { GroupedPageWriter, SamplesWriter } from './timeseries.json';
import type { ClientGone } from './timeseries.repository';
import {
  groupedPageStatement,
  legacySamplesStatement,
  type RowForm,
  type SLEEP_STREAM_RESOURCES,
} from './timeseries.sql';

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

/**
 * A rendered answer (issue 16): `body` is a view of a pooled output buffer, which `release` gives back for
 * reuse. Call `release` only when nothing reads `body` any more (the response's 'finish'); never calling it
 * is safe (the buffer is left to the collector).
 */
export interface RenderedJson {
  body: Buffer;
  release(): void;
}

export interface TimeseriesServiceDeps {
  uow: UnitOfWork<'users' | 'timeseries'>;
  /** Seals the grouped reads' page cursors (issue 11). */
  cursors: CursorCodec;
  pageSize: number;
  legacyMaxSamples: number;
}

export function createTimeseriesService(deps: TimeseriesServiceDeps) {
  const { uow, cursors } = deps;

  async function requireUser(scope: TeamScope, userId: string): Promise<void> {
    if (!(await uow.read(({ users }) => users.findActiveById(scope, userId)))) {
      throw new NotFoundError(USER_NOT_FOUND);
    }
  }

  /** The legacy read's statement: the oldest `legacyMaxSamples` samples of the range (of one `type` if given). */
  function legacyStatement(
    scope: TeamScope,
    userId: string,
    spec: TimeseriesSpec,
    type: string | null,
    query: RangeQuery,
    form?: RowForm,
  ) {
    const range = parseTimeRange(query.start_date, query.end_date);
    const q = {
      scope,
      userId,
      range,
      provider: query.provider ?? '',
      type: type ?? '',
      limit: deps.legacyMaxSamples,
    };
    return legacySamplesStatement(spec, q, form);
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
      const cursorScope = timeseriesCursorScope(scope, userId, spec.slug);
      const after = parseCursor(cursors, cursorScope, query.next_cursor, query.cursor);
      const statement = groupedPageStatement(spec, {
        scope,
        userId,
        range,
        provider: query.provider ?? '',
        after,
        limit: deps.pageSize + 1,
      });
      const rows = await uow.read(({ timeseries }) => timeseries.samples(statement));
      if (rows.length === 0) await requireUser(scope, userId);
      return buildGroupedPage(rows, spec, deps.pageSize, (key) => encodeCursor(cursors, cursorScope, key));
    },

    /**
     * `grouped` rendered straight to JSON bytes (what the route sends): the same bytes, no objects per sample.
     * `gone`: the client went away; the read is then not run (clientGoneError, see the repository).
     */
    async groupedJson(
      scope: TeamScope,
      userId: string,
      spec: TimeseriesSpec,
      query: GroupedQuery,
      gone?: ClientGone,
    ): Promise<RenderedJson> {
      const range = parseTimeRange(query.start_date, query.end_date);
      const cursorScope = timeseriesCursorScope(scope, userId, spec.slug);
      const after = parseCursor(cursors, cursorScope, query.next_cursor, query.cursor);
      const statement = groupedPageStatement(
        spec,
        { scope, userId, range, provider: query.provider ?? '', after, limit: deps.pageSize + 1 },
        { compact: true },
      );
      // Rendered while PostgreSQL sends the rows (none kept).
      const page = new GroupedPageWriter(spec, deps.pageSize, (key) =>
        encodeCursor(cursors, cursorScope, key),
      );
      const rows = await uow.read(({ timeseries }) => timeseries.streamSampleArrays(statement, page, gone));
      if (rows === 0) await requireUser(scope, userId);
      return { body: page.finish(), release: () => page.release() };
    },

    /** `legacy` rendered straight to JSON bytes (`gone` as for groupedJson). */
    async legacyJson(
      scope: TeamScope,
      userId: string,
      spec: TimeseriesSpec,
      type: string | null,
      query: RangeQuery,
      gone?: ClientGone,
    ): Promise<RenderedJson> {
      const statement = legacyStatement(scope, userId, spec, type, query, { compact: true });
      const samples = new SamplesWriter(spec);
      const rows = await uow.read(({ timeseries }) =>
        timeseries.streamSampleArrays(statement, samples, gone),
      );
      if (rows === 0) await requireUser(scope, userId);
      return { body: samples.finish(), release: () => samples.release() };
    },

    /** The legacy flat array: the oldest `legacyMaxSamples` samples of the range (of one `type` if given). */
    async legacy(
      scope: TeamScope,
      userId: string,
      spec: TimeseriesSpec,
      type: string | null,
      query: RangeQuery,
    ): Promise<WireSample[]> {
      const statement = legacyStatement(scope, userId, spec, type, query);
      const rows = await uow.read(({ timeseries }) => timeseries.samples(statement));
      if (rows.length === 0) await requireUser(scope, userId);
      return rows.map(sampleRenderer(spec));
    },

    async sleepStream(scope: TeamScope, sleepId: string): Promise<SleepStream> {
      const rows = await uow.read(async ({ timeseries }) =>
        (await timeseries.isSleepOf(scope, sleepId)) ? timeseries.sleepStreamSamples(sleepId) : undefined,
      );
      if (!rows) throw new NotFoundError('No sleep with this id.');
      const stream: SleepStream = { hrv: null, heartrate: null, hypnogram: null, respiratory_rate: null };
      for (const row of rows) {
        const resource = row.resource as keyof SleepStream;
        (stream[resource] ??= []).push(sampleRenderer(timeseriesBySlug(resource)!)(row));
      }
      return stream;
    },

    async workoutStream(scope: TeamScope, workoutId: string): Promise<WorkoutStream> {
      const workout = await uow.read(({ timeseries }) => timeseries.workoutStream(scope, workoutId));
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
