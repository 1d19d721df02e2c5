import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { Express } from 'express';
import { createAuditWriter, insertAuditEvents, type AuditWriter } from '@meridian/db';
import { newId, type AuditEvent } from '@meridian/domain';
import { createLogger, createMetricsRegistry } from '@meridian/platform';
import {
  createTestDatabase,
  seedManagementKey,
  seedOrg,
  seedTeam,
  type TestDatabase,
} from '@meridian/test-utils';
import { createManagementApi } from '../../app';

interface WireEvent {
  id: string;
  occurred_at: string;
  actor_kind: string;
  key_id: string | null;
  team_id: string | null;
  environment: string | null;
  user_id: string | null;
  operation: string;
  action: string;
  route: string;
  resource_id: string | null;
  status: number;
}

describe('management API: audit trail of key changes and GET /v1/org/{org_id}/audit_events', () => {
  let db: TestDatabase;
  let app: Express;
  let writer: AuditWriter;
  let orgA: string;
  let orgB: string;
  let teamA1: string;
  let teamA2: string;
  let orgKeyA: string;
  let orgKeyB: string;
  let teamKeyA1: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    writer = createAuditWriter(db.knex, { flushIntervalMs: 60_000 });
    const a = await seedOrg(db.knex, { plan: 'scale' });
    const b = await seedOrg(db.knex, { plan: 'scale' });
    orgA = a.orgId;
    orgB = b.orgId;
    orgKeyA = a.orgKey;
    orgKeyB = b.orgKey;
    teamA1 = (await seedTeam(db.knex, orgA)).teamId;
    teamA2 = (await seedTeam(db.knex, orgA)).teamId;
    teamKeyA1 = await seedManagementKey(db.knex, orgA, { role: 'team_admin', teamIds: [teamA1] });
    // After the seeding: building the app keeps the event loop busy for a while (the validator compiles).
    app = createManagementApi({
      db: db.knex,
      logger: createLogger({ service: 'management-api', silent: true }),
      metrics: createMetricsRegistry('management-api'),
      region: 'us',
      readiness: {},
      validateResponses: true,
      secretsKey: randomBytes(32),
      audit: writer,
    });
  });
  afterAll(async () => {
    await writer.close();
    await db.destroy();
  });

  const as = (key: string, req: request.Test) => req.set('X-Management-Key', key);
  const orgKeyIdOf = async (orgId: string, role = 'org_admin') =>
    (await db.knex('management_keys').where({ org_id: orgId, role }).orderBy('created_at').first('id'))
      .id as string;

  describe('what the management API records', () => {
    it('records team API key creation and revocation with the management key, team, environment and key id', async () => {
      const created = await as(orgKeyA, request(app).post(`/v1/org/${orgA}/team_api_keys/sandbox/us`)).send({
        label: 'audited',
        team_id: teamA1,
      });
      expect(created.status).toBe(200);
      const newKeyId = created.body.id as string;
      const revoked = await as(
        orgKeyA,
        request(app).delete(`/v1/org/${orgA}/team_api_keys/sandbox/us?api_key_id=${newKeyId}`),
      );
      expect(revoked.status).toBe(200);
      await writer.flush();

      const rows = await db
        .knex('audit_events')
        .where({ resource_id: newKeyId })
        .orderBy('occurred_at')
        .select('*');
      const orgKeyId = await orgKeyIdOf(orgA);
      expect(rows.map((r) => [r.operation, r.action, r.status])).toEqual([
        ['createTeamApiKey', 'create', 200],
        ['revokeTeamApiKeys', 'delete', 200],
      ]);
      for (const row of rows) {
        expect(row).toMatchObject({
          actor_kind: 'management_key',
          actor_key_id: orgKeyId,
          org_id: orgA,
          environment: 'sandbox',
          route: '/v1/org/{org_id}/team_api_keys/{env}/{region}',
        });
      }
      expect(rows[0].team_id).toBe(teamA1);
      // The key shown once at creation is never in the trail.
      expect(JSON.stringify(rows)).not.toContain(created.body.value as string);
    });

    it('records management key creation and revocation', async () => {
      const created = await as(orgKeyA, request(app).post(`/v1/org/${orgA}/management_key`)).send({
        label: 'temp',
        role: 'org_admin',
      });
      expect(created.status).toBe(200);
      const keyId = created.body.id as string;
      expect((await as(orgKeyA, request(app).delete(`/v1/org/${orgA}/management_key/${keyId}`))).status).toBe(
        200,
      );
      await writer.flush();
      const rows = await db.knex('audit_events').where({ resource_id: keyId }).orderBy('occurred_at');
      expect(rows.map((r) => [r.operation, r.route])).toEqual([
        ['createManagementKey', '/v1/org/{org_id}/management_key'],
        ['revokeManagementKey', '/v1/org/{org_id}/management_key/{key_id}'],
      ]);
    });

    it('records a Team Management Key refused outside its teams, and nothing for a missing key or /healthz', async () => {
      await writer.flush();
      const seen = new Set<string>((await db.knex('audit_events').pluck('id')) as string[]);
      const refused = await as(teamKeyA1, request(app).get(`/v1/org/${orgA}/team/${teamA2}`));
      expect(refused.status).toBe(403);
      expect((await request(app).get(`/v1/org/${orgA}/team/${teamA1}`)).status).toBe(401);
      expect((await request(app).get('/healthz')).status).toBe(200);
      await writer.flush();
      const rows = (await db.knex('audit_events').orderBy('occurred_at')).filter((r) => !seen.has(r.id));
      expect(rows.map((r) => [r.operation, r.status, r.team_id])).toEqual([['getTeam', 403, teamA2]]);
    });
  });

  describe('listing', () => {
    const userX = newId();
    const userY = newId();
    const keyP = newId();
    const keyQ = newId();
    const seeded: AuditEvent[] = [];

    const event = (over: Partial<AuditEvent>): AuditEvent => ({
      id: newId(),
      occurredAt: new Date('2026-05-10T10:00:00Z'),
      actorKind: 'team_api_key',
      actorKeyId: keyP,
      orgId: orgA,
      teamId: teamA1,
      environment: 'sandbox',
      userId: userX,
      operation: 'getGroupedHeartrate',
      action: 'read',
      method: 'GET',
      route: '/v2/timeseries/{user_id}/heartrate/grouped',
      resourceId: null,
      status: 200,
      clientAddress: '192.0.2.7',
      requestId: null,
      ...over,
    });

    beforeAll(async () => {
      const at = (day: number) => new Date(Date.UTC(2026, 4, day, 10));
      seeded.push(
        event({ occurredAt: at(1) }),
        event({ occurredAt: at(2), userId: userY }),
        event({ occurredAt: at(3), actorKeyId: keyQ, environment: 'production' }),
        event({ occurredAt: at(4), teamId: teamA2 }),
        event({ occurredAt: at(5) }),
        event({
          occurredAt: at(6),
          actorKind: 'management_key',
          teamId: null,
          environment: null,
          userId: null,
          operation: 'listManagementKeys',
        }),
        event({ occurredAt: at(7), orgId: orgB, teamId: newId() }),
      );
      await insertAuditEvents(db.knex, seeded);
    });

    const list = async (key: string, orgId: string, query: Record<string, string | number>) => {
      const res = await as(key, request(app).get(`/v1/org/${orgId}/audit_events`)).query({
        start: '2026-05-01T00:00:00Z',
        end: '2026-06-01T00:00:00Z',
        ...query,
      });
      return res;
    };
    const idsOf = (res: request.Response) => (res.body.audit_events as WireEvent[]).map((e) => e.id);
    const mine = (pick: (e: AuditEvent) => boolean) =>
      seeded
        .filter((e) => e.orgId === orgA && pick(e))
        .sort((x, y) => y.occurredAt.getTime() - x.occurredAt.getTime())
        .map((e) => e.id);

    it('lists the organization newest first, in the wire shape, without the data', async () => {
      const res = await list(orgKeyA, orgA, {});
      expect(res.status).toBe(200);
      expect(idsOf(res)).toEqual(mine(() => true));
      expect(res.body.next_cursor).toBeNull();
      expect(res.body.audit_events[0]).toEqual({
        id: seeded[5]!.id,
        occurred_at: '2026-05-06T10:00:00.000Z',
        actor_kind: 'management_key',
        key_id: keyP,
        team_id: null,
        environment: null,
        user_id: null,
        operation: 'listManagementKeys',
        action: 'read',
        method: 'GET',
        route: '/v2/timeseries/{user_id}/heartrate/grouped',
        resource_id: null,
        status: 200,
        client_address: '192.0.2.7',
        request_id: null,
      });
    });

    it.each([
      ['user_id', () => ({ user_id: userY }), (e: AuditEvent) => e.userId === userY],
      ['key_id', () => ({ key_id: keyQ }), (e: AuditEvent) => e.actorKeyId === keyQ],
      ['team_id', () => ({ team_id: teamA2 }), (e: AuditEvent) => e.teamId === teamA2],
      [
        'environment',
        () => ({ environment: 'production' }),
        (e: AuditEvent) => e.environment === 'production',
      ],
      [
        'start/end',
        () => ({ start: '2026-05-02T10:00:00Z', end: '2026-05-04T10:00:00Z' }),
        (e: AuditEvent) =>
          e.occurredAt >= new Date('2026-05-02T10:00:00Z') && e.occurredAt < new Date('2026-05-04T10:00:00Z'),
      ],
      [
        'user_id + key_id',
        () => ({ user_id: userX, key_id: keyP }),
        (e: AuditEvent) => e.userId === userX && e.actorKeyId === keyP,
      ],
    ])('filters by %s', async (_name, query, pick) => {
      const res = await list(orgKeyA, orgA, query());
      expect(res.status).toBe(200);
      expect(idsOf(res)).toEqual(mine(pick));
      expect(idsOf(res).length).toBeGreaterThan(0);
    });

    it('pages with limit and next_cursor, every event once', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await list(orgKeyA, orgA, cursor ? { limit: 2, next_cursor: cursor } : { limit: 2 });
        expect(res.status).toBe(200);
        expect(res.body.audit_events.length).toBeLessThanOrEqual(2);
        seen.push(...idsOf(res));
        cursor = res.body.next_cursor as string | null;
        pages += 1;
      } while (cursor && pages < 10);
      expect(seen).toEqual(mine(() => true));
      expect(pages).toBe(3);
    });

    it("keeps organizations apart: another org's operator sees none of it and cannot ask", async () => {
      const own = await list(orgKeyB, orgB, { user_id: userX });
      expect(own.status).toBe(200);
      expect(idsOf(own)).toEqual([seeded[6]!.id]);
      const other = await list(orgKeyB, orgA, {});
      expect(other.status).toBe(403);
      expect(other.body.detail.error_type).toBe('forbidden');
    });

    it('shows a Team Management Key its bound teams only (no org-level events) and refuses other teams', async () => {
      const res = await list(teamKeyA1, orgA, {});
      expect(res.status).toBe(200);
      expect(idsOf(res)).toEqual(mine((e) => e.teamId === teamA1));
      const refused = await list(teamKeyA1, orgA, { team_id: teamA2 });
      expect(refused.status).toBe(403);
    });

    it('answers 422 for a cursor it did not issue, an end not after start, or a limit over 500', async () => {
      expect((await list(orgKeyA, orgA, { next_cursor: 'bogus' })).status).toBe(422);
      const backwards = await list(orgKeyA, orgA, {
        start: '2026-05-04T00:00:00Z',
        end: '2026-05-02T00:00:00Z',
      });
      expect(backwards.status).toBe(422);
      expect(backwards.body.detail[0].loc).toEqual(['query', 'end']);
      expect((await list(orgKeyA, orgA, { limit: 501 })).status).toBe(422);
    });

    it('records reading the audit trail in the audit trail', async () => {
      await writer.flush();
      const keyId = await orgKeyIdOf(orgB);
      const rows = await db.knex('audit_events').where({ actor_key_id: keyId, operation: 'listAuditEvents' });
      expect(rows.map((r) => r.status).sort()).toEqual([200, 403]);
    });

    // Last: its refused request by org B's key would count in the test above.
    it("seals next_cursor for the org: opaque, and refused (422) when altered or used by another org's operator", async () => {
      const first = await list(orgKeyA, orgA, { limit: 1 });
      const cursor = first.body.next_cursor as string;
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      const lastId = idsOf(first)[0]!;
      const bytes = Buffer.from(cursor, 'base64url').toString('latin1');
      expect(bytes).not.toContain(lastId);
      expect(bytes).not.toContain('2026-05');
      expect((await list(orgKeyA, orgA, { limit: 1, next_cursor: cursor })).status).toBe(200);

      const foreign = await list(orgKeyB, orgB, { next_cursor: cursor });
      expect(foreign.status).toBe(422);
      expect(foreign.body.detail[0]).toMatchObject({ loc: ['query', 'next_cursor'], type: 'value_error' });
      const raw = Buffer.from(cursor, 'base64url');
      raw[5] = raw[5]! ^ 0x01;
      expect((await list(orgKeyA, orgA, { next_cursor: raw.toString('base64url') })).status).toBe(422);
    });
  });
});
