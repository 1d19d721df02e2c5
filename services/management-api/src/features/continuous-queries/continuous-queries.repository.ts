import type { Knex } from '@meridian/db';
import type { Environment } from '@meridian/domain';
import type { KeysetPosition } from '../shared/keyset-cursor';
import { afterPosition, cursorColumn, toPage, type KeysetRow, type Page } from '../shared/page';

export type ContinuousQueryType = 'team' | 'platform';
export type ContinuousQueryStatus = 'active' | 'archived';

export interface SchedulingPreferences {
  minimum_gap_duration_second: number | null;
}

export interface ExportPreferences {
  data_events: { enabled: boolean };
  fhir_observations: boolean;
}

export interface StoredQueryConfig {
  provider_priority_overrides: string[] | null;
}

/** A continuous query row (migration 20261127400000). */
export interface ContinuousQueryRow {
  id: string;
  org_id: string;
  /** Null for a platform query. */
  team_id: string | null;
  query_type: ContinuousQueryType;
  environment: Environment;
  slug: string;
  title: string;
  status: ContinuousQueryStatus;
  query: Record<string, unknown>;
  query_config: StoredQueryConfig | null;
  scheduling_preferences: SchedulingPreferences;
  export_preferences: ExportPreferences;
  result_table_schema: Record<string, string>;
  resource_dependencies: string[];
  fhir_observation_mappers: string[];
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
}

export type NewContinuousQuery = Omit<ContinuousQueryRow, 'status' | 'archived_at'>;

export type ContinuousQueryChanges = Partial<
  Pick<ContinuousQueryRow, 'title' | 'scheduling_preferences' | 'status' | 'archived_at'>
> & { updated_at: Date };

/**
 * Where a request reaches queries: the path's org, team and environment. The team's own queries and the
 * org's platform queries of that environment are visible there; nothing else is.
 */
export interface ContinuousQueryPlace {
  orgId: string;
  teamId: string;
  environment: Environment;
}

const JSON_COLUMNS = [
  'query',
  'query_config',
  'scheduling_preferences',
  'export_preferences',
  'result_table_schema',
] as const;

/** jsonb values go to PostgreSQL as JSON text (an array would otherwise be sent as a PostgreSQL array). */
function toDbValues<T extends Record<string, unknown>>(values: T): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const column of JSON_COLUMNS) {
    if (column in out) out[column] = out[column] === null ? null : JSON.stringify(out[column]);
  }
  return out;
}

export function createContinuousQueriesRepository(db: Knex) {
  const visibleIn = (place: ContinuousQueryPlace) =>
    db('continuous_queries as q')
      .where({ 'q.org_id': place.orgId, 'q.environment': place.environment })
      .where((b) => b.where('q.team_id', place.teamId).orWhereNull('q.team_id'));

  return {
    async list(
      place: ContinuousQueryPlace,
      after: KeysetPosition | undefined,
      limit: number,
    ): Promise<Page<ContinuousQueryRow & KeysetRow>> {
      const q = visibleIn(place)
        .select('q.*', cursorColumn(db, 'q.created_at'))
        .orderBy([{ column: 'q.created_at' }, { column: 'q.id' }])
        .limit(limit + 1);
      const rows = await afterPosition(q, 'q.created_at', 'q.id', after);
      return toPage(rows as (ContinuousQueryRow & KeysetRow)[], limit);
    },

    async find(place: ContinuousQueryPlace, id: string): Promise<ContinuousQueryRow | undefined> {
      return (await visibleIn(place).where('q.id', id).select('q.*').first()) as
        ContinuousQueryRow | undefined;
    },

    /** Locks the row for a read-modify-write (patch, archive). */
    async findForUpdate(place: ContinuousQueryPlace, id: string): Promise<ContinuousQueryRow | undefined> {
      return (await visibleIn(place).where('q.id', id).select('q.*').forUpdate().first()) as
        ContinuousQueryRow | undefined;
    },

    /**
     * Serialises slug claims in one org environment until the transaction ends, so that the check for an
     * active holder and the insert are one step even between a team query and a platform query (which no
     * single unique index covers).
     */
    async lockSlugs(orgId: string, environment: Environment): Promise<void> {
      await db.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
        `continuous_queries:${orgId}:${environment}`,
      ]);
    },

    /**
     * The active query holding `slug` where a new query of `type` would claim it: for a team query, the
     * team's queries and the org's platform queries; for a platform query, every query of the org.
     */
    async findActiveSlugHolder(
      place: ContinuousQueryPlace,
      type: ContinuousQueryType,
      slug: string,
    ): Promise<Pick<ContinuousQueryRow, 'id'> | undefined> {
      const q = db('continuous_queries as q')
        .where({ 'q.org_id': place.orgId, 'q.environment': place.environment, 'q.slug': slug })
        .where('q.status', 'active');
      if (type === 'team') q.where((b) => b.where('q.team_id', place.teamId).orWhereNull('q.team_id'));
      return (await q.orderBy('q.created_at').select('q.id').first()) as
        Pick<ContinuousQueryRow, 'id'> | undefined;
    },

    async insert(row: NewContinuousQuery): Promise<ContinuousQueryRow> {
      const [created] = await db('continuous_queries')
        .insert({ ...toDbValues(row), status: 'active' })
        .returning('*');
      return created as ContinuousQueryRow;
    },

    /**
     * Archiving also ends the query's pending tasks (`scheduled`, not started) as `skipped`, in the same
     * transaction: task history shows at once that nothing more will run, and no deferred task is left.
     */
    async update(id: string, changes: ContinuousQueryChanges): Promise<ContinuousQueryRow> {
      const [row] = await db('continuous_queries').where({ id }).update(toDbValues(changes)).returning('*');
      if (changes.status === 'archived')
        await db('continuous_query_tasks')
          .where({ query_id: id, status: 'scheduled' })
          .update({ status: 'skipped', ended_at: changes.archived_at ?? changes.updated_at });
      return row as ContinuousQueryRow;
    },
  };
}

export type ContinuousQueriesRepository = ReturnType<typeof createContinuousQueriesRepository>;
