/**
 * Deterministic data for emulated accounts: the same account and day always give the same values, so a
 * re-fetch after a crash returns exactly what the first fetch did (tests count lost and duplicated samples).
 */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 2166136261;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
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
