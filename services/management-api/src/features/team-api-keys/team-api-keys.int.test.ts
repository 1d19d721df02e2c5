import { hashKey, newId } from '@meridian/domain';
import { seedManagementKey, seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api } from '../../testing/management-seeds';

describe('team API keys', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  const as = (key = org.orgKey) => api(h.app, key);
  const keysUrl = (env = 'sandbox', region = 'us') => `/v1/org/${org.orgId}/team_api_keys/${env}/${region}`;
  const createKey = (body: object, env = 'sandbox', key = org.orgKey) =>
    as(key).post(keysUrl(env)).send(body);

  beforeAll(async () => {
    h = await createManagementApiHarness();
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
  });
  afterAll(() => h.close());

  describe('POST', () => {
    it('creates a key for the environment and region and shows the full value once', async () => {
      const res = await createKey({ label: 'backend', team_id: team.teamId }, 'production');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: expect.any(String),
        label: 'backend',
        value: expect.stringMatching(/^pk_us_/),
        team_id: team.teamId,
        created_at: expect.stringMatching(/\+00:00$/),
      });
      const row = await h.db.knex('team_api_keys').where({ id: res.body.id }).first();
      expect(row).toMatchObject({
        environment: 'production',
        region: 'us',
        key_hash: hashKey(res.body.value),
      });

      const sandbox = await createKey({ label: 'tests', team_id: team.teamId }, 'sandbox');
      expect(sandbox.body.value).toMatch(/^sk_us_/);
    });

    it('answers 404 for a team of another org and for a region this deployment does not serve', async () => {
      const foreign = await seedTeam(h.db.knex, (await seedOrg(h.db.knex)).orgId);
      expect((await createKey({ label: 'x', team_id: foreign.teamId })).status).toBe(404);
      const eu = await as().post(keysUrl('sandbox', 'eu')).send({ label: 'x', team_id: team.teamId });
      expect(eu.status).toBe(404);
      expect(eu.body.detail.error_type).toBe('not_found');
    });

    it('validates env, region and body', async () => {
      expect(
        (await as().post(keysUrl('staging')).send({ label: 'x', team_id: team.teamId })).body.detail[0],
      ).toMatchObject({
        loc: ['path', 'env'],
        type: 'enum',
      });
      expect(
        (await as().post(keysUrl('sandbox', 'ap')).send({ label: 'x', team_id: team.teamId })).status,
      ).toBe(422);
      const missing = await createKey({ label: 'x' });
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'team_id'], type: 'missing' });
    });

    it('lets a Team Management Key create keys for bound teams only', async () => {
      const other = await seedTeam(h.db.knex, org.orgId);
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [team.teamId],
      });
      expect((await createKey({ label: 'x', team_id: team.teamId }, 'sandbox', teamKey)).status).toBe(200);
      const res = await createKey({ label: 'x', team_id: other.teamId }, 'sandbox', teamKey);
      expect(res.status).toBe(403);
      expect(res.body.detail.error_type).toBe('forbidden');
    });
  });

  describe('GET', () => {
    it('lists active keys of the environment with masked values only', async () => {
      const created = await createKey({ label: 'mine', team_id: team.teamId });
      const res = await as().get(keysUrl());
      expect(res.status).toBe(200);
      expect(res.body.next_cursor).toBeNull();
      // the seeded sandbox key plus the new one; production keys are elsewhere
      expect(res.body.api_keys).toHaveLength(2);
      const listed = res.body.api_keys.find((k: { id: string }) => k.id === created.body.id);
      expect(listed.value).not.toBe(created.body.value);
      expect(listed.value).toBe(`sk_us_…${created.body.value.slice(-4)}`);
      expect(JSON.stringify(res.body)).not.toContain(created.body.value);
      expect(JSON.stringify(res.body)).not.toContain(team.apiKeys.sandbox);

      const production = await as().get(keysUrl('production'));
      expect(production.body.api_keys).toHaveLength(1);
      expect(production.body.api_keys[0].value).toMatch(/^pk_us_…/);
      expect((await as().get(keysUrl('sandbox', 'eu'))).status).toBe(404);
    });

    it('masks to prefix and last four characters even when the stored hint holds more', async () => {
      await h.db.knex('team_api_keys').insert({
        id: newId(),
        team_id: team.teamId,
        environment: 'sandbox',
        region: 'us',
        label: 'legacy',
        key_hash: hashKey('sk_us_secret_partWXYZ'),
        key_hint: 'sk_us_secret_…WXYZ',
      });
      const res = await as().get(keysUrl());
      const legacy = res.body.api_keys.find((k: { label: string }) => k.label === 'legacy');
      expect(legacy.value).toBe('sk_us_…WXYZ');
    });

    it('filters by team_id and, for a Team Management Key, to bound teams', async () => {
      const other = await seedTeam(h.db.knex, org.orgId);
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [other.teamId],
      });
      const teamsOf = (body: { api_keys: { team_id: string }[] }) =>
        body.api_keys.map((k) => k.team_id).sort();
      expect(teamsOf((await as().get(keysUrl())).body)).toEqual([team.teamId, other.teamId].sort());
      expect(teamsOf((await as().get(`${keysUrl()}?team_id=${team.teamId}`)).body)).toEqual([team.teamId]);
      expect(teamsOf((await as(teamKey).get(keysUrl())).body)).toEqual([other.teamId]);
      const unbound = await as(teamKey).get(`${keysUrl()}?team_id=${team.teamId}`);
      expect(unbound.status).toBe(403);
      expect(unbound.body.detail.error_type).toBe('forbidden');
    });

    it('answers 404 for a team_id that is no team of the org in this region, as creating a key does', async () => {
      const foreign = await seedTeam(h.db.knex, (await seedOrg(h.db.knex)).orgId);
      const euTeam = newId();
      await h.db.knex('teams').insert({ id: euTeam, org_id: org.orgId, name: 'EU', region: 'eu' });
      for (const teamId of [foreign.teamId, euTeam, newId()]) {
        const res = await as().get(`${keysUrl()}?team_id=${teamId}`);
        expect({ teamId, status: res.status }).toEqual({ teamId, status: 404 });
        expect(res.body.detail.error_type).toBe('not_found');
      }
    });

    it('pages by 50', async () => {
      for (let i = 0; i < 50; i++) await createKey({ label: `k${i}`, team_id: team.teamId });
      const first = await as().get(keysUrl());
      expect(first.body.api_keys).toHaveLength(50);
      const second = await as().get(`${keysUrl()}?next_cursor=${first.body.next_cursor}`);
      expect(second.body.api_keys).toHaveLength(1);
      expect(second.body.next_cursor).toBeNull();
    });
  });

  describe('DELETE', () => {
    it('revokes reachable keys; every other id is not_found, whether it exists or not', async () => {
      const other = await seedTeam(h.db.knex, org.orgId);
      const foreign = await seedTeam(h.db.knex, (await seedOrg(h.db.knex)).orgId);
      const mine = await createKey({ label: 'a', team_id: team.teamId });
      const theirs = await createKey({ label: 'b', team_id: other.teamId });
      const prod = await createKey({ label: 'c', team_id: team.teamId }, 'production');
      const foreignKey = (
        await h.db.knex('team_api_keys').where({ team_id: foreign.teamId, environment: 'sandbox' }).first()
      ).id;
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [team.teamId],
      });
      const unknown = newId();

      const ids = [mine.body.id, theirs.body.id, prod.body.id, foreignKey, unknown];
      const res = await as(teamKey).delete(`${keysUrl()}?${ids.map((id) => `api_key_id=${id}`).join('&')}`);
      expect(res.status).toBe(200);
      // Another team's key answers exactly as an unknown id: the answer does not tell that it exists.
      expect(res.body).toEqual({
        success: [mine.body.id],
        failure: [],
        not_found: [theirs.body.id, prod.body.id, foreignKey, unknown],
      });
      const revoked = await h.db.knex('team_api_keys').where({ id: mine.body.id }).first();
      expect(revoked.revoked_at).not.toBeNull();
      expect((await h.db.knex('team_api_keys').where({ id: theirs.body.id }).first()).revoked_at).toBeNull();

      // A revoked team API key is no credential at all any more: 401 rather than 403 wrong_key_type.
      const stale = await as(mine.body.value).get(`/v1/org/${org.orgId}`);
      expect(stale.status).toBe(401);
      const again = await as().delete(`${keysUrl()}?api_key_id=${mine.body.id}`);
      expect(again.body).toEqual({ success: [], failure: [], not_found: [mine.body.id] });
      expect((await as().get(keysUrl())).body.api_keys.map((k: { id: string }) => k.id)).not.toContain(
        mine.body.id,
      );
    });

    it('requires api_key_id as uuids', async () => {
      const none = await as().delete(keysUrl());
      expect(none.status).toBe(422);
      expect(none.body.detail[0]).toMatchObject({ loc: ['query', 'api_key_id'], type: 'missing' });
      const bad = await as().delete(`${keysUrl()}?api_key_id=abc`);
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0]).toMatchObject({ loc: ['query', 'api_key_id', '0'], type: 'uuid_parsing' });
      expect((await as().delete(`${keysUrl('sandbox', 'eu')}?api_key_id=${newId()}`)).status).toBe(404);
    });
  });
});
