/**
 * Reads image dimensions from PNG / JPEG headers and checks the files' structure without decoding the pixels: the
 * chunks of a PNG up to its end, the segments of a JPEG up to its first scan (Huffman tables included) and its end.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/** Larger images are refused: they would not help OCR and could exhaust memory when decoded. */
export const MAX_IMAGE_SIDE = 20_000;
/**
 * Pixels of one image at most: a decoded image takes 4 bytes a pixel, and a few hundred KB of one colour compress
 * 19000 × 19000 pixels (1.4 GB decoded). A phone's 108-megapixel mode (12000 × 9000, 432 MB decoded) passes; its
 * 200-megapixel mode, rarely used for a page and mostly over the upload's 30 MiB anyway, does not.
 */
export const MAX_IMAGE_PIXELS = 120_000_000;

export type ImageInspection =
  | { ok: true; size: ImageSize }
  | { ok: false; problem: 'corrupt' | 'truncated'; detail: string }
  | { ok: false; problem: 'too_large'; size: ImageSize; detail: string };

const corrupt = (detail: string): ImageInspection => ({ ok: false, problem: 'corrupt', detail });
const truncated = (detail: string): ImageInspection => ({ ok: false, problem: 'truncated', detail });

/** The PNG's size once its chunks are checked: IHDR first, at least one IDAT, and IEND before the bytes end. */
function inspectPng(bytes: Buffer): ImageInspection {
  // Signature (8) + IHDR chunk: length (4) 'IHDR' (4) width (4) height (4) depth, colour type ...
  if (bytes.length < 33) return truncated('the header is cut off');
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    return corrupt('the header chunk is missing');
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const depth = bytes[24];
  const colourType = bytes[25];
  if (![1, 2, 4, 8, 16].includes(depth ?? -1) || ![0, 2, 3, 4, 6].includes(colourType ?? -1)) {
    return corrupt('the header is invalid');
  }
  let offset = 8;
  let pixelData = false;
  for (;;) {
    if (offset + 12 > bytes.length) return truncated('the file ends before its last chunk');
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return corrupt('a chunk is malformed');
    if (offset + 12 + length > bytes.length) return truncated('the file ends inside a chunk');
    if (type === 'IDAT') pixelData = true;
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!pixelData) return corrupt('there is no image data');
  return { ok: true, size: { width, height } };
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const DHT = 0xc4;

/**
 * Whether a DHT segment's body holds valid Huffman tables: per table a class (0 DC, 1 AC) and slot (0–3), 16 code
 * counts whose codes fit in their lengths (at most 2^n codes of n bits or fewer), at most 256 symbols, DC symbols
 * at most 15 (bits of a difference), and exactly the bytes the counts announce.
 */
export function validHuffmanTables(body: Buffer): boolean {
  let offset = 0;
  while (offset < body.length) {
    const spec = body[offset] as number;
    const tableClass = spec >> 4;
    if (tableClass > 1 || (spec & 0x0f) > 3 || offset + 17 > body.length) return false;
    let symbols = 0;
    let codes = 0;
    for (let n = 1; n <= 16; n++) {
      const count = body[offset + n] as number;
      symbols += count;
      codes = codes * 2 + count;
      if (codes > 2 ** n) return false;
    }
    if (symbols > 256 || offset + 17 + symbols > body.length) return false;
    if (tableClass === 0) {
      for (let i = 0; i < symbols; i++) if ((body[offset + 17 + i] as number) > 15) return false;
    }
    offset += 17 + symbols;
  }
  return offset === body.length && body.length > 0;
}

/**
 * The JPEG's size once its segments up to the first scan are walked (Huffman tables checked) and an end-of-image
 * marker follows the scan (bytes after it, as some cameras append, are allowed).
 */
function inspectJpeg(bytes: Buffer): ImageInspection {
  let offset = 2;
  let size: ImageSize | null = null;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return corrupt('a segment is malformed');
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9) return corrupt('the image ends before its pixel data');
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return corrupt('a segment is malformed');
    if (offset + 2 + length > bytes.length) return truncated('the file ends inside a header segment');
    if (marker === 0xda) {
      if (!size) return corrupt('the pixel data comes before the frame header');
      if (bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) < offset + 2 + length) {
        return truncated('the file ends before the end of its pixel data');
      }
      return { ok: true, size };
    }
    if (SOF_MARKERS.has(marker)) {
      if (length < 8) return corrupt('the frame header is malformed');
      size = { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) };
    }
    if (marker === DHT && !validHuffmanTables(bytes.subarray(offset + 4, offset + 2 + length))) {
      return corrupt('a Huffman table is invalid');
    }
    offset += 2 + length;
  }
  return truncated('the file ends before its pixel data');
}

/** The image's size, or why it is refused: corrupt, truncated, empty (corrupt) or too large to decode safely. */
export function inspectImage(bytes: Buffer, type: 'image/png' | 'image/jpeg'): ImageInspection {
  const inspection = type === 'image/png' ? inspectPng(bytes) : inspectJpeg(bytes);
  if (!inspection.ok) return inspection;
  const { size } = inspection;
  if (size.width === 0 || size.height === 0) return corrupt('the image has no pixels');
  if (
    size.width > MAX_IMAGE_SIDE ||
    size.height > MAX_IMAGE_SIDE ||
    size.width * size.height > MAX_IMAGE_PIXELS
  ) {
    return { ok: false, problem: 'too_large', size, detail: `${size.width} × ${size.height} pixels` };
  }
  return inspection;
}

export function readPngSize(bytes: Buffer): ImageSize | null {
  const inspection = inspectPng(bytes);
  return inspection.ok ? inspection.size : null;
}

export function readJpegSize(bytes: Buffer): ImageSize | null {
  const inspection = inspectJpeg(bytes);
  return inspection.ok ? inspection.size : null;
}

/** Dimensions of a PNG/JPEG, or null when it is corrupt, truncated, empty or too large (see `inspectImage`). */
export function readImageSize(bytes: Buffer, type: 'image/png' | 'image/jpeg'): ImageSize | null {
  const inspection = inspectImage(bytes, type);
  return inspection.ok ? inspection.size : null;
}
