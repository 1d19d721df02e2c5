/**
 * Keeping continuous-query result tables current, in the scheduler process: a consumer of the relayed data
 * events (schedules the dependent queries per user), a consumer of due tasks (runs them), and a sweep on
 * the leader's tick (hands over deferred tasks when they come due, re-publishes lost hand-overs, ends runs
 * that never finished and schedules them again).
 */
import { withTransaction, type Knex } from '@meridian/db';
import {
  CONTINUOUS_QUERY_TASK_DUE,
  createMessage,
  meridianQueues,
  PermanentError,
  type Subscription,
  type Transport,
} from '@meridian/messaging';
import { runWithMessageContext, type Logger } from '@meridian/platform';
import { createContinuousQueryTasksRepository } from './continuous-query-tasks.repository';
import { runContinuousQueryTask, type RunTaskDeps } from './run-continuous-query-task';
import { scheduleOnDataChange } from './schedule-on-data-change';
import type { ScheduledJob } from '../scheduled-jobs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ContinuousQueryQueues {
  dataChanges: string;
  runs: string;
}

export const CONTINUOUS_QUERY_QUEUES: ContinuousQueryQueues = {
  dataChanges: meridianQueues.schedulerDataChanges,
  runs: meridianQueues.continuousQueryRuns,
};

export interface ContinuousQuerySweepOptions {
  /** A due task handed over this long ago and still scheduled is handed over again (a lost message). */
  redispatchAfterMs?: number;
  /** A run started this long ago and not finished is ended in `error` and scheduled again. */
  stuckAfterMs?: number;
  /** Tasks handed over per tick. */
  perTick?: number;
}

export async function publishTaskDue(
  transport: Pick<Transport, 'publish'>,
  taskIds: readonly string[],
): Promise<void> {
  for (const taskId of taskIds) {
    await transport.publish(
      CONTINUOUS_QUERY_TASK_DUE,
      createMessage(CONTINUOUS_QUERY_TASK_DUE, { task_id: taskId }),
    );
  }
}

function idOf(data: unknown, key: string): string {
  const value = (data as Record<string, unknown> | null)?.[key];
  if (typeof value !== 'string' || !UUID.test(value))
    throw new PermanentError(`message without a valid ${key}`);
  return value.toLowerCase();
}

/** The sweep: a leader's tick job. */
export function createContinuousQuerySweepJob(deps: {
  db: Knex;
  logger: Logger;
  transport?: Pick<Transport, 'publish'>;
  options?: ContinuousQuerySweepOptions;
}): ScheduledJob {
  const redispatchAfterMs = deps.options?.redispatchAfterMs ?? 5 * 60_000;
  const stuckAfterMs = deps.options?.stuckAfterMs ?? 15 * 60_000;
  const perTick = deps.options?.perTick ?? 1000;
  return {
    name: 'continuous_query_sweep',
    async run(now) {
      const transport = deps.transport;
      if (!transport) return;
      const rescheduled = await withTransaction(deps.db, async (trx) => {
        const repo = createContinuousQueryTasksRepository(trx);
        const stuck = await repo.failStuck(new Date(now.getTime() - stuckAfterMs), now, perTick);
        for (const s of stuck)
          await repo.schedule({
            queryId: s.query_id,
            userId: s.user_id,
            at: now,
            changedAt: null,
            dispatchedAt: null,
          });
        return stuck.length;
      });
      const due = await createContinuousQueryTasksRepository(deps.db).claimDue(
        now,
        new Date(now.getTime() - redispatchAfterMs),
        perTick,
      );
      // A publish lost here is handed over again after redispatchAfterMs.
      await publishTaskDue(transport, due);
      if (rescheduled > 0)
        deps.logger.warn('continuous query runs that did not finish were scheduled again', {
          count: rescheduled,
        });
    },
  };
}

/** Starts both consumers; `close` stops them and waits for the deliveries in flight. */
export async function startContinuousQueryConsumers(deps: {
  db: Knex;
  transport: Transport;
  logger: Logger;
  clock?: () => Date;
  queues?: ContinuousQueryQueues;
  statementTimeoutMs?: number;
  /** Runs at once per process (each holds a database connection while its query runs). */
  runPrefetch?: number;
}): Promise<{ close(): Promise<void> }> {
  const clock = deps.clock ?? (() => new Date());
  const queues = deps.queues ?? CONTINUOUS_QUERY_QUEUES;
  const runDeps: RunTaskDeps = {
    db: deps.db,
    logger: deps.logger,
    clock,
    statementTimeoutMs: deps.statementTimeoutMs,
  };
  const subscriptions: Subscription[] = [];
  try {
    subscriptions.push(
      await deps.transport.consume(queues.dataChanges, ({ envelope, headers }) =>
        runWithMessageContext(headers, async () => {
          if (!envelope.type.startsWith('event.'))
            throw new PermanentError(`unexpected message ${envelope.type}`);
          const taskIds = await scheduleOnDataChange(deps.db, idOf(envelope.data, 'event_id'), clock());
          await publishTaskDue(deps.transport, taskIds);
        }),
      ),
    );
    subscriptions.push(
      await deps.transport.consume(
        queues.runs,
        ({ envelope, headers }) =>
          runWithMessageContext(headers, async () => {
            if (envelope.type !== CONTINUOUS_QUERY_TASK_DUE)
              throw new PermanentError(`unexpected message ${envelope.type}`);
            await runContinuousQueryTask(runDeps, idOf(envelope.data, 'task_id'));
          }),
        { prefetch: deps.runPrefetch ?? 2 },
      ),
    );
  } catch (err) {
    await Promise.all(subscriptions.map((s) => s.cancel()));
    throw err;
  }
  return {
    async close() {
      await Promise.all(subscriptions.map((s) => s.cancel()));
    },
  };
}
