import type { RequestHandler, Response } from 'express';
import type { AuditRecorder } from '@meridian/domain';
import { auditedGuard, createAuditTrail, type AuditActor } from '@meridian/platform';
import type { ManagementPrincipal } from '../auth/principal';

/**
 * Every management API call made with a management key is recorded, reads included: operators' calls are
 * few, and all of them concern keys, credentials, webhooks (whose messages carry health data), the audit
 * trail itself or the tenancy that decides who may read what. Calls refused after authentication (a Team
 * Management Key reaching outside its teams) are recorded with their 403.
 */
function managementAuditPolicy(deps: { openapi: Record<string, unknown>; clock?: () => Date }) {
  return {
    openapi: deps.openapi,
    clock: deps.clock,
    audited: () => true,
    actorOf: (res: Response): AuditActor | undefined => {
      const p = res.locals.principal as ManagementPrincipal | undefined;
      return p
        ? { kind: 'management_key', keyId: p.keyId, orgId: p.orgId, teamId: null, environment: null }
        : undefined;
    },
  };
}

export function managementAuditTrail(deps: {
  openapi: Record<string, unknown>;
  recorder: AuditRecorder;
  clock?: () => Date;
}): RequestHandler {
  return createAuditTrail({ ...managementAuditPolicy(deps), recorder: deps.recorder });
}

/**
 * `guard` with the management API's audit trail in front. The recorder is the composition root's (server.ts
 * creates the batched PostgreSQL writer and closes it on shutdown); absent or null, there is no trail.
 */
export function managementAuditedGuard(
  deps: { audit?: AuditRecorder | null; clock?: () => Date; openapi: Record<string, unknown> },
  guard: RequestHandler,
): RequestHandler {
  return auditedGuard({ ...managementAuditPolicy(deps), recorder: deps.audit ?? null }, guard);
}
