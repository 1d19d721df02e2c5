// pdf.js runs here, in a worker thread, because pdfjs-dist is ESM-only (jest runs CommonJS) and a poison
// file must not take the host process down. The worker is kept for many documents, one at a time (loading pdf.js
// costs more than reading a text document); the host terminates it when a document takes too long.
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);

// pdf.js warnings go to the console; they may quote document text, so the worker's console and standard streams
// are silenced here (piping them to the host instead would keep idle workers, and so the host process, alive).
for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace']) console[method] = () => {};
process.stdout.write = () => true;
process.stderr.write = () => true;

/** Pages whose text layer has fewer characters than this are rasterised for OCR. */
const MIN_TEXT_CHARS = 40;
/**
 * A text layer this share of whose characters are control, private-use, unassigned or replacement characters is
 * unreadable (a subset font without a Unicode map gives glyph numbers for letters): the page is rasterised and read
 * by OCR, as the rendered glyphs are right.
 */
const UNREADABLE_SHARE = 0.2;
/**
 * A page whose pictures cover at least this share of it and whose text layer has fewer readable characters than
 * `IMAGE_PAGE_TEXT_CHARS` is a picture of a report with a line or two of text around it (a scan printed to PDF by
 * a browser or a viewer, with its title, address and page number; a portal's stamp on a scan): it is rasterised and
 * read by OCR whole. A page of typed results holds far more text than that, whatever its letterhead picture.
 */
const IMAGE_PAGE_SHARE = 0.5;
const IMAGE_PAGE_TEXT_CHARS = 250;
const UNREADABLE_CHAR = /[\p{Cc}\p{Co}\p{Cn}\uFFFD]/u;

/** Pictures inside a page larger than this (pixels) are not drawn (pdf.js `maxImageSize`): an A4 scan at 600 dpi is 35 Mpx. */
const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * A stream other than a picture, a font or an attachment (a page's content, a form, an object stream) holding more
 * than this once decompressed is a bomb: pdf.js holds it whole and turns it into an operator list of hundreds of
 * bytes per operator (8 MB of drawing operators took 1.4 GB and 20 s, 26 MB 3 GB and a minute). A lab report
 * page's content is rarely above a few hundred KB.
 */
const MAX_STREAM_BYTES = 4 * 1024 * 1024;
/** Decompressed non-picture streams of the document (fonts included) together at most. */
const MAX_STREAMS_BYTES = 256 * 1024 * 1024;

function loadPdfjs() {
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}

function standardFontDataUrl() {
  const pkg = require.resolve('pdfjs-dist/package.json');
  return path.join(path.dirname(pkg), 'standard_fonts') + path.sep;
}

async function openDocument(pdfjs, data) {
  const task = pdfjs.getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    standardFontDataUrl: standardFontDataUrl(),
    stopAtErrors: false,
    maxImageSize: MAX_IMAGE_PIXELS,
  });
  return task.promise;
}

function classifyOpenError(err) {
  const name = err && typeof err === 'object' ? err.name : '';
  if (name === 'PasswordException') return 'encrypted';
  return 'invalid';
}

async function inspect(pdfjs, data) {
  let doc;
  try {
    doc = await openDocument(pdfjs, data);
  } catch (err) {
    return { ok: false, error: classifyOpenError(err), message: String(err && err.message) };
  }
  try {
    return { ok: true, pageCount: doc.numPages };
  } finally {
    await doc.destroy();
  }
}

/** Quarter turns (0–3, clockwise on the page) of a baseline direction, or -1 when it is not within 10° of one. */
function quarterTurnOf(dx, dy) {
  const degrees = (Math.atan2(dy, dx) * 180) / Math.PI;
  const turn = Math.round(degrees / 90);
  if (Math.abs(degrees - turn * 90) > 10) return -1;
  return ((turn % 4) + 4) % 4;
}

/**
 * The page's text runs, positioned as the page is seen (its `/Rotate` and crop box applied: pdf.js's viewport), then
 * turned so that the direction most of its text runs in reads left to right: a landscape report stored as a turned
 * portrait page, or printed sideways on one, reads as the landscape page it is. Runs in any other direction (a
 * diagonal watermark, a sideways margin note) are left out: they are not lines of the report.
 */
async function pageText(page) {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent({ includeMarkedContent: false, disableNormalization: false });
  const runs = [];
  const charsPerTurn = [0, 0, 0, 0];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const str = item.str;
    if (!str || !str.trim()) continue;
    const m = multiply(viewport.transform, item.transform);
    const turn = quarterTurnOf(m[0], m[1]);
    if (turn >= 0) charsPerTurn[turn] += str.trim().length;
    runs.push({ item, m, turn });
  }
  let upright = 0;
  for (let t = 1; t < 4; t++) if (charsPerTurn[t] > charsPerTurn[upright]) upright = t;
  const W = viewport.width;
  const H = viewport.height;
  // Seen-page point → the upright page's (rotating the page back by `upright` quarter turns).
  const turnBack = [(x, y) => [x, y], (x, y) => [y, W - x], (x, y) => [W - x, H - y], (x, y) => [H - y, x]][
    upright
  ];
  const items = [];
  for (const { item, m, turn } of runs) {
    if (turn !== upright) continue;
    const fontHeight = Math.hypot(m[2], m[3]) || item.height || 10;
    const [x, yBaseline] = turnBack(m[4], m[5]);
    items.push({
      text: item.str,
      x,
      y: yBaseline - fontHeight * 0.8,
      width: item.width || Math.hypot(m[0], m[1]) * item.str.length * 0.5,
      height: fontHeight,
    });
  }
  const sideways = upright % 2 === 1;
  return { width: sideways ? H : W, height: sideways ? W : H, items };
}

/** The scale (≤ `scale`) at which a page of `width` × `height` points fits in `maxPixels`. */
function cappedScale(width, height, scale, maxPixels) {
  if (!(width > 0 && height > 0)) return scale;
  // Square roots apart: a MediaBox of 1e200 points must not overflow to Infinity.
  return Math.min(scale, Math.sqrt(maxPixels / width) / Math.sqrt(height));
}

async function renderPage(doc, page, wantedScale, maxPixels) {
  const base = page.getViewport({ scale: 1 });
  const scale = cappedScale(base.width, base.height, wantedScale, maxPixels);
  const viewport = page.getViewport({ scale });
  // pdf.js's own factory: it loads the @napi-rs/canvas build pdf.js was made for (Path2D must match).
  const { canvas, context } = doc.canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context, canvas, viewport }).promise;
  const { width, height } = canvas;
  // Grey levels, not a PNG: encoding a page-sized PNG costs more CPU (~0.6 s) than the OCR's own preparation, and
  // the host would only decode it again.
  const rgba = context.getImageData(0, 0, width, height).data;
  const grey = new Uint8Array(width * height);
  for (let i = 0, p = 0; p < grey.length; i += 4, p++) {
    grey[p] = (rgba[i] * 299 + rgba[i + 1] * 587 + rgba[i + 2] * 114) / 1000;
  }
  doc.canvasFactory.destroy({ canvas, context });
  return { grey, width, height, scale: viewport.width / base.width || scale };
}

/** Non-space characters of the text layer, and how many of them are unreadable (see `UNREADABLE_SHARE`). */
function textStats(items) {
  let chars = 0;
  let unreadable = 0;
  for (const item of items) {
    for (const ch of item.text) {
      if (/\s/.test(ch)) continue;
      chars++;
      if (UNREADABLE_CHAR.test(ch)) unreadable++;
    }
  }
  return { chars, unreadable };
}

const IDENTITY = [1, 0, 0, 1, 0, 0];
const multiply = (m, n) => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/**
 * The share of the page (0–1) its painted pictures cover: each image is painted into the unit square of the
 * current transformation, so its area is that matrix's determinant; overlaps count twice (capped at 1).
 */
async function imageCoverage(pdfjs, page, pageArea) {
  const { OPS } = pdfjs;
  const paints = new Set(
    [
      OPS.paintImageXObject,
      OPS.paintInlineImageXObject,
      OPS.paintImageMaskXObject,
      OPS.paintImageXObjectRepeat,
      OPS.paintInlineImageXObjectGroup,
      OPS.paintJpegXObject,
    ].filter((op) => op !== undefined),
  );
  const list = await page.getOperatorList();
  const stack = [];
  let ctm = IDENTITY;
  let area = 0;
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? IDENTITY;
    else if (fn === OPS.transform && args) ctm = multiply(ctm, args);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const matrix = args && Array.isArray(args[0]) ? args[0] : null;
      if (matrix && matrix.length === 6) ctm = multiply(ctm, matrix);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? IDENTITY;
    else if (paints.has(fn)) area += Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]);
  }
  return pageArea > 0 ? Math.min(1, area / pageArea) : 0;
}

/**
 * Whether a page is read by OCR: 'only' when its text layer is (almost) empty, 'rather' when it has one that is
 * not the report (see the constants above), false when its text layer is read.
 */
async function ocrNeed(pdfjs, page, text) {
  if (text.items.reduce((sum, it) => sum + it.text.trim().length, 0) < MIN_TEXT_CHARS) return 'only';
  return (await textLayerIsNotTheReport(pdfjs, page, text)) ? 'rather' : false;
}

async function textLayerIsNotTheReport(pdfjs, page, text) {
  const { chars, unreadable } = textStats(text.items);
  if (unreadable >= UNREADABLE_SHARE * chars) return true;
  if (chars - unreadable >= IMAGE_PAGE_TEXT_CHARS) return false;
  return (await imageCoverage(pdfjs, page, text.width * text.height)) >= IMAGE_PAGE_SHARE;
}

/** Streams not judged against MAX_STREAM_BYTES: pictures (MAX_IMAGE_PIXELS bounds them), fonts, attachments. */
const BULKY_STREAM =
  /\/Subtype\s*\/Image\b|\/Length[123]\b|\/Type\s*\/EmbeddedFile\b|\/Subtype\s*\/(?:Type1C|CIDFontType0C|OpenType)\b/;

/**
 * Why the PDF is a bomb, or null: a stream other than a picture's, a font's or an attachment's holds more than
 * MAX_STREAM_BYTES once decompressed, or the document's non-picture streams more than MAX_STREAMS_BYTES together.
 * Every stream of a PDF is a top-level object (object streams cannot hold streams), so scanning the bytes for
 * `stream` keywords finds them all; Flate streams are inflated with a bounded output, in this worker. Streams that
 * do not inflate (encrypted, broken, other filters) count with their stored size: pdf.js copes with broken ones.
 */
function streamBomb(bytes) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let from = 0;
  for (;;) {
    const at = buffer.indexOf('stream', from, 'latin1');
    if (at < 0) return null;
    from = at + 6;
    if (at >= 3 && buffer.toString('latin1', at - 3, at) === 'end') continue;
    let start = at + 6;
    if (buffer[start] === 0x0d) start++;
    if (buffer[start] !== 0x0a) continue;
    start++;
    // The stream's dictionary: back to the `obj` keyword before it (at most 16 KiB back).
    const head = buffer.toString('latin1', Math.max(0, at - 16384), at);
    const dict = head.slice(head.lastIndexOf('obj') + 1);
    if (/\/Subtype\s*\/Image\b/.test(dict)) continue;
    let end = buffer.indexOf('endstream', start, 'latin1');
    if (end < 0) end = buffer.length;
    from = end;
    const bulky = BULKY_STREAM.test(dict);
    const limit = Math.min(bulky ? Infinity : MAX_STREAM_BYTES, MAX_STREAMS_BYTES - total);
    let size = end - start;
    if (/\/FlateDecode\b/.test(dict)) {
      try {
        size = zlib.inflateSync(buffer.subarray(start, end), { maxOutputLength: limit + 1 }).length;
      } catch (err) {
        if (err && err.code === 'ERR_BUFFER_TOO_LARGE') size = limit + 1;
      }
    }
    if (size > limit) {
      return limit < MAX_STREAM_BYTES || bulky
        ? `the streams of the PDF expand beyond ${MAX_STREAMS_BYTES / 1048576} MiB in all`
        : `a stream of the PDF expands beyond ${MAX_STREAM_BYTES / 1048576} MiB`;
    }
    total += size;
  }
}

async function extract(pdfjs, data, options) {
  const bomb = streamBomb(data);
  if (bomb) return { ok: false, error: 'invalid', message: bomb };
  let doc;
  try {
    doc = await openDocument(pdfjs, data);
  } catch (err) {
    return { ok: false, error: classifyOpenError(err), message: String(err && err.message) };
  }
  try {
    if (doc.numPages > options.maxPages) return { ok: true, pageCount: doc.numPages, pages: [] };
    const pages = [];
    let pixelsLeft = options.maxDocumentPixels;
    for (let n = 1; n <= doc.numPages; n++) {
      let page;
      try {
        page = await doc.getPage(n);
      } catch (err) {
        // A broken page tree (a loop, a missing page object) is the file's fault, not the reader's.
        return {
          ok: false,
          error: 'invalid',
          message: `page ${n} cannot be read: ${String(err && err.message)}`,
        };
      }
      const text = await pageText(page);
      let image = null;
      const need = options.render ? await ocrNeed(pdfjs, page, text) : false;
      // This page's share of the pixels left (the pages after it may need theirs), at most maxPagePixels.
      const maxPixels = Math.min(options.maxPagePixels, pixelsLeft / (doc.numPages - n + 1));
      if (need === 'only') image = await renderPage(doc, page, options.scale, maxPixels);
      else if (need === 'rather') {
        // The text layer stays the page's reading when the page cannot be drawn (e.g. a font pdf.js cannot draw).
        image = await renderPage(doc, page, options.scale, maxPixels).catch(() => null);
      }
      if (image) pixelsLeft -= image.width * image.height;
      pages.push({ ...text, image });
      page.cleanup();
    }
    return { ok: true, pageCount: doc.numPages, pages };
  } finally {
    await doc.destroy();
  }
}

let pdfjsLoading = null;

async function run(request) {
  const { op, data, options } = request;
  pdfjsLoading ??= loadPdfjs();
  const pdfjs = await pdfjsLoading;
  const bytes = new Uint8Array(data);
  return op === 'inspect' ? inspect(pdfjs, bytes) : extract(pdfjs, bytes, options);
}

parentPort.on('message', (request) => {
  run(request).then(
    (result) => {
      // The rendered pages' pixels move to the host instead of being copied.
      const transfer =
        result.ok && result.pages ? result.pages.filter((p) => p.image).map((p) => p.image.grey.buffer) : [];
      parentPort.postMessage({ id: request.id, result }, transfer);
    },
    (err) => {
      pdfjsLoading = null;
      parentPort.postMessage({
        id: request.id,
        result: { ok: false, error: 'crashed', message: String(err && err.message) },
      });
    },
  );
});
