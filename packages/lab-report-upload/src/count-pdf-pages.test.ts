import PDFDocument from 'pdfkit';
import { countPdfPages } from './count-pdf-pages';

function pdf(pages: number, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4', ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (let page = 0; page < pages; page++) {
      if (page > 0) doc.addPage();
      doc.text(`Page ${page + 1}`, 50, 50);
    }
    doc.end();
  });
}

describe('countPdfPages (pdf-lib in a worker thread)', () => {
  it('counts the pages of a PDF, also with bytes after %%EOF', async () => {
    expect(await countPdfPages(await pdf(1))).toEqual({ ok: true, pageCount: 1 });
    const three = await pdf(3);
    expect(await countPdfPages(three)).toEqual({ ok: true, pageCount: 3 });
    expect(await countPdfPages(Buffer.concat([three, Buffer.alloc(4096)]))).toEqual({
      ok: true,
      pageCount: 3,
    });
  });

  it('tells corrupt, truncated and password-protected files apart', async () => {
    expect(await countPdfPages(Buffer.from('%PDF-1.7\nnot really a pdf', 'latin1'))).toMatchObject({
      ok: false,
      error: 'invalid',
    });
    const whole = await pdf(2);
    expect(await countPdfPages(whole.subarray(0, 400))).toMatchObject({ ok: false, error: 'invalid' });
    const locked = await pdf(1, { userPassword: 'secret' });
    expect(await countPdfPages(locked)).toMatchObject({ ok: false, error: 'encrypted' });
  });

  it.each([
    ['RC4 40-bit (revision 2)', '1.3'],
    ['RC4 128-bit (revision 3)', '1.4'],
    ['AES-128 (revision 4)', '1.7'],
    ['AES-256 (revision 5)', '1.7ext3'],
  ] as const)('%s: opens with only an owner password, not with a user password', async (_, pdfVersion) => {
    const restricted = await pdf(2, {
      pdfVersion,
      ownerPassword: 'owner',
      permissions: { printing: 'lowResolution' },
    });
    expect(await countPdfPages(restricted)).toEqual({ ok: true, pageCount: 2 });
    const locked = await pdf(2, { pdfVersion, userPassword: 'secret', ownerPassword: 'owner' });
    expect(await countPdfPages(locked)).toMatchObject({ ok: false, error: 'encrypted' });
  });

  it('gives up on a file that takes too long', async () => {
    expect(await countPdfPages(await pdf(1), 1)).toMatchObject({ ok: false, error: 'timeout' });
  });
});
