import { createLabReportJobsRepository, withTransaction, type Knex } from '@meridian/db';
import type { Logger } from '@meridian/platform';
import type { ScheduledJob } from '../scheduled-jobs';

/**
 * Leader tick: deletes the raw uploaded files of lab report parsing jobs whose retention has passed (the team
 * environment's `lab_report_upload_retention_days` after the job ended). Files of teams without a retention
 * are deleted when the job ends; this job only catches the kept ones (and those of jobs that ended before
 * deletion existed). The jobs, their results and metadata stay.
 */

export const LAB_REPORT_UPLOAD_PURGE_JOB = 'lab_report_upload_purge';

export interface LabReportUploadPurgeOptions {
  /** Jobs whose files are deleted per transaction (default 200). */
  batchSize?: number;
  /** Batches per tick (default 10): a backlog is worked off over several ticks without one long run. */
  maxBatches?: number;
}

export function createLabReportUploadPurgeJob(deps: {
  db: Knex;
  logger: Logger;
  options?: LabReportUploadPurgeOptions;
}): ScheduledJob {
  const batchSize = deps.options?.batchSize ?? 200;
  const maxBatches = deps.options?.maxBatches ?? 10;

  const deleteBatch = (now: Date) =>
    withTransaction(deps.db, (trx) => createLabReportJobsRepository(trx).deleteDueUploads(now, batchSize));

  return {
    name: LAB_REPORT_UPLOAD_PURGE_JOB,
    async run(now) {
      let jobs = 0;
      for (let batch = 0; batch < maxBatches; batch += 1) {
        const deleted = await deleteBatch(now);
        jobs += deleted;
        if (deleted < batchSize) break;
      }
      if (jobs > 0) deps.logger.info('lab report uploads past their retention deleted', { jobs });
    },
  };
}
