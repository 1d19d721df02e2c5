import { seedManagementKey, seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import request from 'supertest';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api } from '../../testing/management-seeds';

describe('team link settings', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  const as = (key = org.orgKey) => api(h.app, key);
  const url = (env = 'sandbox', teamId = team.teamId, orgId = org.orgId) =>
    `/v1/org/${orgId}/team/${teamId}/${env}/link_settings`;
  const put = (hosts: unknown, env = 'sandbox', key = org.orgKey) =>
    request(h.app).put(url(env)).set('X-Management-Key', key).send({ allowed_redirect_hosts: hosts });
  const storedSettings = async (teamId = team.teamId): Promise<Record<string, unknown>> => {
    const row: { settings: Record<string, unknown> } = await h.db
      .knex('teams')
      .where({ id: teamId })
      .first('settings');
    return row.settings;
  };

  beforeAll(async () => {
    h = await createManagementApiHarness();
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
  });
  afterAll(() => h.close());

  it('starts empty, stores hosts per environment in the team settings, normalized and once each', async () => {
    expect((await as().get(url())).body).toEqual({ allowed_redirect_hosts: [] });
    const res = await put(['App.Example.com', 'localhost:3000', 'app.example.com', '[::1]:8080']);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ allowed_redirect_hosts: ['app.example.com', 'localhost:3000', '[::1]:8080'] });
    expect((await as().get(url())).body).toEqual(res.body);
    expect((await as().get(url('production'))).body).toEqual({ allowed_redirect_hosts: [] });

    const settings = await storedSettings();
    expect((settings.sandbox as Record<string, unknown>).allowed_redirect_hosts).toEqual(
      res.body.allowed_redirect_hosts,
    );

    expect((await put([])).body).toEqual({ allowed_redirect_hosts: [] });
    expect((await as().get(url())).body).toEqual({ allowed_redirect_hosts: [] });
  });

  it('survives PATCH team, which neither returns nor writes it', async () => {
    await put(['app.example.com']);
    await put(['prod.example.com:8443'], 'production');
    const patched = await as()
      .patch(`/v1/org/${org.orgId}/team/${team.teamId}`)
      .send({
        name: 'Renamed',
        sandbox: { partial_webhooks_enabled: true, allowed_redirect_hosts: ['evil.example'] },
      });
    expect(patched.status).toBe(200);
    expect(patched.body.sandbox).not.toHaveProperty('allowed_redirect_hosts');
    expect(patched.body.sandbox.partial_webhooks_enabled).toBe(true);
    expect(JSON.stringify(patched.body)).not.toContain('example.com');
    const got = await as().get(`/v1/org/${org.orgId}/team/${team.teamId}`);
    expect(JSON.stringify(got.body)).not.toContain('allowed_redirect_hosts');

    expect((await as().get(url())).body).toEqual({ allowed_redirect_hosts: ['app.example.com'] });
    expect((await as().get(url('production'))).body).toEqual({
      allowed_redirect_hosts: ['prod.example.com:8443'],
    });
    const settings = await storedSettings();
    expect(settings.sandbox).toMatchObject({ partial_webhooks_enabled: true });
  });

  it('refuses entries that are not host[:port], and more than 50', async () => {
    const res = await put(['ok.example.com', 'https://app.example.com', '*.example.com', 'x.example.com/cb']);
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: { loc: string[]; type: string }) => [d.loc, d.type])).toEqual([
      [['body', 'allowed_redirect_hosts', '1'], 'value_error'],
      [['body', 'allowed_redirect_hosts', '2'], 'value_error'],
      [['body', 'allowed_redirect_hosts', '3'], 'value_error'],
    ]);
    const tooMany = await put(Array.from({ length: 51 }, (_, i) => `h${i}.example.com`));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0]).toMatchObject({
      loc: ['body', 'allowed_redirect_hosts'],
      type: 'too_long',
    });
    const missing = await request(h.app).put(url()).set('X-Management-Key', org.orgKey).send({});
    expect(missing.body.detail[0]).toMatchObject({
      loc: ['body', 'allowed_redirect_hosts'],
      type: 'missing',
    });
    const badEnv = await as().get(url('staging'));
    expect(badEnv.status).toBe(422);
    expect(badEnv.body.detail[0].loc).toEqual(['path', 'environment']);
    expect((await as().get(url())).body).toEqual({ allowed_redirect_hosts: [] });
  });

  it('keeps a Team Management Key to its bound teams and other orgs out', async () => {
    const other = await seedTeam(h.db.knex, org.orgId);
    const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
      role: 'team_admin',
      teamIds: [team.teamId],
    });
    expect((await put(['a.example.com'], 'sandbox', teamKey)).status).toBe(200);
    const unbound = await as(teamKey).get(url('sandbox', other.teamId));
    expect(unbound.status).toBe(403);
    expect(unbound.body.detail.error_type).toBe('forbidden');

    const foreign = await seedOrg(h.db.knex);
    const foreignTeam = await seedTeam(h.db.knex, foreign.orgId);
    const viaOurOrg = await request(h.app)
      .put(url('sandbox', foreignTeam.teamId))
      .set('X-Management-Key', org.orgKey)
      .send({ allowed_redirect_hosts: ['evil.example'] });
    expect(viaOurOrg.status).toBe(404);
    expect((await as().get(url('sandbox', foreignTeam.teamId))).status).toBe(404);
    expect(JSON.stringify(await storedSettings(foreignTeam.teamId))).not.toContain('evil.example');
    const wrong = await request(h.app).get(url()).set('x-service-api-key', team.apiKeys.sandbox);
    expect(wrong.status).toBe(403);
    expect(wrong.body.detail.error_type).toBe('wrong_key_type');
  });
});
