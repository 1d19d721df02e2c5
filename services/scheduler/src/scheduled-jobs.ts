import { purgeExpiredUsers, type Knex } from '@meridian/db';
import type { Transport } from '@meridian/messaging';
import type { Logger } from '@meridian/platform';
import { createAuditPartitionsJob, type AuditPartitionsOptions } from './audit/audit-partitions.job';
import {
  createContinuousQuerySweepJob,
  type ContinuousQuerySweepOptions,
} from './continuous-queries/continuous-query-worker';
import {
  createContinuousQueryBackfillJob,
  type ContinuousQueryBackfillOptions,
} from './continuous-queries/continuous-query-backfill.job';
import {
  createContinuousQueryTaskRetentionJob,
  type ContinuousQueryTaskRetentionOptions,
} from './continuous-queries/continuous-query-task-retention.job';
import { createDemoJobs, type DemoJobsOptions } from './demo/demo-jobs';
import { createLabReportSweep, type LabReportSweepOptions } from './lab-reports/lab-report-sweep';
import {
  createLabReportUploadPurgeJob,
  type LabReportUploadPurgeOptions,
} from './lab-reports/lab-report-upload-purge.job';
import { providerSyncJobs, type ProviderSyncOptions } from './providers/provider-sync-jobs';
import { createSamplesReindexJob, type SamplesReindexOptions } from './samples/samples-reindex.job';
import {
  createSdkCredentialsPurgeJob,
  type SdkCredentialsPurgeOptions,
} from './sdk/sdk-credentials-purge.job';

/** What a `scheduler.task.<job>` message brings to the job it starts. */
export interface JobTask {
  /** The message's `data`. */
  data: unknown;
  /** 1 on the first delivery. */
  attempt: number;
}

/** Timed work the leader runs on each tick, and work started by task messages. */
export interface ScheduledJob {
  name: string;
  /** False for jobs that only run when a task message asks for them. Default true. */
  onTick?: boolean;
  run(now: Date, task?: JobTask): Promise<void>;
}

export function createScheduledJobs(deps: {
  db: Knex;
  logger: Logger;
  clock?: () => Date;
  demo?: DemoJobsOptions;
  /** Publishes work for other workers (the lab report sweep re-queues parsing jobs). */
  transport?: Pick<Transport, 'publish'>;
  labReports?: LabReportSweepOptions;
  /** Batches of the deletion of lab report uploads past their retention. */
  labReportUploads?: LabReportUploadPurgeOptions;
  /** Real provider connections (absent: no provider sync jobs, e.g. tests of other jobs). */
  providerSync?: ProviderSyncOptions;
  /** The audit trail's retention (`AUDIT_RETENTION_DAYS`) and months created ahead. */
  auditPartitions?: AuditPartitionsOptions;
  /** Batches of the deletion of expired mobile-SDK sign-in tokens and sessions. */
  sdkCredentials?: SdkCredentialsPurgeOptions;
  /** Continuous-query tasks: deferred runs coming due, lost hand-overs, runs that never finished. */
  continuousQueries?: ContinuousQuerySweepOptions;
  /** Continuous-query back-fill over existing users (new queries, feature enabled anew). */
  continuousQueryBackfill?: ContinuousQueryBackfillOptions;
  /** Continuous-query task history retention (`CONTINUOUS_QUERY_TASK_RETENTION_DAYS`, `…_HISTORY_MAX`). */
  continuousQueryTaskRetention?: ContinuousQueryTaskRetentionOptions;
  /** Packing of the samples partitions' primary keys (`SAMPLES_REINDEX_INTERVAL_HOURS`, `…_BYTES_PER_ROW`). */
  samplesReindex?: SamplesReindexOptions;
}): ScheduledJob[] {
  return [
    {
      name: 'purge_deleted_users',
      async run(now) {
        const purged = await purgeExpiredUsers(deps.db, now);
        if (purged > 0) deps.logger.info('purged users past their deletion grace period', { count: purged });
      },
    },
    ...createDemoJobs({
      db: deps.db,
      logger: deps.logger,
      clock: deps.clock ?? (() => new Date()),
      ...deps.demo,
    }),
    createLabReportSweep({ db: deps.db, logger: deps.logger, transport: deps.transport, ...deps.labReports }),
    createLabReportUploadPurgeJob({ db: deps.db, logger: deps.logger, options: deps.labReportUploads }),
    ...providerSyncJobs(deps.providerSync),
    createAuditPartitionsJob({ db: deps.db, logger: deps.logger, options: deps.auditPartitions }),
    createSdkCredentialsPurgeJob({ db: deps.db, logger: deps.logger, options: deps.sdkCredentials }),
    createContinuousQuerySweepJob({
      db: deps.db,
      logger: deps.logger,
      transport: deps.transport,
      options: deps.continuousQueries,
    }),
    createContinuousQueryBackfillJob({
      db: deps.db,
      logger: deps.logger,
      transport: deps.transport,
      options: deps.continuousQueryBackfill,
    }),
    createContinuousQueryTaskRetentionJob({
      db: deps.db,
      logger: deps.logger,
      options: deps.continuousQueryTaskRetention,
    }),
    createSamplesReindexJob({ db: deps.db, logger: deps.logger, options: deps.samplesReindex }),
  ];
}
