import type { RequestHandler } from 'express';
import type { Registry } from 'prom-client';
import { createAuditWriter, type Knex } from '@meridian/db';
import type { AuditRecorder } from '@meridian/domain';
import { auditWriterMetrics, createAuditTrail, withAuditTrail, type Logger } from '@meridian/platform';
import type { TeamPrincipal } from '../auth/principal';

/**
 * Which data API operations the audit trail records, by OpenAPI path template: everything that reads or
 * changes a user, their health data, lab reports or orders, or issues a credential for a user.
 * - `/v2/user` and below: users, their connections, refresh, deletion;
 * - `/v2/timeseries/`, `/v2/summary/`: health data; `/v2/introspect/`: what data a user has;
 * - `/v2/events`: the event feed (its events carry health data);
 * - `/lab_report/`: lab report parsing jobs and results; `/v3/order`: lab orders (when they exist);
 * - `/v2/link/` POSTs: link tokens and codes for a user, demo and manual connections.
 * Not audited: the provider catalog, team settings, inbound provider webhooks, health, metrics and docs.
 */
const AUDITED_PREFIXES = ['/v2/timeseries/', '/v2/summary/', '/v2/introspect/', '/lab_report/', '/v3/order'];

export function isAuditedDataApiOperation(op: { path: string; method: string }): boolean {
  const { path, method } = op;
  if (path === '/v2/user' || path.startsWith('/v2/user/')) return true;
  if (path === '/v2/events') return true;
  if (path.startsWith('/v2/link/')) return method.toLowerCase() === 'post';
  return AUDITED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The data API's audit trail middleware: the actor is the team API key the guard authenticated. */
export function dataApiAuditTrail(deps: {
  openapi: Record<string, unknown>;
  recorder: AuditRecorder;
  clock?: () => Date;
}): RequestHandler {
  return createAuditTrail({
    openapi: deps.openapi,
    recorder: deps.recorder,
    clock: deps.clock,
    audited: isAuditedDataApiOperation,
    actorOf: (res) => {
      const p = res.locals.principal as TeamPrincipal | undefined;
      return p
        ? {
            kind: 'team_api_key',
            keyId: p.keyId,
            orgId: p.orgId,
            teamId: p.teamId,
            environment: p.environment,
          }
        : undefined;
    },
  });
}

/**
 * `guard` with the data API's audit trail in front. The recorder is `deps.audit`, else a batched PostgreSQL
 * writer on `deps.db` (flushed every second; the composition root passes its own to flush it on shutdown);
 * `audit: null` turns the trail off (benchmark baselines).
 */
export function dataApiAuditedGuard(
  deps: {
    db: Knex;
    logger: Logger;
    metrics: Registry;
    audit?: AuditRecorder | null;
    clock?: () => Date;
    openapi: Record<string, unknown>;
  },
  guard: RequestHandler,
): RequestHandler {
  const recorder =
    deps.audit === undefined
      ? createAuditWriter(deps.db, { logger: deps.logger, observer: auditWriterMetrics(deps.metrics) })
      : deps.audit;
  return withAuditTrail(
    recorder && dataApiAuditTrail({ openapi: deps.openapi, recorder, clock: deps.clock }),
    guard,
  );
}
