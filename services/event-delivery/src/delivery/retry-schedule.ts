/** Retry timing (api-shapes §7.3): the attempt schedule, ±10 % jitter, and `Retry-After` on 429/503. */

export const DEFAULT_RETRY_SCHEDULE_MS = [
  0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
];

/** Parses a comma-separated list of non-negative delays in ms (`DELIVERY_RETRY_SCHEDULE_MS`). */
export function parseRetrySchedule(text: string): number[] {
  const delays = text.split(',').map((p) => p.trim());
  if (delays.length === 0 || delays.some((d) => !/^\d+$/.test(d))) {
    throw new Error('must be comma-separated non-negative integers (milliseconds)');
  }
  return delays.map(Number);
}

/**
 * Delay before the next attempt after `attemptsMade` failed attempts, or null when the schedule is exhausted.
 * `schedule[i]` is the delay before attempt i+1, so the schedule length is the number of attempts.
 */
export function nextAttemptDelay(opts: {
  schedule: readonly number[];
  attemptsMade: number;
  retryAfterMs?: number | undefined;
  random?: () => number;
}): number | null {
  const base = opts.schedule[opts.attemptsMade];
  if (base === undefined) return null;
  const jittered = Math.round(base * (0.9 + 0.2 * (opts.random ?? Math.random)()));
  return Math.max(jittered, opts.retryAfterMs ?? 0);
}

/** `Retry-After` (delta seconds or an HTTP date) in ms from `now`; undefined when absent or malformed. */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}
