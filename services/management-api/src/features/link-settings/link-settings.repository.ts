import type { Knex } from '@meridian/db';
import type { Environment } from '@meridian/domain';

/**
 * The link widget settings of a team environment, kept in `teams.settings[<env>]` beside the settings PATCH
 * team edits (which carries these keys through untouched and does not return them).
 */
export function createLinkSettingsRepository(db: Knex) {
  return {
    /** The stored hosts (null when never set), or undefined when the team is not in the org. */
    async allowedRedirectHosts(
      orgId: string,
      teamId: string,
      environment: Environment,
    ): Promise<string[] | null | undefined> {
      const row: { hosts: unknown } | undefined = await db('teams')
        .where({ org_id: orgId, id: teamId })
        .first(db.raw(`settings -> ?::text -> 'allowed_redirect_hosts' as hosts`, [environment]));
      if (!row) return undefined;
      return Array.isArray(row.hosts) ? row.hosts.filter((h): h is string => typeof h === 'string') : null;
    },

    /** Sets the hosts in one statement, so a concurrent PATCH of the other settings is not lost. */
    async setAllowedRedirectHosts(
      orgId: string,
      teamId: string,
      environment: Environment,
      hosts: readonly string[],
    ): Promise<boolean> {
      const updated = await db('teams')
        .where({ org_id: orgId, id: teamId })
        .update({
          settings: db.raw(
            `settings || jsonb_build_object(?::text,
               (case when jsonb_typeof(settings -> ?::text) = 'object' then settings -> ?::text else '{}'::jsonb end)
               || jsonb_build_object('allowed_redirect_hosts', ?::jsonb))`,
            [environment, environment, environment, JSON.stringify(hosts)],
          ),
        });
      return updated > 0;
    },
  };
}

export type LinkSettingsRepository = ReturnType<typeof createLinkSettingsRepository>;
