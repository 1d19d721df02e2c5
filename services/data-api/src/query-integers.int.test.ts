import request from 'supertest';
import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId } from '@meridian/domain';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from './testing/data-api.harness';

/**
 * Integer query parameters of the list endpoints accept only integers inside their documented bounds:
 * `1e309` (a number too large for a double, which parses to Infinity) once slipped through validation and
 * the query ran without a LIMIT.
 */
const outOfBounds = (min: number, max: number) => [
  ...new Set(['1e309', '-1e309', 'Infinity', '1.5', `${max + 1}`, `${min - 1}`, '-1']),
];

interface IntegerParam {
  list: string;
  path: string;
  name: string;
  min: number;
  max: number;
  /** How many items a page holds. */
  count: (body: Record<string, unknown[]>) => number;
}

const PARAMS: IntegerParam[] = [
  { list: 'users', path: '/v2/user', name: 'limit', min: 1, max: 500, count: (b) => b.users!.length },
  { list: 'users', path: '/v2/user', name: 'offset', min: 0, max: 2147483647, count: (b) => b.users!.length },
  { list: 'events', path: '/v2/events', name: 'limit', min: 1, max: 1000, count: (b) => b.data!.length },
  {
    list: 'introspection resources',
    path: '/v2/introspect/resources',
    name: 'user_limit',
    min: 1,
    max: 500,
    count: (b) => b.data!.length,
  },
  {
    list: 'introspection historical pulls',
    path: '/v2/introspect/historical_pull',
    name: 'user_limit',
    min: 1,
    max: 500,
    count: (b) => b.data!.length,
  },
];

describe('integer query parameters of the data API lists', () => {
  let h: DataApiHarness;
  let team: SeededTeam;
  const get = (path: string, query: Record<string, string>) =>
    request(h.app).get(path).query(query).set('x-service-api-key', team.apiKeys.sandbox);

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    // Three users and three events in the key's environment: more than a page of two.
    for (const n of [1, 2, 3]) {
      const created = await request(h.app)
        .post('/v2/user')
        .set('x-service-api-key', team.apiKeys.sandbox)
        .send({ client_user_id: `bounds-${n}` });
      expect(created.status).toBe(200);
    }
    const userId = newId();
    await createOutboxRepository(h.db.knex).append(
      [1, 2, 3].map((n) => ({
        teamId: team.teamId,
        environment: 'sandbox' as const,
        userId,
        envelope: eventEnvelope(
          'daily.data.steps.created',
          { n },
          { userId, clientUserId: 'cu', teamId: team.teamId },
        ),
      })),
    );
  });
  afterAll(() => h.close());

  describe.each(PARAMS.map((p) => [`${p.list} ${p.name}`, p] as const))('%s', (_title, param) => {
    it.each(outOfBounds(param.min, param.max))('refuses %s with 422 at the parameter', async (value) => {
      const res = await get(param.path, { [param.name]: value });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['query', param.name] })]);
    });

    it('accepts integers inside the bounds', async () => {
      for (const value of [param.min, param.max]) {
        expect((await get(param.path, { [param.name]: String(value) })).status).toBe(200);
      }
    });
  });

  it('a valid limit bounds the page', async () => {
    for (const param of PARAMS.filter((p) => p.name !== 'offset')) {
      const page = await get(param.path, { [param.name]: '2' });
      expect([param.path, page.status, param.count(page.body)]).toEqual([param.path, 200, 2]);
    }
    const rest = await get('/v2/user', { limit: '2', offset: '2' });
    expect(rest.body).toMatchObject({ total: 3, offset: 2, limit: 2 });
    expect(rest.body.users).toHaveLength(1);
  });
});
