import { config } from '../config';
import {
  DEFAULT_RATE_LIMITS,
  type ApiRateLimitOptions,
  type RateLimitConsumer,
  type RateLimitSettings,
} from './rate-limits';

/**
 * Request rate limits of both APIs (requests per minute; 0 turns one off) and which proxies to trust for
 * the client address. Behind a load balancer set `TRUST_PROXY` (Express's `trust proxy`: a hop count or
 * comma-separated addresses/CIDRs of the proxies), else every client shares the balancer's address.
 */
export const rateLimitConfigSpec = {
  RATE_LIMIT_PER_KEY_PER_MINUTE: config.int({ default: DEFAULT_RATE_LIMITS.perKey, min: 0, max: 1_000_000 }),
  RATE_LIMIT_PER_ADDRESS_PER_MINUTE: config.int({
    default: DEFAULT_RATE_LIMITS.perAddress,
    min: 0,
    max: 1_000_000,
  }),
  RATE_LIMIT_FAILED_AUTH_PER_MINUTE: config.int({
    default: DEFAULT_RATE_LIMITS.failedAuthPerAddress,
    min: 0,
    max: 1_000_000,
  }),
  TRUST_PROXY: config.optionalString(),
};

export function rateLimitSettingsOf(cfg: {
  RATE_LIMIT_PER_KEY_PER_MINUTE: number;
  RATE_LIMIT_PER_ADDRESS_PER_MINUTE: number;
  RATE_LIMIT_FAILED_AUTH_PER_MINUTE: number;
}): RateLimitSettings {
  return {
    perKey: cfg.RATE_LIMIT_PER_KEY_PER_MINUTE,
    perAddress: cfg.RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
    failedAuthPerAddress: cfg.RATE_LIMIT_FAILED_AUTH_PER_MINUTE,
  };
}

/** Express's `trust proxy` value from `TRUST_PROXY`: a hop count, true/false, or addresses and CIDRs. */
export function trustProxyOf(raw: string | undefined): boolean | number | string[] {
  if (raw === undefined || raw.trim() === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** An API's rate-limit options from its validated config and the shared limiter. */
export function apiRateLimitOptionsOf(
  cfg: Parameters<typeof rateLimitSettingsOf>[0] & { TRUST_PROXY: string | undefined },
  limiter: RateLimitConsumer,
): ApiRateLimitOptions {
  return { limiter, settings: rateLimitSettingsOf(cfg), trustProxy: trustProxyOf(cfg.TRUST_PROXY) };
}
