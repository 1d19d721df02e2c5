import { labReportUploadRetentionDays } from '@meridian/db';
import { newId } from '@meridian/domain';
import { seedManagementKey, seedOrg, seedTeam, type SeededOrg } from '@meridian/test-utils';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api, seedTeamRows } from '../../testing/management-seeds';

const BRAND = {
  company_name: 'Acme Health',
  company_website: 'https://acme.example',
  support_email: 'help@acme.example',
  support_contact: '+1 555 0100',
  company_address: '1 Main St',
  brand_color: '#12AbEf',
};

describe('teams', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  const as = (key = org.orgKey) => api(h.app, key);

  beforeAll(async () => {
    h = await createManagementApiHarness();
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
  });
  afterAll(() => h.close());

  describe('POST /v1/org/{org_id}/team', () => {
    it('creates a team with defaults in both environments', async () => {
      const res = await as().post(`/v1/org/${org.orgId}/team`).send({ name: 'Cardio', region: 'us' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'Cardio',
        region: 'us',
        integration_team_id: null,
        environments: ['production', 'sandbox'],
      });
      expect(res.body.created_on).toMatch(/\+00:00$/);
      for (const env of ['production', 'sandbox']) {
        expect(res.body[env]).toEqual({
          lab_tests_patient_sms_communication_enabled: true,
          lab_tests_patient_email_communication_enabled: true,
          critical_result_notification_email: null,
          reject_duplicate_connection: false,
          sdk_per_device_activity_timeseries: false,
          partial_webhooks_enabled: false,
          minor_ordering_enabled: false,
          lab_report_upload_retention_days: 0,
          patient_experience: null,
          brand_information: null,
          logo_url: null,
        });
      }
      const row = await h.db.knex('teams').where({ id: res.body.id }).first();
      expect(Object.keys(row.settings).sort()).toEqual(['production', 'sandbox']);
      expect(row.org_id).toBe(org.orgId);
    });

    it('stores every CreateTeam field, with a caller-chosen id, in both environments', async () => {
      const id = newId();
      const res = await as()
        .post(`/v1/org/${org.orgId}/team`)
        .send({
          id,
          name: 'Labs',
          region: 'us',
          integration_team_id: 'ext-1',
          lab_tests_patient_sms_communication_enabled: false,
          critical_result_notification_email: 'alerts@acme.example',
          brand_information: { company_name: 'Acme Health' },
          logo_url: 'https://acme.example/logo.png',
          partial_webhooks_enabled: true,
        });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(id);
      expect(res.body.integration_team_id).toBe('ext-1');
      for (const env of ['production', 'sandbox']) {
        expect(res.body[env]).toMatchObject({
          lab_tests_patient_sms_communication_enabled: false,
          lab_tests_patient_email_communication_enabled: true,
          critical_result_notification_email: 'alerts@acme.example',
          partial_webhooks_enabled: true,
          logo_url: 'https://acme.example/logo.png',
          brand_information: {
            company_name: 'Acme Health',
            company_website: '',
            support_email: null,
            support_contact: null,
            company_address: null,
            brand_color: null,
          },
        });
      }
    });

    it('answers a missing name with the 422 validation body', async () => {
      const res = await as().post(`/v1/org/${org.orgId}/team`).send({ region: 'us' });
      expect(res.status).toBe(422);
      expect(res.body.detail).toHaveLength(1);
      const [item] = res.body.detail;
      expect(Object.keys(item).sort()).toEqual(['ctx', 'input', 'loc', 'msg', 'type']);
      expect(item).toMatchObject({
        loc: ['body', 'name'],
        type: 'missing',
        input: { region: 'us' },
        ctx: {},
      });
      expect(typeof item.msg).toBe('string');
    });

    it.each([
      [
        { brand_information: { company_website: 'x' } },
        ['body', 'brand_information', 'company_name'],
        'missing',
      ],
      [
        { brand_information: { company_name: 'A', brand_color: 'red' } },
        ['body', 'brand_information', 'brand_color'],
        'string_pattern_mismatch',
      ],
      [
        { critical_result_notification_email: 'not-an-email' },
        ['body', 'critical_result_notification_email'],
        'value_error',
      ],
      [{ region: 'mars' }, ['body', 'region'], 'enum'],
      [{ id: 'nope' }, ['body', 'id'], 'uuid_parsing'],
    ])('rejects %j', async (extra, loc, type) => {
      const res = await as()
        .post(`/v1/org/${org.orgId}/team`)
        .send({ name: 'T', region: 'us', ...extra });
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc, type });
    });

    it('rejects a region this deployment does not serve', async () => {
      const res = await as().post(`/v1/org/${org.orgId}/team`).send({ name: 'T', region: 'eu' });
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'region'], type: 'value_error', input: 'eu' });
    });

    it('rejects a body that is not JSON', async () => {
      const res = await as()
        .post(`/v1/org/${org.orgId}/team`)
        .set('Content-Type', 'text/plain')
        .send('name=x');
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body']);
    });

    it('answers 409 duplicate_integration_team_id with the holder', async () => {
      const first = await as()
        .post(`/v1/org/${org.orgId}/team`)
        .send({ name: 'A', region: 'us', integration_team_id: 'x' });
      const res = await as()
        .post(`/v1/org/${org.orgId}/team`)
        .send({ name: 'B', region: 'us', integration_team_id: 'x' });
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatchObject({
        error_type: 'duplicate_integration_team_id',
        team_id: first.body.id,
      });
    });

    it('allows the same integration_team_id in another org', async () => {
      const other = await seedOrg(h.db.knex);
      await as()
        .post(`/v1/org/${org.orgId}/team`)
        .send({ name: 'A', region: 'us', integration_team_id: 'same' });
      const res = await as(other.orgKey)
        .post(`/v1/org/${other.orgId}/team`)
        .send({ name: 'A', region: 'us', integration_team_id: 'same' });
      expect(res.status).toBe(200);
    });

    it('answers 409 duplicate_team_id for a taken id', async () => {
      const team = await seedTeam(h.db.knex, org.orgId);
      const res = await as()
        .post(`/v1/org/${org.orgId}/team`)
        .send({ id: team.teamId, name: 'A', region: 'us' });
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatchObject({ error_type: 'duplicate_team_id', team_id: team.teamId });
    });
  });

  describe('GET /v1/org/{org_id}/team/{team_id}', () => {
    it('returns null environment blocks unless include_environment names them', async () => {
      const { teamId } = await seedTeam(h.db.knex, org.orgId, { name: 'Seeded' });
      const bare = await as().get(`/v1/org/${org.orgId}/team/${teamId}`);
      expect(bare.status).toBe(200);
      expect(bare.body).toMatchObject({ id: teamId, name: 'Seeded', sandbox: null, production: null });
      expect(bare.body.environments).toEqual(['production', 'sandbox']);

      const one = await as().get(`/v1/org/${org.orgId}/team/${teamId}?include_environment=production`);
      expect(one.body.production).toMatchObject({ lab_tests_patient_sms_communication_enabled: true });
      expect(one.body.sandbox).toBeNull();

      const both = await as().get(
        `/v1/org/${org.orgId}/team/${teamId}?include_environment=production&include_environment=sandbox`,
      );
      expect(both.body.production).not.toBeNull();
      expect(both.body.sandbox).not.toBeNull();
    });

    it('rejects an unknown environment and a malformed team id with 422', async () => {
      const { teamId } = await seedTeam(h.db.knex, org.orgId);
      const env = await as().get(`/v1/org/${org.orgId}/team/${teamId}?include_environment=staging`);
      expect(env.status).toBe(422);
      expect(env.body.detail[0]).toMatchObject({ loc: ['query', 'include_environment', '0'], type: 'enum' });

      const bad = await as().get(`/v1/org/${org.orgId}/team/not-a-uuid`);
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0]).toMatchObject({ loc: ['path', 'team_id'], type: 'uuid_parsing' });
      // `input` is null for path parameters until the platform mapper reads req.openapi.pathParams (reported).
      expect(bad.body.detail[0]).toHaveProperty('input');
    });

    it('reports an unknown team and a team of another org as 404', async () => {
      const other = await seedOrg(h.db.knex);
      const foreign = await seedTeam(h.db.knex, other.orgId);
      for (const id of [newId(), foreign.teamId]) {
        const res = await as().get(`/v1/org/${org.orgId}/team/${id}`);
        expect(res.status).toBe(404);
        expect(res.body.detail.error_type).toBe('not_found');
      }
    });
  });

  describe('PATCH /v1/org/{org_id}/team/{team_id}', () => {
    it('updates the name, integration id and one environment, leaving the other as it was', async () => {
      const { teamId } = await seedTeam(h.db.knex, org.orgId);
      const res = await as()
        .patch(`/v1/org/${org.orgId}/team/${teamId}`)
        .send({
          name: 'Renamed',
          integration_team_id: 'ext-9',
          sandbox: {
            brand_information: BRAND,
            minor_ordering_enabled: true,
            patient_experience: { theme: 'dark' },
          },
        });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Renamed', integration_team_id: 'ext-9' });
      expect(res.body.sandbox).toMatchObject({
        brand_information: BRAND,
        minor_ordering_enabled: true,
        patient_experience: { theme: 'dark' },
      });
      expect(res.body.production).toMatchObject({ brand_information: null, minor_ordering_enabled: false });

      const merged = await as()
        .patch(`/v1/org/${org.orgId}/team/${teamId}`)
        .send({ sandbox: { brand_information: { brand_color: '#000000' } } });
      expect(merged.body.sandbox.brand_information).toEqual({ ...BRAND, brand_color: '#000000' });
      expect(merged.body.name).toBe('Renamed');

      const read = await as().get(`/v1/org/${org.orgId}/team/${teamId}?include_environment=sandbox`);
      expect(read.body.sandbox.brand_information.brand_color).toBe('#000000');
    });

    it('removes brand information with null and clears integration_team_id with null', async () => {
      const { teamId } = await seedTeam(h.db.knex, org.orgId);
      await as()
        .patch(`/v1/org/${org.orgId}/team/${teamId}`)
        .send({ integration_team_id: 'a', production: { brand_information: BRAND } });
      const res = await as()
        .patch(`/v1/org/${org.orgId}/team/${teamId}`)
        .send({ integration_team_id: null, production: { brand_information: null } });
      expect(res.status).toBe(200);
      expect(res.body.integration_team_id).toBeNull();
      expect(res.body.production.brand_information).toBeNull();
    });

    it('needs company_name once brand information exists', async () => {
      const { teamId } = await seedTeam(h.db.knex, org.orgId);
      const res = await as()
        .patch(`/v1/org/${org.orgId}/team/${teamId}`)
        .send({ production: { brand_information: { brand_color: '#FFFFFF' } } });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        {
          loc: ['body', 'production', 'brand_information', 'company_name'],
          msg: 'Field required',
          type: 'missing',
          input: { brand_color: '#FFFFFF' },
          ctx: {},
        },
      ]);
    });

    it('answers 409 when another team holds the integration id, and accepts its own', async () => {
      const a = await seedTeam(h.db.knex, org.orgId);
      const b = await seedTeam(h.db.knex, org.orgId);
      await as().patch(`/v1/org/${org.orgId}/team/${a.teamId}`).send({ integration_team_id: 'held' });
      const same = await as()
        .patch(`/v1/org/${org.orgId}/team/${a.teamId}`)
        .send({ integration_team_id: 'held' });
      expect(same.status).toBe(200);
      const res = await as()
        .patch(`/v1/org/${org.orgId}/team/${b.teamId}`)
        .send({ integration_team_id: 'held' });
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatchObject({
        error_type: 'duplicate_integration_team_id',
        team_id: a.teamId,
      });
    });

    it('sets lab_report_upload_retention_days per environment, stored where the parser reads it', async () => {
      const { teamId } = await seedTeam(h.db.knex, org.orgId);
      const res = await as()
        .patch(`/v1/org/${org.orgId}/team/${teamId}`)
        .send({ production: { lab_report_upload_retention_days: 30 } });
      expect(res.status).toBe(200);
      expect(res.body.production.lab_report_upload_retention_days).toBe(30);
      expect(res.body.sandbox.lab_report_upload_retention_days).toBe(0);
      const row = await h.db.knex('teams').where({ id: teamId }).first('settings');
      expect(labReportUploadRetentionDays(row.settings, 'production')).toBe(30);
      expect(labReportUploadRetentionDays(row.settings, 'sandbox')).toBe(0);

      const back = await as()
        .patch(`/v1/org/${org.orgId}/team/${teamId}`)
        .send({ production: { lab_report_upload_retention_days: 0 } });
      expect(back.body.production.lab_report_upload_retention_days).toBe(0);
    });

    it('answers 422 for a retention outside 0-30 days or not a whole number, and stores nothing', async () => {
      const { teamId } = await seedTeam(h.db.knex, org.orgId);
      for (const days of [31, -1, 1.5, '7', null]) {
        const res = await as()
          .patch(`/v1/org/${org.orgId}/team/${teamId}`)
          .send({ sandbox: { lab_report_upload_retention_days: days } });
        expect(res.status).toBe(422);
        expect(res.body.detail[0].loc).toEqual(['body', 'sandbox', 'lab_report_upload_retention_days']);
      }
      const read = await as().get(`/v1/org/${org.orgId}/team/${teamId}?include_environment=sandbox`);
      expect(read.body.sandbox.lab_report_upload_retention_days).toBe(0);
    });

    it('answers 404 for a team of another org', async () => {
      const other = await seedOrg(h.db.knex);
      const foreign = await seedTeam(h.db.knex, other.orgId);
      const res = await as().patch(`/v1/org/${org.orgId}/team/${foreign.teamId}`).send({ name: 'x' });
      expect(res.status).toBe(404);
    });
  });

  describe('DELETE /v1/org/{org_id}/team/{team_id}', () => {
    it('deletes the team with its keys and users, and unbinds it from management keys', async () => {
      const a = await seedTeam(h.db.knex, org.orgId);
      const b = await seedTeam(h.db.knex, org.orgId);
      await h.db
        .knex('users')
        .insert({ id: newId(), team_id: a.teamId, environment: 'sandbox', client_user_id: 'u1' });
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [a.teamId, b.teamId],
      });

      const res = await as().delete(`/v1/org/${org.orgId}/team/${a.teamId}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });

      expect(await h.db.knex('team_api_keys').where({ team_id: a.teamId })).toHaveLength(0);
      expect(await h.db.knex('users').where({ team_id: a.teamId })).toHaveLength(0);
      const key = await h.db.knex('management_keys').where({ org_id: org.orgId, role: 'team_admin' }).first();
      expect(key.team_ids).toEqual([b.teamId]);
      expect((await as(teamKey).get(`/v1/org/${org.orgId}/team/${b.teamId}`)).status).toBe(200);

      expect((await as().get(`/v1/org/${org.orgId}/team/${a.teamId}`)).status).toBe(404);
      expect((await as().delete(`/v1/org/${org.orgId}/team/${a.teamId}`)).status).toBe(404);
    });

    it('answers 404 for a team of another org and leaves it alone', async () => {
      const other = await seedOrg(h.db.knex);
      const foreign = await seedTeam(h.db.knex, other.orgId);
      expect((await as().delete(`/v1/org/${org.orgId}/team/${foreign.teamId}`)).status).toBe(404);
      expect(await h.db.knex('teams').where({ id: foreign.teamId })).toHaveLength(1);
    });
  });

  describe('GET /v1/org/{org_id}/team', () => {
    it('pages by 50 with an opaque next_cursor, without gaps or repeats', async () => {
      const ids = await seedTeamRows(
        h.db.knex,
        org.orgId,
        Array.from({ length: 53 }, (_, i) => `Team ${i}`),
      );
      const first = await as().get(`/v1/org/${org.orgId}/team`);
      expect(first.status).toBe(200);
      expect(first.body.teams).toHaveLength(50);
      expect(typeof first.body.next_cursor).toBe('string');
      const second = await as().get(`/v1/org/${org.orgId}/team?next_cursor=${first.body.next_cursor}`);
      expect(second.body.teams).toHaveLength(3);
      expect(second.body.next_cursor).toBeNull();
      const seen = [...first.body.teams, ...second.body.teams].map((t: { id: string }) => t.id);
      expect(new Set(seen).size).toBe(53);
      expect(seen.sort()).toEqual([...ids].sort());
      expect(Object.keys(first.body.teams[0]).sort()).toEqual([
        'created_on',
        'id',
        'integration_team_id',
        'name',
        'region',
      ]);
    });

    it('rejects a cursor it did not issue', async () => {
      const res = await as().get(`/v1/org/${org.orgId}/team?next_cursor=bogus`);
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({
        loc: ['query', 'next_cursor'],
        type: 'value_error',
        input: 'bogus',
      });
    });

    it('filters by search_query, region and team_id', async () => {
      const [alpha, beta] = await seedTeamRows(h.db.knex, org.orgId, ['Alpha Cardio', 'Beta Sleep']);
      const euTeam = newId();
      await h.db.knex('teams').insert({ id: euTeam, org_id: org.orgId, name: 'Gamma cardio', region: 'eu' });
      const names = async (query: string) =>
        (await as().get(`/v1/org/${org.orgId}/team?${query}`)).body.teams.map((t: { id: string }) => t.id);
      expect((await names('search_query=CARDIO')).sort()).toEqual([alpha, euTeam].sort());
      expect(await names('region=eu')).toEqual([euTeam]);
      expect((await names('region=eu&region=us')).length).toBe(3);
      expect(await names(`team_id=${beta}`)).toEqual([beta]);
      const bad = await as().get(`/v1/org/${org.orgId}/team?region=mars`);
      expect(bad.status).toBe(422);
    });

    it('shows a Team Management Key only its bound teams', async () => {
      const [a, b, c] = await seedTeamRows(h.db.knex, org.orgId, ['A', 'B', 'C']);
      const key = await seedManagementKey(h.db.knex, org.orgId, { role: 'team_admin', teamIds: [a!, c!] });
      const res = await as(key).get(`/v1/org/${org.orgId}/team`);
      expect(res.status).toBe(200);
      expect(res.body.teams.map((t: { id: string }) => t.id).sort()).toEqual([a, c].sort());
      const unbound = await as(key).get(`/v1/org/${org.orgId}/team?team_id=${b}`);
      expect(unbound.body.teams).toEqual([]);
    });

    it('lists only teams of the org', async () => {
      const other = await seedOrg(h.db.knex);
      await seedTeam(h.db.knex, other.orgId);
      const mine = await seedTeam(h.db.knex, org.orgId);
      const res = await as().get(`/v1/org/${org.orgId}/team`);
      expect(res.body.teams.map((t: { id: string }) => t.id)).toEqual([mine.teamId]);
    });

    it('answers 404 for a team_id the org does not have, as the single read does', async () => {
      const other = await seedOrg(h.db.knex);
      const theirs = await seedTeam(h.db.knex, other.orgId);
      for (const teamId of [theirs.teamId, newId()]) {
        const res = await as().get(`/v1/org/${org.orgId}/team?team_id=${teamId}`);
        expect({ teamId, status: res.status }).toEqual({ teamId, status: 404 });
        expect(res.body.detail.error_type).toBe('not_found');
        expect((await as().get(`/v1/org/${org.orgId}/team/${teamId}`)).status).toBe(404);
      }
    });
  });

  describe('POST /v1/org/{org_id}/resolve_team', () => {
    it('resolves an integration_team_id to the team, with null environment blocks', async () => {
      const created = await as()
        .post(`/v1/org/${org.orgId}/team`)
        .send({ name: 'R', region: 'us', integration_team_id: 'crm-42' });
      const res = await as()
        .post(`/v1/org/${org.orgId}/resolve_team`)
        .send({ integration_team_id: 'crm-42' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: created.body.id, sandbox: null, production: null });
    });

    it('answers 404 for an unknown id and 422 for a missing one', async () => {
      const res = await as()
        .post(`/v1/org/${org.orgId}/resolve_team`)
        .send({ integration_team_id: 'nobody' });
      expect(res.status).toBe(404);
      const missing = await as().post(`/v1/org/${org.orgId}/resolve_team`).send({});
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'integration_team_id'], type: 'missing' });
    });

    it('answers 403 forbidden to a Team Management Key for an unbound team', async () => {
      const a = await as()
        .post(`/v1/org/${org.orgId}/team`)
        .send({ name: 'A', region: 'us', integration_team_id: 'a' });
      const b = await as()
        .post(`/v1/org/${org.orgId}/team`)
        .send({ name: 'B', region: 'us', integration_team_id: 'b' });
      const key = await seedManagementKey(h.db.knex, org.orgId, { role: 'team_admin', teamIds: [a.body.id] });
      const bound = await as(key)
        .post(`/v1/org/${org.orgId}/resolve_team`)
        .send({ integration_team_id: 'a' });
      expect(bound.status).toBe(200);
      const unbound = await as(key)
        .post(`/v1/org/${org.orgId}/resolve_team`)
        .send({ integration_team_id: 'b' });
      expect(unbound.status).toBe(403);
      expect(unbound.body.detail.error_type).toBe('forbidden');
      expect(b.status).toBe(200);
    });
  });
});
