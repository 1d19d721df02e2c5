import type { Knex } from '@meridian/db';
import type { Region } from '@meridian/domain';
import type { KeysetPosition } from '../shared/keyset-cursor';
import { afterPosition, cursorColumn, toPage, type KeysetRow, type Page } from '../shared/page';

export interface TeamRow {
  id: string;
  org_id: string;
  name: string;
  region: Region;
  integration_team_id: string | null;
  settings: unknown;
  created_on: Date;
}

export interface TeamListFilter {
  teamId?: string;
  regions?: Region[];
  searchQuery?: string;
  /** Only these teams (a Team Management Key's bindings); undefined = every team of the org. */
  reachableTeamIds?: string[];
  after?: KeysetPosition;
}

export interface NewTeam {
  id: string;
  org_id: string;
  name: string;
  region: Region;
  integration_team_id: string | null;
  settings: unknown;
  created_on: Date;
}

export interface TeamChanges {
  name?: string;
  integration_team_id?: string | null;
  settings?: unknown;
}

export function createTeamsRepository(db: Knex) {
  const teams = () => db<TeamRow>('teams');
  return {
    async list(orgId: string, filter: TeamListFilter, limit: number): Promise<Page<TeamRow & KeysetRow>> {
      let q = teams()
        .where('org_id', orgId)
        .select('*', cursorColumn(db, 'created_on'))
        .orderBy([{ column: 'created_on' }, { column: 'id' }])
        .limit(limit + 1);
      if (filter.teamId !== undefined) q = q.where('id', filter.teamId);
      if (filter.regions && filter.regions.length > 0) q = q.whereIn('region', filter.regions);
      if (filter.reachableTeamIds) q = q.whereIn('id', filter.reachableTeamIds);
      if (filter.searchQuery) q = q.whereRaw('position(lower(?) in lower(name)) > 0', [filter.searchQuery]);
      q = afterPosition(q, 'created_on', 'id', filter.after);
      return toPage((await q) as (TeamRow & KeysetRow)[], limit);
    },

    /** `forUpdate`: lock the row for a read-modify-write of its settings (inside a write unit of work). */
    async findInOrg(
      orgId: string,
      teamId: string,
      options: { forUpdate?: boolean } = {},
    ): Promise<TeamRow | undefined> {
      const q = teams().where({ org_id: orgId, id: teamId }).first();
      return options.forUpdate ? q.forUpdate() : q;
    },

    async findByIntegrationTeamId(orgId: string, integrationTeamId: string): Promise<TeamRow | undefined> {
      return teams().where({ org_id: orgId, integration_team_id: integrationTeamId }).first();
    },

    /** Whether a team id is taken in any organization (team ids are global). */
    async idExists(teamId: string): Promise<boolean> {
      return (await teams().where({ id: teamId }).first('id')) !== undefined;
    },

    /** The subset of `teamIds` that are teams of the org. */
    async idsInOrg(orgId: string, teamIds: readonly string[]): Promise<string[]> {
      if (teamIds.length === 0) return [];
      const rows = await teams().where('org_id', orgId).whereIn('id', teamIds).select('id');
      return rows.map((r) => r.id);
    },

    async insert(team: NewTeam): Promise<TeamRow> {
      const [row] = await teams()
        .insert({ ...team, settings: JSON.stringify(team.settings) })
        .returning('*');
      return row as TeamRow;
    },

    async update(orgId: string, teamId: string, changes: TeamChanges): Promise<TeamRow | undefined> {
      const patch = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      if (changes.settings !== undefined) patch.settings = JSON.stringify(changes.settings);
      const [row] = await teams().where({ org_id: orgId, id: teamId }).update(patch).returning('*');
      return row;
    },

    /** Deletes the team; its API keys, users and feature flags go with it (foreign keys cascade). */
    async delete(orgId: string, teamId: string): Promise<boolean> {
      return (await teams().where({ org_id: orgId, id: teamId }).delete()) > 0;
    },
  };
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
