import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { BadRequestError, UnauthenticatedError } from '@meridian/domain';
import type { Logger } from '../logger';
import { createLogger } from '../logger';
import { createHttpApp } from '../http/app';
import { createMetricsRegistry } from '../http/metrics';

/** A small app on the real HTTP kit, for the edge tests: a keyed guard, JSON, query, path and upload routes. */

export const EDGE_DOC = {
  openapi: '3.0.3',
  info: { title: 'edge', version: '1' },
  paths: {
    '/items': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
        ],
        responses: { '200': { description: 'ok' } },
      },
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', maxLength: 100 }, extra: {} },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/items/{item_id}': {
      get: {
        parameters: [{ name: 'item_id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/upload': {
      post: {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string' } },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/throws/{what}': {
      get: {
        parameters: [{ name: 'what', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

export interface EdgeApp {
  app: Express;
  /** How many requests reached the guard (authentication). */
  guardCalls(): number;
}

/** The guard wants `x-key: k`; routes echo what they received. */
export function createEdgeApp(logger: Logger = createLogger({ service: 'edge', silent: true })): EdgeApp {
  let guardCalls = 0;
  const routes = express.Router();
  routes.get('/items', (req, res) => {
    res.json({ limit: req.query.limit });
  });
  routes.post('/items', (req, res) => {
    res.json(req.body);
  });
  routes.get('/items/:item_id', (req, res) => {
    res.json({ item_id: req.params.item_id });
  });
  routes.post('/upload', (req, res) => {
    const files = (req.files as Array<{ originalname: string; size: number }> | undefined) ?? [];
    res.json({ note: (req.body as { note?: string }).note, files: files.map((f) => f.originalname) });
  });
  routes.get('/throws/:what', (req) => {
    switch (req.params.what) {
      case 'string':
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- the case under test
        throw 'a thrown string at /srv/app/handler.ts:12';
      case 'undefined':
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- the case under test
        throw undefined;
      case 'unserializable':
        // Its envelope cannot be written as JSON: the error mapper itself fails.
        throw new BadRequestError('odd', 'An odd error.', { count: BigInt(1) });
      case 'object':
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- the case under test
        throw { status: 'teapot', stack: 'at /srv/app/handler.ts:12' };
      default:
        throw new Error(`boom at /srv/app/handler.ts:12 (${req.params.what})`);
    }
  });
  const app = createHttpApp({
    service: 'edge',
    openapi: EDGE_DOC,
    logger,
    metrics: createMetricsRegistry('edge'),
    readiness: {},
    guard: (req, _res, next) => {
      guardCalls++;
      next(req.header('x-key') === 'k' ? undefined : new UnauthenticatedError());
    },
    routes,
    upload: { maxBytes: 1024 * 1024, tooLargeErrorType: 'file_too_large' },
  });
  return { app, guardCalls: () => guardCalls };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request over a real connection (supertest re-encodes bodies sent with a Content-Encoding). */
export async function rawRequest(
  app: Express,
  opts: { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<RawResponse> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<RawResponse>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: opts.method, path: opts.path, headers: opts.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(opts.body);
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
