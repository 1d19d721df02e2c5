import request from 'supertest';
import { newId } from '@meridian/domain';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';

/** Every users endpoint sees only the key's team + environment, and only team API keys get in. */
describe('users API: keys and tenant isolation', () => {
  let h: DataApiHarness;
  let teamA: SeededTeam;
  let teamB: SeededTeam;
  let orgKey: string;
  const own: Record<string, { user_id: string; client_user_id: string }> = {};

  beforeAll(async () => {
    h = await createDataApiHarness();
    const orgA = await seedOrg(h.db.knex);
    const orgB = await seedOrg(h.db.knex);
    orgKey = orgA.orgKey;
    teamA = await seedTeam(h.db.knex, orgA.orgId);
    teamB = await seedTeam(h.db.knex, orgB.orgId);
    const keys = {
      aSandbox: teamA.apiKeys.sandbox,
      aProduction: teamA.apiKeys.production,
      bSandbox: teamB.apiKeys.sandbox,
    };
    for (const [name, k] of Object.entries(keys)) {
      // The same client_user_id in each tenant: they never collide.
      const res = await request(h.app)
        .post('/v2/user')
        .set('x-service-api-key', k)
        .send({ client_user_id: 'same-id' });
      expect(res.status).toBe(200);
      own[name] = res.body;
      await h.db
        .knex('provider_connections')
        .insert({ id: newId(), user_id: res.body.user_id, provider: 'oura' });
    }
  });
  afterAll(() => h.close());

  const api = () => request(h.app);

  /** Every user-scoped operation, against `userId`. */
  const operations = (userId: string, clientUserId: string) =>
    [
      ['GET user', (k: string) => api().get(`/v2/user/${userId}`).set('x-service-api-key', k)],
      ['resolve', (k: string) => api().get(`/v2/user/resolve/${clientUserId}`).set('x-service-api-key', k)],
      ['providers', (k: string) => api().get(`/v2/user/providers/${userId}`).set('x-service-api-key', k)],
      [
        'PATCH',
        (k: string) =>
          api().patch(`/v2/user/${userId}`).set('x-service-api-key', k).send({ fallback_time_zone: 'UTC' }),
      ],
      ['deregister', (k: string) => api().delete(`/v2/user/${userId}/oura`).set('x-service-api-key', k)],
      ['DELETE', (k: string) => api().delete(`/v2/user/${userId}`).set('x-service-api-key', k)],
      [
        'undo',
        (k: string) => api().post(`/v2/user/undo_delete?user_id=${userId}`).set('x-service-api-key', k),
      ],
    ] as const;

  it("cannot read, change or delete team A production's or team B's users with team A's sandbox key", async () => {
    for (const target of ['aProduction', 'bSandbox']) {
      const { user_id } = own[target]!;
      // Resolve by id of a foreign user only: 'same-id' legitimately resolves to the key's own user.
      for (const [name, call] of operations(user_id, `foreign-${user_id}`)) {
        if (name === 'undo') continue; // undo of an active foreign user: checked after deleting below
        const res = await call(teamA.apiKeys.sandbox);
        expect({ target, name, status: res.status }).toEqual({ target, name, status: 404 });
        expect(res.body.detail.error_type).toBe('not_found');
      }
    }
    // Nothing changed for the owners.
    for (const [target, k] of [
      ['aProduction', teamA.apiKeys.production],
      ['bSandbox', teamB.apiKeys.sandbox],
    ] as const) {
      const res = await api().get(`/v2/user/${own[target]!.user_id}`).set('x-service-api-key', k);
      expect(res.status).toBe(200);
      expect(res.body.fallback_time_zone).toBeNull();
      expect(res.body.connected_sources).toHaveLength(1);
    }
  });

  it('resolves a shared client_user_id to the own tenant only, and lists only own users', async () => {
    for (const [name, k] of [
      ['aSandbox', teamA.apiKeys.sandbox],
      ['aProduction', teamA.apiKeys.production],
      ['bSandbox', teamB.apiKeys.sandbox],
    ] as const) {
      const resolved = await api().get('/v2/user/resolve/same-id').set('x-service-api-key', k);
      expect(resolved.body.user_id).toBe(own[name]!.user_id);
      const list = await api().get('/v2/user').set('x-service-api-key', k);
      expect(list.body.total).toBe(1);
      expect(list.body.users.map((u: { user_id: string }) => u.user_id)).toEqual([own[name]!.user_id]);
      expect(list.body.users[0].team_id).toBe(name === 'bSandbox' ? teamB.teamId : teamA.teamId);
    }
  });

  it("cannot undo another tenant's deleted user", async () => {
    const res = await api()
      .post('/v2/user')
      .set('x-service-api-key', teamB.apiKeys.sandbox)
      .send({ client_user_id: 'b-del' });
    await api().delete(`/v2/user/${res.body.user_id}`).set('x-service-api-key', teamB.apiKeys.sandbox);
    const byId = await api()
      .post(`/v2/user/undo_delete?user_id=${res.body.user_id}`)
      .set('x-service-api-key', teamA.apiKeys.sandbox);
    expect(byId.status).toBe(404);
    const byCuid = await api()
      .post('/v2/user/undo_delete?client_user_id=b-del')
      .set('x-service-api-key', teamA.apiKeys.sandbox);
    expect(byCuid.status).toBe(404);
  });

  describe('credentials on every users and providers endpoint', () => {
    const someId = '7d2b8c8e-0000-4000-8000-00000000000a';
    const all = [
      ['list', () => api().get('/v2/user')],
      ['create', () => api().post('/v2/user').send({ client_user_id: 'k' })],
      ['get', () => api().get(`/v2/user/${someId}`)],
      ['resolve', () => api().get('/v2/user/resolve/k')],
      ['patch', () => api().patch(`/v2/user/${someId}`).send({})],
      ['delete', () => api().delete(`/v2/user/${someId}`)],
      ['undo', () => api().post(`/v2/user/undo_delete?user_id=${someId}`)],
      ['user providers', () => api().get(`/v2/user/providers/${someId}`)],
      ['deregister', () => api().delete(`/v2/user/${someId}/oura`)],
      ['catalog', () => api().get('/v2/providers')],
    ] as const;

    it.each(all)('%s: no key → 401 invalid_credentials', async (_name, call) => {
      const res = await call();
      expect(res.status).toBe(401);
      expect(res.body.detail.error_type).toBe('invalid_credentials');
    });

    it.each(all)('%s: unknown key → 401 invalid_credentials', async (_name, call) => {
      const res = await call().set('x-service-api-key', 'sk_us_not-a-real-key');
      expect(res.status).toBe(401);
      expect(res.body.detail.error_type).toBe('invalid_credentials');
    });

    it.each(all)('%s: management key → 403 wrong_key_type', async (_name, call) => {
      const res = await call().set('x-service-api-key', orgKey);
      expect(res.status).toBe(403);
      expect(res.body.detail.error_type).toBe('wrong_key_type');
    });
  });
});
