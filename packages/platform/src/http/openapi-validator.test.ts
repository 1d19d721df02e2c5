import type { Request, Response } from 'express';
import { OpenApiSpecLoader } from 'express-openapi-validator/dist/framework/openapi.spec.loader';
import { OpenApiContext } from 'express-openapi-validator/dist/framework/openapi.context';
import { applyOpenApiMetadata } from 'express-openapi-validator/dist/middlewares/openapi.metadata';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';
import { compiledOpenApiMetadata } from './openapi-validator';

const op = (id: string) => ({ operationId: id, responses: { '200': { description: 'ok' } } });
const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

/** Literal and parameter segments sharing prefixes, several methods, a base path from `servers`. */
const DOC = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  servers: [{ url: '/api' }],
  paths: {
    '/v2/user': { get: op('list'), post: op('create') },
    '/v2/user/undo_delete': { post: op('undo') },
    '/v2/user/{user_id}': { get: { ...op('get'), parameters: [param('user_id')] } },
    '/v2/user/{user_id}/{provider}': {
      delete: { ...op('disconnect'), parameters: [param('user_id'), param('provider')] },
    },
    '/v2/timeseries/{user_id}/heartrate/grouped': {
      get: { ...op('hr'), parameters: [param('user_id')] },
    },
    '/v2/timeseries/{user_id}/steps/grouped': { get: { ...op('steps'), parameters: [param('user_id')] } },
    '/v2/timeseries/{user_id}/{slug}/grouped': {
      get: { ...op('any'), parameters: [param('user_id'), param('slug')] },
    },
    '/v2/timeseries/{user_id}/{slug}': {
      get: { ...op('legacy'), parameters: [param('user_id'), param('slug')] },
    },
    '/v3/order/{order_id}/result/pdf': { get: { ...op('pdf'), parameters: [param('order_id')] } },
  },
};

const URLS: [string, string][] = [
  ['GET', '/api/v2/user'],
  ['POST', '/api/v2/user?x=1'],
  ['POST', '/api/v2/user/undo_delete'],
  ['GET', '/api/v2/user/undo_delete'],
  ['GET', '/api/v2/user/u%201'],
  ['GET', '/api/v2/user/u1/'],
  ['PUT', '/api/v2/user/u1'],
  ['DELETE', '/api/v2/user/u1/oura'],
  ['GET', '/api/v2/timeseries/u1/heartrate/grouped?start_date=2025-01-01'],
  ['GET', '/api/v2/timeseries/u1/steps/grouped'],
  ['GET', '/api/v2/timeseries/u1/glucose/grouped'],
  ['GET', '/api/v2/timeseries/u1/glucose'],
  ['HEAD', '/api/v2/timeseries/u1/glucose'],
  ['GET', '/api/v2/timeseries/u1/%E0%A4%A/grouped'],
  ['GET', '/api/v2/timeseries/u1/a/b/c/d'],
  ['GET', '/api/V2/USER'],
  ['GET', '/api/v3/order/o1/result/pdf'],
  ['GET', '/api/nothing/here'],
  ['GET', '/elsewhere'],
];

interface Metadata {
  openApiRoute: string;
  pathParams: Record<string, string>;
  schema: unknown;
}
interface Outcome {
  openapi?: Metadata;
  params?: unknown;
  error?: { status: number; message: string; headers?: unknown };
}

function run(mw: (req: Request, res: Response, next: () => void) => unknown, method: string, url: string) {
  const path = url.split('?')[0]!;
  const req = {
    method,
    url,
    originalUrl: url,
    baseUrl: '',
    path,
    params: {},
    app: { enabled: () => false },
  } as unknown as Request & { openapi?: Metadata };
  const outcome: Outcome = {};
  try {
    mw(req, {} as Response, () => undefined);
    outcome.openapi = req.openapi && { ...req.openapi, schema: req.openapi.schema };
    outcome.params = req.params;
  } catch (err) {
    const e = err as { status: number; message: string; headers?: unknown };
    outcome.error = { status: e.status, message: e.message, headers: e.headers };
  }
  return outcome;
}

describe('compiled OpenAPI route lookup', () => {
  let context: OpenApiContext;
  beforeAll(async () => {
    const spec = await new OpenApiSpecLoader({
      apiDoc: structuredClone(DOC) as unknown as OpenAPIV3.DocumentV3,
      validateApiSpec: true,
      $refParser: { mode: 'bundle' },
    }).load();
    context = new OpenApiContext(spec, undefined as unknown as RegExp, false, false);
  });

  it('gives the library metadata step’s match, params and errors for every case', () => {
    const library = applyOpenApiMetadata(context, null as never) as unknown as Parameters<typeof run>[0];
    const compiled = compiledOpenApiMetadata(context) as Parameters<typeof run>[0];
    let matched = 0;
    for (const [method, url] of URLS) {
      const expected = run(library, method, url);
      expect({ method, url, ...run(compiled, method, url) }).toEqual({ method, url, ...expected });
      if (expected.openapi) matched += 1;
    }
    // The cases do exercise matches, 404, 405 and a malformed escape (not only misses).
    expect(matched).toBeGreaterThanOrEqual(10);
    const statuses = URLS.map(([m, u]) => run(compiled, m, u).error?.status);
    expect(statuses).toEqual(expect.arrayContaining([400, 404, 405]));
  });

  it('resolves literal slugs before the parameter route, with the same schema object', () => {
    const compiled = compiledOpenApiMetadata(context) as Parameters<typeof run>[0];
    const hr = run(compiled, 'GET', '/api/v2/timeseries/u1/heartrate/grouped').openapi!;
    expect(hr.openApiRoute).toBe('/api/v2/timeseries/{user_id}/heartrate/grouped');
    expect(hr.pathParams).toEqual({ user_id: 'u1' });
    const paths = context.apiDoc.paths as Record<string, Record<string, unknown>>;
    expect(hr.schema).toBe(paths['/v2/timeseries/{user_id}/heartrate/grouped']!.get);
    const other = run(compiled, 'GET', '/api/v2/timeseries/u1/glucose/grouped').openapi!;
    expect(other.pathParams).toEqual({ user_id: 'u1', slug: 'glucose' });
  });
});
