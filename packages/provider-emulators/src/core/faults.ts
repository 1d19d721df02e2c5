import express, { type NextFunction, type Request, type Response, type Router } from 'express';

/**
 * Switchable faults of an emulated provider, applied to its data endpoints (and token endpoint where
 * noted). Set them in code (`emulator.faults.set`) or over HTTP (`PUT /__emulator/faults`), so a test or a
 * person at `pnpm start` can make the provider misbehave.
 */
export interface FaultSettings {
  /** Answer 429 with `Retry-After: <seconds>` (and the provider's own rate-limit headers). */
  rateLimit?: { retryAfterSeconds: number } | null;
  /** Every access and refresh token is refused (the person revoked access at the provider). */
  revoked?: boolean;
  /** Answer this status (5xx) on data endpoints. */
  serverError?: number | null;
  /** Delay every data response by this many milliseconds. */
  slowMs?: number | null;
  /** Answer a truncated, unparsable JSON body on data endpoints. */
  malformed?: boolean;
  /** The token endpoint answers 503 (an outage during refresh, not a revocation). */
  tokenEndpointDown?: boolean;
  /** Apply the data-endpoint faults to this many requests only, then clear them (null = until cleared). */
  times?: number | null;
}

export interface Faults {
  get(): FaultSettings;
  set(settings: FaultSettings): void;
  clear(): void;
  /** Counts one faulted request; clears the faults once `times` is used up. */
  consume(): void;
}

export function createFaults(): Faults {
  let current: FaultSettings = {};
  return {
    get: () => current,
    set(settings) {
      current = { ...settings };
    },
    clear() {
      current = {};
    },
    consume() {
      if (typeof current.times === 'number') {
        current.times -= 1;
        if (current.times <= 0) current = {};
      }
    },
  };
}

/** Middleware for data endpoints: applies rate limit, outage, slowness and malformed bodies. */
export function dataFaults(
  faults: Faults,
  options: { rateLimitHeaders?: (retryAfter: number) => Record<string, string> } = {},
) {
  return async (_req: Request, res: Response, next: NextFunction) => {
    const f = faults.get();
    const active = f.rateLimit || f.serverError || f.slowMs || f.malformed;
    if (!active) return next();
    faults.consume();
    if (f.slowMs) await new Promise((r) => setTimeout(r, f.slowMs ?? 0));
    if (f.rateLimit) {
      const extra = options.rateLimitHeaders?.(f.rateLimit.retryAfterSeconds) ?? {};
      res.set({ 'retry-after': String(f.rateLimit.retryAfterSeconds), ...extra });
      res.status(429).json({ error: 'rate_limit_exceeded', message: 'Too Many Requests' });
      return;
    }
    if (f.serverError) {
      res.status(f.serverError).json({ error: 'server_error' });
      return;
    }
    if (f.malformed) {
      res.status(200).type('application/json').send('{"data": [{"id": "trunc');
      return;
    }
    next();
  };
}

/** `GET|PUT|DELETE /__emulator/faults`. */
export function faultRoutes(faults: Faults): Router {
  const router = express.Router();
  router.get('/__emulator/faults', (_req, res) => {
    res.json(faults.get());
  });
  router.put('/__emulator/faults', express.json(), (req, res) => {
    faults.set((req.body ?? {}) as FaultSettings);
    res.json(faults.get());
  });
  router.delete('/__emulator/faults', (_req, res) => {
    faults.clear();
    res.status(204).end();
  });
  return router;
}
