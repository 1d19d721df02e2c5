import { newId } from '@meridian/domain';
import { seedOrg, seedTeam, type SeededOrg } from '@meridian/test-utils';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api, seedMember } from '../../testing/management-seeds';

describe('members', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  const as = () => api(h.app, org.orgKey);

  beforeAll(async () => {
    h = await createManagementApiHarness();
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
  });
  afterAll(() => h.close());

  describe('GET /v1/org/{org_id}/member', () => {
    it('lists members of the org in OrgMember shape', async () => {
      const team = await seedTeam(h.db.knex, org.orgId);
      const id = await seedMember(h.db.knex, org.orgId, {
        name: 'Grace',
        email: 'grace@example.test',
        role: 'team_admin',
        teamIds: [team.teamId],
      });
      const other = await seedOrg(h.db.knex);
      await seedMember(h.db.knex, other.orgId);
      const res = await as().get(`/v1/org/${org.orgId}/member`);
      expect(res.status).toBe(200);
      expect(res.body.next_cursor).toBeNull();
      expect(res.body.members).toEqual([
        {
          id,
          name: 'Grace',
          email: 'grace@example.test',
          created_on: expect.stringMatching(/\+00:00$/),
          role: 'team_admin',
          team_role_bindings: [{ team_id: team.teamId }],
        },
      ]);
    });

    it('searches name and e-mail case-insensitively and pages by 50', async () => {
      await seedMember(h.db.knex, org.orgId, { name: 'Linus', email: 'l@kernel.test' });
      await seedMember(h.db.knex, org.orgId, { name: 'Ada', email: 'ada@KERNEL.test' });
      for (let i = 0; i < 50; i++) await seedMember(h.db.knex, org.orgId, { name: `Bulk ${i}` });
      const found = await as().get(`/v1/org/${org.orgId}/member?search_query=kernel`);
      expect(found.body.members.map((m: { name: string }) => m.name).sort()).toEqual(['Ada', 'Linus']);
      const first = await as().get(`/v1/org/${org.orgId}/member`);
      expect(first.body.members).toHaveLength(50);
      const second = await as().get(`/v1/org/${org.orgId}/member?next_cursor=${first.body.next_cursor}`);
      expect(second.body.members).toHaveLength(2);
      expect(second.body.next_cursor).toBeNull();
      const all = new Set([...first.body.members, ...second.body.members].map((m: { id: string }) => m.id));
      expect(all.size).toBe(52);
    });
  });

  describe('PATCH /v1/org/{org_id}/member/{member_id}', () => {
    it('makes a member team_admin of teams, then org_admin (bindings dropped)', async () => {
      const a = await seedTeam(h.db.knex, org.orgId);
      const b = await seedTeam(h.db.knex, org.orgId);
      const id = await seedMember(h.db.knex, org.orgId);
      const url = `/v1/org/${org.orgId}/member/${id}`;
      const res = await as()
        .patch(url)
        .send({ role: 'team_admin', team_role_bindings: [{ team_id: a.teamId }, { team_id: b.teamId }] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, role: 'team_admin' });
      expect(res.body.team_role_bindings).toEqual([{ team_id: a.teamId }, { team_id: b.teamId }]);

      const keep = await as().patch(url).send({ role: null, team_role_bindings: null });
      expect(keep.body.team_role_bindings).toEqual([{ team_id: a.teamId }, { team_id: b.teamId }]);

      const rebind = await as()
        .patch(url)
        .send({ role: null, team_role_bindings: [{ team_id: b.teamId }] });
      expect(rebind.body).toMatchObject({ role: 'team_admin', team_role_bindings: [{ team_id: b.teamId }] });

      const admin = await as().patch(url).send({ role: 'org_admin', team_role_bindings: null });
      expect(admin.body).toMatchObject({ role: 'org_admin', team_role_bindings: null });
    });

    it('applies the binding rules with 422', async () => {
      const team = await seedTeam(h.db.knex, org.orgId);
      const foreign = await seedTeam(h.db.knex, (await seedOrg(h.db.knex)).orgId);
      const id = await seedMember(h.db.knex, org.orgId);
      const url = `/v1/org/${org.orgId}/member/${id}`;
      const noTeams = await as().patch(url).send({ role: 'team_admin', team_role_bindings: [] });
      expect(noTeams.status).toBe(422);
      expect(noTeams.body.detail[0]).toMatchObject({
        loc: ['body', 'team_role_bindings'],
        type: 'too_short',
      });

      const orgAdminWithTeams = await as()
        .patch(url)
        .send({ role: 'no_role', team_role_bindings: [{ team_id: team.teamId }] });
      expect(orgAdminWithTeams.status).toBe(422);
      expect(orgAdminWithTeams.body.detail[0]).toMatchObject({
        loc: ['body', 'team_role_bindings'],
        type: 'value_error',
      });

      const unknown = await as()
        .patch(url)
        .send({
          role: 'team_admin',
          team_role_bindings: [{ team_id: team.teamId }, { team_id: foreign.teamId }],
        });
      expect(unknown.status).toBe(422);
      expect(unknown.body.detail[0]).toMatchObject({
        loc: ['body', 'team_role_bindings', '1', 'team_id'],
        type: 'value_error',
        input: foreign.teamId,
      });
    });

    it('requires both keys and a known role', async () => {
      const id = await seedMember(h.db.knex, org.orgId);
      const res = await as().patch(`/v1/org/${org.orgId}/member/${id}`).send({ role: 'org_admin' });
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'team_role_bindings'], type: 'missing' });
      const bad = await as()
        .patch(`/v1/org/${org.orgId}/member/${id}`)
        .send({ role: 'owner', team_role_bindings: null });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'role'], type: 'enum' });
    });

    it('answers 404 for an unknown member and for a member of another org', async () => {
      const other = await seedOrg(h.db.knex);
      const foreign = await seedMember(h.db.knex, other.orgId);
      for (const id of [newId(), foreign]) {
        const res = await as()
          .patch(`/v1/org/${org.orgId}/member/${id}`)
          .send({ role: 'org_admin', team_role_bindings: null });
        expect(res.status).toBe(404);
      }
    });
  });

  describe('DELETE /v1/org/{org_id}/member/{member_id}', () => {
    it('removes the member and answers {success: true}', async () => {
      const id = await seedMember(h.db.knex, org.orgId);
      const res = await as().delete(`/v1/org/${org.orgId}/member/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(await h.db.knex('org_members').where({ id })).toHaveLength(0);
      expect((await as().delete(`/v1/org/${org.orgId}/member/${id}`)).status).toBe(404);
    });

    it('answers 404 for a member of another org and leaves it alone', async () => {
      const other = await seedOrg(h.db.knex);
      const foreign = await seedMember(h.db.knex, other.orgId);
      const res = await as().delete(`/v1/org/${org.orgId}/member/${foreign}`);
      expect(res.status).toBe(404);
      expect(res.body.detail.error_type).toBe('not_found');
      expect(await h.db.knex('org_members').where({ id: foreign })).toHaveLength(1);
    });

    it('answers a malformed member id with the 422 validation body', async () => {
      const res = await as().delete(`/v1/org/${org.orgId}/member/123`);
      expect(res.status).toBe(422);
      expect(res.body.detail).toHaveLength(1);
      expect(Object.keys(res.body.detail[0]).sort()).toEqual(['ctx', 'input', 'loc', 'msg', 'type']);
      expect(res.body.detail[0]).toMatchObject({ loc: ['path', 'member_id'], type: 'uuid_parsing' });
    });
  });
});
