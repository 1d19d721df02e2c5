/**
 * The cross-tenant probe's attempts: every operation of both APIs that takes an id, aimed at the victim
 * tenant's resources (org A, team A1, each environment) with the credentials of everyone else — the same
 * team's key for the other environment, another team's key in the same org, another org's keys, a Team
 * Management Key bound to another team, another org's Org Management Key (with the victim's org in the
 * path, and with its own org or team in the path but the victim's inner ids) — and, on the management API,
 * the owner's org key with the other environment in the path. Requests are built by the fuzz generator from
 * the documents with only the required fields plus the ids, so they pass validation and reach the lookup.
 * An attempt is kept only when the request names something the attacker must not reach.
 */
import type { Environment } from '@meridian/domain';
import { buildCase, type FuzzContext, type Known } from './fuzz-cases';
import type { ApiDocument, ApiName, Operation } from './openapi-operations';
import { createPrng } from './prng';
import type { RawRequest, RawResponse } from './raw-http';
import type { EnvResources, OrgFixture, TeamFixture } from './tenants';

export interface Attempt {
  api: ApiName;
  op: Operation;
  /** Who tries, e.g. "team A2 sandbox key". */
  attacker: string;
  /** Whose resource, e.g. "team A1 production". */
  target: string;
  request: RawRequest;
  /** Identifiers the attacker must not reach (at least one is in the request). */
  forbidden: string[];
  /** The credential the attacker presents to the API the attempt is aimed at. */
  credential: Credential;
}

export type Credential = 'team_api_key' | 'org_management_key' | 'team_management_key' | 'link_token';

const ID_NAME = /(^|_)ids?$/;
const NOT_TENANT_IDS = new Set([
  'provider',
  'oauth_provider',
  'resource',
  'env',
  'environment',
  'region',
  'client_user_id',
]);
/** Creating a user names no existing resource: any team may hold any client_user_id. */
const SKIP = new Set(['data post /v2/user']);

/** True when the operation names a tenant resource by id (path, query or body). */
export function takesId(op: Operation, resolve: ApiDocument['resolve']): boolean {
  if (SKIP.has(`${op.api} ${op.method} ${op.path}`)) return false;
  const params = op.parameters.some(
    (p) =>
      (p.in === 'path' || p.in === 'query') &&
      (p.in === 'path' || ID_NAME.test(p.name)) &&
      p.name !== 'provider' &&
      p.name !== 'resource',
  );
  const body = op.body
    ? Object.keys(resolve(op.body.schema).properties ?? {}).some(
        (k) => ID_NAME.test(k) && !NOT_TENANT_IDS.has(k),
      )
    : false;
  return params || body || op.body?.contentType.startsWith('multipart/') === true;
}

const envIds = (r: EnvResources) => [
  r.userId,
  r.spareUserId,
  r.clientUserId,
  r.jobId,
  r.sleepId,
  r.workoutId,
  r.webhookId,
  r.spareWebhookId,
  r.messageId,
  r.apiKeyId,
  r.credentialId,
  r.linkToken,
  r.deviceId,
  r.labTestId,
  r.queryId,
  r.orderId,
];
const teamIds = (t: TeamFixture) => [
  t.teamId,
  t.teamKeyId,
  ...envIds(t.env.sandbox),
  ...envIds(t.env.production),
];
const orgIds = (o: OrgFixture) => [
  o.orgId,
  o.memberId,
  o.spareMemberId,
  o.inviteId,
  o.spareInviteId,
  o.spareKeyId,
  ...o.teams.flatMap(teamIds),
];

function victimValues(org: OrgFixture, team: TeamFixture, env: Environment): Known {
  const r = team.env[env];
  return {
    org_id: org.orgId,
    team_id: team.teamId,
    team_ids: team.teamId,
    user_id: r.userId,
    client_user_id: r.clientUserId,
    job_id: r.jobId,
    // The lab report review's page images: the first page of that job's upload.
    page_number: 1,
    sleep_id: r.sleepId,
    workout_id: r.workoutId,
    webhook_id: r.webhookId,
    message_id: r.messageId,
    api_key_id: r.apiKeyId,
    credential_id: r.credentialId,
    device_id: r.deviceId,
    lab_test_id: r.labTestId,
    lab_test_ids: r.labTestId,
    query_id: r.queryId,
    query_id_or_slug: r.queryId,
    order_id: r.orderId,
    order_ids: r.orderId,
    // The compendium (the same for every team): labcorp and its total cholesterol order code.
    lab_id: 2,
    provider_id: 'LBC-001',
    member_id: org.memberId,
    invite_id: org.inviteId,
    key_id: team.teamKeyId,
    env,
    environment: env,
    region: 'us',
    token: r.linkToken,
    provider: 'oura',
    client_id: 'probe-cross-tenant-client',
    client_secret: 'probe-cross-tenant-secret',
    url: 'http://127.0.0.1:9/cross-tenant',
    since: '2026-01-01T00:00:00Z',
    start_date: '2026-01-01',
    end_date: '2026-01-31',
    user_must_grant: ['daily'],
    user_may_grant: [],
    preferences: { preferred: 'webhook', enabled: ['webhook'] },
    webhook: { regional: false },
    role: 'team_admin',
    team_role_bindings: [{ team_id: team.teamId }],
  };
}

const other = (env: Environment): Environment => (env === 'sandbox' ? 'production' : 'sandbox');

export function crossTenantAttempts(opts: {
  docs: Record<ApiName, ApiDocument>;
  orgA: OrgFixture;
  orgB: OrgFixture;
  pdf: Buffer;
}): Attempt[] {
  const { docs, orgA, orgB } = opts;
  const [a1, a2] = [orgA.teams[0]!, orgA.teams[1]!];
  const b1 = orgB.teams[0]!;
  const all = [...docs.data.operations, ...docs.management.operations];
  const attempts: Attempt[] = [];
  let n = 0;
  const orgKeys = new Set([orgA.orgKey, orgB.orgKey]);
  const teamKeys = new Set([a1.teamKey, a2.teamKey, b1.teamKey]);
  const credentialOf = (api: ApiName, auth: FuzzContext['auth']): Credential => {
    if (api === 'data') return 'team_api_key';
    if (orgKeys.has(auth.management)) return 'org_management_key';
    return teamKeys.has(auth.management) ? 'team_management_key' : 'team_api_key';
  };
  const build = (
    op: Operation,
    known: Known,
    auth: FuzzContext['auth'],
    attacker: string,
    target: string,
    forbidden: string[],
  ) => {
    const ctx: FuzzContext = {
      auth,
      known: { data: known, management: known },
      spare: { data: {}, management: {} },
      pdf: opts.pdf,
      resolve: { data: docs.data.resolve, management: docs.management.resolve },
      sensitive: new Set(),
      minimal: true,
    };
    const c = buildCase(op, 'valid', createPrng(0x7e4a47).fork(n++), ctx, all);
    const sent = `${c.request.path}\n${c.request.body?.toString('latin1') ?? ''}`;
    // Requests that name nothing of the victim's are an attacker using its own resources: not a probe.
    if (!forbidden.some((id) => id && sent.includes(id))) return;
    attempts.push({
      api: op.api,
      op,
      attacker,
      target,
      request: c.request,
      forbidden,
      credential: credentialOf(op.api, auth),
    });
  };

  for (const env of ['sandbox', 'production'] as const) {
    const victim = victimValues(orgA, a1, env);
    const target = `team A1 ${env}`;
    const ofEnv = envIds(a1.env[env]);
    const ofTeam = teamIds(a1);
    const ofOrg = orgIds(orgA);
    // Data API: every other team API key, the link token that goes with it, and a management key.
    const dataAttackers: Array<[string, string, string, string[]]> = [
      [`team A1 ${other(env)} key`, a1.apiKeys[other(env)], a1.env[other(env)].linkToken, ofEnv],
      [`team A2 ${env} key`, a2.apiKeys[env], a2.env[env].linkToken, ofTeam],
      [`team B1 ${env} key`, b1.apiKeys[env], b1.env[env].linkToken, ofOrg],
      [`org A management key as a team key`, orgA.orgKey, b1.env[env].linkToken, ofOrg],
    ];
    for (const op of docs.data.operations) {
      if (op.security.length === 0 || !takesId(op, docs.data.resolve)) continue;
      for (const [attacker, key, link, forbidden] of dataAttackers)
        build(op, victim, { data: key, link, management: orgA.orgKey }, attacker, target, forbidden);
    }

    // Management API.
    const as = (key: string) => ({ data: a1.apiKeys[env], link: '', management: key });
    for (const op of docs.management.operations) {
      // Another org's Org Management Key, and Team Management Keys of other teams, with org A in the path.
      build(op, victim, as(orgB.orgKey), 'org B management key, org A path', target, ofOrg);
      build(op, victim, as(b1.teamKey), 'team B1 management key, org A path', target, ofOrg);
      build(op, victim, as(a2.teamKey), 'team A2 management key', target, ofTeam);
      // A team API key where a management key belongs.
      build(op, victim, as(a1.apiKeys[env]), `team A1 ${env} API key on the management API`, target, ofOrg);
      // Their own org (or team) in the path, the victim's resource ids inside.
      build(
        op,
        { ...victim, org_id: orgB.orgId },
        as(orgB.orgKey),
        'org B management key, own org path',
        target,
        ofOrg,
      );
      const ownB = {
        ...victim,
        org_id: orgB.orgId,
        team_id: b1.teamId,
        team_role_bindings: [{ team_id: b1.teamId }],
      };
      build(op, ownB, as(orgB.orgKey), 'org B management key, own team path', target, ofOrg);
      build(op, ownB, as(b1.teamKey), 'team B1 management key, own team path', target, ofOrg);
      const ownA2 = { ...victim, team_id: a2.teamId, team_role_bindings: [{ team_id: a2.teamId }] };
      build(op, ownA2, as(a2.teamKey), 'team A2 management key, own team path', target, ofTeam);
      // The owner's org key with the other environment in the path.
      if (op.parameters.some((p) => p.in === 'path' && (p.name === 'env' || p.name === 'environment')))
        build(
          op,
          { ...victim, env: other(env), environment: other(env) },
          as(orgA.orgKey),
          `org A management key, ${other(env)} path`,
          target,
          ofEnv,
        );
    }
  }
  return attempts;
}

/**
 * The control: the same reads with the owner's own credentials (team A1's key for the environment, org
 * A's key), which must succeed — proof that the attempts name real resources in well-formed requests, so a
 * refusal above is the tenancy check and not a malformed request.
 */
export function ownerControls(opts: {
  docs: Record<ApiName, ApiDocument>;
  orgA: OrgFixture;
  pdf: Buffer;
}): Attempt[] {
  const { docs, orgA } = opts;
  const a1 = orgA.teams[0]!;
  const all = [...docs.data.operations, ...docs.management.operations];
  const controls: Attempt[] = [];
  let n = 0;
  for (const env of ['sandbox', 'production'] as const) {
    const known = victimValues(orgA, a1, env);
    const auth = { data: a1.apiKeys[env], link: a1.env[env].linkToken, management: orgA.orgKey };
    for (const op of all) {
      if (op.method !== 'get' || op.security.length === 0) continue;
      if (op.api === 'data' && !takesId(op, docs.data.resolve)) continue;
      const ctx: FuzzContext = {
        auth,
        known: { data: known, management: known },
        spare: { data: {}, management: {} },
        pdf: opts.pdf,
        resolve: { data: docs.data.resolve, management: docs.management.resolve },
        sensitive: new Set(),
        minimal: true,
      };
      const c = buildCase(op, 'valid', createPrng(0xc0de).fork(n++), ctx, all);
      controls.push({
        api: op.api,
        op,
        attacker: 'owner',
        target: `team A1 ${env}`,
        request: c.request,
        forbidden: [],
        credential: op.api === 'data' ? 'team_api_key' : 'org_management_key',
      });
    }
  }
  return controls;
}

export type Verdict = 'refused' | 'filtered' | 'breach';

/**
 * A 422 that refuses an id named in the body ("No team with this id in the organization"): the lookup ran
 * and answered as for an id that does not exist. Any other 422 means the request never reached the lookup,
 * so the attempt proved nothing and counts against the probe.
 */
function refusesTheId(text: string): boolean {
  try {
    const body = JSON.parse(text) as { detail?: Array<{ loc?: unknown[] }> };
    return (
      Array.isArray(body.detail) &&
      body.detail.length > 0 &&
      body.detail.every(
        (item) =>
          Array.isArray(item.loc) && item.loc.some((l) => typeof l === 'string' && /(^|_)id$/.test(l)),
      )
    );
  } catch {
    return false;
  }
}

/**
 * List reads whose documented answer to a filter the caller cannot reach is its own (empty) list rather
 * than a refusal: a Team Management Key's team list is "filtered to bound teams, no error" (api-shapes
 * §2.3), and the audit trail's filters name history (ids of deleted users, keys and teams stay queryable),
 * so an id of another tenant answers as an id that was never seen. Every other list read that names an id
 * the caller cannot reach must be refused (401, 403 or 404), as its single read is.
 */
function answersFilteredList(attempt: Attempt): boolean {
  const id = attempt.op.operationId;
  return id === 'listAuditEvents' || (id === 'listTeams' && attempt.credential === 'team_management_key');
}

/** Every victim id the request names is reported `not_found`, exactly as an id that does not exist. */
function allNotFound(attempt: Attempt, text: string): boolean {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const lists = ['success', 'failure', 'not_found'].map((k) =>
      Array.isArray(body[k]) ? (body[k] as unknown[]).map(String) : null,
    );
    if (lists.some((l) => l === null)) return false;
    const [success, failure, notFound] = lists as string[][];
    const sent = `${attempt.request.path}`;
    const named = attempt.forbidden.filter((id) => id && sent.includes(id));
    return (
      named.length > 0 &&
      named.every((id) => notFound!.includes(id)) &&
      !named.some((id) => success!.includes(id) || failure!.includes(id))
    );
  } catch {
    return false;
  }
}

/**
 * How an attempt ended. Refused: 401, 403 or 404 (or a 422 that refuses the id). Two documented 200
 * answers are not a breach: a list read whose documented answer is a filtered list (above) and that shows
 * none of the victim's identifiers; and a bulk delete on an `{env}/{region}` path that reports every victim
 * id under `not_found` — the same answer as for an id that does not exist, so it tells nothing (`failure`
 * would tell that the id exists). Anything else is a breach.
 */
export function verdict(attempt: Attempt, res: RawResponse): Verdict {
  if ([401, 403, 404].includes(res.status)) return 'refused';
  if (res.status === 422 && refusesTheId(res.body.toString('utf8'))) return 'refused';
  if (res.status < 200 || res.status >= 300) return 'breach';
  const text = res.body.toString('utf8');
  const named = attempt.forbidden.filter((id) => id && text.includes(id));
  if (attempt.op.method === 'get' && named.length === 0 && answersFilteredList(attempt)) return 'filtered';
  if (
    attempt.op.method === 'delete' &&
    attempt.op.path.endsWith('/{env}/{region}') &&
    allNotFound(attempt, text)
  ) {
    return 'filtered';
  }
  return 'breach';
}
