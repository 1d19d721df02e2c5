import request from 'supertest';
import type { Knex } from '@meridian/db';
import { newId, providerBySlug } from '@meridian/domain';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';
import { insertUser } from '../summaries/summaries.test-fixtures';

const T = (iso: string) => `${iso.replace(/Z$/, '')}+00:00`;

async function connect(knex: Knex, userId: string, provider: string, createdOn: string) {
  await knex('provider_connections').insert({
    id: newId(),
    user_id: userId,
    provider,
    created_on: createdOn,
  });
}

async function insertPull(knex: Knex, row: Record<string, unknown>) {
  await knex('historical_pulls').insert({ scheduled_at: '2026-01-01T00:00:00Z', ...row });
}

describe('introspection API', () => {
  let h: DataApiHarness;
  let team: SeededTeam;
  let otherTeam: SeededTeam;
  /** Team sandbox users in created_on order. */
  const u: string[] = [];
  const foreign: Record<'otherEnvironment' | 'otherTeam' | 'deleted', string> = {
    otherEnvironment: '',
    otherTeam: '',
    deleted: '',
  };

  beforeAll(async () => {
    h = await createDataApiHarness();
    const knex = h.db.knex;
    const org = await seedOrg(knex);
    team = await seedTeam(knex, org.orgId);
    otherTeam = await seedTeam(knex, (await seedOrg(knex)).orgId);
    for (let i = 0; i < 5; i++) {
      // Two users share a created_on (microseconds included): the id breaks the tie across pages.
      const createdOn = `2026-01-0${Math.min(i, 3) + 1}T10:00:00.123456Z`;
      u.push(await insertUser(knex, team.teamId, 'sandbox', { createdOn }));
    }
    if (u[3]! > u[4]!) u.push(...u.splice(3, 1)); // the tie is ordered by id
    foreign.otherEnvironment = await insertUser(knex, team.teamId, 'production');
    foreign.otherTeam = await insertUser(knex, otherTeam.teamId, 'sandbox');
    foreign.deleted = await insertUser(knex, team.teamId, 'sandbox', { deleted: true });

    const [u0, u1, u2, u3] = u as [string, string, string, string, string];
    await connect(knex, u0, 'oura', '2025-06-01T00:00:00Z');
    await connect(knex, u1, 'fitbit', '2025-05-08T23:59:59Z');
    await connect(knex, u2, 'garmin', '2025-05-09T00:00:00Z');
    await knex('resource_stats').insert([
      {
        user_id: u0,
        provider: 'oura',
        resource: 'sleep',
        last_attempt_at: '2026-02-01T06:00:00Z',
        last_attempt_status: 'success',
        oldest_data: '2025-11-01T22:00:00Z',
        newest_data: '2026-02-01T05:30:00.250Z',
        sent_count: 93,
      },
      {
        user_id: u0,
        provider: 'oura',
        resource: 'activity',
        last_attempt_at: '2026-02-01T06:00:00Z',
        last_attempt_status: 'error',
      },
      { user_id: u0, provider: 'withings', resource: 'weight' },
      { user_id: u1, provider: 'fitbit', resource: 'steps', sent_count: 4 },
    ]);
    await insertPull(knex, {
      user_id: u0,
      provider: 'oura',
      resource: 'sleep',
      status: 'retrying',
      range_start: '2025-11-01T00:00:00Z',
      range_end: '2026-02-01T00:00:00Z',
      started_at: '2026-01-01T00:00:05Z',
      days_with_data: 12,
      release: 'meridian-2026.1',
      trace_id: 'trace-1',
      error_details: 'provider_rate_limit_exceeded',
    });
    await insertPull(knex, {
      user_id: u0,
      provider: 'oura',
      resource: 'activity',
      status: 'success',
      started_at: '2026-01-01T00:00:05Z',
      ended_at: '2026-01-01T00:10:00Z',
      days_with_data: 92,
    });
    await insertPull(knex, {
      user_id: u1,
      provider: 'fitbit',
      resource: 'sleep',
      status: 'retrying',
      error_details: 'provider_unavailable',
    });
    await insertPull(knex, { user_id: u2, provider: 'garmin', resource: 'sleep', status: 'retrying' });
    // No connection recorded (a lab): `retrying` is not offered; unlisted error details are unexpected_error.
    await insertPull(knex, {
      user_id: u3,
      provider: 'quest',
      resource: 'result',
      status: 'retrying',
      error_details: 'lab_exploded',
    });
    for (const userId of Object.values(foreign)) {
      await connect(knex, userId, 'oura', '2025-06-01T00:00:00Z');
      await knex('resource_stats').insert({ user_id: userId, provider: 'oura', resource: 'sleep' });
      await insertPull(knex, { user_id: userId, provider: 'oura', resource: 'sleep', status: 'success' });
    }
  }, 30_000);
  afterAll(() => h.close());

  const get = (path: string, key = team.apiKeys.sandbox) =>
    request(h.app).get(path).set('x-service-api-key', key);

  describe('GET /v2/introspect/resources', () => {
    it("renders one user's figures exactly", async () => {
      const res = await get(`/v2/introspect/resources?user_id=${u[0]}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: [
          {
            user_id: u[0],
            provider: {
              oura: {
                activity: {
                  last_attempt: { timestamp: T('2026-02-01T06:00:00Z'), status: 'failure' },
                  oldest_data: null,
                  newest_data: null,
                  sent_count: 0,
                },
                sleep: {
                  last_attempt: { timestamp: T('2026-02-01T06:00:00Z'), status: 'success' },
                  oldest_data: T('2025-11-01T22:00:00Z'),
                  newest_data: T('2026-02-01T05:30:00.250Z'),
                  sent_count: 93,
                },
              },
              withings: {
                weight: { last_attempt: null, oldest_data: null, newest_data: null, sent_count: 0 },
              },
            },
          },
        ],
        next_cursor: null,
        next: null,
      });
    });

    it('lists every active user of the team environment, connected providers without figures as {}', async () => {
      const res = await get('/v2/introspect/resources');
      expect(res.status).toBe(200);
      expect(res.body.data.map((d: { user_id: string }) => d.user_id)).toEqual(u);
      expect(res.body.data[1].provider).toEqual({
        fitbit: { steps: { last_attempt: null, oldest_data: null, newest_data: null, sent_count: 4 } },
      });
      expect(res.body.data[2].provider).toEqual({ garmin: {} });
      expect(res.body.data[4].provider).toEqual({});
      expect(res.body.next_cursor).toBeNull();
    });

    it('narrows to a provider: its users only, its entry only; an unknown slug gives an empty page', async () => {
      const oura = await get('/v2/introspect/resources?provider=oura');
      expect(oura.body.data).toHaveLength(1);
      expect(oura.body.data[0].user_id).toBe(u[0]);
      expect(Object.keys(oura.body.data[0].provider)).toEqual(['oura']);
      const garmin = await get('/v2/introspect/resources?provider=garmin');
      expect(garmin.body.data).toEqual([{ user_id: u[2], provider: { garmin: {} } }]);
      const none = await get('/v2/introspect/resources?provider=nope');
      expect(none.body).toEqual({ data: [], next_cursor: null, next: null });
    });
  });

  describe('paging', () => {
    const pageIds = (body: { data: { user_id: string }[] }) => body.data.map((d) => d.user_id);

    it.each(['resources', 'historical_pull'])(
      '%s: user_limit pages follow next_cursor to the end',
      async (path) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        const sizes: number[] = [];
        do {
          const q: string = cursor === null ? '' : `&next_cursor=${cursor}`;
          const res = await get(`/v2/introspect/${path}?user_limit=2${q}`);
          expect(res.status).toBe(200);
          expect(res.body.next).toBe(res.body.next_cursor);
          sizes.push(res.body.data.length);
          seen.push(...pageIds(res.body));
          cursor = res.body.next_cursor;
        } while (cursor !== null && sizes.length < 10);
        expect(sizes).toEqual([2, 2, 1]);
        expect(seen).toEqual(u);
      },
    );

    it('accepts the deprecated cursor; next_cursor wins when both are sent; empty is the first page', async () => {
      const first = await get('/v2/introspect/resources?user_limit=2');
      const second = await get(`/v2/introspect/resources?user_limit=2&cursor=${first.body.next_cursor}`);
      expect(pageIds(second.body)).toEqual(u.slice(2, 4));
      const third = await get(
        `/v2/introspect/resources?user_limit=2&cursor=${first.body.next_cursor}&next_cursor=${second.body.next_cursor}`,
      );
      expect(pageIds(third.body)).toEqual(u.slice(4));
      const empty = await get('/v2/introspect/resources?user_limit=2&next_cursor=');
      expect(pageIds(empty.body)).toEqual(u.slice(0, 2));
    });

    it('defaults user_limit to 50', async () => {
      const knex = h.db.knex;
      const t = await seedTeam(knex, (await seedOrg(knex)).orgId);
      await knex('users').insert(
        Array.from({ length: 51 }, (_, i) => ({
          id: newId(),
          team_id: t.teamId,
          environment: 'sandbox',
          client_user_id: `bulk-${i}`,
        })),
      );
      const res = await get('/v2/introspect/resources', t.apiKeys.sandbox);
      expect(res.body.data).toHaveLength(50);
      expect(res.body.next_cursor).toEqual(expect.any(String));
      const rest = await get(
        `/v2/introspect/resources?next_cursor=${res.body.next_cursor}`,
        t.apiKeys.sandbox,
      );
      expect(rest.body.data).toHaveLength(1);
      expect(rest.body.next_cursor).toBeNull();
    });
  });

  describe('validation and tenancy', () => {
    function expectIssue(res: request.Response, loc: string[], type: string) {
      expect(res.status).toBe(422);
      expect(res.body.detail).toHaveLength(1);
      expect(res.body.detail[0]).toMatchObject({ loc, type });
    }

    it.each(['resources', 'historical_pull'])('%s: 422 for bad cursors, limits and ids', async (path) => {
      expectIssue(
        await get(`/v2/introspect/${path}?next_cursor=bogus`),
        ['query', 'next_cursor'],
        'value_error',
      );
      expectIssue(await get(`/v2/introspect/${path}?cursor=bogus`), ['query', 'cursor'], 'value_error');
      const forged = Buffer.from(JSON.stringify({ c: 'x', u: 'y' })).toString('base64url');
      expectIssue(
        await get(`/v2/introspect/${path}?next_cursor=${forged}`),
        ['query', 'next_cursor'],
        'value_error',
      );
      expectIssue(
        await get(`/v2/introspect/${path}?user_limit=0`),
        ['query', 'user_limit'],
        'greater_than_equal',
      );
      expectIssue(
        await get(`/v2/introspect/${path}?user_limit=501`),
        ['query', 'user_limit'],
        'less_than_equal',
      );
      expectIssue(await get(`/v2/introspect/${path}?user_limit=ten`), ['query', 'user_limit'], 'int_type');
      expectIssue(await get(`/v2/introspect/${path}?user_id=nope`), ['query', 'user_id'], 'uuid_parsing');
    });

    it.each(['resources', 'historical_pull'])(
      "%s: another environment's, another team's or a deleted user is 404 and never listed",
      async (path) => {
        for (const [name, userId] of Object.entries(foreign)) {
          const res = await get(`/v2/introspect/${path}?user_id=${userId}`);
          expect({ name, status: res.status }).toEqual({ name, status: 404 });
          expect(res.body.detail.error_type).toBe('not_found');
        }
        const all = await get(`/v2/introspect/${path}?user_limit=500`);
        expect(all.body.data.map((d: { user_id: string }) => d.user_id)).toEqual(u);
        const other = await get(`/v2/introspect/${path}`, otherTeam.apiKeys.sandbox);
        expect(other.body.data.map((d: { user_id: string }) => d.user_id)).toEqual([foreign.otherTeam]);
      },
    );
  });

  describe('GET /v2/introspect/historical_pull', () => {
    it("renders one user's pulls exactly; not_pulled is what the provider supports without a pull", async () => {
      const res = await get(`/v2/introspect/historical_pull?user_id=${u[0]}`);
      expect(res.status).toBe(200);
      const supported = providerBySlug('oura')!.supportedResources;
      expect(supported).toEqual(expect.arrayContaining(['sleep', 'activity', 'heartrate']));
      expect(res.body).toEqual({
        data: [
          {
            user_id: u[0],
            provider: {
              oura: {
                pulled: {
                  activity: {
                    status: 'success',
                    range_start: null,
                    range_end: null,
                    timeline: {
                      scheduled_at: T('2026-01-01T00:00:00Z'),
                      started_at: T('2026-01-01T00:00:05Z'),
                      ended_at: T('2026-01-01T00:10:00Z'),
                    },
                    days_with_data: 92,
                    release: 'meridian',
                    trace_id: null,
                    error_details: null,
                  },
                  sleep: {
                    status: 'retrying',
                    range_start: T('2025-11-01T00:00:00Z'),
                    range_end: T('2026-02-01T00:00:00Z'),
                    timeline: {
                      scheduled_at: T('2026-01-01T00:00:00Z'),
                      started_at: T('2026-01-01T00:00:05Z'),
                      ended_at: null,
                    },
                    days_with_data: 12,
                    release: 'meridian-2026.1',
                    trace_id: 'trace-1',
                    error_details: 'provider_rate_limit_exceeded',
                  },
                },
                not_pulled: supported.filter((r) => r !== 'sleep' && r !== 'activity'),
              },
            },
          },
        ],
        next_cursor: null,
        next: null,
      });
    });

    it('reports retrying only for connections created on or after 2025-05-09; older ones as failure', async () => {
      const res = await get('/v2/introspect/historical_pull');
      const byUser = new Map(
        res.body.data.map((d: { user_id: string; provider: unknown }) => [d.user_id, d.provider]),
      );
      const status = (userId: string, provider: string, resource: string) =>
        (
          byUser.get(userId) as Record<
            string,
            { pulled: Record<string, { status: string; error_details: string }> }
          >
        )[provider]!.pulled[resource];
      // Connected 2025-05-08T23:59:59Z: too early for retrying; the error details stay.
      expect(status(u[1]!, 'fitbit', 'sleep')).toMatchObject({
        status: 'failure',
        error_details: 'provider_unavailable',
      });
      // Connected exactly at 2025-05-09T00:00:00Z.
      expect(status(u[2]!, 'garmin', 'sleep')).toMatchObject({ status: 'retrying', error_details: null });
      // No connection recorded (a lab).
      expect(status(u[3]!, 'quest', 'result')).toMatchObject({
        status: 'failure',
        error_details: 'unexpected_error',
      });
    });

    it('takes a lab slug as provider; labs have no catalog entry, so nothing is listed as not pulled', async () => {
      const res = await get('/v2/introspect/historical_pull?provider=quest');
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0].user_id).toBe(u[3]);
      expect(res.body.data[0].provider.quest.not_pulled).toEqual([]);
      expect(Object.keys(res.body.data[0].provider.quest.pulled)).toEqual(['result']);
    });

    it('lists a connected provider without pulls with everything it supports as not pulled', async () => {
      const knex = h.db.knex;
      const t = await seedTeam(knex, (await seedOrg(knex)).orgId);
      const userId = await insertUser(knex, t.teamId, 'sandbox');
      await connect(knex, userId, 'wahoo', '2026-01-01T00:00:00Z');
      const res = await get('/v2/introspect/historical_pull', t.apiKeys.sandbox);
      expect(res.body.data).toEqual([
        {
          user_id: userId,
          provider: { wahoo: { pulled: {}, not_pulled: [...providerBySlug('wahoo')!.supportedResources] } },
        },
      ]);
    });
  });
});
