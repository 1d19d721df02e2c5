import { createHash } from 'node:crypto';
import { accountIdFor, type RunningEmulator } from '@meridian/provider-emulators';
import { consentAt, createLinkHarness, pathOf, sha256, type LinkHarness } from './link.test-fixtures';

/**
 * The OAuth leg end to end against the Oura emulator: authorize URL, consent, callback, connection with
 * sealed tokens, the event, the widget return; CSRF/replay defences; the duplicate-account rule.
 */
describe('linking an OAuth provider (Oura emulator)', () => {
  let h: LinkHarness;
  let oura: RunningEmulator;
  let keys: LinkHarness['team']['keys'];

  beforeAll(async () => {
    h = await createLinkHarness(['oura']);
    oura = h.emulators.get('oura')!;
    keys = h.team.keys;
  });
  afterAll(() => h.close());
  beforeEach(() => {
    oura.emulator.oauth!.setAutoConsent('alice');
    oura.emulator.faults.clear();
  });
  afterEach(() => h.resetClock());

  const widget = (token: string) => ({
    oauth: (provider = 'oura') =>
      h.api().get(`/v2/link/provider/oauth/${provider}`).set('x-service-link-token', token),
    auth: (provider: string) =>
      h.api().post('/v2/link/auth').set('x-service-link-token', token).send({ provider }),
    state: () => h.api().get('/v2/link/state').set('x-service-link-token', token),
  });
  const callback = (url: URL) => h.api().get(pathOf(url));
  const returnUrl = (query: Record<string, string>) =>
    `${h.linkWebUrl}/return?${new URLSearchParams(query).toString()}`;

  async function authorizeUrl(token: string): Promise<URL> {
    const res = await widget(token).oauth();
    expect(res.status).toBe(200);
    return new URL(res.body.oauth_url as string);
  }

  /** Token → authorize URL → consent → callback URL (not yet called). */
  async function consentFor(userId: string, tokenBody: Record<string, unknown> = {}) {
    const token = await h.linkToken(keys.sandbox, { user_id: userId, ...tokenBody });
    const callbackUrl = await consentAt((await authorizeUrl(token)).toString());
    return { token, callbackUrl };
  }

  const connectionOf = (userId: string) =>
    h.db.knex('provider_connections').where({ user_id: userId, provider: 'oura' }).first();
  const openTokens = (sealed: string) =>
    JSON.parse(h.secretBox.open(sealed)) as { access_token: string; refresh_token: string };

  it('builds the authorize URL: platform app, our callback, scopes, and a hashed single-use state', async () => {
    const userId = await h.createUser(keys.sandbox);
    const token = await h.linkToken(keys.sandbox, { user_id: userId });
    const res = await widget(token).oauth();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      slug: 'oura',
      auth_type: 'oauth',
      is_active: true,
      oauth_url: expect.any(String),
    });
    const url = new URL(res.body.oauth_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${oura.authUrl}/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(oura.emulator.client.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${h.baseUrl}/v2/link/oauth/callback`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining(['personal', 'daily', 'heartrate', 'workout']),
    );
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await h.db.knex('oauth_states').where({ state_hash: sha256(state) });
    expect(stored).toEqual([
      expect.objectContaining({ provider: 'oura', used_at: null, code_verifier_sealed: null }),
    ]);
    expect(stored[0].expires_at.getTime() - stored[0].created_at.getTime()).toBe(600_000);
    expect(JSON.stringify(await h.db.knex('oauth_states'))).not.toContain(state);

    const viaAuth = await widget(token).auth('oura');
    expect(viaAuth.status).toBe(200);
    expect(viaAuth.body).toEqual({
      auth_type: 'oauth',
      oauth_url: expect.stringContaining(`${oura.authUrl}/oauth/authorize?`),
    });
  });

  it('adds the team’s required and optional scopes and leaves out the resources it does not pull', async () => {
    await h.db.knex('team_scope_requirements').insert({
      team_id: h.team.teamId,
      provider: 'oura',
      user_must_grant: ['email'],
      user_may_grant: ['tag'],
    });
    await h.db.knex('team_data_pull_preferences').insert({
      team_id: h.team.teamId,
      environment: 'sandbox',
      provider: 'oura',
      default: false,
      resource_overrides: JSON.stringify({ heartrate: true }),
    });
    try {
      const token = await h.linkToken(keys.sandbox, { user_id: await h.createUser(keys.sandbox) });
      const scopes = (await authorizeUrl(token)).searchParams.get('scope')!.split(' ');
      expect(scopes).toEqual(expect.arrayContaining(['personal', 'heartrate', 'email', 'tag']));
      expect(scopes).not.toContain('workout');
    } finally {
      await h.db.knex('team_scope_requirements').where({ team_id: h.team.teamId }).del();
      await h.db.knex('team_data_pull_preferences').where({ team_id: h.team.teamId }).del();
    }
  });

  it('connects on the callback: sealed tokens, the event, the widget return, and the token used up', async () => {
    const userId = await h.createUser(keys.sandbox);
    const { token, callbackUrl } = await consentFor(userId);
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${h.baseUrl}/v2/link/oauth/callback`);
    const code = callbackUrl.searchParams.get('code')!;

    const res = await callback(callbackUrl);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(returnUrl({ status: 'success', provider: 'oura' }));

    const connection = await connectionOf(userId);
    expect(connection).toMatchObject({
      status: 'connected',
      auth_type: 'oauth',
      credential_source: 'platform',
      external_user_id: accountIdFor('Oura', 'alice'),
    });
    expect(connection.credentials_sealed).toMatch(/^v1\./);
    const tokens = openTokens(connection.credentials_sealed);
    expect(oura.emulator.oauth!.isRevoked(tokens.access_token)).toBe(false);
    // No raw provider token, code or link token anywhere in the tables this flow wrote.
    const dump = JSON.stringify([
      await h.db.knex('provider_connections').where({ user_id: userId }),
      await h.db.knex('link_tokens').where({ user_id: userId }),
      await h.db.knex('oauth_states'),
      await h.db.knex('outbox').where({ user_id: userId }),
    ]);
    for (const secret of [tokens.access_token, tokens.refresh_token, code, token])
      expect(dump).not.toContain(secret);

    const events = await h.db.knex('outbox').where({ user_id: userId }).select('event_type', 'payload');
    expect(events).toEqual([
      {
        event_type: 'provider.connection.created',
        payload: expect.objectContaining({
          user_id: userId,
          team_id: h.team.teamId,
          data: expect.objectContaining({
            provider: expect.objectContaining({ slug: 'oura' }),
            external_user_id: accountIdFor('Oura', 'alice'),
          }),
        }),
      },
    ]);
    expect(await h.db.knex('historical_pulls').where({ user_id: userId, provider: 'oura' })).not.toHaveLength(
      0,
    );

    expect((await widget(token).state()).body).toEqual({
      status: 'connected',
      provider: 'oura',
      error_type: null,
      error: null,
      provider_mfa: null,
      connected_providers: ['oura'],
    });
    const again = await widget(token).oauth();
    expect([again.status, again.body.detail.error_type]).toEqual([401, 'token_consumed']);

    const providers = await h
      .api()
      .get(`/v2/user/providers/${userId}`)
      .set('x-service-api-key', keys.sandbox);
    expect(providers.body.providers).toEqual([
      expect.objectContaining({
        slug: 'oura',
        status: 'connected',
        external_user_id: accountIdFor('Oura', 'alice'),
        error_details: null,
      }),
    ]);
    const user = await h.api().get(`/v2/user/${userId}`).set('x-service-api-key', keys.sandbox);
    expect(user.body.connected_sources.map((s: { provider: { slug: string } }) => s.provider.slug)).toEqual([
      'oura',
    ]);

    // Replay of the same callback: the state is used up.
    const replay = await callback(callbackUrl);
    expect(replay.headers.location).toBe(returnUrl({ status: 'error', error_type: 'invalid_token' }));
  });

  it('refuses unknown, missing, expired and used-up states, and states of a used-up token', async () => {
    const missing = await h.api().get('/v2/link/oauth/callback?code=abc');
    expect(missing.headers.location).toBe(returnUrl({ status: 'error', error_type: 'invalid_token' }));
    const forged = await h.api().get('/v2/link/oauth/callback?code=abc&state=forged');
    expect(forged.headers.location).toBe(returnUrl({ status: 'error', error_type: 'invalid_token' }));

    const userId = await h.createUser(keys.sandbox);
    const { callbackUrl } = await consentFor(userId);
    h.advance(601_000);
    const late = await callback(callbackUrl);
    expect(late.headers.location).toBe(returnUrl({ status: 'error', error_type: 'invalid_token' }));
    h.resetClock();

    // Two tabs of one link session: the first connects, the second's state belongs to a used-up token.
    const token = await h.linkToken(keys.sandbox, { user_id: userId });
    const first = await consentAt((await authorizeUrl(token)).toString());
    const second = await consentAt((await authorizeUrl(token)).toString());
    expect((await callback(first)).headers.location).toBe(returnUrl({ status: 'success', provider: 'oura' }));
    expect((await callback(second)).headers.location).toBe(
      returnUrl({ status: 'error', provider: 'oura', error_type: 'token_consumed' }),
    );
    expect(await h.db.knex('provider_connections').where({ user_id: userId })).toHaveLength(1);
  });

  it('connects the user of the link token the state was made for, never another', async () => {
    const victim = await h.createUser(keys.sandbox);
    const attacker = await h.createUser(keys.sandbox);
    await h.linkToken(keys.sandbox, { user_id: victim });
    // The attacker's own consent, sent to the victim's browser: it can only ever connect the attacker.
    const { callbackUrl } = await consentFor(attacker);
    expect((await callback(callbackUrl)).headers.location).toBe(
      returnUrl({ status: 'success', provider: 'oura' }),
    );
    expect(await connectionOf(victim)).toBeUndefined();
    expect(await connectionOf(attacker)).toBeDefined();
  });

  it('reports a person who denies access as user_cancelled, and shows it in the state', async () => {
    const userId = await h.createUser(keys.sandbox);
    const token = await h.linkToken(keys.sandbox, { user_id: userId });
    const state = (await authorizeUrl(token)).searchParams.get('state')!;
    const res = await h.api().get(`/v2/link/oauth/callback?error=access_denied&state=${state}`);
    expect(res.headers.location).toBe(
      returnUrl({ status: 'error', provider: 'oura', error_type: 'user_cancelled' }),
    );
    expect((await widget(token).state()).body).toMatchObject({
      status: 'error',
      provider: 'oura',
      error_type: 'user_cancelled',
    });
    expect(await connectionOf(userId)).toBeUndefined();
    // The token is still good for another try.
    expect((await widget(token).oauth()).status).toBe(200);
  });

  it('maps a refused code to provider_credential_error and a token endpoint outage to provider_api_error', async () => {
    const userId = await h.createUser(keys.sandbox);
    const { callbackUrl } = await consentFor(userId);
    callbackUrl.searchParams.set('code', 'not-the-code');
    expect((await callback(callbackUrl)).headers.location).toBe(
      returnUrl({ status: 'error', provider: 'oura', error_type: 'provider_credential_error' }),
    );
    const retry = await consentFor(userId);
    oura.emulator.faults.set({ tokenEndpointDown: true });
    expect((await callback(retry.callbackUrl)).headers.location).toBe(
      returnUrl({ status: 'error', provider: 'oura', error_type: 'provider_api_error' }),
    );
    expect(await connectionOf(userId)).toBeUndefined();
  });

  it('refuses a grant missing a scope the team requires', async () => {
    await h.db.knex('team_scope_requirements').insert({
      team_id: h.team.teamId,
      provider: 'oura',
      user_must_grant: ['heartrate'],
      user_may_grant: [],
    });
    try {
      oura.emulator.oauth!.setAutoConsent('bob', { grantScopes: ['personal', 'daily'] });
      const userId = await h.createUser(keys.sandbox);
      const { callbackUrl } = await consentFor(userId);
      expect((await callback(callbackUrl)).headers.location).toBe(
        returnUrl({ status: 'error', provider: 'oura', error_type: 'required_scopes_not_granted' }),
      );
      expect(await connectionOf(userId)).toBeUndefined();
    } finally {
      await h.db.knex('team_scope_requirements').where({ team_id: h.team.teamId }).del();
    }
  });

  it('refuses a provider account linked to another user when reject_duplicate_connection is on', async () => {
    await h.setTeamEnvSettings(h.team.teamId, 'sandbox', { reject_duplicate_connection: true });
    try {
      oura.emulator.oauth!.setAutoConsent('carol');
      const first = await h.createUser(keys.sandbox);
      await callback((await consentFor(first)).callbackUrl);
      const second = await h.createUser(keys.sandbox);
      const { token, callbackUrl } = await consentFor(second);
      expect((await callback(callbackUrl)).headers.location).toBe(
        returnUrl({ status: 'error', provider: 'oura', error_type: 'duplicate_connection' }),
      );
      expect(await connectionOf(second)).toBeUndefined();
      expect((await widget(token).state()).body.error_type).toBe('duplicate_connection');
      const kept = await connectionOf(first);
      expect(oura.emulator.oauth!.isRevoked(openTokens(kept.credentials_sealed).access_token)).toBe(false);
      // Another team environment is another tenant: the same account connects there.
      const production = await h.createUser(keys.production);
      const prodToken = await h.linkToken(keys.production, { user_id: production });
      const prodCallback = await consentAt((await authorizeUrl(prodToken)).toString());
      expect((await callback(prodCallback)).headers.location).toBe(
        returnUrl({ status: 'success', provider: 'oura' }),
      );
    } finally {
      await h.setTeamEnvSettings(h.team.teamId, 'sandbox', { reject_duplicate_connection: false });
    }
  });

  it('connects both users when reject_duplicate_connection is off, never revoking the first', async () => {
    oura.emulator.oauth!.setAutoConsent('dave');
    const first = await h.createUser(keys.sandbox);
    await callback((await consentFor(first)).callbackUrl);
    const second = await h.createUser(keys.sandbox);
    expect((await callback((await consentFor(second)).callbackUrl)).headers.location).toBe(
      returnUrl({ status: 'success', provider: 'oura' }),
    );
    const [a, b] = [await connectionOf(first), await connectionOf(second)];
    expect([a.external_user_id, b.external_user_id]).toEqual([
      accountIdFor('Oura', 'dave'),
      accountIdFor('Oura', 'dave'),
    ]);
    expect(oura.emulator.oauth!.isRevoked(openTokens(a.credentials_sealed).access_token)).toBe(false);
  });

  it('validates the provider against the OAuth providers and the token’s filter', async () => {
    const token = await h.linkToken(keys.sandbox, {
      user_id: await h.createUser(keys.sandbox),
      filter_on_providers: ['oura'],
    });
    for (const provider of ['fitbit', 'apple_health_kit', 'nope']) {
      const res = await widget(token).oauth(provider);
      expect([provider, res.status, res.body.detail[0].loc]).toEqual([
        provider,
        422,
        ['path', 'oauth_provider'],
      ]);
      const auth = await widget(token).auth(provider);
      expect([provider, auth.status, auth.body.detail[0].loc]).toEqual([provider, 422, ['body', 'provider']]);
    }
  });

  it('answers 400 provider_not_configured when neither the platform nor the team has an app', async () => {
    const token = await h.linkToken(keys.sandbox, { user_id: await h.createUser(keys.sandbox) });
    const res = await widget(token).oauth('fitbit');
    expect(res.status).toBe(400);
    expect(res.body.detail.error_type).toBe('provider_not_configured');
  });
});

/** A PKCE provider (Fitbit emulator): the verifier is sealed at rest and proves the code exchange. */
describe('linking a PKCE provider (Fitbit emulator)', () => {
  let h: LinkHarness;

  beforeAll(async () => {
    h = await createLinkHarness(['fitbit']);
    h.emulators.get('fitbit')!.emulator.oauth!.setAutoConsent('nina');
  });
  afterAll(() => h.close());

  it('sends an S256 challenge, keeps the verifier sealed, and connects with it', async () => {
    const userId = await h.createUser(h.team.keys.sandbox);
    const token = await h.linkToken(h.team.keys.sandbox, { user_id: userId });
    const res = await h.api().get('/v2/link/provider/oauth/fitbit').set('x-service-link-token', token);
    expect(res.status).toBe(200);
    const url = new URL(res.body.oauth_url as string);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const challenge = url.searchParams.get('code_challenge')!;
    const stored = await h.db
      .knex('oauth_states')
      .where({ state_hash: sha256(url.searchParams.get('state')!) })
      .first();
    expect(stored.code_verifier_sealed).toMatch(/^v1\./);
    const verifier = h.secretBox.open(stored.code_verifier_sealed);
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
    expect(JSON.stringify(stored)).not.toContain(verifier);

    const done = await h.api().get(pathOf(await consentAt(url.toString())));
    expect(done.headers.location).toBe(`${h.linkWebUrl}/return?status=success&provider=fitbit`);
    expect(
      await h.db.knex('provider_connections').where({ user_id: userId, provider: 'fitbit' }).first(),
    ).toMatchObject({
      status: 'connected',
      auth_type: 'oauth',
    });
  });
});
