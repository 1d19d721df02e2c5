/**
 * Runs pdf.js (ESM-only) in worker threads: it keeps pdf.js out of jest's CommonJS module system, and a poison file
 * that hangs or crashes pdf.js only costs a terminated worker. Workers are kept and reused (loading pdf.js costs
 * about half a second, reading a text document a few hundredths): a small pool, one document per worker at a time.
 * A job past its timeout terminates its worker, which is replaced on demand; idle workers do not keep the process
 * alive; `close()` terminates them all.
 */
import { availableParallelism } from 'node:os';
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
  /**
   * Set when rendering was asked for and the page has (almost) no text layer, an unreadable one, or is a picture
   * with a line or two of text around it (see pdf-worker.mjs): the page is read by OCR, its `items` unused.
   */
  image: RenderedPage | null;
}

export type PdfOpenError = 'invalid' | 'encrypted' | 'crashed' | 'timeout';

type PdfFailure = { ok: false; error: PdfOpenError; message: string };

export type PdfInspection = { ok: true; pageCount: number } | PdfFailure;

export type PdfExtraction = { ok: true; pageCount: number; pages: PdfPage[] } | PdfFailure;

export interface ExtractOptions {
  /** Pages beyond this are not read (the caller fails the document on pageCount). */
  maxPages: number;
  /** Rasterise pages without a usable text layer (for OCR). */
  render: boolean;
  /** Pixels per PDF point when rasterising. */
  scale: number;
  /** Pixels of one rendered page at most (default MAX_PAGE_PIXELS): a bigger page is rendered at a smaller scale. */
  maxPagePixels?: number;
  /** Pixels of all the rendered pages of the document at most (default MAX_DOCUMENT_PIXELS). */
  maxDocumentPixels?: number;
}

/**
 * A rendered page's pixels at most: a page bigger than A3 at 3 px/pt (9 Mpx) is rendered at a smaller scale (a
 * poster-sized MediaBox of 14400 pt at 3 px/pt would need 1.9 Gpx: gigabytes of canvas).
 */
export const MAX_PAGE_PIXELS = 12_000_000;
/**
 * A document's rendered pixels at most (they are all held until the document is read, then go to OCR): each page
 * gets at most its share of what is left, so 30 A4 or Letter pages at 3 px/pt (4.5 Mpx each) keep their scale.
 */
export const MAX_DOCUMENT_PIXELS = 150_000_000;

export interface PdfPoolOptions {
  /** Worker threads (default min(2, cores)); 0 or absent means the default. */
  size?: number;
  /** A worker is replaced after this many documents, so whatever pdf.js keeps between documents stays bounded. */
  maxJobsPerWorker?: number;
  /** A worker's JavaScript heap at most, in MB (default PDF_WORKER_HEAP_MB); past it the job ends `crashed`. */
  heapMb?: number;
}

export interface PdfPool {
  /** Opens the PDF and counts its pages. `timeoutMs` counts from the call (queueing included). */
  inspect(bytes: Uint8Array, timeoutMs?: number): Promise<PdfInspection>;
  /** Reads the text layer of every page, rasterising the pages that have none when asked. */
  extract(bytes: Uint8Array, options: ExtractOptions, timeoutMs?: number): Promise<PdfExtraction>;
  /** Worker threads alive now (idle or busy). */
  readonly workers: number;
  /** Terminates every worker; jobs in hand or queued end as `crashed`, later calls too. */
  close(): Promise<void>;
}

const WORKER_FILE = path.join(__dirname, 'pdf-worker.mjs');
const DEFAULT_INSPECT_TIMEOUT_MS = 20_000;
const DEFAULT_EXTRACT_TIMEOUT_MS = 60_000;
/**
 * A pdf.js worker's JavaScript heap at most: a page of millions of drawing operators (one content stream listed
 * many times in the page's /Contents, a form drawn over and over) would grow pdf.js's operator list to gigabytes.
 * The worker dies past it (`crashed`) and is replaced; a 30-page report needs a small fraction of it. Decoded
 * streams and canvases live outside the heap: pdf-worker.mjs bounds them.
 */
export const PDF_WORKER_HEAP_MB = 512;

interface Job {
  id?: number;
  request: { op: 'inspect'; data: Uint8Array } | { op: 'extract'; data: Uint8Array; options: ExtractOptions };
  timeoutMs: number;
  resolve: (result: unknown) => void;
  timer?: NodeJS.Timeout;
  slot?: Slot;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  jobsRun: number;
  dead: boolean;
}

export function defaultPdfPoolSize(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

export function createPdfPool(options: PdfPoolOptions = {}): PdfPool {
  const size = options.size && options.size > 0 ? Math.floor(options.size) : defaultPdfPoolSize();
  const maxJobsPerWorker = options.maxJobsPerWorker ?? 200;
  const heapMb = options.heapMb ?? PDF_WORKER_HEAP_MB;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  const settle = (job: Job, result: unknown): void => {
    clearTimeout(job.timer);
    job.timer = undefined;
    const { slot } = job;
    job.slot = undefined;
    job.resolve(result);
    if (slot && slot.job === job) {
      slot.job = null;
      slot.jobsRun += 1;
      if (slot.jobsRun >= maxJobsPerWorker) retire(slot);
      else slot.worker.unref();
    }
    pump();
  };

  /** Drops a worker from the pool; its job (if any) ends with `failure`. */
  const retire = (slot: Slot, failure?: PdfFailure): void => {
    if (slot.dead) return;
    slot.dead = true;
    slots.delete(slot);
    void slot.worker.terminate();
    const job = slot.job;
    slot.job = null;
    if (job && failure) settle(job, failure);
  };

  const spawn = (): Slot => {
    // The worker silences its own console (pdf.js warnings may quote document text): piped `stdout` / `stderr`
    // streams here would keep the process alive even with the worker unref'd.
    const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    const slot: Slot = { worker, job: null, jobsRun: 0, dead: false };
    worker.on('message', (message: { id: number; result: unknown }) => {
      const job = slot.job;
      if (job && job.id === message.id) settle(job, message.result);
    });
    worker.on('error', (err) => retire(slot, { ok: false, error: 'crashed', message: err.message }));
    worker.on('exit', (code) =>
      retire(slot, { ok: false, error: 'crashed', message: `pdf.js worker exited with ${code}` }),
    );
    worker.unref();
    slots.add(slot);
    return slot;
  };

  const pump = (): void => {
    while (!closed && queue.length > 0) {
      let slot = [...slots].find((s) => !s.dead && s.job === null);
      if (!slot && slots.size < size) slot = spawn();
      if (!slot) return;
      const job = queue.shift() as Job;
      const id = nextId++;
      job.id = id;
      job.slot = slot;
      slot.job = job;
      slot.worker.ref();
      // The bytes are copied, not transferred: the caller keeps its buffer.
      slot.worker.postMessage({ id, ...job.request });
    }
  };

  const run = <T>(request: Job['request'], timeoutMs: number): Promise<T | PdfFailure> =>
    new Promise((resolve) => {
      if (closed) {
        resolve({ ok: false, error: 'crashed', message: 'the PDF reader is closed' });
        return;
      }
      const job: Job = { request, timeoutMs, resolve: resolve as (result: unknown) => void };
      job.timer = setTimeout(() => {
        const failure: PdfFailure = {
          ok: false,
          error: 'timeout',
          message: `pdf.js did not finish within ${timeoutMs} ms`,
        };
        const queued = queue.indexOf(job);
        if (queued >= 0) {
          queue.splice(queued, 1);
          settle(job, failure);
        } else if (job.slot) {
          // A stuck worker cannot be interrupted: it is terminated and replaced by the next job that needs one.
          retire(job.slot, failure);
          pump();
        }
      }, timeoutMs);
      queue.push(job);
      pump();
    });

  return {
    inspect: (bytes, timeoutMs = DEFAULT_INSPECT_TIMEOUT_MS) =>
      run<PdfInspection>({ op: 'inspect', data: bytes }, timeoutMs),
    extract: (bytes, extractOptions, timeoutMs = DEFAULT_EXTRACT_TIMEOUT_MS) =>
      run<PdfExtraction>(
        {
          op: 'extract',
          data: bytes,
          options: {
            maxPagePixels: MAX_PAGE_PIXELS,
            maxDocumentPixels: MAX_DOCUMENT_PIXELS,
            ...extractOptions,
          },
        },
        timeoutMs,
      ),
    get workers() {
      return slots.size;
    },
    async close() {
      closed = true;
      const closing: PdfFailure = { ok: false, error: 'crashed', message: 'the PDF reader was closed' };
      for (const job of queue.splice(0)) settle(job, closing);
      const workers = [...slots].map((s) => s.worker);
      for (const slot of [...slots]) retire(slot, closing);
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

let shared: PdfPool | null = null;

/** The pool behind `inspectPdf` / `extractPdf` (created on first use; its idle workers do not hold the process). */
function sharedPool(): PdfPool {
  return (shared ??= createPdfPool());
}

/** Terminates the shared pool's workers (a later call starts a new pool). */
export async function closeSharedPdfPool(): Promise<void> {
  const current = shared;
  shared = null;
  await current?.close();
}

/** Opens the PDF and counts its pages (shared pool). */
export function inspectPdf(
  bytes: Uint8Array,
  timeoutMs = DEFAULT_INSPECT_TIMEOUT_MS,
): Promise<PdfInspection> {
  return sharedPool().inspect(bytes, timeoutMs);
}

/** Reads the text layer of every page, rasterising the pages that have none when asked (shared pool). */
export function extractPdf(
  bytes: Uint8Array,
  options: ExtractOptions,
  timeoutMs = DEFAULT_EXTRACT_TIMEOUT_MS,
): Promise<PdfExtraction> {
  return sharedPool().extract(bytes, options, timeoutMs);
}
