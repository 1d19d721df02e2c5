/**
 * Hostile and broken PDFs through the pdf.js workers: poster-sized pages, decompression bombs, oversized pictures,
 * operator floods and broken page trees each end as a clear result (a bounded rendering, `invalid`, `crashed`),
 * quickly and within bounded memory, and the pool goes on reading the next document.
 */
import workerThreads, { type WorkerOptions } from 'node:worker_threads';
import { deflateSync } from 'node:zlib';
import { pdfWith, stream } from '../testing/hand-made-pdf';
import { createPdfPool, type PdfExtraction, type PdfPool } from './pdf-runner';

/** `count` pages of `width` × `height` points, each with `content` as its page content and no text. */
function pages(count: number, width: number, height: number, content = '0 0 0 rg 10 10 50 50 re f'): Buffer {
  const kids = Array.from({ length: count }, (_, i) => `${3 + 2 * i} 0 R`).join(' ');
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
  ];
  for (let i = 0; i < count; i++) {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents ${4 + 2 * i} 0 R >>`,
    );
    objects.push(stream('', Buffer.from(content, 'latin1')));
  }
  return pdfWith(objects);
}

function onePage(pageExtra: string, ...more: (string | Buffer)[]): Buffer {
  return pdfWith([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] ${pageExtra} >>`,
    ...more,
  ]);
}

const RENDER = { maxPages: 30, render: true, scale: 3 };

function ok(result: PdfExtraction): Extract<PdfExtraction, { ok: true }> {
  if (!result.ok) throw new Error(`${result.error}: ${result.message}`);
  return result;
}

describe('pdf.js runner on hostile PDFs', () => {
  let pool: PdfPool;
  beforeAll(() => {
    pool = createPdfPool({ size: 1 });
  });
  afterAll(() => pool.close());

  it('renders a 14400 × 14400 pt page without text at a scale that fits 12 Mpx, not at 3 px/pt (1.9 Gpx)', async () => {
    const {
      pages: [page],
    } = ok(await pool.extract(pages(1, 14_400, 14_400), RENDER));
    const image = page?.image;
    if (!image) throw new Error('the page was not rendered');
    expect(image.width * image.height).toBeLessThanOrEqual(12_000_000 * 1.001);
    expect(image.width * image.height).toBeGreaterThan(11_000_000);
    expect(image.scale).toBeCloseTo(image.width / 14_400, 3);
    // A normal page keeps the requested scale.
    const {
      pages: [a4],
    } = ok(await pool.extract(pages(1, 595, 842), RENDER));
    expect(a4?.image).toMatchObject({ width: 1785, height: 2526, scale: 3 });
  });

  it('keeps the rendered pages of a document within its pixel budget, each page getting its share', async () => {
    // The default budget (150 Mpx) scaled down to keep the test light: 30 pages of 1.6 Mpx each at 3 px/pt.
    const budget = { ...RENDER, maxPagePixels: 1_000_000, maxDocumentPixels: 6_000_000 };
    const { pages: rendered } = ok(await pool.extract(pages(30, 400, 1_500), budget));
    expect(rendered).toHaveLength(30);
    expect(rendered.every((p) => p.image !== null)).toBe(true);
    const sizes = rendered.map((p) => (p.image ? p.image.width * p.image.height : 0));
    expect(sizes.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(6_000_000 * 1.01);
    expect(Math.min(...sizes)).toBeGreaterThan(190_000); // about 6 Mpx / 30 each
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1_000_000 * 1.01);
  });

  it('refuses a page content that inflates to 64 MiB (a Flate bomb) before pdf.js reads it', async () => {
    const packed = deflateSync(Buffer.alloc(64 * 1024 * 1024, 32));
    expect(packed.length).toBeLessThan(100_000);
    const bomb = onePage('/Contents 4 0 R', stream('/Filter /FlateDecode', packed));
    const started = Date.now();
    expect(await pool.extract(bomb, RENDER)).toMatchObject({ ok: false, error: 'invalid' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses a page of 5 MB of drawing operators, compressed or not', async () => {
    const operators = Buffer.from('0 0 m 1 1 l S\n'.repeat(360_000), 'latin1');
    const packed = onePage('/Contents 4 0 R', stream('/Filter /FlateDecode', deflateSync(operators)));
    expect(await pool.extract(packed, RENDER)).toMatchObject({ ok: false, error: 'invalid' });
    const plain = onePage('/Contents 4 0 R', stream('', operators));
    expect(await pool.extract(plain, RENDER)).toMatchObject({ ok: false, error: 'invalid' });
  });

  it('does not draw a picture above 40 Mpx (a 7000 × 7000 black image in a few KB)', async () => {
    const black = deflateSync(Buffer.alloc(7_000 * 7_000, 0));
    const page = onePage(
      '/Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >>',
      stream('', Buffer.from('q 600 0 0 800 0 0 cm /Im1 Do Q', 'latin1')),
      stream(
        '/Type /XObject /Subtype /Image /Width 7000 /Height 7000 /ColorSpace /DeviceGray ' +
          '/BitsPerComponent 8 /Filter /FlateDecode',
        black,
      ),
    );
    const {
      pages: [read],
    } = ok(await pool.extract(page, { ...RENDER, scale: 0.5 }));
    const grey = read?.image?.grey;
    if (!grey) throw new Error('the page was not rendered');
    // Drawn, the picture would turn the whole page black.
    expect(grey.reduce((sum, v) => sum + v, 0) / grey.length).toBeGreaterThan(250);
  }, 15_000);

  it('calls a page tree that loops on itself invalid, not a reader crash', async () => {
    const loop = pdfWith([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 1 >>',
      '<< /Type /Pages /Kids [2 0 R] /Parent 3 0 R /Count 1 >>',
    ]);
    expect(await pool.extract(loop, RENDER)).toMatchObject({ ok: false, error: 'invalid' });
  });

  it('starts pdf.js workers under a heap limit (default 512 MB), so an operator flood ends `crashed`', async () => {
    // A flood that the stream checks cannot see (one content stream listed many times in /Contents, 900 k operators,
    // about 650 MB of operator list) takes seconds to reach a limit: measured by hand, not here. The test checks
    // that the limit reaches the workers.
    const Original = workerThreads.Worker;
    const limits: (number | undefined)[] = [];
    class Recording extends Original {
      constructor(file: string | URL, options?: WorkerOptions) {
        limits.push(options?.resourceLimits?.maxOldGenerationSizeMb);
        super(file, options);
      }
    }
    Object.defineProperty(workerThreads, 'Worker', { value: Recording, configurable: true, writable: true });
    const own = createPdfPool({ size: 1 });
    const small = createPdfPool({ size: 1, heapMb: 200 });
    try {
      ok(await own.extract(pages(1, 200, 200), RENDER));
      ok(await small.extract(pages(1, 200, 200), RENDER));
      expect(limits).toEqual([512, 200]);
    } finally {
      Object.defineProperty(workerThreads, 'Worker', { value: Original, configurable: true, writable: true });
      await Promise.all([own.close(), small.close()]);
    }
  });
});
