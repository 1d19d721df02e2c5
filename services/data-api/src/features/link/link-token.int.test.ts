import { createLinkHarness, sha256, type LinkHarness } from './link.test-fixtures';

/** Link tokens and codes: issuing, hashing, validity, expiry, redirect hosts, tenant isolation. */
describe('link tokens and codes', () => {
  let h: LinkHarness;
  let keys: LinkHarness['team']['keys'];

  beforeAll(async () => {
    h = await createLinkHarness();
    keys = h.team.keys;
  });
  afterAll(() => h.close());
  afterEach(() => h.resetClock());

  const post = (path: string, key: string | null, body?: object) => {
    const req = h.api().post(path);
    if (key) req.set('x-service-api-key', key);
    return body === undefined ? req : req.send(body);
  };

  describe('POST /v2/link/token', () => {
    it('issues a random token stored only as its sha256, with the widget URL', async () => {
      const userId = await h.createUser(keys.sandbox);
      const res = await post('/v2/link/token', keys.sandbox, { user_id: userId, provider: 'oura' });
      expect(res.status).toBe(200);
      const token = res.body.link_token as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes, base64url
      expect(res.body.link_web_url).toBe(`${h.linkWebUrl}?token=${token}`);
      const rows = await h.db.knex('link_tokens').where({ user_id: userId });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        token_hash: sha256(token),
        team_id: h.team.teamId,
        environment: 'sandbox',
        provider: 'oura',
      });
      expect(JSON.stringify(rows)).not.toContain(token);
      const ttl = rows[0].expires_at.getTime() - rows[0].created_at.getTime();
      expect(ttl).toBe(3600_000);
    });

    it('answers 404 for a user of another team, another environment, deleted or unknown', async () => {
      const other = await h.createUser(h.otherTeam.keys.sandbox);
      const production = await h.createUser(keys.production);
      const deleted = await h.createUser(keys.sandbox);
      await h.api().delete(`/v2/user/${deleted}`).set('x-service-api-key', keys.sandbox).expect(200);
      for (const userId of [other, production, deleted, '0f3e4c1a-3f0e-4b9a-9a53-2a1f0f3d9a11']) {
        const res = await post('/v2/link/token', keys.sandbox, { user_id: userId });
        expect([userId, res.status, res.body.detail?.error_type]).toEqual([userId, 404, 'not_found']);
      }
      expect(await h.db.knex('link_tokens').whereIn('user_id', [other, production, deleted])).toEqual([]);
    });

    it('allows loopback redirect hosts only while allowed_redirect_hosts is empty', async () => {
      const userId = await h.createUser(keys.sandbox);
      expect(
        (
          await post('/v2/link/token', keys.sandbox, {
            user_id: userId,
            redirect_url: 'http://localhost:3000/done',
          })
        ).status,
      ).toBe(200);
      const refused = await post('/v2/link/token', keys.sandbox, {
        user_id: userId,
        redirect_url: 'https://app.example.com/done',
      });
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toEqual([
        expect.objectContaining({
          loc: ['body', 'redirect_url'],
          msg: expect.stringContaining('allowed_redirect_hosts'),
        }),
      ]);
    });

    it('allows the hosts the team environment lists, and only in that environment', async () => {
      const userId = await h.createUser(keys.production);
      const sandboxUser = await h.createUser(keys.sandbox);
      await h.setTeamEnvSettings(h.team.teamId, 'production', {
        allowed_redirect_hosts: ['app.example.com'],
      });
      const body = {
        redirect_url: 'https://app.example.com/linked',
        on_error: 'redirect',
        on_close: 'redirect',
      };
      expect((await post('/v2/link/token', keys.production, { user_id: userId, ...body })).status).toBe(200);
      expect((await post('/v2/link/token', keys.sandbox, { user_id: sandboxUser, ...body })).status).toBe(
        422,
      );
      const evil = await post('/v2/link/token', keys.production, {
        user_id: userId,
        redirect_url: 'https://evil.example.net/',
      });
      expect(evil.status).toBe(422);
      const loopback = await post('/v2/link/token', keys.production, {
        user_id: userId,
        redirect_url: 'http://localhost/',
      });
      expect(loopback.status).toBe(422);
    });

    it('validates provider, filter_on_providers, on_error/on_close and the scheme', async () => {
      const userId = await h.createUser(keys.sandbox);
      const cases: [Record<string, unknown>, string[]][] = [
        [{ provider: 'not_a_provider' }, ['body', 'provider']],
        [{ provider: 'apple_health_kit' }, ['body', 'provider']], // known, but not linkable through the widget
        [{ filter_on_providers: ['oura', 'nope'] }, ['body', 'filter_on_providers', '1']],
        [{ provider: 'oura', filter_on_providers: ['fitbit'] }, ['body', 'provider']],
        [{ on_error: 'redirect' }, ['body', 'on_error']],
        [{ on_close: 'redirect' }, ['body', 'on_close']],
        [{ redirect_url: 'javascript:alert(1)' }, ['body', 'redirect_url']],
      ];
      for (const [extra, loc] of cases) {
        const res = await post('/v2/link/token', keys.sandbox, { user_id: userId, ...extra });
        expect([extra, res.status]).toEqual([extra, 422]);
        expect(res.body.detail.map((d: { loc: string[] }) => d.loc)).toContainEqual(loc);
      }
      expect(await h.db.knex('link_tokens').where({ user_id: userId })).toEqual([]);
    });

    it('checks the body before the user (422 before 404) and needs a key', async () => {
      const res = await post('/v2/link/token', keys.sandbox, {
        user_id: '0f3e4c1a-3f0e-4b9a-9a53-2a1f0f3d9a11',
        on_close: 'redirect',
      });
      expect(res.status).toBe(422);
      expect((await post('/v2/link/token', null, { user_id: await h.createUser(keys.sandbox) })).status).toBe(
        401,
      );
    });
  });

  describe('POST /v2/link/token/isValid', () => {
    it('is true for a fresh token of the key’s own team environment only', async () => {
      const token = await h.linkToken(keys.sandbox, { user_id: await h.createUser(keys.sandbox) });
      const valid = (key: string) => post('/v2/link/token/isValid', key, { token });
      expect((await valid(keys.sandbox)).body).toEqual({ valid: true });
      expect((await valid(keys.production)).body).toEqual({ valid: false });
      expect((await valid(h.otherTeam.keys.sandbox)).body).toEqual({ valid: false });
      expect((await post('/v2/link/token/isValid', keys.sandbox, { token: 'made-up' })).body).toEqual({
        valid: false,
      });
    });

    it('is false once the token expired (one hour) or its user was deleted', async () => {
      const userId = await h.createUser(keys.sandbox);
      const token = await h.linkToken(keys.sandbox, { user_id: userId });
      h.advance(3599_000);
      expect((await post('/v2/link/token/isValid', keys.sandbox, { token })).body.valid).toBe(true);
      h.advance(2_000);
      expect((await post('/v2/link/token/isValid', keys.sandbox, { token })).body.valid).toBe(false);
      h.resetClock();
      const other = await h.linkToken(keys.sandbox, { user_id: await h.createUser(keys.sandbox) });
      const otherUser = (
        await h.db
          .knex('link_tokens')
          .where({ token_hash: sha256(other) })
          .first()
      ).user_id;
      await h.api().delete(`/v2/user/${otherUser}`).set('x-service-api-key', keys.sandbox).expect(200);
      expect((await post('/v2/link/token/isValid', keys.sandbox, { token: other })).body.valid).toBe(false);
    });

    it('is false once a connection used the token up', async () => {
      const token = await h.linkToken(keys.sandbox, { user_id: await h.createUser(keys.sandbox) });
      await h.db
        .knex('link_tokens')
        .where({ token_hash: sha256(token) })
        .update({ consumed_at: new Date() });
      expect((await post('/v2/link/token/isValid', keys.sandbox, { token })).body.valid).toBe(false);
    });
  });

  describe('link codes', () => {
    it('creates a hashed one-time code that a device trades for a link token once', async () => {
      const userId = await h.createUser(keys.sandbox);
      const created = await post(`/v2/link/code/create?user_id=${userId}`, keys.sandbox);
      expect(created.status).toBe(200);
      const { code, exchange_url, expires_at } = created.body;
      expect(exchange_url).toBe(`${h.baseUrl}/v2/link/code/exchange?code=${code}`);
      expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(3590_000);
      const stored = await h.db.knex('link_codes').where({ user_id: userId });
      expect(stored).toEqual([expect.objectContaining({ code_hash: sha256(code), used_at: null })]);
      expect(JSON.stringify(stored)).not.toContain(code);

      const exchanged = await post(`/v2/link/code/exchange?code=${encodeURIComponent(code)}`, null);
      expect(exchanged.status).toBe(200);
      expect(exchanged.body.link_web_url).toBe(`${h.linkWebUrl}?token=${exchanged.body.link_token}`);
      const token = await h.db
        .knex('link_tokens')
        .where({ token_hash: sha256(exchanged.body.link_token) })
        .first();
      expect(token).toMatchObject({
        user_id: userId,
        team_id: h.team.teamId,
        environment: 'sandbox',
        provider: null,
      });

      const again = await post('/v2/link/code/exchange', null, { code });
      expect(again.status).toBe(404);
    });

    it('accepts the code in a JSON body, and needs one', async () => {
      const userId = await h.createUser(keys.production);
      const { code } = (await post(`/v2/link/code/create?user_id=${userId}`, keys.production)).body;
      const res = await post('/v2/link/code/exchange', null, { code });
      expect(res.status).toBe(200);
      const missing = await post('/v2/link/code/exchange', null, {});
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0].loc).toEqual(['query', 'code']);
    });

    it('honours expires_at (at most 24 h) and refuses an expired code', async () => {
      const userId = await h.createUser(keys.sandbox);
      const at = (ms: number) => encodeURIComponent(new Date(Date.now() + ms).toISOString());
      expect(
        (await post(`/v2/link/code/create?user_id=${userId}&expires_at=${at(25 * 3600_000)}`, keys.sandbox))
          .status,
      ).toBe(422);
      expect(
        (await post(`/v2/link/code/create?user_id=${userId}&expires_at=${at(-1000)}`, keys.sandbox)).status,
      ).toBe(422);
      const short = await post(
        `/v2/link/code/create?user_id=${userId}&expires_at=${at(60_000)}`,
        keys.sandbox,
      );
      expect(short.status).toBe(200);
      h.advance(61_000);
      expect((await post('/v2/link/code/exchange', null, { code: short.body.code })).status).toBe(404);
    });

    it('creates codes only for users of the key’s team environment', async () => {
      const other = await h.createUser(h.otherTeam.keys.sandbox);
      expect((await post(`/v2/link/code/create?user_id=${other}`, keys.sandbox)).status).toBe(404);
      expect((await post(`/v2/link/code/create?user_id=nope`, keys.sandbox)).status).toBe(422);
      expect((await post(`/v2/link/code/create?user_id=${other}`, null)).status).toBe(401);
    });
  });

  describe('widget reads', () => {
    it('lists linkable providers: all with a key, the token’s filter with a link token', async () => {
      const all = await h.api().get('/v2/link/providers').set('x-service-api-key', keys.sandbox);
      expect(all.status).toBe(200);
      const slugs = all.body.map((p: { slug: string }) => p.slug);
      expect(slugs).toEqual(expect.arrayContaining(['oura', 'fitbit', 'withings']));
      expect(slugs).not.toContain('apple_health_kit');
      const token = await h.linkToken(keys.sandbox, {
        user_id: await h.createUser(keys.sandbox),
        filter_on_providers: ['oura', 'withings', 'apple_health_kit'],
      });
      const filtered = await h.api().get('/v2/link/providers').set('x-service-link-token', token);
      expect(filtered.status).toBe(200);
      expect(filtered.body).toEqual(
        all.body.filter((p: { slug: string }) => ['oura', 'withings'].includes(p.slug)),
      );
      expect(filtered.body).toHaveLength(2);
      expect(filtered.body[0]).toEqual({
        name: expect.any(String),
        slug: expect.any(String),
        description: expect.any(String),
        logo: expect.any(String),
        auth_type: 'oauth',
        supported_resources: expect.any(Array),
      });
    });

    it('refuses bad link tokens with the reason', async () => {
      const userId = await h.createUser(keys.sandbox);
      const token = await h.linkToken(keys.sandbox, { user_id: userId });
      const state = (t?: string) => {
        const req = h.api().get('/v2/link/state');
        return t === undefined ? req : req.set('x-service-link-token', t);
      };
      expect((await state()).body.detail.error_type).toBe('invalid_token');
      expect((await state('forged')).status).toBe(401);
      expect((await state('forged')).body.detail.error_type).toBe('invalid_token');
      expect((await state(token)).status).toBe(200);
      h.advance(3601_000);
      const expired = await state(token);
      expect([expired.status, expired.body.detail.error_type]).toEqual([401, 'token_expired']);
      const oauth = await h.api().get('/v2/link/provider/oauth/oura').set('x-service-link-token', token);
      expect([oauth.status, oauth.body.detail.error_type]).toEqual([401, 'token_expired']);
    });

    it('starts the widget with the team’s branding and the token’s settings', async () => {
      await h.setTeamEnvSettings(h.team.teamId, 'sandbox', {
        brand_information: { company_name: 'Acme Health', brand_color: '#123456' },
        logo_url: 'https://acme.example/logo.png',
      });
      const userId = await h.createUser(keys.sandbox);
      const token = await h.linkToken(keys.sandbox, {
        user_id: userId,
        provider: 'oura',
        filter_on_providers: ['oura'],
        redirect_url: 'http://localhost:3000/done',
        on_error: 'redirect',
      });
      const res = await h.api().post('/v2/link/start').set('x-service-link-token', token).send({});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        team: {
          name: expect.any(String),
          brand_information: {
            company_name: 'Acme Health',
            company_website: '',
            support_email: null,
            support_contact: null,
            company_address: null,
            brand_color: '#123456',
          },
          logo_url: 'https://acme.example/logo.png',
        },
        environment: 'sandbox',
        providers: [
          expect.objectContaining({ slug: 'oura', auth_type: 'oauth', oauth_url: null, is_active: true }),
        ],
        provider: 'oura',
        redirect_url: 'http://localhost:3000/done',
        on_error: 'redirect',
        on_close: null,
        state: {
          status: 'pending',
          provider: 'oura',
          error_type: null,
          error: null,
          provider_mfa: null,
          connected_providers: [],
        },
      });
      // A link token is no API key.
      expect((await h.api().get('/v2/user').set('x-service-api-key', token)).status).toBe(401);
    });
  });
});
