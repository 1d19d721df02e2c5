import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { DomainError, type DomainErrorKind, type ValidationIssue } from '@meridian/domain';
import { currentContext } from '../request-context';
import type { Logger } from '../logger';
import { hasCodedBody } from './request-edge';
import { toValidationIssues, type ValidatorErrorItem } from './validation-issues';

const STATUS: Record<DomainErrorKind, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  bad_request: 400,
  validation: 422,
  too_large: 413,
  unavailable: 503,
};

/** The error envelope of api-shapes §3. */
export function errorEnvelope(errorType: string, message: string, extra: Record<string, unknown> = {}) {
  return { detail: { error_type: errorType, error_message: message, ...extra } };
}

/**
 * 4xx statuses raised by the HTTP stack itself (parsers, router, Node) without a domain error: each gets
 * a fixed envelope, never the library's message.
 */
const PROTOCOL_ERRORS: Record<number, [errorType: string, message: string]> = {
  400: ['bad_request', 'The request is malformed.'],
  404: ['not_found', 'Not found.'],
  405: ['method_not_allowed', 'Method not allowed on this path.'],
  406: ['not_acceptable', 'Only application/json responses are available.'],
  408: ['request_timeout', 'The request did not arrive in time.'],
  411: ['length_required', 'The request body needs a Content-Length.'],
  413: ['payload_too_large', 'The request body is too large.'],
  414: ['uri_too_long', 'The request URI is too long.'],
  431: ['request_header_fields_too_large', 'The request headers are too large.'],
};

interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  type?: string;
  code?: unknown;
  message?: unknown;
  errors?: ValidatorErrorItem[];
  headers?: unknown;
}

const ABORT_CODES = new Set(['ECONNABORTED', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/** The client went away (closed the connection mid-request): nobody is left to answer. */
export function isClientAbort(err: unknown, req: Request): boolean {
  const e = (err ?? {}) as HttpLikeError;
  if (e.type === 'request.aborted') return true;
  // The connection, not the request stream (which closes by itself once read).
  const gone = (req.socket as Request['socket'] | null | undefined)?.destroyed === true;
  if (!gone) return false;
  // A body cut short by the closed connection, whatever the reader made of it.
  return !req.complete || ABORT_CODES.has(String(e.code)) || e.message === 'aborted';
}

function statusOf(e: HttpLikeError): number {
  const status = e.status ?? e.statusCode;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 600
    ? status
    : 500;
}

/** The route template only: a raw path can carry a client_user_id. */
const routeOf = (req: Request) =>
  (req as { openapi?: { openApiRoute?: string } }).openapi?.openApiRoute ?? 'unmatched';

function sendValidatorErrors(
  e: HttpLikeError & { errors: ValidatorErrorItem[] },
  req: Request,
  res: Response,
) {
  // Express resets req.params before app-level error handlers; the validator keeps its own copy.
  const params = (req as { openapi?: { pathParams?: unknown } }).openapi?.pathParams ?? req.params;
  res.status(422).json({
    detail: toValidationIssues(e.errors, {
      body: req.body,
      query: req.query,
      headers: req.headers,
      params,
    }),
  });
}

/** Maps one error to its response; returns false when it is a server fault (answered 500 by the caller). */
function answerKnownError(err: unknown, req: Request, res: Response): boolean {
  if (err instanceof DomainError) {
    if (err.kind === 'validation') {
      res.status(422).json({ detail: (err as unknown as { issues: ValidationIssue[] }).issues });
      return true;
    }
    res.status(STATUS[err.kind]).json(errorEnvelope(err.errorType, err.message, err.extra));
    return true;
  }
  const e = (err !== null && typeof err === 'object' ? err : {}) as HttpLikeError;
  const status = statusOf(e);
  if (e.type === 'entity.parse.failed') {
    res.status(422).json({
      detail: [
        {
          loc: ['body'],
          msg: 'JSON decode error',
          type: 'json_invalid',
          input: null,
          ctx: { error: typeof e.message === 'string' ? e.message : '' },
        },
      ],
    });
    return true;
  }
  if (e.type === 'encoding.unsupported') {
    res
      .status(400)
      .json(
        errorEnvelope(
          'unsupported_content_encoding',
          'Content-Encoding must be gzip, deflate or br (or the body sent uncompressed).',
        ),
      );
    return true;
  }
  if (status === 400 && e.type === undefined && !Array.isArray(e.errors) && hasCodedBody(req)) {
    // The decompressor failed while the body was read (zlib / brotli error).
    res
      .status(400)
      .json(
        errorEnvelope(
          'invalid_content_encoding',
          'The request body does not decode as its Content-Encoding says.',
        ),
      );
    return true;
  }
  if (status === 400 && err instanceof URIError) {
    // The router could not percent-decode a path parameter.
    res
      .status(400)
      .json(errorEnvelope('malformed_path', 'The request path holds a malformed percent-escape.'));
    return true;
  }
  if (status === 415) {
    // The operation's own request media type (multipart/form-data for uploads), else JSON.
    const content = (req as { openapi?: { schema?: { requestBody?: { content?: object } } } }).openapi?.schema
      ?.requestBody?.content;
    const expected = Object.keys(content ?? {})[0] ?? 'application/json';
    res.status(422).json({
      detail: [
        {
          loc: ['body'],
          msg: `Unsupported content type; send ${expected}`,
          type: 'content_type',
          input: req.headers['content-type'] ?? null,
          ctx: { expected },
        },
      ],
    });
    return true;
  }
  if (status === 400 && Array.isArray(e.errors)) {
    sendValidatorErrors(e as HttpLikeError & { errors: ValidatorErrorItem[] }, req, res);
    return true;
  }
  const protocol = PROTOCOL_ERRORS[status];
  if (protocol) {
    // RFC 9110 §15.5.6: a 405 names the methods the path has (the validator's error carries them).
    const allow = status === 405 ? allowedMethods(e.headers) : null;
    if (allow) res.setHeader('Allow', allow);
    res.status(status).json(errorEnvelope(protocol[0], protocol[1]));
    return true;
  }
  return false;
}

/** The `Allow` value an HTTP error carries (`headers.Allow` / `allow`), upper-cased; null when none. */
function allowedMethods(headers: unknown): string | null {
  if (headers === null || typeof headers !== 'object') return null;
  const h = headers as Record<string, unknown>;
  const value = h.Allow ?? h.allow;
  if (typeof value !== 'string') return null;
  const methods = value
    .split(',')
    .map((m) => m.trim().toUpperCase())
    .filter((m) => /^[A-Z]+$/.test(m));
  return methods.length > 0 ? methods.join(', ') : null;
}

function internalError() {
  const requestId = currentContext()?.requestId ?? null;
  return errorEnvelope('internal_error', 'Internal server error.', { request_id: requestId });
}

/**
 * The one error middleware of a service: domain, validator and parser errors → the bodies of api-shapes §3.
 * Every path answers JSON; a 5xx body carries the request id, never a message, stack trace or file path.
 */
export function createErrorMapper(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (isClientAbort(err, req)) {
      logger.info('request aborted', { method: req.method, route: routeOf(req) });
      return;
    }
    if (res.headersSent) {
      logger.error('error after response started', { err, method: req.method, route: routeOf(req) });
      res.destroy();
      return;
    }
    try {
      if (answerKnownError(err, req, res)) return;
      logger.error('unhandled error', {
        error: describeSafely(err),
        method: req.method,
        route: routeOf(req),
      });
      res.status(500).json(internalError());
    } catch (mappingError) {
      // Never fall through to Express's HTML error page.
      logger.error('error mapper failed', { err: mappingError, method: req.method, route: routeOf(req) });
      if (!res.headersSent) {
        res.status(500).type('application/json').send(JSON.stringify(internalError()));
      }
    }
  };
}

/** Last handler before the error mapper: a request nothing answered gets the JSON 404, not Express's page. */
export function notFoundHandler(): RequestHandler {
  return (_req, res) => {
    res.status(404).json(errorEnvelope('not_found', 'Not found.'));
  };
}

/**
 * What the log may say of an unexpected error: its class and, for database errors, the SQLSTATE code and
 * the schema object involved. Never the message, stack or SQL: database messages repeat the statement and
 * the offending value (health data, identifiers), and stacks name files. The request id ties the line to
 * the answer the client got.
 */
export function describeSafely(err: unknown): Record<string, string> {
  if (!err || typeof err !== 'object') return { type: typeof err };
  const e = err as Record<string, unknown>;
  const out: Record<string, string> = {
    name: typeof e.name === 'string' ? e.name : (err.constructor?.name ?? 'Object'),
  };
  for (const field of ['code', 'routine', 'table', 'constraint', 'column', 'errno', 'syscall'] as const) {
    const v = e[field];
    if (typeof v === 'string' || typeof v === 'number') out[field] = String(v).slice(0, 64);
  }
  return out;
}
