import type { ConnectorContext, OAuthSpec, ProviderTokens } from '../../connector';
import { ProviderResponseError } from '../../errors';
import type { ProviderHttp } from '../../http';
import { exchangeAuthorizationCode, refreshAccessToken } from '../../oauth';

/**
 * Garmin Connect Developer Program OAuth 2.0 with PKCE: the person consents at connect.garmin.com
 * `/oauth2Confirm`; codes and refresh tokens go to diauth.garmin.com `/di-oauth2-service/oauth/token` with
 * the client id and secret in the form body. Access tokens last about a day; each refresh answers a new
 * refresh token. Garmin has no OAuth scopes in the authorize URL: the person ticks permissions on the consent
 * page (`ACTIVITY_EXPORT`, `HEALTH_EXPORT`, ...), read back with `GET /wellness-api/rest/user/permissions`
 * and kept as the connection's scopes.
 */

export const garminAuthSpec: OAuthSpec = {
  type: 'oauth',
  authorizePath: '/oauth2Confirm',
  tokenPath: '/di-oauth2-service/oauth/token',
  pkce: true,
  clientAuth: 'body',
  scopeSeparator: ' ',
  baseScopes: [],
  rotatesRefreshToken: true,
  refreshMarginSeconds: 600,
};

export const GARMIN_AUTHORIZE_ORIGIN = 'https://connect.garmin.com';
const GARMIN_TOKEN_URL = 'https://diauth.garmin.com/di-oauth2-service/oauth/token';

/** In production the token endpoint is on diauth.garmin.com; emulators and proxies serve it under the auth base. */
function withTokenHost(ctx: ConnectorContext): ConnectorContext {
  if (new URL(ctx.auth.baseUrl).origin !== GARMIN_AUTHORIZE_ORIGIN) return ctx;
  const auth: ProviderHttp = {
    baseUrl: ctx.auth.baseUrl,
    request: (req) =>
      ctx.auth.request(
        req.path === garminAuthSpec.tokenPath ? { ...req, path: GARMIN_TOKEN_URL, anyOrigin: true } : req,
      ),
  };
  return { ...ctx, auth };
}

/** `GET /wellness-api/rest/user/permissions` → the permissions the person granted. */
export async function garminPermissions(ctx: ConnectorContext, accessToken: string): Promise<string[]> {
  const res = await ctx.api.request<unknown>({
    path: '/wellness-api/rest/user/permissions',
    bearer: accessToken,
  });
  if (!Array.isArray(res.data)) throw new ProviderResponseError('Garmin permissions are not a list');
  return res.data.map(String);
}

export async function exchangeGarminCode(
  ctx: ConnectorContext,
  code: string,
  redirectUri: string,
  codeVerifier: string | null,
): Promise<ProviderTokens> {
  const tokens = await exchangeAuthorizationCode(withTokenHost(ctx), garminAuthSpec, {
    code,
    redirectUri,
    codeVerifier,
  });
  return { ...tokens, scopes: await garminPermissions(ctx, tokens.accessToken) };
}

export async function refreshGarminTokens(
  ctx: ConnectorContext,
  tokens: ProviderTokens,
): Promise<ProviderTokens> {
  const next = await refreshAccessToken(withTokenHost(ctx), garminAuthSpec, tokens);
  // The token response's `scope` names Garmin's own API scopes, not the person's permissions: keep those.
  return { ...next, scopes: tokens.scopes };
}

/** `GET /wellness-api/rest/user/id` → `{userId}`, the id every notification names. */
export async function identifyGarminUser(
  ctx: ConnectorContext,
  tokens: ProviderTokens,
): Promise<{ externalUserId: string }> {
  const res = await ctx.api.request<{ userId?: unknown }>({
    path: '/wellness-api/rest/user/id',
    bearer: tokens.accessToken,
  });
  const userId = res.data?.userId;
  if (typeof userId !== 'string' || userId === '')
    throw new ProviderResponseError('Garmin user id answer without userId');
  return { externalUserId: userId };
}

/** `DELETE /wellness-api/rest/user/registration`: ends the app's access; already gone counts as done. */
export async function deregisterGarminUser(ctx: ConnectorContext, tokens: ProviderTokens): Promise<void> {
  await ctx.api.request({
    method: 'DELETE',
    path: '/wellness-api/rest/user/registration',
    bearer: tokens.accessToken,
    acceptStatus: [401, 404],
  });
}
