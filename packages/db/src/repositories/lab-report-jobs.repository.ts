import type { Knex } from 'knex';
import {
  eventEnvelope,
  type Environment,
  type LabReportMediaType,
  type ParsedLabReport,
  type ParsingFailureReason,
  type ParsingJob,
  type ParsingJobStatus,
  type TeamScope,
} from '@meridian/domain';
import type { OutboxEvent } from '../outbox.repository';

/**
 * Lab report parsing jobs and their uploaded files (api-shapes §4.7), shared by the data API (create,
 * read), the lab-report-parser worker (claim, finish) and the scheduler (stuck-job sweep, upload deletion).
 * Every read that builds an event joins the owner so the envelope carries `client_user_id`.
 *
 * Uploads are kept only while they are needed: the transitions that end a job (`markCompleted`,
 * `markFailed`, whoever calls them: the worker, the sweep, a future review step) release its files in the
 * same transaction — deleted at once, or kept until `uploads_delete_after` when the team environment's
 * `lab_report_upload_retention_days` asks for it, then deleted by `deleteDueUploads` (the scheduler).
 * A job parsed and waiting for human review (`storeForReview`) keeps its files: the reviewer needs them.
 */

/** The longest a team may keep raw uploads after parsing ends (`lab_report_upload_retention_days`). */
export const MAX_LAB_REPORT_UPLOAD_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * The days a team environment keeps raw uploads after parsing ends, from `teams.settings[<env>]` (written by
 * the management API, which bounds it): 0 when unset; anything unusable counts as 0, and more than the
 * maximum as the maximum, so a hand-edited row never keeps files longer than the platform allows.
 */
export function labReportUploadRetentionDays(settings: unknown, environment: Environment): number {
  const all = (settings && typeof settings === 'object' ? settings : {}) as Record<string, unknown>;
  const env = all[environment];
  const days =
    env && typeof env === 'object' ? (env as Record<string, unknown>).lab_report_upload_retention_days : 0;
  if (typeof days !== 'number' || !Number.isInteger(days) || days <= 0) return 0;
  return Math.min(days, MAX_LAB_REPORT_UPLOAD_RETENTION_DAYS);
}

export interface LabReportJobRecord {
  id: string;
  teamId: string;
  environment: Environment;
  userId: string;
  clientUserId: string;
  status: ParsingJobStatus;
  failureReason: ParsingFailureReason | null;
  /** Stored as soon as parsing succeeds; shown only once the job is `completed`. */
  data: ParsedLabReport | null;
  needsHumanReview: boolean;
  isReviewed: boolean;
  /** How many times the worker started parsing this job. */
  attempts: number;
  startedAt: Date | null;
  updatedAt: Date;
  /** When the uploaded files go (end of parsing + the team's retention); null while the job runs. */
  uploadsDeleteAfter: Date | null;
  /** When the uploaded files were deleted; null while they are kept. */
  uploadsDeletedAt: Date | null;
}

export interface StoredUploadFile {
  bytes: Buffer;
  mediaType: LabReportMediaType;
  filename?: string;
}

export type ParsingJobEventType = 'lab_report.parsing_job.created' | 'lab_report.parsing_job.updated';

interface FileRow {
  content: Buffer;
  media_type: LabReportMediaType;
  filename: string | null;
}

const JOB_COLUMNS = [
  'j.id',
  'j.team_id',
  'j.environment',
  'j.user_id',
  'u.client_user_id',
  'j.status',
  'j.failure_reason',
  'j.data',
  'j.needs_human_review',
  'j.is_reviewed',
  'j.attempts',
  'j.started_at',
  'j.updated_at',
  'j.uploads_delete_after',
  'j.uploads_deleted_at',
] as const;

interface JobRow {
  id: string;
  team_id: string;
  environment: Environment;
  user_id: string;
  client_user_id: string;
  status: ParsingJobStatus;
  failure_reason: ParsingFailureReason | null;
  data: ParsedLabReport | null;
  needs_human_review: boolean;
  is_reviewed: boolean;
  attempts: number;
  started_at: Date | null;
  updated_at: Date;
  uploads_delete_after: Date | null;
  uploads_deleted_at: Date | null;
}

function toRecord(row: JobRow): LabReportJobRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    environment: row.environment,
    userId: row.user_id,
    clientUserId: row.client_user_id,
    status: row.status,
    failureReason: row.failure_reason,
    data: row.data,
    needsHumanReview: row.needs_human_review,
    isReviewed: row.is_reviewed,
    attempts: row.attempts,
    startedAt: row.started_at,
    updatedAt: row.updated_at,
    uploadsDeleteAfter: row.uploads_delete_after,
    uploadsDeletedAt: row.uploads_deleted_at,
  };
}

/** The wire shape: `data` only once completed, `failure_reason` only when failed. */
export function toParsingJob(job: LabReportJobRecord): ParsingJob {
  return {
    id: job.id,
    job_id: job.id,
    status: job.status,
    failure_reason: job.status === 'failed' ? job.failureReason : null,
    data: job.status === 'completed' ? job.data : null,
    needs_human_review: job.needsHumanReview,
    is_reviewed: job.isReviewed,
  };
}

/** `lab_report.parsing_job.created` / `.updated` for the outbox, carrying the ParsingJob. */
export function parsingJobEvent(type: ParsingJobEventType, job: LabReportJobRecord): OutboxEvent {
  return {
    teamId: job.teamId,
    environment: job.environment,
    userId: job.userId,
    envelope: eventEnvelope(type, toParsingJob(job), {
      userId: job.userId,
      clientUserId: job.clientUserId,
      teamId: job.teamId,
    }),
  };
}

export function createLabReportJobsRepository(db: Knex | Knex.Transaction) {
  const jobs = () => db('lab_report_jobs as j').join('users as u', 'u.id', 'j.user_id');

  async function find(jobId: string): Promise<LabReportJobRecord | undefined> {
    const row: JobRow | undefined = await jobs()
      .where('j.id', jobId)
      .first(...JOB_COLUMNS);
    return row && toRecord(row);
  }

  /** Updates the job and reads it back (with its owner, for the event). */
  async function update(jobId: string, changes: Record<string, unknown>): Promise<LabReportJobRecord> {
    await db('lab_report_jobs').where({ id: jobId }).update(changes);
    return (await find(jobId))!;
  }

  /**
   * The job has ended: its files are deleted now (retention 0) or kept until `now` + the team's retention.
   * Only the first end counts (a job released once is not kept longer by a later write).
   */
  async function releaseUploads(jobId: string, now: Date): Promise<void> {
    const owner: { team_id: string; environment: Environment; settings: unknown } | undefined = await db(
      'lab_report_jobs as j',
    )
      .join('teams as t', 't.id', 'j.team_id')
      .where('j.id', jobId)
      .whereNull('j.uploads_delete_after')
      .first('j.team_id', 'j.environment', 't.settings');
    if (!owner) return;
    const days = labReportUploadRetentionDays(owner.settings, owner.environment);
    if (days === 0) await db('lab_report_files').where({ job_id: jobId }).del();
    await db('lab_report_jobs')
      .where({ id: jobId })
      .update({
        uploads_delete_after: new Date(now.getTime() + days * DAY_MS),
        uploads_deleted_at: days === 0 ? now : null,
      });
  }

  /** A transition that ends the job: the change, its uploads released, then the job read back. */
  async function end(
    jobId: string,
    changes: Record<string, unknown>,
    now: Date,
  ): Promise<LabReportJobRecord> {
    await db('lab_report_jobs').where({ id: jobId }).update(changes);
    await releaseUploads(jobId, now);
    return (await find(jobId))!;
  }

  return {
    find,

    /** A job of the team environment whose user is not deleted. */
    async findForScope(scope: TeamScope, jobId: string): Promise<LabReportJobRecord | undefined> {
      const row: JobRow | undefined = await jobs()
        .where({ 'j.id': jobId, 'j.team_id': scope.teamId, 'j.environment': scope.environment })
        .whereNull('u.deleted_at')
        .first(...JOB_COLUMNS);
      return row && toRecord(row);
    },

    /** Locks the job row (in the caller's transaction) so concurrent deliveries and the sweep take turns. */
    async lock(jobId: string): Promise<LabReportJobRecord | undefined> {
      const row: JobRow | undefined = await jobs()
        .where('j.id', jobId)
        .first(...JOB_COLUMNS)
        .forUpdate('j');
      return row && toRecord(row);
    },

    async insert(input: {
      id: string;
      scope: TeamScope;
      userId: string;
      needsHumanReview: boolean;
      files: readonly StoredUploadFile[];
      now: Date;
    }): Promise<void> {
      await db('lab_report_jobs').insert({
        id: input.id,
        team_id: input.scope.teamId,
        environment: input.scope.environment,
        user_id: input.userId,
        status: 'upload_pending',
        needs_human_review: input.needsHumanReview,
        created_at: input.now,
        updated_at: input.now,
      });
      await db('lab_report_files').insert(
        input.files.map((file, position) => ({
          job_id: input.id,
          position,
          user_id: input.userId,
          media_type: file.mediaType,
          filename: file.filename ?? null,
          size_bytes: file.bytes.length,
          content: file.bytes,
          created_at: input.now,
        })),
      );
    },

    /** The job's uploaded files in order; none once they were deleted (the job has ended). */
    async files(jobId: string): Promise<StoredUploadFile[]> {
      const rows: FileRow[] = await db('lab_report_files')
        .where({ job_id: jobId })
        .orderBy('position')
        .select('content', 'media_type', 'filename');
      return rows.map((r) => ({
        bytes: r.content,
        mediaType: r.media_type,
        ...(r.filename !== null ? { filename: r.filename } : {}),
      }));
    },

    /** `upload_pending`/`started` → `started`, one more attempt. */
    markStarted(jobId: string, now: Date): Promise<LabReportJobRecord> {
      return update(jobId, {
        status: 'started',
        started_at: now,
        updated_at: now,
        attempts: db.raw('attempts + 1'),
      });
    },

    markCompleted(
      jobId: string,
      data: ParsedLabReport,
      needsHumanReview: boolean,
      now: Date,
    ): Promise<LabReportJobRecord> {
      return end(
        jobId,
        {
          status: 'completed',
          failure_reason: null,
          data: JSON.stringify(data),
          needs_human_review: needsHumanReview,
          updated_at: now,
        },
        now,
      );
    },

    /**
     * Parsed, waiting for a human reviewer: stays `started`, the data is kept (not shown yet), and so are the
     * uploaded files until the review ends the job (`markCompleted`).
     */
    async storeForReview(jobId: string, data: ParsedLabReport, now: Date): Promise<void> {
      // No read-back: nothing is announced until the review finishes the job.
      await db('lab_report_jobs')
        .where({ id: jobId })
        .update({ data: JSON.stringify(data), updated_at: now });
    },

    /**
     * A human review ended (issue 15; the management API's review path): who and when are stored, the job is
     * `is_reviewed`, then ended like any other job — `completed` with the reviewed data (`approved`) or `failed`
     * with the reviewer's reason (`rejected`), uploads released. The caller checks the job awaits review (row
     * locked) and writes `lab_report.parsing_job.updated` in the same transaction.
     */
    async markReviewed(
      jobId: string,
      review:
        | { outcome: 'approved'; data: ParsedLabReport; reviewerKeyId: string }
        | { outcome: 'rejected'; reason: ParsingFailureReason; note: string | null; reviewerKeyId: string },
      now: Date,
    ): Promise<LabReportJobRecord> {
      await db('lab_report_jobs')
        .where({ id: jobId })
        .update({
          is_reviewed: true,
          reviewed_at: now,
          reviewed_by_key_id: review.reviewerKeyId,
          review_outcome: review.outcome,
          review_note: review.outcome === 'rejected' ? review.note : null,
        });
      return review.outcome === 'approved'
        ? end(
            jobId,
            {
              status: 'completed',
              failure_reason: null,
              data: JSON.stringify(review.data),
              needs_human_review: true,
              updated_at: now,
            },
            now,
          )
        : end(jobId, { status: 'failed', failure_reason: review.reason, data: null, updated_at: now }, now);
    },

    markFailed(jobId: string, reason: ParsingFailureReason, now: Date): Promise<LabReportJobRecord> {
      return end(jobId, { status: 'failed', failure_reason: reason, data: null, updated_at: now }, now);
    },

    /**
     * Deletes the files of up to `limit` ended jobs whose retention has passed (`uploads_delete_after <= now`),
     * oldest first, and marks them deleted; returns how many jobs. Rows locked elsewhere are skipped.
     */
    async deleteDueUploads(now: Date, limit: number): Promise<number> {
      const result: { rows: { id: string }[] } = await db.raw(
        `with due as (
           select id from lab_report_jobs
           where uploads_delete_after <= ? and uploads_deleted_at is null
           order by uploads_delete_after
           limit ?
           for update skip locked
         ), deleted_files as (
           delete from lab_report_files f using due where f.job_id = due.id
         )
         update lab_report_jobs j set uploads_deleted_at = ? from due where j.id = due.id
         returning j.id`,
        [now, limit, now],
      );
      return result.rows.length;
    },

    /**
     * Jobs left in `upload_pending` or `started` since before `before` (a lost message, a worker that died),
     * except the ones parsed and waiting for human review. Claimed with `skip locked`: call in a transaction.
     */
    async lockStuck(before: Date, limit: number): Promise<LabReportJobRecord[]> {
      const rows: JobRow[] = await jobs()
        .whereIn('j.status', ['upload_pending', 'started'])
        .where('j.updated_at', '<', before)
        .whereNot((q) => q.where('j.needs_human_review', true).whereNotNull('j.data'))
        .orderBy('j.updated_at')
        .limit(limit)
        .select(...JOB_COLUMNS)
        .forUpdate('j')
        .skipLocked();
      return rows.map(toRecord);
    },

    /** Marks a re-queue, so the sweep leaves the job alone for another grace period. */
    async touch(jobId: string, now: Date): Promise<void> {
      await db('lab_report_jobs').where({ id: jobId }).update({ updated_at: now });
    },
  };
}

export type LabReportJobsRepository = ReturnType<typeof createLabReportJobsRepository>;
