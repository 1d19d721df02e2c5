import {
  createLabReportJobsRepository,
  createOutboxRepository,
  parsingJobEvent,
  withTransaction,
  type Knex,
} from '@meridian/db';
import { createMessage, PARSER_JOB_REQUESTED, type Transport } from '@meridian/messaging';
import type { Logger } from '@meridian/platform';
import type { ScheduledJob } from '../scheduled-jobs';

/**
 * Leader tick: lab report parsing jobs left in `upload_pending` or `started` longer than `stuckAfterMs`
 * (the parse request was lost, or the worker died mid-parse) are asked for again, and the ones already
 * started `maxAttempts` times fail with `processing_error`. Jobs parsed and waiting for human review are
 * not stuck. Claimed with `skip locked`, so a worker finishing the job at that moment wins.
 */

export const LAB_REPORT_SWEEP_JOB = 'lab_report_parsing_sweep';

export interface LabReportSweepOptions {
  /** Time without progress after which a job counts as stuck (default 15 minutes). */
  stuckAfterMs?: number;
  /** Parse attempts after which a stuck job fails with `processing_error` (default 5). */
  maxAttempts?: number;
  /** Jobs handled per tick (default 50). */
  perTick?: number;
}

export function createLabReportSweep(
  deps: { db: Knex; logger: Logger; transport?: Pick<Transport, 'publish'> } & LabReportSweepOptions,
): ScheduledJob {
  const stuckAfterMs = deps.stuckAfterMs ?? 15 * 60_000;
  const maxAttempts = deps.maxAttempts ?? 5;
  const perTick = deps.perTick ?? 50;

  /** In one transaction: fail the exhausted jobs, mark the others re-queued; returns the ones to request. */
  async function claimStuck(now: Date): Promise<{ requeue: string[]; failed: number }> {
    return withTransaction(deps.db, async (trx) => {
      const repo = createLabReportJobsRepository(trx);
      const stuck = await repo.lockStuck(new Date(now.getTime() - stuckAfterMs), perTick);
      const requeue: string[] = [];
      let failed = 0;
      for (const job of stuck) {
        if (job.attempts >= maxAttempts) {
          const updated = await repo.markFailed(job.id, 'processing_error', now);
          await createOutboxRepository(trx).append([
            parsingJobEvent('lab_report.parsing_job.updated', updated),
          ]);
          failed += 1;
        } else if (deps.transport) {
          await repo.touch(job.id, now);
          requeue.push(job.id);
        }
      }
      return { requeue, failed };
    });
  }

  return {
    name: LAB_REPORT_SWEEP_JOB,
    async run(now) {
      const { requeue, failed } = await claimStuck(now);
      for (const jobId of requeue) {
        // A lost publish is found again after another stuckAfterMs.
        await deps.transport?.publish(
          PARSER_JOB_REQUESTED,
          createMessage(PARSER_JOB_REQUESTED, { job_id: jobId }),
        );
      }
      if (requeue.length > 0 || failed > 0) {
        deps.logger.warn('stuck lab report parsing jobs swept', { requeued: requeue.length, failed });
      }
    },
  };
}
