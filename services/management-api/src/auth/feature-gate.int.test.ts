/**
 * The closed-beta gate: an operation marked `x-meridian-feature` answers 403 `feature_not_enabled`
 * (JSON, never plain text) until the feature is enabled for the team. Continuous queries are the first
 * such feature; their endpoints arrive later, so this drives the real guard and HTTP kit with a document
 * that declares one gated operation.
 */
import express from 'express';
import request from 'supertest';
import { createCredentialsRepository } from '@meridian/db';
import { createHttpApp, createLogger, createMetricsRegistry, createRouteMatcher } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createManagementGuard } from './management.guard';

const doc = {
  openapi: '3.0.3',
  info: { title: 'gate', version: '1' },
  paths: {
    '/v1/org/{org_id}/team/{team_id}/{environment}/continuous_query': {
      parameters: [
        { name: 'org_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'team_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        {
          name: 'environment',
          in: 'path',
          required: true,
          schema: { type: 'string', enum: ['production', 'sandbox'] },
        },
      ],
      get: {
        'x-meridian-access': 'team',
        'x-meridian-feature': 'continuous_query',
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

describe('closed-beta feature gate', () => {
  let db: TestDatabase;
  let app: express.Express;
  let orgId: string;
  let orgKey: string;
  let gatedTeam: string;
  let enabledTeam: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ orgId, orgKey } = await seedOrg(db.knex));
    gatedTeam = (await seedTeam(db.knex, orgId)).teamId;
    enabledTeam = (await seedTeam(db.knex, orgId, { features: ['continuous_query'] })).teamId;
    const routes = express.Router();
    routes.get('/v1/org/:org_id/team/:team_id/:environment/continuous_query', (_req, res) => {
      res.json({ data: [], next_cursor: null });
    });
    app = createHttpApp({
      service: 'gate-test',
      openapi: doc,
      logger: createLogger({ service: 'gate-test', silent: true }),
      metrics: createMetricsRegistry('gate-test'),
      readiness: {},
      guard: createManagementGuard({
        credentials: createCredentialsRepository(db.knex),
        match: createRouteMatcher(doc),
      }),
      routes,
    });
  });
  afterAll(() => db.destroy());

  it('answers 403 feature_not_enabled as JSON for a team without the feature', async () => {
    const res = await request(app)
      .get(`/v1/org/${orgId}/team/${gatedTeam}/sandbox/continuous_query`)
      .set('X-Management-Key', orgKey);
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      detail: {
        error_type: 'feature_not_enabled',
        error_message: expect.stringContaining('continuous_query'),
        feature: 'continuous_query',
      },
    });
  });

  it('lets an enabled team through', async () => {
    const res = await request(app)
      .get(`/v1/org/${orgId}/team/${enabledTeam}/sandbox/continuous_query`)
      .set('X-Management-Key', orgKey);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], next_cursor: null });
  });

  it('checks authentication before the gate', async () => {
    const res = await request(app).get(`/v1/org/${orgId}/team/${gatedTeam}/sandbox/continuous_query`);
    expect(res.status).toBe(401);
    expect(res.body.detail.error_type).toBe('invalid_credentials');
  });

  it('checks the gate before request validation', async () => {
    const res = await request(app)
      .get(`/v1/org/${orgId}/team/${gatedTeam}/staging/continuous_query`)
      .set('X-Management-Key', orgKey);
    expect(res.status).toBe(403);
    expect(res.body.detail.error_type).toBe('feature_not_enabled');
  });
});
