import type { RunningEmulator } from '@meridian/provider-emulators';
import { createLinkHarness, sha256, type LinkHarness } from './link.test-fixtures';

/** Password (with a second factor) and e-mail providers against the LibreView emulators. */
describe('linking password and e-mail providers (LibreView emulators)', () => {
  let h: LinkHarness;
  let libreView: RunningEmulator;
  let key: string;
  const PASSWORD = 'libre-dev-password';

  beforeAll(async () => {
    h = await createLinkHarness(['abbott_libreview', 'freestyle_libre']);
    libreView = h.emulators.get('abbott_libreview')!;
    key = h.team.keys.sandbox;
  });
  afterAll(() => h.close());

  const sentCodes = (email: string) =>
    (libreView.emulator as unknown as { sentCodes(e: string): string[] }).sentCodes(email);
  const as = (token: string) => ({
    password: (body: object, provider = 'abbott_libreview') =>
      h.api().post(`/v2/link/provider/password/${provider}`).set('x-service-link-token', token).send(body),
    mfa: (code: string, provider = 'abbott_libreview') =>
      h
        .api()
        .post(`/v2/link/provider/password/${provider}/complete_mfa`)
        .set('x-service-link-token', token)
        .send({ mfa_code: code }),
    state: () => h.api().get('/v2/link/state').set('x-service-link-token', token),
  });
  const newSession = async (body: Record<string, unknown> = {}) => {
    const userId = await h.createUser(key);
    return { userId, token: await h.linkToken(key, { user_id: userId, ...body }) };
  };
  const everything = async (userId: string) =>
    JSON.stringify([
      await h.db.knex('link_tokens').where({ user_id: userId }),
      await h.db.knex('provider_connections').where({ user_id: userId }),
    ]);

  it('connects with a password, keeping the password nowhere', async () => {
    const { userId, token } = await newSession();
    const res = await as(token).password({ username: 'patient@libreview.test', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      state: 'success',
      redirect_url: null,
      error_type: null,
      error: null,
      provider_mfa: null,
      provider: 'abbott_libreview',
      connected: true,
      provider_id: expect.any(String),
    });
    const row = await h.db.knex('provider_connections').where({ user_id: userId }).first();
    expect(row).toMatchObject({
      provider: 'abbott_libreview',
      auth_type: 'password',
      status: 'connected',
      external_user_id: res.body.provider_id,
    });
    expect(row.credentials_sealed).toMatch(/^v1\./);
    expect(await everything(userId)).not.toContain(PASSWORD);
    const again = await as(token).password({ username: 'patient@libreview.test', password: PASSWORD });
    expect([again.status, again.body.detail.error_type]).toEqual([401, 'token_consumed']);
  });

  it('reports a refused password as provider_credential_error and lets the person retry', async () => {
    const { userId, token } = await newSession();
    const res = await as(token).password({ username: 'patient@libreview.test', password: 'wrong' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'error',
      error_type: 'provider_credential_error',
      connected: false,
    });
    expect((await as(token).state()).body).toMatchObject({
      status: 'error',
      error_type: 'provider_credential_error',
    });
    expect(await h.db.knex('provider_connections').where({ user_id: userId })).toEqual([]);
    const retry = await as(token).password({ username: 'patient@libreview.test', password: PASSWORD });
    expect(retry.body.state).toBe('success');
  });

  it('asks for the second factor, keeps only sealed pending state, accepts a retry after a wrong code', async () => {
    const email = 'twofactor@libreview.test';
    const { userId, token } = await newSession();
    const first = await as(token).password({ username: email, password: PASSWORD });
    expect(first.body).toMatchObject({
      state: 'pending_provider_mfa',
      provider_mfa: { method: 'email', hint: expect.any(String) },
      connected: false,
    });
    const stored = await h.db
      .knex('link_tokens')
      .where({ token_hash: sha256(token) })
      .first();
    expect(stored.state.mfa_pending_sealed).toMatch(/^v1\./);
    expect(await everything(userId)).not.toContain(PASSWORD);
    expect((await as(token).state()).body).toMatchObject({
      status: 'pending_provider_mfa',
      provider: 'abbott_libreview',
    });

    const code = sentCodes(email).at(-1)!;
    const wrong = await as(token).mfa(code === '000000' ? '111111' : '000000');
    expect(wrong.body).toMatchObject({ state: 'error', error_type: 'incorrect_mfa_code' });
    expect((await as(token).state()).body.status).toBe('pending_provider_mfa');
    const right = await as(token).mfa(code);
    expect(right.body).toMatchObject({ state: 'success', connected: true, provider: 'abbott_libreview' });
    expect(await h.db.knex('provider_connections').where({ user_id: userId })).toHaveLength(1);
  });

  it('needs a pending second factor for complete_mfa, a supported region, and a password provider', async () => {
    const { token } = await newSession();
    const noPending = await as(token).mfa('123456');
    expect([noPending.status, noPending.body.detail[0].loc]).toEqual([422, ['path', 'provider']]);
    const region = await as(token).password({
      username: 'patient@libreview.test',
      password: PASSWORD,
      region: 'mars',
    });
    expect(region.body).toMatchObject({ state: 'error', error_type: 'unsupported_region' });
    const oauth = await as(token).password({ username: 'x', password: 'y' }, 'oura');
    expect([oauth.status, oauth.body.detail[0].loc]).toEqual([422, ['path', 'provider']]);
    const filtered = await newSession({ filter_on_providers: ['freestyle_libre'] });
    const outside = await as(filtered.token).password({
      username: 'patient@libreview.test',
      password: PASSWORD,
    });
    expect(outside.status).toBe(422);
  });

  it('sends an e-mail invitation: the connection waits for the person, the token is used up', async () => {
    const { userId, token } = await newSession();
    const res = await h
      .api()
      .post('/v2/link/provider/email/freestyle_libre')
      .set('x-service-link-token', token)
      .send({ email: 'invitee@libreview.test' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'success',
      provider: 'freestyle_libre',
      connected: false,
      error_type: null,
    });
    expect(
      await h.db.knex('provider_connections').where({ user_id: userId, provider: 'freestyle_libre' }),
    ).toHaveLength(1);
    expect((await as(token).state()).body).toMatchObject({
      status: 'connected',
      connected_providers: ['freestyle_libre'],
    });

    const alias = await newSession();
    const viaAlias = await h
      .api()
      .post('/v2/link/auth/email')
      .set('x-service-link-token', alias.token)
      .send({ provider: 'freestyle_libre', email: 'other-invitee@libreview.test' });
    expect(viaAlias.body).toMatchObject({ state: 'success', provider: 'freestyle_libre' });
    const wrongType = await h
      .api()
      .post('/v2/link/auth/email')
      .set('x-service-link-token', alias.token)
      .send({ provider: 'abbott_libreview', email: 'x@libreview.test' });
    expect([wrongType.status, wrongType.body.detail?.error_type ?? wrongType.body.detail[0].loc]).toEqual([
      401,
      'token_consumed',
    ]);
    const fresh = await newSession();
    const notEmail = await h
      .api()
      .post('/v2/link/auth/email')
      .set('x-service-link-token', fresh.token)
      .send({ provider: 'abbott_libreview', email: 'x@libreview.test' });
    expect([notEmail.status, notEmail.body.detail[0].loc]).toEqual([422, ['body', 'provider']]);
    const badEmail = await h
      .api()
      .post('/v2/link/auth/email')
      .set('x-service-link-token', fresh.token)
      .send({ provider: 'freestyle_libre', email: 'not-an-email' });
    expect(badEmail.status).toBe(422);
  });
});
