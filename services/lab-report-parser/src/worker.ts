import { isUuid } from '@meridian/domain';
import { PermanentError, type Transport } from '@meridian/messaging';
import { runWithMessageContext, type Logger } from '@meridian/platform';

export const PARSER_QUEUE = 'lab-report-parser.jobs';
export const PARSE_REQUESTED = 'parser.job.requested';

/**
 * The lab-report-parser worker: takes `parser.job.requested` messages (thin: `{job_id}`) with bounded
 * concurrency. Malformed messages go to the DLQ; the parsing itself arrives with the parser feature.
 */
export async function startParserWorker(deps: {
  transport: Transport;
  logger: Logger;
  concurrency: number;
  handleJob?: (jobId: string) => Promise<void>;
}): Promise<{ close(): Promise<void> }> {
  const consumer = await deps.transport.consume(
    PARSER_QUEUE,
    ({ envelope, attempt, headers }) =>
      runWithMessageContext(headers, async () => {
        if (envelope.type !== PARSE_REQUESTED)
          throw new PermanentError(`unexpected message type ${envelope.type}`);
        const jobId = (envelope.data as { job_id?: unknown } | null)?.job_id;
        if (!isUuid(jobId)) throw new PermanentError('parser.job.requested without a valid job_id');
        deps.logger.info('parse job received', { job_id: jobId, attempt });
        await deps.handleJob?.(jobId);
      }),
    { prefetch: deps.concurrency },
  );
  return { close: () => consumer.cancel() };
}
