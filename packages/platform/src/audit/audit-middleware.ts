import { isIP } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import {
  auditActionOf,
  isEnvironment,
  isUuid,
  newId,
  type AuditActorKind,
  type AuditRecorder,
  type Environment,
} from '@meridian/domain';
import { currentContext } from '../request-context';
import { createRouteMatcher, type MatchedOperation } from '../http/route-matcher';

/** Who made an audited call, as the service's authentication established it. */
export interface AuditActor {
  kind: AuditActorKind;
  keyId: string | null;
  orgId: string;
  teamId: string | null;
  environment: Environment | null;
  /** The user the credential itself is bound to (a link token's user); wins over the request's `user_id`. */
  userId?: string | null;
}

/** The actor, or where it is still being looked up (e.g. the organization of a link token's team). */
export type AuditActorLookup = AuditActor | undefined | Promise<AuditActor | undefined>;

/**
 * A handler that authenticates in its route (the link widget's calls, with a link token) may put its actor
 * here; it wins over `actorOf`.
 */
export const AUDIT_ACTOR_LOCAL = 'auditActor';

export interface AuditTrailOptions {
  /** The service's OpenAPI document: audited calls are named by its path templates and operationIds. */
  openapi: Record<string, unknown>;
  recorder: AuditRecorder;
  /** Whether an operation is audited (decided once per operation). */
  audited(op: { path: string; method: string; operation: Record<string, unknown> }): boolean;
  /**
   * The caller, from what the guard (or a route authenticating itself) left in `res.locals`; undefined
   * (unauthenticated) is not recorded. A promise is awaited after the answer, off the request path.
   */
  actorOf(res: Response): AuditActorLookup;
  clock?: () => Date;
  /** An actor lookup that failed: the call is not recorded (a gap someone must look at). */
  onLookupError?: (err: unknown) => void;
}

const uuidOrNull = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const lower = value.toLowerCase();
  return isUuid(lower) ? lower : null;
};

const NOT_A_RESOURCE = new Set(['org_id', 'team_id', 'user_id']);

/** The first uuid-valued path parameter that is not the org, team or user: the job, key, webhook... */
function resourceIdOf(params: Record<string, string>): string | null {
  for (const [name, value] of Object.entries(params)) {
    if (NOT_A_RESOURCE.has(name)) continue;
    const id = uuidOrNull(value);
    if (id) return id;
  }
  return null;
}

/** A single uuid in a query parameter named `*_id` (e.g. the `api_key_id` a revocation names). */
function queryResourceIdOf(query: Request['query']): string | null {
  const found: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (!name.endsWith('_id') || NOT_A_RESOURCE.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      const id = uuidOrNull(v);
      if (id) found.push(id);
    }
  }
  return found.length === 1 ? found[0]! : null;
}

function operationOf(op: MatchedOperation): string {
  const id = op.operation.operationId;
  return (typeof id === 'string' ? id : `${op.method} ${op.path}`).slice(0, 128);
}

function single(value: unknown): unknown {
  return Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
}

/** A named field of the JSON request body (never read beyond that one field). */
function bodyField(req: Request, name: string): unknown {
  const body: unknown = req.body;
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

function environmentOf(params: Record<string, string>): Environment | null {
  const env = params.environment ?? params.env;
  return env !== undefined && isEnvironment(env) ? env : null;
}

/** The peer (or, behind a trusted proxy, the client `trust proxy` names), IPv4-mapped IPv6 as plain IPv4. */
function clientAddressOf(req: Request): string | null {
  const ip = req.ip ?? req.socket.remoteAddress;
  if (!ip || !isIP(ip)) return null;
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : undefined;
  return mapped && isIP(mapped) === 4 ? mapped : ip;
}

/**
 * Records, when the answer is sent, every call of an audited operation made by an authenticated caller:
 * operation, route template, the user (path `user_id`, else query or JSON body `user_id`, else the
 * `user_id` of the JSON answer, e.g. a created or resolved user), the resource (a uuid path parameter, else
 * one uuid in a `*_id` query parameter, else the `id` a POST answered with, e.g. a created key), team,
 * environment, status, address and request id. Values, query strings and bodies are never recorded. Mount it
 * before the guard, so calls the guard refuses after authenticating (a key reaching outside its scope) are
 * recorded as well.
 */
export function createAuditTrail(opts: AuditTrailOptions): RequestHandler {
  const match = createRouteMatcher(opts.openapi);
  const clock = opts.clock ?? (() => new Date());
  const decided = new Map<string, boolean>();
  const isAudited = (op: MatchedOperation): boolean => {
    const key = `${op.method} ${op.path}`;
    let audited = decided.get(key);
    if (audited === undefined) {
      audited = opts.audited(op);
      decided.set(key, audited);
    }
    return audited;
  };

  return (req, res, next) => {
    const op = match(req.method, req.path);
    if (!op || !isAudited(op)) return next();
    const occurredAt = clock();
    const requestId = currentContext()?.requestId ?? null;
    let answeredUserId: string | null = null;
    let answeredId: string | null = null;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        answeredUserId = uuidOrNull((body as Record<string, unknown>).user_id);
        answeredId = uuidOrNull((body as Record<string, unknown>).id);
      }
      return json(body);
    };
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const local = res.locals[AUDIT_ACTOR_LOCAL] as AuditActorLookup;
      const lookup = local ?? opts.actorOf(res);
      if (!lookup) return;
      const params = op.params;
      // Everything the event needs from the request is read now; only the actor may arrive later.
      const teamId =
        uuidOrNull(params.team_id) ??
        uuidOrNull(single(req.query.team_id)) ??
        uuidOrNull(bodyField(req, 'team_id'));
      const userId =
        uuidOrNull(params.user_id) ??
        uuidOrNull(single(req.query.user_id)) ??
        uuidOrNull(bodyField(req, 'user_id')) ??
        answeredUserId;
      const event = {
        occurredAt,
        operation: operationOf(op),
        action: auditActionOf(req.method),
        method: req.method.slice(0, 16),
        route: op.path.slice(0, 512),
        resourceId:
          resourceIdOf(params) ?? queryResourceIdOf(req.query) ?? (req.method === 'POST' ? answeredId : null),
        status: res.statusCode,
        clientAddress: clientAddressOf(req),
        requestId: requestId && requestId.length <= 128 ? requestId : null,
      };
      const write = (actor: AuditActor | undefined) => {
        if (!actor) return;
        opts.recorder.record({
          id: newId(),
          ...event,
          actorKind: actor.kind,
          actorKeyId: uuidOrNull(actor.keyId),
          orgId: actor.orgId,
          teamId: actor.teamId ?? teamId,
          environment: actor.environment ?? environmentOf(params),
          userId: uuidOrNull(actor.userId) ?? userId,
        });
      };
      if (lookup instanceof Promise) lookup.then(write, (err: unknown) => opts.onLookupError?.(err));
      else write(lookup);
    };
    res.once('finish', record);
    // A client that goes away before the answer is complete still read (part of) it.
    res.once('close', record);
    next();
  };
}

/**
 * The guard with the audit trail in front of it (the trail only registers its listener and passes on), so
 * calls the guard refuses once it knows the caller are recorded too. Null `trail`: auditing is off.
 */
export function withAuditTrail(trail: RequestHandler | null, guard: RequestHandler): RequestHandler {
  if (!trail) return guard;
  return (req, res, next) => {
    trail(req, res, (err?: unknown) => (err ? next(err) : guard(req, res, next)));
  };
}

/**
 * `guard` with an audit trail in front, built from the service's policy (which operations, which actor).
 * The recorder is the composition root's (it owns the writer and closes it); null turns auditing off.
 */
export function auditedGuard(
  opts: Omit<AuditTrailOptions, 'recorder'> & { recorder: AuditRecorder | null },
  guard: RequestHandler,
): RequestHandler {
  const { recorder } = opts;
  return withAuditTrail(recorder && createAuditTrail({ ...opts, recorder }), guard);
}
