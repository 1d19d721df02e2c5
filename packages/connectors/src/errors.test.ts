import {
  parseRetryAfter,
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnavailableError,
  pullErrorDetails,
} from './errors';

describe('provider error classification', () => {
  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('1.2', now)).toBe(2);
    expect(parseRetryAfter('Tue, 24 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Tue, 24 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it('maps failures to the historical pull error details of api-shapes §4.5', () => {
    expect(pullErrorDetails(new ProviderRateLimitError('x', 5))).toEqual({
      retriable: true,
      details: 'provider_rate_limit_exceeded',
    });
    expect(pullErrorDetails(new ProviderUnavailableError('x'))).toEqual({
      retriable: true,
      details: 'provider_unavailable',
    });
    expect(pullErrorDetails(new ProviderResponseError('x'))).toEqual({
      retriable: true,
      details: 'transport_failure',
    });
    expect(pullErrorDetails(new ProviderAuthError('token_revoked', 'x'))).toEqual({
      retriable: false,
      details: 'non_retriable_error',
    });
  });
});
