import request from 'supertest';
import { CONNECTORS } from '@meridian/connectors';
import { PROVIDERS, RESOURCES } from '@meridian/domain';
import { seedOrg, seedTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';

describe('GET /v2/providers', () => {
  let h: DataApiHarness;
  let key: string;

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    key = (await seedTeam(h.db.knex, org.orgId)).apiKeys.sandbox;
  });
  afterAll(() => h.close());

  const get = (qs = '') => request(h.app).get(`/v2/providers${qs}`).set('x-service-api-key', key);

  it('returns the whole catalog in slug-enum order with every ProviderDetailed key', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.map((p: { slug: string }) => p.slug)).toEqual(PROVIDERS.map((p) => p.slug));
    const oura = res.body.find((p: { slug: string }) => p.slug === 'oura');
    expect(Object.keys(oura).sort()).toEqual([
      'auth_type',
      'description',
      'logo',
      'name',
      'slug',
      'supported_resources',
    ]);
    expect(oura).toMatchObject({
      name: 'Oura',
      auth_type: 'oauth',
      logo: 'https://storage.meridian.health/providers/oura.png',
    });
    expect(oura.supported_resources).toContain('sleep');
    for (const p of res.body as { supported_resources: string[] }[]) {
      for (const r of p.supported_resources) expect(RESOURCES).toContain(r);
    }
  });

  it('filters on source_type', async () => {
    const ble = await get('?source_type=ble');
    expect(ble.status).toBe(200);
    expect(ble.body.length).toBeGreaterThan(0);
    expect(ble.body.map((p: { slug: string }) => p.slug)).toEqual(
      PROVIDERS.filter((p) => p.sourceKind === 'ble').map((p) => p.slug),
    );
    expect(ble.body.every((p: { auth_type: string }) => p.auth_type === 'sdk')).toBe(true);
    expect((await get('?source_type=lab')).body).toEqual([]);
  });

  it('refuses an unknown source_type with 422', async () => {
    const res = await get('?source_type=watch');
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['query', 'source_type'], type: 'enum', input: 'watch' });
  });

  it('serves the connector capability matrix at /v2/providers/capabilities', async () => {
    const res = await request(h.app).get('/v2/providers/capabilities').set('x-service-api-key', key);
    expect(res.status).toBe(200);
    expect(res.body.providers.map((p: { slug: string }) => p.slug)).toEqual(CONNECTORS.map((c) => c.slug));
    const fitbit = res.body.providers.find((p: { slug: string }) => p.slug === 'fitbit');
    expect(fitbit).toMatchObject({ auth_type: 'oauth', pkce: true, webhooks: true });
    const heartrate = fitbit.resources.find((r: { resource: string }) => r.resource === 'heartrate');
    expect(heartrate).toEqual({
      resource: 'heartrate',
      backfill_days: expect.any(Number),
      scopes: ['heartrate'],
    });
    for (const p of res.body.providers as { resources: { resource: string }[] }[]) {
      for (const r of p.resources) expect(RESOURCES).toContain(r.resource);
    }
    expect((await request(h.app).get('/v2/providers/capabilities')).status).toBe(401);
  });
});
