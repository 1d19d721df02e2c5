import { seedManagementKey, seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import request from 'supertest';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api } from '../../testing/management-seeds';

interface Preference {
  team_id: string;
  provider: string;
  default: boolean;
  resource_overrides: Record<string, boolean> | null;
}
const pairs = (prefs: Preference[]) => prefs.map((p) => `${p.team_id} ${p.provider}`);
/** The list order: team id, then provider, both in byte order. */
const listOrder = (keys: string[]) => [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('team data-pull preferences', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  const as = (key = org.orgKey) => api(h.app, key);
  const base = (env = 'sandbox', region = 'us', orgId = org.orgId) =>
    `/v1/org/${orgId}/team_data_pull_preferences/${env}/${region}`;
  const upsert = (body: object, env = 'sandbox', key = org.orgKey) => as(key).post(base(env)).send(body);
  const rowsOf = (teamId: string) =>
    h.db.knex('team_data_pull_preferences').where({ team_id: teamId }).orderBy('provider');

  beforeAll(async () => {
    h = await createManagementApiHarness();
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
  });
  afterAll(() => h.close());

  it('writes every provider to every team and answers them in request order', async () => {
    const second = await seedTeam(h.db.knex, org.orgId);
    const res = await upsert({
      team_ids: [second.teamId, team.teamId],
      providers: {
        oura: { default: true, resource_overrides: { sleep: false, hrv: true } },
        renpho: { default: false },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data_pull_preferences: [
        {
          team_id: second.teamId,
          provider: 'oura',
          default: true,
          resource_overrides: { sleep: false, hrv: true },
        },
        { team_id: second.teamId, provider: 'renpho', default: false, resource_overrides: null },
        {
          team_id: team.teamId,
          provider: 'oura',
          default: true,
          resource_overrides: { sleep: false, hrv: true },
        },
        { team_id: team.teamId, provider: 'renpho', default: false, resource_overrides: null },
      ],
      next_cursor: null,
    });
    expect(await rowsOf(team.teamId)).toEqual([
      expect.objectContaining({ environment: 'sandbox', provider: 'oura', default: true }),
      expect.objectContaining({ environment: 'sandbox', provider: 'renpho', resource_overrides: null }),
    ]);
    expect((await as().get(base('production'))).body.data_pull_preferences).toEqual([]);
  });

  it('replaces the named providers of a team and keeps the others', async () => {
    await upsert({
      team_ids: [team.teamId],
      providers: {
        oura: { default: true, resource_overrides: { sleep: false } },
        renpho: { default: false },
      },
    });
    const res = await upsert({ team_ids: [team.teamId], providers: { oura: { default: false } } });
    expect(res.body.data_pull_preferences).toEqual([
      { team_id: team.teamId, provider: 'oura', default: false, resource_overrides: null },
    ]);
    const listed = (await as().get(`${base()}?team_id=${team.teamId}`)).body.data_pull_preferences;
    expect(listed).toEqual([
      { team_id: team.teamId, provider: 'oura', default: false, resource_overrides: null },
      { team_id: team.teamId, provider: 'renpho', default: false, resource_overrides: null },
    ]);
  });

  it('pages 5 at a time by default (or limit) in team, provider order, with filters', async () => {
    const teams = [team.teamId, (await seedTeam(h.db.knex, org.orgId)).teamId];
    teams.push((await seedTeam(h.db.knex, org.orgId)).teamId);
    const providers = ['withings', 'oura', 'dexcom_v3'];
    await upsert({
      team_ids: teams,
      providers: Object.fromEntries(providers.map((p) => [p, { default: true }])),
    });
    const all = listOrder(teams.flatMap((t) => providers.map((p) => `${t} ${p}`)));

    const first = await as().get(base());
    expect(pairs(first.body.data_pull_preferences)).toEqual(all.slice(0, 5));
    const second = await as().get(`${base()}?next_cursor=${first.body.next_cursor}`);
    expect(pairs(second.body.data_pull_preferences)).toEqual(all.slice(5));
    expect(second.body.next_cursor).toBeNull();

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: request.Response = await as().get(
        `${base()}?limit=2${cursor ? `&next_cursor=${cursor}` : ''}`,
      );
      expect(page.body.data_pull_preferences.length).toBeLessThanOrEqual(2);
      seen.push(...pairs(page.body.data_pull_preferences));
      cursor = page.body.next_cursor as string | null;
    } while (cursor);
    expect(seen).toEqual(all);

    const filtered = await as().get(
      `${base()}?team_id=${teams[1]}&team_id=${teams[2]}&provider=oura&provider=myspace&limit=100`,
    );
    expect(pairs(filtered.body.data_pull_preferences)).toEqual(
      listOrder([`${teams[1]} oura`, `${teams[2]} oura`]),
    );

    for (const query of ['limit=0', 'limit=101', 'next_cursor=bogus']) {
      const bad = await as().get(`${base()}?${query}`);
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0].loc).toEqual(['query', query.split('=')[0]]);
    }
  });

  it('deletes the named teams’ preferences, of the named providers only when given', async () => {
    const other = await seedTeam(h.db.knex, org.orgId);
    const providers = { oura: { default: true }, renpho: { default: false }, withings: { default: true } };
    await upsert({ team_ids: [team.teamId, other.teamId], providers });
    const some = await as().delete(`${base()}?team_id=${team.teamId}&provider=oura&provider=withings`);
    expect(some.status).toBe(200);
    expect(pairs(some.body.data_pull_preferences)).toEqual([
      `${team.teamId} oura`,
      `${team.teamId} withings`,
    ]);
    expect((await rowsOf(team.teamId)).map((r: Preference) => r.provider)).toEqual(['renpho']);
    const rest = await as().delete(`${base()}?team_id=${team.teamId}`);
    expect(pairs(rest.body.data_pull_preferences)).toEqual([`${team.teamId} renpho`]);
    expect(await rowsOf(other.teamId)).toHaveLength(3);
    const noTeam = await as().delete(base());
    expect(noTeam.status).toBe(422);
    expect(noTeam.body.detail[0]).toMatchObject({ loc: ['query', 'team_id'], type: 'missing' });
  });

  it('refuses unknown providers, unknown resources and resources the provider does not supply', async () => {
    const res = await upsert({
      team_ids: [team.teamId],
      providers: {
        myspace: { default: true },
        renpho: { default: true, resource_overrides: { weight: true, sleep: false, bogus: true } },
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'providers', 'myspace'], type: 'enum' }),
      expect.objectContaining({
        loc: ['body', 'providers', 'renpho', 'resource_overrides', 'sleep'],
        type: 'value_error',
        ctx: { supported_resources: expect.arrayContaining(['weight']) },
      }),
      expect.objectContaining({
        loc: ['body', 'providers', 'renpho', 'resource_overrides', 'bogus'],
        type: 'enum',
      }),
    ]);
    const shapes = await upsert({ team_ids: [], providers: { oura: { default: 'yes' } } });
    expect(shapes.body.detail.map((d: { loc: string[] }) => d.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'team_ids'],
        ['body', 'providers', 'oura', 'default'],
      ]),
    );
    const empty = await upsert({ team_ids: [team.teamId], providers: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0].loc).toEqual(['body', 'providers']);
    expect(await rowsOf(team.teamId)).toEqual([]);
  });

  describe('access and tenancy', () => {
    it('keeps a Team Management Key to its bound teams', async () => {
      const other = await seedTeam(h.db.knex, org.orgId);
      await upsert({ team_ids: [other.teamId], providers: { oura: { default: true } } });
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [team.teamId],
      });
      const own = await upsert(
        { team_ids: [team.teamId], providers: { oura: { default: false } } },
        'sandbox',
        teamKey,
      );
      expect(own.status).toBe(200);
      for (const res of [
        await upsert(
          { team_ids: [team.teamId, other.teamId], providers: { oura: { default: false } } },
          'sandbox',
          teamKey,
        ),
        await as(teamKey).get(`${base()}?team_id=${other.teamId}`),
        await as(teamKey).delete(`${base()}?team_id=${other.teamId}`),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.detail.error_type).toBe('forbidden');
      }
      expect(pairs((await as(teamKey).get(base())).body.data_pull_preferences)).toEqual([
        `${team.teamId} oura`,
      ]);
      expect(await rowsOf(other.teamId)).toEqual([expect.objectContaining({ default: true })]);
    });

    it('answers 404 for teams of another org or region, writing nothing, and for the region not served', async () => {
      const foreign = await seedOrg(h.db.knex);
      const foreignTeam = await seedTeam(h.db.knex, foreign.orgId);
      await as(foreign.orgKey)
        .post(base('sandbox', 'us', foreign.orgId))
        .send({ team_ids: [foreignTeam.teamId], providers: { oura: { default: true } } });
      const euTeam = await seedTeam(h.db.knex, org.orgId, { region: 'eu' });
      for (const teamId of [foreignTeam.teamId, euTeam.teamId]) {
        for (const res of [
          await upsert({ team_ids: [team.teamId, teamId], providers: { oura: { default: false } } }),
          await as().get(`${base()}?team_id=${teamId}`),
          await as().delete(`${base()}?team_id=${teamId}`),
        ]) {
          expect(res.status).toBe(404);
          expect(res.body.detail.error_type).toBe('not_found');
        }
      }
      expect(await rowsOf(team.teamId)).toEqual([]);
      expect(await rowsOf(foreignTeam.teamId)).toHaveLength(1);
      expect((await as().get(base())).body.data_pull_preferences).toEqual([]);

      const eu = await as().get(base('sandbox', 'eu'));
      expect(eu.status).toBe(404);
      const wrong = await request(h.app).get(base()).set('x-service-api-key', team.apiKeys.sandbox);
      expect(wrong.status).toBe(403);
      expect(wrong.body.detail.error_type).toBe('wrong_key_type');
    });
  });
});
