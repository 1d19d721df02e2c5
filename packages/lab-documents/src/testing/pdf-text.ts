/** Test helper: the text of generated PDFs as pdf.js reads it (in a worker thread; see pdf-text-worker.mjs). */
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export interface PdfText {
  pageCount: number;
  /** Per page, its text lines top to bottom. */
  pages: string[][];
}

export async function readPdfText(...files: Uint8Array[]): Promise<PdfText[]> {
  const worker = new Worker(path.join(__dirname, 'pdf-text-worker.mjs'), { workerData: { files } });
  try {
    const message = await new Promise<{ results?: Array<PdfText | { error: string }>; error?: string }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    if (message.error !== undefined || message.results === undefined) throw new Error(message.error);
    return message.results.map((r) => {
      if ('error' in r) throw new Error(`pdf.js could not read the PDF: ${r.error}`);
      return r;
    });
  } finally {
    await worker.terminate();
  }
}

/** All text of a PDF as one string per page, lines joined by newlines. */
export function pageTexts(pdf: PdfText): string[] {
  return pdf.pages.map((lines) => lines.join('\n'));
}
