import type { Knex } from '@meridian/db';
import { PermanentError, type Transport } from '@meridian/messaging';
import { runWithMessageContext, type Logger } from '@meridian/platform';
import { createLeaderLock } from './leader-lock';
import { createScheduledJobs } from './scheduled-jobs';
import type { AuditPartitionsOptions } from './audit/audit-partitions.job';
import type { ContinuousQueryTaskRetentionOptions } from './continuous-queries/continuous-query-task-retention.job';
import type { LabReportSweepOptions } from './lab-reports/lab-report-sweep';
import type { ProviderSyncOptions } from './providers/provider-sync-jobs';
import type { SamplesReindexOptions } from './samples/samples-reindex.job';
import { createScheduler, type Scheduler } from './scheduler';
import { startContinuousQueryConsumers } from './continuous-queries/continuous-query-worker';

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
  /** The provider sync engine's deps, less the db, logger, clock and transport the worker already has. */
  providerSync?: Omit<ProviderSyncOptions, 'db' | 'logger' | 'clock' | 'transport'>;
  /** The audit trail's retention (`AUDIT_RETENTION_DAYS`). */
  auditPartitions?: AuditPartitionsOptions;
  /** Task history retention (`CONTINUOUS_QUERY_TASK_RETENTION_DAYS`, `CONTINUOUS_QUERY_TASK_HISTORY_MAX`). */
  continuousQueryTaskRetention?: ContinuousQueryTaskRetentionOptions;
  /** Packing of the samples partitions' primary keys (`SAMPLES_REINDEX_INTERVAL_HOURS`, `…_BYTES_PER_ROW`). */
  samplesReindex?: SamplesReindexOptions;
}): Promise<{ scheduler: Scheduler; close(): Promise<void> }> {
  const scheduler = createScheduler({
    jobs: createScheduledJobs({
      db: deps.db,
      logger: deps.logger,
      clock: deps.clock,
      transport: deps.transport,
      labReports: deps.labReports,
      auditPartitions: deps.auditPartitions,
      continuousQueryTaskRetention: deps.continuousQueryTaskRetention,
      samplesReindex: deps.samplesReindex,
      providerSync: deps.providerSync && {
        ...deps.providerSync,
        db: deps.db,
        logger: deps.logger,
        clock: deps.clock ?? (() => new Date()),
        transport: deps.transport,
      },
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
  const continuousQueries = await startContinuousQueryConsumers({
    db: deps.db,
    transport: deps.transport,
    logger: deps.logger,
    clock: deps.clock,
  });
  scheduler.start(deps.tickMs);
  return {
    scheduler,
    async close() {
      await consumer.cancel();
      await continuousQueries.close();
      await scheduler.stop();
    },
  };
}
