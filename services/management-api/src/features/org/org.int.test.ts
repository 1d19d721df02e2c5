import { seedOrg, type SeededOrg } from '@meridian/test-utils';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api } from '../../testing/management-seeds';

describe('org', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;

  beforeAll(async () => {
    h = await createManagementApiHarness();
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex, { name: 'Acme' });
  });
  afterAll(() => h.close());

  it('GET returns id, name and expires_at (null when unknown)', async () => {
    const res = await api(h.app, org.orgKey).get(`/v1/org/${org.orgId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: org.orgId, name: 'Acme', expires_at: null });
  });

  it('GET renders expires_at in UTC with +00:00', async () => {
    await h.db.knex('organizations').where({ id: org.orgId }).update({ expires_at: '2027-01-31T12:00:00Z' });
    const res = await api(h.app, org.orgKey).get(`/v1/org/${org.orgId}`);
    expect(res.body.expires_at).toBe('2027-01-31T12:00:00+00:00');
  });

  it('PATCH renames the org', async () => {
    const res = await api(h.app, org.orgKey).patch(`/v1/org/${org.orgId}`).send({ name: 'Acme Labs' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: org.orgId, name: 'Acme Labs', expires_at: null });
    expect((await h.db.knex('organizations').where({ id: org.orgId }).first()).name).toBe('Acme Labs');
  });

  it('PATCH without a name or with an empty one is 422', async () => {
    const missing = await api(h.app, org.orgKey).patch(`/v1/org/${org.orgId}`).send({});
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({
      loc: ['body', 'name'],
      type: 'missing',
      input: {},
      ctx: {},
    });
    const empty = await api(h.app, org.orgKey).patch(`/v1/org/${org.orgId}`).send({ name: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0]).toMatchObject({
      loc: ['body', 'name'],
      type: 'string_too_short',
      input: '',
    });
  });

  it('another org is 403 forbidden', async () => {
    const other = await seedOrg(h.db.knex);
    const res = await api(h.app, org.orgKey).get(`/v1/org/${other.orgId}`);
    expect(res.status).toBe(403);
    expect(res.body.detail.error_type).toBe('forbidden');
  });
});
