import { findPageQuad, rectify, squareToQuad, type Point, type Quad } from './perspective';
import { prepareForOcr } from './prepare-image';

const W = 425;
const H = 550;

/** Deterministic noise in ±amplitude grey levels. */
function noisy(amplitude: number): () => number {
  let x = 0x2545f491;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (((x >>> 0) % 1000) / 1000 - 0.5) * 2 * amplitude;
  };
}

/** A printed page (paper 235, rows of dark "words" every 20 px) as a function of page coordinates in [0, 1]². */
function pageAt(u: number, v: number): number {
  const x = u * W;
  const y = v * H;
  if (x < 30 || x > W - 30 || y < 30 || y > H - 30) return 235;
  const inLine = (y - 30) % 20 < 7;
  const inWord = (x - 30) % 45 < 35;
  return inLine && inWord ? 30 : 235;
}

/** The page photographed on a desk (grey 90): drawn into `quad`, with noise and optionally a shadow. */
function photo(quad: Quad, shadow = 0): Uint8Array {
  const grey = new Uint8Array(W * H);
  const n = noisy(12);
  for (let i = 0; i < grey.length; i++) grey[i] = 90 + ((i * 7) % 19);
  // Forward mapping at 2× density: every output pixel inside the quad gets a page sample.
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
  for (let j = 0; j < 2 * H; j++) {
    const v = (j + 0.5) / (2 * H);
    for (let i = 0; i < 2 * W; i++) {
      const u = (i + 0.5) / (2 * W);
      const z = g * u + h * v + 1;
      const x = Math.floor((a * u + b * v + c) / z);
      const y = Math.floor((d * u + e * v + f) / z);
      if (x >= 0 && y >= 0 && x < W && y < H) grey[y * W + x] = pageAt(u, v);
    }
  }
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const k = 1 - shadow * Math.max(0, 1 - (x + y) / (0.8 * W));
      const p = y * W + x;
      grey[p] = Math.max(0, Math.min(255, Math.round((grey[p] as number) * k + n())));
    }
  }
  return grey;
}

/** A flat scan: the page filling the frame, slightly rotated with white fill, noisy. */
function flatScan(degrees: number): Uint8Array {
  const grey = new Uint8Array(W * H);
  const n = noisy(15);
  const r = (degrees * Math.PI) / 180;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const dx = x - W / 2;
      const dy = y - H / 2;
      const u = (Math.cos(r) * dx + Math.sin(r) * dy + W / 2) / W;
      const v = (-Math.sin(r) * dx + Math.cos(r) * dy + H / 2) / H;
      const base = u < 0 || v < 0 || u > 1 || v > 1 ? 250 : pageAt(u, v);
      grey[y * W + x] = Math.max(0, Math.min(255, Math.round(base + n())));
    }
  }
  return grey;
}

const KEYSTONE: Quad = [
  [30, 20],
  [W - 12, 35],
  [W - 22, H - 15],
  [15, H - 28],
];

function expectNear(found: Quad | null, truth: Quad, tolerance: number): void {
  expect(found).not.toBeNull();
  (found as Quad).forEach((p: Point, i) => {
    const [tx, ty] = truth[i] as Point;
    expect(Math.abs(p[0] - tx)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(p[1] - ty)).toBeLessThanOrEqual(tolerance);
  });
}

/** Rows of the image mostly inked (darker than the desk) between x0 and x1. */
function inkRows(grey: Uint8Array, x0: number, x1: number): number[] {
  const rows: number[] = [];
  for (let y = 0; y < H; y++) {
    let ink = 0;
    for (let x = x0; x < x1; x++) if ((grey[y * W + x] as number) < 60) ink++;
    if (ink > (x1 - x0) * 0.5) rows.push(y);
  }
  return rows;
}

describe('perspective correction', () => {
  it('finds the corners of a page photographed in perspective on a desk', () => {
    expectNear(findPageQuad(photo(KEYSTONE), W, H), KEYSTONE, 3);
  });

  it('finds them under a shadow over one corner', () => {
    expectNear(findPageQuad(photo(KEYSTONE, 0.45), W, H), KEYSTONE, 4);
  });

  it('maps the page back onto the frame: text lines level again', () => {
    const grey = photo(KEYSTONE);
    const quad = findPageQuad(grey, W, H) as Quad;
    const straight = rectify(grey, W, H, quad);
    // The first line of print: 30–37 px of 550 down the page, on the left and on the right alike.
    const firstLine = (rows: number[]) => rows[0] as number;
    const before = [inkRows(grey, 50, 125), inkRows(grey, 300, 375)].map(firstLine);
    const after = [inkRows(straight, 50, 125), inkRows(straight, 300, 375)].map(firstLine);
    expect(Math.abs((before[0] as number) - (before[1] as number))).toBeGreaterThan(5);
    expect(Math.abs((after[0] as number) - (after[1] as number))).toBeLessThanOrEqual(2);
    expect(after[0]).toBeGreaterThanOrEqual(28);
    expect(after[0]).toBeLessThanOrEqual(32);
  });

  it('leaves flat scans alone: straight or slightly skewed, paper up to the border', () => {
    expect(findPageQuad(flatScan(0), W, H)).toBeNull();
    expect(findPageQuad(flatScan(1.5), W, H)).toBeNull();
    expect(findPageQuad(flatScan(-2.5), W, H)).toBeNull();
  });

  it('leaves a scan alone when only some edges are dark (a scanner lid shadow on one side)', () => {
    const grey = flatScan(0);
    for (let y = 0; y < H; y++) for (let x = 0; x < 15; x++) grey[y * W + x] = 70;
    expect(findPageQuad(grey, W, H)).toBeNull();
  });

  it('leaves a page alone that already fills the frame', () => {
    const full: Quad = [
      [0, 0],
      [W, 0],
      [W, H],
      [0, H],
    ];
    expect(findPageQuad(photo(full), W, H)).toBeNull();
  });

  it('is applied before OCR to photos only', async () => {
    const flat = await prepareForOcr({ grey: flatScan(1), width: W, height: H });
    expect(flat.rectified).toBe(false);
    const photographed = await prepareForOcr({ grey: photo(KEYSTONE, 0.3), width: W, height: H });
    expect(photographed.rectified).toBe(true);
  });
});
