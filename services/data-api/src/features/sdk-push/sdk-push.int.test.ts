import request from 'supertest';
import { createApiRateLimiter } from '@meridian/db';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { batchFingerprint } from './push-batch';
import {
  createUser,
  heartRates,
  outboxCounts,
  push,
  pushTestApp,
  sampleCount,
  seedTenant,
  signIn,
  stepCounts,
  type DeviceSession,
  type PushTestApp,
  type Tenant,
} from './sdk-push.test-fixtures';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY_MS);

interface ResultBody {
  resource: string;
  status: string;
  acknowledged_anchor: string | null;
  records_received: number;
  samples_created: number;
  samples_updated: number;
  samples_unchanged: number;
  error: { type: string; message: string } | null;
}
const results = (body: unknown) => (body as { results: ResultBody[] }).results;
const byResource = (body: unknown) => Object.fromEntries(results(body).map((r) => [r.resource, r]));

describe('POST /v2/sdk/push/{provider}', () => {
  let db: TestDatabase;
  let t: PushTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    db = await createTestDatabase();
    t = pushTestApp(db.knex, { now: NOW, limits: { maxRecords: 300, maxBodySize: '200kb' } });
    tenant = await seedTenant(db.knex);
  });
  afterAll(() => db.destroy());
  // Healthy batches are stored whole in their one transaction, never resource by resource (the fallback).
  let logged = 0;
  afterEach(() => {
    const lines = t.logged();
    const fresh = lines.slice(logged);
    logged = lines.length;
    expect(fresh.filter((l) => l.includes('resource by resource'))).toEqual([]);
  });

  async function newDevice(installationId = 'install-1'): Promise<DeviceSession> {
    const userId = await createUser(t.app, tenant.sandboxKey);
    return signIn(t.app, tenant.sandboxKey, userId, installationId);
  }

  describe('sync protocol', () => {
    let d: DeviceSession;
    const first = {
      batch_id: 'b-0001',
      sent_at: '2026-11-20T11:59:58Z',
      time_zone: 'Europe/Berlin',
      resources: [
        { resource: 'heartrate', anchor: 'hr-anchor-1', records: heartRates(daysAgo(3), 30) },
        { resource: 'steps', anchor: 'st-anchor-1', records: stepCounts(daysAgo(2), 12) },
      ],
    };

    beforeAll(async () => {
      d = await newDevice();
    });

    it('stores the first push as the historical pull of each resource and creates the connection once', async () => {
      const res = await push(t.app, d.accessToken, first);
      expect(res.status).toBe(200);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      const r = byResource(res.body);
      expect(r.heartrate).toMatchObject({
        status: 'stored',
        acknowledged_anchor: 'hr-anchor-1',
        records_received: 30,
        samples_created: 30,
        error: null,
      });
      expect(r.steps).toMatchObject({
        status: 'stored',
        acknowledged_anchor: 'st-anchor-1',
        samples_created: 12,
      });

      const events = await outboxCounts(db.knex, d.userId);
      expect(events['provider.connection.created']).toBe(1);
      expect(events['historical.data.heartrate.created']).toBe(1);
      expect(events['historical.data.steps.created']).toBe(1);
      // Historical data: no per-sample daily events.
      expect(events['daily.data.heartrate.created']).toBeUndefined();

      const connection = await db.knex('provider_connections').where({ user_id: d.userId }).first();
      expect(connection).toMatchObject({
        provider: 'apple_health_kit',
        auth_type: 'sdk',
        status: 'connected',
      });

      const intro = await request(t.app)
        .get('/v2/introspect/historical_pull')
        .query({ user_id: d.userId })
        .set('x-service-api-key', tenant.sandboxKey);
      expect(intro.status).toBe(200);
      const pulled = (
        intro.body as { data: { provider: Record<string, { pulled: Record<string, unknown> }> }[] }
      ).data[0]!.provider.apple_health_kit!.pulled;
      expect(pulled.heartrate).toMatchObject({ status: 'success', days_with_data: 1 });
      expect(pulled.steps).toMatchObject({ status: 'success' });

      const device = await db.knex('sdk_devices').where({ id: d.deviceId }).first();
      expect(device.last_push_at).toEqual(NOW);
    });

    it('answers a resend of the same batch from its stored answer and writes nothing', async () => {
      const before = await outboxCounts(db.knex, d.userId);
      const samples = await sampleCount(db.knex, d.userId);
      const original = await db.knex('sdk_push_batches').where({ device_id: d.deviceId }).first();
      const res = await push(t.app, d.accessToken, first);
      expect(res.status).toBe(200);
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(byResource(res.body).heartrate).toMatchObject({ status: 'stored', samples_created: 30 });
      expect(await outboxCounts(db.knex, d.userId)).toEqual(before);
      expect(await sampleCount(db.knex, d.userId)).toBe(samples);
      expect(await db.knex('sdk_push_batches').where({ device_id: d.deviceId }).first()).toEqual(original);
    });

    it('refuses a reused batch_id with different content (409 batch_id_reused)', async () => {
      const res = await push(t.app, d.accessToken, { ...first, time_zone: 'Europe/Paris' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ detail: expect.objectContaining({ error_type: 'batch_id_reused' }) });
    });

    it('takes a resend as the same batch only when it carries the same bytes (keys reordered: 409)', async () => {
      const { resources, time_zone, sent_at, batch_id } = first;
      const res = await push(t.app, d.accessToken, { resources, time_zone, sent_at, batch_id });
      expect(res.status).toBe(409);
      expect(res.body.detail.error_type).toBe('batch_id_reused');
    });

    it('answers no_new_data for records already stored and for an empty resource, without events', async () => {
      const before = await outboxCounts(db.knex, d.userId);
      const res = await push(t.app, d.accessToken, {
        batch_id: 'b-0002',
        resources: [
          { resource: 'heartrate', anchor: 'hr-anchor-1b', records: first.resources[0]!.records },
          { resource: 'steps', anchor: null, records: [] },
        ],
      });
      expect(res.status).toBe(200);
      const r = byResource(res.body);
      expect(r.heartrate).toMatchObject({
        status: 'no_new_data',
        acknowledged_anchor: 'hr-anchor-1b',
        samples_created: 0,
        samples_unchanged: 30,
      });
      // A push without an anchor keeps the one stored.
      expect(r.steps).toMatchObject({
        status: 'no_new_data',
        acknowledged_anchor: 'st-anchor-1',
        records_received: 0,
      });
      expect(await outboxCounts(db.knex, d.userId)).toEqual(before);
    });

    it('treats later pushes as daily data', async () => {
      const res = await push(t.app, d.accessToken, {
        batch_id: 'b-0003',
        resources: [{ resource: 'heartrate', anchor: 'hr-anchor-2', records: heartRates(daysAgo(1), 5, 70) }],
      });
      expect(res.status).toBe(200);
      expect(byResource(res.body).heartrate).toMatchObject({ status: 'stored', samples_created: 5 });
      const events = await outboxCounts(db.knex, d.userId);
      expect(events['daily.data.heartrate.created']).toBe(1);
      expect(events['historical.data.heartrate.created']).toBe(1);
      expect(events['provider.connection.created']).toBe(1);
    });

    it('answers 409 batch_in_progress while another request holds the batch', async () => {
      await db.knex('sdk_push_batches').insert({
        device_id: d.deviceId,
        batch_id: 'b-busy',
        provider: 'apple_health_kit',
        request_hash: 'f'.repeat(64),
        status: 'processing',
        received_at: NOW,
        claimed_until: new Date(NOW.getTime() + 60_000),
      });
      const body = { batch_id: 'b-busy', resources: [{ resource: 'steps', anchor: null, records: [] }] };
      // A different body under a held claim is a reuse; the same request (its hash) is in progress.
      const reused = await push(t.app, d.accessToken, body);
      expect(reused.status).toBe(409);
      expect(reused.body.detail.error_type).toBe('batch_id_reused');
      await db
        .knex('sdk_push_batches')
        .where({ device_id: d.deviceId, batch_id: 'b-busy' })
        .update({ request_hash: batchFingerprint('apple_health_kit', body) });
      const busy = await push(t.app, d.accessToken, body);
      expect(busy.status).toBe(409);
      expect(busy.body.detail.error_type).toBe('batch_in_progress');
      expect(Number(busy.headers['retry-after'])).toBe(60);
      // Once the claim has run out (its process died), the resend is stored.
      t.setNow(new Date(NOW.getTime() + 61_000));
      try {
        const taken = await push(t.app, d.accessToken, body);
        expect(taken.status).toBe(200);
        expect(results(taken.body)[0]!.status).toBe('no_new_data');
        // The claim taken over is answered: a resend now gets the stored answer.
        const replayed = await push(t.app, d.accessToken, body);
        expect(replayed.status).toBe(200);
        expect(replayed.headers['idempotent-replayed']).toBe('true');
        expect(replayed.body).toEqual(taken.body);
      } finally {
        t.setNow(NOW);
      }
    });

    it('sends the same new batch twice at once: one stores it, the events are written once', async () => {
      const body = {
        batch_id: 'b-race',
        resources: [{ resource: 'heartrate', anchor: 'hr-race', records: heartRates(daysAgo(0.5), 4, 80) }],
      };
      const before = await outboxCounts(db.knex, d.userId);
      const answers = await Promise.all([push(t.app, d.accessToken, body), push(t.app, d.accessToken, body)]);
      const statuses = answers.map((a) => a.status).sort();
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual(statuses);
      const after = await outboxCounts(db.knex, d.userId);
      expect(
        (after['daily.data.heartrate.created'] ?? 0) - (before['daily.data.heartrate.created'] ?? 0),
      ).toBe(1);
    });
  });

  describe('a removed connection', () => {
    it('signs the devices out; the next push creates a new connection whose history starts over', async () => {
      const d = await newDevice();
      const body = (id: string, from: Date) => ({
        batch_id: id,
        resources: [{ resource: 'heartrate', anchor: id, records: heartRates(from, 3) }],
      });
      expect((await push(t.app, d.accessToken, body('c-1', daysAgo(5)))).status).toBe(200);
      const removed = await request(t.app)
        .delete(`/v2/user/${d.userId}/apple_health_kit`)
        .set('x-service-api-key', tenant.sandboxKey);
      expect(removed.status).toBe(200);
      expect((await push(t.app, d.accessToken, body('c-2', daysAgo(4)))).status).toBe(401);

      const again = await signIn(t.app, tenant.sandboxKey, d.userId);
      expect(again.deviceId).toBe(d.deviceId);
      const res = await push(t.app, again.accessToken, body('c-3', daysAgo(3)));
      expect(res.status).toBe(200);
      const events = await outboxCounts(db.knex, d.userId);
      expect(events['provider.connection.created']).toBe(2);
      expect(events['historical.data.heartrate.created']).toBe(2);
      expect(events['daily.data.heartrate.created']).toBeUndefined();
    });
  });

  describe('more history in several batches', () => {
    it('keeps the historical pull open until the last chunk, then announces it once', async () => {
      const d = await newDevice();
      const chunk1 = await push(t.app, d.accessToken, {
        batch_id: 'h-1',
        resources: [
          { resource: 'heartrate', anchor: 'a1', more_history: true, records: heartRates(daysAgo(20), 10) },
        ],
      });
      expect(chunk1.status).toBe(200);
      let events = await outboxCounts(db.knex, d.userId);
      expect(events['historical.data.heartrate.created']).toBeUndefined();
      const open = await db
        .knex('historical_pulls')
        .where({ user_id: d.userId, resource: 'heartrate' })
        .first();
      expect(open.status).toBe('in_progress');

      const chunk2 = await push(t.app, d.accessToken, {
        batch_id: 'h-2',
        resources: [{ resource: 'heartrate', anchor: 'a2', records: heartRates(daysAgo(10), 10) }],
      });
      expect(chunk2.status).toBe(200);
      events = await outboxCounts(db.knex, d.userId);
      expect(events['historical.data.heartrate.created']).toBe(1);
      expect(events['daily.data.heartrate.created']).toBeUndefined();
      const done = await db
        .knex('historical_pulls')
        .where({ user_id: d.userId, resource: 'heartrate' })
        .first();
      expect(done).toMatchObject({ status: 'success', days_with_data: 2 });
      expect(done.range_start).toEqual(daysAgo(20));
    });
  });

  describe('validation', () => {
    it('refuses the whole batch with 422 naming the offending records, and writes nothing', async () => {
      const d = await newDevice();
      const bad = stepCounts(daysAgo(1), 5);
      bad[2] = { ...bad[2]!, quantity: 'many' as unknown as number };
      bad[4] = { ...bad[4]!, sampleType: 'HKQuantityTypeIdentifierHeartRate' };
      const res = await push(t.app, d.accessToken, {
        batch_id: 'bad-1',
        resources: [
          { resource: 'heartrate', anchor: 'x', records: heartRates(daysAgo(1), 3) },
          { resource: 'steps', anchor: 'y', records: bad },
        ],
      });
      expect(res.status).toBe(422);
      const locs = (res.body as { detail: { loc: string[] }[] }).detail.map((i) =>
        i.loc.slice(0, 5).join('.'),
      );
      expect(locs).toContain('body.resources.1.records.2');
      expect(locs).toContain('body.resources.1.records.4');
      expect(locs.every((l) => l.startsWith('body.resources.1.records.'))).toBe(true);
      expect(await sampleCount(db.knex, d.userId)).toBe(0);
      // Only the sign-in's announcement of the device: the refused push wrote no event.
      expect(await outboxCounts(db.knex, d.userId)).toEqual({ 'provider.device.created': 1 });
      expect(await db.knex('provider_connections').where({ user_id: d.userId })).toHaveLength(0);
      expect(await db.knex('sdk_sync_checkpoints').where({ device_id: d.deviceId })).toHaveLength(0);
      expect(await db.knex('sdk_push_batches').where({ device_id: d.deviceId })).toHaveLength(0);
    });

    it('refuses a resource the provider cannot push, one listed twice and an unknown time zone', async () => {
      const d = await newDevice();
      const res = await push(t.app, d.accessToken, {
        batch_id: 'bad-2',
        time_zone: 'Mars/Olympus',
        resources: [
          { resource: 'steps', anchor: null, records: [] },
          { resource: 'steps', anchor: null, records: [] },
          { resource: 'insulin_injection_pen', anchor: null, records: [] },
        ],
      });
      expect(res.status).toBe(422);
      const locs = (res.body as { detail: { loc: string[] }[] }).detail.map((i) => i.loc.join('.'));
      expect(locs).toEqual(
        expect.arrayContaining(['body.time_zone', 'body.resources.1.resource', 'body.resources.2.resource']),
      );
    });

    it('refuses an envelope without batch_id (422) and an unknown provider', async () => {
      const d = await newDevice();
      const res = await push(t.app, d.accessToken, { resources: [] });
      expect(res.status).toBe(422);
      const other = await push(t.app, d.accessToken, { batch_id: 'p', resources: [] }, 'fitbit');
      expect([404, 422]).toContain(other.status);
    });
  });

  describe('limits', () => {
    it('answers 413 too_many_records over the per-batch record limit, writing nothing', async () => {
      const d = await newDevice();
      const res = await push(t.app, d.accessToken, {
        batch_id: 'big-1',
        resources: [
          { resource: 'heartrate', anchor: null, records: heartRates(daysAgo(1), 200) },
          { resource: 'steps', anchor: null, records: stepCounts(daysAgo(1), 101) },
        ],
      });
      expect(res.status).toBe(413);
      expect(res.body.detail).toMatchObject({ error_type: 'too_many_records', max_records: 300 });
      expect(await sampleCount(db.knex, d.userId)).toBe(0);
    });

    it('answers 413 payload_too_large over the body limit, in the error envelope', async () => {
      const d = await newDevice();
      const records = heartRates(daysAgo(1), 250).map((r) => ({
        ...r,
        metadata: { ...r.metadata, pad: 'x'.repeat(800) },
      }));
      const res = await push(t.app, d.accessToken, {
        batch_id: 'big-2',
        resources: [{ resource: 'heartrate', anchor: null, records }],
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        detail: { error_type: 'payload_too_large', error_message: expect.any(String) },
      });
    });

    it('limits pushes per device: 429 with Retry-After, other devices unaffected', async () => {
      const limited = pushTestApp(db.knex, {
        now: NOW,
        limiter: createApiRateLimiter(db.knex),
        limits: { perDevicePerMinute: 2 },
      });
      const userId = await createUser(limited.app, tenant.sandboxKey);
      const d1 = await signIn(limited.app, tenant.sandboxKey, userId, 'rl-1');
      const d2 = await signIn(limited.app, tenant.sandboxKey, userId, 'rl-2');
      const body = (id: string) => ({
        batch_id: id,
        resources: [{ resource: 'steps', anchor: null, records: [] }],
      });
      expect((await push(limited.app, d1.accessToken, body('r1'))).status).toBe(200);
      expect((await push(limited.app, d1.accessToken, body('r2'))).status).toBe(200);
      const refused = await push(limited.app, d1.accessToken, body('r3'));
      expect(refused.status).toBe(429);
      expect(refused.body.detail.error_type).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.headers['ratelimit-limit']).toBe('2');
      expect((await push(limited.app, d2.accessToken, body('r1'))).status).toBe(200);
    });
  });

  describe('address limits', () => {
    it('limits device pushes per device, not per client address (phones share carrier NAT addresses)', async () => {
      const limiter = createApiRateLimiter(db.knex);
      const limited = pushTestApp(db.knex, {
        now: NOW,
        rateLimits: { limiter, settings: { perKey: 1000, perAddress: 1, failedAuthPerAddress: 30 } },
      });
      const userId = await createUser(limited.app, tenant.sandboxKey);
      const d = await signIn(limited.app, tenant.sandboxKey, userId, 'nat-1');
      const body = (id: string) => ({
        batch_id: id,
        resources: [{ resource: 'steps', anchor: null, records: [] }],
      });
      for (const id of ['n1', 'n2', 'n3'])
        expect((await push(limited.app, d.accessToken, body(id))).status).toBe(200);
      // Requests without a key or token are still limited per address.
      const pages = [await request(limited.app).get('/link'), await request(limited.app).get('/link')];
      expect(pages.map((p) => p.status)).toContain(429);
    });
  });

  describe('credentials', () => {
    it('refuses a device token whose session was revoked', async () => {
      const d = await newDevice();
      const revoked = await request(t.app).post('/v2/sdk/auth/revoke').send({ token: d.refreshToken });
      expect(revoked.status).toBe(200);
      const res = await push(t.app, d.accessToken, {
        batch_id: 'rv',
        resources: [{ resource: 'steps', anchor: null, records: [] }],
      });
      expect(res.status).toBe(401);
      expect(res.body.detail.error_type).toBe('invalid_credentials');
      expect(await db.knex('sdk_push_batches').where({ device_id: d.deviceId })).toHaveLength(0);
    });

    it('looks a pushing session up once, and still refuses its token as soon as the session is revoked', async () => {
      const d = await newDevice();
      const lookups: string[] = [];
      const onQuery = (q: { sql: string }) => {
        if (q.sql.includes('access_token_hash')) lookups.push(q.sql);
      };
      db.knex.on('query', onQuery);
      const batch = (id: string, from: Date) => ({
        batch_id: id,
        resources: [{ resource: 'heartrate', anchor: id, records: heartRates(from, 2) }],
      });
      try {
        expect((await push(t.app, d.accessToken, batch('cache-1', daysAgo(3)))).status).toBe(200);
        expect((await push(t.app, d.accessToken, batch('cache-2', daysAgo(2)))).status).toBe(200);
        expect(lookups).toHaveLength(1);
      } finally {
        db.knex.off('query', onQuery);
      }
      const revoked = await request(t.app).post('/v2/sdk/auth/revoke').send({ token: d.refreshToken });
      expect(revoked.status).toBe(200);
      const res = await push(t.app, d.accessToken, batch('cache-3', daysAgo(1)));
      expect(res.status).toBe(401);
      expect(res.body.detail.error_type).toBe('invalid_credentials');
      expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
      const stored = await db.knex('sdk_push_batches').where({ device_id: d.deviceId }).pluck('batch_id');
      expect(stored.sort()).toEqual(['cache-1', 'cache-2']);
      // Refused again (the entry is gone: the lookup answers), still without writing.
      expect((await push(t.app, d.accessToken, batch('cache-4', daysAgo(1)))).status).toBe(401);
      expect(await db.knex('sdk_push_batches').where({ device_id: d.deviceId })).toHaveLength(2);
    });

    it('refuses a token that just pushed once its user is deleted', async () => {
      const d = await newDevice();
      const batch = (id: string) => ({
        batch_id: id,
        resources: [{ resource: 'heartrate', anchor: id, records: heartRates(daysAgo(2), 2) }],
      });
      expect((await push(t.app, d.accessToken, batch('del-1'))).status).toBe(200);
      const deleted = await request(t.app)
        .delete(`/v2/user/${d.userId}`)
        .set('x-service-api-key', tenant.sandboxKey);
      expect(deleted.status).toBe(200);
      const res = await push(t.app, d.accessToken, batch('del-2'));
      expect(res.status).toBe(401);
      expect(res.body.detail.error_type).toBe('invalid_credentials');
    });

    it('refuses a rotated access token once its grace window is over, though it was looked up in it', async () => {
      const d = await newDevice();
      const batch = (id: string) => ({
        batch_id: id,
        resources: [{ resource: 'steps', anchor: id, records: stepCounts(daysAgo(2), 2) }],
      });
      const at = (seconds: number) => t.setNow(new Date(NOW.getTime() + seconds * 1000));
      try {
        expect((await push(t.app, d.accessToken, batch('rot-1'))).status).toBe(200);
        at(10);
        const refreshed = await request(t.app)
          .post('/v2/sdk/auth/token')
          .send({ grant_type: 'refresh_token', refresh_token: d.refreshToken });
        expect(refreshed.status).toBe(200);
        // 55 s after the rotation the replaced token still pushes (a lost answer must not log the phone out);
        // its session is looked up (and the device touched) again here.
        at(65);
        expect((await push(t.app, d.accessToken, batch('rot-2'))).status).toBe(200);
        // 70 s after the rotation: the lookup of 15 s ago is still fresh, the session no longer active.
        at(80);
        const res = await push(t.app, d.accessToken, batch('rot-3'));
        expect(res.status).toBe(401);
        expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
        const fresh = (refreshed.body as { access_token: string }).access_token;
        expect((await push(t.app, fresh, batch('rot-4'))).status).toBe(200);
        const stored = await db.knex('sdk_push_batches').where({ device_id: d.deviceId }).pluck('batch_id');
        expect(stored.sort()).toEqual(['rot-1', 'rot-2', 'rot-4']);
      } finally {
        t.setNow(NOW);
      }
    });

    it('refuses a team API key and a request without credentials, before reading the body', async () => {
      const withKey = await request(t.app)
        .post('/v2/sdk/push/apple_health_kit')
        .set('x-service-api-key', tenant.sandboxKey)
        .set('content-type', 'application/json')
        .send('{not json');
      expect(withKey.status).toBe(401);
      const none = await request(t.app)
        .post('/v2/sdk/push/apple_health_kit')
        .send({ batch_id: 'x', resources: [] });
      expect(none.status).toBe(401);
    });
  });

  describe('team setting sdk_per_device_activity_timeseries', () => {
    it('keeps the pushing device on the samples only when the team asks for it', async () => {
      const off = await newDevice();
      await push(t.app, off.accessToken, {
        batch_id: 'pd-1',
        resources: [{ resource: 'steps', anchor: null, records: stepCounts(daysAgo(1), 2) }],
      });
      const offRows = await db.knex('timeseries_samples').where({ user_id: off.userId }).select('device_id');
      expect(offRows.map((r: { device_id: string | null }) => r.device_id)).toEqual([null, null]);

      await db
        .knex('teams')
        .where({ id: tenant.teamId })
        .update({
          settings: db.knex.raw(
            `jsonb_set(settings, '{sandbox}', coalesce(settings->'sandbox', '{}'::jsonb) || '{"sdk_per_device_activity_timeseries": true}')`,
          ),
        });
      const on = await newDevice();
      await push(t.app, on.accessToken, {
        batch_id: 'pd-2',
        resources: [{ resource: 'steps', anchor: null, records: stepCounts(daysAgo(1), 2) }],
      });
      const onRows = await db.knex('timeseries_samples').where({ user_id: on.userId }).select('device_id');
      expect(onRows.map((r: { device_id: string | null }) => r.device_id)).toEqual([
        on.deviceId,
        on.deviceId,
      ]);
    });
  });
});
