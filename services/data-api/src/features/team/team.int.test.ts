import { createLinkHarness, type LinkHarness } from '../link/link.test-fixtures';

/** `/v2/team/*`: the key's own team only, branding and link settings of the key's environment. */
describe('team reads', () => {
  let h: LinkHarness;

  beforeAll(async () => {
    h = await createLinkHarness();
    await h.setTeamEnvSettings(h.team.teamId, 'production', {
      brand_information: { company_name: 'Acme', company_website: 'https://acme.example' },
      logo_url: 'https://acme.example/logo.svg',
      allowed_redirect_hosts: ['app.acme.example'],
      reject_duplicate_connection: true,
      lab_tests_patient_sms_communication_enabled: false,
      critical_result_notification_email: 'lab-alerts@acme.example',
    });
  });
  afterAll(() => h.close());

  const get = (path: string, key: string | null) => {
    const req = h.api().get(path);
    return key ? req.set('x-service-api-key', key) : req;
  };

  it('GET /v2/team/link/config gives the widget settings of the key’s environment', async () => {
    const production = await get('/v2/team/link/config', h.team.keys.production);
    expect(production.status).toBe(200);
    expect(production.body).toEqual({
      team_id: h.team.teamId,
      name: expect.any(String),
      environment: 'production',
      brand_information: {
        company_name: 'Acme',
        company_website: 'https://acme.example',
        support_email: null,
        support_contact: null,
        company_address: null,
        brand_color: null,
      },
      logo_url: 'https://acme.example/logo.svg',
      providers: expect.arrayContaining([expect.objectContaining({ slug: 'oura', auth_type: 'oauth' })]),
      redirect_hosts: ['app.acme.example'],
      reject_duplicate_connection: true,
    });
    const sandbox = await get('/v2/team/link/config', h.team.keys.sandbox);
    expect(sandbox.body).toMatchObject({
      environment: 'sandbox',
      brand_information: null,
      logo_url: null,
      redirect_hosts: [],
      reject_duplicate_connection: false,
    });
    expect((await get('/v2/team/link/config', null)).status).toBe(401);
  });

  it('GET /v2/team/{team_id} reads the key’s own team; any other team is 404', async () => {
    const res = await get(`/v2/team/${h.team.teamId}`, h.team.keys.production);
    expect(res.status).toBe(200);
    const row = await h.db.knex('teams').where({ id: h.team.teamId }).first();
    expect(res.body).toEqual({
      id: h.team.teamId,
      name: row.name,
      region: 'us',
      environment: 'production',
      created_on: expect.stringMatching(/\+00:00$/),
      integration_team_id: row.integration_team_id,
      brand_information: expect.objectContaining({ company_name: 'Acme' }),
      logo_url: 'https://acme.example/logo.svg',
      // What the real product's team carries too (its client reads them): the key's environment's settings.
      org_id: row.org_id,
      testkits_texts_enabled: false,
      lab_tests_patient_communication_enabled: true,
      lab_tests_patient_sms_communication_enabled: false,
      lab_tests_patient_email_communication_enabled: true,
      critical_result_notification_email: 'lab-alerts@acme.example',
      delegated_flow: 'order_and_results_with_customer_physician_network',
    });
    expect((await get(`/v2/team/${h.team.teamId}`, h.team.keys.sandbox)).body).toMatchObject({
      testkits_texts_enabled: true,
      lab_tests_patient_sms_communication_enabled: true,
      critical_result_notification_email: null,
    });
    expect((await get(`/v2/team/${h.otherTeam.teamId}`, h.team.keys.sandbox)).status).toBe(404);
    expect((await get(`/v2/team/${h.team.teamId}`, h.otherTeam.keys.sandbox)).status).toBe(404);
    expect((await get('/v2/team/not-a-uuid', h.team.keys.sandbox)).status).toBe(422);
  });
});
