import type { Knex } from '@meridian/db';
import type { TeamScope } from '@meridian/domain';

/** What a team configured for linking one provider (written by the management API). */

export interface ScopeRequirements {
  userMustGrant: string[];
  userMayGrant: string[];
}

export interface DataPullPreference {
  /** Whether resources are pulled unless overridden. */
  byDefault: boolean;
  overrides: Record<string, boolean>;
}

export function createTeamLinkPreferencesRepository(db: Knex | Knex.Transaction) {
  return {
    async scopeRequirements(teamId: string, provider: string): Promise<ScopeRequirements> {
      const row = await db('team_scope_requirements')
        .where({ team_id: teamId, provider })
        .first<{ user_must_grant: string[]; user_may_grant: string[] } | undefined>(
          'user_must_grant',
          'user_may_grant',
        );
      return { userMustGrant: row?.user_must_grant ?? [], userMayGrant: row?.user_may_grant ?? [] };
    },

    async dataPullPreference(scope: TeamScope, provider: string): Promise<DataPullPreference | null> {
      const row = await db('team_data_pull_preferences')
        .where({ team_id: scope.teamId, environment: scope.environment, provider })
        .first<{ default: boolean; resource_overrides: Record<string, unknown> | null } | undefined>(
          'default',
          'resource_overrides',
        );
      if (!row) return null;
      const overrides: Record<string, boolean> = {};
      for (const [k, v] of Object.entries(row.resource_overrides ?? {}))
        if (typeof v === 'boolean') overrides[k] = v;
      return { byDefault: row.default, overrides };
    },

    /** The redirect URI the team registered with its own OAuth app, when it set one. */
    async redirectUrlOverride(scope: TeamScope, provider: string): Promise<string | null> {
      const row = await db('team_custom_credentials')
        .where({ team_id: scope.teamId, environment: scope.environment, provider })
        .first<{ redirect_url_override: string | null } | undefined>('redirect_url_override');
      return row?.redirect_url_override ?? null;
    },
  };
}

export type TeamLinkPreferencesRepository = ReturnType<typeof createTeamLinkPreferencesRepository>;
