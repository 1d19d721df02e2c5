import { DEFAULT_RATE_LIMITS } from '@meridian/platform';
import { seedManagementKey, seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import request from 'supertest';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';

describe('team rate limit overrides', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  const url = (teamId = team.teamId, orgId = org.orgId) => `/v1/org/${orgId}/team/${teamId}/rate_limit`;
  const dflt = DEFAULT_RATE_LIMITS.perKey;

  beforeAll(async () => {
    h = await createManagementApiHarness();
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
  });
  afterAll(() => h.close());

  it('starts at the default, takes an override, and returns to the default', async () => {
    const key = org.orgKey;
    const get = () => request(h.app).get(url()).set('X-Management-Key', key);
    expect((await get()).body).toEqual({
      requests_per_minute: dflt,
      default_requests_per_minute: dflt,
      overridden: false,
    });
    const put = await request(h.app)
      .put(url())
      .set('X-Management-Key', key)
      .send({ requests_per_minute: 120 });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      requests_per_minute: 120,
      default_requests_per_minute: dflt,
      overridden: true,
    });
    expect((await get()).body).toEqual(put.body);
    const row = await h.db.knex('team_rate_limits').where({ team_id: team.teamId }).first();
    expect(row.requests_per_minute).toBe(120);

    const del = await request(h.app).delete(url()).set('X-Management-Key', key);
    expect(del.body).toEqual({
      requests_per_minute: dflt,
      default_requests_per_minute: dflt,
      overridden: false,
    });
    expect(await h.db.knex('team_rate_limits').where({ team_id: team.teamId })).toHaveLength(0);
  });

  it('refuses values outside 1..1,000,000 and non-integers without storing anything', async () => {
    for (const bad of [0, -5, 1_000_001, 1.5, '100', null]) {
      const res = await request(h.app)
        .put(url())
        .set('X-Management-Key', org.orgKey)
        .send({ requests_per_minute: bad });
      expect([400, 422]).toContain(res.status);
    }
    const huge = await request(h.app)
      .put(url())
      .set('X-Management-Key', org.orgKey)
      .set('content-type', 'application/json')
      .send('{"requests_per_minute":1e309}');
    expect([400, 422]).toContain(huge.status);
    expect(await h.db.knex('team_rate_limits').where({ team_id: team.teamId })).toHaveLength(0);
  });

  it('a Team Management Key may read its team but not change it; other orgs see 403/404', async () => {
    const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
      role: 'team_admin',
      teamIds: [team.teamId],
    });
    expect((await request(h.app).get(url()).set('X-Management-Key', teamKey)).status).toBe(200);
    const put = await request(h.app)
      .put(url())
      .set('X-Management-Key', teamKey)
      .send({ requests_per_minute: 9 });
    expect(put.status).toBe(403);

    const other = await seedOrg(h.db.knex);
    expect((await request(h.app).get(url()).set('X-Management-Key', other.orgKey)).status).toBe(403);
    const missing = url('00000000-0000-4000-8000-000000000000');
    expect((await request(h.app).get(missing).set('X-Management-Key', org.orgKey)).status).toBe(404);
    expect(await h.db.knex('team_rate_limits')).toHaveLength(0);
  });
});
