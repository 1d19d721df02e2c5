import type { RequestHandler } from 'express';
import type { Registry } from 'prom-client';
import { createAuditWriter, type Knex } from '@meridian/db';
import type { AuditRecorder } from '@meridian/domain';
import { auditWriterMetrics, createAuditTrail, withAuditTrail, type Logger } from '@meridian/platform';
import type { ManagementPrincipal } from '../auth/principal';

/**
 * Every management API call made with a management key is recorded, reads included: operators' calls are
 * few, and all of them concern keys, credentials, webhooks (whose messages carry health data), the audit
 * trail itself or the tenancy that decides who may read what. Calls refused after authentication (a Team
 * Management Key reaching outside its teams) are recorded with their 403.
 */
export function managementAuditTrail(deps: {
  openapi: Record<string, unknown>;
  recorder: AuditRecorder;
  clock?: () => Date;
}): RequestHandler {
  return createAuditTrail({
    openapi: deps.openapi,
    recorder: deps.recorder,
    clock: deps.clock,
    audited: () => true,
    actorOf: (res) => {
      const p = res.locals.principal as ManagementPrincipal | undefined;
      return p
        ? { kind: 'management_key', keyId: p.keyId, orgId: p.orgId, teamId: null, environment: null }
        : undefined;
    },
  });
}

/**
 * `guard` with the management API's audit trail in front. The recorder is `deps.audit`, else a batched
 * PostgreSQL writer on `deps.db` (the composition root passes its own to flush it on shutdown); `audit: null`
 * turns the trail off.
 */
export function managementAuditedGuard(
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
    recorder && managementAuditTrail({ openapi: deps.openapi, recorder, clock: deps.clock }),
    guard,
  );
}
