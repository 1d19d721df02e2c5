import { createCanvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import { inspectUpload } from './inspect-upload';
import { UploadRejectedError } from './upload-rejected-error';

function pdf(pages: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (let page = 0; page < pages; page++) {
      if (page > 0) doc.addPage();
      doc.text(`Page ${page + 1} Glucose 95 mg/dL 70-99`, 50, 50);
    }
    doc.end();
  });
}

function image(type: 'png' | 'jpeg', width = 40, height = 30): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  return type === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg');
}

async function rejection(parts: Parameters<typeof inspectUpload>[0]): Promise<UploadRejectedError> {
  try {
    await inspectUpload(parts);
  } catch (err) {
    if (err instanceof UploadRejectedError) return err;
    throw err;
  }
  throw new Error('expected the upload to be rejected');
}

describe('inspectUpload', () => {
  let onePage: Buffer;
  beforeAll(async () => {
    onePage = await pdf(2);
  });

  it('accepts a PDF and counts its pages', async () => {
    const result = await inspectUpload([
      { bytes: onePage, declaredType: 'application/pdf', filename: 'r.pdf' },
    ]);
    expect(result.pageCount).toBe(2);
    expect(result.files).toEqual([{ bytes: onePage, mediaType: 'application/pdf', filename: 'r.pdf' }]);
  });

  it('accepts up to 8 images, in order, with the type taken from the bytes when undeclared', async () => {
    const parts = Array.from({ length: 8 }, (_, i) => ({
      bytes: image(i % 2 ? 'png' : 'jpeg', 30 + i),
      declaredType: i === 0 ? 'application/octet-stream' : i % 2 ? 'image/png' : 'image/jpg',
    }));
    const result = await inspectUpload(parts);
    expect(result.pageCount).toBe(8);
    expect(result.files.map((f) => f.mediaType)).toEqual(
      parts.map((_, i) => (i % 2 ? 'image/png' : 'image/jpeg')),
    );
    expect(result.files[3]?.bytes).toBe(parts[3]?.bytes);
  });

  it('refuses more than 8 files', async () => {
    const parts = Array.from({ length: 9 }, () => ({ bytes: image('png'), declaredType: 'image/png' }));
    const err = await rejection(parts);
    expect([err.code, err.status]).toEqual(['too_many_files', 400]);
  });

  it('refuses an empty file and an empty upload', async () => {
    expect((await rejection([{ bytes: Buffer.alloc(0), declaredType: 'application/pdf' }])).code).toBe(
      'empty_file',
    );
    expect((await rejection([])).code).toBe('empty_file');
  });

  it('refuses content that is not PDF, JPEG or PNG', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const err = await rejection([{ bytes: gif, declaredType: 'image/gif' }]);
    expect([err.code, err.status]).toEqual(['unsupported_file_type', 400]);
    expect(err.message).toMatch(/not a PDF, JPEG or PNG/);
  });

  it('refuses a declared type that does not match the bytes', async () => {
    const asPng = await rejection([{ bytes: image('jpeg'), declaredType: 'image/png' }]);
    expect(asPng.code).toBe('content_type_mismatch');
    expect(asPng.message).toContain('image/jpeg');
    const asText = await rejection([{ bytes: onePage, declaredType: 'text/plain' }]);
    expect(asText.code).toBe('content_type_mismatch');
  });

  it('refuses a PDF inside a multi-file upload', async () => {
    const err = await rejection([
      { bytes: image('png'), declaredType: 'image/png' },
      { bytes: onePage, declaredType: 'application/pdf' },
    ]);
    expect(err.code).toBe('unsupported_file_type');
  });

  it('refuses images whose header does not decode', async () => {
    const png = image('png');
    const brokenPng = Buffer.concat([
      png.subarray(0, 8),
      Buffer.from('garbage garbage garbage garbage garbage'),
    ]);
    expect((await rejection([{ bytes: brokenPng, declaredType: 'image/png' }])).code).toBe('invalid_file');
    const jpegWithoutFrame = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    expect((await rejection([{ bytes: jpegWithoutFrame, declaredType: 'image/jpeg' }])).code).toBe(
      'invalid_file',
    );
  });

  it('refuses a corrupt or truncated PDF', async () => {
    const garbage = Buffer.from('%PDF-1.7\nthis is not a pdf at all\n', 'latin1');
    expect((await rejection([{ bytes: garbage, declaredType: 'application/pdf' }])).code).toBe(
      'invalid_file',
    );
    const truncated = onePage.subarray(0, 400);
    const err = await rejection([{ bytes: truncated, declaredType: 'application/pdf', filename: 'cut.pdf' }]);
    expect(err.code).toBe('invalid_file');
    expect(err.message).toContain('"cut.pdf"');
  });

  it('refuses a password-protected PDF', async () => {
    const locked = await new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument({ size: 'LETTER', userPassword: 'secret' });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.text('Hidden', 50, 50);
      doc.end();
    });
    const err = await rejection([{ bytes: locked, declaredType: 'application/pdf', filename: 'locked.pdf' }]);
    expect([err.code, err.message]).toEqual(['invalid_file', '"locked.pdf" is password-protected']);
  });

  it('refuses a PDF of more than 30 pages', async () => {
    const err = await rejection([{ bytes: await pdf(31), declaredType: 'application/pdf' }]);
    expect([err.code, err.status]).toEqual(['too_many_pages', 400]);
  });

  it('refuses more than 30 MiB in total with 413', async () => {
    const big = Buffer.concat([image('png'), Buffer.alloc(16 * 1024 * 1024)]);
    const err = await rejection([
      { bytes: big, declaredType: 'image/png' },
      { bytes: big, declaredType: 'image/png' },
    ]);
    expect([err.code, err.status]).toEqual(['file_too_large', 413]);
  });
});
