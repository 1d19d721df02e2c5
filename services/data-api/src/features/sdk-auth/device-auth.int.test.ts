import request from 'supertest';
import { newId } from '@meridian/domain';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';
import {
  deviceProbeApp,
  seedTenant,
  sdkClient,
  type SeededTenant,
  type TokenBody,
} from './sdk-auth.test-fixtures';

const T0 = new Date('2026-06-02T10:00:00.000Z');
const SECOND = 1000;
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('device authentication of pushes (createDeviceAuthentication)', () => {
  let h: DataApiHarness;
  let tenant: SeededTenant;
  let other: SeededTenant;
  let sdk: ReturnType<typeof sdkClient>;
  let probeApp: ReturnType<typeof deviceProbeApp>;
  let now = T0;
  const setNow = (d: Date) => {
    now = d;
    h.setNow(d);
  };

  beforeAll(async () => {
    h = await createDataApiHarness();
    tenant = await seedTenant(h.db.knex);
    other = await seedTenant(h.db.knex);
    sdk = sdkClient(h);
    probeApp = deviceProbeApp(h.db.knex, () => now);
  });
  beforeEach(() => setNow(T0));
  afterAll(() => h.close());

  const probe = (authorization?: string, apiKey?: string) => {
    let req = request(probeApp).post('/probe');
    if (authorization !== undefined) req = req.set('authorization', authorization);
    if (apiKey !== undefined) req = req.set('x-service-api-key', apiKey);
    return req;
  };
  const bearer = (s: TokenBody) => `Bearer ${s.access_token}`;

  function expectRefused(res: request.Response, withError = true) {
    expect(res.status).toBe(401);
    expect(res.body.detail.error_type).toBe('invalid_credentials');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="meridian-sdk"/);
    if (withError) expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  }

  it('sets the device principal of a valid access token', async () => {
    const userId = await sdk.createUser(tenant.sandboxKey);
    const s = await sdk.session(userId, tenant.sandboxKey);
    const res = await probe(bearer(s));
    expect(res.status).toBe(200);
    const org = await h.db.knex('teams').where({ id: tenant.teamId }).first('org_id', 'region');
    const session = await h.db.knex('sdk_sessions').where({ device_id: s.device_id }).first('id');
    expect(res.body).toEqual({
      sessionId: session.id,
      deviceId: s.device_id,
      userId,
      teamId: tenant.teamId,
      orgId: org.org_id,
      environment: 'sandbox',
      region: org.region,
    });
    expect((await probe(`bearer   ${s.access_token}`)).status).toBe(200);
  });

  it('answers 401 with a Bearer challenge when the token is missing, malformed or unknown', async () => {
    expectRefused(await probe(), false);
    expectRefused(await probe('Basic dXNlcjpwYXNz'), false);
    expectRefused(await probe('Bearer'), false);
    expectRefused(await probe('Bearer mdat_unknown'));
    expectRefused(await probe('Bearer some.jwt.token'));
  });

  it('refuses a team API key with a message that pushes need a device token', async () => {
    for (const res of [
      await probe(undefined, tenant.sandboxKey),
      await probe(`Bearer ${tenant.sandboxKey}`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body.detail.error_message).toMatch(/device access token/);
      expect(res.body.detail.error_message).toMatch(/not a team API key/);
    }
  });

  it('refuses refresh and sign-in tokens as bearer tokens', async () => {
    const userId = await sdk.createUser(tenant.sandboxKey);
    const s = await sdk.session(userId, tenant.sandboxKey);
    expectRefused(await probe(`Bearer ${s.refresh_token}`));
    expectRefused(await probe(`Bearer ${await sdk.signInToken(userId, tenant.sandboxKey)}`));
  });

  it('expires access tokens after an hour', async () => {
    const userId = await sdk.createUser(tenant.sandboxKey);
    const s = await sdk.session(userId, tenant.sandboxKey);
    setNow(at(3599 * SECOND));
    expect((await probe(bearer(s))).status).toBe(200);
    setNow(at(3600 * SECOND));
    expectRefused(await probe(bearer(s)));
  });

  it('keeps a rotated-away access token for the grace window only; the new one works', async () => {
    const userId = await sdk.createUser(tenant.sandboxKey);
    const s = await sdk.session(userId, tenant.sandboxKey);
    setNow(at(100 * SECOND));
    const next = (await sdk.refresh(s.refresh_token)).body as TokenBody;
    setNow(at(159 * SECOND));
    expect((await probe(bearer(s))).status).toBe(200);
    setNow(at(160 * SECOND));
    expectRefused(await probe(bearer(s)));
    expect((await probe(bearer(next))).status).toBe(200);
  });

  it('refuses revoked sessions and the family of a reused refresh token', async () => {
    const userId = await sdk.createUser(tenant.sandboxKey);
    const a = await sdk.session(userId, tenant.sandboxKey, 'a');
    await sdk.revoke(a.refresh_token);
    expectRefused(await probe(bearer(a)));

    const b = await sdk.session(userId, tenant.sandboxKey, 'b');
    const next = (await sdk.refresh(b.refresh_token)).body as TokenBody;
    setNow(at(61 * SECOND));
    await sdk.refresh(b.refresh_token);
    expectRefused(await probe(bearer(next)));
  });

  it('writes last_seen_at at most once a minute', async () => {
    const userId = await sdk.createUser(tenant.sandboxKey);
    const s = await sdk.session(userId, tenant.sandboxKey);
    const lastSeen = async () =>
      (await h.db.knex('sdk_devices').where({ id: s.device_id }).first('last_seen_at')).last_seen_at as Date;
    expect(await lastSeen()).toEqual(T0);
    setNow(at(30 * SECOND));
    await probe(bearer(s)).expect(200);
    expect(await lastSeen()).toEqual(T0);
    setNow(at(60 * SECOND));
    await probe(bearer(s)).expect(200);
    expect(await lastSeen()).toEqual(at(60 * SECOND));
    setNow(at(90 * SECOND));
    await probe(bearer(s)).expect(200);
    expect(await lastSeen()).toEqual(at(60 * SECOND));
  });

  describe('tenant isolation', () => {
    it('binds a session to its user and environment; other environments and teams cannot mint for that user', async () => {
      const sandboxUser = await sdk.createUser(tenant.sandboxKey);
      const productionUser = await sdk.createUser(tenant.productionKey);
      const otherTeamUser = await sdk.createUser(other.sandboxKey);

      for (const [userId, key] of [
        [sandboxUser, tenant.productionKey],
        [productionUser, tenant.sandboxKey],
        [sandboxUser, other.sandboxKey],
        [otherTeamUser, tenant.sandboxKey],
      ] as const) {
        const res = await sdk.mintSignInToken(userId, key);
        expect(res.status).toBe(404);
        expect(res.body.detail.error_type).toBe('not_found');
      }
      expect(
        await h.db
          .knex('sdk_sign_in_tokens')
          .whereIn('user_id', [sandboxUser, productionUser, otherTeamUser]),
      ).toEqual([]);

      const sandbox = await sdk.session(sandboxUser, tenant.sandboxKey);
      const production = await sdk.session(productionUser, tenant.productionKey);
      expect(sandbox.environment).toBe('sandbox');
      expect(production.environment).toBe('production');
      expect((await probe(bearer(sandbox))).body).toMatchObject({
        userId: sandboxUser,
        environment: 'sandbox',
      });
      expect((await probe(bearer(production))).body).toMatchObject({
        userId: productionUser,
        environment: 'production',
      });
    });

    it('refuses a device token on the team-key surface of the data API', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const s = await sdk.session(userId, tenant.sandboxKey);
      for (const res of [
        await sdk.api().get(`/v2/user/${userId}`).set('authorization', bearer(s)),
        await sdk.api().post(`/v2/user/${userId}/sign_in_token`).set('authorization', bearer(s)),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.detail.error_type).toBe('invalid_credentials');
      }
    });
  });

  describe('revocation by the team', () => {
    it('revokes every device of a deleted user, and an undo does not sign them back in', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const bystander = await sdk.createUser(tenant.sandboxKey);
      const a = await sdk.session(userId, tenant.sandboxKey, 'phone');
      const b = await sdk.session(userId, tenant.sandboxKey, 'tablet');
      const kept = await sdk.session(bystander, tenant.sandboxKey, 'phone');
      setNow(at(5 * SECOND));
      await sdk.api().delete(`/v2/user/${userId}`).set('x-service-api-key', tenant.sandboxKey).expect(200);
      for (const s of [a, b]) {
        expectRefused(await probe(bearer(s)));
        expect((await sdk.refresh(s.refresh_token)).status).toBe(400);
      }
      const sessions = await h.db.knex('sdk_sessions').whereIn('device_id', [a.device_id, b.device_id]);
      expect(sessions.map((r: { revoked_at: Date }) => r.revoked_at)).toEqual([
        at(5 * SECOND),
        at(5 * SECOND),
      ]);
      expect(
        (await h.db.knex('sdk_devices').where({ user_id: userId })).map(
          (d: { revoked_at: Date }) => d.revoked_at,
        ),
      ).toEqual([at(5 * SECOND), at(5 * SECOND)]);
      expect((await probe(bearer(kept))).status).toBe(200);

      await sdk
        .api()
        .post(`/v2/user/undo_delete?user_id=${userId}`)
        .set('x-service-api-key', tenant.sandboxKey)
        .expect(200);
      expectRefused(await probe(bearer(a)));
      expect((await sdk.session(userId, tenant.sandboxKey, 'phone')).device_id).toBe(a.device_id);
    });

    it('revokes the user’s devices when a mobile-provider connection is removed, not for other providers', async () => {
      const userId = await sdk.createUser(tenant.sandboxKey);
      const s = await sdk.session(userId, tenant.sandboxKey);
      for (const provider of ['apple_health_kit', 'manual']) {
        await h.db
          .knex('provider_connections')
          .insert({ id: newId(), user_id: userId, provider, created_on: T0 });
      }
      const remove = (provider: string) =>
        sdk.api().delete(`/v2/user/${userId}/${provider}`).set('x-service-api-key', tenant.sandboxKey);
      await remove('manual').expect(200);
      expect((await probe(bearer(s))).status).toBe(200);
      await remove('apple_health_kit').expect(200);
      expectRefused(await probe(bearer(s)));
      expect((await sdk.refresh(s.refresh_token)).status).toBe(400);
      // The app signs in again with a fresh sign-in token.
      const again = await sdk.session(userId, tenant.sandboxKey);
      expect((await probe(bearer(again))).status).toBe(200);
    });
  });
});
