// Test helper run in a worker thread (pdfjs-dist is ESM-only, jest runs CommonJS): for each PDF given, the
// page count and each page's text lines (items grouped by baseline, left to right), or { error }.
import { parentPort, workerData } from 'node:worker_threads';

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

async function linesOf(page) {
  const content = await page.getTextContent();
  const byBaseline = new Map();
  for (const item of content.items) {
    if (!('str' in item) || item.str === '') continue;
    const y = Math.round(item.transform[5]);
    const row = byBaseline.get(y) ?? [];
    row.push({ x: item.transform[4], text: item.str });
    byBaseline.set(y, row);
  }
  return [...byBaseline.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((i) => i.text)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
}

async function read(bytes) {
  try {
    const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 })
      .promise;
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      pages.push(await linesOf(page));
      page.cleanup();
    }
    const pageCount = doc.numPages;
    await doc.destroy();
    return { pageCount, pages };
  } catch (err) {
    return { error: String(err && err.message) };
  }
}

Promise.all(workerData.files.map(read)).then(
  (results) => parentPort.postMessage({ results }),
  (err) => parentPort.postMessage({ error: String(err && err.stack) }),
);
