import { newId } from '@meridian/domain';
import { seedOrg, seedTeam, type SeededOrg } from '@meridian/test-utils';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api, seedMember } from '../../testing/management-seeds';

describe('invites', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  const as = () => api(h.app, org.orgKey);
  const invite = (body: object) => as().post(`/v1/org/${org.orgId}/invite`).send(body);
  const list = async (query = '') => (await as().get(`/v1/org/${org.orgId}/invite${query}`)).body;

  const NOW = new Date('2026-11-01T08:00:00Z');

  beforeAll(async () => {
    h = await createManagementApiHarness();
    // One instant for the whole file: pages must then be ordered by id alone, without gaps or repeats.
    h.setNow(NOW);
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
  });
  afterAll(() => h.close());

  it('creates an org_admin invite by default, created by the management key', async () => {
    const res = await invite({ email: 'new@example.test' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'invite_created' });
    const body = await list();
    expect(body.next_cursor).toBeNull();
    expect(body.invites).toEqual([
      {
        id: expect.any(String),
        email: 'new@example.test',
        invited_at: '2026-11-01T08:00:00+00:00',
        resent_at: null,
        creator: { type: 'management_key' },
        role: 'org_admin',
        team_role_bindings: null,
      },
    ]);
  });

  it('resends a pending invite with the same role and teams', async () => {
    const team = await seedTeam(h.db.knex, org.orgId);
    const body = {
      email: 'Ops@Example.test',
      role: 'team_admin',
      team_role_bindings: [{ team_id: team.teamId }],
    };
    expect((await invite(body)).body.status).toBe('invite_created');
    const again = await invite({ ...body, email: 'ops@example.test' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'invite_resent' });
    const [only] = (await list()).invites;
    expect(only.resent_at).toBe('2026-11-01T08:00:00+00:00');
    expect(only.team_role_bindings).toEqual([{ team_id: team.teamId }]);
  });

  it('answers 409 invite_conflict for a pending invite with another role', async () => {
    await invite({ email: 'x@example.test', role: 'no_role' });
    const res = await invite({ email: 'x@example.test', role: 'org_admin' });
    expect(res.status).toBe(409);
    expect(res.body.detail.error_type).toBe('invite_conflict');
  });

  it('answers already_in_org for a member e-mail and stores nothing', async () => {
    await seedMember(h.db.knex, org.orgId, { email: 'Member@Example.test' });
    const res = await invite({ email: 'member@example.test' });
    expect(res.body).toEqual({ status: 'already_in_org' });
    expect((await list()).invites).toEqual([]);
  });

  it('applies the binding rules and the e-mail format with 422', async () => {
    const foreign = await seedTeam(h.db.knex, (await seedOrg(h.db.knex)).orgId);
    const noTeams = await invite({ email: 'a@example.test', role: 'team_admin' });
    expect(noTeams.status).toBe(422);
    expect(noTeams.body.detail[0]).toMatchObject({ loc: ['body', 'team_role_bindings'], type: 'too_short' });
    const unknown = await invite({
      email: 'a@example.test',
      role: 'team_admin',
      team_role_bindings: [{ team_id: foreign.teamId }],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['body', 'team_role_bindings', '0', 'team_id']);
    const email = await invite({ email: 'not an email' });
    expect(email.status).toBe(422);
    expect(email.body.detail[0]).toMatchObject({
      loc: ['body', 'email'],
      type: 'value_error',
      input: 'not an email',
    });
    const missing = await invite({});
    expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'email'], type: 'missing' });
  });

  it('searches by e-mail and pages by 50', async () => {
    for (let i = 0; i < 51; i++) await invite({ email: `bulk${i}@example.test` });
    await invite({ email: 'needle@haystack.test' });
    expect((await list('?search_query=HAYSTACK')).invites.map((i: { email: string }) => i.email)).toEqual([
      'needle@haystack.test',
    ]);
    const first = await list();
    expect(first.invites).toHaveLength(50);
    const second = await list(`?next_cursor=${first.next_cursor}`);
    expect(second.invites).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    const ids = new Set([...first.invites, ...second.invites].map((i: { id: string }) => i.id));
    expect(ids.size).toBe(52);
  });

  it('deletes an invite, then answers 404; another org’s invite is 404', async () => {
    await invite({ email: 'gone@example.test' });
    const [pending] = (await list()).invites;
    const res = await as().delete(`/v1/org/${org.orgId}/invite/${pending.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await as().delete(`/v1/org/${org.orgId}/invite/${pending.id}`)).status).toBe(404);
    expect((await as().delete(`/v1/org/${org.orgId}/invite/${newId()}`)).status).toBe(404);

    const other = await seedOrg(h.db.knex);
    await api(h.app, other.orgKey)
      .post(`/v1/org/${other.orgId}/invite`)
      .send({ email: 'theirs@example.test' });
    const [theirs] = (await api(h.app, other.orgKey).get(`/v1/org/${other.orgId}/invite`)).body.invites;
    expect((await as().delete(`/v1/org/${org.orgId}/invite/${theirs.id}`)).status).toBe(404);
    expect((await as().delete(`/v1/org/${org.orgId}/invite/nope`)).status).toBe(422);
  });
});
