import {
  ProviderAuthError,
  ProviderHttpStatusError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderTargetRefusedError,
  ProviderUnavailableError,
} from '@meridian/connectors';
import type { components } from '../../generated/openapi';
import type { LinkTokenRecord } from './link-tokens.repository';

/**
 * How a link attempt ended, in the words of `ProviderLinkResponse.error_type` (api-shapes §4.6): the
 * connectors' error classes mapped once, so the OAuth callback, password and e-mail flows agree.
 */

export type ProviderLinkResponse = components['schemas']['ProviderLinkResponse'];
export type LinkErrorType = NonNullable<ProviderLinkResponse['error_type']>;

export class LinkFlowError extends Error {
  override name = 'LinkFlowError';
  constructor(
    readonly errorType: LinkErrorType,
    message: string,
  ) {
    super(message);
  }
}

const PROVIDER_API_ERROR = 'The provider could not be reached or answered with an error; try again shortly.';

/** The link error an exception means, or null when it is our own failure (then it stays a 500). */
export function linkErrorOf(err: unknown, during: 'connect' | 'mfa' = 'connect'): LinkFlowError | null {
  if (err instanceof LinkFlowError) return err;
  if (err instanceof ProviderAuthError) {
    if (err.reason === 'provider_password_expired') {
      return new LinkFlowError(
        'provider_password_expired',
        'The password has expired at the provider; reset it there first.',
      );
    }
    if (err.reason === 'required_scopes_not_granted') {
      return new LinkFlowError(
        'required_scopes_not_granted',
        'Some permissions this app needs were not granted.',
      );
    }
    if (during === 'mfa')
      return new LinkFlowError('incorrect_mfa_code', 'The verification code was not accepted.');
    return new LinkFlowError('provider_credential_error', 'The provider did not accept the credentials.');
  }
  if (
    err instanceof ProviderRateLimitError ||
    err instanceof ProviderUnavailableError ||
    err instanceof ProviderResponseError ||
    err instanceof ProviderTargetRefusedError ||
    err instanceof ProviderHttpStatusError
  ) {
    return new LinkFlowError('provider_api_error', PROVIDER_API_ERROR);
  }
  return null;
}

export function linkResponse(
  session: Pick<LinkTokenRecord, 'redirectUrl'>,
  provider: string,
  outcome:
    | { state: 'success'; connected: boolean; providerId: string | null }
    | { state: 'pending_provider_mfa'; mfa: { method: 'sms' | 'email'; hint: string } }
    | { state: 'error'; error: LinkFlowError },
): ProviderLinkResponse {
  return {
    state: outcome.state,
    redirect_url: session.redirectUrl,
    error_type: outcome.state === 'error' ? outcome.error.errorType : null,
    error: outcome.state === 'error' ? outcome.error.message : null,
    provider_mfa: outcome.state === 'pending_provider_mfa' ? outcome.mfa : null,
    provider,
    connected: outcome.state === 'success' && outcome.connected,
    provider_id: outcome.state === 'success' ? outcome.providerId : null,
  };
}
