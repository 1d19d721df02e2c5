import request from 'supertest';
import { seedOrg, seedTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from './testing/data-api.harness';

describe('data API shell', () => {
  let h: DataApiHarness;
  beforeAll(async () => {
    h = await createDataApiHarness();
  });
  afterAll(() => h.close());

  it('serves /healthz without a key', async () => {
    const res = await request(h.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('serves its OpenAPI document', async () => {
    const res = await request(h.app).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
  });

  it('answers an unknown path without a key with 401 invalid_credentials', async () => {
    const res = await request(h.app).get('/v2/nothing-here');
    expect(res.status).toBe(401);
    expect(res.body.detail.error_type).toBe('invalid_credentials');
  });

  it('reports a malformed path uuid as 422 with its input, after authentication', async () => {
    const org = await seedOrg(h.db.knex);
    const team = await seedTeam(h.db.knex, org.orgId);
    const res = await request(h.app)
      .get('/v2/user/not-a-uuid')
      .set('x-service-api-key', team.apiKeys.sandbox);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      expect.objectContaining({
        loc: ['path', 'user_id'],
        type: 'uuid_parsing',
        input: 'not-a-uuid',
        ctx: expect.any(Object),
      }),
    ]);
  });

  it('echoes a caller x-request-id and serves the rendered docs page', async () => {
    const res = await request(h.app).get('/healthz').set('x-request-id', 'req-123');
    expect(res.headers['x-request-id']).toBe('req-123');
    const docs = await request(h.app).get('/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger-ui');
  });
});
