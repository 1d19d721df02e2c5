import express, { type Express, type Request, type RequestHandler, type Router } from 'express';
import type { Registry } from 'prom-client';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';
import { runWithContext } from '../request-context';
import { isCalendarDate, isoDateTimeMs, parseIsoDateTime, ValidationError } from '@meridian/domain';
import type { Logger } from '../logger';
import { jsonCompression, type CompressionOptions } from './compression';
import { openApiValidatorMiddleware } from './openapi-validator';
import { apiDocsRouter } from './docs';
import { createErrorMapper, notFoundHandler } from './error-mapper';
import { healthRouter, type ReadinessCheck } from './health';
import { httpMetricsMiddleware, metricsHandler } from './metrics';
import { createUploadStore, type UploadOptions } from './upload-store';
import {
  bodyNulGuard,
  contentEncodingGate,
  finiteNumberGuard,
  pathEncodingGuard,
  queryAndHeaderNulGuard,
  verifyJsonDepth,
} from './request-edge';

export interface HttpAppOptions {
  service: string;
  /** The service's OpenAPI document (source of truth for routes and validation). */
  openapi: Record<string, unknown>;
  /** Where clients reach this API: the served document's `servers` (default `/`, this server). */
  publicUrl?: string;
  logger: Logger;
  metrics: Registry;
  readiness: Record<string, ReadinessCheck>;
  /**
   * Authentication from headers alone (issue 11): runs before any request body is read, so the body of an
   * unauthenticated request is never parsed or buffered. Sets `res.locals.principal`.
   */
  authenticate?: RequestHandler;
  /** Runs after the body is parsed, before request validation: authorization needing the body (§2.4). */
  guard?: RequestHandler;
  /**
   * Request rate limits: `beforeAuth` (per client address, failed-authentication lockout) runs before the
   * key is checked, `afterAuth` (per key) right after `authenticate`.
   */
  rateLimits?: { beforeAuth: RequestHandler; afterAuth: RequestHandler };
  /** Express's `trust proxy` (which `X-Forwarded-For` hops tell the client address); default none. */
  trustProxy?: boolean | number | string[];
  routes: Router;
  /**
   * Routes served before the body parsers, the guard and the OpenAPI validator: hosted pages and
   * endpoints that read their own raw body (inbound provider webhooks). They authenticate themselves.
   */
  publicRoutes?: Router;
  /** Validate responses against the document (on in tests). */
  validateResponses?: boolean;
  jsonLimit?: string;
  /**
   * Paths whose JSON bodies have their own size limit (bulk pushes), each with handlers that run first, before
   * the body is read (their own authentication and rate limit). Other paths use `jsonLimit`.
   */
  jsonRoutes?: Array<{
    path: string;
    limit: string;
    before?: RequestHandler[];
    /** Sees the body's bytes (after content decoding, before `JSON.parse`) once the edge checks passed. */
    onRawBody?: (req: Request, body: Buffer) => void;
  }>;
  /**
   * Multipart uploads, staged on disk in a bounded per-process store (files on `req.files[].path`, deleted
   * after the answer); without it multipart is refused.
   */
  upload?: UploadOptions;
  /**
   * JSON answers compressed per `Accept-Encoding` above a size threshold (default on: 1 KB, gzip level 1,
   * brotli quality 4); false sends them as they are.
   */
  compression?: CompressionOptions | false;
}

const REQUEST_ID_RE = /^[\w.:-]{1,128}$/;
const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** RFC 3339 as the validator's fast mode reads it (an offset is required)... */
const DATE_TIME_SHAPE = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/;
/** ...and a real calendar date, time of day and offset (month 13, hour 25, 30 February, +99:00 are not). */
const isDateTime = (v: string) => DATE_TIME_SHAPE.test(v) && parseIsoDateTime(v) !== null;

/**
 * A request date-time (a `format: date-time` value the validator let through) as a `Date`. The format
 * accepts every ISO 8601 offset form, `+01` and `+0100` included, which `new Date(text)` cannot always read
 * (an Invalid Date that PostgreSQL refuses with a 500): read it with the domain's reader instead. A value
 * that still does not read is 422 `datetime_parsing` at `loc`.
 */
export function requestDateTime(value: string, loc: string[]): Date {
  const ms = isoDateTimeMs(value);
  if (ms === null) {
    throw ValidationError.single(loc, 'Input should be a valid datetime', 'datetime_parsing', value, {});
  }
  return new Date(ms);
}

function requestContext(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && REQUEST_ID_RE.test(incoming) ? incoming : undefined;
    const traceparent = req.header('traceparent');
    const traceId = traceparent?.split('-')[1];
    runWithContext({ requestId, traceId }, () => {
      res.setHeader('x-request-id', requestId ?? '');
      next();
    });
  };
}

function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    // Winston formats a line before its transports drop it by level: skip the work when nothing keeps it.
    if (!logger.isLevelEnabled('info')) return next();
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      // The route template, never the raw path: paths can hold a client_user_id.
      const route = (req as { openapi?: { openApiRoute?: string } }).openapi?.openApiRoute ?? 'unmatched';
      logger.info('request', {
        method: req.method,
        route,
        status: res.statusCode,
        duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
      });
    });
    next();
  };
}

/**
 * Builds an express app: context, edge checks, health, metrics, docs, address limits, public routes,
 * authentication and key limits (headers only), JSON, guard, OpenAPI validator (once), routes, errors. The edge checks run before authentication; every answer, errors included, is JSON.
 */
export function createHttpApp(opts: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  // Pages of health data run to megabytes: hashing each for an ETag costs more than it saves.
  app.set('etag', false);
  app.set('trust proxy', opts.trustProxy ?? false);
  app.use(requestContext());
  app.use((req, res, next) => {
    const id = res.getHeader('x-request-id');
    if (!id) res.setHeader('x-request-id', String(req.header('x-request-id') ?? ''));
    next();
  });
  // HEAD is GET without the body (RFC 9110 §9.3.2): read as GET by the validator and the routes (documents
  // list GET only); Node still sends no body, the response having been made for a HEAD request.
  app.use((req, _res, next) => {
    if (req.method === 'HEAD') req.method = 'GET';
    next();
  });
  app.use(pathEncodingGuard());
  if (opts.compression !== false) {
    app.use(jsonCompression({ ...opts.compression, validateResponses: opts.validateResponses ?? false }));
  }
  app.use(healthRouter(opts.readiness));
  app.get('/metrics', metricsHandler(opts.metrics));
  app.use(
    apiDocsRouter({ title: `Meridian ${opts.service}`, document: opts.openapi, publicUrl: opts.publicUrl }),
  );
  app.use(accessLog(opts.logger));
  app.use(httpMetricsMiddleware(opts.metrics));
  app.use(queryAndHeaderNulGuard());
  if (opts.rateLimits) app.use(opts.rateLimits.beforeAuth);
  if (opts.publicRoutes) app.use(opts.publicRoutes);
  app.use(contentEncodingGate());
  // Authenticate from headers before any body is read: an unauthenticated body is never parsed.
  if (opts.authenticate) app.use(opts.authenticate);
  if (opts.rateLimits) app.use(opts.rateLimits.afterAuth);
  for (const route of opts.jsonRoutes ?? []) {
    app.use(
      route.path,
      ...(route.before ?? []),
      express.json({
        limit: route.limit,
        verify: (req, res, body, encoding) => {
          verifyJsonDepth(req, res, body, encoding);
          route.onRawBody?.(req as Request, body);
        },
      }),
    );
  }
  app.use(express.json({ limit: opts.jsonLimit ?? '1mb', verify: verifyJsonDepth }));
  app.use(bodyNulGuard());
  if (opts.guard) app.use(opts.guard);
  const uploads = opts.upload && createUploadStore(opts.upload);
  // Refuses an upload the store cannot hold (413, 503) before its body is read.
  if (uploads) app.use(uploads.admit);
  // The library's validator with its per-request route lookup compiled once (openapi-validator.ts).
  app.use(
    openApiValidatorMiddleware({
      apiSpec: opts.openapi as unknown as OpenAPIV3.DocumentV3,
      validateRequests: { allowUnknownQueryParameters: true, coerceTypes: false, allErrors: true },
      validateResponses: opts.validateResponses ?? false,
      validateFormats: true,
      // ajv-formats' `uuid` also accepts a `urn:uuid:` prefix, which PostgreSQL's uuid type refuses (a 500):
      // ids are the plain hyphenated form only (api-shapes §1 "Ids").
      // ajv-formats' fast `date` reads `2026-13-01` and `2026-02-30` as dates (the handlers' Date.parse then
      // made them 500s or the next month's days): a date is one that exists, years 0001-9999.
      formats: { uuid: UUID_FORMAT, 'date-time': isDateTime, date: isCalendarDate },
      ignoreUndocumented: false,
      validateSecurity: false,
      fileUploader: uploads
        ? { storage: uploads.storage, limits: { fields: 20, fieldSize: 64 * 1024 } }
        : false,
    }),
  );
  if (uploads) {
    app.use(uploads.errors);
    // Multipart fields and file names exist only now (the validator's reader filled them).
    app.use(bodyNulGuard({ multipartOnly: true }));
  }
  app.use(finiteNumberGuard());
  app.use(opts.routes);
  app.use(notFoundHandler());
  app.use(createErrorMapper(opts.logger));
  return app;
}
