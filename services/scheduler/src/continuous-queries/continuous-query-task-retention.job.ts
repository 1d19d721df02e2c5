/**
 * Leader tick: task history retention (issue 14). Finished tasks (`completed`, `skipped`, `error`) go
 * - once they ended more than `retentionDays` ago (`CONTINUOUS_QUERY_TASK_RETENTION_DAYS`, default 30), and
 * - beyond the newest `maxPerQueryUser` finished tasks of one query and user
 *   (`CONTINUOUS_QUERY_TASK_HISTORY_MAX`, default 1,000), newest by `scheduled_at`.
 * `scheduled` and `started` tasks are never removed, nor the latest run that started of a query and user (the
 * minimum gap is measured from it, however long the gap). Deletes run in bounded batches; a backlog is worked
 * off over several ticks. The count cap looks only at the (query, user) pairs with tasks that ended since the
 * previous pass (the only ones that can have grown past it).
 */
import type { Knex } from '@meridian/db';
import type { Logger } from '@meridian/platform';
import type { ScheduledJob } from '../scheduled-jobs';

export const CONTINUOUS_QUERY_TASK_RETENTION_JOB = 'continuous_query_task_retention';

export interface ContinuousQueryTaskRetentionOptions {
  /** Days a finished task is kept (default 30). */
  retentionDays?: number;
  /** Finished tasks kept per query and user (default 1,000). */
  maxPerQueryUser?: number;
  /** Rows deleted per statement (default 1,000). */
  batchSize?: number;
  /** Statements per tick and rule (default 10). */
  maxBatches?: number;
  /** (query, user) pairs checked against the cap per statement (default 500). */
  pairsPerBatch?: number;
}

const DAY_MS = 86_400_000;
const CAP_OVERLAP_MS = 10 * 60_000;
const FINISHED = `('completed', 'skipped', 'error')`;

export function createContinuousQueryTaskRetentionJob(deps: {
  db: Knex;
  logger: Logger;
  options?: ContinuousQueryTaskRetentionOptions;
}): ScheduledJob {
  const retentionMs = (deps.options?.retentionDays ?? 30) * DAY_MS;
  const maxPerPair = Math.max(1, deps.options?.maxPerQueryUser ?? 1000);
  const batchSize = deps.options?.batchSize ?? 1000;
  const maxBatches = deps.options?.maxBatches ?? 10;
  const pairsPerBatch = deps.options?.pairsPerBatch ?? 500;

  const deleteExpired = async (cutoff: Date): Promise<number> => {
    const result = await deps.db.raw<{ rowCount: number }>(
      `delete from continuous_query_tasks where id in (
         select t.id from continuous_query_tasks t
         where t.status in ${FINISHED} and t.ended_at < ?
           and not (t.started_at is not null and t.started_at = (
             select max(x.started_at) from continuous_query_tasks x
             where x.query_id = t.query_id and x.user_id = t.user_id))
         limit ?)`,
      [cutoff, batchSize],
    );
    return result.rowCount;
  };

  interface PairPosition {
    since: string;
    after: { lastEnd: string; queryId: string; userId: string } | null;
  }

  /**
   * The next pairs with tasks that ended at or after `since`, in (last end, query, user) order after `after`.
   */
  const nextPairs = async (position: PairPosition) => {
    const after = position.after;
    const { rows } = await deps.db.raw<{
      rows: { query_id: string; user_id: string; last_end: string }[];
    }>(
      `select query_id, user_id, max(ended_at)::text as last_end from continuous_query_tasks
       where status in ${FINISHED} and ended_at >= ?::timestamptz
       group by query_id, user_id
       ${after ? 'having (max(ended_at), query_id, user_id) > (?::timestamptz, ?::uuid, ?::uuid)' : ''}
       order by max(ended_at), query_id, user_id
       limit ?`,
      [position.since, ...(after ? [after.lastEnd, after.queryId, after.userId] : []), pairsPerBatch],
    );
    return rows;
  };

  /** Where the cap's walk over recently ended pairs stands (in memory: a new leader starts over). */
  let capPosition: PairPosition | null = null;

  const deleteOverCap = async (pairs: { query_id: string; user_id: string }[]): Promise<number> => {
    const result = await deps.db.raw<{ rowCount: number }>(
      `delete from continuous_query_tasks where id in (
         select id from (
           select t.id, row_number() over (
             partition by t.query_id, t.user_id order by t.scheduled_at desc, t.id desc) as n
           from continuous_query_tasks t
           join json_to_recordset(?::json) as p(query_id uuid, user_id uuid)
             on p.query_id = t.query_id and p.user_id = t.user_id
           where t.status in ${FINISHED}) ranked
         where n > ?)`,
      [JSON.stringify(pairs.map((p) => ({ query_id: p.query_id, user_id: p.user_id }))), maxPerPair],
    );
    return result.rowCount;
  };

  return {
    name: CONTINUOUS_QUERY_TASK_RETENTION_JOB,
    async run(now) {
      const cutoff = new Date(now.getTime() - retentionMs);
      let expired = 0;
      for (let batch = 0; batch < maxBatches; batch += 1) {
        const deleted = await deleteExpired(cutoff);
        expired += deleted;
        if (deleted < batchSize) break;
      }
      let overCap = 0;
      const position: PairPosition = capPosition ?? { since: cutoff.toISOString(), after: null };
      let passDone = false;
      for (let batch = 0; batch < maxBatches; batch += 1) {
        const pairs = await nextPairs(position);
        if (pairs.length > 0) overCap += await deleteOverCap(pairs);
        const last = pairs.at(-1);
        if (pairs.length < pairsPerBatch || !last) {
          passDone = true;
          break;
        }
        position.after = { lastEnd: last.last_end, queryId: last.query_id, userId: last.user_id };
      }
      // A finished pass starts over from a little before now: a run that ended just before it may have
      // committed after the look-up. An unfinished one goes on from where it stopped.
      capPosition = passDone
        ? { since: new Date(now.getTime() - CAP_OVERLAP_MS).toISOString(), after: null }
        : position;
      if (expired > 0 || overCap > 0)
        deps.logger.info('continuous query task history purged', { expired, over_cap: overCap });
    },
  };
}
