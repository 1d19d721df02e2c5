import express, { type RequestHandler } from 'express';
import request from 'supertest';
import type { AuditEvent } from '@meridian/domain';
import { runWithContext } from '../request-context';
import { AUDIT_ACTOR_LOCAL, createAuditTrail, withAuditTrail, type AuditActor } from './audit-middleware';

const ORG = '0b8f3c1e-5d0a-4f5e-9d59-6d2a5a1f7c11';
const KEY = '1c9f4d2f-6e1b-4a6f-8e6a-7e3b6b2a8d22';
const USER = '2da05e30-7f2c-4b70-9f7b-8f4c7c3b9e33';
const JOB = '3eb16f41-8a3d-4c81-8a8c-9a5d8d4caf44';

const doc = {
  paths: {
    '/things/{user_id}': { get: { operationId: 'getThing' } },
    '/things/{user_id}/jobs/{job_id}': { get: { operationId: 'getJob' } },
    '/things': { post: { operationId: 'createThing' }, delete: { operationId: 'deleteThings' } },
    '/public': { get: { operationId: 'getPublic' } },
  },
};

const actor: AuditActor = {
  kind: 'team_api_key',
  keyId: KEY,
  orgId: ORG,
  teamId: null,
  environment: 'sandbox',
};

function appWith(opts: { authenticated?: boolean; handler?: RequestHandler } = {}) {
  const recorded: AuditEvent[] = [];
  const trail = createAuditTrail({
    openapi: doc,
    recorder: { record: (e) => recorded.push(e) },
    audited: (op) => op.path.startsWith('/things'),
    actorOf: (res) => res.locals.principal as AuditActor | undefined,
    clock: () => new Date('2026-11-20T10:00:00Z'),
  });
  const guard: RequestHandler = (_req, res, next) => {
    if (opts.authenticated !== false) res.locals.principal = actor;
    next();
  };
  const app = express();
  app.set('trust proxy', false);
  app.use((_req, _res, next) => runWithContext({ requestId: 'rid-7' }, next));
  app.use(express.json());
  app.use(withAuditTrail(trail, guard));
  app.get('/things/:user_id', (_req, res) => res.json({ value: 42 }));
  app.get('/things/:user_id/jobs/:job_id', (_req, res) => res.json({ ok: true }));
  app.post('/things', opts.handler ?? ((_req, res) => res.json({ id: JOB, user_id: USER })));
  app.delete('/things', (_req, res) => res.json({ success: true }));
  app.get('/public', (_req, res) => res.json({}));
  return { app, recorded };
}

describe('audit trail middleware', () => {
  it('records an audited call once, with template, action, ids from the path, address and request id', async () => {
    const { app, recorded } = appWith();
    await request(app).get(`/things/${USER.toUpperCase()}/jobs/${JOB}?secret=1`).expect(200);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      occurredAt: new Date('2026-11-20T10:00:00Z'),
      actorKind: 'team_api_key',
      actorKeyId: KEY,
      orgId: ORG,
      environment: 'sandbox',
      userId: USER,
      operation: 'getJob',
      action: 'read',
      method: 'GET',
      route: '/things/{user_id}/jobs/{job_id}',
      resourceId: JOB,
      status: 200,
      clientAddress: '127.0.0.1',
      requestId: 'rid-7',
    });
  });

  it('takes the user and the created resource from the answer of a POST, and a single *_id query as resource', async () => {
    const { app, recorded } = appWith();
    await request(app).post('/things').send({ name: 'x' }).expect(200);
    await request(app).delete(`/things?thing_id=${JOB}`).expect(200);
    expect(recorded.map((e) => [e.operation, e.action, e.userId, e.resourceId])).toEqual([
      ['createThing', 'create', USER, JOB],
      ['deleteThings', 'delete', null, JOB],
    ]);
  });

  it('records nothing for operations outside the rule or callers the guard did not authenticate', async () => {
    const open = appWith();
    await request(open.app).get('/public').expect(200);
    expect(open.recorded).toHaveLength(0);
    const anonymous = appWith({ authenticated: false });
    await request(anonymous.app).get(`/things/${USER}`).expect(200);
    expect(anonymous.recorded).toHaveLength(0);
  });

  it('lets a handler that authenticates itself name the actor', async () => {
    const linkActor: AuditActor = { ...actor, kind: 'link_token' };
    const { app, recorded } = appWith({
      authenticated: false,
      handler: (_req, res) => {
        res.locals[AUDIT_ACTOR_LOCAL] = linkActor;
        res.status(201).json({});
      },
    });
    await request(app).post('/things').send({ user_id: USER }).expect(201);
    expect(recorded.map((e) => [e.actorKind, e.userId, e.status])).toEqual([['link_token', USER, 201]]);
  });

  it('awaits an actor still being looked up, and prefers the user the credential is bound to', async () => {
    const OTHER_USER = '4fc27052-9b4e-4d92-9b9d-ab6e9e5db055';
    const { app, recorded } = appWith({
      authenticated: false,
      handler: (_req, res) => {
        res.locals[AUDIT_ACTOR_LOCAL] = new Promise<AuditActor>((resolve) =>
          setTimeout(() => resolve({ ...actor, kind: 'link_token', userId: OTHER_USER }), 20),
        );
        res.json({ user_id: USER });
      },
    });
    await request(app).post('/things').send({}).expect(200);
    expect(recorded).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorded.map((e) => [e.actorKind, e.userId, e.status])).toEqual([['link_token', OTHER_USER, 200]]);
  });

  it('reports an actor lookup that failed, and records nothing for it', async () => {
    const failures: unknown[] = [];
    const recorded: AuditEvent[] = [];
    const trail = createAuditTrail({
      openapi: doc,
      recorder: { record: (e) => recorded.push(e) },
      audited: () => true,
      actorOf: () => Promise.reject(new Error('database down')),
      onLookupError: (err) => failures.push(err),
    });
    const app = express();
    app.use(trail);
    app.get('/things/:user_id', (_req, res) => res.json({}));
    await request(app).get(`/things/${USER}`).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(recorded).toEqual([]);
    expect(failures).toEqual([new Error('database down')]);
  });

  it('withAuditTrail(null) is the guard alone', () => {
    const guard: RequestHandler = (_req, _res, next) => next();
    expect(withAuditTrail(null, guard)).toBe(guard);
  });
});
