import type { RequestHandler, Response } from 'express';
import type { RateDecision, RateLimitConsumer } from '@meridian/platform';
import { deviceOf } from '../sdk-auth/device-auth';

/**
 * Per-device request limit of the push endpoints (decision 0009 "Limits"), after device authentication and
 * before the body is read: the same shared fixed-window limiter as the API keys (`@meridian/db`), one bucket
 * per device. A refusal is 429 `rate_limited` with `Retry-After` and the `RateLimit-*` headers.
 */

const WINDOW_MS = 60_000;

function announce(res: Response, d: RateDecision): void {
  res.setHeader('RateLimit-Limit', String(d.limit));
  res.setHeader('RateLimit-Remaining', String(d.remaining));
  res.setHeader('RateLimit-Reset', String(d.resetSeconds));
  res.setHeader('RateLimit-Policy', `${d.limit};w=${d.windowSeconds}`);
}

export function createDeviceRateLimit(deps: {
  limiter: RateLimitConsumer;
  perMinute: number;
}): RequestHandler {
  return (_req, res, next) => {
    if (deps.perMinute <= 0) return next();
    const device = deviceOf(res);
    deps.limiter.consume(`sdk-device:${device.deviceId}`, deps.perMinute, WINDOW_MS).then((d) => {
      announce(res, d);
      if (d.allowed) return next();
      res
        .status(429)
        .set('Retry-After', String(d.resetSeconds))
        .json({
          detail: {
            error_type: 'rate_limited',
            error_message: `At most ${d.limit} push requests per minute per device; retry after ${d.resetSeconds} s.`,
          },
        });
    }, next);
  };
}
