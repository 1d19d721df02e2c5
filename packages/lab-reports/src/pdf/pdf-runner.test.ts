import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import { closeSharedPdfPool, createPdfPool, extractPdf, inspectPdf } from './pdf-runner';

function pdf(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 0, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    draw(doc);
    doc.end();
  });
}

/**
 * A document pdf.js needs well over the 1 ms timeouts below to read (30 pages of text), so a warm worker cannot
 * answer before the timer fires.
 */
function slowPdf(): Promise<Buffer> {
  return pdf({}, (doc) => {
    for (let page = 0; page < 30; page++) {
      if (page > 0) doc.addPage();
      for (let line = 0; line < 50; line++)
        doc.text(`Analyte ${page}-${line} 13.5 g/dL (12.0-16.0)`, 40, 40 + line * 14);
    }
  });
}

describe('pdf.js runner', () => {
  afterAll(() => closeSharedPdfPool());

  it('reads text runs with positions (top-left origin) and rasterises pages with (almost) no text', async () => {
    const bytes = await pdf({}, (doc) => {
      doc.fontSize(12).text('Glucose', 50, 100, { lineBreak: false });
      doc.text('Comprehensive Metabolic Panel, fasting specimen', 50, 200, { lineBreak: false });
      doc.addPage({ size: 'LETTER', margin: 0 });
      doc.rect(100, 100, 200, 50).fill('#000');
    });
    const result = await extractPdf(bytes, { maxPages: 30, render: true, scale: 2 });
    if (!result.ok) throw new Error(result.message);
    expect(result.pageCount).toBe(2);
    const [first, second] = result.pages;
    expect(first?.items).toHaveLength(2);
    expect(first?.items[0]).toMatchObject({ text: 'Glucose', x: 50 });
    expect(first?.items[0]?.y).toBeGreaterThan(95);
    expect(first?.items[0]?.y).toBeLessThan(105);
    expect(first?.image).toBeNull();
    expect(second?.items).toEqual([]);
    expect(second?.image).toMatchObject({ width: 1224, height: 1584, scale: 2 });
    // Grey levels, one byte per pixel: white paper around the black box drawn at (100, 100)–(300, 150) pt.
    const grey = second?.image?.grey ?? new Uint8Array(0);
    expect(grey.length).toBe(1224 * 1584);
    expect(grey[10 * 1224 + 10]).toBe(255);
    expect(grey[250 * 1224 + 400]).toBe(0);
  });

  it('tells corrupt, password-protected and slow files apart', async () => {
    expect(await inspectPdf(Buffer.from('%PDF-1.7\nnot really a pdf'))).toMatchObject({
      ok: false,
      error: 'invalid',
    });
    const locked = await pdf({ userPassword: 'secret' }, (doc) => doc.text('Hidden', 50, 50));
    expect(await inspectPdf(locked)).toMatchObject({ ok: false, error: 'encrypted' });
    expect(await extractPdf(await slowPdf(), { maxPages: 30, render: false, scale: 1 }, 1)).toMatchObject({
      ok: false,
      error: 'timeout',
    });
  });

  it('reuses one warm worker, replaces a stuck one, and closes', async () => {
    const pool = createPdfPool({ size: 1 });
    try {
      const first = await pdf({}, (doc) => doc.text('Haemoglobin 13.5 g/dL', 50, 50));
      const second = await pdf({}, (doc) => doc.text('Platelets 250 10^9/L', 50, 50));
      const options = { maxPages: 30, render: false, scale: 1 };
      const a = await pool.extract(first, options);
      const b = await pool.extract(second, options);
      expect(a.ok && a.pages[0]?.items.map((i) => i.text).join(' ')).toContain('Haemoglobin');
      expect(b.ok && b.pages[0]?.items.map((i) => i.text).join(' ')).toContain('Platelets');
      expect(pool.workers).toBe(1);
      // Garbage after a warm start, then a job whose timeout expires while the worker is busy: the worker is
      // terminated, and the next document gets a fresh one.
      expect(await pool.inspect(Buffer.from('%PDF-1.7\nnot really a pdf'))).toMatchObject({
        error: 'invalid',
      });
      expect(await pool.extract(await slowPdf(), options, 1)).toMatchObject({ ok: false, error: 'timeout' });
      expect(pool.workers).toBe(0);
      const c = await pool.extract(second, options);
      expect(c.ok && c.pageCount).toBe(1);
      expect(pool.workers).toBe(1);
    } finally {
      await pool.close();
    }
    expect(pool.workers).toBe(0);
    expect(await pool.inspect(Buffer.from('%PDF-1.7'))).toMatchObject({ ok: false, error: 'crashed' });
  });

  it('does not keep the process alive with an idle worker', async () => {
    // A child process reads one document through the shared pool and never closes it: it must still exit.
    const script = `require(${JSON.stringify(path.join(__dirname, 'pdf-runner.ts'))})
      .inspectPdf(Buffer.from('%PDF-1.7 junk')).then((r) => process.stdout.write(r.error));`;
    const started = Date.now();
    const { stdout: output } = await promisify(execFile)(
      process.execPath,
      ['--conditions=meridian-src', '--import', 'tsx', '-e', script],
      { timeout: 15_000 },
    );
    expect(output).toBe('invalid');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
