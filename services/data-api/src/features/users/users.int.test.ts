import request from 'supertest';
import { CLIENT_USER_ID_RULE } from '@meridian/domain';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('users API', () => {
  let h: DataApiHarness;
  let team: SeededTeam;
  let key: string;

  beforeAll(async () => {
    h = await createDataApiHarness();
    h.setNow(NOW);
    const org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    key = team.apiKeys.sandbox;
  });
  afterAll(() => h.close());

  const api = () => request(h.app);
  const create = (body: Record<string, unknown>, k = key) =>
    api().post('/v2/user').set('x-service-api-key', k).send(body);

  function expectSingleIssue(res: request.Response, loc: string[], type: string) {
    expect(res.status).toBe(422);
    expect(res.body.detail).toHaveLength(1);
    const [item] = res.body.detail;
    expect(Object.keys(item).sort()).toEqual(['ctx', 'input', 'loc', 'msg', 'type']);
    expect(item.loc).toEqual(loc);
    expect(item.type).toBe(type);
    return item;
  }

  describe('POST /v2/user', () => {
    it('creates a user and returns the full User with every key', async () => {
      const res = await create({ client_user_id: 'create-1' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        user_id: expect.stringMatching(UUID_RE),
        team_id: team.teamId,
        client_user_id: 'create-1',
        created_on: '2026-03-01T12:00:00+00:00',
        connected_sources: [],
        fallback_time_zone: null,
        fallback_birth_date: null,
        ingestion_start: null,
        ingestion_end: null,
      });
    });

    it('records fallback values given on create as manual', async () => {
      const res = await create({
        client_user_id: 'create-fallbacks',
        fallback_time_zone: 'Europe/Berlin',
        fallback_birth_date: '1990-02-28',
        ingestion_start: '2025-01-01',
        ingestion_end: '2025-01-01',
        unknown_key: 'ignored',
      });
      expect(res.status).toBe(200);
      expect(res.body.fallback_time_zone).toEqual({
        id: 'Europe/Berlin',
        source_slug: 'manual',
        updated_at: '2026-03-01T12:00:00+00:00',
      });
      expect(res.body.fallback_birth_date).toEqual({
        value: '1990-02-28',
        source_slug: 'manual',
        updated_at: '2026-03-01T12:00:00+00:00',
      });
      expect(res.body.ingestion_start).toBe('2025-01-01');
      expect(res.body.ingestion_end).toBe('2025-01-01');
    });

    it('is idempotent on client_user_id: a repeat is 400 with the existing user_id and created_on', async () => {
      const first = await create({ client_user_id: 'dup-1' });
      h.setNow(new Date(NOW.getTime() + 60_000));
      const again = await create({ client_user_id: 'dup-1', fallback_time_zone: 'UTC' });
      h.setNow(NOW);
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        detail: {
          error_type: 'duplicate_client_user_id',
          error_message: expect.any(String),
          user_id: first.body.user_id,
          created_on: first.body.created_on,
        },
      });
      const count = await h.db
        .knex('users')
        .where({ client_user_id: 'dup-1' })
        .count<{ c: number }[]>({ c: '*' });
      expect(Number(count[0]!.c)).toBe(1);
    });

    it('stays idempotent when creates race', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, () => create({ client_user_id: 'race-1' })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
      const winner = results.find((r) => r.status === 200)!;
      for (const r of results.filter((x) => x.status === 400)) {
        expect(r.body.detail.user_id).toBe(winner.body.user_id);
      }
    });

    it('scopes client_user_id to the team environment', async () => {
      await create({ client_user_id: 'shared-id' });
      const prod = await create({ client_user_id: 'shared-id' }, team.apiKeys.production);
      expect(prod.status).toBe(200);
    });

    it.each([
      ['jane.doe@example.com', 'email_address'],
      ['user: Jane.Doe+test@example.co.uk', 'email_address'],
      ['mailto:someone@example.org', 'email_address'],
      ['+1 415 555 0100', 'phone_number'],
      ['(415) 555-0100', 'phone_number'],
      ['+4915112345678', 'phone_number'],
    ])('refuses client_user_id %p as personal data (%s)', async (value, reason) => {
      const res = await create({ client_user_id: value });
      const item = expectSingleIssue(res, ['body', 'client_user_id'], 'value_error');
      expect(item.msg).toBe(CLIENT_USER_ID_RULE);
      // The value is the personal data: never echoed back.
      expect(item.input).toBeNull();
      expect(res.text).not.toContain(JSON.stringify(value).slice(1, -1));
      expect(item.ctx).toEqual({ reason });
      expect(await h.db.knex('users').where({ client_user_id: value }).first()).toBeUndefined();
    });

    it.each(['12345678', '0c6f2a9e-5a4f-4a8e-9d1e-2b7c3f0a1b2c', 'user_42', '4155550100'])(
      'allows the opaque id %p',
      async (value) => {
        const res = await create({ client_user_id: value });
        expect(res.status).toBe(200);
        expect(res.body.client_user_id).toBe(value);
      },
    );

    it('enforces the 1–255 length of client_user_id', async () => {
      expectSingleIssue(await create({ client_user_id: '' }), ['body', 'client_user_id'], 'string_too_short');
      expectSingleIssue(
        await create({ client_user_id: 'x'.repeat(256) }),
        ['body', 'client_user_id'],
        'string_too_long',
      );
      expect((await create({ client_user_id: 'y'.repeat(255) })).status).toBe(200);
    });

    it('requires client_user_id', async () => {
      const item = expectSingleIssue(await create({}), ['body', 'client_user_id'], 'missing');
      expect(item.input).toEqual({});
    });

    it('refuses an unknown time zone', async () => {
      const res = await create({ client_user_id: 'tz-bad', fallback_time_zone: 'Mars/Olympus_Mons' });
      const item = expectSingleIssue(res, ['body', 'fallback_time_zone'], 'value_error');
      expect(item.input).toBe('Mars/Olympus_Mons');
      expect(item.msg).toMatch(/IANA/);
    });

    it.each(['2023-02-29', '2024-13-01', '2024-04-31', '24-01-01', '2024-01-01T00:00:00Z'])(
      'refuses %p as fallback_birth_date',
      async (value) => {
        const res = await create({ client_user_id: 'date-bad', fallback_birth_date: value });
        const item = expectSingleIssue(res, ['body', 'fallback_birth_date'], 'date_parsing');
        expect(item.input).toBe(value);
      },
    );

    it('accepts a leap day', async () => {
      const res = await create({ client_user_id: 'leap', fallback_birth_date: '2024-02-29' });
      expect(res.status).toBe(200);
      expect(res.body.fallback_birth_date.value).toBe('2024-02-29');
    });

    it('refuses ingestion_start after ingestion_end', async () => {
      const res = await create({
        client_user_id: 'bounds-bad',
        ingestion_start: '2025-02-02',
        ingestion_end: '2025-02-01',
      });
      const item = expectSingleIssue(res, ['body', 'ingestion_end'], 'value_error');
      expect(item.ctx).toEqual({ ingestion_start: '2025-02-02', ingestion_end: '2025-02-01' });
    });

    it('reports every rule broken at once', async () => {
      const res = await create({ client_user_id: 'a@b.io', fallback_time_zone: 'Nowhere/Else' });
      expect(res.status).toBe(422);
      expect(res.body.detail.map((i: { loc: string[] }) => i.loc[1])).toEqual([
        'client_user_id',
        'fallback_time_zone',
      ]);
    });

    it('refuses a body that is not JSON', async () => {
      const res = await api()
        .post('/v2/user')
        .set('x-service-api-key', key)
        .set('content-type', 'text/plain')
        .send('x');
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc[0]).toBe('body');
    });
  });

  describe('GET /v2/user/{user_id} and resolve', () => {
    it('reads a user by id and by client_user_id', async () => {
      const created = await create({ client_user_id: 'read-1', fallback_time_zone: 'America/New_York' });
      const byId = await api().get(`/v2/user/${created.body.user_id}`).set('x-service-api-key', key);
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual(created.body);
      const resolved = await api().get('/v2/user/resolve/read-1').set('x-service-api-key', key);
      expect(resolved.status).toBe(200);
      expect(resolved.body).toEqual(created.body);
    });

    it('resolves a client_user_id that needs URL encoding', async () => {
      const created = await create({ client_user_id: 'team a/user 7' });
      const res = await api()
        .get(`/v2/user/resolve/${encodeURIComponent('team a/user 7')}`)
        .set('x-service-api-key', key);
      expect(res.status).toBe(200);
      expect(res.body.user_id).toBe(created.body.user_id);
    });

    it('treats "resolve" and "providers" as literal segments', async () => {
      const created = await create({ client_user_id: 'providers' });
      expect((await api().get('/v2/user/resolve/providers').set('x-service-api-key', key)).body.user_id).toBe(
        created.body.user_id,
      );
    });

    it('is 404 for an unknown user and 422 for a malformed id', async () => {
      const missing = await api()
        .get('/v2/user/7d2b8c8e-0000-4000-8000-000000000000')
        .set('x-service-api-key', key);
      expect(missing.status).toBe(404);
      expect(missing.body.detail.error_type).toBe('not_found');
      expectSingleIssue(
        await api().get('/v2/user/not-a-uuid').set('x-service-api-key', key),
        ['path', 'user_id'],
        'uuid_parsing',
      );
      expect((await api().get('/v2/user/resolve/nobody').set('x-service-api-key', key)).status).toBe(404);
    });
  });

  describe('GET /v2/user (paged)', () => {
    let pagedKey: string;
    const ids: string[] = [];

    beforeAll(async () => {
      const org = await seedOrg(h.db.knex);
      const t = await seedTeam(h.db.knex, org.orgId);
      pagedKey = t.apiKeys.production;
      for (let i = 0; i < 5; i++) {
        h.setNow(new Date(NOW.getTime() + (i % 2) * 1000)); // ties on created_on are broken by user_id
        const res = await create({ client_user_id: `page-${i}` }, pagedKey);
        ids.push(res.body.user_id);
      }
      h.setNow(NOW);
    });

    const expectedOrder = () =>
      [...ids]
        .map((id, i) => ({ id, t: i % 2 }))
        .sort((a, b) => a.t - b.t || (a.id < b.id ? -1 : 1))
        .map((x) => x.id);

    it('defaults to offset 0, limit 100 and orders by created_on, user_id', async () => {
      const res = await api().get('/v2/user').set('x-service-api-key', pagedKey);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(5);
      expect(res.body.offset).toBe(0);
      expect(res.body.limit).toBe(100);
      expect(res.body.users.map((u: { user_id: string }) => u.user_id)).toEqual(expectedOrder());
    });

    it('pages with offset and limit', async () => {
      const res = await api().get('/v2/user?offset=2&limit=2').set('x-service-api-key', pagedKey);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 5, offset: 2, limit: 2 });
      expect(res.body.users.map((u: { user_id: string }) => u.user_id)).toEqual(expectedOrder().slice(2, 4));
      const past = await api().get('/v2/user?offset=10').set('x-service-api-key', pagedKey);
      expect(past.body).toMatchObject({ users: [], total: 5, offset: 10 });
    });

    it.each([
      ['limit=0', 'limit', 'greater_than_equal'],
      ['limit=501', 'limit', 'less_than_equal'],
      ['offset=-1', 'offset', 'greater_than_equal'],
      ['limit=ten', 'limit', 'int_type'],
    ])('refuses %s', async (qs, key2, type) => {
      const res = await api().get(`/v2/user?${qs}`).set('x-service-api-key', pagedKey);
      expectSingleIssue(res, ['query', key2], type);
    });
  });

  describe('PATCH /v2/user/{user_id}', () => {
    const patch = (id: string, body: unknown) =>
      api()
        .patch(`/v2/user/${id}`)
        .set('x-service-api-key', key)
        .send(body as object);
    const read = async (id: string) => (await api().get(`/v2/user/${id}`).set('x-service-api-key', key)).body;

    it('sets fallback values as manual, bounds and client_user_id; 204 without body', async () => {
      const { body: user } = await create({ client_user_id: 'patch-1' });
      const later = new Date(NOW.getTime() + 3_600_000);
      h.setNow(later);
      const res = await patch(user.user_id, {
        client_user_id: 'patch-1-renamed',
        fallback_time_zone: 'Asia/Tokyo',
        fallback_birth_date: '1985-07-14',
        ingestion_start: '2024-01-01',
        ingestion_end: '2024-12-31',
      });
      h.setNow(NOW);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      const after = await read(user.user_id);
      expect(after).toMatchObject({
        client_user_id: 'patch-1-renamed',
        fallback_time_zone: {
          id: 'Asia/Tokyo',
          source_slug: 'manual',
          updated_at: '2026-03-01T13:00:00+00:00',
        },
        fallback_birth_date: {
          value: '1985-07-14',
          source_slug: 'manual',
          updated_at: '2026-03-01T13:00:00+00:00',
        },
        ingestion_start: '2024-01-01',
        ingestion_end: '2024-12-31',
        created_on: user.created_on,
      });
    });

    it('leaves absent keys alone and clears with null', async () => {
      const { body: user } = await create({
        client_user_id: 'patch-2',
        fallback_time_zone: 'UTC',
        fallback_birth_date: '2000-01-01',
        ingestion_start: '2024-01-01',
      });
      expect((await patch(user.user_id, { fallback_birth_date: null })).status).toBe(204);
      const after = await read(user.user_id);
      expect(after.fallback_birth_date).toBeNull();
      expect(after.fallback_time_zone).toEqual(user.fallback_time_zone);
      expect(after.ingestion_start).toBe('2024-01-01');
      expect((await patch(user.user_id, { fallback_time_zone: null, ingestion_start: null })).status).toBe(
        204,
      );
      expect(await read(user.user_id)).toMatchObject({ fallback_time_zone: null, ingestion_start: null });
      expect((await patch(user.user_id, {})).status).toBe(204);
    });

    it('checks one new bound against the stored other one', async () => {
      const { body: user } = await create({
        client_user_id: 'patch-3',
        ingestion_start: '2024-06-01',
        ingestion_end: '2024-06-30',
      });
      const late = await patch(user.user_id, { ingestion_start: '2024-07-01' });
      const item = expectSingleIssue(late, ['body', 'ingestion_start'], 'value_error');
      expect(item.ctx).toEqual({ ingestion_start: '2024-07-01', ingestion_end: '2024-06-30' });
      expectSingleIssue(
        await patch(user.user_id, { ingestion_end: '2024-05-31' }),
        ['body', 'ingestion_end'],
        'value_error',
      );
      expect((await patch(user.user_id, { ingestion_end: null, ingestion_start: '2024-07-01' })).status).toBe(
        204,
      );
      expect(await read(user.user_id)).toMatchObject({ ingestion_start: '2024-07-01', ingestion_end: null });
    });

    it('applies the personal-data, time zone and date rules', async () => {
      const { body: user } = await create({ client_user_id: 'patch-4' });
      const pii = expectSingleIssue(
        await patch(user.user_id, { client_user_id: 'x@y.com' }),
        ['body', 'client_user_id'],
        'value_error',
      );
      expect(pii.ctx).toEqual({ reason: 'email_address' });
      expect(pii.msg).toBe(CLIENT_USER_ID_RULE);
      expect(pii.input).toBeNull();
      expectSingleIssue(
        await patch(user.user_id, { fallback_time_zone: 'Europe/Atlantis' }),
        ['body', 'fallback_time_zone'],
        'value_error',
      );
      expectSingleIssue(
        await patch(user.user_id, { fallback_birth_date: '2021-02-30' }),
        ['body', 'fallback_birth_date'],
        'date_parsing',
      );
      // client_user_id cannot be cleared (the platform's type coercion reports null as a too-short string).
      const cleared = await patch(user.user_id, { client_user_id: null });
      expect(cleared.status).toBe(422);
      expect(cleared.body.detail[0].loc).toEqual(['body', 'client_user_id']);
      expect((await read(user.user_id)).client_user_id).toBe('patch-4');
    });

    it('is 400 duplicate_client_user_id when another active user holds the new id', async () => {
      const { body: holder } = await create({ client_user_id: 'patch-holder' });
      const { body: user } = await create({ client_user_id: 'patch-5' });
      const res = await patch(user.user_id, { client_user_id: 'patch-holder' });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatchObject({
        error_type: 'duplicate_client_user_id',
        user_id: holder.user_id,
        created_on: holder.created_on,
      });
      expect((await patch(user.user_id, { client_user_id: 'patch-5' })).status).toBe(204);
    });

    it('is 404 for an unknown user (after validation: 422 first)', async () => {
      const unknown = '7d2b8c8e-0000-4000-8000-000000000001';
      expect((await patch(unknown, { fallback_time_zone: 'UTC' })).status).toBe(404);
      expect((await patch(unknown, { fallback_time_zone: 'Bad/Zone' })).status).toBe(422);
    });
  });
});
