import request from 'supertest';
import type { Express } from 'express';
import { createAuditWriter, insertAuditEvents, type AuditWriter } from '@meridian/db';
import { createLogger, createMetricsRegistry } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createDataApi } from '../app';
import { textPdf } from '../testing/lab-report-files';

interface AuditRow {
  id: string;
  actor_kind: string;
  actor_key_id: string | null;
  org_id: string;
  team_id: string | null;
  environment: string | null;
  user_id: string | null;
  operation: string;
  action: string;
  method: string;
  route: string;
  resource_id: string | null;
  status: number;
  client_address: string | null;
  request_id: string | null;
}

describe('data API audit trail', () => {
  let db: TestDatabase;
  let app: Express;
  let writer: AuditWriter;
  let inserts = 0;
  let orgId: string;
  let teamId: string;
  let key: string;
  let keyId: string;
  let otherKey: string;
  let seq = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    writer = createAuditWriter(db.knex, {
      flushIntervalMs: 60_000,
      insert: async (knex, events) => {
        inserts += 1;
        await insertAuditEvents(knex, events);
      },
    });
    const org = await seedOrg(db.knex);
    orgId = org.orgId;
    const team = await seedTeam(db.knex, orgId);
    teamId = team.teamId;
    key = team.apiKeys.sandbox;
    keyId = (await db.knex('team_api_keys').where({ team_id: teamId, environment: 'sandbox' }).first('id'))
      .id;
    otherKey = (await seedTeam(db.knex, orgId)).apiKeys.sandbox;
    // After the seeding: building the app keeps the event loop busy for a while (the validator compiles).
    app = createDataApi({
      db: db.knex,
      logger: createLogger({ service: 'data-api', silent: true }),
      metrics: createMetricsRegistry('data-api'),
      region: 'us',
      readiness: {},
      transport: { publish: async () => undefined },
      validateResponses: true,
      audit: writer,
    });
  });
  afterAll(async () => {
    await writer.close();
    await db.destroy();
  });

  const api = () => request(app);
  const as = (k: string, req: request.Test) => req.set('x-service-api-key', k);

  /** Writes what the API recorded, then the rows (newest last). */
  async function trail(where: Partial<AuditRow> = {}): Promise<AuditRow[]> {
    await writer.flush();
    return db
      .knex('audit_events')
      .where(where)
      .orderBy([{ column: 'occurred_at' }, { column: 'id' }])
      .select('*', db.knex.raw('host(client_address) as client_address'));
  }

  async function createUser(clientUserId = `audit-patient-${++seq}`): Promise<string> {
    const res = await as(key, api().post('/v2/user')).send({ client_user_id: clientUserId });
    expect(res.status).toBe(200);
    return res.body.user_id as string;
  }

  it('records a user created and read, with the key, team, environment, user and operation', async () => {
    const userId = await createUser();
    const read = await as(key, api().get(`/v2/user/${userId}`)).set('x-request-id', 'req-audit-1');
    expect(read.status).toBe(200);

    const rows = await trail({ user_id: userId });
    expect(rows.map((r) => [r.operation, r.action, r.method, r.route, r.status])).toEqual([
      ['createUser', 'create', 'POST', '/v2/user', 200],
      ['getUser', 'read', 'GET', '/v2/user/{user_id}', 200],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        actor_kind: 'team_api_key',
        actor_key_id: keyId,
        org_id: orgId,
        team_id: teamId,
        environment: 'sandbox',
        client_address: '127.0.0.1',
      });
    }
    expect(rows[1]!.request_id).toBe('req-audit-1');
  });

  it('records health-data reads (timeseries, summaries) by route template, without the query string', async () => {
    const userId = await createUser();
    const ts = await as(key, api().get(`/v2/timeseries/${userId}/heartrate/grouped?start_date=2026-11-01`));
    expect(ts.status).toBe(200);
    const sleep = await as(
      key,
      api().get(`/v2/summary/sleep/${userId}?start_date=2026-11-01&end_date=2026-11-07`),
    );
    expect(sleep.status).toBe(200);

    const rows = await trail({ user_id: userId, action: 'read' });
    expect(rows.map((r) => [r.operation, r.route])).toEqual([
      ['getGroupedHeartrate', '/v2/timeseries/{user_id}/heartrate/grouped'],
      ['getSleepSummaries', '/v2/summary/sleep/{user_id}'],
    ]);
  });

  it('records a lab report upload (user from the form) and its read (the job as resource)', async () => {
    const userId = await createUser();
    const upload = await as(key, api().post('/lab_report/v1/parser/job'))
      .field('user_id', userId)
      .attach('file', await textPdf(1), { filename: 'report.pdf', contentType: 'application/pdf' });
    expect(upload.status).toBe(200);
    const jobId = upload.body.job_id as string;
    const read = await as(key, api().get(`/lab_report/v1/parser/job/${jobId}`));
    expect(read.status).toBe(200);

    const created = await trail({ operation: 'createLabReportParsingJob', user_id: userId });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ action: 'create', route: '/lab_report/v1/parser/job', status: 200 });
    const readRows = await trail({ operation: 'getLabReportParsingJob', resource_id: jobId });
    expect(readRows).toHaveLength(1);
    expect(readRows[0]).toMatchObject({ action: 'read', route: '/lab_report/v1/parser/job/{job_id}' });
  });

  it("records another team's key reaching for a user it cannot see, with the 404 it got", async () => {
    const userId = await createUser();
    const res = await as(otherKey, api().get(`/v2/user/${userId}`));
    expect(res.status).toBe(404);
    const rows = await trail({ user_id: userId, operation: 'getUser' });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe(404);
    expect(rows[0]!.team_id).not.toBe(teamId);
    expect(rows[0]!.actor_key_id).not.toBe(keyId);
  });

  it('records nothing for health checks, the provider catalog or calls without a valid key', async () => {
    const before = (await trail()).length;
    expect((await api().get('/healthz')).status).toBe(200);
    expect((await as(key, api().get('/v2/providers'))).status).toBe(200);
    expect((await as('sk_us_not_a_key', api().get(`/v2/user/${await createUser()}`))).status).toBe(401);
    const after = await trail();
    // Only the createUser of this test itself.
    expect(after.slice(before).map((r) => r.operation)).toEqual(['createUser']);
  });

  it('writes many calls with a few INSERTs (batched), and the hot path does not wait for them', async () => {
    const userId = await createUser();
    await writer.flush();
    const insertsBefore = inserts;
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => as(key, api().get(`/v2/user/${userId}`))),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    // Every call was answered before anything was written (the writer's timer is a minute away).
    expect(inserts).toBe(insertsBefore);
    expect(await trail({ user_id: userId, operation: 'getUser' })).toHaveLength(40);
    expect(inserts - insertsBefore).toBe(1);
  });

  it('holds no data: no client_user_id, no query values, no bodies', async () => {
    const clientUserId = `secret-client-id-${++seq}`;
    const userId = await createUser(clientUserId);
    await as(key, api().patch(`/v2/user/${userId}`)).send({ fallback_time_zone: 'Europe/Paris' });
    await as(key, api().get(`/v2/user/resolve/${clientUserId}`));
    await as(key, api().get(`/v2/timeseries/${userId}/glucose/grouped?start_date=2026-10-13&provider=oura`));
    const rows = await trail({ team_id: teamId });
    const stored = JSON.stringify(rows);
    for (const secret of [clientUserId, 'Europe/Paris', '2026-10-13', 'start_date', 'oura', '?']) {
      expect(stored).not.toContain(secret);
    }
    // The resolve call is recorded against the user it answered with, under its template.
    const resolved = rows.filter((r) => r.operation === 'resolveUser');
    expect(resolved.map((r) => [r.user_id, r.route])).toEqual([
      [userId, '/v2/user/resolve/{client_user_id}'],
    ]);
  });
  describe("the link widget's calls (link token)", () => {
    async function linkToken(userId: string): Promise<{ token: string; tokenId: string }> {
      const res = await as(key, api().post('/v2/link/token')).send({ user_id: userId });
      expect(res.status).toBe(200);
      const row = await db.knex('link_tokens').where({ user_id: userId }).first('id');
      return { token: res.body.link_token as string, tokenId: row.id as string };
    }

    it("records a widget call as made by its link token, for the token's user, team and environment", async () => {
      const userId = await createUser();
      const { token, tokenId } = await linkToken(userId);
      const start = await api().post('/v2/link/start').set('x-service-link-token', token).send({});
      expect(start.status).toBe(200);

      const rows = await trail({ actor_kind: 'link_token', user_id: userId });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actor_key_id: tokenId,
        org_id: orgId,
        team_id: teamId,
        environment: 'sandbox',
        operation: 'startLinkSession',
        route: '/v2/link/start',
        status: 200,
        client_address: '127.0.0.1',
      });
      // The token itself is never stored.
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it("records nothing for a refused link token or the widget's progress and catalog reads", async () => {
      const userId = await createUser();
      const { token } = await linkToken(userId);
      const refused = await api().post('/v2/link/start').set('x-service-link-token', `${token}x`).send({});
      expect(refused.status).toBe(401);
      expect((await api().get('/v2/link/state').set('x-service-link-token', token)).status).toBe(200);
      expect((await api().get('/v2/link/providers').set('x-service-link-token', token)).status).toBe(200);
      expect(await trail({ actor_kind: 'link_token', user_id: userId })).toEqual([]);
    });
  });

  describe('without a recorder from the composition root', () => {
    it("keeps no writer of its own: nothing is written behind the caller's back, no timer is left running", async () => {
      const bare = createDataApi({
        db: db.knex,
        logger: createLogger({ service: 'data-api', silent: true }),
        metrics: createMetricsRegistry('data-api'),
        region: 'us',
        readiness: {},
      });
      const created = await as(key, request(bare).post('/v2/user')).send({ client_user_id: `bare-${++seq}` });
      expect(created.status).toBe(200);
      // Longer than a default writer's flush interval (1 s).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await db.knex('audit_events').where({ user_id: created.body.user_id as string })).toEqual([]);
    });
  });
});
