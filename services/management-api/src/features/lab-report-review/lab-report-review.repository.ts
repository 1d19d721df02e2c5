import {
  createLabReportJobsRepository,
  createOutboxRepository,
  parsingJobEvent,
  type Knex,
  type LabReportJobRecord,
} from '@meridian/db';
import type { Environment, ParsedLabReport, ParsingFailureReason } from '@meridian/domain';
import type { KeysetPosition } from '../shared/keyset-cursor';
import { afterPosition, cursorColumn, toPage, type Page } from '../shared/page';

/** The team environment a review call acts in (from the path). */
export interface ReviewPlace {
  orgId: string;
  teamId: string;
  environment: Environment;
}

export type ReviewOutcome = 'approved' | 'rejected';

export interface ReviewRecord {
  outcome: ReviewOutcome;
  reviewedAt: Date;
  reviewedByKeyId: string;
}

export interface AwaitingReviewRow {
  id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date;
  result_count: number;
  cursor_at: string;
}

/**
 * Lab report jobs as the reviewers see them (issue 15). Every read is scoped to one team environment and skips
 * jobs of deleted users; transitions reuse the shared job repository, so a review ends a job exactly as the
 * parser would (uploads released, the job read back for its event) and writes the event in the same transaction.
 */
export function createLabReportReviewRepository(db: Knex | Knex.Transaction) {
  const jobs = createLabReportJobsRepository(db);
  const outbox = createOutboxRepository(db);
  const scoped = (place: ReviewPlace) =>
    db('lab_report_jobs as j')
      .join('users as u', 'u.id', 'j.user_id')
      .where({ 'j.team_id': place.teamId, 'j.environment': place.environment })
      .whereNull('u.deleted_at');

  return {
    /** Jobs parsed and waiting for a reviewer, oldest first. */
    async listAwaiting(
      place: ReviewPlace,
      after: KeysetPosition | undefined,
      limit: number,
    ): Promise<Page<AwaitingReviewRow>> {
      const rows: AwaitingReviewRow[] = await afterPosition(
        scoped(place)
          .where({ 'j.status': 'started', 'j.needs_human_review': true, 'j.is_reviewed': false })
          .whereNotNull('j.data'),
        'j.created_at',
        'j.id',
        after,
      )
        .orderBy([
          { column: 'j.created_at', order: 'asc' },
          { column: 'j.id', order: 'asc' },
        ])
        .limit(limit + 1)
        .select(
          'j.id',
          'j.user_id',
          'j.created_at',
          'j.updated_at',
          db.raw(`coalesce(jsonb_array_length(j.data->'results'), 0)::int as result_count`),
          cursorColumn(db, 'j.created_at'),
        );
      return toPage(rows, limit);
    },

    /** The job of the team environment (locked when asked), with its review record. */
    async find(
      place: ReviewPlace,
      jobId: string,
      opts: { forUpdate?: boolean } = {},
    ): Promise<{ job: LabReportJobRecord; createdAt: Date; review: ReviewRecord | null } | undefined> {
      let q = scoped(place)
        .where('j.id', jobId)
        .first('j.id', 'j.created_at', 'j.reviewed_at', 'j.reviewed_by_key_id', 'j.review_outcome');
      if (opts.forUpdate) q = q.forUpdate('j');
      const row:
        | {
            id: string;
            created_at: Date;
            reviewed_at: Date | null;
            reviewed_by_key_id: string | null;
            review_outcome: ReviewOutcome | null;
          }
        | undefined = await q;
      if (!row) return undefined;
      const job = (await jobs.find(row.id))!;
      return {
        job,
        createdAt: row.created_at,
        review:
          row.review_outcome && row.reviewed_at && row.reviewed_by_key_id
            ? {
                outcome: row.review_outcome,
                reviewedAt: row.reviewed_at,
                reviewedByKeyId: row.reviewed_by_key_id,
              }
            : null,
      };
    },

    files: (jobId: string) => jobs.files(jobId),

    /** Approves: corrected data stored, `completed` + `is_reviewed`, `lab_report.parsing_job.updated` queued. */
    async approve(jobId: string, data: ParsedLabReport, by: string, now: Date): Promise<LabReportJobRecord> {
      const job = await jobs.markReviewed(jobId, { outcome: 'approved', data, reviewerKeyId: by }, now);
      await outbox.append([parsingJobEvent('lab_report.parsing_job.updated', job)]);
      return job;
    },

    /** Rejects: `failed` with the reviewer's reason (`is_reviewed`), the note kept, the event queued. */
    async reject(
      jobId: string,
      reason: ParsingFailureReason,
      note: string | null,
      by: string,
      now: Date,
    ): Promise<LabReportJobRecord> {
      const job = await jobs.markReviewed(
        jobId,
        { outcome: 'rejected', reason, note, reviewerKeyId: by },
        now,
      );
      await outbox.append([parsingJobEvent('lab_report.parsing_job.updated', job)]);
      return job;
    },
  };
}

export type LabReportReviewRepository = ReturnType<typeof createLabReportReviewRepository>;
