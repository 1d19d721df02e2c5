import type { Knex } from 'knex';
import { FEATURES, type Feature } from '@meridian/domain';

/**
 * Closed-beta features per team (`team_features`): what an operator turns on for a team, e.g. continuous
 * queries or lab report human review. The data and management APIs read them through the credentials
 * repository (`isFeatureEnabled`); this is the operator's side.
 */
export function createTeamFeaturesRepository(db: Knex) {
  return {
    async teamExists(teamId: string): Promise<boolean> {
      return Boolean(await db('teams').where({ id: teamId }).first('id'));
    },
    async list(teamId: string): Promise<Feature[]> {
      const rows = await db('team_features').where({ team_id: teamId }).orderBy('feature').select('feature');
      return rows.map((r: { feature: string }) => r.feature as Feature);
    },
    /** True when the feature was off before. */
    async enable(teamId: string, feature: Feature): Promise<boolean> {
      const inserted = await db('team_features')
        .insert({ team_id: teamId, feature })
        .onConflict(['team_id', 'feature'])
        .ignore()
        .returning('feature');
      return inserted.length > 0;
    },
    /** True when the feature was on before. */
    async disable(teamId: string, feature: Feature): Promise<boolean> {
      return (await db('team_features').where({ team_id: teamId, feature }).delete()) > 0;
    },
  };
}

export type TeamFeaturesRepository = ReturnType<typeof createTeamFeaturesRepository>;

export function isFeature(value: string): value is Feature {
  return (FEATURES as readonly string[]).includes(value);
}
