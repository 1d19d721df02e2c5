import type { NextFunction, Request, Response } from 'express';
import type { Faults } from '../core/faults';
import type { OAuthServer } from '../core/oauth-server';

/**
 * Withings answers HTTP 200 with `{status, body}` even for errors (status 401 invalid token, 601 too many
 * requests, 503 invalid params, 2554 wrong action...). Outages of its front servers are plain HTTP 5xx.
 */
export function ok(res: Response, body: unknown): void {
  res.json({ status: 0, body });
}

export function fail(res: Response, status: number, error: string): void {
  res.json({ status, body: {}, error });
}

/** The request's parameters: Withings takes them in the form body or the query string. */
export function paramsOf(req: Request): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.query)) if (typeof v === 'string') out[k] = v;
  const body = (req.body ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The switchable faults, the Withings way: rate limit and revocation inside the envelope. */
export function withingsFaults(faults: Faults) {
  return async (_req: Request, res: Response, next: NextFunction) => {
    const f = faults.get();
    if (!(f.rateLimit || f.serverError || f.slowMs || f.malformed)) return next();
    faults.consume();
    if (f.slowMs) await new Promise((r) => setTimeout(r, f.slowMs ?? 0));
    if (f.rateLimit) return fail(res, 601, 'Too Many Requests');
    if (f.serverError) {
      res
        .status(f.serverError)
        .type('text/html')
        .send('<html><body><h1>Service Unavailable</h1></body></html>');
      return;
    }
    if (f.malformed) {
      res.status(200).type('application/json').send('{"status":0,"body":{"measuregrps":[{"grpid":');
      return;
    }
    next();
  };
}

/** Bearer token check answering `{status: 401}` inside the envelope, as Withings does. */
export function withingsToken(oauth: OAuthServer) {
  return (req: Request, res: Response, next: NextFunction) => {
    // The core check writes a plain 401; this stand-in response turns it into Withings' envelope.
    const envelopeRes = {
      locals: res.locals,
      status: () => ({
        json: () =>
          fail(res, 401, 'XRequestID: Not provided invalid_token: The access token provided is invalid'),
      }),
    } as unknown as Response;
    oauth.requireToken(req, envelopeRes, next);
  };
}
