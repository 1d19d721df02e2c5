/**
 * Page orientation of a scan (0/90/180/270° clockwise to turn it upright), from the dark-pixel mask alone — no
 * OCR pass, tens of milliseconds per page:
 * - text lines run along the page: the ink profile across the lines (row sums, at the best angle within ±8°)
 *   breaks into many bands about one line high, the profile along them into a few wide ones (table columns); only
 *   clearly more line-high bands across the columns turn a page on its side;
 * - Latin print has many more ascenders and capitals (b d f h k l t, A–Z, 0–9) than descenders (g j p q y): inside
 *   each text line, more ink sits above the x-height band than below it. Upside down, the reverse.
 */

export type Orientation = 0 | 90 | 180 | 270;

export interface OrientationGuess {
  /** Clockwise rotation that makes the page upright. */
  rotate: Orientation;
  /** Line-high bands across rows over those across columns (> 1: text lines horizontal). */
  lineContrast: number;
  /** Ink above the x-height band over ink below it, summed over lines (> 1: upright). */
  ascenderRatio: number;
}

/**
 * Ink above and below the x-height band of each text line, reading lines as runs of non-empty bins of the profile.
 */
function ascenderInk(rows: Float64Array): { above: number; below: number } {
  const n = rows.length;
  let max = 0;
  for (const v of rows) if (v > max) max = v;
  if (max === 0) return { above: 0, below: 0 };
  let above = 0;
  let below = 0;
  const floor = max * 0.02;
  let i = 0;
  while (i < n) {
    if ((rows[i] as number) <= floor) {
      i++;
      continue;
    }
    let j = i;
    let peak = 0;
    while (j < n && (rows[j] as number) > floor) {
      if ((rows[j] as number) > peak) peak = rows[j] as number;
      j++;
    }
    // A text line is 2 to ~60 bins (of 2 px) tall; the x-height band is where the density is near the peak.
    if (j - i >= 2 && j - i <= 60) {
      let coreStart = -1;
      let coreEnd = -1;
      for (let k = i; k < j; k++) {
        if ((rows[k] as number) >= peak * 0.5) {
          if (coreStart < 0) coreStart = k;
          coreEnd = k;
        }
      }
      for (let k = i; k < coreStart; k++) above += rows[k] as number;
      for (let k = coreEnd + 1; k < j; k++) below += rows[k] as number;
    }
    i = j;
  }
  return { above, below };
}

/** Bands of a profile (runs of non-empty bins) about one text line high: 2 to 12 bins of 8 px. */
function lineBands(bins: Float64Array): number {
  let max = 0;
  for (const v of bins) if (v > max) max = v;
  const floor = max * 0.02;
  let count = 0;
  let run = 0;
  for (let i = 0; i <= bins.length; i++) {
    if (i < bins.length && (bins[i] as number) > floor) run++;
    else {
      if (run >= 2 && run <= 12) count++;
      run = 0;
    }
  }
  return count;
}

/** Ink pixel coordinates `[x0, y0, x1, y1, ...]` on a grid of `step` pixels (`dark[y * width + x] === 1`). */
export function collectPoints(dark: Uint8Array, width: number, height: number, step = 2): Float64Array {
  const out: number[] = [];
  for (let y = 0; y < height; y += step) {
    const o = y * width;
    for (let x = 0; x < width; x += step) if (dark[o + x] === 1) out.push(x, y);
  }
  return Float64Array.from(out);
}

/**
 * Projection profile of the points across `rows` (y) or `columns` (x) after turning them by `angle` radians;
 * `extent` bounds the coordinates (the page's width + height).
 */
export function profile(
  points: Float64Array,
  angle: number,
  axis: 'rows' | 'columns',
  bin: number,
  extent: number,
): Float64Array {
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  // |c| ≤ extent for any point of the page: bins cover [-extent, extent].
  const bins = new Float64Array(Math.ceil((2 * extent) / bin) + 1);
  if (axis === 'rows') {
    for (let i = 0; i < points.length; i += 2) {
      const b = Math.floor(((points[i + 1] as number) * cos - (points[i] as number) * sin + extent) / bin);
      bins[b] = (bins[b] as number) + 1;
    }
  } else {
    for (let i = 0; i < points.length; i += 2) {
      const b = Math.floor(((points[i] as number) * cos + (points[i + 1] as number) * sin + extent) / bin);
      bins[b] = (bins[b] as number) + 1;
    }
  }
  // Trim the empty ends: the contrast is measured over the printed part of the page.
  let first = 0;
  while (first < bins.length && bins[first] === 0) first++;
  let last = bins.length - 1;
  while (last > first && bins[last] === 0) last--;
  return bins.subarray(first, last + 1);
}

/** Sum of squared bin counts: larger when text lines (or rules) line up with the bins. */
export function peakiness(bins: Float64Array): number {
  let total = 0;
  for (const v of bins) total += v * v;
  return total;
}

/**
 * The quarter turn that makes the page upright. Text lines may also be tilted (a skewed fax): each direction is
 * scored at its best angle within ±8° (steps of 0.5°: finer than a line gap over a page's width).
 */
export function detectOrientation(points: Float64Array, width: number, height: number): OrientationGuess {
  if (points.length < 400) return { rotate: 0, lineContrast: 1, ascenderRatio: 1 };
  const extent = width + height;
  // The angle search runs on a coarser grid of points (every 4th pixel each way); the final profiles on all.
  const coarse: number[] = [];
  for (let i = 0; i < points.length; i += 2) {
    if ((points[i] as number) % 4 < 2 && (points[i + 1] as number) % 4 < 2)
      coarse.push(points[i] as number, points[i + 1] as number);
  }
  const sparse = Float64Array.from(coarse);
  let rows = { score: -1, angle: 0 };
  let columns = { score: -1, angle: 0 };
  for (let deg = -8; deg <= 8; deg += 0.5) {
    const angle = (deg * Math.PI) / 180;
    const r = peakiness(profile(sparse, angle, 'rows', 4, extent));
    const c = peakiness(profile(sparse, angle, 'columns', 4, extent));
    if (r > rows.score) rows = { score: r, angle };
    if (c > columns.score) columns = { score: c, angle };
  }
  // Across text lines the profile breaks into many bands about one line high; across a table's columns (the other
  // way) into a few wide ones. A page is taken to lie on its side only on clear evidence.
  // Coarse bins (8 px) close the gaps between letters, not those between lines.
  const rowBands = lineBands(profile(points, rows.angle, 'rows', 8, extent));
  const columnBands = lineBands(profile(points, columns.angle, 'columns', 8, extent));
  const lineContrast = (rowBands + 1) / (columnBands + 1);
  const horizontal = !(columnBands >= 3 && columnBands > rowBands * 1.5);
  // For a page on its side, the column profile is the one across the lines; the top of the text then faces
  // left (the page was turned 90° anticlockwise → turn it 90° clockwise) or right (→ 270°).
  const ratio = stripAscenderRatio(points, sparse, horizontal ? 'rows' : 'columns', extent);
  // Upside down only when descenders clearly outweigh ascenders (a ratio near 1 is all-capitals or noise).
  let rotate: Orientation;
  if (horizontal) rotate = ratio >= 0.6 ? 0 : 180;
  else rotate = ratio >= 1 ? 90 : 270;
  return { rotate, lineContrast, ascenderRatio: ratio };
}

/**
 * Ascender ink over descender ink, measured in four strips cut along the text lines (left to right for a page
 * lying upright or upside down), each profiled at its own best angle: lines of a photographed page are not
 * parallel (perspective), and one angle for the whole page blurs the lines of its far side into each other.
 */
function stripAscenderRatio(
  points: Float64Array,
  sparse: Float64Array,
  axis: 'rows' | 'columns',
  extent: number,
): number {
  const STRIPS = 4;
  // Along the lines: x for horizontal lines, y for vertical ones.
  const along = axis === 'rows' ? 0 : 1;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = along; i < points.length; i += 2) {
    const v = points[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const span = (hi - lo) / STRIPS || 1;
  const split = (source: Float64Array): Float64Array[] => {
    const parts: number[][] = Array.from({ length: STRIPS }, () => []);
    for (let i = 0; i < source.length; i += 2) {
      const k = Math.min(STRIPS - 1, Math.floor(((source[i + along] as number) - lo) / span));
      (parts[k] as number[]).push(source[i] as number, source[i + 1] as number);
    }
    return parts.map((p) => Float64Array.from(p));
  };
  const full = split(points);
  const coarse = split(sparse);
  let above = 0;
  let below = 0;
  for (let k = 0; k < STRIPS; k++) {
    const part = full[k] as Float64Array;
    if (part.length < 200) continue;
    let best = { score: -1, angle: 0 };
    for (let deg = -8; deg <= 8; deg += 0.5) {
      const angle = (deg * Math.PI) / 180;
      const score = peakiness(profile(coarse[k] as Float64Array, angle, axis, 4, extent));
      if (score > best.score) best = { score, angle };
    }
    const ink = ascenderInk(profile(part, best.angle, axis, 2, extent));
    above += ink.above;
    below += ink.below;
  }
  return (above + 1) / (below + 1);
}

/** Points as they lie after turning the page clockwise by `rotate` (canvas coordinates, y down). */
export function turnPoints(points: Float64Array, rotate: Orientation): Float64Array {
  if (rotate === 0) return points;
  const out = new Float64Array(points.length);
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i] as number;
    const y = points[i + 1] as number;
    out[i] = rotate === 90 ? -y : rotate === 180 ? -x : y;
    out[i + 1] = rotate === 90 ? x : rotate === 180 ? -y : -x;
  }
  return out;
}
