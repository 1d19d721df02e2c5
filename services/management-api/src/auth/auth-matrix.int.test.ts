import { newId } from '@meridian/domain';
import { seedManagementKey, seedOrg, seedTeam } from '@meridian/test-utils';
import request from 'supertest';
import { createManagementApiHarness, type ManagementApiHarness } from '../testing/management-api.harness';

/**
 * The permission matrix of api-shapes §2.3 and the check order of §2.4: each credential against
 * representative operations of every access kind (org, team, team_list, named_teams), on its own org,
 * another org, bound and unbound teams.
 */
interface World {
  scaleOrg: string;
  launchOrg: string;
  otherOrg: string;
  teamA: string;
  teamB: string;
  teamC: string;
  teamD: string;
  teamX: string;
  keys: Record<Credential, Record<string, string>>;
}

type Credential =
  | 'orgKey'
  | 'orgKeyAlias'
  | 'launchOrgKey'
  | 'teamKeyA'
  | 'teamKeyAB'
  | 'launchTeamKeyD'
  | 'revokedKey'
  | 'unknownKey'
  | 'teamApiKeyAsManagementKey'
  | 'teamApiKeyAsAlias'
  | 'teamApiKeyOnly'
  | 'revokedTeamApiKeyOnly'
  | 'unknownServiceKeyOnly'
  | 'noHeader'
  | 'managementHeaderWins'
  | 'aliasIgnoredWhenBothSent';

type Method = 'get' | 'post' | 'patch' | 'delete';

interface Case {
  who: Credential;
  method: Method;
  path: (w: World) => string;
  body?: (w: World) => object;
  status: number;
  errorType?: string;
}

const org = (w: World) => `/v1/org/${w.scaleOrg}`;
const E = {
  getOrg: (w: World) => org(w),
  listMembers: (w: World) => `${org(w)}/member`,
  listManagementKeys: (w: World) => `${org(w)}/management_key`,
  deleteUnknownTeam: (w: World) => `${org(w)}/team/${newIdFor(w)}`,
  teamA: (w: World) => `${org(w)}/team/${w.teamA}`,
  teamB: (w: World) => `${org(w)}/team/${w.teamB}`,
  teamC: (w: World) => `${org(w)}/team/${w.teamC}`,
  malformedTeam: (w: World) => `${org(w)}/team/not-a-uuid`,
  listTeams: (w: World) => `${org(w)}/team`,
  resolveTeam: (w: World) => `${org(w)}/resolve_team`,
  apiKeysOfA: (w: World) => `${org(w)}/team_api_keys/sandbox/us?team_id=${w.teamA}`,
  apiKeysOfB: (w: World) => `${org(w)}/team_api_keys/sandbox/us?team_id=${w.teamB}`,
  apiKeysOfC: (w: World) => `${org(w)}/team_api_keys/sandbox/us?team_id=${w.teamC}`,
  apiKeysAll: (w: World) => `${org(w)}/team_api_keys/sandbox/us`,
  otherOrg: (w: World) => `/v1/org/${w.otherOrg}`,
  otherOrgTeams: (w: World) => `/v1/org/${w.otherOrg}/team`,
  otherOrgTeam: (w: World) => `/v1/org/${w.otherOrg}/team/${w.teamX}`,
  launchOrg: (w: World) => `/v1/org/${w.launchOrg}`,
  launchOrgTeams: (w: World) => `/v1/org/${w.launchOrg}/team`,
  launchTeamD: (w: World) => `/v1/org/${w.launchOrg}/team/${w.teamD}`,
};
const unknownTeamId = newId();
const newIdFor = (_w: World) => unknownTeamId;
const resolve = (integration: string) => () => ({ integration_team_id: integration });
const keyFor = (team: keyof Pick<World, 'teamA' | 'teamC'>) => (w: World) => ({
  label: 'matrix',
  team_id: w[team],
});

const ok = (who: Credential, method: Method, path: Case['path'], body?: Case['body']): Case => ({
  who,
  method,
  path,
  body,
  status: 200,
});
const err = (
  who: Credential,
  method: Method,
  path: Case['path'],
  status: number,
  errorType: string,
  body?: Case['body'],
): Case => ({
  who,
  method,
  path,
  body,
  status,
  errorType,
});

const CASES: Case[] = [
  // Org Management Key on Scale: the whole org, never another org.
  ok('orgKey', 'get', E.getOrg),
  ok('orgKey', 'get', E.listMembers),
  ok('orgKey', 'get', E.listManagementKeys),
  err('orgKey', 'delete', E.deleteUnknownTeam, 404, 'not_found'),
  ok('orgKey', 'get', E.teamC),
  ok('orgKey', 'patch', E.teamC, () => ({ name: 'C' })),
  ok('orgKey', 'get', E.listTeams),
  ok('orgKey', 'post', E.resolveTeam, resolve('c')),
  ok('orgKey', 'get', E.apiKeysOfC),
  ok('orgKey', 'post', E.apiKeysAll, keyFor('teamC')),
  // Past the guard, request validation (check order 6) answers a malformed id.
  { who: 'orgKey', method: 'get', path: E.malformedTeam, status: 422 },
  err('orgKey', 'get', E.otherOrg, 403, 'forbidden'),
  err('orgKey', 'get', E.otherOrgTeams, 403, 'forbidden'),
  err('orgKey', 'get', E.otherOrgTeam, 403, 'forbidden'),
  // Same key under the deprecated alias header.
  ok('orgKeyAlias', 'get', E.getOrg),
  ok('orgKeyAlias', 'get', E.teamC),
  err('orgKeyAlias', 'get', E.otherOrg, 403, 'forbidden'),
  // Org Management Key on Launch: plan_required everywhere in its org; another org is still forbidden first.
  err('launchOrgKey', 'get', E.launchOrg, 403, 'plan_required'),
  err('launchOrgKey', 'get', E.launchOrgTeams, 403, 'plan_required'),
  err('launchOrgKey', 'get', E.launchTeamD, 403, 'plan_required'),
  err('launchOrgKey', 'get', E.getOrg, 403, 'forbidden'),
  // Team Management Key bound to A.
  err('teamKeyA', 'get', E.getOrg, 403, 'forbidden'),
  err('teamKeyA', 'patch', E.getOrg, 403, 'forbidden', () => ({ name: 'x' })),
  err('teamKeyA', 'get', E.listMembers, 403, 'forbidden'),
  err('teamKeyA', 'get', E.listManagementKeys, 403, 'forbidden'),
  err('teamKeyA', 'post', E.listTeams, 403, 'forbidden', () => ({ name: 'x', region: 'us' })),
  err('teamKeyA', 'delete', E.deleteUnknownTeam, 403, 'forbidden'),
  err('teamKeyA', 'delete', E.teamA, 403, 'forbidden'),
  ok('teamKeyA', 'get', E.teamA),
  ok('teamKeyA', 'patch', E.teamA, () => ({ name: 'A' })),
  err('teamKeyA', 'get', E.teamB, 403, 'forbidden'),
  err('teamKeyA', 'patch', E.teamC, 403, 'forbidden', () => ({ name: 'x' })),
  // Scope (check order 3) comes before validation: an id the key is not bound to is forbidden, malformed or not.
  err('teamKeyA', 'get', E.malformedTeam, 403, 'forbidden'),
  ok('teamKeyA', 'get', E.listTeams),
  ok('teamKeyA', 'post', E.resolveTeam, resolve('a')),
  err('teamKeyA', 'post', E.resolveTeam, 403, 'forbidden', resolve('c')),
  ok('teamKeyA', 'get', E.apiKeysOfA),
  ok('teamKeyA', 'get', E.apiKeysAll),
  err('teamKeyA', 'get', E.apiKeysOfC, 403, 'forbidden'),
  err('teamKeyA', 'post', E.apiKeysAll, 403, 'forbidden', keyFor('teamC')),
  ok('teamKeyA', 'post', E.apiKeysAll, keyFor('teamA')),
  err('teamKeyA', 'get', E.otherOrg, 403, 'forbidden'),
  err('teamKeyA', 'get', E.otherOrgTeam, 403, 'forbidden'),
  // Team Management Key bound to A and B.
  ok('teamKeyAB', 'get', E.teamA),
  ok('teamKeyAB', 'get', E.teamB),
  err('teamKeyAB', 'get', E.teamC, 403, 'forbidden'),
  ok('teamKeyAB', 'get', E.apiKeysOfB),
  err('teamKeyAB', 'get', E.apiKeysOfC, 403, 'forbidden'),
  err('teamKeyAB', 'get', E.listMembers, 403, 'forbidden'),
  // Team Management Keys need no plan.
  ok('launchTeamKeyD', 'get', E.launchTeamD),
  ok('launchTeamKeyD', 'get', E.launchOrgTeams),
  err('launchTeamKeyD', 'get', E.launchOrg, 403, 'forbidden'),
  // Not credentials.
  err('revokedKey', 'get', E.getOrg, 401, 'invalid_credentials'),
  err('revokedKey', 'get', E.teamA, 401, 'invalid_credentials'),
  err('unknownKey', 'get', E.getOrg, 401, 'invalid_credentials'),
  err('unknownKey', 'get', E.otherOrg, 401, 'invalid_credentials'),
  err('noHeader', 'get', E.getOrg, 401, 'invalid_credentials'),
  err('noHeader', 'get', E.listTeams, 401, 'invalid_credentials'),
  err('unknownServiceKeyOnly', 'get', E.getOrg, 401, 'invalid_credentials'),
  err('revokedTeamApiKeyOnly', 'get', E.getOrg, 401, 'invalid_credentials'),
  // Team API keys are the wrong kind of key, in whichever header.
  err('teamApiKeyAsManagementKey', 'get', E.getOrg, 403, 'wrong_key_type'),
  err('teamApiKeyAsManagementKey', 'get', E.teamA, 403, 'wrong_key_type'),
  err('teamApiKeyAsManagementKey', 'get', E.apiKeysOfA, 403, 'wrong_key_type'),
  err('teamApiKeyAsAlias', 'get', E.getOrg, 403, 'wrong_key_type'),
  err('teamApiKeyOnly', 'get', E.getOrg, 403, 'wrong_key_type'),
  err('teamApiKeyOnly', 'get', E.listTeams, 403, 'wrong_key_type'),
  // X-Management-Key wins when both management headers are sent.
  ok('managementHeaderWins', 'get', E.getOrg),
  err('aliasIgnoredWhenBothSent', 'get', E.getOrg, 401, 'invalid_credentials'),
];

describe('management API auth matrix', () => {
  let h: ManagementApiHarness;
  let w: World;

  beforeAll(async () => {
    h = await createManagementApiHarness();
    const knex = h.db.knex;
    const scale = await seedOrg(knex, { plan: 'scale' });
    const launch = await seedOrg(knex, { plan: 'launch' });
    const other = await seedOrg(knex, { plan: 'scale' });
    const [a, b, c] = [
      await seedTeam(knex, scale.orgId),
      await seedTeam(knex, scale.orgId),
      await seedTeam(knex, scale.orgId),
    ];
    const d = await seedTeam(knex, launch.orgId);
    const x = await seedTeam(knex, other.orgId);
    await knex('teams').where({ id: a.teamId }).update({ integration_team_id: 'a' });
    await knex('teams').where({ id: c.teamId }).update({ integration_team_id: 'c' });
    const revoked = await seedManagementKey(knex, scale.orgId, { role: 'org_admin', label: 'revoked' });
    await knex('management_keys')
      .where({ org_id: scale.orgId, label: 'revoked' })
      .update({ revoked_at: new Date() });
    await knex('team_api_keys')
      .where({ team_id: c.teamId, environment: 'production' })
      .update({ revoked_at: new Date() });
    const mgmt = (key: string) => ({ 'X-Management-Key': key });
    w = {
      scaleOrg: scale.orgId,
      launchOrg: launch.orgId,
      otherOrg: other.orgId,
      teamA: a.teamId,
      teamB: b.teamId,
      teamC: c.teamId,
      teamD: d.teamId,
      teamX: x.teamId,
      keys: {
        orgKey: mgmt(scale.orgKey),
        orgKeyAlias: { 'X-Service-Org-Key': scale.orgKey },
        launchOrgKey: mgmt(launch.orgKey),
        teamKeyA: mgmt(
          await seedManagementKey(knex, scale.orgId, { role: 'team_admin', teamIds: [a.teamId] }),
        ),
        teamKeyAB: mgmt(
          await seedManagementKey(knex, scale.orgId, { role: 'team_admin', teamIds: [a.teamId, b.teamId] }),
        ),
        launchTeamKeyD: mgmt(
          await seedManagementKey(knex, launch.orgId, { role: 'team_admin', teamIds: [d.teamId] }),
        ),
        revokedKey: mgmt(revoked),
        unknownKey: mgmt(`mg_${newId()}`),
        teamApiKeyAsManagementKey: mgmt(a.apiKeys.sandbox),
        teamApiKeyAsAlias: { 'X-Service-Org-Key': a.apiKeys.production },
        teamApiKeyOnly: { 'x-service-api-key': a.apiKeys.sandbox },
        revokedTeamApiKeyOnly: { 'x-service-api-key': c.apiKeys.production },
        unknownServiceKeyOnly: { 'x-service-api-key': 'sk_us_doesnotexist' },
        noHeader: {},
        managementHeaderWins: { 'X-Management-Key': scale.orgKey, 'X-Service-Org-Key': 'mg_garbage' },
        aliasIgnoredWhenBothSent: { 'X-Management-Key': 'mg_garbage', 'X-Service-Org-Key': scale.orgKey },
      },
    };
  });
  afterAll(() => h.close());

  it.each(
    CASES.map((c) => [
      `${c.who} ${c.method.toUpperCase()} ${c.path.name} → ${c.status} ${c.errorType ?? ''}`,
      c,
    ]),
  )('%s', async (_name, c) => {
    const req = request(h.app)[c.method](c.path(w)).set(w.keys[c.who]);
    const res = c.body ? await req.send(c.body(w)) : await req;
    expect({ status: res.status, error: res.body?.detail?.error_type }).toEqual({
      status: c.status,
      error: c.errorType ? c.errorType : undefined,
    });
  });

  it('a Team Management Key lists only its bound teams', async () => {
    const ids = async (who: Credential) =>
      (await request(h.app).get(E.listTeams(w)).set(w.keys[who])).body.teams
        .map((t: { id: string }) => t.id)
        .sort();
    expect(await ids('teamKeyA')).toEqual([w.teamA]);
    expect(await ids('teamKeyAB')).toEqual([w.teamA, w.teamB].sort());
    expect(await ids('orgKey')).toEqual([w.teamA, w.teamB, w.teamC].sort());
  });

  it('a Team Management Key lists only API keys of its bound teams', async () => {
    const teams = async (who: Credential) => {
      const res = await request(h.app).get(E.apiKeysAll(w)).set(w.keys[who]);
      return [...new Set(res.body.api_keys.map((k: { team_id: string }) => k.team_id))].sort();
    };
    expect(await teams('teamKeyAB')).toEqual([w.teamA, w.teamB].sort());
    expect(await teams('orgKey')).toEqual([w.teamA, w.teamB, w.teamC].sort());
  });
});
