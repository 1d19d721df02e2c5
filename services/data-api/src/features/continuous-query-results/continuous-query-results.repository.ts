import type { Knex } from '@meridian/db';
import type { TeamPrincipal } from '../../auth/principal';

/** A task row as task history shows it; `position` is its keyset position (`scheduled_at` in µs, id). */
export interface TaskHistoryRow {
  id: string;
  query_id: string;
  user_id: string;
  status: 'scheduled' | 'started' | 'completed' | 'error' | 'skipped';
  scheduled_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  error_details: string | null;
  position_at: string;
}

export interface TaskHistoryPosition {
  scheduledAt: string;
  id: string;
}

/**
 * Reads of continuous-query result tables and tasks for the data API, always inside the key's team
 * environment: the team's queries and its organization's platform queries of the same environment.
 */
export function createContinuousQueryResultsRepository(db: Knex) {
  const visibleQueries = (p: TeamPrincipal) =>
    db('continuous_queries')
      .where('environment', p.environment)
      .where((q) =>
        q.where('team_id', p.teamId).orWhere((o) => o.whereNull('team_id').where('org_id', p.orgId)),
      );

  return {
    async userExists(p: TeamPrincipal, userId: string): Promise<boolean> {
      const row = await db('users')
        .where({ id: userId, team_id: p.teamId, environment: p.environment })
        .whereNull('deleted_at')
        .first('id');
      return row !== undefined;
    },

    async queryIdById(p: TeamPrincipal, queryId: string): Promise<string | undefined> {
      const row = await visibleQueries(p).where('id', queryId).first<{ id: string } | undefined>('id');
      return row?.id;
    },

    /** The active query with this slug; the team's own before its organization's platform query. */
    async queryIdBySlug(p: TeamPrincipal, slug: string): Promise<string | undefined> {
      const row = await visibleQueries(p)
        .where({ slug, status: 'active' })
        .orderByRaw('team_id is null')
        .first<{ id: string } | undefined>('id');
      return row?.id;
    },

    async resultTable(queryId: string, userId: string): Promise<Record<string, unknown[]> | undefined> {
      const row = await db('continuous_query_results')
        .where({ query_id: queryId, user_id: userId })
        .first<{ result_table: Record<string, unknown[]> } | undefined>('result_table');
      return row?.result_table;
    },

    /** Whether the query builds FHIR observations (`export_preferences.fhir_observations`). */
    async producesFhirObservations(queryId: string): Promise<boolean> {
      const row = await db('continuous_queries')
        .where('id', queryId)
        .first<{ on: boolean | null } | undefined>(
          db.raw("(export_preferences->>'fhir_observations')::boolean as on"),
        );
      return row?.on === true;
    },

    /** The observations the last run stored; undefined without a run (or one from before they were kept). */
    async fhirObservations(queryId: string, userId: string): Promise<Record<string, unknown>[] | undefined> {
      const row = await db('continuous_query_results')
        .where({ query_id: queryId, user_id: userId })
        .first<{ fhir_observations: Record<string, unknown>[] | null } | undefined>('fhir_observations');
      return row?.fhir_observations ?? undefined;
    },

    /** Newest first; `limit + 1` rows tell whether another page follows. */
    async taskPage(
      queryId: string,
      userId: string,
      after: TaskHistoryPosition | undefined,
      limit: number,
    ): Promise<TaskHistoryRow[]> {
      const q = db('continuous_query_tasks')
        .where({ query_id: queryId, user_id: userId })
        .orderBy([
          { column: 'scheduled_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit + 1)
        .select(
          'id',
          'query_id',
          'user_id',
          'status',
          'scheduled_at',
          'started_at',
          'ended_at',
          'error_details',
          db.raw(`to_char(scheduled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position_at`),
        );
      if (after)
        void q.whereRaw('(scheduled_at, id) < (?::timestamptz, ?::uuid)', [after.scheduledAt, after.id]);
      return q;
    },
  };
}

export type ContinuousQueryResultsRepository = ReturnType<typeof createContinuousQueryResultsRepository>;
