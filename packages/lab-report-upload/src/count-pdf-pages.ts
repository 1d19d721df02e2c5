/**
 * Counts the pages of a PDF for the synchronous upload checks with pdf-lib, a small pure-JavaScript PDF
 * parser: the data API needs no pdf.js, canvas or OCR for this (those stay in the parser worker).
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { opensWithoutPassword, type PdfEncryption } from './pdf-encryption';

export type PdfOpenError = 'invalid' | 'encrypted' | 'crashed' | 'timeout';

/**
 * `pageCount` is null only for a file that opens without a password but keeps its page tree in encrypted
 * object streams, which pdf-lib cannot decrypt: the parser worker counts those pages when it opens the file.
 */
export type PdfPageCount =
  { ok: true; pageCount: number | null } | { ok: false; error: PdfOpenError; message: string };

type WorkerResult =
  | { ok: true; pageCount: number | null; encryption: PdfEncryption | null }
  | { ok: false; error: PdfOpenError; message: string };

const WORKER_FILE = path.join(__dirname, 'pdf-page-count.worker.mjs');
/**
 * The worker's JavaScript heap at most (it runs in the API's process): a file of millions of tiny objects would grow
 * pdf-lib's object table past a gigabyte. Past it the worker dies and the file is refused as unreadable.
 */
const WORKER_HEAP_MB = 512;

function parseInWorker(bytes: Uint8Array, timeoutMs: number): Promise<WorkerResult> {
  return new Promise((resolve) => {
    let settled = false;
    const worker = new Worker(WORKER_FILE, {
      workerData: bytes,
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // pdf-lib warns about objects it skips on the console; the warnings may quote document bytes: dropped.
    worker.stdout.resume();
    worker.stderr.resume();
    const finish = (result: WorkerResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish({ ok: false, error: 'timeout', message: `the PDF did not open within ${timeoutMs} ms` }),
      timeoutMs,
    );
    worker.once('message', (message: WorkerResult) => finish(message));
    worker.once('error', (err) => finish({ ok: false, error: 'crashed', message: err.message }));
    worker.once('exit', (code) =>
      finish({ ok: false, error: 'crashed', message: `the PDF worker exited with ${code}` }),
    );
  });
}

/**
 * Whether the bytes name a document catalog somewhere (`/Root` in a trailer or cross-reference stream, or a
 * `/Catalog` object pdf-lib can recover): without either no page can be found, and pdf-lib would take over a minute
 * of CPU to walk 30 MiB of junk behind a `%PDF-` header before saying so.
 */
function mentionsCatalog(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.indexOf('/Root', 0, 'latin1') !== -1 || buffer.indexOf('/Catalog', 0, 'latin1') !== -1;
}

/** Opens the PDF in a worker thread and counts its pages; never throws. */
export async function countPdfPages(bytes: Uint8Array, timeoutMs = 20_000): Promise<PdfPageCount> {
  if (!mentionsCatalog(bytes)) {
    return { ok: false, error: 'invalid', message: 'the PDF has no document catalog' };
  }
  const result = await parseInWorker(bytes, timeoutMs);
  if (!result.ok) return result;
  if (result.encryption !== null && !opensWithoutPassword(result.encryption)) {
    return { ok: false, error: 'encrypted', message: 'the PDF needs a password to open' };
  }
  if (result.pageCount === null && result.encryption === null) {
    return { ok: false, error: 'invalid', message: 'the PDF has no readable page tree' };
  }
  return { ok: true, pageCount: result.pageCount };
}
