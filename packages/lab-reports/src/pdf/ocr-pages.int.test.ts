/**
 * PDF pages whose text layer is not the report: a picture of a report with a browser's or viewer's header and
 * footer printed around it, and a text layer a subset font without a Unicode map made unreadable. Both are read
 * by OCR; a typed page keeps its text layer whatever pictures it carries.
 */
import { createCanvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import { createLabReportParser, type LabReportParser } from '../parse-lab-report';
import { CanvasSurface, LETTER } from '../testing/corpus-v2/surface';
import { pdfWith, stream } from '../testing/hand-made-pdf';
import { closeSharedPdfPool, extractPdf } from './pdf-runner';

function pdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    draw(doc);
    doc.end();
  });
}

const ROWS: [string, string, string, string][] = [
  ['Glucose', '92', 'mg/dL', '70-99'],
  ['Creatinine', '0.84', 'mg/dL', '0.57-1.00'],
  ['Sodium', '139', 'mmol/L', '134-144'],
  ['Potassium', '4.3', 'mmol/L', '3.5-5.2'],
];

/** A typed report page drawn as pixels (150 dpi), as a scanner or a phone gives it: PNG bytes. */
function reportPicture(): Buffer {
  const surface = new CanvasSurface(LETTER, 150);
  const style = { family: 'sans' as const, size: 11 };
  surface.text('NORTHGATE CLINICAL LABORATORY', 60, 50, { ...style, size: 14, bold: true });
  surface.text('Test', 60, 120, { ...style, bold: true });
  surface.text('Result', 250, 120, { ...style, bold: true });
  surface.text('Units', 340, 120, { ...style, bold: true });
  surface.text('Reference Interval', 430, 120, { ...style, bold: true });
  ROWS.forEach(([name, value, unit, range], i) => {
    const y = 145 + i * 22;
    surface.text(name, 60, y, style);
    surface.text(value, 250, y, style);
    surface.text(unit, 340, y, style);
    surface.text(range, 430, y, style);
  });
  return surface.pages[0]!.toBuffer('image/png');
}

/** A small logo picture (PNG). */
function logo(): Buffer {
  const canvas = createCanvas(120, 40);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'rgb(20,60,140)';
  ctx.fillRect(0, 0, 120, 40);
  return canvas.toBuffer('image/png');
}

/** A scan printed to PDF by a browser: the picture over the whole page, its title and address as text. */
function printedScan(): Promise<Buffer> {
  const picture = reportPicture();
  return pdf((doc) => {
    doc.image(picture, 0, 0, { width: 612, height: 792 });
    doc.fontSize(8);
    doc.text('11/20/26, 9:41 AM', 20, 12, { lineBreak: false });
    doc.text('lab-results-scan.png', 280, 12, { lineBreak: false });
    doc.text('file:///home/patient/Downloads/lab-results-scan.png', 20, 774, { lineBreak: false });
    doc.text('1/1', 570, 774, { lineBreak: false });
  });
}

/** A typed report with a logo: its text layer is the report. */
function typedWithLogo(): Promise<Buffer> {
  const picture = logo();
  return pdf((doc) => {
    doc.image(picture, 40, 30, { width: 120, height: 40 });
    doc.fontSize(10).text('Northgate Clinical Laboratory, 12 Harbour Road, Springfield', 180, 45);
    ROWS.forEach(([name, value, unit, range], i) => {
      const y = 120 + i * 18;
      doc.text(name, 60, y, { lineBreak: false });
      doc.text(value, 250, y, { lineBreak: false });
      doc.text(unit, 340, y, { lineBreak: false });
      doc.text(range, 430, y, { lineBreak: false });
    });
    doc.text('Results reviewed and released by the laboratory director. Specimen: serum.', 60, 220);
    doc.text('Reference intervals apply to adults. Fasting status was not reported.', 60, 236);
  });
}

/** A page whose whole area is a picture and whose (invisible, scanner-made) text layer holds the report. */
function scanWithTextLayer(): Promise<Buffer> {
  const picture = reportPicture();
  return pdf((doc) => {
    doc.image(picture, 0, 0, { width: 612, height: 792 });
    doc.fontSize(11);
    for (let round = 0; round < 3; round += 1) {
      ROWS.forEach(([name, value, unit, range], i) => {
        const y = 145 + (round * ROWS.length + i) * 22;
        doc.text(`${name} ${value} ${unit} ${range}`, 60, y, { lineBreak: false });
      });
    }
  });
}

/**
 * A hand-made PDF (no library builds a broken one): a scanned page (a small grey picture stretched over it) with an
 * invisible text layer shown with a CID font without a Unicode map, its codes being glyph numbers (the character
 * code less 29, as in many TrueType fonts), so pdf.js gives control characters for digits and spaces and shifted
 * letters for the rest.
 */
function unreadableTextLayer(): Buffer {
  const lines = ROWS.map((r) => r.join(' '));
  const shown = lines
    .map((line, i) => {
      const codes = [...line].map((c) => (c.charCodeAt(0) - 29).toString(16).padStart(4, '0')).join('');
      return `1 0 0 1 60 ${700 - i * 20} Tm <${codes}> Tj`;
    })
    .join(' ');
  const content = `q 612 0 0 792 0 0 cm /Im1 Do Q BT 3 Tr /F1 11 Tf ${shown} ET`;
  const pixels = '\xf0\xe0\xe0\xf0';
  return pdfWith([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> ' +
      '/XObject << /Im1 6 0 R >> >> /Contents 4 0 R >>',
    stream('', Buffer.from(content, 'latin1')),
    '<< /Type /Font /Subtype /Type0 /BaseFont /AAAAAA+Sans /Encoding /Identity-H /DescendantFonts [<< /Type /Font ' +
      '/Subtype /CIDFontType2 /BaseFont /AAAAAA+Sans /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) ' +
      '/Supplement 0 >> /DW 500 >>] >>',
    stream(
      '/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8',
      Buffer.from(pixels, 'latin1'),
    ),
  ]);
}

const OPTIONS = { maxPages: 30, render: true, scale: 1 };

describe('PDF pages read by OCR although they have a text layer', () => {
  afterAll(() => closeSharedPdfPool());

  it('renders a picture page with a printed header and footer, not a typed page with a logo or a text layer', async () => {
    const cases = [
      ['printed scan', await printedScan(), true],
      ['typed with logo', await typedWithLogo(), false],
      ['scan with its text layer', await scanWithTextLayer(), false],
    ] as const;
    for (const [name, bytes, rendered] of cases) {
      const result = await extractPdf(bytes, OPTIONS);
      if (!result.ok) throw new Error(`${name}: ${result.message}`);
      expect([name, result.pages[0]!.items.length > 0, result.pages[0]!.image !== null]).toEqual([
        name,
        true,
        rendered,
      ]);
    }
  });

  it('renders a page whose text layer is mostly control characters', async () => {
    const result = await extractPdf(unreadableTextLayer(), OPTIONS);
    if (!result.ok) throw new Error(result.message);
    const text = result.pages[0]!.items.map((i) => i.text).join('');
    // eslint-disable-next-line no-control-regex
    expect(text.replace(/[^\u0000-\u001f]/g, '').length).toBeGreaterThan(20);
    expect(result.pages[0]!.image).not.toBeNull();
  });

  describe('end to end', () => {
    let parser: LabReportParser;
    beforeAll(() => {
      parser = createLabReportParser({ ocrWorkers: 1, pdfWorkers: 1 });
    });
    afterAll(() => parser.close());

    it("reads the rows of a scan printed to PDF (not 'invalid_input' for want of text)", async () => {
      const outcome = await parser.parse([{ bytes: await printedScan(), mediaType: 'application/pdf' }]);
      if (outcome.status !== 'completed')
        throw new Error(`failed: ${outcome.failureReason} ${outcome.detail}`);
      expect(outcome.ocrPages).toBe(1);
      expect(outcome.report.results.map((r) => [r.test_name, r.value, r.units])).toEqual(
        ROWS.map(([name, value, unit]) => [name, value, unit]),
      );
    }, 120_000);
  });
});
