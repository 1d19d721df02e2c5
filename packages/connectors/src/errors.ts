/**
 * How a provider call failed, told apart by cause: only an authorization failure puts a connection in
 * error (and asks the person to re-link); rate limits and outages are temporary (`retrying`).
 */

export type ProviderAuthReason =
  | 'token_revoked'
  | 'token_refresh_failed'
  | 'required_scopes_not_granted'
  | 'provider_credential_error'
  | 'provider_password_expired'
  | 'user_not_found';

export class ProviderAuthError extends Error {
  override name = 'ProviderAuthError';
  constructor(
    readonly reason: ProviderAuthReason,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export class ProviderRateLimitError extends Error {
  override name = 'ProviderRateLimitError';
  constructor(
    message: string,
    /** Seconds the provider asked us to wait (Retry-After or its own headers), or null. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

/** 5xx, timeouts, connection errors: the provider is down or slow. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The provider answered something we cannot read (malformed JSON, a page missing its fields). */
export class ProviderResponseError extends Error {
  override name = 'ProviderResponseError';
}

/** A provider URL refused by the SSRF rules (private or loopback address not allow-listed). */
export class ProviderTargetRefusedError extends Error {
  override name = 'ProviderTargetRefusedError';
}

/** `error_details` of a historical pull (api-shapes §4.5) for a failure. */
export function pullErrorDetails(err: unknown): {
  retriable: boolean;
  details:
    | 'provider_rate_limit_exceeded'
    | 'provider_unavailable'
    | 'transport_failure'
    | 'non_retriable_error'
    | 'unexpected_error';
} {
  if (err instanceof ProviderRateLimitError)
    return { retriable: true, details: 'provider_rate_limit_exceeded' };
  if (err instanceof ProviderUnavailableError) return { retriable: true, details: 'provider_unavailable' };
  if (err instanceof ProviderResponseError) return { retriable: true, details: 'transport_failure' };
  if (err instanceof ProviderAuthError || err instanceof ProviderTargetRefusedError)
    return { retriable: false, details: 'non_retriable_error' };
  return { retriable: true, details: 'transport_failure' };
}

/** Parses Retry-After: delta seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined | null, now: Date = new Date()): number | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed));
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
