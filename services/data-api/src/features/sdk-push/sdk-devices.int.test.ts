import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import {
  createUser,
  heartRates,
  push,
  pushTestApp,
  seedTenant,
  signIn,
  type DeviceSession,
  type PushTestApp,
  type Tenant,
} from './sdk-push.test-fixtures';

const NOW = new Date('2026-11-20T12:00:00.000Z');

interface SyncStatusBody {
  provider: string;
  resource: string;
  acknowledged_anchor: string | null;
  last_push_at: string | null;
  records_stored: number;
  historical_push_completed_at: string | null;
  last_error: unknown;
}
interface DeviceBody {
  id: string;
  user_id: string;
  installation_id: string;
  name: string | null;
  last_push_at: string | null;
  revoked_at: string | null;
  clock_skew_seconds: number | null;
  sync_status: SyncStatusBody[];
}

describe('GET /v2/user/{user_id}/device[/{device_id}]', () => {
  let db: TestDatabase;
  let t: PushTestApp;
  let tenant: Tenant;
  let other: Tenant;
  let userId: string;
  let phone: DeviceSession;
  let tablet: DeviceSession;

  const get = (path: string, key = tenant.sandboxKey) =>
    request(t.app).get(path).set('x-service-api-key', key);

  beforeAll(async () => {
    db = await createTestDatabase();
    t = pushTestApp(db.knex, { now: NOW });
    tenant = await seedTenant(db.knex);
    other = await seedTenant(db.knex);
    userId = await createUser(t.app, tenant.sandboxKey);
    phone = await signIn(t.app, tenant.sandboxKey, userId, 'phone-install');
    t.setNow(new Date(NOW.getTime() + 1000));
    tablet = await signIn(t.app, tenant.sandboxKey, userId, 'tablet-install');
    t.setNow(NOW);
    const res = await push(t.app, phone.accessToken, {
      batch_id: 'd-1',
      sent_at: '2026-11-20T11:59:30Z',
      resources: [
        {
          resource: 'heartrate',
          anchor: 'hk-anchor-7',
          records: heartRates(new Date('2026-11-19T08:00:00Z'), 5),
        },
      ],
    });
    expect(res.status).toBe(200);
    // A new database, two sign-ins and the first push (which compiles the request validator): well over
    // the default hook timeout on a loaded machine.
  }, 120_000);
  afterAll(() => db.destroy());

  it("lists the user's devices with their sync status per provider and resource", async () => {
    const res = await get(`/v2/user/${userId}/device`);
    expect(res.status).toBe(200);
    // The spec's `Device[]`: a bare array of `Device`, with the installation's own fields and sync status.
    const devices = res.body as DeviceBody[];
    expect(devices.map((d) => d.id)).toEqual([phone.deviceId, tablet.deviceId]);
    const [p, tab] = devices;
    expect(p).toMatchObject({
      user_id: userId,
      provider: 'apple_health_kit',
      source_type: 'phone',
      app_id: null,
      device_manufacturer: 'Apple',
      device_model: 'iPhone15,2',
      device_version: '18.1',
      device_id: 'phone-install',
      installation_id: 'phone-install',
      name: 'Test iPhone',
      last_push_at: NOW.toISOString(),
      revoked_at: null,
      clock_skew_seconds: 30,
    });
    expect(p!.sync_status).toEqual([
      {
        provider: 'apple_health_kit',
        resource: 'heartrate',
        acknowledged_anchor: 'hk-anchor-7',
        acknowledged_at: NOW.toISOString(),
        last_push_at: NOW.toISOString(),
        last_batch_id: 'd-1',
        records_stored: 5,
        historical_push_completed_at: NOW.toISOString(),
        last_error: null,
      },
    ]);
    // A device that has not pushed yet: its provider by its OS.
    expect(tab).toMatchObject({
      provider: 'apple_health_kit',
      device_id: 'tablet-install',
      last_push_at: null,
      clock_skew_seconds: null,
      sync_status: [],
    });
  });

  it('reads one device', async () => {
    const res = await get(`/v2/user/${userId}/device/${phone.deviceId}`);
    expect(res.status).toBe(200);
    expect((res.body as DeviceBody).sync_status[0]).toMatchObject({
      resource: 'heartrate',
      records_stored: 5,
    });
  });

  it('shows a signed-out device with revoked_at', async () => {
    const revoked = await request(t.app).post('/v2/sdk/auth/revoke').send({ token: tablet.refreshToken });
    expect(revoked.status).toBe(200);
    const res = await get(`/v2/user/${userId}/device/${tablet.deviceId}`);
    expect(res.status).toBe(200);
    expect((res.body as DeviceBody).revoked_at).not.toBeNull();
  });

  it('is 404 across teams, environments and users', async () => {
    expect((await get(`/v2/user/${userId}/device`, other.sandboxKey)).status).toBe(404);
    expect((await get(`/v2/user/${userId}/device/${phone.deviceId}`, other.sandboxKey)).status).toBe(404);
    expect((await get(`/v2/user/${userId}/device`, tenant.productionKey)).status).toBe(404);
    expect((await get(`/v2/user/${userId}/device/${phone.deviceId}`, tenant.productionKey)).status).toBe(404);
    const otherUser = await createUser(t.app, tenant.sandboxKey);
    expect((await get(`/v2/user/${otherUser}/device/${phone.deviceId}`)).status).toBe(404);
    expect((await get(`/v2/user/${otherUser}/device`)).body).toEqual([]);
    expect((await get(`/v2/user/${userId}/device/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    // A device token is not a team API key.
    const withDevice = await request(t.app)
      .get(`/v2/user/${userId}/device`)
      .set('authorization', `Bearer ${phone.accessToken}`);
    expect(withDevice.status).toBe(401);
  });

  it('reports a wildly wrong device clock within bounds', async () => {
    const owner = await createUser(t.app, tenant.sandboxKey);
    const d = await signIn(t.app, tenant.sandboxKey, owner, 'year-one');
    const res = await push(t.app, d.accessToken, {
      batch_id: 'skew-1',
      sent_at: '0001-01-01T00:00:00Z',
      resources: [{ resource: 'steps', anchor: null, records: [] }],
    });
    expect(res.status).toBe(200);
    const device = await get(`/v2/user/${owner}/device/${d.deviceId}`);
    expect(device.status).toBe(200);
    expect((device.body as DeviceBody).clock_skew_seconds).toBe(2147483647);
  });

  it('is 404 for a user in the deletion grace period', async () => {
    const gone = await createUser(t.app, tenant.sandboxKey);
    await signIn(t.app, tenant.sandboxKey, gone, 'gone-install');
    expect(
      (await request(t.app).delete(`/v2/user/${gone}`).set('x-service-api-key', tenant.sandboxKey)).status,
    ).toBe(200);
    expect((await get(`/v2/user/${gone}/device`)).status).toBe(404);
  });
});
