import { parsingJobEvent, toParsingJob } from '@meridian/db';
import {
  BadRequestError,
  newId,
  NotFoundError,
  PayloadTooLargeError,
  type ParsingJob,
  type TeamScope,
} from '@meridian/domain';
import { UploadRejectedError, type inspectUpload, type UploadPart } from '@meridian/lab-report-upload';
import { createMessage, PARSER_JOB_REQUESTED, type Transport } from '@meridian/messaging';
import { contextHeaders, type Logger } from '@meridian/platform';
import type { UnitOfWork } from '../unit-of-work';

/**
 * `POST /lab_report/v1/parser/job` and `GET .../{job_id}`. An upload is checked (user, review feature, then
 * the bytes: their first bytes before the files are read into memory, then the whole files), stored with its job and `lab_report.parsing_job.created` in one transaction, then the parser
 * is asked to start; if that message is lost the scheduler's sweep re-queues the job.
 */

const HUMAN_REVIEW_FEATURE = 'lab_report_human_review';
/**
 * Whether a review path exists: something that takes a job requested with `needs_human_review` out of
 * `started` once a person has looked at it. It does: the management API's `lab_report_review` operations and
 * hosted review page (issue 15), so the closed-beta feature decides.
 */
export const HUMAN_REVIEW_PATH_AVAILABLE = true;
const USER_NOT_FOUND = 'No user with this id in this team environment.';
const JOB_NOT_FOUND = 'No parsing job with this id in this team environment.';

export interface LabReportsDeps {
  uow: UnitOfWork<'users' | 'credentials' | 'labReportJobs' | 'outbox'>;
  clock: () => Date;
  inspectUpload: (parts: UploadPart[]) => ReturnType<typeof inspectUpload>;
  transport?: Pick<Transport, 'publish'>;
  logger?: Logger;
  /** Default `HUMAN_REVIEW_PATH_AVAILABLE`. */
  humanReviewPathAvailable?: boolean;
}

export interface NewParsingJob {
  userId: string;
  needsHumanReview: boolean;
  /**
   * The uploaded parts, read only once the user and review checks passed (uploads are staged on disk);
   * may throw UploadRejectedError for checks made before the files are read whole.
   */
  readParts: () => Promise<UploadPart[]>;
}

function rejection(err: UploadRejectedError): Error {
  return err.status === 413
    ? new PayloadTooLargeError(err.code, err.message)
    : new BadRequestError(err.code, err.message);
}

export function createLabReportsService(deps: LabReportsDeps) {
  const { uow } = deps;

  async function inspect(input: NewParsingJob) {
    try {
      return await deps.inspectUpload(await input.readParts());
    } catch (err) {
      if (err instanceof UploadRejectedError) throw rejection(err);
      throw err;
    }
  }

  const humanReviewPathAvailable = deps.humanReviewPathAvailable ?? HUMAN_REVIEW_PATH_AVAILABLE;

  /** A review is possible only where a review path exists and the team has the closed-beta feature. */
  async function canReview(scope: TeamScope): Promise<boolean> {
    return (
      humanReviewPathAvailable &&
      uow.read(({ credentials }) => credentials.isFeatureEnabled(scope.teamId, HUMAN_REVIEW_FEATURE))
    );
  }

  async function requestParsing(jobId: string): Promise<void> {
    if (!deps.transport) return;
    try {
      await deps.transport.publish(
        PARSER_JOB_REQUESTED,
        createMessage(PARSER_JOB_REQUESTED, { job_id: jobId }),
        {
          headers: contextHeaders(),
        },
      );
    } catch (err) {
      deps.logger?.warn('could not request parsing; the scheduler sweep re-queues the job', {
        err,
        job_id: jobId,
      });
    }
  }

  return {
    async create(scope: TeamScope, input: NewParsingJob): Promise<ParsingJob> {
      if (!(await uow.read(({ users }) => users.findActiveById(scope, input.userId)))) {
        throw new NotFoundError(USER_NOT_FOUND);
      }
      if (input.needsHumanReview && !(await canReview(scope))) {
        throw new BadRequestError(
          'human_review_not_enabled',
          humanReviewPathAvailable
            ? `Human review is not enabled for this team (closed-beta feature ${HUMAN_REVIEW_FEATURE}).`
            : 'Human review of lab reports is not available yet; send needs_human_review=false.',
        );
      }
      const { files } = await inspect(input);
      const jobId = newId();
      const job = await uow.write(async ({ users, labReportJobs, outbox }) => {
        // Locked so a concurrent delete of the user waits for this upload (and its purge erases it).
        if (!(await users.findActiveById(scope, input.userId, { forUpdate: true }))) {
          throw new NotFoundError(USER_NOT_FOUND);
        }
        await labReportJobs.insert({
          id: jobId,
          scope,
          userId: input.userId,
          needsHumanReview: input.needsHumanReview,
          files,
          now: deps.clock(),
        });
        const created = (await labReportJobs.find(jobId))!;
        await outbox.append([parsingJobEvent('lab_report.parsing_job.created', created)]);
        return created;
      });
      await requestParsing(jobId);
      return toParsingJob(job);
    },

    async get(scope: TeamScope, jobId: string): Promise<ParsingJob> {
      const job = await uow.read(({ labReportJobs }) => labReportJobs.findForScope(scope, jobId));
      if (!job) throw new NotFoundError(JOB_NOT_FOUND);
      return toParsingJob(job);
    },
  };
}

export type LabReportsService = ReturnType<typeof createLabReportsService>;
