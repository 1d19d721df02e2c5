import { hashKey } from '@meridian/domain';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';
import { seedTenant, sdkClient, type SeededTenant, type TokenBody } from './sdk-auth.test-fixtures';

const T0 = new Date('2026-06-01T10:00:00.000Z');
const SECOND = 1000;
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('mobile SDK device sessions: sign-in token, exchange, rotation, revocation', () => {
  let h: DataApiHarness;
  let tenant: SeededTenant;
  let sdk: ReturnType<typeof sdkClient>;

  beforeAll(async () => {
    h = await createDataApiHarness();
    tenant = await seedTenant(h.db.knex);
    sdk = sdkClient(h);
  });
  beforeEach(() => h.setNow(T0));
  afterAll(() => h.close());

  const expectInvalidGrant = (res: { status: number; body: { detail: { error_type: string } } }) => {
    expect(res.status).toBe(400);
    expect(res.body.detail.error_type).toBe('invalid_grant');
  };

  describe('POST /v2/user/{user_id}/sign_in_token', () => {
    it('answers {user_id, sign_in_token}, uncached, and stores only a hash of the token', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const res = await sdk.mintSignInToken(userId, tenant.sandboxKey);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body as object).sort()).toEqual(['sign_in_token', 'user_id']);
      expect(res.body.user_id).toBe(userId);
      expect(res.headers['cache-control']).toBe('no-store');
      const token = res.body.sign_in_token as string;
      expect(token).toMatch(/^mdsi_[A-Za-z0-9_-]{43}$/);

      const rows = await h.db.knex('sdk_sign_in_tokens').where({ user_id: userId });
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toBe(hashKey(token));
      expect(JSON.stringify(rows)).not.toContain(token.slice(5));
      expect(rows[0].team_id).toBe(tenant.teamId);
      expect(rows[0].environment).toBe('sandbox');
      expect(rows[0].expires_at).toEqual(at(600 * SECOND));
    });

    it('is 401 without a team API key and 404 for an unknown user', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const anonymous = await sdk.api().post(`/v2/user/${userId}/sign_in_token`).send();
      expect(anonymous.status).toBe(401);
      const unknown = await sdk.mintSignInToken('00000000-0000-4000-8000-000000000000', tenant.sandboxKey);
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail.error_type).toBe('not_found');
    });
  });

  describe('grant_type sign_in_token', () => {
    it('announces the device: provider.device.created on its first sign-in, .updated when it changes', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const description = {
        name: 'Pixel',
        model: 'Pixel 8',
        os: 'Android',
        os_version: '14',
        app_id: 'com.ex',
      };
      const deviceEvents = async () =>
        (
          await h.db
            .knex('outbox')
            .where({ user_id: userId })
            .whereIn('event_type', ['provider.device.created', 'provider.device.updated'])
            .orderBy('seq')
            .select<{ event_type: string; payload: unknown; environment: string }[]>(
              'event_type',
              'payload',
              'environment',
            )
        ).map((r) => ({
          type: r.event_type,
          environment: r.environment,
          envelope: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as {
            client_user_id: string;
            data: Record<string, unknown>;
          },
        }));
      const first = await sdk.exchange(
        await sdk.signInToken(userId, tenant.sandboxKey),
        'pixel-1',
        description,
      );
      expect(first.status).toBe(200);
      const deviceId = (first.body as TokenBody).device_id;
      let events = await deviceEvents();
      expect(events.map((e) => e.type)).toEqual(['provider.device.created']);
      expect(events[0]).toMatchObject({
        environment: 'sandbox',
        envelope: { client_user_id: expect.any(String) },
      });
      // The spec's Device, as GET /v2/user/{user_id}/device gives its first fields.
      expect(events[0]!.envelope.data).toEqual({
        id: deviceId,
        user_id: userId,
        provider: 'health_connect',
        source_type: 'phone',
        app_id: 'com.ex',
        device_manufacturer: null,
        device_model: 'Pixel 8',
        device_version: '14',
        device_id: 'pixel-1',
      });
      // Signing in again as it was: nothing to announce; with a new OS version: updated.
      await sdk.exchange(await sdk.signInToken(userId, tenant.sandboxKey), 'pixel-1', description);
      expect(await deviceEvents()).toHaveLength(1);
      await sdk.exchange(await sdk.signInToken(userId, tenant.sandboxKey), 'pixel-1', {
        ...description,
        os_version: '15',
      });
      events = await deviceEvents();
      expect(events.map((e) => e.type)).toEqual(['provider.device.created', 'provider.device.updated']);
      expect(events[1]!.envelope.data).toMatchObject({ id: deviceId, device_version: '15' });
    });

    it('exchanges a sign-in token for a device session bound to the user and the team environment', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const res = await sdk.exchange(await sdk.signInToken(userId, tenant.sandboxKey), 'iphone-abc', {
        name: "Ada's iPhone",
        model: 'iPhone15,2',
        os: 'iOS',
        os_version: '17.4',
        app_id: 'com.example.health',
        app_version: '2.3.0',
        sdk_version: '1.0.0',
      });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.body as TokenBody;
      expect(body).toEqual({
        access_token: expect.stringMatching(/^mdat_[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.stringMatching(/^mdrt_[A-Za-z0-9_-]{43}$/),
        refresh_expires_in: 90 * 86400,
        user_id: userId,
        device_id: expect.any(String),
        team_id: tenant.teamId,
        environment: 'sandbox',
      });
      const device = await h.db.knex('sdk_devices').where({ id: body.device_id }).first();
      expect(device).toMatchObject({
        user_id: userId,
        team_id: tenant.teamId,
        environment: 'sandbox',
        installation_id: 'iphone-abc',
        name: "Ada's iPhone",
        model: 'iPhone15,2',
        os: 'iOS',
        os_version: '17.4',
        app_id: 'com.example.health',
        app_version: '2.3.0',
        sdk_version: '1.0.0',
        revoked_at: null,
        last_push_at: null,
      });
    });

    it('stores the session tokens as SHA-256 hashes only', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const s = await sdk.session(userId, tenant.sandboxKey);
      const rows = await h.db.knex('sdk_sessions').where({ device_id: s.device_id });
      expect(rows).toHaveLength(1);
      expect(rows[0].access_token_hash).toBe(hashKey(s.access_token));
      expect(rows[0].refresh_token_hash).toBe(hashKey(s.refresh_token));
      const everything =
        JSON.stringify(await h.db.knex('sdk_sessions')) + JSON.stringify(await h.db.knex('sdk_devices'));
      for (const token of [s.access_token, s.refresh_token]) expect(everything).not.toContain(token.slice(5));
    });

    it('is single use', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const token = await sdk.signInToken(userId, tenant.sandboxKey);
      expect((await sdk.exchange(token)).status).toBe(200);
      const again = await sdk.exchange(token, 'another-install');
      expectInvalidGrant(again);
      expect(await h.db.knex('sdk_devices').where({ user_id: userId })).toHaveLength(1);
    });

    it('expires after 10 minutes', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const token = await sdk.signInToken(userId, tenant.sandboxKey);
      h.setNow(at(600 * SECOND));
      expectInvalidGrant(await sdk.exchange(token));
      const fresh = await sdk.signInToken(userId, tenant.sandboxKey);
      h.setNow(at(1199 * SECOND));
      expect((await sdk.exchange(fresh)).status).toBe(200);
    });

    it('lets exactly one of concurrent exchanges win', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const token = await sdk.signInToken(userId, tenant.sandboxKey);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => sdk.exchange(token, `racer-${i}`)),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      expect(await h.db.knex('sdk_devices').where({ user_id: userId })).toHaveLength(1);
      const devices = await h.db.knex('sdk_devices').where({ user_id: userId }).pluck('id');
      expect(await h.db.knex('sdk_sessions').whereIn('device_id', devices)).toHaveLength(1);
    });

    it('keeps the device of an installation that signs in again and ends its earlier session', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const first = await sdk.session(userId, tenant.sandboxKey, 'pixel-1');
      const second = await sdk.session(userId, tenant.sandboxKey, 'pixel-1');
      expect(second.device_id).toBe(first.device_id);
      expectInvalidGrant(await sdk.refresh(first.refresh_token));
      expect((await sdk.refresh(second.refresh_token)).status).toBe(200);
      const other = await sdk.session(userId, tenant.sandboxKey, 'pixel-2');
      expect(other.device_id).not.toBe(first.device_id);
      // Sessions do not pile up: a sign-in drops the sessions the previous one had already ended.
      const third = await sdk.session(userId, tenant.sandboxKey, 'pixel-1');
      const rows = await h.db.knex('sdk_sessions').where({ device_id: first.device_id });
      const hashes = rows.map((r: { access_token_hash: string }) => r.access_token_hash);
      expect(hashes).not.toContain(hashKey(first.access_token));
      expect(hashes).toContain(hashKey(second.access_token));
      expect(rows.filter((r: { revoked_at: Date | null }) => r.revoked_at === null)).toEqual([
        expect.objectContaining({ access_token_hash: hashKey(third.access_token) }),
      ]);
    });

    it('refuses a token of the wrong kind, a garbage token and a deleted user', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const s = await sdk.session(userId, tenant.sandboxKey);
      expectInvalidGrant(await sdk.exchange(s.refresh_token));
      expectInvalidGrant(await sdk.exchange('mdsi_not-a-real-token'));
      expectInvalidGrant(await sdk.refresh(s.access_token));
      const token = await sdk.signInToken(userId, tenant.sandboxKey);
      await sdk.api().delete(`/v2/user/${userId}`).set('x-service-api-key', tenant.sandboxKey).expect(200);
      expectInvalidGrant(await sdk.exchange(token));
    });

    it('answers 422 for a body that does not fit its grant', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const token = await sdk.signInToken(userId, tenant.sandboxKey);
      const noDevice = await sdk
        .api()
        .post('/v2/sdk/auth/token')
        .send({ grant_type: 'sign_in_token', sign_in_token: token });
      expect(noDevice.status).toBe(422);
      expect(noDevice.body.detail[0].loc).toEqual(['body', 'device']);
      const mixed = await sdk
        .api()
        .post('/v2/sdk/auth/token')
        .send({ grant_type: 'refresh_token', refresh_token: 'mdrt_x', device: { installation_id: 'a' } });
      expect(mixed.status).toBe(422);
      expect(mixed.body.detail[0]).toMatchObject({ loc: ['body', 'device'], type: 'extra_forbidden' });
      const badGrant = await sdk
        .api()
        .post('/v2/sdk/auth/token')
        .send({ grant_type: 'password', sign_in_token: token });
      expect(badGrant.status).toBe(422);
      const longId = await sdk.exchange(token, 'x'.repeat(201));
      expect(longId.status).toBe(422);
      // None of these used the token up.
      expect((await sdk.exchange(token)).status).toBe(200);
    });
  });

  describe('grant_type refresh_token', () => {
    it('rotates the pair: new tokens, the old refresh token only answers within the grace window', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const s = await sdk.session(userId, tenant.sandboxKey);
      h.setNow(at(3000 * SECOND));
      const rotated = await sdk.refresh(s.refresh_token);
      expect(rotated.status).toBe(200);
      const next = rotated.body as TokenBody;
      expect(next.access_token).not.toBe(s.access_token);
      expect(next.refresh_token).not.toBe(s.refresh_token);
      expect(next).toMatchObject({ expires_in: 3600, device_id: s.device_id, user_id: userId });
      const rows = await h.db.knex('sdk_sessions').where({ device_id: s.device_id }).orderBy('created_at');
      expect(rows).toHaveLength(2);
      expect(rows[0].replaced_by).toBe(rows[1].id);
      expect(rows[0].family_id).toBe(rows[1].family_id);
      expect(rows[0].rotated_at).toEqual(at(3000 * SECOND));

      // A lost response: the replaced token within 60 s answers the same replacing pair.
      h.setNow(at(3030 * SECOND));
      const replay = await sdk.refresh(s.refresh_token);
      expect(replay.status).toBe(200);
      expect(replay.body.access_token).toBe(next.access_token);
      expect(replay.body.refresh_token).toBe(next.refresh_token);
      expect(replay.body.expires_in).toBe(3570);
      expect(await h.db.knex('sdk_sessions').where({ device_id: s.device_id })).toHaveLength(2);

      // The replacing pair rotates on as usual.
      h.setNow(at(3100 * SECOND));
      const third = await sdk.refresh(next.refresh_token);
      expect(third.status).toBe(200);
      expect(third.body.device_id).toBe(s.device_id);
    });

    it('revokes the whole family when a replaced refresh token is used after the grace window', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const s = await sdk.session(userId, tenant.sandboxKey);
      const next = (await sdk.refresh(s.refresh_token)).body as TokenBody;
      h.setNow(at(61 * SECOND));
      const stolen = await sdk.refresh(s.refresh_token);
      expectInvalidGrant(stolen);
      expect(stolen.body.detail.error_message).toMatch(/revoked/);
      // The legitimate holder of the newest pair is signed out too.
      expectInvalidGrant(await sdk.refresh(next.refresh_token));
      const rows = await h.db.knex('sdk_sessions').where({ device_id: s.device_id });
      expect(rows.every((r: { revoked_at: Date | null }) => r.revoked_at !== null)).toBe(true);
      const device = await h.db.knex('sdk_devices').where({ id: s.device_id }).first();
      expect(device.revoked_at).toEqual(at(61 * SECOND));
      // Signing in again restores the installation.
      const again = await sdk.session(userId, tenant.sandboxKey);
      expect(again.device_id).toBe(s.device_id);
      expect((await h.db.knex('sdk_devices').where({ id: s.device_id }).first()).revoked_at).toBeNull();
    });

    it('serialises concurrent refreshes of one token onto one replacing pair', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const s = await sdk.session(userId, tenant.sandboxKey);
      const results = await Promise.all(Array.from({ length: 4 }, () => sdk.refresh(s.refresh_token)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.body.refresh_token as string)).size).toBe(1);
      expect(await h.db.knex('sdk_sessions').where({ device_id: s.device_id })).toHaveLength(2);
    });

    it('expires a refresh token after 90 days without use', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const s = await sdk.session(userId, tenant.sandboxKey);
      h.setNow(at(89 * 86400 * SECOND));
      const kept = (await sdk.refresh(s.refresh_token)).body as TokenBody;
      expect(kept.refresh_expires_in).toBe(90 * 86400);
      h.setNow(at((89 + 90) * 86400 * SECOND));
      expectInvalidGrant(await sdk.refresh(kept.refresh_token));
    });
  });

  describe('POST /v2/sdk/auth/revoke', () => {
    it('signs the device out with its refresh or access token and accepts unknown tokens silently', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const a = await sdk.session(userId, tenant.sandboxKey, 'rev-a');
      const b = await sdk.session(userId, tenant.sandboxKey, 'rev-b');
      h.setNow(at(10 * SECOND));
      const res = await sdk.revoke(a.refresh_token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expectInvalidGrant(await sdk.refresh(a.refresh_token));
      expect((await h.db.knex('sdk_devices').where({ id: a.device_id }).first()).revoked_at).toEqual(
        at(10 * SECOND),
      );
      // The other installation is untouched; its access token revokes it as well.
      expect((await h.db.knex('sdk_devices').where({ id: b.device_id }).first()).revoked_at).toBeNull();
      expect((await sdk.revoke(b.access_token)).status).toBe(200);
      expectInvalidGrant(await sdk.refresh(b.refresh_token));
      for (const unknown of ['mdrt_unknown', 'garbage', a.refresh_token]) {
        const r = await sdk.revoke(unknown);
        expect(r.status).toBe(200);
        expect(r.body).toEqual({ success: true });
      }
    });

    it('uses up a sign-in token', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const token = await sdk.signInToken(userId, tenant.sandboxKey);
      expect((await sdk.revoke(token)).status).toBe(200);
      expectInvalidGrant(await sdk.exchange(token));
    });
  });
});
