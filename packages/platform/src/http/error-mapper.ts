import type { ErrorRequestHandler } from 'express';
import { DomainError, type DomainErrorKind, type ValidationIssue } from '@meridian/domain';
import { currentContext } from '../request-context';
import type { Logger } from '../logger';
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

function envelope(errorType: string, message: string, extra: Record<string, unknown> = {}) {
  return { detail: { error_type: errorType, error_message: message, ...extra } };
}

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  errors?: ValidatorErrorItem[];
  message?: string;
  expose?: boolean;
}

/** The one error middleware of a service: domain, validator and parser errors → the bodies of api-shapes §3. */
export function createErrorMapper(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      logger.error('error after response started', { err });
      return;
    }
    if (err instanceof DomainError) {
      if (err.kind === 'validation') {
        res.status(422).json({ detail: (err as unknown as { issues: ValidationIssue[] }).issues });
        return;
      }
      res.status(STATUS[err.kind]).json(envelope(err.errorType, err.message, err.extra));
      return;
    }
    const e = (err ?? {}) as HttpLikeError;
    const status = e.status ?? e.statusCode ?? 500;
    if (e.type === 'entity.parse.failed') {
      res.status(422).json({
        detail: [
          {
            loc: ['body'],
            msg: 'JSON decode error',
            type: 'json_invalid',
            input: null,
            ctx: { error: e.message ?? '' },
          },
        ],
      });
      return;
    }
    if (e.type === 'entity.too.large' || status === 413) {
      res.status(413).json(envelope('payload_too_large', 'The request body is too large.'));
      return;
    }
    if (status === 415) {
      // The operation's own request media type (multipart/form-data for uploads), else JSON.
      const content = (req as { openapi?: { schema?: { requestBody?: { content?: object } } } }).openapi
        ?.schema?.requestBody?.content;
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
      return;
    }
    if (status === 400 && Array.isArray(e.errors)) {
      // Express resets req.params before app-level error handlers; the validator keeps its own copy.
      const params = (req as { openapi?: { pathParams?: unknown } }).openapi?.pathParams ?? req.params;
      res.status(422).json({
        detail: toValidationIssues(e.errors, {
          ...req,
          body: req.body,
          query: req.query,
          headers: req.headers,
          params,
        }),
      });
      return;
    }
    if (status === 404) {
      res.status(404).json(envelope('not_found', 'Not found.'));
      return;
    }
    if (status === 405) {
      res.status(405).json(envelope('method_not_allowed', 'Method not allowed on this path.'));
      return;
    }
    if (status === 406) {
      res.status(406).json(envelope('not_acceptable', 'Only application/json responses are available.'));
      return;
    }
    const requestId = currentContext()?.requestId ?? null;
    // The route template only: a raw path can carry a client_user_id.
    const route = (req as { openapi?: { openApiRoute?: string } }).openapi?.openApiRoute ?? 'unmatched';
    logger.error('unhandled error', { err, method: req.method, route });
    res.status(500).json(envelope('internal_error', 'Internal server error.', { request_id: requestId }));
  };
}
