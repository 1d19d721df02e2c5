/**
 * Page images of an uploaded PDF for the reviewer, drawn with the parser's PDF library (pdfjs-dist on
 * @napi-rs/canvas). pdf.js is ESM-only and an uploaded file is untrusted, so each task runs in a throw-away
 * worker thread (evaluated from the source below, so it needs no file next to the compiled code) that is
 * terminated on timeout: a poison file costs a worker, never the API process.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** Pixels per PDF point: an A4 page becomes about 1240 × 1754 pixels, enough to read small print. */
const RENDER_SCALE = 1.5;
/** A page larger than this many pixels on a side is drawn smaller (a poster-sized page must not eat memory). */
const MAX_SIDE_PX = 2400;
const TIMEOUT_MS = 20_000;
/**
 * Renders at once per process: a reviewer opening a 30-page report asks for every page together, and each
 * task holds pdf.js and the whole PDF in its own thread; the others wait their turn.
 */
const MAX_CONCURRENT = 2;

type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { pdfjsUrl, fontsDir, op, data, page: pageNumber, scale, maxSide } = workerData;
  const pdfjs = await import(pdfjsUrl);
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(data), isEvalSupported: false, disableFontFace: true, useSystemFonts: false,
    verbosity: 0, standardFontDataUrl: fontsDir, stopAtErrors: false,
  }).promise;
  try {
    if (op === 'count') return parentPort.postMessage({ ok: true, value: doc.numPages });
    if (pageNumber < 1 || pageNumber > doc.numPages) return parentPort.postMessage({ ok: true, value: null });
    const page = await doc.getPage(pageNumber);
    const base = page.getViewport({ scale: 1 });
    const fit = Math.min(scale, maxSide / Math.max(base.width, base.height, 1));
    const viewport = page.getViewport({ scale: fit });
    const { canvas, context } = doc.canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: context, canvas, viewport }).promise;
    const png = canvas.toBuffer('image/png');
    doc.canvasFactory.destroy({ canvas, context });
    parentPort.postMessage({ ok: true, value: png });
  } finally {
    await doc.destroy();
  }
})().catch((err) => parentPort.postMessage({ ok: false, message: String(err && err.name) }));
`;

function pdfjsLocation(): { pdfjsUrl: string; fontsDir: string } {
  const pkg = require.resolve('pdfjs-dist/package.json');
  return {
    pdfjsUrl: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href,
    fontsDir: path.join(path.dirname(pkg), 'standard_fonts') + path.sep,
  };
}

function run<T>(task: Record<string, unknown>): Promise<Outcome<T>> {
  return new Promise((resolve) => {
    let settled = false;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { ...pdfjsLocation(), ...task },
      stdout: true,
      stderr: true,
    });
    // pdf.js warnings may quote document text (PHI): dropped.
    worker.stdout.resume();
    worker.stderr.resume();
    const finish = (outcome: Outcome<T>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      void worker.terminate();
    };
    const timer = setTimeout(() => finish({ ok: false, message: 'timeout' }), TIMEOUT_MS);
    worker.once('message', (m: Outcome<T>) => finish(m));
    worker.once('error', (err) => finish({ ok: false, message: err.name }));
    worker.once('exit', (code) => finish({ ok: false, message: `exit ${code}` }));
  });
}

export interface PdfPages {
  /** The page count, or null when the PDF cannot be opened. */
  count(bytes: Buffer): Promise<number | null>;
  /** Page `n` (1-based) as PNG; null when there is no such page or the PDF cannot be drawn. */
  renderPng(bytes: Buffer, n: number): Promise<Buffer | null>;
}

/** At most `limit` tasks at a time, the rest in arrival order. */
function limiter(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

export function createPdfPages(opts: { concurrency?: number } = {}): PdfPages {
  const limit = limiter(opts.concurrency ?? MAX_CONCURRENT);
  return {
    async count(bytes) {
      const out = await limit(() => run<number>({ op: 'count', data: bytes }));
      return out.ok ? out.value : null;
    },
    async renderPng(bytes, n) {
      const out = await limit(() =>
        run<Uint8Array | null>({
          op: 'render',
          data: bytes,
          page: n,
          scale: RENDER_SCALE,
          maxSide: MAX_SIDE_PX,
        }),
      );
      return out.ok && out.value ? Buffer.from(out.value) : null;
    },
  };
}
