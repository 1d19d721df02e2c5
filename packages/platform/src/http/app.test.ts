import express from 'express';
import request from 'supertest';
import { ValidationError, NotFoundError } from '@meridian/domain';
import { createLogger } from '../logger';
import { createHttpApp } from './app';
import { createMetricsRegistry } from './metrics';

const doc = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/boom': { get: { responses: { '200': { description: 'ok' } } } },
    '/missing': { get: { responses: { '200': { description: 'ok' } } } },
    '/rule': { get: { responses: { '200': { description: 'ok' } } } },
    '/items': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: { type: 'string', maxLength: 5 },
                  count: { type: 'integer', minimum: 1 },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

function buildApp() {
  const routes = express.Router();
  routes.get('/boom', () => {
    throw new Error('SELECT secret FROM users -- must never reach the client');
  });
  routes.get('/missing', () => {
    throw new NotFoundError('No such thing.');
  });
  routes.get('/rule', () => {
    throw ValidationError.single(['query', 'x'], 'X is wrong', 'value_error', 'y');
  });
  routes.post('/items', (req, res) => {
    res.json(req.body);
  });
  return createHttpApp({
    service: 'test',
    openapi: doc,
    logger: createLogger({ service: 'test', silent: true }),
    metrics: createMetricsRegistry('test'),
    readiness: { database: () => true, broker: () => false },
    routes,
  });
}

describe('HTTP kit', () => {
  const app = buildApp();

  it('hides internals of a 500 and gives the request id', async () => {
    const res = await request(app).get('/boom').set('x-request-id', 'abc-1');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      detail: { error_type: 'internal_error', error_message: 'Internal server error.', request_id: 'abc-1' },
    });
    expect(JSON.stringify(res.body)).not.toContain('SELECT');
  });

  it('maps domain errors to the envelope and rule failures to the 422 body', async () => {
    expect((await request(app).get('/missing')).body).toEqual({
      detail: { error_type: 'not_found', error_message: 'No such thing.' },
    });
    const rule = await request(app).get('/rule');
    expect(rule.status).toBe(422);
    expect(rule.body).toEqual({
      detail: [{ loc: ['query', 'x'], msg: 'X is wrong', type: 'value_error', input: 'y', ctx: {} }],
    });
  });

  it('answers schema violations, bad JSON and wrong content types with 422 items', async () => {
    const missing = await request(app).post('/items').send({ count: 0 });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'name'], msg: 'Field required', type: 'missing', input: { count: 0 }, ctx: {} },
        expect.objectContaining({
          loc: ['body', 'count'],
          type: 'greater_than_equal',
          input: 0,
          ctx: { ge: 1 },
        }),
      ]),
    );
    const long = await request(app).post('/items').send({ name: 'toolong' });
    expect(long.body.detail[0]).toMatchObject({
      loc: ['body', 'name'],
      type: 'string_too_long',
      ctx: { max_length: 5 },
    });
    const badJson = await request(app)
      .post('/items')
      .set('content-type', 'application/json')
      .send('{"name":');
    expect(badJson.status).toBe(422);
    expect(badJson.body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
    const text = await request(app).post('/items').set('content-type', 'text/plain').send('name=x');
    expect(text.status).toBe(422);
    expect(text.body.detail[0]).toMatchObject({ loc: ['body'] });
  });

  it('answers unknown routes 404 and wrong methods 405 with the envelope', async () => {
    const res = await request(app).get('/nope');
    expect(res.status).toBe(404);
    expect(res.body.detail.error_type).toBe('not_found');
    const wrong = await request(app).delete('/boom');
    expect(wrong.status).toBe(405);
    expect(wrong.body.detail.error_type).toBe('method_not_allowed');
  });

  it('reports readiness per dependency', async () => {
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'not_ready', checks: { database: 'ok', broker: 'unavailable' } });
  });
});
