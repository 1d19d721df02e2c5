/**
 * Per-endpoint `rate_limit` (deliveries per second, api-shapes §7.3) as a one-second fixed window in this
 * process; with several replicas each applies it on its own share of the messages.
 */
export interface RateLimiter {
  /** 0 when a delivery to `key` may go now (and counts it), else the ms to wait. */
  take(key: string, perSecond: number): number;
}

export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key, perSecond) {
      const t = now();
      let window = windows.get(key);
      if (!window || t - window.start >= 1000) {
        window = { start: t, count: 0 };
        windows.set(key, window);
      }
      if (window.count < perSecond) {
        window.count += 1;
        return 0;
      }
      return window.start + 1000 - t;
    },
  };
}
