import type { Knex } from '@meridian/db';

/** A `team_scope_requirements` row: OAuth scopes a team's users must / may grant a provider (both environments). */
export interface ScopeRequirementRow {
  team_id: string;
  provider: string;
  user_must_grant: string[];
  user_may_grant: string[];
  updated_at: Date;
}

export function createScopeRequirementsRepository(db: Knex) {
  return {
    /** The team's requirements, ordered by provider slug (byte order). */
    async list(teamId: string, provider?: string): Promise<ScopeRequirementRow[]> {
      let q = db('team_scope_requirements').where({ team_id: teamId }).orderByRaw('provider collate "C"');
      if (provider !== undefined) q = q.where({ provider });
      return (await q) as ScopeRequirementRow[];
    },

    /** Stores the team's requirement for the provider; two empty lists remove it (nothing required). */
    async put(row: ScopeRequirementRow): Promise<void> {
      if (row.user_must_grant.length === 0 && row.user_may_grant.length === 0) {
        await db('team_scope_requirements').where({ team_id: row.team_id, provider: row.provider }).delete();
        return;
      }
      await db('team_scope_requirements')
        .insert(row)
        .onConflict(['team_id', 'provider'])
        .merge(['user_must_grant', 'user_may_grant', 'updated_at']);
    },
  };
}

export type ScopeRequirementsRepository = ReturnType<typeof createScopeRequirementsRepository>;
