import {
  createCredentialsRepository,
  createLabReportJobsRepository,
  createOutboxRepository,
  parsingJobEvent,
  toParsingJob,
  withTransaction,
  type Knex,
} from '@meridian/db';
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
import { createUsersRepository } from '../users/users.repository';

/**
 * `POST /lab_report/v1/parser/job` and `GET .../{job_id}`. An upload is checked (user, review feature, then
 * the bytes), stored with its job and `lab_report.parsing_job.created` in one transaction, then the parser
 * is asked to start; if that message is lost the scheduler's sweep re-queues the job.
 */

const HUMAN_REVIEW_FEATURE = 'lab_report_human_review';
/**
 * Whether a review path exists: something that takes a job requested with `needs_human_review` out of
 * `started` once a person has looked at it. Until one is built such a job would wait forever, so the flag
 * is refused for every team; the closed-beta feature only matters once this is true.
 */
export const HUMAN_REVIEW_PATH_AVAILABLE = false;
const USER_NOT_FOUND = 'No user with this id in this team environment.';
const JOB_NOT_FOUND = 'No parsing job with this id in this team environment.';

export interface LabReportsDeps {
  db: Knex;
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
  parts: UploadPart[];
}

function rejection(err: UploadRejectedError): Error {
  return err.status === 413
    ? new PayloadTooLargeError(err.code, err.message)
    : new BadRequestError(err.code, err.message);
}

export function createLabReportsService(deps: LabReportsDeps) {
  async function inspect(parts: UploadPart[]) {
    try {
      return await deps.inspectUpload(parts);
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
      createCredentialsRepository(deps.db).isFeatureEnabled(scope.teamId, HUMAN_REVIEW_FEATURE)
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
      if (!(await createUsersRepository(deps.db).findActiveById(scope, input.userId))) {
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
      const { files } = await inspect(input.parts);
      const jobId = newId();
      const job = await withTransaction(deps.db, async (trx) => {
        // Locked so a concurrent delete of the user waits for this upload (and its purge erases it).
        if (!(await createUsersRepository(trx).findActiveById(scope, input.userId, { forUpdate: true }))) {
          throw new NotFoundError(USER_NOT_FOUND);
        }
        const repo = createLabReportJobsRepository(trx);
        await repo.insert({
          id: jobId,
          scope,
          userId: input.userId,
          needsHumanReview: input.needsHumanReview,
          files,
          now: deps.clock(),
        });
        const created = (await repo.find(jobId))!;
        await createOutboxRepository(trx).append([
          parsingJobEvent('lab_report.parsing_job.created', created),
        ]);
        return created;
      });
      await requestParsing(jobId);
      return toParsingJob(job);
    },

    async get(scope: TeamScope, jobId: string): Promise<ParsingJob> {
      const job = await createLabReportJobsRepository(deps.db).findForScope(scope, jobId);
      if (!job) throw new NotFoundError(JOB_NOT_FOUND);
      return toParsingJob(job);
    },
  };
}

export type LabReportsService = ReturnType<typeof createLabReportsService>;
