/**
 * SQL of keeping continuous-query result tables current: the queries a data change concerns, the tasks
 * (api-shapes §9: scheduled → started → completed | error, scheduled → skipped) and the result tables.
 */
import { newId } from '@meridian/domain';
import type { Knex } from '@meridian/db';
import type { FhirObservation } from '@meridian/query-language';
import type { ResultTable } from './result-table';

export interface StoredResult {
  result_table: ResultTable;
  table_hash: string;
  fhir_observations: FhirObservation[] | null;
}

export type TaskStatus = 'scheduled' | 'started' | 'completed' | 'error' | 'skipped';

export interface TaskRow {
  id: string;
  query_id: string;
  user_id: string;
  status: TaskStatus;
  scheduled_at: Date;
  started_at: Date | null;
  changed_at: Date | null;
}

/** The columns of a continuous query a run reads. */
export interface RunnableQuery {
  id: string;
  org_id: string;
  team_id: string | null;
  environment: string;
  slug: string;
  status: 'active' | 'archived';
  query: unknown;
  query_config: unknown;
  scheduling_preferences: { minimum_gap_duration_second?: number | null } | null;
  export_preferences: { data_events?: { enabled?: boolean }; fhir_observations?: boolean } | null;
  resource_dependencies: string[];
}

export interface TaskUser {
  id: string;
  team_id: string;
  org_id: string;
  environment: string;
  client_user_id: string;
  deleted_at: Date | null;
  /** The user's IANA time zone when known (FHIR observation times of buckets shorter than a day). */
  time_zone: string | null;
  /** The user's team has the closed-beta feature. */
  feature_enabled: boolean;
}

export const CONTINUOUS_QUERY_FEATURE = 'continuous_query';
/** Bounds the error text stored on a task (the column allows 4096 characters). */
const MAX_ERROR_DETAILS = 1000;

export function createContinuousQueryTasksRepository(db: Knex | Knex.Transaction) {
  return {
    /** The user of a live team environment whose data changed; undefined when gone or being deleted. */
    async findLiveUser(userId: string): Promise<TaskUser | undefined> {
      return db('users as u')
        .join('teams as t', 't.id', 'u.team_id')
        .where('u.id', userId)
        .first<TaskUser | undefined>(
          'u.id',
          'u.team_id',
          't.org_id',
          'u.environment',
          'u.client_user_id',
          'u.deleted_at',
          'u.fallback_time_zone as time_zone',
          db.raw(
            'exists (select 1 from team_features f where f.team_id = u.team_id and f.feature = ?) as feature_enabled',
            [CONTINUOUS_QUERY_FEATURE],
          ),
        );
    },

    /**
     * Active queries visible in the user's team environment (the team's own and its org's platform queries)
     * that depend on one of `resources`.
     */
    async dependentQueryIds(user: TaskUser, resources: readonly string[]): Promise<string[]> {
      if (resources.length === 0) return [];
      return db('continuous_queries')
        .where({ status: 'active', environment: user.environment })
        .whereRaw('resource_dependencies && array(select jsonb_array_elements_text(?::jsonb))', [
          JSON.stringify(resources),
        ])
        .where((q) =>
          q
            .where('team_id', user.team_id)
            .orWhere((p) => p.whereNull('team_id').where('org_id', user.org_id)),
        )
        .orderBy('id')
        .pluck('id');
    },

    /**
     * True when a task of this query and user was already scheduled for the data change of the transaction
     * that started at `changedAt` (another event of the same ingest). Such a task runs after that commit.
     */
    async coversChange(queryId: string, userId: string, changedAt: Date): Promise<boolean> {
      const row = await db('continuous_query_tasks')
        .where({ query_id: queryId, user_id: userId, changed_at: changedAt })
        .first('id');
      return row !== undefined;
    },

    /**
     * A scheduled task at `at`, unless the query and user already have one: that one has not started, so it
     * covers the change, and records it as its latest (`changed_at`). Returns the new task's id, or null.
     */
    async schedule(input: {
      queryId: string;
      userId: string;
      at: Date;
      changedAt: Date | null;
      dispatchedAt: Date | null;
    }): Promise<string | null> {
      const { rows } = await db.raw<{ rows: { id: string; inserted: boolean }[] }>(
        `insert into continuous_query_tasks as t
           (id, query_id, user_id, status, scheduled_at, changed_at, dispatched_at)
         values (?, ?, ?, 'scheduled', ?, ?, ?)
         on conflict (query_id, user_id) where status = 'scheduled'
         do update set changed_at = greatest(t.changed_at, excluded.changed_at)
         returning id, (xmax = 0) as inserted`,
        [newId(), input.queryId, input.userId, input.at, input.changedAt, input.dispatchedAt],
      );
      const row = rows[0];
      return row?.inserted ? row.id : null;
    },

    /**
     * Takes the user's row key-share lock first, as the user's deletion (which locks the user, then its tasks
     * and results through the cascade) does: a run's transaction then never holds a task while waiting for
     * the user, so the two never deadlock. No-op for a user already gone.
     */
    async lockUserOfTask(taskId: string): Promise<void> {
      await db.raw(
        `select 1 from users u where u.id = (select user_id from continuous_query_tasks where id = ?) for key share`,
        [taskId],
      );
    },

    async lockTask(taskId: string): Promise<TaskRow | undefined> {
      return db('continuous_query_tasks')
        .where({ id: taskId })
        .forUpdate()
        .first<TaskRow | undefined>(
          'id',
          'query_id',
          'user_id',
          'status',
          'scheduled_at',
          'started_at',
          'changed_at',
        );
    },

    async findQuery(queryId: string, lock?: 'share'): Promise<RunnableQuery | undefined> {
      const q = db('continuous_queries').where({ id: queryId });
      if (lock === 'share') void q.forShare();
      return q.first<RunnableQuery | undefined>(
        'id',
        'org_id',
        'team_id',
        'environment',
        'slug',
        'status',
        'query',
        'query_config',
        'scheduling_preferences',
        'export_preferences',
        'resource_dependencies',
      );
    },

    /** When the latest run of this query for this user started (any run that got as far as starting). */
    async lastStartedAt(queryId: string, userId: string, exceptTaskId: string): Promise<Date | null> {
      const row = await db('continuous_query_tasks')
        .where({ query_id: queryId, user_id: userId })
        .whereNotNull('started_at')
        .whereNot('id', exceptTaskId)
        .max<{ last: Date | null }>('started_at as last')
        .first();
      return row?.last ?? null;
    },

    /**
     * The last change known in the user's data the query depends on: the ingest time ingestion records per
     * provider and resource (`resource_stats.last_attempt_at`); null when none is recorded.
     */
    async lastIngestAt(userId: string, resources: readonly string[]): Promise<Date | null> {
      if (resources.length === 0) return null;
      const row = await db('resource_stats')
        .where({ user_id: userId })
        .whereIn('resource', [...resources])
        .max<{ last: Date | null }>('last_attempt_at as last')
        .first();
      return row?.last ?? null;
    },

    /** When the latest run of this query for this user that stored its result (completed) started. */
    async lastCompletedStartedAt(queryId: string, userId: string): Promise<Date | null> {
      const row = await db('continuous_query_tasks')
        .where({ query_id: queryId, user_id: userId, status: 'completed' })
        .max<{ last: Date | null }>('started_at as last')
        .first();
      return row?.last ?? null;
    },

    async markSkipped(taskId: string, now: Date): Promise<void> {
      await db('continuous_query_tasks')
        .where({ id: taskId, status: 'scheduled' })
        .update({ status: 'skipped', ended_at: now });
    },

    async markStarted(taskId: string, now: Date): Promise<void> {
      await db('continuous_query_tasks')
        .where({ id: taskId, status: 'scheduled' })
        .update({ status: 'started', started_at: now });
    },

    async markCompleted(taskId: string, now: Date): Promise<void> {
      await db('continuous_query_tasks')
        .where({ id: taskId, status: 'started' })
        .update({ status: 'completed', ended_at: now });
    },

    async markError(taskId: string, now: Date, details: string): Promise<void> {
      await db('continuous_query_tasks')
        .where({ id: taskId, status: 'started' })
        .update({ status: 'error', ended_at: now, error_details: details.slice(0, MAX_ERROR_DETAILS) });
    },

    /** Serialises the result writes of one query and user (two runs without a gap may finish in any order). */
    async lockResult(queryId: string, userId: string): Promise<void> {
      await db.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
        `continuous-query-result:${queryId}:${userId}`,
      ]);
    },

    /** True when a run of this query and user that started after `startedAt` has already completed. */
    async newerRunCompleted(queryId: string, userId: string, startedAt: Date): Promise<boolean> {
      const row = await db('continuous_query_tasks')
        .where({ query_id: queryId, user_id: userId, status: 'completed' })
        .where('started_at', '>', startedAt)
        .first('id');
      return row !== undefined;
    },

    async findResult(queryId: string, userId: string): Promise<StoredResult | undefined> {
      return db('continuous_query_results')
        .where({ query_id: queryId, user_id: userId })
        .first<StoredResult | undefined>('result_table', 'table_hash', 'fhir_observations');
    },

    /** Replaces the user's result table (and its FHIR observations) as a whole. */
    async saveResult(
      queryId: string,
      userId: string,
      table: ResultTable,
      hash: string,
      now: Date,
      fhirObservations: readonly FhirObservation[] | null = null,
    ) {
      await db.raw(
        `insert into continuous_query_results
           (query_id, user_id, result_table, table_hash, updated_at, fhir_observations)
         values (?, ?, ?::jsonb, ?, ?, ?::jsonb)
         on conflict (query_id, user_id)
         do update set result_table = excluded.result_table, table_hash = excluded.table_hash,
                       updated_at = excluded.updated_at, fhir_observations = excluded.fhir_observations`,
        [
          queryId,
          userId,
          JSON.stringify(table),
          hash,
          now,
          fhirObservations === null ? null : JSON.stringify(fhirObservations),
        ],
      );
    },

    /**
     * Claims up to `limit` due scheduled tasks not handed over since `redispatchBefore` and marks them
     * dispatched; the caller publishes them after commit.
     */
    async claimDue(now: Date, redispatchBefore: Date, limit: number): Promise<string[]> {
      const { rows } = await db.raw<{ rows: { id: string }[] }>(
        `update continuous_query_tasks set dispatched_at = ?
         where id in (
           select id from continuous_query_tasks
           where status = 'scheduled' and scheduled_at <= ?
             and (dispatched_at is null or dispatched_at < ?)
           order by scheduled_at
           limit ?
           for update skip locked)
         returning id`,
        [now, now, redispatchBefore, limit],
      );
      return rows.map((r) => r.id);
    },

    /** Runs started before `startedBefore` that never finished (a crashed worker): error, returned for a re-run. */
    async failStuck(
      startedBefore: Date,
      now: Date,
      limit: number,
    ): Promise<{ query_id: string; user_id: string }[]> {
      const { rows } = await db.raw<{ rows: { query_id: string; user_id: string }[] }>(
        `update continuous_query_tasks
         set status = 'error', ended_at = ?, error_details = ?
         where id in (
           select id from continuous_query_tasks
           where status = 'started' and started_at < ?
           order by started_at
           limit ?
           for update skip locked)
         returning query_id, user_id`,
        [now, 'The run did not finish in time; it was scheduled again.', startedBefore, limit],
      );
      return rows;
    },
  };
}

export type ContinuousQueryTasksRepository = ReturnType<typeof createContinuousQueryTasksRepository>;
