/**
 * Scan and photo effects on rendered pages: skew, rotation by 90/180/270°, perspective (a phone photo of a page
 * on a desk), shadows, uneven light, noise and specks, blur, fax binarisation with half vertical resolution.
 * Deterministic: all randomness from the seeded generator.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Random } from '../corpus/random';

export interface ScanProfile {
  /** Small rotation (degrees) of the page on the glass. */
  skew: number;
  /** Quarter turns (0–3) of the whole image: a page scanned sideways or upside down. */
  quarterTurns: number;
  /** Perspective strength: corner displacement as a share of the page size (0 = none). */
  perspective: number;
  /** Shadow darkness 0–1 (a gradient over one side of the page). */
  shadow: number;
  /** Noise amplitude on 0–255 grey levels. */
  noise: number;
  /** Share of pixels turned into dark specks. */
  specks: number;
  /** Blur radius in pixels. */
  blur: number;
  /** Fax: binarise and halve the vertical resolution. */
  fax: boolean;
  /** Paper grey level and contrast loss (ink lightened toward paper), 0–1. */
  fade: number;
}

export const NO_EFFECTS: ScanProfile = {
  skew: 0,
  quarterTurns: 0,
  perspective: 0,
  shadow: 0,
  noise: 0,
  specks: 0,
  blur: 0,
  fax: false,
  fade: 0,
};

function blank(w: number, h: number, grey = 255): Canvas {
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = `rgb(${grey},${grey},${grey})`;
  ctx.fillRect(0, 0, w, h);
  return c;
}

function rotateSmall(page: Canvas, degrees: number, background: number): Canvas {
  if (degrees === 0) return page;
  const out = blank(page.width, page.height, background);
  const ctx = out.getContext('2d');
  ctx.translate(page.width / 2, page.height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.drawImage(page, -page.width / 2, -page.height / 2);
  return out;
}

function quarterTurn(page: Canvas, turns: number): Canvas {
  const t = ((turns % 4) + 4) % 4;
  if (t === 0) return page;
  const swap = t % 2 === 1;
  const out = blank(swap ? page.height : page.width, swap ? page.width : page.height);
  const ctx = out.getContext('2d');
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate((t * Math.PI) / 2);
  ctx.drawImage(page, -page.width / 2, -page.height / 2);
  return out;
}

/** Solves the 8-parameter homography mapping the four `from` points onto the four `to` points. */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i] as [number, number];
    const [u, v] = to[i] as [number, number];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  // Gaussian elimination with partial pivoting.
  const n = 8;
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs((a[r] as number[])[c] as number) > Math.abs((a[piv] as number[])[c] as number)) piv = r;
    [a[c], a[piv]] = [a[piv] as number[], a[c] as number[]];
    [b[c], b[piv]] = [b[piv] as number, b[c] as number];
    const rc = a[c] as number[];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const rr = a[r] as number[];
      const f = (rr[c] as number) / (rc[c] as number);
      for (let k = c; k < n; k++) rr[k] = (rr[k] as number) - f * (rc[k] as number);
      b[r] = (b[r] as number) - f * (b[c] as number);
    }
  }
  return b.map((v, i) => v / ((a[i] as number[])[i] as number));
}

/** A photo of the page lying on a desk: the page shrunk into a random quadrilateral on a darker background. */
function perspective(page: Canvas, strength: number, random: Random): Canvas {
  const w = page.width;
  const h = page.height;
  const d = (k: number) => random.between(0.2, 1) * strength * k;
  const quad: [number, number][] = [
    [d(w), d(h)],
    [w - d(w), d(h)],
    [w - d(w), h - d(h)],
    [d(w), h - d(h)],
  ];
  // Inverse mapping: output pixel → source pixel.
  const H = homography(quad, [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ]);
  const src = page.getContext('2d').getImageData(0, 0, w, h).data;
  const out = createCanvas(w, h);
  const octx = out.getContext('2d');
  const img = octx.createImageData(w, h);
  const dst = img.data;
  const [h0, h1, h2, h3, h4, h5, h6, h7] = H as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const desk = 96;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const z = h6 * x + h7 * y + 1;
      const sx = Math.round((h0 * x + h1 * y + h2) / z);
      const sy = Math.round((h3 * x + h4 * y + h5) / z);
      const o = 4 * (y * w + x);
      const v =
        sx >= 0 && sy >= 0 && sx < w && sy < h
          ? (src[4 * (sy * w + sx)] as number)
          : desk + ((x * 7 + y * 3) % 23);
      dst[o] = v;
      dst[o + 1] = v;
      dst[o + 2] = v;
      dst[o + 3] = 255;
    }
  }
  octx.putImageData(img, 0, 0);
  return out;
}

function shadow(page: Canvas, darkness: number, random: Random): void {
  const ctx = page.getContext('2d');
  const w = page.width;
  const h = page.height;
  const fromLeft = random.chance(0.5);
  const g = fromLeft
    ? ctx.createLinearGradient(0, 0, w * 0.6, h * 0.3)
    : ctx.createLinearGradient(w, h, w * 0.35, h * 0.5);
  g.addColorStop(0, `rgba(0,0,0,${darkness.toFixed(2)})`);
  g.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.globalCompositeOperation = 'multiply';
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  ctx.globalCompositeOperation = 'source-over';
}

function blur(page: Canvas, radius: number): Canvas {
  if (radius <= 0) return page;
  const out = createCanvas(page.width, page.height);
  const ctx = out.getContext('2d');
  ctx.filter = `blur(${radius}px)`;
  ctx.drawImage(page, 0, 0);
  return out;
}

function pixels(page: Canvas, p: ScanProfile, random: Random): void {
  const ctx = page.getContext('2d');
  const { width: w, height: h } = page;
  const img = ctx.getImageData(0, 0, w, h);
  const data = img.data;
  const table = new Float32Array(65536);
  for (let i = 0; i < table.length; i++) table[i] = (random.next() + random.next() - 1) * p.noise;
  let x = (random.int(1, 0x7fffffff) | 1) >>> 0;
  const fade = p.fade;
  for (let i = 0; i < data.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    let v = data[i] as number;
    if (fade > 0) v = v + (235 - v) * fade;
    v += table[x & 0xffff] as number;
    if (p.fax) v = v < 150 ? 0 : 255;
    v = v < 0 ? 0 : v > 255 ? 255 : v;
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
  }
  const specks = Math.round(p.specks * w * h);
  for (let k = 0; k < specks; k++) {
    const i = 4 * (random.int(0, w - 1) + w * random.int(0, h - 1));
    const v = random.between(0, 90);
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
  }
  ctx.putImageData(img, 0, 0);
}

function halfVertical(page: Canvas): Canvas {
  const small = createCanvas(page.width, Math.round(page.height / 2));
  small.getContext('2d').drawImage(page, 0, 0, small.width, small.height);
  const out = createCanvas(page.width, page.height);
  const ctx = out.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(small, 0, 0, page.width, page.height);
  return out;
}

export function applyEffects(page: Canvas, p: ScanProfile, random: Random): Canvas {
  let c = page;
  if (p.fax) c = halfVertical(c);
  c = rotateSmall(c, p.skew, p.perspective > 0 ? 255 : 250);
  if (p.perspective > 0) c = perspective(c, p.perspective, random);
  if (p.shadow > 0) shadow(c, p.shadow, random);
  c = blur(c, p.blur);
  pixels(c, p, random);
  return quarterTurn(c, p.quarterTurns);
}
