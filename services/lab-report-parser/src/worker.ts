import type { Knex } from '@meridian/db';
import { isUuid } from '@meridian/domain';
import {
  meridianQueues,
  meridianTopology,
  PARSER_JOB_REQUESTED,
  PermanentError,
  type Transport,
} from '@meridian/messaging';
import { runWithMessageContext, type Logger } from '@meridian/platform';
import type { ParserMetrics } from './metrics';
import { createParseJob, type JobParser } from './parse-job';

export const PARSER_QUEUE = meridianQueues.labReportParserJobs;
/** The message this worker takes (`PARSER_JOB_REQUESTED` of the topology). */
export const PARSE_REQUESTED = PARSER_JOB_REQUESTED;

/** Deliveries of one message on the parser queue (the topology's retry budget). */
export const PARSER_DELIVERY_ATTEMPTS =
  meridianTopology.queues.find((q) => q.name === PARSER_QUEUE)?.maxAttempts ?? 1;

/**
 * The lab-report-parser worker: takes `parser.job.requested` messages (thin: `{job_id}`) with bounded
 * concurrency (prefetch) and parses each job (parse-job.ts). Malformed messages go to the DLQ; other
 * failures (database, parser) are retried by the transport.
 */
export async function startParserWorker(deps: {
  db: Knex;
  transport: Transport;
  logger: Logger;
  parser: JobParser;
  concurrency: number;
  clock?: () => Date;
  /** Times a job may be started before it fails with `processing_error` (default: the queue's attempts). */
  maxAttempts?: number;
  /** The queue's deliveries per message, when the transport uses another topology (tests). */
  deliveryAttempts?: number;
  metrics?: ParserMetrics;
}): Promise<{ close(): Promise<void> }> {
  const deliveryAttempts = deps.deliveryAttempts ?? PARSER_DELIVERY_ATTEMPTS;
  const parseJob = createParseJob({
    db: deps.db,
    parser: deps.parser,
    logger: deps.logger,
    clock: deps.clock ?? (() => new Date()),
    maxAttempts: deps.maxAttempts ?? deliveryAttempts,
    metrics: deps.metrics,
    deliveryAttempts,
  });
  const consumer = await deps.transport.consume(
    PARSER_QUEUE,
    ({ envelope, attempt, headers }) =>
      runWithMessageContext(headers, async () => {
        if (envelope.type !== PARSE_REQUESTED)
          throw new PermanentError(`unexpected message type ${envelope.type}`);
        const jobId = (envelope.data as { job_id?: unknown } | null)?.job_id;
        if (!isUuid(jobId)) throw new PermanentError('parser.job.requested without a valid job_id');
        deps.logger.info('parse job received', { job_id: jobId, attempt });
        await parseJob(jobId, attempt);
      }),
    { prefetch: deps.concurrency },
  );
  return { close: () => consumer.cancel() };
}
