/**
 * Hostile and broken uploads (decompression bombs, truncated and corrupt images, junk behind a PDF header): each is
 * refused with a 400 `invalid_file` by the synchronous checks, quickly and without decoding it.
 */
import { createCanvas } from '@napi-rs/canvas';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { countPdfPages } from './count-pdf-pages';
import { inspectImage, validHuffmanTables } from './image-header';
import { inspectUpload } from './inspect-upload';
import { UploadRejectedError } from './upload-rejected-error';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A grey PNG of `width` × `height` whose IDAT holds `rows` white rows (all of them for a real image). */
function png(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  const row = Buffer.alloc(width + 1, 255);
  row[0] = 0; // filter: none
  const pixels = deflateSync(Buffer.concat(Array.from({ length: rows }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function jpeg(width = 80, height = 60): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.fillRect(10, 10, 30, 20);
  return canvas.toBuffer('image/jpeg');
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

describe('hostile image uploads', () => {
  it('refuses a decompression bomb: 19000 × 19000 pixels of one colour in a small PNG, alone or 8 merged', async () => {
    // Only the first rows are compressed: the checks never decode the pixels, so the test needs no 361 MB stream.
    const bomb = png(19_000, 19_000, 4);
    expect(bomb.length).toBeLessThan(2_000);
    const alone = await rejection([{ bytes: bomb, declaredType: 'image/png' }]);
    expect(alone).toMatchObject({ code: 'invalid_file', status: 400 });
    expect(alone.message).toMatch(/19000 × 19000 pixels; images up to 120 megapixels/);
    const merged = await rejection(
      Array.from({ length: 8 }, (_, i) => ({
        bytes: bomb,
        declaredType: 'image/png',
        filename: `p${i}.png`,
      })),
    );
    expect(merged).toMatchObject({ code: 'invalid_file' });
  });

  it('takes a 108-megapixel photo but not one above 120 megapixels', () => {
    expect(inspectImage(png(12_000, 9_000, 1), 'image/png')).toMatchObject({ ok: true });
    expect(inspectImage(png(11_000, 11_000, 1), 'image/png')).toMatchObject({
      ok: false,
      problem: 'too_large',
    });
  });

  it('refuses a truncated PNG and a PNG without pixel data, keeps one with a bad checksum', async () => {
    const whole = png(300, 200);
    expect(inspectImage(whole, 'image/png')).toMatchObject({ ok: true, size: { width: 300, height: 200 } });
    const cut = await rejection([{ bytes: whole.subarray(0, whole.length - 20), declaredType: 'image/png' }]);
    expect(cut).toMatchObject({ code: 'invalid_file' });
    expect(cut.message).toMatch(/truncated PNG/);
    const noData = Buffer.concat([whole.subarray(0, 33), chunk('IEND', Buffer.alloc(0))]);
    expect(inspectImage(noData, 'image/png')).toMatchObject({ ok: false, problem: 'corrupt' });
    // A bad CRC is not checked: the parser's decoder reads such files, as browsers do.
    const badCrc = Buffer.from(whole);
    badCrc.writeUInt32BE(0, 29);
    expect(inspectImage(badCrc, 'image/png')).toMatchObject({ ok: true });
  });

  it('refuses a truncated JPEG and keeps one with bytes after its end', async () => {
    const whole = jpeg();
    expect(inspectImage(whole, 'image/jpeg')).toMatchObject({ ok: true, size: { width: 80, height: 60 } });
    expect(inspectImage(Buffer.concat([whole, Buffer.alloc(100, 7)]), 'image/jpeg')).toMatchObject({
      ok: true,
    });
    const cut = await rejection([
      { bytes: whole.subarray(0, whole.length - 40), declaredType: 'image/jpeg' },
    ]);
    expect(cut).toMatchObject({ code: 'invalid_file' });
    expect(cut.message).toMatch(/truncated JPEG/);
  });

  it('refuses a JPEG with a corrupt Huffman table', async () => {
    const broken = jpeg();
    const dht = broken.indexOf(Buffer.from([0xff, 0xc4]));
    expect(dht).toBeGreaterThan(0);
    broken.fill(0xff, dht + 5, dht + 21); // 16 code counts of 255: far more codes than bits allow
    const err = await rejection([{ bytes: broken, declaredType: 'image/jpeg' }]);
    expect(err).toMatchObject({ code: 'invalid_file' });
    expect(err.message).toMatch(/Huffman table is invalid/);
  });

  it('checks Huffman tables: code space, symbol count, DC symbols, length', () => {
    // The standard luminance DC table (lengths 2–9, symbols 0–11) is valid.
    const counts = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
    const dc = Buffer.from([0x00, ...counts, ...Array.from({ length: 12 }, (_, i) => i)]);
    expect(validHuffmanTables(dc)).toBe(true);
    expect(validHuffmanTables(Buffer.concat([dc, dc]))).toBe(true);
    // Three codes of one bit.
    expect(validHuffmanTables(Buffer.from([0x00, 3, ...new Array(15).fill(0), 0, 1, 2]))).toBe(false);
    // A DC symbol above 15, a table class above 1, one symbol missing.
    expect(validHuffmanTables(Buffer.from([0x00, 1, ...new Array(15).fill(0), 16]))).toBe(false);
    expect(validHuffmanTables(Buffer.from([0x20, 1, ...new Array(15).fill(0), 1]))).toBe(false);
    expect(validHuffmanTables(dc.subarray(0, dc.length - 1))).toBe(false);
  });
});

describe('hostile PDF uploads', () => {
  function pdfWith(objects: Buffer[]): Buffer {
    const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
    const offsets: number[] = [];
    let position = parts[0]!.length;
    objects.forEach((body, i) => {
      offsets.push(position);
      const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
      parts.push(object);
      position += object.length;
    });
    const xref =
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
      offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
      `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${position}\n%%EOF\n`;
    parts.push(Buffer.from(xref, 'latin1'));
    return Buffer.concat(parts);
  }

  it('refuses an object stream that inflates to 64 MiB (decompression bomb) without holding it', async () => {
    const packed = deflateSync(
      Buffer.concat([Buffer.from('5 0 << /A 1 >>'), Buffer.alloc(64 * 1024 * 1024, 32)]),
    );
    expect(packed.length).toBeLessThan(100_000);
    const bomb = pdfWith([
      Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
      Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
      Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] >>'),
      Buffer.concat([
        Buffer.from(
          `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
        ),
        packed,
        Buffer.from('\nendstream'),
      ]),
    ]);
    expect(await countPdfPages(bomb)).toMatchObject({ ok: false, error: 'invalid' });
  });

  it('refuses 30 MiB of random bytes behind a PDF header at once, not after the worker times out', async () => {
    const junk = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(30 * 1024 * 1024 - 1024)]);
    const started = Date.now();
    expect(await countPdfPages(junk, 5_000)).toMatchObject({ ok: false, error: 'invalid' });
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});
