import type { Knex } from 'knex';

/** The outcome of one request against a bucket's budget, with what the `RateLimit-*` headers say. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window (conservative: slices leased by other replicas count as spent). */
  remaining: number;
  /** Seconds until the current window ends (≥ 1). */
  resetSeconds: number;
  windowSeconds: number;
}

export interface ApiRateLimiter {
  /** Spends one request of `bucket`, whose budget is `limit` requests per `windowMs`. */
  consume(bucket: string, limit: number, windowMs: number): Promise<RateDecision>;
  /** Deletes windows that ended over an hour ago; returns how many. */
  sweep(): Promise<number>;
}

export interface ApiRateLimiterOptions {
  /** Share of the limit a replica leases at a time (default 1/20): one round trip per slice. */
  leaseFraction?: number;
  /** Called (at most once a minute) when PostgreSQL cannot be asked; requests are then let through. */
  onStoreError?: (err: unknown) => void;
  /** Without `onStoreError`: warned (at most once a minute) when PostgreSQL cannot be asked. */
  logger?: { warn(message: string, meta?: Record<string, unknown>): void };
  now?: () => number;
}

interface Lease {
  limit: number;
  windowMs: number;
  windowEndMs: number;
  allowance: number;
  /** Granted by all replicas together in this window, as of the last lease. */
  usedGlobal: number;
  exhausted: boolean;
}

const SWEEP_EVERY_MS = 5 * 60_000;
const MAX_LOCAL_BUCKETS = 50_000;

/**
 * A fixed-window limiter shared by every replica through PostgreSQL (`api_rate_take`): each replica
 * leases a slice of a bucket's window budget and spends it locally, so most requests cost no round trip,
 * and all replicas together never grant more than the limit per window. A bucket whose window is spent
 * is refused locally until the window ends. If the database cannot be asked, requests are let through:
 * limiting must never take the API down with it.
 */
export function createApiRateLimiter(db: Knex, options: ApiRateLimiterOptions = {}): ApiRateLimiter {
  const fraction = options.leaseFraction ?? 1 / 20;
  const now = options.now ?? Date.now;
  const leases = new Map<string, Lease>();
  const inFlight = new Map<string, Promise<void>>();
  let lastSweep = now();
  let lastReported = Number.NEGATIVE_INFINITY;
  const report = (err: unknown) => {
    if (now() - lastReported < 60_000) return;
    lastReported = now();
    if (options.onStoreError) options.onStoreError(err);
    else options.logger?.warn('rate limits unavailable (database): letting requests through', { err });
  };

  const decision = (lease: Lease, allowed: boolean, at: number): RateDecision => ({
    allowed,
    limit: lease.limit,
    remaining: Math.max(0, lease.limit - lease.usedGlobal + lease.allowance),
    resetSeconds: Math.max(1, Math.ceil((lease.windowEndMs - at) / 1000)),
    windowSeconds: Math.max(1, Math.round(lease.windowMs / 1000)),
  });

  async function renew(bucket: string, limit: number, windowMs: number): Promise<void> {
    const wanted = Math.min(limit, Math.max(1, Math.ceil(limit * fraction)));
    const asked = now();
    const { rows } = await db.raw<{ rows: Array<{ granted: number; used: number; reset_ms: number }> }>(
      'select granted, used, reset_ms from api_rate_take(?, ?, ?, ?)',
      [bucket, windowMs, limit, wanted],
    );
    const row = rows[0]!;
    if (leases.size >= MAX_LOCAL_BUCKETS) forgetEnded(asked);
    leases.set(bucket, {
      limit,
      windowMs,
      windowEndMs: asked + row.reset_ms,
      allowance: row.granted,
      usedGlobal: row.used,
      exhausted: row.granted === 0,
    });
  }

  function forgetEnded(at: number): void {
    for (const [bucket, lease] of leases) if (lease.windowEndMs <= at) leases.delete(bucket);
    if (leases.size >= MAX_LOCAL_BUCKETS) leases.clear();
  }

  function maybeSweep(at: number): void {
    if (at - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at;
    sweep().catch(report);
  }

  async function sweep(): Promise<number> {
    return db('api_rate_windows').where('window_start', '<', db.raw(`now() - interval '1 hour'`)).delete();
  }

  return {
    async consume(bucket, limit, windowMs) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const at = now();
        const lease = leases.get(bucket);
        const current =
          lease && lease.limit === limit && lease.windowMs === windowMs && at < lease.windowEndMs;
        if (lease && current) {
          if (lease.allowance > 0) {
            lease.allowance -= 1;
            return decision(lease, true, at);
          }
          if (lease.exhausted) return decision(lease, false, at);
        }
        let pending = inFlight.get(bucket);
        if (!pending) {
          pending = renew(bucket, limit, windowMs).finally(() => inFlight.delete(bucket));
          inFlight.set(bucket, pending);
        }
        try {
          await pending;
        } catch (err) {
          report(err);
          return {
            allowed: true,
            limit,
            remaining: limit,
            resetSeconds: Math.max(1, Math.ceil(windowMs / 1000)),
            windowSeconds: Math.max(1, Math.round(windowMs / 1000)),
          };
        }
        maybeSweep(at);
      }
      // Others spent every slice this replica leased before it could: treat the window as spent.
      const lease = leases.get(bucket)!;
      return decision(lease, false, now());
    },
    sweep,
  };
}
