/** Reads image dimensions from PNG / JPEG headers without decoding the pixels. */

export interface ImageSize {
  width: number;
  height: number;
}

/** Larger images are refused: they would not help OCR and could exhaust memory when decoded. */
export const MAX_IMAGE_SIDE = 20_000;

export function readPngSize(bytes: Buffer): ImageSize | null {
  // Signature (8) + IHDR chunk: length (4) 'IHDR' (4) width (4) height (4) depth, colour type ...
  if (bytes.length < 33) return null;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const depth = bytes[24];
  const colourType = bytes[25];
  if (![1, 2, 4, 8, 16].includes(depth ?? -1) || ![0, 2, 3, 4, 6].includes(colourType ?? -1)) return null;
  if (bytes.indexOf('IDAT', 33, 'latin1') === -1) return null;
  return { width, height };
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export function readJpegSize(bytes: Buffer): ImageSize | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / scan data before any frame header
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (SOF_MARKERS.has(marker)) {
      if (offset + 9 > bytes.length) return null;
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      return { width, height };
    }
    offset += 2 + length;
  }
  return null;
}

/** Dimensions of a PNG/JPEG, or null when the header is missing, corrupt or the image is empty or huge. */
export function readImageSize(bytes: Buffer, type: 'image/png' | 'image/jpeg'): ImageSize | null {
  const size = type === 'image/png' ? readPngSize(bytes) : readJpegSize(bytes);
  if (!size || size.width === 0 || size.height === 0) return null;
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) return null;
  return size;
}
