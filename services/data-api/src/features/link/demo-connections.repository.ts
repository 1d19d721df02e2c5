import type { Knex } from '@meridian/db';
import { newId, type Environment, type Resource, type TeamScope } from '@meridian/domain';

/** Writes of a demo connection: the connection, its historical pulls and the demo generator's state. */

export interface DemoUser {
  id: string;
  teamId: string;
  environment: Environment;
  clientUserId: string;
  fallbackTimeZone: string | null;
}

export interface ScheduledPulls {
  userId: string;
  provider: string;
  resources: readonly Resource[];
  rangeStart: Date;
  rangeEnd: Date;
  scheduledAt: Date;
  traceId: string | null;
}

export function createDemoConnectionsRepository(db: Knex | Knex.Transaction) {
  return {
    /** The active user of the team environment, locked so a concurrent delete waits for this connect. */
    async lockActiveUser(scope: TeamScope, userId: string): Promise<DemoUser | undefined> {
      const row = await db('users')
        .where({ id: userId, team_id: scope.teamId, environment: scope.environment })
        .whereNull('deleted_at')
        .first('id', 'team_id', 'environment', 'client_user_id', 'fallback_time_zone')
        .forUpdate();
      if (!row) return undefined;
      return {
        id: row.id,
        teamId: row.team_id,
        environment: row.environment,
        clientUserId: row.client_user_id,
        fallbackTimeZone: row.fallback_time_zone,
      };
    },

    /** The new connection's id; undefined when the user already has a connection to `provider`. */
    async insertConnection(input: {
      userId: string;
      provider: string;
      resourceAvailability: Record<string, unknown>;
      createdOn: Date;
    }): Promise<string | undefined> {
      const rows = await db('provider_connections')
        .insert({
          id: newId(),
          user_id: input.userId,
          provider: input.provider,
          status: 'connected',
          external_user_id: null,
          error_details: null,
          resource_availability: JSON.stringify(input.resourceAvailability),
          created_on: input.createdOn,
        })
        .onConflict(['user_id', 'provider'])
        .ignore()
        .returning<{ id: string }[]>('id');
      return rows[0]?.id;
    },

    /** One `scheduled` pull per resource; a pull left from an earlier connection starts over. */
    async schedulePulls(p: ScheduledPulls): Promise<void> {
      if (p.resources.length === 0) return;
      await db('historical_pulls')
        .insert(
          p.resources.map((resource) => ({
            user_id: p.userId,
            provider: p.provider,
            resource,
            status: 'scheduled',
            range_start: p.rangeStart,
            range_end: p.rangeEnd,
            scheduled_at: p.scheduledAt,
            started_at: null,
            ended_at: null,
            days_with_data: 0,
            trace_id: p.traceId,
            error_details: null,
          })),
        )
        .onConflict(['user_id', 'provider', 'resource'])
        .merge();
    },

    async insertDemoState(input: {
      connectionId: string;
      userId: string;
      provider: string;
      timeZone: string;
      syncedUntil: Date;
    }): Promise<void> {
      await db('demo_connections').insert({
        connection_id: input.connectionId,
        user_id: input.userId,
        provider: input.provider,
        time_zone: input.timeZone,
        synced_until: input.syncedUntil,
      });
    },
  };
}
