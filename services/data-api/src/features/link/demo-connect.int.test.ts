import request from 'supertest';
import type { Express } from 'express';
import { DEMO_HISTORICAL_PULL_TASK, demoResourcesFor } from '@meridian/demo-data';
import { providerBySlug } from '@meridian/domain';
import type { MessageEnvelope, PublishOptions } from '@meridian/messaging';
import { createLogger, createMetricsRegistry } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createDataApi } from '../../app';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const DAY_MS = 86_400_000;

describe('POST /v2/link/connect/demo', () => {
  let db: TestDatabase;
  let app: Express;
  let keys: { sandbox: string; production: string };
  let otherTeamKey: string;
  let failPublish = false;
  const published: { key: string; message: MessageEnvelope; options?: PublishOptions }[] = [];
  let seq = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = createDataApi({
      db: db.knex,
      logger: createLogger({ service: 'data-api', silent: true }),
      metrics: createMetricsRegistry('data-api'),
      region: 'us',
      readiness: {},
      clock: () => NOW,
      transport: {
        async publish(key, message, options) {
          if (failPublish) throw new Error('broker down');
          published.push({ key, message, options });
        },
      },
      validateResponses: true,
    });
    const org = await seedOrg(db.knex);
    keys = (await seedTeam(db.knex, org.orgId)).apiKeys;
    otherTeamKey = (await seedTeam(db.knex, org.orgId)).apiKeys.sandbox;
  });
  afterAll(() => db.destroy());
  beforeEach(() => {
    published.length = 0;
    failPublish = false;
  });

  const api = () => request(app);
  const as = (key: string, req: request.Test) => req.set('x-service-api-key', key);
  const connect = (key: string, body: Record<string, unknown>) =>
    as(key, api().post('/v2/link/connect/demo').send(body));

  async function createUser(key = keys.sandbox, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await as(key, api().post('/v2/user')).send({ client_user_id: `demo-${++seq}`, ...extra });
    expect(res.status).toBe(200);
    return res.body.user_id as string;
  }

  const eventsOf = (userId: string) =>
    db
      .knex('outbox')
      .where({ user_id: userId })
      .orderBy('seq')
      .select('event_type', 'payload', 'environment');
  const pullsOf = (userId: string) =>
    db.knex('historical_pulls').where({ user_id: userId }).orderBy('resource').select('*');

  it('connects a sandbox user: connection, scheduled pulls, event, and a task for the scheduler', async () => {
    const userId = await createUser();
    const res = await connect(keys.sandbox, { user_id: userId, provider: 'oura' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, detail: expect.stringContaining('historical pull') });

    const oura = providerBySlug('oura')!;
    const availability = Object.fromEntries(
      oura.supportedResources.map((r) => [r, { status: 'available', scope_requirements: null }]),
    );
    const providers = await as(keys.sandbox, api().get(`/v2/user/providers/${userId}`));
    expect(providers.body.providers).toEqual([
      {
        name: 'Oura',
        slug: 'oura',
        logo: oura.logo,
        created_on: '2026-11-20T12:00:00+00:00',
        status: 'connected',
        external_user_id: null,
        error_details: null,
        resource_availability: availability,
      },
    ]);
    const user = await as(keys.sandbox, api().get(`/v2/user/${userId}`));
    expect(user.body.connected_sources).toEqual([
      {
        provider: { name: 'Oura', slug: 'oura', logo: oura.logo },
        source: { name: 'Oura', slug: 'oura', logo: oura.logo },
        created_on: '2026-11-20T12:00:00+00:00',
      },
    ]);

    const events = await eventsOf(userId);
    expect(events).toHaveLength(1);
    expect(events[0].environment).toBe('sandbox');
    expect(events[0].payload).toEqual({
      event_type: 'provider.connection.created',
      user_id: userId,
      client_user_id: `demo-${seq}`,
      team_id: expect.any(String),
      data: {
        user_id: userId,
        provider: { name: 'Oura', slug: 'oura', logo: oura.logo },
        source: { name: 'Oura', slug: 'oura', logo: oura.logo },
        external_user_id: null,
        resource_availability: availability,
      },
    });

    const pulls = await pullsOf(userId);
    expect(pulls.map((p) => p.resource)).toEqual([...demoResourcesFor(userId, 'oura')].sort());
    for (const p of pulls) {
      expect(p).toMatchObject({
        provider: 'oura',
        status: 'scheduled',
        range_start: new Date(NOW.getTime() - 30 * DAY_MS),
        range_end: NOW,
        scheduled_at: NOW,
        started_at: null,
        days_with_data: 0,
      });
    }
    expect(await db.knex('demo_connections').where({ user_id: userId }).first()).toMatchObject({
      provider: 'oura',
      time_zone: 'UTC',
      synced_until: NOW,
    });
    expect(published).toEqual([
      {
        key: DEMO_HISTORICAL_PULL_TASK,
        message: expect.objectContaining({
          type: DEMO_HISTORICAL_PULL_TASK,
          data: { user_id: userId, provider: 'oura' },
        }),
        options: { headers: expect.objectContaining({ 'x-request-id': expect.any(String) }) },
      },
    ]);
  });

  it('changes nothing when the user is already connected to the provider', async () => {
    const userId = await createUser();
    await connect(keys.sandbox, { user_id: userId, provider: 'fitbit' });
    const pullsBefore = await pullsOf(userId);
    published.length = 0;
    const again = await connect(keys.sandbox, { user_id: userId, provider: 'fitbit' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, detail: expect.stringContaining('already connected') });
    expect(await eventsOf(userId)).toHaveLength(1);
    expect(await pullsOf(userId)).toEqual(pullsBefore);
    expect(published).toEqual([]);
    expect(await db.knex('provider_connections').where({ user_id: userId })).toHaveLength(1);
  });

  it('connects several demo providers side by side, in the user’s fallback time zone', async () => {
    const userId = await createUser(keys.sandbox, { fallback_time_zone: 'America/New_York' });
    for (const provider of ['apple_health_kit', 'freestyle_libre']) {
      expect((await connect(keys.sandbox, { user_id: userId, provider })).status).toBe(200);
    }
    const demo = await db.knex('demo_connections').where({ user_id: userId }).orderBy('provider');
    expect(demo.map((d) => [d.provider, d.time_zone])).toEqual([
      ['apple_health_kit', 'America/New_York'],
      ['freestyle_libre', 'America/New_York'],
    ]);
    const libre = await db.knex('historical_pulls').where({ user_id: userId, provider: 'freestyle_libre' });
    expect(libre.map((p) => p.resource).sort()).toEqual(['glucose', 'profile']);
  });

  it('starts over with a new pull after the provider was deregistered', async () => {
    const userId = await createUser();
    await connect(keys.sandbox, { user_id: userId, provider: 'oura' });
    await db
      .knex('historical_pulls')
      .where({ user_id: userId })
      .update({ status: 'success', days_with_data: 30 });
    const removed = await as(keys.sandbox, api().delete(`/v2/user/${userId}/oura`));
    expect(removed.status).toBe(200);
    expect(await db.knex('demo_connections').where({ user_id: userId })).toEqual([]);
    expect((await connect(keys.sandbox, { user_id: userId, provider: 'oura' })).status).toBe(200);
    const pulls = await pullsOf(userId);
    expect(new Set(pulls.map((p) => [p.status, p.days_with_data].join()))).toEqual(new Set(['scheduled,0']));
    expect((await eventsOf(userId)).map((e) => e.event_type)).toEqual([
      'provider.connection.created',
      'provider.connection.created',
    ]);
  });

  it('still answers 200 when the task cannot be published (the scheduler sweep starts the pull)', async () => {
    const userId = await createUser();
    failPublish = true;
    const res = await connect(keys.sandbox, { user_id: userId, provider: 'oura' });
    expect(res.status).toBe(200);
    expect(await pullsOf(userId)).not.toHaveLength(0);
  });

  it('refuses production keys with 403 forbidden', async () => {
    const userId = await createUser(keys.production);
    const res = await connect(keys.production, { user_id: userId, provider: 'oura' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      detail: { error_type: 'forbidden', error_message: expect.stringContaining('sandbox environment only') },
    });
    expect(await db.knex('provider_connections').where({ user_id: userId })).toEqual([]);
    expect(await pullsOf(userId)).toEqual([]);
    expect(published).toEqual([]);
  });

  it('refuses a production key before validating the body (check order: scope, then 422)', async () => {
    const res = await connect(keys.production, { user_id: 'not-a-uuid', provider: 'garmin' });
    expect(res.status).toBe(403);
    expect(res.body.detail.error_type).toBe('forbidden');
  });

  it('reports users of other teams and environments, unknown and deleted users as 404', async () => {
    const otherTeamUser = await createUser(otherTeamKey);
    const productionUser = await createUser(keys.production);
    const deleted = await createUser();
    await as(keys.sandbox, api().delete(`/v2/user/${deleted}`));
    for (const userId of [otherTeamUser, productionUser, deleted, '5b0c2b4e-9d7a-4f3c-8e21-a6d94c3f7b10']) {
      const res = await connect(keys.sandbox, { user_id: userId, provider: 'oura' });
      expect([userId, res.status, res.body.detail?.error_type]).toEqual([userId, 404, 'not_found']);
    }
    expect(
      await db.knex('provider_connections').whereIn('user_id', [otherTeamUser, productionUser, deleted]),
    ).toEqual([]);
  });

  it('validates the body: a uuid and one of the demo providers', async () => {
    const userId = await createUser();
    const garmin = await connect(keys.sandbox, { user_id: userId, provider: 'garmin' });
    expect(garmin.status).toBe(422);
    expect(garmin.body.detail[0].loc).toEqual(['body', 'provider']);
    const badId = await connect(keys.sandbox, { user_id: 'nope', provider: 'oura' });
    expect(badId.status).toBe(422);
    expect(badId.body.detail[0].loc).toEqual(['body', 'user_id']);
    const missing = await connect(keys.sandbox, {});
    expect(missing.status).toBe(422);
    expect(missing.body.detail.map((d: { loc: string[] }) => d.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'user_id'],
        ['body', 'provider'],
      ]),
    );
  });

  it('requires a key', async () => {
    const res = await api()
      .post('/v2/link/connect/demo')
      .send({ user_id: await createUser(), provider: 'oura' });
    expect(res.status).toBe(401);
  });
});
