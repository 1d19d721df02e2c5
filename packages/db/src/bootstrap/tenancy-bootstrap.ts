import type { Knex } from 'knex';
import {
  generateManagementKey,
  generateTeamApiKey,
  newId,
  type Environment,
  type Feature,
  type Plan,
  type Region,
} from '@meridian/domain';

/**
 * Creates tenancy records directly: an org with an Org Management Key, teams with API keys for both
 * environments. Used by `pnpm cli bootstrap` and by test fixtures.
 */
export interface BootstrappedOrg {
  orgId: string;
  orgKey: string;
}

export interface BootstrappedTeam {
  teamId: string;
  apiKeys: Record<Environment, string>;
}

export async function createOrgWithKey(
  knex: Knex,
  opts: { plan?: Plan; name?: string } = {},
): Promise<BootstrappedOrg> {
  const orgId = newId();
  await knex('organizations').insert({
    id: orgId,
    name: opts.name ?? 'Test Org',
    plan: opts.plan ?? 'scale',
  });
  const orgKey = await createManagementKeyRecord(knex, orgId, { role: 'org_admin' });
  return { orgId, orgKey };
}

export async function createManagementKeyRecord(
  knex: Knex,
  orgId: string,
  opts: { role: 'org_admin' | 'team_admin'; teamIds?: string[]; label?: string },
): Promise<string> {
  const key = generateManagementKey();
  await knex('management_keys').insert({
    id: newId(),
    org_id: orgId,
    label: opts.label ?? `${opts.role} key`,
    role: opts.role,
    team_ids: opts.role === 'team_admin' ? (opts.teamIds ?? []) : null,
    key_hash: key.hash,
    key_hint: key.hint,
    creator: JSON.stringify({ type: 'meridian_staff' }),
  });
  return key.value;
}

export async function createTeamWithKeys(
  knex: Knex,
  orgId: string,
  opts: { name?: string; region?: Region; features?: Feature[] } = {},
): Promise<BootstrappedTeam> {
  const teamId = newId();
  const region = opts.region ?? 'us';
  await knex('teams').insert({ id: teamId, org_id: orgId, name: opts.name ?? 'Test Team', region });
  const apiKeys = {} as Record<Environment, string>;
  for (const environment of ['production', 'sandbox'] as const) {
    const key = generateTeamApiKey(environment, region);
    await knex('team_api_keys').insert({
      id: newId(),
      team_id: teamId,
      environment,
      region,
      label: `${environment} key`,
      key_hash: key.hash,
      key_hint: key.hint,
    });
    apiKeys[environment] = key.value;
  }
  for (const feature of opts.features ?? []) {
    await knex('team_features').insert({ team_id: teamId, feature });
  }
  return { teamId, apiKeys };
}
