/**
 * Tenants for the probes: orgs on the Scale plan with teams, keys of every kind, and in each team and
 * environment the resources the id-taking endpoints reach (users with a demo connection and health data, a
 * lab report job, a link token, webhooks with a delivered message, custom credentials, preferences...).
 * Created the way an integrator would (through both APIs) where the API can create them, and written to the
 * database where only a worker or the dashboard writes them (members, webhook messages, ingested data).
 * Every personal or secret value used is recorded, for the log scan.
 */
import { randomBytes } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { eventEnvelope, newId, type Environment } from '@meridian/domain';
import { createIngestion, summaryId } from '@meridian/ingestion';
import { seedManagementKey, seedOrg, seedTeam } from '@meridian/test-utils';
import { createOutboxRepository, type Knex } from '@meridian/db';

export const ENVIRONMENTS: readonly Environment[] = ['sandbox', 'production'];

export interface EnvResources {
  userId: string;
  clientUserId: string;
  /** A second user, for the operations that delete. */
  spareUserId: string;
  sleepId: string;
  workoutId: string;
  jobId: string;
  linkToken: string;
  webhookId: string;
  spareWebhookId: string;
  messageId: string;
  apiKeyId: string;
  /** The team's custom OAuth credentials for this environment. */
  credentialId: string;
  /** A mobile-SDK device of the user, signed in through a sign-in token. */
  deviceId: string;
  /** A lab test of the environment's catalogue (labcorp's total cholesterol, compendium marker 2001). */
  labTestId: string;
  /** A lab-test order of the user for that lab test (issue 13). */
  orderId: string;
  /** A continuous query of the team environment (the probe teams have the closed-beta feature). */
  queryId: string;
}

export interface TeamFixture {
  teamId: string;
  apiKeys: Record<Environment, string>;
  /** A Team Management Key bound to this team only. */
  teamKey: string;
  teamKeyId: string;
  env: Record<Environment, EnvResources>;
}

export interface OrgFixture {
  orgId: string;
  orgKey: string;
  teams: TeamFixture[];
  memberId: string;
  spareMemberId: string;
  inviteId: string;
  spareInviteId: string;
  /** A management key only the fuzz's deleting operations use. */
  spareKeyId: string;
}

/** Values that must never appear in a log line. */
export interface Sensitive {
  values: Set<string>;
  add(kind: string, value: string): void;
  kinds: Map<string, string>;
}

export function createSensitive(): Sensitive {
  const values = new Set<string>();
  const kinds = new Map<string, string>();
  return {
    values,
    kinds,
    add(kind, value) {
      if (!value || value.length < 6) return;
      values.add(value);
      kinds.set(value, kind);
    },
  };
}

interface Api {
  dataUrl: string;
  managementUrl: string;
}

async function call(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

async function must(
  what: string,
  p: Promise<{ status: number; json: unknown }>,
  ok: number[] = [200, 201, 202, 204],
): Promise<Record<string, unknown>> {
  const res = await p;
  if (!ok.includes(res.status))
    throw new Error(`seeding: ${what} answered ${res.status}: ${JSON.stringify(res.json)?.slice(0, 500)}`);
  return res.json as Record<string, unknown>;
}

/**
 * A lab report with a fictional patient (name, date of birth, results): the values are recorded. `german`
 * gives the same report in German, which the parser refuses (`not_english`): the failure path.
 */
export function labReportPdf(
  patient: { name: string; dob: string; glucose: string },
  opts: { german?: boolean } = {},
): Promise<Buffer> {
  const words = opts.german
    ? { lab: 'Laborgemeinschaft Probe', patient: 'Patient:', dob: 'Geburtsdatum:', collected: 'Entnahme:' }
    : { lab: 'Probe Clinical Laboratories', patient: 'Patient:', dob: 'DOB:', collected: 'Collection Date:' };
  const headers = opts.german
    ? ['Untersuchung', 'Ergebnis', 'Einheit', 'Referenzbereich']
    : ['Test', 'Result', 'Units', 'Reference Range'];
  const rows = opts.german
    ? [
        ['Glukose', patient.glucose, 'mg/dl', '70-99'],
        ['Natrium', '140', 'mmol/l', '136-145'],
      ]
    : [
        ['Glucose', patient.glucose, 'mg/dL', '70-99'],
        ['Sodium', '140', 'mmol/L', '136-145'],
      ];
  const xs = [40, 255, 330, 415];
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 40 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(16).text(words.lab, 40, 40);
    doc.font('Helvetica').fontSize(9);
    doc.text(words.patient, 40, 100, { lineBreak: false }).text(patient.name, 115, 100, { lineBreak: false });
    doc.text(words.dob, 40, 114, { lineBreak: false }).text(patient.dob, 115, 114, { lineBreak: false });
    doc
      .text(words.collected, 330, 100, { lineBreak: false })
      .text('11/02/2026', 420, 100, { lineBreak: false });
    doc.font('Helvetica-Bold');
    headers.forEach((h, i) => doc.text(h, xs[i], 170, { lineBreak: false }));
    doc.font('Helvetica');
    rows.forEach((row, r) =>
      row.forEach((cell, c) => doc.text(cell, xs[c], 204 + r * 15, { lineBreak: false })),
    );
    doc.end();
  });
}

/** A multipart upload body with `fields` and one PDF `file` part. */
export function multipart(fields: Record<string, string>, file: Buffer): { body: Buffer; type: string } {
  const boundary = `----seed${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="report.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const tag = () => randomBytes(4).toString('hex');

async function seedEnv(
  api: Api,
  knex: Knex,
  org: { orgId: string; orgKey: string },
  teamId: string,
  env: Environment,
  key: string,
  sensitive: Sensitive,
): Promise<EnvResources> {
  const data = { 'x-service-api-key': key };
  const mgmt = { 'x-management-key': org.orgKey };
  const clientUserId = `probe-patient-${tag()}`;
  sensitive.add('client_user_id', clientUserId);
  const user = await must(
    'create user',
    call(api.dataUrl, 'POST', '/v2/user', data, { client_user_id: clientUserId }),
  );
  const userId = user.user_id as string;
  const birthDate = `19${40 + Math.floor(Math.random() * 50)}-0${1 + Math.floor(Math.random() * 8)}-1${Math.floor(Math.random() * 9)}`;
  sensitive.add('date of birth', birthDate);
  await must(
    'patch user',
    call(api.dataUrl, 'PATCH', `/v2/user/${userId}`, data, {
      fallback_birth_date: birthDate,
      fallback_time_zone: 'Europe/Berlin',
    }),
  );
  const spareClientUserId = `probe-spare-${tag()}`;
  sensitive.add('client_user_id', spareClientUserId);
  const spare = await must(
    'create spare user',
    call(api.dataUrl, 'POST', '/v2/user', data, { client_user_id: spareClientUserId }),
  );
  if (env === 'sandbox') {
    await must(
      'demo connection',
      call(api.dataUrl, 'POST', '/v2/link/connect/demo', data, { user_id: userId, provider: 'oura' }),
    );
  } else {
    // Production has no demo provider: a connection as the OAuth flow leaves it (tokens not needed here).
    await knex('provider_connections').insert({
      id: newId(),
      user_id: userId,
      provider: 'oura',
      status: 'connected',
      external_user_id: `oura-${tag()}`,
      auth_type: 'oauth',
    });
  }

  // Health data as a provider sync writes it: a night, a workout with its stream, heart rate, glucose.
  const day = new Date(Date.UTC(2026, 0, 14));
  const at = (hours: number) => new Date(day.getTime() + hours * 3_600_000).toISOString();
  const source = { provider: 'oura', type: 'ring' as const };
  const glucose = `${100 + Math.floor(Math.random() * 80)}.${10 + Math.floor(Math.random() * 89)}`;
  sensitive.add('lab value', glucose);
  const ingested = await createIngestion({ db: knex }).ingest({
    userId,
    mode: 'historical',
    timeseries: [
      {
        resource: 'heartrate',
        source,
        samples: [
          { timestamp: at(8), value: 61 },
          { timestamp: at(9), value: 64 },
        ],
      },
      { resource: 'glucose', source, samples: [{ timestamp: at(8), value: Number(glucose), unit: 'mg/dL' }] },
    ],
    summaries: [
      {
        kind: 'sleep',
        source,
        provider_id: `sleep-${userId}`,
        fields: { bedtime_start: at(-1), bedtime_stop: at(7), rem: 5400, deep: 4800 },
      },
      {
        kind: 'profile',
        source,
        provider_id: `profile-${userId}`,
        timestamp: at(9),
        fields: { height: 171, birth_date: birthDate, sex: 'female' },
      },
      {
        kind: 'workouts',
        source,
        provider_id: `workout-${userId}`,
        fields: { time_start: at(10), time_end: at(11), sport: { id: 1, name: 'running' }, calories: 400 },
      },
    ],
    workoutStreams: [
      {
        workout_provider_id: `workout-${userId}`,
        provider: 'oura',
        stream: { time: [0, 60, 120], heartrate: [120, 130, 140] },
      },
    ],
  });
  if (ingested.dropped > 0 || ingested.created === 0)
    throw new Error(`seeding: ingestion kept ${ingested.created} rows and dropped ${ingested.dropped}`);

  // A lab report whose patient is fictional but whose values are distinctive.
  const patient = { name: `ZELDA QUIXANO-${tag().toUpperCase()}`, dob: '07/29/1961', glucose };
  sensitive.add('name', patient.name);
  sensitive.add('date of birth', patient.dob);
  const form = multipart({ user_id: userId }, await labReportPdf(patient));
  const upload = await fetch(`${api.dataUrl}/lab_report/v1/parser/job`, {
    method: 'POST',
    headers: { ...data, 'content-type': form.type },
    body: form.body,
  });
  const job = (await upload.json()) as { job_id: string };
  if (upload.status !== 200)
    throw new Error(`seeding: upload answered ${upload.status}: ${JSON.stringify(job)}`);

  const link = await must(
    'link token',
    call(api.dataUrl, 'POST', '/v2/link/token', data, { user_id: userId }),
  );
  sensitive.add('link token', link.link_token as string);

  // A mobile-SDK device session of the user (sign-in token → device tokens).
  const signIn = await must(
    'sign-in token',
    call(api.dataUrl, 'POST', `/v2/user/${userId}/sign_in_token`, data),
  );
  sensitive.add('sdk sign-in token', signIn.sign_in_token as string);
  const device = await must(
    'device session',
    call(
      api.dataUrl,
      'POST',
      '/v2/sdk/auth/token',
      {},
      {
        grant_type: 'sign_in_token',
        sign_in_token: signIn.sign_in_token,
        device: { installation_id: `probe-install-${tag()}` },
      },
    ),
  );
  sensitive.add('sdk access token', device.access_token as string);
  sensitive.add('sdk refresh token', device.refresh_token as string);

  const hooks = `/v1/org/${org.orgId}/team/${teamId}/${env}/webhook`;
  const webhook = await must(
    'webhook',
    call(api.managementUrl, 'POST', hooks, mgmt, {
      url: `http://127.0.0.1:9/hook-${tag()}`,
      description: 'probe',
    }),
  );
  const spareWebhook = await must(
    'spare webhook',
    call(api.managementUrl, 'POST', hooks, mgmt, { url: `http://127.0.0.1:9/spare-${tag()}` }),
  );
  const secret = await must(
    'webhook secret',
    call(api.managementUrl, 'GET', `${hooks}/${String(webhook.id)}/secret`, mgmt),
  );
  sensitive.add('webhook secret', secret.key as string);
  await must(
    'webhook headers',
    call(api.managementUrl, 'PUT', `${hooks}/${String(webhook.id)}/headers`, mgmt, {
      headers: { authorization: `Bearer probe-header-secret-${tag()}` },
    }),
  );

  // A delivered message with one attempt, as the delivery worker records them.
  const [eventId] = await createOutboxRepository(knex).append([
    {
      teamId,
      environment: env,
      userId,
      envelope: eventEnvelope(
        'provider.connection.created',
        {
          user_id: userId,
          provider: 'oura',
          source: 'oura',
          external_user_id: null,
          resource_availability: {},
        },
        { userId, clientUserId, teamId },
      ),
    },
  ]);
  const messageId = `msg_probe_${tag()}`;
  await knex('webhook_messages').insert({
    id: messageId,
    event_id: eventId,
    webhook_id: webhook.id,
    status: 'succeeded',
    attempts: 1,
    next_attempt_at: new Date(),
    last_status_code: 200,
  });
  await knex('webhook_attempts').insert({
    id: newId(),
    message_id: messageId,
    status_code: 200,
    response_body: 'ok',
    duration_ms: 12,
  });

  const clientSecret = `probe-custom-secret-${tag()}${tag()}`;
  sensitive.add('custom credential secret', clientSecret);
  const credential = await must(
    'custom credentials',
    call(api.managementUrl, 'POST', `/v1/org/${org.orgId}/team_custom_credentials/${env}/us`, mgmt, {
      team_id: teamId,
      provider: 'oura',
      client_id: `probe-client-${tag()}`,
      client_secret: clientSecret,
    }),
  );

  const labTest = await must(
    'lab test',
    call(api.dataUrl, 'POST', '/v3/lab_tests', data, {
      name: `Probe panel ${tag()}`,
      method: 'at_home_phlebotomy',
      marker_ids: [2001],
    }),
  );

  // A lab-test order with results, so the order's reads (results included) name a real thing: in the
  // sandbox walked there by the test endpoint; production has no walk, so the order is imported completed
  // and its report stored as the lab results path would store it.
  const orderPatient = {
    first_name: 'Probe',
    last_name: `Patient ${tag()}`,
    dob: '1980-01-01',
    gender: 'other',
    phone_number: '+14155550100',
    email: 'probe-patient@example.com',
  };
  const patientAddress = {
    first_line: '1 Probe St',
    city: 'Oakland',
    state: 'CA',
    zip: '94607',
    country: 'US',
  };
  const orderBody = {
    user_id: userId,
    lab_test_id: labTest.id,
    patient_details: orderPatient,
    patient_address: patientAddress,
  };
  let orderId: string;
  if (env === 'sandbox') {
    const created = await must('lab order', call(api.dataUrl, 'POST', '/v3/order', data, orderBody));
    orderId = (created.order as { id: string }).id;
    await must('lab order walk', call(api.dataUrl, 'POST', `/v3/order/${orderId}/test`, data, {}));
  } else {
    const imported = await must(
      'lab order',
      call(api.dataUrl, 'POST', '/v3/order/import', data, {
        ...orderBody,
        status: 'completed.at_home_phlebotomy.completed',
        sample_id: `PROBE${tag()}`.slice(0, 64),
      }),
    );
    orderId = (imported.order as { id: string }).id;
    await knex('lab_results').insert({
      order_id: orderId,
      team_id: teamId,
      environment: env,
      status: 'final',
      interpretation: 'normal',
      metadata: JSON.stringify({
        age: '46',
        dob: orderPatient.dob,
        'clia_#': null,
        patient: `${orderPatient.first_name} ${orderPatient.last_name}`,
        provider: null,
        laboratory: 'LabCorp',
        date_reported: new Date().toISOString(),
        date_collected: null,
        specimen_number: 'PROBE',
        date_received: null,
        status: 'final',
        interpretation: 'normal',
        patient_id: userId,
        account_id: null,
      }),
    });
  }

  // The order's draw appointment (completed) and an ABN, as the partner webhooks and the lab would leave
  // them, so the appointment read and the ABN document name real things too.
  await knex('lab_orders').where({ id: orderId }).update({ has_abn: true });
  const appointmentId = newId();
  await knex('lab_appointments').insert({
    id: appointmentId,
    order_id: orderId,
    team_id: teamId,
    environment: env,
    user_id: userId,
    type: 'phlebotomy',
    service_type: 'appointment-ready',
    provider: 'getlabs',
    provider_id: `probe-${tag()}`,
    status: 'completed',
    event_status: 'completed',
    address: JSON.stringify({ first_line: '1 Probe St', city: 'Oakland', state: 'CA', zip_code: '94607' }),
    location_lng: -122.27,
    location_lat: 37.8,
    start_at: new Date(Date.now() - 86_400_000),
    end_at: new Date(Date.now() - 82_800_000),
    iana_timezone: 'America/Los_Angeles',
  });
  await knex('lab_appointment_events').insert({
    appointment_id: appointmentId,
    team_id: teamId,
    environment: env,
    status: 'completed',
  });
  // And a completed service-center visit (created before the draw, so the phlebotomy read still shows the
  // draw), so the walk-in appointment read (`…/psc/appointment`) names a real thing too.
  const pscAppointmentId = newId();
  await knex('lab_appointments').insert({
    id: pscAppointmentId,
    order_id: orderId,
    team_id: teamId,
    environment: env,
    user_id: userId,
    type: 'patient_service_center',
    service_type: 'appointment-ready',
    provider: 'quest',
    provider_id: `probe-psc-${tag()}`,
    status: 'completed',
    event_status: 'completed',
    address: JSON.stringify({ first_line: '5 W 34th St', city: 'New York', state: 'NY', zip_code: '10001' }),
    location_lng: -73.98,
    location_lat: 40.75,
    start_at: new Date(Date.now() - 2 * 86_400_000),
    end_at: new Date(Date.now() - 2 * 86_400_000 + 1_800_000),
    iana_timezone: 'America/New_York',
    created_at: new Date(Date.now() - 3 * 86_400_000),
    updated_at: new Date(Date.now() - 2 * 86_400_000),
  });
  await knex('lab_appointment_events').insert({
    appointment_id: pscAppointmentId,
    team_id: teamId,
    environment: env,
    status: 'completed',
  });

  const continuousQuery = await must(
    'continuous query',
    call(api.managementUrl, 'POST', `/v1/org/${org.orgId}/team/${teamId}/${env}/continuous_query`, mgmt, {
      slug: `probe-${tag()}`,
      title: 'Probe sleep (monthly)',
      query: {
        group_by: [{ date_trunc: { unit: 'month' }, arg: { index: 'sleep' } }],
        select: [{ group_key: '*' }, { func: 'mean', arg: { value_macro: 'sleep_score' } }],
      },
      // The data API's fhir_observations read answers only for a query that builds them.
      export_preferences: { fhir_observations: true },
    }),
  );

  // The query's result table and a completed run for the user, as the scheduler leaves them, so the data
  // API's result-table and task-history reads name real things too.
  await knex('continuous_query_results').insert({
    query_id: continuousQuery.id,
    user_id: userId,
    result_table: JSON.stringify({ 'group_key.0': ['2026-11-01T00:00:00'], 'mean.sleep_score': [80] }),
    table_hash: 'probe',
    fhir_observations: JSON.stringify([]), // sleep scores feed no FHIR mapper
  });
  await knex('continuous_query_tasks').insert({
    id: newId(),
    query_id: continuousQuery.id,
    user_id: userId,
    status: 'completed',
    scheduled_at: new Date(Date.now() - 60_000),
    started_at: new Date(Date.now() - 59_000),
    ended_at: new Date(Date.now() - 58_000),
  });

  const apiKey = await knex('team_api_keys').where({ team_id: teamId, environment: env }).first('id');
  return {
    userId,
    clientUserId,
    spareUserId: spare.user_id as string,
    sleepId: summaryId(userId, 'sleep', 'oura', `sleep-${userId}`),
    workoutId: summaryId(userId, 'workouts', 'oura', `workout-${userId}`),
    jobId: job.job_id,
    linkToken: link.link_token as string,
    webhookId: webhook.id as string,
    spareWebhookId: spareWebhook.id as string,
    messageId,
    apiKeyId: apiKey!.id as string,
    credentialId: credential.id as string,
    deviceId: device.device_id as string,
    labTestId: labTest.id as string,
    queryId: continuousQuery.id as string,
    orderId,
  };
}

async function managementKeyId(knex: Knex, label: string): Promise<string> {
  const row = await knex('management_keys').where({ label }).first('id');
  return row!.id as string;
}

/** One org with `teamCount` teams, every team with both environments' resources. */
export async function seedTenant(
  api: Api,
  knex: Knex,
  sensitive: Sensitive,
  opts: { teamCount: number },
): Promise<OrgFixture> {
  const org = await seedOrg(knex, { plan: 'scale', name: `Probe Org ${tag()}` });
  sensitive.add('org management key', org.orgKey);
  const mgmt = { 'x-management-key': org.orgKey };
  const teams: TeamFixture[] = [];
  for (let i = 0; i < opts.teamCount; i++) {
    const team = await seedTeam(knex, org.orgId, {
      name: `Probe Team ${tag()}`,
      // Closed-beta features, so the gated operations (continuous queries, lab report review) answer.
      features: ['continuous_query', 'lab_report_human_review'],
    });
    for (const k of Object.values(team.apiKeys)) sensitive.add('team API key', k);
    // Uploads are kept a week after parsing, so the lab report review's page images name a real page.
    await knex('teams')
      .where({ id: team.teamId })
      .update({
        settings: knex.raw(
          `settings || jsonb_build_object(
             'sandbox', coalesce(settings->'sandbox', '{}'::jsonb) || '{"lab_report_upload_retention_days": 7}',
             'production', coalesce(settings->'production', '{}'::jsonb) || '{"lab_report_upload_retention_days": 7}')`,
        ),
      });
    const label = `probe team key ${tag()}`;
    const teamKey = await seedManagementKey(knex, org.orgId, {
      role: 'team_admin',
      teamIds: [team.teamId],
      label,
    });
    sensitive.add('team management key', teamKey);
    const env = {} as Record<Environment, EnvResources>;
    for (const e of ENVIRONMENTS)
      env[e] = await seedEnv(api, knex, org, team.teamId, e, team.apiKeys[e], sensitive);
    for (const e of ENVIRONMENTS) {
      await must(
        'data pull preferences',
        call(api.managementUrl, 'POST', `/v1/org/${org.orgId}/team_data_pull_preferences/${e}/us`, mgmt, {
          team_ids: [team.teamId],
          providers: { oura: { default: true } },
        }),
      );
      await must(
        'link settings',
        call(api.managementUrl, 'PUT', `/v1/org/${org.orgId}/team/${team.teamId}/${e}/link_settings`, mgmt, {
          allowed_redirect_hosts: ['example.test'],
        }),
      );
    }
    await must(
      'scope requirements',
      call(api.managementUrl, 'POST', `/v1/org/${org.orgId}/team/${team.teamId}/scope_requirements`, mgmt, {
        oura: { user_must_grant: ['daily'], user_may_grant: [] },
      }),
    );
    teams.push({
      ...team,
      teamKey,
      teamKeyId: await managementKeyId(knex, label),
      env,
    });
  }
  const member = async (name: string) => {
    const id = newId();
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`;
    sensitive.add('name', name);
    sensitive.add('e-mail', email);
    await knex('org_members').insert({
      id,
      org_id: org.orgId,
      name,
      email,
      role: 'no_role',
      created_on: new Date(),
    });
    return id;
  };
  const invite = async () => {
    const email = `invitee.${tag()}@example.test`;
    sensitive.add('e-mail', email);
    await must('invite', call(api.managementUrl, 'POST', `/v1/org/${org.orgId}/invite`, mgmt, { email }));
    const row = await knex('org_invites').where({ org_id: org.orgId, email }).first('id');
    return row!.id as string;
  };
  const spareLabel = `probe spare key ${tag()}`;
  await seedManagementKey(knex, org.orgId, {
    role: 'team_admin',
    teamIds: [teams[0]!.teamId],
    label: spareLabel,
  });
  return {
    orgId: org.orgId,
    orgKey: org.orgKey,
    teams,
    memberId: await member(`Ada Probemember ${tag()}`),
    spareMemberId: await member(`Bea Sparemember ${tag()}`),
    inviteId: await invite(),
    spareInviteId: await invite(),
    spareKeyId: await managementKeyId(knex, spareLabel),
  };
}
