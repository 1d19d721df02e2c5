import type { Request, RequestHandler } from 'express';
import {
  featureNotEnabled,
  hashKey,
  isUuid,
  outOfScope,
  planAllowsOrgManagement,
  planRequired,
  sameHash,
  UnauthenticatedError,
  wrongKeyType,
  type Feature,
} from '@meridian/domain';
import type { CredentialsRepository } from '@meridian/db';
import type { MatchedOperation, RouteMatcher } from '@meridian/platform';
import { canReachTeam, type ManagementPrincipal } from './principal';

/**
 * How an operation is scoped, from its `x-meridian-access` extension in openapi.yaml:
 * - `org`: org-level resource (org, team create/delete, members, invites, management keys): Org key only.
 * - `team`: `{team_id}` in the path must be reachable by the key.
 * - `team_list`: any key of the org; the handler filters results to reachable teams.
 * - `named_teams`: every team id named in body (`team_id`, `team_ids`) or query (`team_id`) must be reachable.
 * `x-meridian-plan: scale` makes the Scale plan required for every key (ETL pipelines).
 */
export type ManagementAccess = 'org' | 'team' | 'team_list' | 'named_teams';

function namedTeamIds(req: Request): string[] {
  const ids: unknown[] = [];
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (body.team_id !== undefined) ids.push(body.team_id);
  if (Array.isArray(body.team_ids)) ids.push(...(body.team_ids as unknown[]));
  const q = req.query.team_id;
  if (Array.isArray(q)) ids.push(...q);
  else if (q !== undefined) ids.push(q);
  return ids.filter((v): v is string => typeof v === 'string');
}

function presentedKey(req: Request): string | undefined {
  return req.header('x-management-key') ?? req.header('x-service-org-key') ?? undefined;
}

function authorize(p: ManagementPrincipal, op: MatchedOperation, req: Request): void {
  const orgId = op.params.org_id;
  if (orgId !== undefined && orgId !== p.orgId) throw outOfScope('This key belongs to another organization.');
  const access = (op.operation['x-meridian-access'] as ManagementAccess | undefined) ?? 'org';
  switch (access) {
    case 'org':
      if (p.role !== 'org_admin')
        throw outOfScope('A Team Management Key cannot reach organization-level resources.');
      break;
    case 'team': {
      const teamId = op.params.team_id;
      if (teamId !== undefined && !canReachTeam(p, teamId))
        throw outOfScope('This key is not bound to that team.');
      break;
    }
    case 'named_teams':
      for (const teamId of namedTeamIds(req)) {
        if (!canReachTeam(p, teamId))
          throw outOfScope('This key is not bound to every team named in the request.');
      }
      break;
    case 'team_list':
      break;
  }
  const scaleForAll = op.operation['x-meridian-plan'] === 'scale';
  if ((p.role === 'org_admin' || scaleForAll) && !planAllowsOrgManagement(p.plan)) throw planRequired();
}

interface GuardDeps {
  credentials: CredentialsRepository;
  match: RouteMatcher;
}

const isPublic = (op: MatchedOperation | null | undefined) =>
  !!op && Array.isArray(op.operation.security) && op.operation.security.length === 0;

/**
 * Authentication from the headers alone (runs before any body is read): the key's type and validity, then
 * `res.locals.principal`.
 */
export function createManagementAuthentication(deps: GuardDeps): RequestHandler {
  return (req, res, next) => {
    if (isPublic(deps.match(req.method, req.path))) return next();
    void (async () => {
      const presented = presentedKey(req);
      if (!presented) {
        const teamKey = req.header('x-service-api-key');
        if (teamKey && (await deps.credentials.findTeamApiKey(hashKey(teamKey)))) {
          throw wrongKeyType(
            'Team API keys are not accepted by the management API; send a management key in X-Management-Key.',
          );
        }
        throw new UnauthenticatedError('The X-Management-Key header is required.');
      }
      const hash = hashKey(presented);
      const key = await deps.credentials.findManagementKey(hash);
      if (!key || !sameHash(key.keyHash, hash)) {
        if (await deps.credentials.findTeamApiKey(hash)) {
          throw wrongKeyType('Team API keys are not accepted by the management API; send a management key.');
        }
        throw new UnauthenticatedError();
      }
      const principal: ManagementPrincipal = {
        keyId: key.keyId,
        orgId: key.orgId,
        role: key.role,
        teamIds: key.teamIds,
        plan: key.plan,
      };
      res.locals.principal = principal;
    })().then(() => next(), next);
  };
}

/** Scope, plan and closed-beta checks of an authenticated key (after the body is parsed: it may name teams). */
export function createManagementAuthorization(deps: GuardDeps): RequestHandler {
  return (req, res, next) => {
    const op = deps.match(req.method, req.path);
    const principal = res.locals.principal as ManagementPrincipal | undefined;
    if (!op || isPublic(op) || !principal) return next(); // unknown route: the validator answers 404
    void (async () => {
      authorize(principal, op, req);
      const feature = op.operation['x-meridian-feature'] as Feature | undefined;
      const teamId = op.params.team_id;
      // A malformed team id, or a team of another organization, has no feature (and no 500 from the lookup).
      if (feature && teamId) {
        const enabled =
          isUuid(teamId) && (await deps.credentials.isFeatureEnabled(teamId, feature, principal.orgId));
        if (!enabled) throw featureNotEnabled(feature);
      }
    })().then(() => next(), next);
  };
}

/** Authentication, key-type, scope, plan and closed-beta checks, in the order of api-shapes §2.4 (both steps). */
export function createManagementGuard(deps: GuardDeps): RequestHandler {
  const authenticate = createManagementAuthentication(deps);
  const authorizeStep = createManagementAuthorization(deps);
  return (req, res, next) => {
    authenticate(req, res, (err?: unknown) => (err ? next(err) : authorizeStep(req, res, next)));
  };
}
