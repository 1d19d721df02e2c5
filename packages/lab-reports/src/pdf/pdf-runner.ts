/**
 * Runs pdf.js (ESM-only) in a throw-away worker thread per task: it keeps pdf.js out of jest's CommonJS module
 * system, and a poison file that hangs or crashes pdf.js only costs a terminated worker.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** A text run from the PDF text layer; coordinates in PDF points, origin top-left, y down. */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A rendered page: one grey level (0 black – 255 white) per pixel, row by row. */
export interface RenderedPage {
  grey: Uint8Array;
  width: number;
  height: number;
  /** Pixels per PDF point. */
  scale: number;
}

export interface PdfPage {
  width: number;
  height: number;
  items: PdfTextItem[];
  /** Set when the page has (almost) no text layer and rendering was asked for. */
  image: RenderedPage | null;
}

export type PdfOpenError = 'invalid' | 'encrypted' | 'crashed' | 'timeout';

export type PdfInspection =
  { ok: true; pageCount: number } | { ok: false; error: PdfOpenError; message: string };

export type PdfExtraction =
  { ok: true; pageCount: number; pages: PdfPage[] } | { ok: false; error: PdfOpenError; message: string };

export interface ExtractOptions {
  /** Pages beyond this are not read (the caller fails the document on pageCount). */
  maxPages: number;
  /** Rasterise pages without a usable text layer (for OCR). */
  render: boolean;
  /** Pixels per PDF point when rasterising. */
  scale: number;
}

const WORKER_FILE = path.join(__dirname, 'pdf-worker.mjs');

function runWorker<T>(
  workerData: unknown,
  timeoutMs: number,
): Promise<T | { ok: false; error: PdfOpenError; message: string }> {
  return new Promise((resolve) => {
    let settled = false;
    const worker = new Worker(WORKER_FILE, { workerData, stdout: true, stderr: true });
    // pdf.js warnings go to the worker's console; they may quote document text, so they are dropped.
    worker.stdout.resume();
    worker.stderr.resume();
    const finish = (result: T | { ok: false; error: PdfOpenError; message: string }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish({ ok: false, error: 'timeout', message: `pdf.js did not finish within ${timeoutMs} ms` }),
      timeoutMs,
    );
    worker.once('message', (message: T) => finish(message));
    worker.once('error', (err) => finish({ ok: false, error: 'crashed', message: err.message }));
    worker.once('exit', (code) =>
      finish({ ok: false, error: 'crashed', message: `pdf.js worker exited with ${code}` }),
    );
  });
}

/** Opens the PDF and counts its pages. */
export function inspectPdf(bytes: Uint8Array, timeoutMs = 20_000): Promise<PdfInspection> {
  return runWorker<PdfInspection>({ op: 'inspect', data: bytes }, timeoutMs);
}

/** Reads the text layer of every page, rasterising the pages that have none when asked. */
export function extractPdf(
  bytes: Uint8Array,
  options: ExtractOptions,
  timeoutMs = 60_000,
): Promise<PdfExtraction> {
  return runWorker<PdfExtraction>({ op: 'extract', data: bytes, options }, timeoutMs);
}
