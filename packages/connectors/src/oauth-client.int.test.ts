import express from 'express';
import {
  createFaults,
  createOAuthServer,
  dataFaults,
  faultRoutes,
  listen,
  type Faults,
  type OAuthServer,
  type RunningServer,
} from '@meridian/provider-emulators';
import type { ConnectorContext, OAuthSpec } from './connector';
import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnavailableError,
} from './errors';
import {
  buildAuthorizeUrl,
  createPkcePair,
  exchangeAuthorizationCode,
  pkceChallenge,
  refreshAccessToken,
  revokeAccessToken,
} from './oauth';
import { createConnectorContext } from './registry';

/**
 * The shared OAuth client and provider HTTP client against the emulator core's authorization server:
 * the same code path every connector uses, over real HTTP.
 */

const SPEC: OAuthSpec = {
  type: 'oauth',
  authorizePath: '/oauth/authorize',
  tokenPath: '/oauth/token',
  revoke: { path: '/oauth/revoke', style: 'rfc7009' },
  pkce: true,
  clientAuth: 'basic',
  scopeSeparator: ' ',
  baseScopes: ['profile'],
  rotatesRefreshToken: true,
};

describe('OAuth client against the emulator authorization server', () => {
  let faults: Faults;
  let oauth: OAuthServer;
  let server: RunningServer;
  let ctx: ConnectorContext;
  let clock = new Date('2026-11-24T10:00:00Z');
  const redirectUri = 'http://127.0.0.1:9/callback';

  beforeAll(async () => {
    faults = createFaults();
    oauth = createOAuthServer({
      providerName: 'Test provider',
      clients: [{ clientId: 'app', clientSecret: 's3cret' }],
      scopes: ['profile', 'heartrate', 'sleep'],
      pkce: 'required',
      clientAuth: 'basic',
      paths: { authorize: '/oauth/authorize', token: '/oauth/token', revoke: '/oauth/revoke' },
      rotateRefreshToken: true,
      refreshGraceSeconds: 60,
      tokenResponseExtra: (account) => ({ user_id: account.id }),
      faults,
      now: () => clock,
    });
    const app = express();
    app.use(faultRoutes(faults));
    app.use(oauth.router);
    app.get('/v1/data', dataFaults(faults), oauth.requireToken, (_req, res) => {
      res.json({ data: [{ bpm: 61 }], account: oauth.grantOf(res).account.id });
    });
    server = await listen(app);
    ctx = createConnectorContext({
      settings: { apiUrl: server.url, authUrl: server.url },
      client: { clientId: 'app', clientSecret: 's3cret' },
      allowList: null,
      now: () => clock,
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    faults.clear();
    oauth.setAutoConsent('alice');
    clock = new Date('2026-11-24T10:00:00Z');
  });

  async function authorize(opts: { pkce?: boolean; scopes?: string[] } = {}) {
    const pkce = createPkcePair();
    const url = buildAuthorizeUrl(SPEC, ctx.auth.baseUrl, {
      clientId: 'app',
      redirectUri,
      scopes: opts.scopes ?? ['profile', 'heartrate'],
      state: 'st-1',
      codeChallenge: opts.pkce === false ? null : pkce.challenge,
    });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    return { location, verifier: pkce.verifier };
  }

  it('builds the authorize URL with PKCE S256 and the state', () => {
    const url = new URL(
      buildAuthorizeUrl(SPEC, 'https://auth.example.com/base/', {
        clientId: 'app',
        redirectUri,
        scopes: ['a', 'b'],
        state: 'xyz',
        codeChallenge: pkceChallenge('verifier'),
      }),
    );
    expect(url.pathname).toBe('/base/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'app',
      redirect_uri: redirectUri,
      scope: 'a b',
      state: 'xyz',
      code_challenge: pkceChallenge('verifier'),
      code_challenge_method: 'S256',
    });
  });

  it('exchanges a code for tokens, reads the account id, and calls the API with them', async () => {
    const { location, verifier } = await authorize();
    expect(location.searchParams.get('state')).toBe('st-1');
    const tokens = await exchangeAuthorizationCode(
      ctx,
      SPEC,
      { code: location.searchParams.get('code')!, redirectUri, codeVerifier: verifier },
      { externalUserId: (raw) => String(raw.user_id) },
    );
    expect(tokens.scopes).toEqual(['profile', 'heartrate']);
    expect(tokens.externalUserId).toBe(oauth.accountFor('alice').id);
    expect(tokens.expiresAt).toEqual(new Date(clock.getTime() + 3600_000));
    const data = await ctx.api.request<{ data: { bpm: number }[] }>({
      path: '/v1/data',
      bearer: tokens.accessToken,
    });
    expect(data.data.data[0]!.bpm).toBe(61);
  });

  it('refuses a wrong PKCE verifier and a replayed code as a credential error', async () => {
    const { location, verifier } = await authorize();
    const code = location.searchParams.get('code')!;
    await expect(
      exchangeAuthorizationCode(ctx, SPEC, { code, redirectUri, codeVerifier: `${verifier}x` }),
    ).rejects.toBeInstanceOf(ProviderAuthError);
    // The code was consumed by the failed attempt (single use).
    await expect(
      exchangeAuthorizationCode(ctx, SPEC, { code, redirectUri, codeVerifier: verifier }),
    ).rejects.toMatchObject({
      reason: 'provider_credential_error',
    });
  });

  it('rotates refresh tokens; the previous one works within the grace window only', async () => {
    const { location, verifier } = await authorize();
    const first = await exchangeAuthorizationCode(ctx, SPEC, {
      code: location.searchParams.get('code')!,
      redirectUri,
      codeVerifier: verifier,
    });
    const second = await refreshAccessToken(ctx, SPEC, first);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.scopes).toEqual(first.scopes);
    // A lost response: the old refresh token is used again within the grace window.
    const again = await refreshAccessToken(ctx, SPEC, first);
    expect(again.accessToken).not.toBe(second.accessToken);
    clock = new Date(clock.getTime() + 61_000);
    await expect(refreshAccessToken(ctx, SPEC, first)).rejects.toMatchObject({
      reason: 'token_refresh_failed',
    });
    await expect(refreshAccessToken(ctx, SPEC, second)).resolves.toMatchObject({ scopes: first.scopes });
  });

  it('revokes: the API then answers 401, classified as an auth failure', async () => {
    const { location, verifier } = await authorize();
    const tokens = await exchangeAuthorizationCode(ctx, SPEC, {
      code: location.searchParams.get('code')!,
      redirectUri,
      codeVerifier: verifier,
    });
    await revokeAccessToken(ctx, SPEC, tokens);
    await expect(ctx.api.request({ path: '/v1/data', bearer: tokens.accessToken })).rejects.toBeInstanceOf(
      ProviderAuthError,
    );
    await expect(refreshAccessToken(ctx, SPEC, tokens)).rejects.toBeInstanceOf(ProviderAuthError);
  });

  it('classifies faults: 429 with Retry-After, 5xx, malformed bodies, token endpoint outage', async () => {
    const { location, verifier } = await authorize();
    const tokens = await exchangeAuthorizationCode(ctx, SPEC, {
      code: location.searchParams.get('code')!,
      redirectUri,
      codeVerifier: verifier,
    });
    const call = () => ctx.api.request({ path: '/v1/data', bearer: tokens.accessToken });
    faults.set({ rateLimit: { retryAfterSeconds: 42 } });
    await expect(call()).rejects.toMatchObject({ name: 'ProviderRateLimitError', retryAfterSeconds: 42 });
    faults.set({ serverError: 503 });
    await expect(call()).rejects.toBeInstanceOf(ProviderUnavailableError);
    faults.set({ malformed: true });
    await expect(call()).rejects.toBeInstanceOf(ProviderResponseError);
    faults.set({ tokenEndpointDown: true });
    // An outage at the token endpoint is not a dead grant.
    await expect(refreshAccessToken(ctx, SPEC, tokens)).rejects.toBeInstanceOf(ProviderUnavailableError);
    faults.set({ rateLimit: { retryAfterSeconds: 1 }, times: 1 });
    await expect(call()).rejects.toBeInstanceOf(ProviderRateLimitError);
    await expect(call()).resolves.toMatchObject({ status: 200 });
  });

  it('shows a consent page a person can answer, and reports a denial to the redirect URI', async () => {
    oauth.setAutoConsent(null);
    const url = buildAuthorizeUrl(SPEC, ctx.auth.baseUrl, {
      clientId: 'app',
      redirectUri,
      scopes: ['heartrate'],
      state: 's',
      codeChallenge: pkceChallenge('v'),
    });
    const page = await fetch(url);
    const html = await page.text();
    expect(html).toContain('id="allow"');
    expect(html).toContain('value="heartrate"');
    const denied = await fetch(`${server.url}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        client_id: 'app',
        redirect_uri: redirectUri,
        state: 's',
        decision: 'deny',
      }),
    });
    expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });

  it('refuses an authorize request without PKCE when the provider requires it', async () => {
    const { location } = await authorize({ pkce: false });
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });
});
