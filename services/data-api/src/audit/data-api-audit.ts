import type { RequestHandler, Response } from 'express';
import type { Knex } from '@meridian/db';
import type { AuditRecorder, Environment } from '@meridian/domain';
import { auditedGuard, createAuditTrail, type AuditActorLookup, type Logger } from '@meridian/platform';
import type { TeamPrincipal } from '../auth/principal';
import type { DevicePrincipal } from '../features/sdk-auth/device-auth';
import { createTeamsRepository } from '../features/team/teams.repository';

/**
 * Which data API operations the audit trail records, by OpenAPI path template: everything that reads or
 * changes a user, their health data, lab reports or orders, or issues a credential for a user.
 * - `/v2/user` and below: users, their connections, refresh, deletion;
 * - `/v2/timeseries/`, `/v2/summary/`: health data; `/v2/introspect/`: what data a user has;
 * - `/v2/events`: the event feed (its events carry health data);
 * - `/lab_report/`: lab report parsing jobs and results; `/v3/order`: lab orders (when they exist);
 * - `/aggregate/v1/user/`: aggregation queries and result tables over a user's health data;
 * - `/v2/sdk/push/`: health data a mobile app pushes (actor: its device session, `device_session`);
 * - `/v2/link/` POSTs: link tokens and codes for a user, demo and manual connections, and the widget's
 *   connection calls; the widget's OAuth start (`GET /v2/link/provider/oauth/{oauth_provider}`).
 * Not audited: the provider catalog, team settings, the widget's progress (`/v2/link/state`), inbound provider
 * webhooks, the lab-test catalogue (`/v3/lab_tests`, `/v3/lab_test`: no user data), health, metrics and docs.
 */
const AUDITED_PREFIXES = [
  '/v2/timeseries/',
  '/v2/summary/',
  '/v2/introspect/',
  '/lab_report/',
  '/v3/order',
  '/v2/sdk/push/',
  '/aggregate/v1/user/',
];
const AUDITED_LINK_READS = new Set(['/v2/link/provider/oauth/{oauth_provider}']);

export function isAuditedDataApiOperation(op: { path: string; method: string }): boolean {
  const { path, method } = op;
  if (path === '/v2/user' || path.startsWith('/v2/user/')) return true;
  if (path === '/v2/events') return true;
  if (path.startsWith('/v2/link/')) return method.toLowerCase() === 'post' || AUDITED_LINK_READS.has(path);
  return AUDITED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** A link token a widget call authenticated with (never the token itself). */
export interface LinkTokenCaller {
  id: string;
  teamId: string;
  environment: Environment;
  userId: string;
}

const LINK_TOKEN_CALLER = 'auditLinkTokenCaller';

/**
 * For routes that authenticate a link token themselves (the widget's calls): the audit trail records the
 * call as made by that token (`actor_kind` `link_token`) for its user.
 */
export function recordLinkTokenCaller(res: Response, token: LinkTokenCaller): void {
  res.locals[LINK_TOKEN_CALLER] = {
    id: token.id,
    teamId: token.teamId,
    environment: token.environment,
    userId: token.userId,
  } satisfies LinkTokenCaller;
}

/** The organization of a team; teams never change organization, so answers are kept (a bounded map). */
export type OrgOfTeam = (teamId: string) => Promise<string | undefined>;

const ORG_CACHE_SIZE = 10_000;

export function cachedOrgOfTeam(find: (teamId: string) => Promise<{ orgId: string } | undefined>): OrgOfTeam {
  const known = new Map<string, string>();
  return async (teamId) => {
    const cached = known.get(teamId);
    if (cached) return cached;
    const orgId = (await find(teamId))?.orgId;
    if (orgId) {
      if (known.size >= ORG_CACHE_SIZE) known.clear();
      known.set(teamId, orgId);
    }
    return orgId;
  };
}

function actorOf(res: Response, orgOfTeam: OrgOfTeam): AuditActorLookup {
  const p = res.locals.principal as TeamPrincipal | undefined;
  if (p) {
    return {
      kind: 'team_api_key',
      keyId: p.keyId,
      orgId: p.orgId,
      teamId: p.teamId,
      environment: p.environment,
    };
  }
  const device = res.locals.device as DevicePrincipal | undefined;
  if (device) {
    return {
      kind: 'device_session',
      keyId: device.sessionId,
      orgId: device.orgId,
      teamId: device.teamId,
      environment: device.environment,
      userId: device.userId,
    };
  }
  const token = res.locals[LINK_TOKEN_CALLER] as LinkTokenCaller | undefined;
  if (!token) return undefined;
  return orgOfTeam(token.teamId).then((orgId) =>
    orgId
      ? {
          kind: 'link_token',
          keyId: token.id,
          orgId,
          teamId: token.teamId,
          environment: token.environment,
          userId: token.userId,
        }
      : undefined,
  );
}

interface DataApiAuditDeps {
  openapi: Record<string, unknown>;
  orgOfTeam: OrgOfTeam;
  logger: Logger;
  clock?: () => Date;
}

function auditPolicy(deps: DataApiAuditDeps) {
  return {
    openapi: deps.openapi,
    clock: deps.clock,
    audited: isAuditedDataApiOperation,
    actorOf: (res: Response) => actorOf(res, deps.orgOfTeam),
    onLookupError: (err: unknown) =>
      deps.logger.error('audit event lost: the link token caller could not be resolved', { err }),
  };
}

/** The data API's audit trail: the actor is the team API key the guard authenticated, or a widget's link token. */
export function dataApiAuditTrail(deps: DataApiAuditDeps & { recorder: AuditRecorder }): RequestHandler {
  return createAuditTrail({ ...auditPolicy(deps), recorder: deps.recorder });
}

/**
 * `guard` with the data API's audit trail in front. The recorder is the composition root's (server.ts
 * creates the batched PostgreSQL writer and closes it on shutdown); absent or null, there is no trail.
 */
export function dataApiAuditedGuard(
  deps: Omit<DataApiAuditDeps, 'orgOfTeam'> & { db: Knex; audit?: AuditRecorder | null },
  guard: RequestHandler,
): RequestHandler {
  const teams = createTeamsRepository(deps.db);
  const orgOfTeam = cachedOrgOfTeam((teamId) => teams.findById(teamId));
  return auditedGuard({ ...auditPolicy({ ...deps, orgOfTeam }), recorder: deps.audit ?? null }, guard);
}
