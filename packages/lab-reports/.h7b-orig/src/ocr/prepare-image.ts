/**
 * Cleans a scanned page before OCR: greyscale, Otsu binarisation, removal of table rules (long horizontal or
 * vertical dark runs, which make tesseract read whole rows as noise) and of isolated specks.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';

export interface PreparedImage {
  png: Buffer;
  width: number;
  height: number;
  /** Share of dark pixels after binarisation: a printed page is mostly paper; far above ~25% it is noise. */
  darkShare: number;
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
  const maxGap = 3;
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
 * a slightly rotated rule (a few pixels high, much wider than a hyphen).
 */
function removeDebris(dark: Uint8Array, width: number, height: number): void {
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
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    // Specks only: a decimal point of small print is just a few pixels too.
    const speck = members.length <= 3;
    const sliver = h <= 4 && w >= 16;
    const border = w >= width * 0.3 || h >= height * 0.3;
    if (speck || sliver || border) for (const p of members) dark[p] = 0;
  }
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

/** Dark-pixel mask of the canvas content (Otsu threshold on luminance). */
function darkMask(data: Uint8ClampedArray, width: number, height: number, blur: boolean): Uint8Array {
  const grey = new Uint8Array(width * height);
  for (let i = 0, p = 0; p < grey.length; i += 4, p++) {
    grey[p] = ((data[i] ?? 255) * 299 + (data[i + 1] ?? 255) * 587 + (data[i + 2] ?? 255) * 114) / 1000;
  }
  if (blur) boxBlur(grey, width, height);
  const threshold = otsu(grey);
  const dark = new Uint8Array(grey.length);
  for (let p = 0; p < grey.length; p++) dark[p] = (grey[p] ?? 255) <= threshold ? 1 : 0;
  return dark;
}

/**
 * The page's rotation (radians): the angle whose row projection of dark pixels is the most peaked (text lines
 * and rules line up). Searched within ±2° on a subsample.
 */
function estimateSkew(dark: Uint8Array, width: number, height: number): number {
  const points: number[] = [];
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) if (dark[y * width + x] === 1) points.push(x, y);
  }
  if (points.length < 200) return 0;
  let best = 0;
  let bestScore = -1;
  for (let step = -20; step <= 20; step++) {
    const angle = (step * 0.1 * Math.PI) / 180;
    const sin = Math.sin(angle);
    const cos = Math.cos(angle);
    const bins = new Map<number, number>();
    for (let i = 0; i < points.length; i += 2) {
      const bin = Math.round(((points[i + 1] as number) * cos - (points[i] as number) * sin) / 2);
      bins.set(bin, (bins.get(bin) ?? 0) + 1);
    }
    let score = 0;
    for (const count of bins.values()) score += count * count;
    if (score > bestScore) {
      bestScore = score;
      best = angle;
    }
  }
  return best;
}

export async function prepareForOcr(bytes: Uint8Array): Promise<PreparedImage> {
  // A view, not a copy: a rendered page is several MB.
  const image = await loadImage(
    Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  );
  // Small scans (≤ ~150 dpi for a letter page) are enlarged: tesseract reads larger glyphs far better, and the
  // interpolation smooths them; larger scans are smoothed with a blur instead.
  const enlarge = image.width < 1500 ? Math.min(2, 1900 / image.width) : 1;
  const width = Math.round(image.width * enlarge);
  const height = Math.round(image.height * enlarge);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const draw = (angle: number): void => {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.translate(width / 2, height / 2);
    ctx.rotate(angle);
    ctx.translate(-width / 2, -height / 2);
    ctx.drawImage(image, 0, 0, width, height);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  };
  draw(0);
  let pixels = ctx.getImageData(0, 0, width, height);
  const blur = enlarge === 1;
  let dark = darkMask(pixels.data, width, height, blur);
  let darkCount = 0;
  for (const v of dark) darkCount += v;
  const darkShare = darkCount / dark.length;
  if (darkShare > 0.3) return { png: Buffer.alloc(0), width, height, darkShare };
  const skew = estimateSkew(dark, width, height);
  if (Math.abs(skew) > 0.0005) {
    // Straighten the page: rules become horizontal runs and tesseract reads straight lines.
    draw(-skew);
    pixels = ctx.getImageData(0, 0, width, height);
    dark = darkMask(pixels.data, width, height, blur);
  }
  // A rule is longer than any letter stroke: ~4% of the page width (about 1/3 inch on a letter page).
  const minRun = Math.max(40, Math.round(width * 0.04));
  clearRuns(dark, width, height, minRun, false);
  clearRuns(dark, width, height, Math.max(minRun, Math.round(height * 0.04)), true);
  removeDebris(dark, width, height);
  const data = pixels.data;
  for (let i = 0, p = 0; p < dark.length; i += 4, p++) {
    const v = dark[p] === 1 ? 0 : 255;
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
    data[i + 3] = 255;
  }
  ctx.putImageData(pixels, 0, 0);
  return { png: canvas.toBuffer('image/png'), width, height, darkShare };
}
