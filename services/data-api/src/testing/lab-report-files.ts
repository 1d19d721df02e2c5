import { createCanvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';

/** Small real files for the upload tests: text PDFs drawn with pdfkit, images drawn with @napi-rs/canvas. */

export function textPdf(pages: number, line = 'Glucose 95 mg/dL 70-99'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let page = 0; page < pages; page++) {
      if (page > 0) doc.addPage();
      doc.text(`Page ${page + 1} ${line}`, 50, 50);
    }
    doc.end();
  });
}

export function image(type: 'png' | 'jpeg', width = 64, height = 48): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.fillRect(4, 4, width / 2, height / 4);
  return type === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg');
}

/** A PDF header followed by garbage: sniffs as PDF, cannot be opened. */
export function corruptPdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x5a)]);
}

/** A PNG signature with a broken header chunk. */
export function truncatedPng(): Buffer {
  return image('png').subarray(0, 12);
}
