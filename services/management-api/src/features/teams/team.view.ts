import type { components } from '../../generated/openapi';
import { ENVIRONMENTS, type Environment } from '@meridian/domain';
import { toWireDateTime } from '../shared/wire-time';
import { readTeamSettings } from './team-settings';
import type { TeamRow } from './teams.repository';

/** `OrgTeam` (api-shapes §8.3), generated from openapi.yaml: environment blocks are null unless asked for. */
export type OrgTeam = components['schemas']['OrgTeam'];
export type TeamListItem = components['schemas']['TeamListItem'];

export function toTeamListItem(row: TeamRow): TeamListItem {
  return {
    id: row.id,
    name: row.name,
    created_on: toWireDateTime(row.created_on),
    region: row.region,
    integration_team_id: row.integration_team_id,
  };
}

export function toOrgTeam(row: TeamRow, include: readonly Environment[]): OrgTeam {
  const settings = readTeamSettings(row.settings);
  return {
    ...toTeamListItem(row),
    environments: [...ENVIRONMENTS],
    sandbox: include.includes('sandbox') ? settings.sandbox : null,
    production: include.includes('production') ? settings.production : null,
  };
}
