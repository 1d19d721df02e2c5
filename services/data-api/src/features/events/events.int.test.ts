import request from 'supertest';
import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId, type Environment } from '@meridian/domain';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';

describe('GET /v2/events', () => {
  let h: DataApiHarness;
  let team: SeededTeam;
  let other: SeededTeam;

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    other = await seedTeam(h.db.knex, org.orgId);
  });
  afterAll(() => h.close());

  async function record(teamId: string, environment: Environment, n: number): Promise<string[]> {
    const userId = newId();
    return createOutboxRepository(h.db.knex).append(
      Array.from({ length: n }, (_, i) => ({
        teamId,
        environment,
        userId,
        envelope: eventEnvelope(
          'daily.data.steps.created',
          { n: i },
          { userId, clientUserId: 'cu-1', teamId },
        ),
      })),
    );
  }
  const feed = (key: string, query = '') =>
    request(h.app).get(`/v2/events${query}`).set('x-service-api-key', key);

  it('replays only the key’s team environment, in order, page by page, and polls from the last cursor', async () => {
    const mine = await record(team.teamId, 'sandbox', 5);
    await record(team.teamId, 'production', 2);
    await record(other.teamId, 'sandbox', 2);

    const first = await feed(team.apiKeys.sandbox, '?limit=3');
    expect(first.status).toBe(200);
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual(mine.slice(0, 3));
    expect(first.body.data[0]).toEqual({
      id: mine[0],
      created_at: expect.stringMatching(/\+00:00$/),
      event: {
        event_type: 'daily.data.steps.created',
        data: { n: 0 },
        user_id: expect.any(String),
        client_user_id: 'cu-1',
        team_id: team.teamId,
      },
    });
    const second = await feed(team.apiKeys.sandbox, `?limit=3&after=${first.body.next_cursor}`);
    expect(second.body.data.map((e: { id: string }) => e.id)).toEqual(mine.slice(3));
    const idle = await feed(team.apiKeys.sandbox, `?after=${second.body.next_cursor}`);
    expect(idle.body).toEqual({ data: [], next_cursor: second.body.next_cursor });

    const later = await record(team.teamId, 'sandbox', 1);
    const poll = await feed(team.apiKeys.sandbox, `?after=${idle.body.next_cursor}`);
    expect(poll.body.data.map((e: { id: string }) => e.id)).toEqual(later);

    const production = await feed(team.apiKeys.production);
    expect(production.body.data).toHaveLength(2);
  });

  it('skips etl_only events (historical data pushed only to ETL pipelines)', async () => {
    const start = await feed(team.apiKeys.production);
    const userId = newId();
    const envelope = (n: number) =>
      eventEnvelope('daily.data.steps.created', { n }, { userId, clientUserId: 'cu-2', teamId: team.teamId });
    const [etlOnly, visible] = await createOutboxRepository(h.db.knex).append([
      { teamId: team.teamId, environment: 'production', userId, envelope: envelope(1), etlOnly: true },
      { teamId: team.teamId, environment: 'production', userId, envelope: envelope(2) },
    ]);
    const page = await feed(team.apiKeys.production, `?after=${start.body.next_cursor ?? ''}`);
    expect(page.status).toBe(200);
    expect(page.body.data.map((e: { id: string }) => e.id)).toEqual([visible]);
    expect(page.body.data.map((e: { id: string }) => e.id)).not.toContain(etlOnly);
  });

  it('refuses a cursor it did not issue and a bad limit with 422 items', async () => {
    const bad = await feed(team.apiKeys.sandbox, '?after=%24%24%24');
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['query', 'after'], type: 'value_error' });
    const limit = await feed(team.apiKeys.sandbox, '?limit=0');
    expect(limit.status).toBe(422);
    expect(limit.body.detail[0]).toMatchObject({ loc: ['query', 'limit'] });
  });

  it('needs a team API key', async () => {
    expect((await request(h.app).get('/v2/events')).status).toBe(401);
  });
});
