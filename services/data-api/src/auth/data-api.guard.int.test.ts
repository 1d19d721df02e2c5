import request from 'supertest';
import { seedManagementKey, seedOrg, seedTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../testing/data-api.harness';

/** The data API's credential rules: team API keys only, revocation immediate, region bound. */
describe('data API guard', () => {
  let h: DataApiHarness;
  let orgId: string;
  let orgKey: string;
  let teamId: string;
  let sandboxKey: string;
  let teamManagementKey: string;

  beforeAll(async () => {
    h = await createDataApiHarness();
    ({ orgId, orgKey } = await seedOrg(h.db.knex));
    const team = await seedTeam(h.db.knex, orgId);
    teamId = team.teamId;
    sandboxKey = team.apiKeys.sandbox;
    teamManagementKey = await seedManagementKey(h.db.knex, orgId, { role: 'team_admin', teamIds: [teamId] });
  });
  afterAll(() => h.close());

  const list = (headers: Record<string, string>) => request(h.app).get('/v2/user').set(headers);

  it('accepts a team API key', async () => {
    expect((await list({ 'x-service-api-key': sandboxKey })).status).toBe(200);
  });

  it('rejects a revoked key at once with 401 invalid_credentials', async () => {
    const team = await seedTeam(h.db.knex, orgId);
    const key = team.apiKeys.production;
    expect((await list({ 'x-service-api-key': key })).status).toBe(200);
    await h.db
      .knex('team_api_keys')
      .where({ team_id: team.teamId, environment: 'production' })
      .update({ revoked_at: new Date() });
    const res = await list({ 'x-service-api-key': key });
    expect(res.status).toBe(401);
    expect(res.body.detail.error_type).toBe('invalid_credentials');
  });

  it.each([
    ['an Org Management Key', () => orgKey],
    ['a Team Management Key', () => teamManagementKey],
  ])('rejects %s with 403 wrong_key_type', async (_name, key) => {
    const res = await list({ 'x-service-api-key': key() });
    expect(res.status).toBe(403);
    expect(res.body.detail.error_type).toBe('wrong_key_type');
  });

  it('does not read management headers on the data API', async () => {
    const res = await list({ 'X-Management-Key': orgKey });
    expect(res.status).toBe(401);
  });

  it('refuses a key issued for a region this deployment does not serve', async () => {
    const eu = await seedTeam(h.db.knex, orgId, { region: 'eu' });
    const res = await list({ 'x-service-api-key': eu.apiKeys.sandbox });
    expect(res.status).toBe(401);
    expect(res.body.detail.error_type).toBe('invalid_credentials');
  });

  it('refuses unknown and malformed keys without saying which part was wrong', async () => {
    for (const key of ['sk_us_nope', 'garbage', ' ']) {
      const res = await list({ 'x-service-api-key': key });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        detail: { error_type: 'invalid_credentials', error_message: expect.any(String) },
      });
    }
  });
});
