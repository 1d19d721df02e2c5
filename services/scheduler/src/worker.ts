import type { Knex } from '@meridian/db';
import { PermanentError, type Transport } from '@meridian/messaging';
import { runWithMessageContext, type Logger } from '@meridian/platform';
import { createLeaderLock } from './leader-lock';
import { createScheduledJobs } from './scheduled-jobs';
import type { LabReportSweepOptions } from './lab-reports/lab-report-sweep';
import { createScheduler, type Scheduler } from './scheduler';

export const SCHEDULER_QUEUE = 'scheduler.tasks';
const TASK_PREFIX = 'scheduler.task.';

/**
 * The scheduler worker: the leader runs timed jobs each tick; `scheduler.task.<job>` messages run a job
 * at once (at-least-once safe: every job is idempotent).
 */
export async function startSchedulerWorker(deps: {
  db: Knex;
  transport: Transport;
  logger: Logger;
  tickMs: number;
  clock?: () => Date;
  labReports?: LabReportSweepOptions;
}): Promise<{ scheduler: Scheduler; close(): Promise<void> }> {
  const scheduler = createScheduler({
    jobs: createScheduledJobs({
      db: deps.db,
      logger: deps.logger,
      clock: deps.clock,
      transport: deps.transport,
      labReports: deps.labReports,
    }),
    leader: createLeaderLock(deps.db),
    logger: deps.logger,
    clock: deps.clock ?? (() => new Date()),
  });
  const consumer = await deps.transport.consume(SCHEDULER_QUEUE, ({ envelope, headers, attempt }) =>
    runWithMessageContext(headers, async () => {
      const job = envelope.type.slice(TASK_PREFIX.length);
      if (!envelope.type.startsWith(TASK_PREFIX))
        throw new PermanentError(`unexpected message type ${envelope.type}`);
      if (!(await scheduler.runJob(job, { data: envelope.data, attempt })))
        throw new PermanentError(`no scheduled job named ${job}`);
    }),
  );
  scheduler.start(deps.tickMs);
  return {
    scheduler,
    async close() {
      await consumer.cancel();
      await scheduler.stop();
    },
  };
}
