import { toParsingJob, type LabReportJobRecord } from '@meridian/db';
import {
  ConflictError,
  NotFoundError,
  ValidationError,
  type ParsedLabReport,
  type ParsingFailureReason,
  type ParsingJob,
  type ReportMetadata,
  type ReportResult,
} from '@meridian/domain';
import type { CursorCodec } from '@meridian/platform';
import type { ManagementPrincipal } from '../../auth/principal';
import { decodeCursor, listScope, sealCursor } from '../shared/keyset-cursor';
import { MANAGEMENT_PAGE_SIZE } from '../shared/page';
import type { UnitOfWork } from '../shared/unit-of-work';
import type { PdfPages } from './pdf-pages';
import type { ReviewPlace, ReviewRecord } from './lab-report-review.repository';

/**
 * Human review of lab report parsing jobs (issue 15, api-shapes §4.7): a job created with
 * `needs_human_review=true` is parsed by the worker and waits in `started` with its data stored. A reviewer of
 * the team lists those jobs, reads one with its page images, then submits the corrected report (→ `completed`,
 * `is_reviewed: true`) or rejects it (→ `failed` with a reason). Who and when are stored on the job; the call
 * itself is in the audit trail (ADR 0008); `lab_report.parsing_job.updated` commits with the change.
 */

export interface ReviewSummary {
  job_id: string;
  user_id: string;
  created_at: string;
  parsed_at: string;
  result_count: number;
}

export interface ReviewPageRef {
  number: number;
  media_type: 'image/png' | 'image/jpeg';
}

export interface LabReportReview {
  job_id: string;
  user_id: string;
  status: ParsingJob['status'];
  failure_reason: ParsingJob['failure_reason'];
  needs_human_review: boolean;
  is_reviewed: boolean;
  awaiting_review: boolean;
  created_at: string;
  parsed_data: ParsedLabReport | null;
  pages: ReviewPageRef[];
  review: {
    outcome: ReviewRecord['outcome'];
    reviewed_at: string;
    reviewed_by: { type: 'management_key'; id: string };
  } | null;
}

export interface ReviewSubmission {
  metadata: ReportMetadata;
  results: ReportResult[];
}

export interface ReviewRejection {
  failure_reason: ParsingFailureReason;
  note?: string | null;
}

export interface PageImage {
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

const isAwaitingReview = (job: LabReportJobRecord): boolean =>
  job.status === 'started' && job.needsHumanReview && !job.isReviewed && job.data !== null;

const notAwaiting = (job: LabReportJobRecord) =>
  new ConflictError('invalid_state', 'This parsing job is not awaiting human review.', {
    status: job.status,
  });

/** Rules the schema cannot say: a reference range whose minimum exceeds its maximum. */
function checkSubmission(input: ReviewSubmission): void {
  const issues = input.results.flatMap((r, i) =>
    r.min_reference_range !== null &&
    r.max_reference_range !== null &&
    r.min_reference_range > r.max_reference_range
      ? [
          {
            loc: ['body', 'results', String(i), 'max_reference_range'],
            msg: 'max_reference_range must not be below min_reference_range',
            type: 'value_error',
            input: r.max_reference_range,
            ctx: {},
          },
        ]
      : [],
  );
  if (issues.length > 0) throw new ValidationError(issues);
}

export function createLabReportReviewService(deps: {
  uow: UnitOfWork<'teams' | 'labReportReviews'>;
  clock: () => Date;
  cursors: CursorCodec;
  pdfPages: PdfPages;
}) {
  const { uow, clock } = deps;
  const notFound = () => new NotFoundError('No parsing job with this id in this team environment.');
  const teamNotFound = () => new NotFoundError('Team not found.');
  const scopeOf = (place: ReviewPlace) =>
    listScope('lab-report-reviews', place.orgId, place.teamId, place.environment);

  async function assertTeamInOrg(place: ReviewPlace): Promise<void> {
    if (!(await uow.read(({ teams }) => teams.findInOrg(place.orgId, place.teamId)))) throw teamNotFound();
  }

  /** The pages a reviewer can look at: each page of the PDF (drawn as PNG) or each uploaded image. */
  async function pagesOf(
    jobId: string,
  ): Promise<{ refs: ReviewPageRef[]; files: Awaited<ReturnType<typeof loadFiles>> }> {
    const files = await loadFiles(jobId);
    const refs: ReviewPageRef[] = [];
    for (const file of files) {
      if (file.mediaType === 'application/pdf') {
        const count = (await deps.pdfPages.count(file.bytes)) ?? 0;
        for (let i = 0; i < count; i++) refs.push({ number: refs.length + 1, media_type: 'image/png' });
      } else {
        refs.push({ number: refs.length + 1, media_type: file.mediaType });
      }
    }
    return { refs, files };
  }

  function loadFiles(jobId: string) {
    return uow.read(({ labReportReviews }) => labReportReviews.files(jobId));
  }

  async function findOrThrow(place: ReviewPlace, jobId: string) {
    await assertTeamInOrg(place);
    const found = await uow.read(({ labReportReviews }) => labReportReviews.find(place, jobId));
    if (!found) throw notFound();
    return found;
  }

  return {
    async listAwaiting(place: ReviewPlace, query: { nextCursor?: string }) {
      const after = decodeCursor(deps.cursors, scopeOf(place), query.nextCursor);
      await assertTeamInOrg(place);
      const page = await uow.read(({ labReportReviews }) =>
        labReportReviews.listAwaiting(place, after, MANAGEMENT_PAGE_SIZE),
      );
      return {
        data: page.items.map((r): ReviewSummary => ({
          job_id: r.id,
          user_id: r.user_id,
          created_at: r.created_at.toISOString(),
          parsed_at: r.updated_at.toISOString(),
          result_count: r.result_count,
        })),
        next_cursor: sealCursor(deps.cursors, scopeOf(place), page.nextCursor),
      };
    },

    async get(place: ReviewPlace, jobId: string): Promise<LabReportReview> {
      const { job, createdAt, review } = await findOrThrow(place, jobId);
      const { refs } = await pagesOf(job.id);
      return {
        job_id: job.id,
        user_id: job.userId,
        status: job.status,
        failure_reason: job.status === 'failed' ? job.failureReason : null,
        needs_human_review: job.needsHumanReview,
        is_reviewed: job.isReviewed,
        awaiting_review: isAwaitingReview(job),
        created_at: createdAt.toISOString(),
        // The parsed (or reviewed) report, shown to the reviewer before the job completes; never a failed job's.
        parsed_data: job.status === 'failed' ? null : job.data,
        pages: refs,
        review: review && {
          outcome: review.outcome,
          reviewed_at: review.reviewedAt.toISOString(),
          reviewed_by: { type: 'management_key', id: review.reviewedByKeyId },
        },
      };
    },

    /** Page `n` (1-based) of the job's upload; 404 when there is no such page or the upload is gone. */
    async page(place: ReviewPlace, jobId: string, n: number): Promise<PageImage> {
      const { job } = await findOrThrow(place, jobId);
      const files = await loadFiles(job.id);
      const noPage = () => new NotFoundError('No such page (or the upload was deleted when the job ended).');
      const pdf = files.find((f) => f.mediaType === 'application/pdf');
      if (pdf) {
        const png = await deps.pdfPages.renderPng(pdf.bytes, n);
        if (!png) throw noPage();
        return { contentType: 'image/png', bytes: png };
      }
      const file = files[n - 1];
      if (!file || file.mediaType === 'application/pdf') throw noPage();
      return { contentType: file.mediaType, bytes: file.bytes };
    },

    async submit(
      principal: ManagementPrincipal,
      place: ReviewPlace,
      jobId: string,
      input: ReviewSubmission,
    ): Promise<ParsingJob> {
      await assertTeamInOrg(place);
      const job = await uow.write(async ({ labReportReviews }) => {
        const found = await labReportReviews.find(place, jobId, { forUpdate: true });
        if (!found) throw notFound();
        if (!isAwaitingReview(found.job)) throw notAwaiting(found.job);
        // Judged only once the job is known to be this team environment's: a caller naming another
        // tenant's job learns nothing from how its body would be judged.
        checkSubmission(input);
        const data: ParsedLabReport = { metadata: input.metadata, results: input.results };
        return labReportReviews.approve(found.job.id, data, principal.keyId, clock());
      });
      return toParsingJob(job);
    },

    async reject(
      principal: ManagementPrincipal,
      place: ReviewPlace,
      jobId: string,
      input: ReviewRejection,
    ): Promise<ParsingJob> {
      await assertTeamInOrg(place);
      const job = await uow.write(async ({ labReportReviews }) => {
        const found = await labReportReviews.find(place, jobId, { forUpdate: true });
        if (!found) throw notFound();
        if (!isAwaitingReview(found.job)) throw notAwaiting(found.job);
        return labReportReviews.reject(
          found.job.id,
          input.failure_reason,
          input.note ?? null,
          principal.keyId,
          clock(),
        );
      });
      return toParsingJob(job);
    },
  };
}

export type LabReportReviewService = ReturnType<typeof createLabReportReviewService>;
