/**
 * SQL of the continuous-query back-fill (migration 20261128200000): one `continuous_query_backfills` row per
 * active query and team it reaches; each batch looks at the next users of that team environment in
 * (created_on, id) order and schedules the query for those with data in its `resource_dependencies`.
 */
import type { Knex } from '@meridian/db';
import { CONTINUOUS_QUERY_FEATURE } from './continuous-query-tasks.repository';

export interface BackfillRow {
  query_id: string;
  team_id: string;
  requested_at: Date;
  after_created_on: string | null;
  after_user_id: string | null;
  users_scheduled: number;
  completed_at: Date | null;
}

export interface BackfillCandidate {
  id: string;
  /** `created_on` as PostgreSQL text: microseconds kept (a JS Date would cut them and look at a user twice). */
  created_on: string;
  has_data: boolean;
}

export function createContinuousQueryBackfillRepository(db: Knex | Knex.Transaction) {
  return {
    /**
     * (Re)requests the back-fill of every active query for each team it reaches whose `continuous_query`
     * feature is on, where none was requested since the query was created and the feature enabled (a new
     * query, or a team whose feature was enabled anew). Returns how many were requested. `requested_at` is
     * at least the feature's `enabled_at` (database time), so a clock behind the database's asks only once.
     */
    async requestMissing(now: Date, limit: number): Promise<number> {
      const { rows } = await db.raw<{ rows: unknown[] }>(
        `insert into continuous_query_backfills as b (query_id, team_id, requested_at)
         select q.id, t.id, greatest(?::timestamptz, f.enabled_at)
         from continuous_queries q
         join teams t on (t.id = q.team_id or (q.team_id is null and t.org_id = q.org_id))
         join team_features f on f.team_id = t.id and f.feature = ?
         left join continuous_query_backfills x on x.query_id = q.id and x.team_id = t.id
         where q.status = 'active' and (x.query_id is null or x.requested_at < f.enabled_at)
         order by q.created_at, q.id, t.id
         limit ?
         on conflict (query_id, team_id) do update set
           requested_at = excluded.requested_at, after_created_on = null, after_user_id = null,
           users_scheduled = 0, dispatched_at = null, completed_at = null
         returning b.query_id`,
        [now, CONTINUOUS_QUERY_FEATURE, limit],
      );
      return rows.length;
    },

    /** Back-fills not finished and not handed over since `redispatchBefore`: marked dispatched, returned. */
    async claimPending(
      now: Date,
      redispatchBefore: Date,
      limit: number,
    ): Promise<{ query_id: string; team_id: string }[]> {
      const { rows } = await db.raw<{ rows: { query_id: string; team_id: string }[] }>(
        `update continuous_query_backfills b set dispatched_at = ?
         from (select query_id, team_id from continuous_query_backfills
               where completed_at is null and (dispatched_at is null or dispatched_at < ?)
               order by requested_at
               limit ?
               for update skip locked) p
         where b.query_id = p.query_id and b.team_id = p.team_id
         returning b.query_id, b.team_id`,
        [now, redispatchBefore, limit],
      );
      return rows;
    },

    async lock(queryId: string, teamId: string): Promise<BackfillRow | undefined> {
      return db('continuous_query_backfills')
        .where({ query_id: queryId, team_id: teamId })
        .forUpdate()
        .first<BackfillRow | undefined>(
          'query_id',
          'team_id',
          'requested_at',
          db.raw('after_created_on::text as after_created_on'),
          'after_user_id',
          'users_scheduled',
          'completed_at',
        );
    },

    async teamHasFeature(teamId: string): Promise<boolean> {
      const row = await db('team_features')
        .where({ team_id: teamId, feature: CONTINUOUS_QUERY_FEATURE })
        .first('team_id');
      return row !== undefined;
    },

    /**
     * The next `limit` live users of the team environment after the stored position, each with whether it
     * has data in one of `resources` (timeseries samples by resource, summaries by kind).
     */
    async nextUsers(
      row: BackfillRow,
      environment: string,
      resources: readonly string[],
      limit: number,
    ): Promise<BackfillCandidate[]> {
      const q = db('users as u')
        .where({ 'u.team_id': row.team_id, 'u.environment': environment })
        .whereNull('u.deleted_at')
        .orderBy([{ column: 'u.created_on' }, { column: 'u.id' }])
        .limit(limit)
        .select<BackfillCandidate[]>(
          'u.id',
          db.raw('u.created_on::text as created_on'),
          db.raw(
            `(exists (select 1 from sample_series s join samples x on x.user_id = s.user_id and x.series = s.id
                       where s.user_id = u.id and x.user_id = u.id and s.resource = any(?::text[]))
              or exists (select 1 from summaries m where m.user_id = u.id and m.kind = any(?::text[])))
             as has_data`,
            [[...resources], [...resources]],
          ),
        );
      if (row.after_created_on !== null && row.after_user_id !== null)
        void q.whereRaw('(u.created_on, u.id) > (?::timestamptz, ?::uuid)', [
          row.after_created_on,
          row.after_user_id,
        ]);
      return q;
    },

    async advance(
      row: BackfillRow,
      input: { last: BackfillCandidate | undefined; scheduled: number; done: boolean; now: Date },
    ): Promise<void> {
      await db('continuous_query_backfills')
        .where({ query_id: row.query_id, team_id: row.team_id })
        .update({
          ...(input.last ? { after_created_on: input.last.created_on, after_user_id: input.last.id } : {}),
          users_scheduled: row.users_scheduled + input.scheduled,
          dispatched_at: input.now,
          completed_at: input.done ? input.now : null,
        });
    },
  };
}
