import type { Knex } from '@meridian/db';

/** The per-team override of the data API's per-key request limit (`team_rate_limits`). */
export function createRateLimitsRepository(db: Knex) {
  return {
    /** The override (null when none), or undefined when the team is not in the org. */
    async find(orgId: string, teamId: string): Promise<number | null | undefined> {
      const row: { requests_per_minute: number | null } | undefined = await db('teams as t')
        .leftJoin('team_rate_limits as l', 'l.team_id', 't.id')
        .where({ 't.org_id': orgId, 't.id': teamId })
        .first('l.requests_per_minute');
      return row === undefined ? undefined : row.requests_per_minute;
    },

    /** Sets the override; false when the team is not in the org. */
    async set(orgId: string, teamId: string, perMinute: number, now: Date): Promise<boolean> {
      const team = await db('teams').where({ org_id: orgId, id: teamId }).first('id');
      if (!team) return false;
      await db('team_rate_limits')
        .insert({ team_id: teamId, requests_per_minute: perMinute, updated_at: now })
        .onConflict('team_id')
        .merge(['requests_per_minute', 'updated_at']);
      return true;
    },

    /** Removes the override; false when the team is not in the org. */
    async clear(orgId: string, teamId: string): Promise<boolean> {
      const team = await db('teams').where({ org_id: orgId, id: teamId }).first('id');
      if (!team) return false;
      await db('team_rate_limits').where({ team_id: teamId }).delete();
      return true;
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
