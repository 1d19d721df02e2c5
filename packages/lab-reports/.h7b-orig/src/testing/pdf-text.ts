/** Test helper: read PDFs' pages, text lines and images with pdf.js, in a worker thread (see pdf-text-worker.mjs). */
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export type PdfText =
  { error: string } | { pageCount: number; pages: { lines: string[]; hasImage: boolean }[] };

/** One worker (one pdf.js load) for all files; results in the same order. */
export function readPdfTexts(files: Buffer[], timeoutMs = 120_000): Promise<PdfText[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'pdf-text-worker.mjs'), { workerData: { files } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('pdf.js timed out'));
    }, timeoutMs);
    worker.once('message', (m: { results?: PdfText[]; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (m.results) resolve(m.results);
      else reject(new Error(m.error ?? 'pdf.js worker failed'));
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}
