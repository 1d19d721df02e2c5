import { connectorFor } from '@meridian/connectors';
import { seedManagementKey, seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import request from 'supertest';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api } from '../../testing/management-seeds';
import { scopesKnownTo } from '../shared/provider-capabilities';

describe('team scope requirements', () => {
  // scopes the real Oura and Strava connectors request (base scopes + their streams' resource scopes)
  const ouraScopes = scopesKnownTo(connectorFor('oura')!);
  const stravaScopes = scopesKnownTo(connectorFor('strava')!);
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  const as = (key = org.orgKey) => api(h.app, key);
  const url = (teamId = team.teamId, orgId = org.orgId) =>
    `/v1/org/${orgId}/team/${teamId}/scope_requirements`;
  const rowsOf = (teamId: string) =>
    h.db.knex('team_scope_requirements').where({ team_id: teamId }).orderBy('provider');

  beforeAll(async () => {
    h = await createManagementApiHarness();
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
  });
  afterAll(() => h.close());

  it('knows the connectors’ scopes', () => {
    expect(ouraScopes.length).toBeGreaterThanOrEqual(3);
    expect(ouraScopes).toContain('personal');
    expect(stravaScopes.length).toBeGreaterThanOrEqual(2);
  });

  it('stores requirements per provider, replaces the named ones, and lists them by provider', async () => {
    const [personal, heartrate, daily] = ouraScopes as [string, string, string];
    const first = await as()
      .post(url())
      .send({
        strava: { user_must_grant: [stravaScopes[1]], user_may_grant: [] },
        oura: { user_must_grant: [personal, heartrate], user_may_grant: [daily] },
      });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      requirements: [
        {
          team_id: team.teamId,
          provider: 'oura',
          user_must_grant: [personal, heartrate],
          user_may_grant: [daily],
        },
        { team_id: team.teamId, provider: 'strava', user_must_grant: [stravaScopes[1]], user_may_grant: [] },
      ],
    });

    const changed = await as()
      .post(url())
      .send({ oura: { user_must_grant: [personal], user_may_grant: [] } });
    expect(changed.body.requirements).toEqual([
      { team_id: team.teamId, provider: 'oura', user_must_grant: [personal], user_may_grant: [] },
      expect.objectContaining({ provider: 'strava' }),
    ]);
    expect((await as().get(`${url()}?provider=strava`)).body.requirements).toEqual([
      expect.objectContaining({ provider: 'strava', user_must_grant: [stravaScopes[1]] }),
    ]);
    expect((await as().get(`${url()}?provider=myspace`)).body).toEqual({ requirements: [] });

    // two empty lists remove a provider's requirement
    const removed = await as()
      .post(url())
      .send({ strava: { user_must_grant: [], user_may_grant: [] } });
    expect(removed.body.requirements.map((r: { provider: string }) => r.provider)).toEqual(['oura']);
    expect(await rowsOf(team.teamId)).toHaveLength(1);
    expect((await as().get(url())).body).toEqual(removed.body);
  });

  it('accepts only OAuth providers and scopes their connector knows', async () => {
    const [personal] = ouraScopes as [string];
    const res = await as()
      .post(url())
      .send({
        renpho: { user_must_grant: [], user_may_grant: [] },
        oura: { user_must_grant: [personal, 'email'], user_may_grant: [personal] },
        ihealth: { user_must_grant: ['OpenApiBP'], user_may_grant: [] },
      });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'renpho'], type: 'value_error' }),
      expect.objectContaining({
        loc: ['body', 'oura', 'user_must_grant', '1'],
        type: 'value_error',
        input: 'email',
        ctx: { known_scopes: ouraScopes },
      }),
      expect.objectContaining({ loc: ['body', 'oura', 'user_may_grant', '0'], input: personal }),
      // an OAuth provider without a connector knows no scopes yet
      expect.objectContaining({
        loc: ['body', 'ihealth', 'user_must_grant', '0'],
        ctx: { known_scopes: [] },
      }),
    ]);
    const shapes = await as()
      .post(url())
      .send({ oura: { user_must_grant: [personal, personal] } });
    expect(shapes.status).toBe(422);
    expect(shapes.body.detail.map((d: { loc: string[] }) => d.loc)).toEqual(
      expect.arrayContaining([['body', 'oura', 'user_may_grant']]),
    );
    expect(await rowsOf(team.teamId)).toEqual([]);
  });

  describe('access and tenancy', () => {
    it('keeps a Team Management Key to its bound teams', async () => {
      const other = await seedTeam(h.db.knex, org.orgId);
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [team.teamId],
      });
      const body = { oura: { user_must_grant: [ouraScopes[0]], user_may_grant: [] } };
      expect((await as(teamKey).post(url()).send(body)).status).toBe(200);
      expect((await as(teamKey).get(url())).status).toBe(200);
      for (const res of [
        await as(teamKey).get(url(other.teamId)),
        await as(teamKey).post(url(other.teamId)).send(body),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.detail.error_type).toBe('forbidden');
      }
      expect(await rowsOf(other.teamId)).toEqual([]);
    });

    it('answers 404 for another org’s team through our org, 403 for another org in the path', async () => {
      const foreign = await seedOrg(h.db.knex);
      const foreignTeam = await seedTeam(h.db.knex, foreign.orgId);
      const body = { oura: { user_must_grant: [ouraScopes[0]], user_may_grant: [] } };
      await as(foreign.orgKey).post(url(foreignTeam.teamId, foreign.orgId)).send(body);
      for (const res of [
        await as().get(url(foreignTeam.teamId)),
        await as()
          .post(url(foreignTeam.teamId))
          .send({ oura: { user_must_grant: [], user_may_grant: [] } }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.detail.error_type).toBe('not_found');
      }
      expect(await rowsOf(foreignTeam.teamId)).toHaveLength(1);
      const crossOrg = await as().get(url(foreignTeam.teamId, foreign.orgId));
      expect(crossOrg.status).toBe(403);
      const wrong = await request(h.app).get(url()).set('x-service-api-key', team.apiKeys.production);
      expect(wrong.status).toBe(403);
      expect(wrong.body.detail.error_type).toBe('wrong_key_type');
    });
  });
});
