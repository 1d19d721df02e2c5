import request from 'supertest';
import { SUMMARY_KINDS } from '@meridian/domain';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';
import { insertSummary, insertUser } from './summaries.test-fixtures';

/** Summaries are read only for active users of the key's own team and environment. */
describe('summaries API: tenant isolation', () => {
  let h: DataApiHarness;
  let teamA: SeededTeam;
  let teamB: SeededTeam;
  const users: Record<'own' | 'otherEnvironment' | 'otherTeam' | 'deleted', string> = {
    own: '',
    otherEnvironment: '',
    otherTeam: '',
    deleted: '',
  };

  beforeAll(async () => {
    h = await createDataApiHarness();
    const orgA = await seedOrg(h.db.knex);
    const orgB = await seedOrg(h.db.knex);
    teamA = await seedTeam(h.db.knex, orgA.orgId);
    teamB = await seedTeam(h.db.knex, orgB.orgId);
    users.own = await insertUser(h.db.knex, teamA.teamId, 'sandbox');
    users.otherEnvironment = await insertUser(h.db.knex, teamA.teamId, 'production');
    users.otherTeam = await insertUser(h.db.knex, teamB.teamId, 'sandbox');
    users.deleted = await insertUser(h.db.knex, teamA.teamId, 'sandbox', { deleted: true });
    // Every user has one summary of every kind on the same day.
    const day = {
      payload: {},
      calendarDate: '2026-02-01',
      startAt: '2026-02-01T08:00:00Z',
      endAt: '2026-02-01T09:00:00Z',
    };
    await Promise.all(
      Object.values(users).flatMap((userId) =>
        SUMMARY_KINDS.map((kind) => insertSummary(h.db.knex, { userId, kind, ...day })),
      ),
    );
  }, 30_000);
  afterAll(() => h.close());

  const read = (kind: string, userId: string, key = teamA.apiKeys.sandbox) =>
    request(h.app)
      .get(`/v2/summary/${kind}/${userId}${kind === 'profile' ? '' : '?start_date=2026-01-01'}`)
      .set('x-service-api-key', key);

  it.each(SUMMARY_KINDS)(
    "%s: another environment's, another team's and a deleted user are 404",
    async (kind) => {
      for (const target of ['otherEnvironment', 'otherTeam', 'deleted'] as const) {
        const res = await read(kind, users[target]);
        expect({ target, status: res.status }).toEqual({ target, status: 404 });
        expect(res.body.detail.error_type).toBe('not_found');
      }
    },
  );

  it.each(SUMMARY_KINDS)('%s: the own user sees exactly its own summary', async (kind) => {
    const res = await read(kind, users.own);
    expect(res.status).toBe(200);
    const list = kind === 'profile' ? [res.body] : (Object.values(res.body)[0] as { user_id: string }[]);
    expect(list.map((s) => s.user_id)).toEqual([users.own]);
  });

  it("the other tenants' keys read their own users, never team A sandbox's", async () => {
    expect((await read('body', users.otherEnvironment, teamA.apiKeys.production)).status).toBe(200);
    expect((await read('body', users.otherTeam, teamB.apiKeys.sandbox)).status).toBe(200);
    expect((await read('body', users.own, teamA.apiKeys.production)).status).toBe(404);
    expect((await read('body', users.own, teamB.apiKeys.sandbox)).status).toBe(404);
  });

  it('needs a team API key', async () => {
    const res = await request(h.app).get(`/v2/summary/body/${users.own}?start_date=2026-01-01`);
    expect(res.status).toBe(401);
    expect(res.body.detail.error_type).toBe('invalid_credentials');
  });
});
