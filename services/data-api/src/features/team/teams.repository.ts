import type { Knex } from '@meridian/db';
import type { Region } from '@meridian/domain';

/** Team rows as the data API reads them (the management API owns their writes). */

export interface TeamRecord {
  id: string;
  orgId: string;
  name: string;
  region: Region;
  integrationTeamId: string | null;
  settings: unknown;
  createdOn: Date;
}

interface TeamRow {
  id: string;
  org_id: string;
  name: string;
  region: Region;
  integration_team_id: string | null;
  settings: unknown;
  created_on: Date;
}

export function createTeamsRepository(db: Knex | Knex.Transaction) {
  return {
    async findById(teamId: string): Promise<TeamRecord | undefined> {
      const row = await db<TeamRow>('teams').where({ id: teamId }).first();
      if (!row) return undefined;
      return {
        id: row.id,
        orgId: row.org_id,
        name: row.name,
        region: row.region,
        integrationTeamId: row.integration_team_id,
        settings: row.settings,
        createdOn: row.created_on,
      };
    },
  };
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
