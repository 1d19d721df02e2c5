/**
 * Back-fill of continuous queries (issue 14): a new query — or a team whose `continuous_query` feature is
 * enabled anew — gets a task for every existing user of each team environment it reaches that has data in
 * its `resource_dependencies`, so result tables exist without waiting for new data.
 *
 * - Leader tick: requests the back-fills that are missing (`continuous_query_backfills`), and hands over
 *   the pending ones as `scheduler.task.continuous_query_backfill {query_id, team_id}` (again when a
 *   hand-over was lost: not finished and not touched for `redispatchAfterMs`).
 * - Task message: one batch in one short transaction — the next `batchSize` users of the team environment
 *   after the stored position; those with data get a `scheduled` task (one pending task per query and user,
 *   as for data changes); the position advances. After commit the tasks go to the run queue and, when users
 *   remain, the next batch's message is published. A batch of an archived query or of a team without the
 *   feature ends the back-fill.
 */
import { withTransaction, type Knex } from '@meridian/db';
import { createMessage, PermanentError, type Transport } from '@meridian/messaging';
import type { Logger } from '@meridian/platform';
import type { JobTask, ScheduledJob } from '../scheduled-jobs';
import { createContinuousQueryBackfillRepository } from './continuous-query-backfill.repository';
import { createContinuousQueryTasksRepository } from './continuous-query-tasks.repository';
import { publishTaskDue } from './continuous-query-worker';

export const CONTINUOUS_QUERY_BACKFILL_JOB = 'continuous_query_backfill';
export const CONTINUOUS_QUERY_BACKFILL_TASK = `scheduler.task.${CONTINUOUS_QUERY_BACKFILL_JOB}`;

export interface ContinuousQueryBackfillOptions {
  /** Users looked at per batch (one transaction), default 500. */
  batchSize?: number;
  /** A pending back-fill untouched this long is handed over again (a lost message), default 5 minutes. */
  redispatchAfterMs?: number;
  /** Back-fills requested and handed over per tick, default 100. */
  perTick?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function backfillOf(data: unknown): { queryId: string; teamId: string } {
  const d = (data ?? {}) as Record<string, unknown>;
  const queryId = d.query_id;
  const teamId = d.team_id;
  if (typeof queryId !== 'string' || !UUID.test(queryId) || typeof teamId !== 'string' || !UUID.test(teamId))
    throw new PermanentError('continuous query back-fill message without a valid query_id and team_id');
  return { queryId: queryId.toLowerCase(), teamId: teamId.toLowerCase() };
}

export async function publishBackfillBatch(
  transport: Pick<Transport, 'publish'>,
  backfill: { query_id: string; team_id: string },
): Promise<void> {
  await transport.publish(
    CONTINUOUS_QUERY_BACKFILL_TASK,
    createMessage(CONTINUOUS_QUERY_BACKFILL_TASK, { query_id: backfill.query_id, team_id: backfill.team_id }),
  );
}

export interface BackfillBatchResult {
  /** New tasks (to hand to the run queue). */
  taskIds: string[];
  /** Users remain after this batch. */
  more: boolean;
}

/** One batch of one back-fill; a finished or unknown back-fill is a no-op (at-least-once safe). */
export async function runBackfillBatch(
  db: Knex,
  backfill: { queryId: string; teamId: string },
  now: Date,
  batchSize: number,
): Promise<BackfillBatchResult> {
  return withTransaction(db, async (trx) => {
    const backfills = createContinuousQueryBackfillRepository(trx);
    const tasks = createContinuousQueryTasksRepository(trx);
    const row = await backfills.lock(backfill.queryId, backfill.teamId);
    if (!row || row.completed_at !== null) return { taskIds: [], more: false };
    const query = await tasks.findQuery(backfill.queryId);
    if (!query || query.status !== 'active' || !(await backfills.teamHasFeature(backfill.teamId))) {
      await backfills.advance(row, { last: undefined, scheduled: 0, done: true, now });
      return { taskIds: [], more: false };
    }
    const users = await backfills.nextUsers(row, query.environment, query.resource_dependencies, batchSize);
    const taskIds: string[] = [];
    for (const user of users) {
      if (!user.has_data) continue;
      const taskId = await tasks.schedule({
        queryId: query.id,
        userId: user.id,
        at: now,
        changedAt: null,
        dispatchedAt: now,
      });
      if (taskId) taskIds.push(taskId);
    }
    const more = users.length === batchSize;
    await backfills.advance(row, { last: users.at(-1), scheduled: taskIds.length, done: !more, now });
    return { taskIds, more };
  });
}

export function createContinuousQueryBackfillJob(deps: {
  db: Knex;
  logger: Logger;
  transport?: Pick<Transport, 'publish'>;
  options?: ContinuousQueryBackfillOptions;
}): ScheduledJob {
  const batchSize = deps.options?.batchSize ?? 500;
  const redispatchAfterMs = deps.options?.redispatchAfterMs ?? 5 * 60_000;
  const perTick = deps.options?.perTick ?? 100;

  async function tick(now: Date, transport: Pick<Transport, 'publish'>): Promise<void> {
    const repo = createContinuousQueryBackfillRepository(deps.db);
    const requested = await repo.requestMissing(now, perTick);
    const pending = await repo.claimPending(now, new Date(now.getTime() - redispatchAfterMs), perTick);
    // A publish lost here is handed over again after redispatchAfterMs.
    for (const backfill of pending) await publishBackfillBatch(transport, backfill);
    if (requested > 0) deps.logger.info('continuous query back-fills requested', { count: requested });
  }

  async function batch(now: Date, task: JobTask, transport: Pick<Transport, 'publish'>): Promise<void> {
    const backfill = backfillOf(task.data);
    const result = await runBackfillBatch(deps.db, backfill, now, batchSize);
    await publishTaskDue(transport, result.taskIds);
    if (result.more)
      await publishBackfillBatch(transport, { query_id: backfill.queryId, team_id: backfill.teamId });
  }

  return {
    name: CONTINUOUS_QUERY_BACKFILL_JOB,
    async run(now, task) {
      // Without a broker nothing could run the tasks either: the back-fills wait for one.
      const transport = deps.transport;
      if (!transport) return;
      if (task === undefined) await tick(now, transport);
      else await batch(now, task, transport);
    },
  };
}
