import type { ConnectorContext, OAuthSpec, ProviderTokens } from '../../connector';
import { ProviderResponseError } from '../../errors';
import { exchangeAuthorizationCode, refreshAccessToken, revokeAccessToken } from '../../oauth';
import { ouraGet } from './oura-api';
import type { OuraPersonalInfo } from './oura-types';

/**
 * Oura OAuth 2.0 (https://cloud.ouraring.com/docs/authentication): the person authorises on
 * cloud.ouraring.com (the auth base URL); the token and revoke endpoints live on api.ouraring.com, so
 * those calls go through the API client. Client id/secret travel in the form; refresh tokens are single
 * use (rotated on every refresh).
 */
export const OURA_OAUTH: OAuthSpec = {
  type: 'oauth',
  authorizePath: '/oauth/authorize',
  tokenPath: '/oauth/token',
  revoke: { path: '/oauth/revoke', style: 'form_access_token' },
  pkce: false,
  clientAuth: 'body',
  scopeSeparator: ' ',
  // `personal` names the account (personal_info.id is the user id webhooks carry).
  baseScopes: ['personal'],
  rotatesRefreshToken: true,
};

const onApiHost = (ctx: ConnectorContext): ConnectorContext => ({ ...ctx, auth: ctx.api });

export function exchangeOuraCode(
  ctx: ConnectorContext,
  code: string,
  redirectUri: string,
): Promise<ProviderTokens> {
  return exchangeAuthorizationCode(onApiHost(ctx), OURA_OAUTH, { code, redirectUri, codeVerifier: null });
}

export function refreshOuraTokens(ctx: ConnectorContext, tokens: ProviderTokens): Promise<ProviderTokens> {
  return refreshAccessToken(onApiHost(ctx), OURA_OAUTH, tokens);
}

export function revokeOuraTokens(ctx: ConnectorContext, tokens: ProviderTokens): Promise<void> {
  return revokeAccessToken(onApiHost(ctx), OURA_OAUTH, tokens);
}

export async function identifyOuraUser(ctx: ConnectorContext, tokens: ProviderTokens) {
  const info = await ouraGet<OuraPersonalInfo>(ctx, tokens, '/v2/usercollection/personal_info', {});
  if (!info || typeof info.id !== 'string' || info.id === '') {
    throw new ProviderResponseError('Oura personal_info without an id');
  }
  return { externalUserId: info.id };
}
