import type { Request, RequestHandler, Response } from 'express';

/** One request against a bucket's budget (the shape `@meridian/db`'s PostgreSQL-shared limiter answers). */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
  windowSeconds: number;
}

export interface RateLimitConsumer {
  consume(bucket: string, limit: number, windowMs: number): Promise<RateDecision>;
}

/** Requests per minute; 0 turns a limit off. */
export interface RateLimitSettings {
  /** Per API key (data API) or management key (management API), unless the team overrides it. */
  perKey: number;
  /** Per client address, for requests that carry no key (link widget, provider webhooks, docs). */
  perAddress: number;
  /** Failed authentications per client address; beyond it the address is refused until the window ends. */
  failedAuthPerAddress: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  perKey: 6_000,
  perAddress: 600,
  failedAuthPerAddress: 30,
};

const WINDOW_MS = 60_000;

/** What an API's composition needs to limit requests. */
export interface ApiRateLimitOptions {
  limiter: RateLimitConsumer;
  settings: RateLimitSettings;
  trustProxy?: boolean | number | string[];
  /** Management API: the data API's per-key default, which team overrides replace (shown by GET …/rate_limit). */
  dataApiPerKey?: number;
}

/** The caller a limit applies to once authentication has run, or null (not authenticated here). */
export type KeyBucketOf = (res: Response) => { keyId: string; perMinute: number | null } | null;

/**
 * Rate limits of one API (issue 11): `beforeAuth` runs before the key is checked and before any body is
 * read — it refuses an address that failed authentication too often and limits requests without a key
 * per address; `afterAuth` limits each authenticated key (a team override wins over the default). Every
 * limited answer carries the IETF draft's `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`
 * and `RateLimit-Policy` headers; a refusal is 429 `rate_limited` with `Retry-After` (seconds).
 */
export function createRateLimits(deps: {
  limiter: RateLimitConsumer;
  settings: RateLimitSettings;
  /** Header names that carry a key on this API (lower case). */
  keyHeaders: readonly string[];
  keyBucketOf: KeyBucketOf;
  onError?: (err: unknown) => void;
  now?: () => number;
}): { beforeAuth: RequestHandler; afterAuth: RequestHandler } {
  const { limiter, settings } = deps;
  const now = deps.now ?? Date.now;
  /** Addresses refused for failed authentications, until (epoch ms); this replica's memory of the shared count. */
  const blocked = new Map<string, number>();

  const addressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const hasKey = (req: Request) => deps.keyHeaders.some((h) => req.headers[h] !== undefined);

  function recordFailure(address: string): void {
    if (settings.failedAuthPerAddress <= 0) return;
    limiter.consume(`auth-failure:${address}`, settings.failedAuthPerAddress, WINDOW_MS).then(
      (d) => {
        if (d.allowed) return;
        if (blocked.size > 100_000) blocked.clear();
        blocked.set(address, now() + d.resetSeconds * 1000);
      },
      (err: unknown) => deps.onError?.(err),
    );
  }

  const beforeAuth: RequestHandler = (req, res, next) => {
    const address = addressOf(req);
    const until = blocked.get(address);
    if (until !== undefined) {
      if (until > now()) {
        const seconds = Math.max(1, Math.ceil((until - now()) / 1000));
        refuse(res, seconds, 'Too many failed authentications from this address; retry later.');
        return;
      }
      blocked.delete(address);
    }
    res.on('finish', () => {
      if (res.statusCode === 401) recordFailure(address);
    });
    if (hasKey(req) || settings.perAddress <= 0) return next();
    limiter.consume(`address:${address}`, settings.perAddress, WINDOW_MS).then((d) => {
      announce(res, d);
      if (d.allowed) next();
      else refuse(res, d.resetSeconds, 'Too many requests from this address; retry later.');
    }, next);
  };

  const afterAuth: RequestHandler = (_req, res, next) => {
    const caller = deps.keyBucketOf(res);
    const limit = caller?.perMinute ?? settings.perKey;
    if (!caller || limit <= 0) return next();
    limiter.consume(`key:${caller.keyId}`, limit, WINDOW_MS).then((d) => {
      announce(res, d);
      if (d.allowed) next();
      else refuse(res, d.resetSeconds, `At most ${d.limit} requests per minute for this key; retry later.`);
    }, next);
  };

  return { beforeAuth, afterAuth };
}

function announce(res: Response, d: RateDecision): void {
  res.setHeader('RateLimit-Limit', String(d.limit));
  res.setHeader('RateLimit-Remaining', String(d.remaining));
  res.setHeader('RateLimit-Reset', String(d.resetSeconds));
  res.setHeader('RateLimit-Policy', `${d.limit};w=${d.windowSeconds}`);
}

function refuse(res: Response, retryAfterSeconds: number, message: string): void {
  res
    .status(429)
    .set('Retry-After', String(retryAfterSeconds))
    .json({ detail: { error_type: 'rate_limited', error_message: message } });
}
