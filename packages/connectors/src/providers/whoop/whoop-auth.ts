import type { ConnectorContext, OAuthSpec, ProviderTokens } from '../../connector';
import { exchangeAuthorizationCode, refreshAccessToken, type TokenCallOptions } from '../../oauth';

/**
 * WHOOP OAuth 2.0 (developer.whoop.com/docs/developing/oauth): authorize at `/oauth/oauth2/auth`, token at
 * `/oauth/oauth2/token` with the client id and secret in the form body; space-separated scopes; a refresh
 * token is issued only with the `offline` scope, a refresh must ask `scope=offline` again, and refresh tokens
 * rotate. Access is revoked with `DELETE /v2/user/access` on the API.
 */
export const WHOOP_OAUTH: OAuthSpec = {
  type: 'oauth',
  authorizePath: '/oauth/oauth2/auth',
  tokenPath: '/oauth/oauth2/token',
  revoke: { path: '/v2/user/access', style: 'bearer_delete' },
  pkce: false,
  clientAuth: 'body',
  scopeSeparator: ' ',
  baseScopes: ['offline', 'read:profile'],
  rotatesRefreshToken: true,
};

const NO_OPTIONS: TokenCallOptions = {};

export function exchangeWhoopCode(
  ctx: ConnectorContext,
  code: string,
  redirectUri: string,
): Promise<ProviderTokens> {
  return exchangeAuthorizationCode(ctx, WHOOP_OAUTH, { code, redirectUri, codeVerifier: null }, NO_OPTIONS);
}

export function refreshWhoopTokens(ctx: ConnectorContext, tokens: ProviderTokens): Promise<ProviderTokens> {
  return refreshAccessToken(ctx, { ...WHOOP_OAUTH, tokenParams: { scope: 'offline' } }, tokens, NO_OPTIONS);
}
