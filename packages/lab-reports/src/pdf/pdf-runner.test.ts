import PDFDocument from 'pdfkit';
import { extractPdf, inspectPdf } from './pdf-runner';

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

describe('pdf.js runner', () => {
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
    const fine = await pdf({}, (doc) => doc.text('Visible', 50, 50));
    expect(await extractPdf(fine, { maxPages: 30, render: false, scale: 1 }, 1)).toMatchObject({
      ok: false,
      error: 'timeout',
    });
  });
});
