import { createHash, randomBytes } from 'node:crypto';
import type { ConnectorContext, OAuthSpec, ProviderTokens } from './connector';
import { ProviderAuthError, ProviderResponseError } from './errors';
import { ProviderHttpStatusError } from './http';

/**
 * The OAuth 2.0 authorization-code client shared by the connectors (RFC 6749, PKCE per RFC 7636,
 * revocation per RFC 7009). Provider quirks are options of `OAuthSpec` or an `unwrap` of the token
 * response (Withings wraps it in `{status, body}`).
 */

export interface PkcePair {
  verifier: string;
  challenge: string;
}

export function createPkcePair(): PkcePair {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function buildAuthorizeUrl(
  spec: OAuthSpec,
  authBaseUrl: string,
  input: {
    clientId: string;
    redirectUri: string;
    scopes: string[];
    state: string;
    codeChallenge?: string | null;
  },
): string {
  const base = authBaseUrl.endsWith('/') ? authBaseUrl : `${authBaseUrl}/`;
  const url = new URL(spec.authorizePath.replace(/^\//, ''), base);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  if (input.scopes.length > 0) url.searchParams.set('scope', input.scopes.join(spec.scopeSeparator));
  url.searchParams.set('state', input.state);
  if (spec.pkce && input.codeChallenge) {
    url.searchParams.set('code_challenge', input.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  for (const [k, v] of Object.entries(spec.authorizeParams ?? {})) url.searchParams.set(k, v);
  return url.toString();
}

/** The fields of a standard token response; `unwrap` turns a provider's envelope into it first. */
export interface TokenResponse {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
  token_type?: unknown;
  [key: string]: unknown;
}

export interface TokenCallOptions {
  unwrap?: (raw: unknown) => TokenResponse;
  /** Reads the account id from the token response (Fitbit `user_id`, Strava `athlete.id`, ...). */
  externalUserId?: (raw: TokenResponse) => string | null;
  extra?: (raw: TokenResponse) => Record<string, unknown> | undefined;
}

export function tokensFromResponse(
  raw: TokenResponse,
  now: Date,
  spec: OAuthSpec,
  opts: TokenCallOptions,
  previous?: ProviderTokens,
): ProviderTokens {
  if (typeof raw.access_token !== 'string' || raw.access_token === '')
    throw new ProviderResponseError('token response without access_token');
  const expiresIn = Number(raw.expires_in);
  const scopeText = typeof raw.scope === 'string' ? raw.scope : null;
  const scopes = scopeText
    ? scopeText.split(/[\s,]+/).filter((s) => s.length > 0)
    : Array.isArray(raw.scope)
      ? raw.scope.map(String)
      : (previous?.scopes ?? []);
  return {
    accessToken: raw.access_token,
    refreshToken:
      typeof raw.refresh_token === 'string' && raw.refresh_token !== ''
        ? raw.refresh_token
        : (previous?.refreshToken ?? null),
    expiresAt:
      Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(now.getTime() + expiresIn * 1000) : null,
    scopes,
    externalUserId: opts.externalUserId?.(raw) ?? previous?.externalUserId ?? null,
    extra: { ...previous?.extra, ...opts.extra?.(raw) },
  };
  void spec;
}

async function tokenCall(
  ctx: ConnectorContext,
  spec: OAuthSpec,
  form: Record<string, string | undefined>,
  opts: TokenCallOptions,
  onInvalidGrant: ProviderAuthError,
): Promise<TokenResponse> {
  const body: Record<string, string | undefined> = { ...spec.tokenParams, ...form };
  if (spec.clientAuth === 'body') {
    body.client_id = ctx.client.clientId;
    body.client_secret = ctx.client.clientSecret;
  }
  try {
    const res = await ctx.auth.request<unknown>({
      method: 'POST',
      path: spec.tokenPath,
      form: body,
      basic:
        spec.clientAuth === 'basic'
          ? { username: ctx.client.clientId, password: ctx.client.clientSecret }
          : undefined,
    });
    const raw = opts.unwrap ? opts.unwrap(res.data) : (res.data as TokenResponse);
    if (!raw || typeof raw !== 'object') throw new ProviderResponseError('token response is not an object');
    return raw;
  } catch (err) {
    // 400 invalid_grant / 401 invalid_client at the token endpoint: the grant is dead, not the network.
    if (err instanceof ProviderHttpStatusError && (err.status === 400 || err.status === 403))
      throw onInvalidGrant;
    if (err instanceof ProviderAuthError) throw onInvalidGrant;
    throw err;
  }
}

export async function exchangeAuthorizationCode(
  ctx: ConnectorContext,
  spec: OAuthSpec,
  input: { code: string; redirectUri: string; codeVerifier: string | null },
  opts: TokenCallOptions = {},
): Promise<ProviderTokens> {
  const raw = await tokenCall(
    ctx,
    spec,
    {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: spec.pkce && input.codeVerifier ? input.codeVerifier : undefined,
    },
    opts,
    new ProviderAuthError('provider_credential_error', 'the provider refused the authorization code'),
  );
  return tokensFromResponse(raw, ctx.now(), spec, opts);
}

export async function refreshAccessToken(
  ctx: ConnectorContext,
  spec: OAuthSpec,
  tokens: ProviderTokens,
  opts: TokenCallOptions = {},
): Promise<ProviderTokens> {
  if (!tokens.refreshToken) throw new ProviderAuthError('token_refresh_failed', 'no refresh token to use');
  const raw = await tokenCall(
    ctx,
    spec,
    { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
    opts,
    new ProviderAuthError('token_refresh_failed', 'the provider refused the refresh token'),
  );
  return tokensFromResponse(raw, ctx.now(), spec, opts, tokens);
}

/** Best effort: an already-revoked token (400/401/404) counts as revoked. */
export async function revokeAccessToken(
  ctx: ConnectorContext,
  spec: OAuthSpec,
  tokens: ProviderTokens,
): Promise<void> {
  if (!spec.revoke) return;
  const accept = [400, 401, 404];
  switch (spec.revoke.style) {
    case 'rfc7009':
      await ctx.auth.request({
        method: 'POST',
        path: spec.revoke.path,
        form: {
          token: tokens.refreshToken ?? tokens.accessToken,
          ...(spec.clientAuth === 'body'
            ? { client_id: ctx.client.clientId, client_secret: ctx.client.clientSecret }
            : {}),
        },
        basic:
          spec.clientAuth === 'basic'
            ? { username: ctx.client.clientId, password: ctx.client.clientSecret }
            : undefined,
        acceptStatus: accept,
      });
      return;
    case 'form_access_token':
      await ctx.auth.request({
        method: 'POST',
        path: spec.revoke.path,
        form: { access_token: tokens.accessToken },
        acceptStatus: accept,
      });
      return;
    case 'bearer_delete':
      await ctx.api.request({
        method: 'DELETE',
        path: spec.revoke.path,
        bearer: tokens.accessToken,
        acceptStatus: accept,
      });
      return;
    case 'bearer_post':
      await ctx.api.request({
        method: 'POST',
        path: spec.revoke.path,
        bearer: tokens.accessToken,
        acceptStatus: accept,
      });
      return;
  }
}

/** Random URL-safe value (OAuth state, link tokens). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
