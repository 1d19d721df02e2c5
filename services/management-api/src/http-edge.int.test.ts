import request from 'supertest';
import { seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import { createManagementApiHarness, type ManagementApiHarness } from './testing/management-api.harness';
import { api } from './testing/management-seeds';

/**
 * The HTTP edge of the real management API: input that used to reach a 500 (fuzzing found them) answers a
 * 4xx with the documented JSON body, and a NUL character never reaches PostgreSQL.
 */
const nested = (depth: number) => '['.repeat(depth) + '1' + ']'.repeat(depth);

function expectEnvelope(res: request.Response, status: number, errorType: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.text).not.toMatch(/<html|<pre>|\.ts:\d+|node_modules|RangeError/);
  expect(res.body.detail.error_type).toBe(errorType);
}

describe('management API edge', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  const as = () => api(h.app, org.orgKey);
  const webhooks = () => `/v1/org/${org.orgId}/team/${team.teamId}/sandbox/webhook`;

  beforeAll(async () => {
    h = await createManagementApiHarness({ resolveHost: async () => ['93.184.216.34'] });
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
  });
  afterAll(() => h.close());

  it('answers a malformed percent-escape in the path with 400 before authentication', async () => {
    expectEnvelope(await request(h.app).get('/v1/org/%ZZ'), 400, 'malformed_path');
    expectEnvelope(await as().get(`/v1/org/${org.orgId}/team/%ZZ`), 400, 'malformed_path');
  });

  it('answers a body that does not decode as gzip with 400; without a key, 401 and the body is never read', async () => {
    const send = (withKey: boolean) => {
      const req = request(h.app).post(`/v1/org/${org.orgId}/team`);
      if (withKey) req.set('X-Management-Key', org.orgKey);
      return req.set('content-type', 'application/json').set('content-encoding', 'gzip').send('not gzip');
    };
    expectEnvelope(await send(true), 400, 'invalid_content_encoding');
    expectEnvelope(await send(false), 401, 'invalid_credentials');
  });

  it('refuses a NUL character in names, ids and webhook fields before it reaches PostgreSQL', async () => {
    const calls = [
      as().post(`/v1/org/${org.orgId}/team`).send({ name: 'nul\u0000team', region: 'us' }),
      as().patch(`/v1/org/${org.orgId}/team/${team.teamId}`).send({ integration_team_id: 'a\u0000b' }),
      as().get(`/v1/org/${org.orgId}/resolve_team?integration_team_id=a%00b`),
      as()
        .post(webhooks())
        .send({ url: 'https://hooks.example.com/x', description: 'd\u0000', filter_types: ['a\u0000'] }),
      as().get(`${webhooks()}/wh%00id`),
    ];
    for (const res of await Promise.all(calls)) expectEnvelope(res, 400, 'nul_character');
    expect(await h.db.knex('teams').where('name', 'like', 'nul%').first()).toBeUndefined();
  });

  it('refuses an unpaired surrogate escape in a JSON string before it reaches PostgreSQL', async () => {
    const res = await as()
      .post(`/v1/org/${org.orgId}/team`)
      .set('content-type', 'application/json')
      .send('{"name":"lone-\\ud800-team","region":"us"}');
    expectEnvelope(res, 400, 'invalid_unicode');
    expect(res.body.detail.loc).toEqual(['body', 'name']);
    expect(await h.db.knex('teams').where('name', 'like', 'lone-%').first()).toBeUndefined();
  });

  it('refuses JSON nested 5,000 levels deep with 400, as JSON', async () => {
    const res = await as()
      .post(`/v1/org/${org.orgId}/team`)
      .set('content-type', 'application/json')
      .send(`{"name":${nested(5000)}}`);
    expectEnvelope(res, 400, 'json_too_deep');
  });

  it('reads date-time query values whose colons are not percent-encoded (RFC 3986 allows them)', async () => {
    const res = await as().get(
      `/v1/org/${org.orgId}/audit_events?start=2026-01-01T00:00:00Z&end=2126-01-01T00:00:00%2B01:00`,
    );
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.audit_events)).toBe(true);
    const bad = await as().get(`/v1/org/${org.orgId}/audit_events?start=2026-13-01T00:00:00Z`);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'start']);
  });

  it('reads date-time values with an hours-only offset (`+01`) instead of answering 500', async () => {
    const audit = await as().get(
      `/v1/org/${org.orgId}/audit_events?start=2026-01-01T00:00:00%2B01&end=2126-01-01T00:00:00-05`,
    );
    expect(audit.status).toBe(200);
    const hook = await as()
      .post(webhooks())
      .send({ url: 'https://hooks.example.com/offset', description: 'offset' });
    expect(hook.status).toBe(200);
    const recover = await as()
      .post(`${webhooks()}/${hook.body.id}/recover`)
      .send({ since: '2026-01-01T00:00:00+01' });
    expect(recover.status).toBe(202);
  });

  it('refuses limit=1e309 on the webhook list with 422 (no unbounded page)', async () => {
    const res = await as().get(`${webhooks()}?limit=1e309`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        loc: ['query', 'limit'],
        msg: 'Input should be a finite number',
        type: 'finite_number',
        input: '1e309',
        ctx: {},
      },
    ]);
  });
});
