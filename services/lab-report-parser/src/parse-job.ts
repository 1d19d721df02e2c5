import {
  createLabReportJobsRepository,
  createOutboxRepository,
  parsingJobEvent,
  withTransaction,
  type Knex,
  type LabReportJobRecord,
  type StoredUploadFile,
} from '@meridian/db';
import { METADATA_CONFIDENCE_THRESHOLD } from '@meridian/lab-reports';
import type { ParseOutcome } from '@meridian/lab-reports';
import type { ParserMetrics } from './metrics';
import { PermanentError } from '@meridian/messaging';
import type { Logger } from '@meridian/platform';

/**
 * One parsing job, at-least-once safe: claim it (`upload_pending`/`started` → `started`), parse its files
 * outside any transaction, then write the outcome and its `.updated` event in one transaction. A job that
 * is finished (or parsed and waiting for review) is left alone, so a redelivered message does nothing.
 * A parser that throws is retried by the transport; on the last delivery, or once the job has been
 * started `maxAttempts` times (a file that kills the worker), the job fails with `processing_error` and
 * the message goes to the DLQ. Ending a job (completed or failed) releases its uploaded files in the same
 * transaction (the repository deletes them, or keeps them for the team's retention); a job parsed and waiting
 * for human review keeps them until the review ends it.
 */

export type { ParseOutcome };

/** The parser as the worker uses it (`LabReportParser` of `@meridian/lab-reports`). */
export interface JobParser {
  parse(files: StoredUploadFile[]): Promise<ParseOutcome>;
}

export interface ParseJobDeps {
  db: Knex;
  parser: JobParser;
  logger: Logger;
  clock: () => Date;
  /** Times a job may be started before it fails with `processing_error` (the sweep uses the same cap). */
  maxAttempts: number;
  /** Deliveries the transport makes of one message (the queue's `maxAttempts`). */
  deliveryAttempts: number;
  metrics?: ParserMetrics;
}

export type ParseJobResult = 'completed' | 'failed' | 'awaiting_review' | 'skipped';

type Claim =
  | { kind: 'claimed'; job: LabReportJobRecord }
  | { kind: 'skipped'; why: 'missing' | 'finished' | 'awaiting_review' }
  | { kind: 'exhausted' };

function isFinished(job: LabReportJobRecord): boolean {
  return job.status === 'completed' || job.status === 'failed';
}

function isAwaitingReview(job: LabReportJobRecord): boolean {
  return job.status === 'started' && job.needsHumanReview && job.data !== null;
}

export function createParseJob(deps: ParseJobDeps) {
  async function claim(jobId: string): Promise<Claim> {
    return withTransaction(deps.db, async (trx) => {
      const repo = createLabReportJobsRepository(trx);
      const job = await repo.lock(jobId);
      if (!job) return { kind: 'skipped', why: 'missing' };
      if (isFinished(job)) return { kind: 'skipped', why: 'finished' };
      if (isAwaitingReview(job)) return { kind: 'skipped', why: 'awaiting_review' };
      const outbox = createOutboxRepository(trx);
      if (job.attempts >= deps.maxAttempts) {
        const failed = await repo.markFailed(jobId, 'processing_error', deps.clock());
        await outbox.append([parsingJobEvent('lab_report.parsing_job.updated', failed)]);
        return { kind: 'exhausted' };
      }
      const started = await repo.markStarted(jobId, deps.clock());
      if (job.status !== 'started') {
        await outbox.append([parsingJobEvent('lab_report.parsing_job.updated', started)]);
      }
      return { kind: 'claimed', job: started };
    });
  }

  /** Writes the outcome unless the job moved on meanwhile (another delivery, the sweep). */
  async function finish(jobId: string, outcome: ParseOutcome): Promise<ParseJobResult> {
    return withTransaction(deps.db, async (trx) => {
      const repo = createLabReportJobsRepository(trx);
      const job = await repo.lock(jobId);
      if (!job || job.status !== 'started' || isAwaitingReview(job)) return 'skipped';
      const now = deps.clock();
      if (outcome.status === 'completed' && job.needsHumanReview) {
        await repo.storeForReview(jobId, outcome.report, now);
        return 'awaiting_review';
      }
      const updated =
        outcome.status === 'completed'
          ? await repo.markCompleted(jobId, outcome.report, outcome.needsHumanReview, now)
          : await repo.markFailed(jobId, outcome.failureReason, now);
      await createOutboxRepository(trx).append([parsingJobEvent('lab_report.parsing_job.updated', updated)]);
      return outcome.status;
    });
  }

  async function failForGood(jobId: string): Promise<void> {
    await finish(jobId, { status: 'failed', failureReason: 'processing_error', detail: 'parser error' });
  }

  return async function parseJob(jobId: string, delivery: number): Promise<ParseJobResult> {
    const claimed = await claim(jobId);
    if (claimed.kind === 'exhausted') {
      throw new PermanentError(`parsing job started ${deps.maxAttempts} times without finishing`);
    }
    if (claimed.kind === 'skipped') {
      deps.logger.info('parse job skipped', { job_id: jobId, reason: claimed.why });
      return 'skipped';
    }
    const started = Date.now();
    const files = await createLabReportJobsRepository(deps.db).files(jobId);
    if (files.length === 0) {
      // Ended since the claim (the sweep failed it) and its uploads were released: nothing left to parse.
      deps.logger.info('parse job skipped', { job_id: jobId, reason: 'uploads_deleted' });
      return 'skipped';
    }
    let outcome: ParseOutcome;
    try {
      outcome = await deps.parser.parse(files);
    } catch (err) {
      if (delivery < deps.deliveryAttempts && claimed.job.attempts < deps.maxAttempts) throw err;
      await failForGood(jobId);
      throw new PermanentError('the parser failed on every attempt', { cause: err });
    }
    const result = await finish(jobId, outcome);
    deps.metrics?.jobDone(
      result,
      outcome.status === 'failed' ? outcome.failureReason : undefined,
      (Date.now() - started) / 1000,
    );
    if (outcome.status === 'completed') {
      deps.metrics?.pagesRead(outcome.pages - outcome.ocrPages, outcome.ocrPages);
      if (outcome.metadataConfidence)
        deps.metrics?.metadataRead(outcome.metadataConfidence, METADATA_CONFIDENCE_THRESHOLD);
    }
    deps.logger.info('parse job done', {
      job_id: jobId,
      result,
      failure_reason: outcome.status === 'failed' ? outcome.failureReason : undefined,
      pages: outcome.status === 'completed' ? outcome.pages : undefined,
      ocr_pages: outcome.status === 'completed' ? outcome.ocrPages : undefined,
      duration_ms: Date.now() - started,
    });
    return result;
  };
}
