import { hashKey, newId } from '@meridian/domain';
import { seedManagementKey, seedOrg, seedTeam, type SeededOrg } from '@meridian/test-utils';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api } from '../../testing/management-seeds';

describe('management keys', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  const as = (key = org.orgKey) => api(h.app, key);
  const keysUrl = () => `/v1/org/${org.orgId}/management_key`;

  beforeAll(async () => {
    h = await createManagementApiHarness();
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
  });
  afterAll(() => h.close());

  describe('POST', () => {
    it('creates an Org Management Key, shows the key once and stores only its hash', async () => {
      const res = await as().post(keysUrl()).send({ label: 'CI', role: 'org_admin' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: expect.any(String),
        label: 'CI',
        created_at: expect.stringMatching(/\+00:00$/),
        creator: { type: 'management_key' },
        role: 'org_admin',
        team_role_bindings: null,
        key: expect.stringMatching(/^mg_/),
      });
      const row = await h.db.knex('management_keys').where({ id: res.body.id }).first();
      expect(row.key_hash).toBe(hashKey(res.body.key));
      expect(JSON.stringify(row)).not.toContain(res.body.key);

      const listed = await as().get(keysUrl());
      const mine = listed.body.data.find((k: { id: string }) => k.id === res.body.id);
      expect(mine).not.toHaveProperty('key');
      expect(JSON.stringify(listed.body)).not.toContain(res.body.key);

      expect((await as(res.body.key).get(`/v1/org/${org.orgId}`)).status).toBe(200);
    });

    it('creates a Team Management Key bound to two teams', async () => {
      const a = await seedTeam(h.db.knex, org.orgId);
      const b = await seedTeam(h.db.knex, org.orgId);
      const c = await seedTeam(h.db.knex, org.orgId);
      const res = await as()
        .post(keysUrl())
        .send({
          label: 'ops',
          role: 'team_admin',
          team_role_bindings: [{ team_id: a.teamId }, { team_id: b.teamId }],
        });
      expect(res.status).toBe(200);
      expect(res.body.team_role_bindings).toEqual([{ team_id: a.teamId }, { team_id: b.teamId }]);
      const key = res.body.key as string;
      expect((await as(key).get(`/v1/org/${org.orgId}/team/${b.teamId}`)).status).toBe(200);
      expect((await as(key).get(`/v1/org/${org.orgId}/team/${c.teamId}`)).status).toBe(403);
      expect((await as(key).get(keysUrl())).status).toBe(403);
    });

    it.each([
      ['team_admin without bindings', { role: 'team_admin' }, ['body', 'team_role_bindings'], 'too_short'],
      [
        'team_admin with empty bindings',
        { role: 'team_admin', team_role_bindings: [] },
        ['body', 'team_role_bindings'],
        'too_short',
      ],
      ['missing label', { role: 'org_admin', label: undefined }, ['body', 'label'], 'missing'],
      ['unknown role', { role: 'owner' }, ['body', 'role'], 'enum'],
    ])('rejects %s with 422', async (_name, body, loc, type) => {
      const res = await as()
        .post(keysUrl())
        .send({ label: 'k', ...body });
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc, type });
    });

    it('rejects bindings on an org_admin key and bindings to teams outside the org', async () => {
      const mine = await seedTeam(h.db.knex, org.orgId);
      const foreign = await seedTeam(h.db.knex, (await seedOrg(h.db.knex)).orgId);
      const orgWithTeams = await as()
        .post(keysUrl())
        .send({ label: 'k', role: 'org_admin', team_role_bindings: [{ team_id: mine.teamId }] });
      expect(orgWithTeams.status).toBe(422);
      expect(orgWithTeams.body.detail[0]).toMatchObject({
        loc: ['body', 'team_role_bindings'],
        type: 'value_error',
      });
      const outside = await as()
        .post(keysUrl())
        .send({ label: 'k', role: 'team_admin', team_role_bindings: [{ team_id: foreign.teamId }] });
      expect(outside.status).toBe(422);
      expect(outside.body.detail[0].loc).toEqual(['body', 'team_role_bindings', '0', 'team_id']);
      expect(await h.db.knex('management_keys').where({ org_id: org.orgId })).toHaveLength(1);
    });
  });

  describe('GET', () => {
    it('lists active keys, filtered by role and team_id', async () => {
      const a = await seedTeam(h.db.knex, org.orgId);
      const b = await seedTeam(h.db.knex, org.orgId);
      await seedManagementKey(h.db.knex, org.orgId, { role: 'team_admin', teamIds: [a.teamId], label: 'A' });
      await seedManagementKey(h.db.knex, org.orgId, { role: 'team_admin', teamIds: [b.teamId], label: 'B' });
      const labels = async (q: string) =>
        (await as().get(`${keysUrl()}${q}`)).body.data.map((k: { label: string }) => k.label).sort();
      expect(await labels('')).toEqual(['A', 'B', 'org_admin key']);
      expect(await labels('?role=team_admin')).toEqual(['A', 'B']);
      expect(await labels(`?team_id=${a.teamId}`)).toEqual(['A']);
      const seeded = (await as().get(`${keysUrl()}?role=org_admin`)).body.data[0];
      expect(seeded.creator).toEqual({ type: 'meridian_staff' });
      expect((await as().get(`${keysUrl()}?role=owner`)).status).toBe(422);
    });

    it('answers 404 for a team_id the org does not have', async () => {
      const foreignOrg = await seedOrg(h.db.knex);
      const foreign = await seedTeam(h.db.knex, foreignOrg.orgId);
      await seedManagementKey(h.db.knex, foreignOrg.orgId, { role: 'team_admin', teamIds: [foreign.teamId] });
      for (const teamId of [foreign.teamId, newId()]) {
        const res = await as().get(`${keysUrl()}?team_id=${teamId}`);
        expect({ teamId, status: res.status }).toEqual({ teamId, status: 404 });
        expect(res.body.detail.error_type).toBe('not_found');
      }
    });

    it('pages by 50', async () => {
      for (let i = 0; i < 50; i++)
        await seedManagementKey(h.db.knex, org.orgId, { role: 'org_admin', label: `k${i}` });
      const first = await as().get(keysUrl());
      expect(first.body.data).toHaveLength(50);
      const second = await as().get(`${keysUrl()}?next_cursor=${first.body.next_cursor}`);
      expect(second.body.data).toHaveLength(1);
      expect(second.body.next_cursor).toBeNull();
    });
  });

  describe('PATCH', () => {
    it('relabels and rebinds a Team Management Key; null bindings keep them', async () => {
      const a = await seedTeam(h.db.knex, org.orgId);
      const b = await seedTeam(h.db.knex, org.orgId);
      const created = await as()
        .post(keysUrl())
        .send({ label: 'old', role: 'team_admin', team_role_bindings: [{ team_id: a.teamId }] });
      const url = `${keysUrl()}/${created.body.id}`;
      const res = await as()
        .patch(url)
        .send({ label: 'new', team_role_bindings: [{ team_id: b.teamId }] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        label: 'new',
        role: 'team_admin',
        team_role_bindings: [{ team_id: b.teamId }],
      });
      expect(res.body).not.toHaveProperty('key');
      expect((await as(created.body.key).get(`/v1/org/${org.orgId}/team/${a.teamId}`)).status).toBe(403);
      expect((await as(created.body.key).get(`/v1/org/${org.orgId}/team/${b.teamId}`)).status).toBe(200);

      const kept = await as().patch(url).send({ team_role_bindings: null });
      expect(kept.body.team_role_bindings).toEqual([{ team_id: b.teamId }]);
      const empty = await as().patch(url).send({ team_role_bindings: [] });
      expect(empty.status).toBe(422);
    });

    it('answers 404 for an unknown, revoked or foreign key', async () => {
      const created = await as().post(keysUrl()).send({ label: 'x', role: 'org_admin' });
      await as().delete(`${keysUrl()}/${created.body.id}`);
      const other = await seedOrg(h.db.knex);
      const foreignId = (await api(h.app, other.orgKey).get(`/v1/org/${other.orgId}/management_key`)).body
        .data[0].id;
      for (const id of [newId(), created.body.id, foreignId]) {
        expect((await as().patch(`${keysUrl()}/${id}`).send({ label: 'y' })).status).toBe(404);
      }
    });
  });

  describe('DELETE', () => {
    it('revokes at once: the record comes back, the key gets 401, a second revoke is 404', async () => {
      const created = await as().post(keysUrl()).send({ label: 'temp', role: 'org_admin' });
      expect((await as(created.body.key).get(`/v1/org/${org.orgId}`)).status).toBe(200);
      const res = await as().delete(`${keysUrl()}/${created.body.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: created.body.id, label: 'temp', role: 'org_admin' });
      expect(res.body).not.toHaveProperty('key');
      const after = await as(created.body.key).get(`/v1/org/${org.orgId}`);
      expect(after.status).toBe(401);
      expect(after.body.detail.error_type).toBe('invalid_credentials');
      expect((await as().delete(`${keysUrl()}/${created.body.id}`)).status).toBe(404);
      expect((await as().get(keysUrl())).body.data.map((k: { id: string }) => k.id)).not.toContain(
        created.body.id,
      );
    });

    it('lets a key revoke itself', async () => {
      const created = await as().post(keysUrl()).send({ label: 'self', role: 'org_admin' });
      const res = await as(created.body.key).delete(`${keysUrl()}/${created.body.id}`);
      expect(res.status).toBe(200);
      expect((await as(created.body.key).get(`/v1/org/${org.orgId}`)).status).toBe(401);
    });

    it('answers 404 for a key of another org and 422 for a malformed id', async () => {
      const other = await seedOrg(h.db.knex);
      const foreignId = (await api(h.app, other.orgKey).get(`/v1/org/${other.orgId}/management_key`)).body
        .data[0].id;
      expect((await as().delete(`${keysUrl()}/${foreignId}`)).status).toBe(404);
      expect((await api(h.app, other.orgKey).get(`/v1/org/${other.orgId}`)).status).toBe(200);
      const bad = await as().delete(`${keysUrl()}/xyz`);
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0]).toMatchObject({ loc: ['path', 'key_id'], type: 'uuid_parsing' });
    });
  });
});
