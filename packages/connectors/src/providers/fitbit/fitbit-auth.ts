import type { ConnectorContext, OAuthSpec, ProviderTokens } from '../../connector';
import { ProviderResponseError } from '../../errors';
import {
  exchangeAuthorizationCode,
  refreshAccessToken,
  revokeAccessToken,
  type TokenCallOptions,
} from '../../oauth';
import { fitbitGet } from './fitbit-api';
import type { FitbitProfile } from './fitbit-types';

/**
 * Fitbit OAuth 2.0 (dev.fitbit.com, "Authorization" and "OAuth2 Token"): the person authorises on
 * www.fitbit.com (the auth base URL); token and revoke live on api.fitbit.com, so those calls go through
 * the API client. Authorization code with PKCE, HTTP Basic client authentication, access tokens for 8 h,
 * a new refresh token on every refresh, the account id as `user_id` in the token response.
 */
export const FITBIT_OAUTH: OAuthSpec = {
  type: 'oauth',
  authorizePath: '/oauth2/authorize',
  tokenPath: '/oauth2/token',
  revoke: { path: '/oauth2/revoke', style: 'rfc7009' },
  pkce: true,
  clientAuth: 'basic',
  scopeSeparator: ' ',
  // `profile` gives the account's time zone, which dates every local time Fitbit reports.
  baseScopes: ['profile'],
  rotatesRefreshToken: true,
};

const TOKEN_OPTIONS: TokenCallOptions = {
  externalUserId: (raw) => (typeof raw.user_id === 'string' && raw.user_id !== '' ? raw.user_id : null),
};

const onApiHost = (ctx: ConnectorContext): ConnectorContext => ({ ...ctx, auth: ctx.api });

export function exchangeFitbitCode(
  ctx: ConnectorContext,
  code: string,
  redirectUri: string,
  codeVerifier: string | null,
): Promise<ProviderTokens> {
  return exchangeAuthorizationCode(
    onApiHost(ctx),
    FITBIT_OAUTH,
    { code, redirectUri, codeVerifier },
    TOKEN_OPTIONS,
  );
}

export function refreshFitbitTokens(ctx: ConnectorContext, tokens: ProviderTokens): Promise<ProviderTokens> {
  return refreshAccessToken(onApiHost(ctx), FITBIT_OAUTH, tokens, TOKEN_OPTIONS);
}

export function revokeFitbitTokens(ctx: ConnectorContext, tokens: ProviderTokens): Promise<void> {
  return revokeAccessToken(onApiHost(ctx), FITBIT_OAUTH, tokens);
}

/** The account id and the profile's time zone (kept in `tokens.extra.timezone` for the local times). */
export async function identifyFitbitUser(ctx: ConnectorContext, tokens: ProviderTokens) {
  const body = await fitbitGet<{ user?: FitbitProfile }>(ctx, tokens, '/1/user/-/profile.json');
  const id = body.user?.encodedId;
  if (typeof id !== 'string' || id === '')
    throw new ProviderResponseError('Fitbit profile without encodedId');
  return {
    externalUserId: id,
    extra: typeof body.user?.timezone === 'string' ? { timezone: body.user.timezone } : {},
  };
}
