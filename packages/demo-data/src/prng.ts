/**
 * Seeded randomness for the demo generator: a 32-bit string hash, mulberry32 streams for per-day
 * choices, and stateless per-instant noise so a value at time t never depends on where generation began.
 */

/**
 * 32-bit multiply without Math.imul, which runs some fifty times slower inside jest's VM context than
 * plain arithmetic (the generator hashes a few hundred thousand values per simulated month).
 */
function imul32(a: number, b: number): number {
  const low = a & 0xffff;
  const high = (a >>> 16) & 0xffff;
  return (low * b + (((high * b) & 0xffff) << 16)) | 0;
}

/**
 * FNV-1a over the parts (strings by UTF-16 unit, integers by their two 32-bit halves, a separator after
 * each part), finished with murmur3's avalanche so nearby inputs spread.
 */
export function hash32(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const mix = (unit: number) => {
    h ^= unit;
    h = imul32(h, 0x01000193);
  };
  for (const part of parts) {
    if (typeof part === 'number' && Number.isSafeInteger(part)) {
      const low = part >>> 0;
      const high = Math.floor(part / 4_294_967_296) >>> 0;
      mix(low & 0xffff);
      mix(low >>> 16);
      mix(high & 0xffff);
      mix(high >>> 16);
    } else {
      const text = String(part);
      for (let i = 0; i < text.length; i += 1) mix(text.charCodeAt(i));
    }
    mix(0x1f);
  }
  h ^= h >>> 16;
  h = imul32(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul32(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for plausible data (not for anything secret). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul32(t ^ (t >>> 15), t | 1);
    t ^= t + imul32(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** [0, 1). */
  float(): number {
    return this.next();
  }

  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return Math.floor(this.uniform(min, max + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  normal(mean: number, sd: number): number {
    return mean + sd * boxMuller(this.next(), this.next());
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

function boxMuller(u1: number, u2: number): number {
  return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
}

/** A fresh stream for one purpose (`tags` name it: facet, date, ...). */
export function rngFor(seed: number, ...tags: readonly (string | number)[]): Rng {
  return new Rng(hash32(seed, ...tags));
}

/** Stateless uniform [0, 1) for (seed, tag, n): the same n always gives the same value. */
export function noiseAt(seed: number, tag: string, n: number): number {
  return hash32(seed, tag, n) / 4_294_967_296;
}

/** Stateless standard normal for (seed, tag, n). */
export function gaussianAt(seed: number, tag: string, n: number): number {
  return boxMuller(noiseAt(seed, `${tag}:a`, n), noiseAt(seed, `${tag}:b`, n));
}

/**
 * Smooth noise in about [-1, 1]: standard normals on a grid of `period` units, linearly interpolated, so
 * neighbouring minutes drift together instead of jumping.
 */
export function smoothNoiseAt(seed: number, tag: string, t: number, period: number): number {
  const k = Math.floor(t / period);
  const f = t / period - k;
  const a = gaussianAt(seed, tag, k);
  const b = gaussianAt(seed, tag, k + 1);
  return (a + (b - a) * f) / 2;
}

export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

export const round = (value: number, digits = 0): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
