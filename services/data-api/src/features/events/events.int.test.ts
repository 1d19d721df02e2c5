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

  describe('cursors are opaque and bound to the team environment (issue 11)', () => {
    const ids = (res: request.Response) => res.body.data.map((e: { id: string }) => e.id) as string[];
    const seqOf = async (id: string) =>
      String((await h.db.knex('outbox').where({ id }).first('seq')).seq as number | string);

    it('pages through the feed returning every event exactly once, the cursor never showing the sequence', async () => {
      // Sequence numbers long enough that finding one in a cursor would not be chance.
      await h.db.knex.raw(`select setval(pg_get_serial_sequence('outbox', 'seq'), 987654321000)`);
      const start = await feed(team.apiKeys.sandbox);
      const mine = await record(team.teamId, 'sandbox', 7);
      const seen: string[] = [];
      let after = start.body.next_cursor as string;
      for (let page = 0; page < 10; page++) {
        const res = await feed(team.apiKeys.sandbox, `?limit=2&after=${after}`);
        expect(res.status).toBe(200);
        if (res.body.data.length === 0) break;
        seen.push(...ids(res));
        const cursor = res.body.next_cursor as string;
        expect(cursor).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        const seq = await seqOf(seen.at(-1)!);
        expect(seq).toMatch(/^9876543210\d\d$/);
        expect(cursor).not.toContain(seq);
        expect(Buffer.from(cursor, 'base64url').toString('latin1')).not.toContain(seq);
        expect(Buffer.from(cursor, 'base64').toString('latin1')).not.toContain(seq);
        after = cursor;
      }
      expect(seen).toEqual(mine);
    });

    it('refuses a cursor of another team, of the other environment, tampered, or in the old form', async () => {
      await record(team.teamId, 'sandbox', 1);
      await record(team.teamId, 'production', 1);
      await record(other.teamId, 'sandbox', 1);
      const sandbox = (await feed(team.apiKeys.sandbox)).body.next_cursor as string;
      const otherTeams = (await feed(other.apiKeys.sandbox)).body.next_cursor as string;
      expect(sandbox).toEqual(expect.any(String));
      const raw = Buffer.from(sandbox, 'base64url');
      raw[raw.length - 1] = raw[raw.length - 1]! ^ 0x01;
      const tampered = raw.toString('base64url');
      const lastSeq = await seqOf(ids(await feed(team.apiKeys.sandbox)).at(-1)!);
      const oldForm = Buffer.from(lastSeq, 'utf8').toString('base64url');

      const refusals = [
        [other.apiKeys.sandbox, sandbox],
        [team.apiKeys.sandbox, otherTeams],
        [team.apiKeys.production, sandbox],
        [team.apiKeys.sandbox, tampered],
        [team.apiKeys.sandbox, oldForm],
      ] as const;
      for (const [key, cursor] of refusals) {
        const res = await feed(key, `?after=${cursor}`);
        expect(res.status).toBe(422);
        expect(res.body.detail[0]).toMatchObject({ loc: ['query', 'after'], type: 'value_error' });
      }
      // The owner's cursor still works for its owner.
      expect((await feed(team.apiKeys.sandbox, `?after=${sandbox}`)).status).toBe(200);
    });
  });

  it('needs a team API key', async () => {
    expect((await request(h.app).get('/v2/events')).status).toBe(401);
  });
});
