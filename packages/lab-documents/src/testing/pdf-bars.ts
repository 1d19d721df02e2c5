/**
 * Test helper: the content streams of generated pages, and the barcodes a page draws, read back from its content stream. pdf-lib draws each
 * filled rectangle as a black path moved into place with `cm`; consecutive bars on one baseline form a symbol,
 * returned as bar/space widths in modules.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

const BAR =
  /0 0 0 rg\n0 w\n\[\] 0 d\n1 0 0 1 ([\d.-]+) ([\d.-]+) cm\n1 0 0 1 0 0 cm\n1 0 0 1 0 0 cm\n0 0 m\n0 ([\d.]+) l\n([\d.]+) [\d.]+ l\n[\d.]+ 0 l\nh\nf/g;

interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The decoded content streams of one page (`pageIndex`) or of every page, as text. */
export async function pageContent(pdf: Uint8Array, pageIndex?: number): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  const pages = pageIndex === undefined ? doc.getPages() : [doc.getPage(pageIndex)];
  let text = '';
  for (const page of pages) {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    for (const ref of refs) {
      const stream = doc.context.lookup(ref);
      if (stream instanceof PDFRawStream)
        text += Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') + '\n';
    }
  }
  return text;
}

export async function barcodesOnPage(pdf: Uint8Array, pageIndex: number): Promise<number[][]> {
  const text = await pageContent(pdf, pageIndex);
  const bars: Bar[] = [...text.matchAll(BAR)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    height: Number(m[3]),
    width: Number(m[4]),
  }));
  // Group by row (same y and height), and split a row where the gap is wider than a quiet zone would be.
  const groups = new Map<string, Bar[]>();
  for (const bar of bars) {
    const key = `${bar.y.toFixed(2)}:${bar.height.toFixed(2)}`;
    groups.set(key, [...(groups.get(key) ?? []), bar]);
  }
  const symbols: number[][] = [];
  for (const row of groups.values()) {
    row.sort((a, b) => a.x - b.x);
    let current: Bar[] = [];
    const flush = () => {
      if (current.length > 0) symbols.push(toModules(current));
      current = [];
    };
    for (const bar of row) {
      const last = current[current.length - 1];
      const module = Math.min(...current.map((b) => b.width), bar.width);
      if (last && bar.x - (last.x + last.width) > 5 * module) flush();
      current.push(bar);
    }
    flush();
  }
  return symbols;
}

function toModules(bars: Bar[]): number[] {
  const module = Math.min(...bars.map((b) => b.width));
  const out: number[] = [];
  bars.forEach((bar, i) => {
    out.push(Math.round(bar.width / module));
    const next = bars[i + 1];
    if (next) out.push(Math.round((next.x - (bar.x + bar.width)) / module));
  });
  return out;
}
