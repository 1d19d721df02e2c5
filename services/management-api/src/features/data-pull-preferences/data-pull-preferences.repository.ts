import type { Knex } from '@meridian/db';
import type { Environment, Region, Resource } from '@meridian/domain';
import type { PreferencePosition } from './preference-cursor';

/** A `team_data_pull_preferences` row: which resources Meridian pulls from a provider for a team environment. */
export interface DataPullPreferenceRow {
  team_id: string;
  environment: Environment;
  provider: string;
  default: boolean;
  resource_overrides: Partial<Record<Resource, boolean>> | null;
  updated_at: Date;
}

/** Where preferences live: teams of an org in one region, and one environment. */
export interface PreferencePlace {
  orgId: string;
  environment: Environment;
  region: Region;
}

export interface PreferenceListFilter {
  teamIds?: readonly string[];
  providers?: readonly string[];
  /** Only these teams (a Team Management Key's bindings); undefined = every team. */
  reachableTeamIds?: readonly string[];
  after?: PreferencePosition;
}

const toDbRow = (row: DataPullPreferenceRow) => ({
  ...row,
  resource_overrides: row.resource_overrides === null ? null : JSON.stringify(row.resource_overrides),
});

export function createDataPullPreferencesRepository(db: Knex) {
  const preferencesIn = (place: PreferencePlace) =>
    db('team_data_pull_preferences as p')
      .join('teams as t', 't.id', 'p.team_id')
      .where({ 't.org_id': place.orgId, 't.region': place.region, 'p.environment': place.environment });

  return {
    /** The ids among `teamIds` that are teams of the org in the place's region. */
    async teamsOfPlace(place: PreferencePlace, teamIds: readonly string[]): Promise<string[]> {
      if (teamIds.length === 0) return [];
      const rows: { id: string }[] = await db('teams')
        .where({ org_id: place.orgId, region: place.region })
        .whereIn('id', teamIds)
        .select('id');
      return rows.map((r) => r.id);
    },

    /** Ordered by team id, then provider; `limit + 1` rows tell whether another page follows. */
    async list(
      place: PreferencePlace,
      filter: PreferenceListFilter,
      limit: number,
    ): Promise<DataPullPreferenceRow[]> {
      let q = preferencesIn(place)
        .select('p.*')
        // byte order ("C"), whatever the database's collation, so pages and sorted results agree
        .orderByRaw('p.team_id, p.provider collate "C"')
        .limit(limit + 1);
      if (filter.teamIds !== undefined) q = q.whereIn('p.team_id', filter.teamIds);
      if (filter.providers !== undefined) q = q.whereIn('p.provider', filter.providers);
      if (filter.reachableTeamIds !== undefined) q = q.whereIn('p.team_id', filter.reachableTeamIds);
      if (filter.after) {
        q = q.whereRaw('(p.team_id, p.provider collate "C") > (?::uuid, ? collate "C")', [
          filter.after.teamId,
          filter.after.provider,
        ]);
      }
      return (await q) as DataPullPreferenceRow[];
    },

    /** Inserts or replaces each team's preference for each provider; rows come back in input order. */
    async upsert(rows: readonly DataPullPreferenceRow[]): Promise<DataPullPreferenceRow[]> {
      if (rows.length === 0) return [];
      const stored = (await db('team_data_pull_preferences')
        .insert(rows.map(toDbRow))
        .onConflict(['team_id', 'environment', 'provider'])
        .merge(['default', 'resource_overrides', 'updated_at'])
        .returning('*')) as DataPullPreferenceRow[];
      const key = (r: Pick<DataPullPreferenceRow, 'team_id' | 'provider'>) => `${r.team_id} ${r.provider}`;
      const byKey = new Map(stored.map((r) => [key(r), r]));
      return rows.map((r) => byKey.get(key(r))!);
    },

    /** Deletes the environment's preferences of `teamIds` (of `providers` only, when given), in list order. */
    async delete(
      environment: Environment,
      teamIds: readonly string[],
      providers: readonly string[] | undefined,
    ): Promise<DataPullPreferenceRow[]> {
      if (teamIds.length === 0) return [];
      let q = db('team_data_pull_preferences').where({ environment }).whereIn('team_id', teamIds);
      if (providers !== undefined) q = q.whereIn('provider', providers);
      const rows = (await q.delete().returning('*')) as DataPullPreferenceRow[];
      const key = (r: DataPullPreferenceRow) => `${r.team_id} ${r.provider}`;
      return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    },
  };
}

export type DataPullPreferencesRepository = ReturnType<typeof createDataPullPreferencesRepository>;
