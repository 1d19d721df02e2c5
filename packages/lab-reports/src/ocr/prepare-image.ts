/**
 * Cleans a scanned page before OCR, in one pass over the pixels: resampling to ~300 dpi, greyscale, flattening of
 * uneven light (shadows, a darker desk), Otsu binarisation, orientation and deskew (one redraw), removal of table
 * rules (long horizontal or vertical dark runs, which make tesseract read whole rows as noise) and of isolated
 * specks. Tesseract gets the cleaned page in grey levels (a PGM: see `encodePgm`), at twice the size when the print
 * is small (see `tesseractFactor`).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Canvas } from '@napi-rs/canvas';
import { collectPoints, detectOrientation, peakiness, profile, turnPoints } from './orientation';
import type { Orientation } from './orientation';
import { findPageQuad, rectify } from './perspective';

const TARGET_SHORT_SIDE = 2500;
const ENLARGED_SHORT_SIDE = 1900;
const REDUCE_ABOVE = 2800;
const TARGET_LONG_SIDE = 4000;
const MAX_ENLARGE = 2;

export interface PreparedImage {
  /** The cleaned page as a binary PGM (P5, see `encodePgm`): cheap to encode and for tesseract to read, unlike PNG. */
  image: Buffer;
  /** The PGM's pixels per pixel of `width` × `height` (see `tesseractFactor`): divide tesseract's boxes by it. */
  imageScale: number;
  width: number;
  height: number;
  /** Share of dark pixels after binarisation: a printed page is mostly paper; far above ~25% it is noise. */
  darkShare: number;
  /**
   * Share of the rows between the first and the last inked row that carry (almost) no ink: the gaps between text
   * lines. Printed text has them (0.4–0.85 on the corpus' scans); noise spread over the page does not (≈ 0). Ink
   * touching the image's border or taller than ~3/4 inch is left out (see `printedInk`).
   */
  lineGapShare: number;
  /** Clockwise quarter turns applied to make the page upright. */
  rotation: Orientation;
  /** The cleaned page's ink components (before the decimal points were grown), in `width` × `height` pixels. */
  glyphs: Blob[];
  /** The decimal points found among `glyphs` (see `findDecimalPoints`). */
  decimalPoints: DecimalPoint[];
  /** Whether the page was a photo in perspective, mapped back onto the frame (see `findPageQuad`). */
  rectified: boolean;
}

function otsu(grey: Uint8Array): number {
  const histogram = new Array<number>(256).fill(0);
  for (const v of grey) histogram[v] = (histogram[v] ?? 0) + 1;
  const total = grey.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (histogram[i] ?? 0);
  let sumB = 0;
  let weightB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    weightB += histogram[t] ?? 0;
    if (weightB === 0) continue;
    const weightF = total - weightB;
    if (weightF === 0) break;
    sumB += t * (histogram[t] ?? 0);
    const meanB = sumB / weightB;
    const meanF = (sum - sumB) / weightF;
    const between = weightB * weightF * (meanB - meanF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** Clears runs of dark pixels longer than `minRun` along rows (or columns), bridging gaps of up to 3 pixels. */
function clearRuns(dark: Uint8Array, width: number, height: number, minRun: number, vertical: boolean): void {
  const outer = vertical ? width : height;
  const inner = vertical ? height : width;
  const index = vertical ? (o: number, i: number) => i * width + o : (o: number, i: number) => o * width + i;
  // Bridging wider gaps joins the tops of neighbouring letters of a bold word into a "rule" and erases them.
  const maxGap = 1;
  for (let o = 0; o < outer; o++) {
    let start = -1;
    let lastOn = -1;
    for (let i = 0; i <= inner; i++) {
      const on = i < inner && dark[index(o, i)] === 1;
      if (on) {
        if (start < 0 || i - lastOn > maxGap + 1) {
          if (start >= 0 && lastOn + 1 - start >= minRun)
            for (let k = start; k <= lastOn; k++) dark[index(o, k)] = 0;
          start = i;
        }
        lastOn = i;
      }
    }
    if (start >= 0 && lastOn + 1 - start >= minRun)
      for (let k = start; k <= lastOn; k++) dark[index(o, k)] = 0;
  }
}

/**
 * Removes connected components that are not glyphs: specks (a couple of pixels) and flat slivers left over from
 * a slightly rotated rule (a few pixels high, much wider than a hyphen), and thin upright bars taller than any
 * letter at ~300 dpi (a page edge in a photo, a short column rule), which tesseract tries to read as lines.
 */
export function removeDebris(
  dark: Uint8Array,
  width: number,
  height: number,
  maxSpeck = 3,
  isolation = 0,
): void {
  eachComponent(dark, width, height, (members, { x0, y0, x1, y1 }) => {
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    // Specks only: a decimal point of small print is not much bigger (~20 pixels at 300 dpi).
    let speck = members.length <= maxSpeck;
    if (!speck && w <= isolation / 2 && h <= isolation / 2) {
      // Dust: a small blot with no other ink around it. A decimal point, the dot of an `i` or a colon always has
      // its glyphs within a few pixels.
      for (const p of members) dark[p] = 0;
      speck = !inkIn(dark, width, height, x0 - isolation, y0 - isolation, x1 + isolation, y1 + isolation);
      if (!speck) for (const p of members) dark[p] = 1;
    }
    const sliver = (h <= 4 && w >= 16) || (w <= 4 && h >= 100);
    const border = w >= width * 0.3 || h >= height * 0.3;
    if (speck || sliver || border) for (const p of members) dark[p] = 0;
  });
}

/**
 * Calls `visit` once per 8-connected component of ink (`dark[p] === 1`), with its pixels and bounding box. `visit`
 * may change `dark` (the pixels of components already visited are not looked at again).
 */
function eachComponent(
  dark: Uint8Array,
  width: number,
  height: number,
  visit: (members: readonly number[], box: Blob) => void,
): void {
  const seen = new Uint8Array(dark.length);
  const stack: number[] = [];
  const members: number[] = [];
  for (let start = 0; start < dark.length; start++) {
    if (dark[start] !== 1 || seen[start] === 1) continue;
    members.length = 0;
    stack.push(start);
    seen[start] = 1;
    let x0 = width;
    let x1 = 0;
    let y0 = height;
    let y1 = 0;
    while (stack.length > 0) {
      const p = stack.pop() as number;
      members.push(p);
      const x = p % width;
      const y = (p - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (dark[q] === 1 && seen[q] === 0) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    visit(members, { x0, y0, x1, y1 });
  }
}

/** Bounding box of a connected component of ink, in pixels of the cleaned page (`width` × `height`). */
export interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Bounding boxes of the 8-connected dark components. */
export function blobs(dark: Uint8Array, width: number, height: number): Blob[] {
  const out: Blob[] = [];
  eachComponent(dark, width, height, (_members, box) => out.push(box));
  return out;
}

/** A small blot on the baseline between two glyphs a few pixels away on either side: a decimal point. */
export interface DecimalPoint {
  dot: Blob;
  left: Blob;
  right: Blob;
}

/**
 * The decimal points among the page's ink components: a small blot that sits on the baseline between two glyphs a
 * few pixels away on either side, each several times taller than the blot. `ppi` is the page's pixels per inch
 * (roughly).
 */
export function findDecimalPoints(all: readonly Blob[], width: number, ppi: number): DecimalPoint[] {
  const maxDot = Math.max(3, Math.round(ppi * 0.035));
  const maxGap = Math.max(3, Math.round(ppi * 0.035));
  const cell = 64;
  const cols = Math.ceil(width / cell);
  const grid = new Map<number, Blob[]>();
  const dots: Blob[] = [];
  for (const b of all) {
    const w = b.x1 - b.x0 + 1;
    const h = b.y1 - b.y0 + 1;
    if (w <= maxDot && h <= maxDot) dots.push(b);
    else if (h >= 6 && h <= ppi * 0.4 && w <= ppi * 0.5) {
      const key = Math.floor(b.y1 / cell) * cols;
      for (let cx = Math.floor(b.x0 / cell); cx <= Math.floor(b.x1 / cell); cx++) {
        const list = grid.get(key + cx);
        if (list) list.push(b);
        else grid.set(key + cx, [b]);
      }
    }
  }
  const found: DecimalPoint[] = [];
  for (const d of dots) {
    const dh = d.y1 - d.y0 + 1;
    const dw = d.x1 - d.x0 + 1;
    let left: Blob | null = null;
    let right: Blob | null = null;
    for (let cy = Math.floor((d.y1 - maxDot) / cell); cy <= Math.floor((d.y1 + maxDot) / cell); cy++) {
      for (let cx = Math.floor((d.x0 - maxGap) / cell); cx <= Math.floor((d.x1 + maxGap) / cell); cx++) {
        for (const g of grid.get(cy * cols + cx) ?? []) {
          const gh = g.y1 - g.y0 + 1;
          // Glyphs standing on the same baseline as the point, several times its height.
          if (gh < 2.5 * Math.max(dh, dw) || Math.abs(g.y1 - d.y1) > Math.max(2, gh * 0.15)) continue;
          if (g.x1 < d.x0 && d.x0 - g.x1 <= maxGap && (!left || g.x1 > left.x1)) left = g;
          if (g.x0 > d.x1 && g.x0 - d.x1 <= maxGap && (!right || g.x0 < right.x0)) right = g;
        }
      }
    }
    if (left && right) found.push({ dot: d, left, right });
  }
  return found;
}

/**
 * Makes decimal points legible. Binarised small print (faxes, low-resolution scans) leaves a point of one or two
 * pixels between two digits, and tesseract drops it (`4.1` read as `41`). Each point of `findDecimalPoints` is grown
 * into a square about a fifth of the glyphs' height — the size of a printed full stop — without touching them.
 * Returns the number of points grown.
 */
export function boostDecimalPoints(
  dark: Uint8Array,
  width: number,
  height: number,
  ppi: number,
  points: readonly DecimalPoint[] = findDecimalPoints(blobs(dark, width, height), width, ppi),
): number {
  let boosted = 0;
  for (const { dot: d, left, right } of points) {
    const dh = d.y1 - d.y0 + 1;
    const dw = d.x1 - d.x0 + 1;
    const glyph = (left.y1 - left.y0 + right.y1 - right.y0 + 2) / 2;
    const room = right.x0 - left.x1 - 3;
    const side = Math.min(room, Math.round(glyph * 0.2));
    if (side <= Math.min(dw, dh)) continue;
    const cx = (d.x0 + d.x1) / 2;
    const x0 = Math.max(left.x1 + 2, Math.min(right.x0 - 1 - side, Math.round(cx - side / 2)));
    const y1 = Math.max(d.y1, Math.round((left.y1 + right.y1) / 2));
    for (let y = y1 - side + 1; y <= y1; y++) {
      if (y < 0 || y >= height) continue;
      for (let x = x0; x < x0 + side; x++) dark[y * width + x] = 1;
    }
    boosted++;
  }
  return boosted;
}

/** Whether any pixel of the box (clipped to the image) is dark. */
function inkIn(
  dark: Uint8Array,
  width: number,
  height: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  const xa = Math.max(0, x0);
  const xb = Math.min(width - 1, x1);
  for (let y = Math.max(0, y0), yb = Math.min(height - 1, y1); y <= yb; y++) {
    for (let o = y * width, x = xa; x <= xb; x++) if (dark[o + x] === 1) return true;
  }
  return false;
}

/** 3×3 box blur in place: smooths scanner noise so that thresholding gives clean glyph edges. */
function boxBlur(grey: Uint8Array, width: number, height: number): void {
  const rows = new Uint16Array(grey.length);
  for (let y = 0; y < height; y++) {
    const o = y * width;
    for (let x = 0; x < width; x++) {
      const l = grey[o + Math.max(0, x - 1)] as number;
      const r = grey[o + Math.min(width - 1, x + 1)] as number;
      rows[o + x] = l + (grey[o + x] as number) + r;
    }
  }
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const down = Math.min(height - 1, y + 1) * width;
    const o = y * width;
    for (let x = 0; x < width; x++) {
      grey[o + x] = ((rows[up + x] as number) + (rows[o + x] as number) + (rows[down + x] as number)) / 9;
    }
  }
}

/**
 * Evens out uneven lighting (a shadow over part of a photographed page, a darker desk edge, a yellowed fax): each
 * pixel is divided by the paper's brightness around it. The paper level of a tile is a high percentile of its
 * pixels, taken as the brightest among neighbouring tiles (a tile filled by a bold heading has no paper of its
 * own), and interpolated between tile centres.
 */
export function flattenBackground(grey: Uint8Array, width: number, height: number, tile = 48): void {
  const cols = Math.ceil(width / tile);
  const rows = Math.ceil(height / tile);
  const level = new Float32Array(cols * rows);
  const histogram = new Uint32Array(256);
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++) {
      histogram.fill(0);
      const x0 = tx * tile;
      const y0 = ty * tile;
      const x1 = Math.min(width, x0 + tile);
      const y1 = Math.min(height, y0 + tile);
      for (let y = y0; y < y1; y++) {
        const o = y * width;
        for (let x = x0; x < x1; x++) {
          const v = grey[o + x] as number;
          histogram[v] = (histogram[v] as number) + 1;
        }
      }
      // The 90th percentile: paper, not the odd bright noise pixel, even when half the tile is print.
      let rank = Math.floor((x1 - x0) * (y1 - y0) * 0.1);
      let v = 255;
      while (v > 0 && rank >= (histogram[v] as number)) rank -= histogram[v--] as number;
      level[ty * cols + tx] = v;
    }
  }
  const spread = new Float32Array(level.length);
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++) {
      let best = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const y = ty + dy;
        if (y < 0 || y >= rows) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const x = tx + dx;
          if (x >= 0 && x < cols) best = Math.max(best, level[y * cols + x] as number);
        }
      }
      spread[ty * cols + tx] = Math.max(best, 32);
    }
  }
  for (let y = 0; y < height; y++) {
    const fy = Math.min(rows - 1, Math.max(0, (y - tile / 2) / tile));
    const ty = Math.floor(fy);
    const ty1 = Math.min(rows - 1, ty + 1);
    const wy = fy - ty;
    const o = y * width;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(cols - 1, Math.max(0, (x - tile / 2) / tile));
      const tx = Math.floor(fx);
      const tx1 = Math.min(cols - 1, tx + 1);
      const wx = fx - tx;
      const top = (spread[ty * cols + tx] as number) * (1 - wx) + (spread[ty * cols + tx1] as number) * wx;
      const bottom =
        (spread[ty1 * cols + tx] as number) * (1 - wx) + (spread[ty1 * cols + tx1] as number) * wx;
      const paper = top * (1 - wy) + bottom * wy;
      const v = ((grey[o + x] as number) * 255) / paper;
      grey[o + x] = v > 255 ? 255 : v;
    }
  }
}

/**
 * A copy of the ink without the components that touch the image's border or stand taller than `maxHeight`: what a
 * photo leaves along the page's edges (desk, shadow, the page's own edge after rectification) and pictures, none of
 * them print. (8-connected components, as `blobs`.)
 */
export function printedInk(dark: Uint8Array, width: number, height: number, maxHeight: number): Uint8Array {
  const out = dark.slice();
  eachComponent(dark, width, height, (members, { x0, y0, x1, y1 }) => {
    const edge = x0 === 0 || y0 === 0 || x1 === width - 1 || y1 === height - 1;
    if (edge || y1 - y0 + 1 > maxHeight) for (const p of members) out[p] = 0;
  });
  return out;
}

/** See `PreparedImage.lineGapShare`: a row is blank below 0.2% of the width in ink. */
export function lineGapShare(dark: Uint8Array, width: number, height: number): number {
  let first = -1;
  let last = -1;
  let inked = 0;
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let x = 0, o = y * width; x < width; x++) n += dark[o + x] as number;
    if (n > width * 0.002) {
      if (first < 0) first = y;
      last = y;
      inked++;
    }
  }
  if (first < 0) return 0;
  return 1 - inked / (last - first + 1);
}

/** Dark-pixel mask of the canvas content (Otsu threshold on luminance), with the grey levels it was cut from. */
function darkMask(
  data: Uint8ClampedArray,
  width: number,
  height: number,
  blur: boolean,
): { dark: Uint8Array; grey: Uint8Array; threshold: number } {
  const grey = new Uint8Array(width * height);
  for (let i = 0, p = 0; p < grey.length; i += 4, p++) {
    grey[p] = ((data[i] ?? 255) * 299 + (data[i + 1] ?? 255) * 587 + (data[i + 2] ?? 255) * 114) / 1000;
  }
  if (blur) boxBlur(grey, width, height);
  flattenBackground(grey, width, height);
  const threshold = otsu(grey);
  const dark = new Uint8Array(grey.length);
  for (let p = 0; p < grey.length; p++) dark[p] = (grey[p] ?? 255) <= threshold ? 1 : 0;
  return { dark, grey, threshold };
}

/** Ink in the grey image tesseract gets is at most this dark grey level, paper at least `PAPER`. */
const INK = 100;
const PAPER = 160;

/**
 * The cleaned page as grey levels for tesseract (binary PGM, P5), `factor` times larger (bilinear). Tesseract's
 * recogniser reads the grey image it is given, and the soft edges of glyphs carry what a 1-bit mask loses (thin
 * strokes, a dot, the shape of a small letter). `grey` is the page the mask `before` was cut from at `threshold`;
 * `dark` is the mask after cleaning: pixels the cleaning removed (rules, specks) become paper and pixels it added
 * (grown decimal points) ink. Ink is mapped to 0–`INK` and paper to `PAPER`–255, so that tesseract's own
 * binarisation (for finding lines and words) agrees with the mask. Measured against the 1-bit mask (both read at
 * the `tesseractFactor` size) on 82 fresh development-part OCR documents (new seeds, not the committed ones): row F1
 * of faxes 0.924 → 0.931, of low-dpi scans 0.937 → 0.945, of photos 0.828 → 0.835; metadata of faxes 88.5 → 93.2 %,
 * of low-dpi scans 90.1 → 95.8 % (of photos 86.5 → 81.3 %: one portal-card photo lost a card title and was refused
 * as `invalid_input`). About 0.1 s more CPU per page here and ~0.3 s in tesseract.
 */
export function encodePgm(
  grey: Uint8Array,
  before: Uint8Array,
  dark: Uint8Array,
  threshold: number,
  width: number,
  height: number,
  factor: 1 | 2 = 1,
): Buffer {
  const tone = new Uint8Array(width * height);
  const t = Math.max(1, threshold);
  const paperSpan = Math.max(1, 255 - t);
  for (let p = 0; p < tone.length; p++) {
    const g = grey[p] as number;
    if (dark[p] !== before[p]) tone[p] = dark[p] === 1 ? 0 : 255;
    else if (dark[p] === 1) tone[p] = Math.min(INK, (g * INK) / t);
    // Paper stretched to white twice as fast: the faint haze just above the threshold stays light.
    else tone[p] = Math.min(255, PAPER + ((g - t) * (255 - PAPER) * 2) / paperSpan);
  }
  const outWidth = width * factor;
  const outHeight = height * factor;
  const header = Buffer.from(`P5\n${outWidth} ${outHeight}\n255\n`, 'ascii');
  const out = Buffer.alloc(header.length + outWidth * outHeight);
  header.copy(out, 0);
  const o = header.length;
  if (factor === 1) {
    out.set(tone, o);
    return out;
  }
  // Twice as large: each row doubled with weights ¾ and ¼ of the two nearest pixels (4 × the
  // level), then each pair of output rows from the doubled row and its upper or lower neighbour (¾ and ¼ again).
  const doubled = (y: number, row: Uint16Array): void => {
    const r = y * width;
    for (let x = 0; x < width; x++) {
      const c = 3 * (tone[r + x] as number);
      row[2 * x] = c + (tone[r + (x > 0 ? x - 1 : 0)] as number);
      row[2 * x + 1] = c + (tone[r + (x < width - 1 ? x + 1 : x)] as number);
    }
  };
  let above = new Uint16Array(outWidth);
  let row = new Uint16Array(outWidth);
  let below = new Uint16Array(outWidth);
  doubled(0, row);
  above.set(row);
  for (let y = 0; y < height; y++) {
    if (y + 1 < height) doubled(y + 1, below);
    else below.set(row);
    const up = o + 2 * y * outWidth;
    const down = up + outWidth;
    for (let X = 0; X < outWidth; X++) {
      const c = 3 * (row[X] as number);
      out[up + X] = (c + (above[X] as number) + 8) >> 4;
      out[down + X] = (c + (below[X] as number) + 8) >> 4;
    }
    [above, row, below] = [row, below, above];
  }
  return out;
}

/**
 * The page's rotation (radians): the angle whose row projection of dark pixels is the most peaked (text lines
 * and rules line up). Searched within ±8° on a subsample, coarse then fine.
 */
function estimateSkew(points: Float64Array, extent: number): number {
  if (points.length < 400) return 0;
  const search = (from: number, to: number, step: number): number => {
    let best = 0;
    let bestScore = -1;
    for (let deg = from; deg <= to + 1e-9; deg += step) {
      const score = peakiness(profile(points, (deg * Math.PI) / 180, 'rows', 2, extent));
      if (score > bestScore) {
        bestScore = score;
        best = deg;
      }
    }
    return best;
  };
  // Coarse over ±8° (photographed and faxed pages), then fine around the best.
  const coarse = search(-8, 8, 0.5);
  const fine = search(coarse - 0.5, coarse + 0.5, 0.1);
  return (fine * Math.PI) / 180;
}

/** Grey levels of a page already decoded (a PDF page rendered by pdf.js): 0 black – 255 white, row by row. */
export interface GreyImage {
  grey: Uint8Array;
  width: number;
  height: number;
}

/** A canvas holding the grey page (canvas drawing turns and scales it like a decoded file). */
function greyCanvas(page: GreyImage): Canvas {
  const canvas = createCanvas(page.width, page.height);
  const ctx = canvas.getContext('2d');
  const pixels = ctx.createImageData(page.width, page.height);
  const data = pixels.data;
  for (let i = 0, p = 0; p < page.grey.length; i += 4, p++) {
    const v = page.grey[p] as number;
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
    data[i + 3] = 255;
  }
  ctx.putImageData(pixels, 0, 0);
  return canvas;
}

/**
 * The resampling factor for OCR. Small scans (short side under 1,500 px: ≤ ~170 dpi for a letter page) are enlarged
 * toward 1,900 px, at most 2× (tesseract reads larger glyphs far better; beyond that interpolation only blurs);
 * large photos (short side over 2,800 px) are reduced to ~300 dpi, which also bounds the OCR time. Enlarging every
 * page to ~300 dpi was tried: better metadata on corpus v2's development scans, but lost rows on the issue #5
 * corpus' scans. So was drawing ~200 dpi pages twice as large before smoothing and thresholding: better numbers on
 * corpus v2's development faxes, but whole words (`Negative`, units, values) lost on the issue #5 corpus' scans.
 * Those pages are read at twice the size instead (`tesseractFactor`), from the mask of their own resolution.
 */
export function ocrScale(width: number, height: number): number {
  const shortSide = Math.min(width, height);
  const longSide = Math.max(width, height);
  if (shortSide < 1500) return Math.min(MAX_ENLARGE, ENLARGED_SHORT_SIDE / shortSide, 3000 / longSide);
  if (shortSide > REDUCE_ABOVE) return Math.min(TARGET_SHORT_SIDE / shortSide, TARGET_LONG_SIDE / longSide);
  return 1;
}

/**
 * The height of the print: the median height of the page's glyph-like ink components (at least 4 pixels and at
 * most half an inch tall, no wider than three times their height), in pixels of the cleaned page; `Infinity` when
 * there are fewer than 20 of them (nothing to judge by). For 9–11 pt print it is about the cap height
 * (lower-case letters, capitals and figures mixed): ~16 px at 200 dpi, ~24 px at 300 dpi.
 */
export function textHeight(glyphs: readonly Blob[], ppi: number): number {
  const heights: number[] = [];
  for (const b of glyphs) {
    const h = b.y1 - b.y0 + 1;
    if (h >= 4 && h <= ppi * 0.5 && b.x1 - b.x0 + 1 <= 3 * h) heights.push(h);
  }
  if (heights.length < 20) return Infinity;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] as number;
}

/** Below this text height (see `textHeight`) tesseract gets the page at twice the size. */
const SMALL_PRINT = 22;

/**
 * How much larger tesseract gets the cleaned page (a whole factor, each pixel a square), chosen from the height of
 * the print on it, not from the image's size or a DPI tag (a scanned PDF is rendered at 216 dpi whatever the
 * resolution of the scan inside it): 2 when the print is under `SMALL_PRINT` pixels high — faxes and scans at
 * ~200 dpi, small scans that `ocrScale` enlarged, low-resolution scans inside a PDF — so that tesseract's line
 * finder and recogniser see glyphs of the size they read best (decimal points and thin strokes survive); pages
 * at ~300 dpi and more as they are. Measured on 82 fresh development-part OCR documents (new seeds, not the
 * committed ones): row F1 of faxes 0.879 → 0.924, of low-dpi scans 0.879 → 0.937 (before, only pages that
 * `ocrScale` enlarged were read at twice the size, which missed 200 dpi pages and scans inside PDFs).
 */
export function tesseractFactor(printHeight: number): 1 | 2 {
  return printHeight < SMALL_PRINT ? 2 : 1;
}

export async function prepareForOcr(input: Uint8Array | GreyImage): Promise<PreparedImage> {
  // A view, not a copy: a page is several MB.
  let image =
    input instanceof Uint8Array
      ? await loadImage(
          Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength),
        )
      : greyCanvas(input);
  const enlarge = ocrScale(image.width, image.height);
  const scaledWidth = Math.round(image.width * enlarge);
  const scaledHeight = Math.round(image.height * enlarge);
  let width = scaledWidth;
  let height = scaledHeight;
  let canvas = createCanvas(width, height);
  let ctx = canvas.getContext('2d');
  /** Draws the scan turned by `quarter` clockwise quarter turns and then `angle` radians. */
  const draw = (quarter: Orientation, angle: number): void => {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.translate(width / 2, height / 2);
    ctx.rotate(angle + (quarter * Math.PI) / 180);
    ctx.drawImage(image, -scaledWidth / 2, -scaledHeight / 2, scaledWidth, scaledHeight);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  };
  draw(0, 0);
  let pixels = ctx.getImageData(0, 0, width, height);
  // A photographed page in perspective is mapped back onto the frame first (only when its four edges are clear),
  // so that orientation, deskew and the rest see straight text lines and no desk. Done at the OCR size: mapping the
  // scan at its own size and enlarging it after (two interpolations) lost rows on the development photos.
  const straightened = rectifyPhoto(pixels.data, width, height);
  const rectified = straightened !== null;
  if (straightened) {
    image = greyCanvas({ grey: straightened, width, height });
    draw(0, 0);
    pixels = ctx.getImageData(0, 0, width, height);
  }
  // Scans already at ~300 dpi are smoothed before thresholding; enlarged ones are smoothed by the interpolation.
  // (Blurring enlarged pages too helped binarised faxes on the development part but hurt photos and low-dpi scans.)
  const blur = enlarge === 1;
  let mask = darkMask(pixels.data, width, height, blur);
  let dark = mask.dark;
  let darkCount = 0;
  for (const v of dark) darkCount += v;
  const darkShare = darkCount / dark.length;
  if (darkShare > 0.3)
    return {
      image: Buffer.alloc(0),
      imageScale: 1,
      width,
      height,
      darkShare,
      lineGapShare: 0,
      rotation: 0,
      glyphs: [],
      decimalPoints: [],
      rectified,
    };
  // Pages faxed or photographed on their side or upside down are turned upright, and straightened, in one draw:
  // orientation and skew are both measured on the first mask (the skew on the ink points turned upright).
  const points = collectPoints(dark, width, height);
  const { rotate } = detectOrientation(points, width, height);
  const skew = estimateSkew(turnPoints(points, rotate), width + height);
  if (rotate !== 0 || Math.abs(skew) > 0.0005) {
    if (rotate === 90 || rotate === 270) {
      width = scaledHeight;
      height = scaledWidth;
      canvas = createCanvas(width, height);
      ctx = canvas.getContext('2d');
    }
    draw(rotate, -skew);
    pixels = ctx.getImageData(0, 0, width, height);
    mask = darkMask(pixels.data, width, height, blur);
    dark = mask.dark;
  }
  // A table rule spans columns: at least 15% of the page width. Shorter runs (4% before) were often the tops of a
  // bold word's letters (`TESTS`, `Comments`) and erased them.
  const before = dark.slice();
  const minRun = Math.max(40, Math.round(width * 0.15));
  clearRuns(dark, width, height, minRun, false);
  clearRuns(dark, width, height, Math.max(minRun, Math.round(height * 0.04)), true);
  // Pixels per inch, roughly: the short side of a page is 8.3–8.5 inches (A4, US letter).
  const ppi = Math.min(width, height) / 8.5;
  // A one-pixel speck of the scan covers about enlarge² pixels once enlarged. Dust is judged against the print's
  // size: ~0.08 inch (a digit's width) around a blot of at most half that.
  removeDebris(dark, width, height, Math.max(3, Math.round(1.5 * enlarge * enlarge)), Math.round(ppi * 0.08));
  const glyphs = blobs(dark, width, height);
  const decimalPoints = findDecimalPoints(glyphs, width, ppi);
  boostDecimalPoints(dark, width, height, ppi, decimalPoints);
  const factor = tesseractFactor(textHeight(glyphs, ppi));
  return {
    image: encodePgm(mask.grey, before, dark, mask.threshold, width, height, factor),
    imageScale: factor,
    width,
    height,
    darkShare,
    // Measured on the printed ink only: a strip of desk or shadow along a photo's edge inks every row.
    lineGapShare: lineGapShare(printedInk(dark, width, height, Math.round(ppi * 0.75)), width, height),
    rotation: rotate,
    glyphs,
    decimalPoints,
    rectified,
  };
}

/** The RGBA page's grey levels with the page in perspective mapped onto the frame, or null (see `findPageQuad`). */
function rectifyPhoto(rgba: Uint8ClampedArray, width: number, height: number): Uint8Array | null {
  const grey = new Uint8Array(width * height);
  for (let i = 0, p = 0; p < grey.length; i += 4, p++) {
    grey[p] = ((rgba[i] as number) + 2 * (rgba[i + 1] as number) + (rgba[i + 2] as number)) >> 2;
  }
  const quad = findPageQuad(grey, width, height);
  return quad ? rectify(grey, width, height, quad) : null;
}
