/**
 * Runs one corpus document the way the API and the worker would: `inspectUpload` first (synchronous refusals such
 * as a corrupt PDF), then the parser. Shared by the corpus test and the benchmark.
 */
import { inspectUpload, UploadRejectedError } from '@meridian/lab-report-upload';
import type { LabReportParser } from '../index';
import type { CorpusDocument, CorpusOutcome } from './types';

export interface CorpusRun {
  outcome: CorpusOutcome;
  /** Wall-clock seconds of the upload checks (the API's synchronous part). */
  inspectSeconds: number;
  /** Wall-clock seconds of `parser.parse` (the worker's part); 0 when the upload was refused. */
  parseSeconds: number;
}

const since = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

export async function runCorpusDocument(parser: LabReportParser, doc: CorpusDocument): Promise<CorpusRun> {
  let started = process.hrtime.bigint();
  let files;
  try {
    ({ files } = await inspectUpload(
      doc.files.map((f) => ({ bytes: f.bytes, declaredType: f.mediaType, filename: f.filename })),
    ));
  } catch (err) {
    if (err instanceof UploadRejectedError) {
      return {
        outcome: { status: 'rejected', code: err.code },
        inspectSeconds: since(started),
        parseSeconds: 0,
      };
    }
    throw err;
  }
  const inspectSeconds = since(started);
  started = process.hrtime.bigint();
  const outcome = await parser.parse(files);
  return { outcome, inspectSeconds, parseSeconds: since(started) };
}
