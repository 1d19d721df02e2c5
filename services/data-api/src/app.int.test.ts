import request from 'supertest';
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
});
