/**
 * Deterministic data for emulated accounts: the same account and day always give the same values, so a
 * re-fetch after a crash returns exactly what the first fetch did (tests count lost and duplicated samples).
 */
export function hashSeed(...parts: (string | number)[]): number {
  return hashFeed(HASH_START, parts.join('|')) >>> 0;
}

const HASH_START = 2166136261;

/**
 * FNV-1a over the code points of `text` (each contributes its first UTF-16 unit), continuing from `h`: the
 * state after a common prefix can be kept and fed the varying rest, with the same result as `hashSeed`.
 */
export function hashFeed(h: number, text: string): number {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    h ^= unit;
    h = Math.imul(h, 16777619);
    // A surrogate pair is one code point: its low half is not hashed.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) i += 1;
    }
  }
  return h;
}

/** `hashSeed(...prefix, last)` for many `last`s: the prefix is hashed once. */
export function hashSeedWithPrefix(...prefix: (string | number)[]): (last: string | number) => number {
  const state = hashFeed(HASH_START, `${prefix.join('|')}|`);
  return (last) => hashFeed(state, String(last)) >>> 0;
}

/** mulberry32 */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DAY_MS = 86_400_000;

/** UTC midnights of the days overlapping [start, end). */
export function utcDays(start: Date, end: Date): Date[] {
  const days: Date[] = [];
  let t = Math.floor(start.getTime() / DAY_MS) * DAY_MS;
  while (t < end.getTime()) {
    days.push(new Date(t));
    t += DAY_MS;
  }
  return days;
}

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The emulated "now": days after it have no data yet (a provider never returns the future). */
export function clampToNow(end: Date, now: Date): Date {
  return end.getTime() > now.getTime() ? now : end;
}
