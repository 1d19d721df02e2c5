// Test helper: pdf.js in a worker thread (pdfjs-dist is ESM-only and jest runs CommonJS). Given a list of PDFs,
// answers for each the page count and, per page, the text lines (items grouped by baseline, left to right) and
// whether the page paints an image; { error } when pdf.js cannot open the file.
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const standardFontDataUrl =
  path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

async function read(bytes) {
  let doc;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
      standardFontDataUrl,
    }).promise;
  } catch (err) {
    return { error: String(err && err.message) };
  }
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const rows = new Map();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5]);
      const row = rows.get(y) ?? [];
      row.push({ x: item.transform[4], s: item.str });
      rows.set(y, row);
    }
    const lines = [...rows.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([, items]) =>
        items
          .sort((a, b) => a.x - b.x)
          .map((i) => i.s)
          .join(' '),
      );
    const ops = await page.getOperatorList();
    const hasImage = ops.fnArray.some(
      (f) => f === pdfjs.OPS.paintImageXObject || f === pdfjs.OPS.paintJpegXObject,
    );
    pages.push({ lines, hasImage });
    page.cleanup();
  }
  const pageCount = doc.numPages;
  await doc.destroy();
  return { pageCount, pages };
}

async function main() {
  const results = [];
  for (const bytes of workerData.files) results.push(await read(bytes));
  return results;
}

main().then(
  (results) => parentPort.postMessage({ results }),
  (err) => parentPort.postMessage({ error: String(err && err.stack) }),
);
