import type { ConnectorContext, OAuthSpec, ProviderTokens } from '../../connector';
import { ProviderResponseError } from '../../errors';
import type { ProviderHttp } from '../../http';
import { exchangeAuthorizationCode, type TokenResponse } from '../../oauth';

/**
 * Polar AccessLink authorization (https://www.polar.com/accesslink-api/#authentication): the person
 * authorizes at flow.polar.com `/oauth2/authorization`, the code is exchanged at polarremote.com
 * `/v2/oauth2/token` with HTTP Basic client authentication. The response carries `x_user_id` and a
 * long-lived access token (about ten years) and no refresh token, so the connector has no `refresh`.
 * Before any data flows the user must be registered (`POST /v3/users`); de-registration
 * (`DELETE /v3/users/{user-id}`) revokes the token and is the connector's `revoke`.
 */

export const POLAR_SCOPE = 'accesslink.read_all';

export const polarAuthSpec: OAuthSpec = {
  type: 'oauth',
  authorizePath: '/oauth2/authorization',
  tokenPath: '/v2/oauth2/token',
  pkce: false,
  clientAuth: 'basic',
  scopeSeparator: ' ',
  baseScopes: [POLAR_SCOPE],
  rotatesRefreshToken: false,
};

/** Production hosts: the token endpoint is on another host than the authorize page. */
export const POLAR_AUTHORIZE_ORIGIN = 'https://flow.polar.com';
const POLAR_TOKEN_URL = 'https://polarremote.com/v2/oauth2/token';

/**
 * The auth base URL names the authorize host. In production the token call goes to polarremote.com
 * instead; against an emulator or proxy both live under the configured auth base URL.
 */
function withTokenHost(ctx: ConnectorContext): ConnectorContext {
  if (new URL(ctx.auth.baseUrl).origin !== POLAR_AUTHORIZE_ORIGIN) return ctx;
  const auth: ProviderHttp = {
    baseUrl: ctx.auth.baseUrl,
    request: (req) =>
      ctx.auth.request(
        req.path === polarAuthSpec.tokenPath ? { ...req, path: POLAR_TOKEN_URL, anyOrigin: true } : req,
      ),
  };
  return { ...ctx, auth };
}

const polarUserIdOf = (raw: TokenResponse): string | null =>
  typeof raw.x_user_id === 'number' || (typeof raw.x_user_id === 'string' && raw.x_user_id !== '')
    ? String(raw.x_user_id)
    : null;

export async function exchangePolarCode(
  ctx: ConnectorContext,
  code: string,
  redirectUri: string,
): Promise<ProviderTokens> {
  const tokens = await exchangeAuthorizationCode(
    withTokenHost(ctx),
    polarAuthSpec,
    { code, redirectUri, codeVerifier: null },
    { externalUserId: polarUserIdOf, extra: (raw) => ({ polarUserId: polarUserIdOf(raw) }) },
  );
  if (!tokens.externalUserId) throw new ProviderResponseError('Polar token response without x_user_id');
  // One scope exists and authorizing grants it; the token response need not repeat it.
  const scopes = tokens.scopes.length > 0 ? tokens.scopes : [POLAR_SCOPE];
  return { ...tokens, scopes, refreshToken: null };
}

/** The member id Polar stores for the registration: the engine's when given, else derived from the Polar id. */
function memberIdOf(tokens: ProviderTokens): string {
  const given = tokens.extra?.memberId;
  return typeof given === 'string' && given !== '' ? given : `meridian-${tokens.externalUserId ?? 'unknown'}`;
}

/** `POST /v3/users` (`{"member-id"}`); 409 means the user is already registered, which is fine. */
export async function registerPolarUser(
  ctx: ConnectorContext,
  tokens: ProviderTokens,
): Promise<Record<string, unknown>> {
  const memberId = memberIdOf(tokens);
  const res = await ctx.api.request<Record<string, unknown> | null>({
    method: 'POST',
    path: '/v3/users',
    bearer: tokens.accessToken,
    json: { 'member-id': memberId },
    acceptStatus: [409],
  });
  return { memberId, polarUserId: tokens.externalUserId, alreadyRegistered: res.status === 409 };
}

/** `DELETE /v3/users/{user-id}`: de-registers the user and revokes the token; gone already counts as done. */
export async function deregisterPolarUser(ctx: ConnectorContext, tokens: ProviderTokens): Promise<void> {
  if (!tokens.externalUserId) return;
  await ctx.api.request({
    method: 'DELETE',
    path: `/v3/users/${encodeURIComponent(tokens.externalUserId)}`,
    bearer: tokens.accessToken,
    acceptStatus: [401, 403, 404],
  });
}
