import request from 'supertest';
import { newId } from '@meridian/domain';
import { seedOrg, seedTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';

const LOGO = (slug: string) => `https://storage.meridian.health/providers/${slug}.png`;

describe("a user's provider connections", () => {
  let h: DataApiHarness;
  let key: string;
  let seq = 0;

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    key = (await seedTeam(h.db.knex, org.orgId)).apiKeys.production;
  });
  afterAll(() => h.close());

  const api = () => request(h.app);
  const as = (req: request.Test) => req.set('x-service-api-key', key);

  async function createUser(): Promise<string> {
    const res = await as(
      api()
        .post('/v2/user')
        .send({ client_user_id: `conn-${++seq}` }),
    );
    return res.body.user_id as string;
  }

  async function connect(userId: string, provider: string, row: Record<string, unknown> = {}) {
    await h.db.knex('provider_connections').insert({ id: newId(), user_id: userId, provider, ...row });
  }

  it('lists connections with status, error details and resource availability', async () => {
    const userId = await createUser();
    await connect(userId, 'oura', {
      created_on: new Date('2026-01-01T00:00:00Z'),
      external_user_id: 'oura-123',
      resource_availability: JSON.stringify({
        sleep: { status: 'available', scope_requirements: null },
        heartrate: {
          status: 'unavailable',
          scope_requirements: {
            user_granted: { required: ['daily'], optional: [] },
            user_denied: { required: ['heartrate'], optional: ['spo2'] },
          },
        },
        not_a_resource: { status: 'available' },
      }),
    });
    await connect(userId, 'fitbit', {
      created_on: new Date('2026-01-02T00:00:00Z'),
      status: 'error',
      error_details: JSON.stringify({
        error_type: 'token_refresh_failed',
        error_message: 'Refresh token revoked',
        errored_at: '2026-01-03T10:00:00Z',
      }),
    });

    const res = await as(api().get(`/v2/user/providers/${userId}`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      providers: [
        {
          name: 'Oura',
          slug: 'oura',
          logo: LOGO('oura'),
          created_on: '2026-01-01T00:00:00+00:00',
          status: 'connected',
          external_user_id: 'oura-123',
          error_details: null,
          resource_availability: {
            sleep: { status: 'available', scope_requirements: null },
            heartrate: {
              status: 'unavailable',
              scope_requirements: {
                user_granted: { required: ['daily'], optional: [] },
                user_denied: { required: ['heartrate'], optional: ['spo2'] },
              },
            },
          },
        },
        {
          name: 'Fitbit',
          slug: 'fitbit',
          logo: LOGO('fitbit'),
          created_on: '2026-01-02T00:00:00+00:00',
          status: 'error',
          external_user_id: null,
          error_details: {
            error_type: 'token_refresh_failed',
            error_message: 'Refresh token revoked',
            errored_at: '2026-01-03T10:00:00+00:00',
          },
          resource_availability: {},
        },
      ],
    });
  });

  it('shows connections in the User as connected_sources with provider and the deprecated source', async () => {
    const userId = await createUser();
    await connect(userId, 'whoop_v2', { created_on: new Date('2026-02-01T00:00:00Z') });
    const res = await as(api().get(`/v2/user/${userId}`));
    const provider = { name: 'WHOOP', slug: 'whoop_v2', logo: LOGO('whoop_v2') };
    expect(res.body.connected_sources).toEqual([
      { provider, source: provider, created_on: '2026-02-01T00:00:00+00:00' },
    ]);
    const list = await as(api().get('/v2/user?limit=500'));
    const listed = list.body.users.find((u: { user_id: string }) => u.user_id === userId);
    expect(listed.connected_sources).toEqual(res.body.connected_sources);
  });

  it('is an empty list for a user without connections, 404 for an unknown user', async () => {
    const userId = await createUser();
    expect((await as(api().get(`/v2/user/providers/${userId}`))).body).toEqual({ providers: [] });
    expect((await as(api().get(`/v2/user/providers/${newId()}`))).status).toBe(404);
    expect((await as(api().get('/v2/user/providers/not-a-uuid'))).status).toBe(422);
  });

  it('deregisters one provider and leaves the others', async () => {
    const userId = await createUser();
    const other = await createUser();
    await connect(userId, 'oura');
    await connect(userId, 'garmin');
    await connect(other, 'oura');
    const res = await as(api().delete(`/v2/user/${userId}/oura`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const left = await as(api().get(`/v2/user/providers/${userId}`));
    expect(left.body.providers.map((p: { slug: string }) => p.slug)).toEqual(['garmin']);
    expect((await as(api().get(`/v2/user/providers/${other}`))).body.providers).toHaveLength(1);
    expect((await as(api().get(`/v2/user/${userId}`))).status).toBe(200);
  });

  it('is 404 for a provider the user is not connected to, an unknown slug or an unknown user', async () => {
    const userId = await createUser();
    await connect(userId, 'oura');
    for (const path of [
      `/v2/user/${userId}/strava`,
      `/v2/user/${userId}/no_such_provider`,
      `/v2/user/${newId()}/oura`,
    ]) {
      const res = await as(api().delete(path));
      expect(res.status).toBe(404);
      expect(res.body.detail.error_type).toBe('not_found');
    }
    expect((await as(api().delete(`/v2/user/${userId}/oura`))).status).toBe(200);
    expect((await as(api().delete(`/v2/user/${userId}/oura`))).status).toBe(404);
  });
});
