import type { Knex } from '@meridian/db';
import type { TeamScope } from '@meridian/domain';
import type { ArrayRows } from './timeseries.json';
import type { SampleRow } from './timeseries.presenter';
import { SLEEP_STREAM_SQL, type SqlStatement } from './timeseries.sql';

/** Reads of stored health data. Sleeps and workout streams are looked up through their user's tenancy. */

export interface SleepStreamRow extends SampleRow {
  resource: string;
}

export function createTimeseriesRepository(db: Knex | Knex.Transaction) {
  const activeUserOf = (scope: TeamScope) =>
    db('users')
      .select(db.raw('1'))
      .where({ team_id: scope.teamId, environment: scope.environment })
      .whereNull('deleted_at');

  return {
    async samples(statement: SqlStatement): Promise<SampleRow[]> {
      const result = await db.raw<{ rows: SampleRow[] }>(statement.sql, statement.bindings);
      return result.rows;
    },

    /** The same read with rows as arrays (pg `rowMode: 'array'`): no object per row for the JSON writer. */
    async sampleArrays(statement: SqlStatement): Promise<ArrayRows> {
      const result = await db
        .raw<{ rows: unknown[][]; fields: { name: string }[] }>(statement.sql, statement.bindings)
        .options({ rowMode: 'array' });
      return { fields: result.fields.map((f) => f.name), rows: result.rows };
    },

    /** True when `sleepId` is a sleep summary of an active user of the scope. */
    async isSleepOf(scope: TeamScope, sleepId: string): Promise<boolean> {
      const row = await db('summaries as s')
        .where({ 's.id': sleepId, 's.kind': 'sleep' })
        .whereExists(activeUserOf(scope).whereRaw('users.id = s.user_id'))
        .first(db.raw('1 as found'));
      return row !== undefined;
    },

    async sleepStreamSamples(sleepId: string): Promise<SleepStreamRow[]> {
      const result = await db.raw<{ rows: SleepStreamRow[] }>(SLEEP_STREAM_SQL, [sleepId]);
      return result.rows;
    },

    /**
     * A workout summary of an active user of the scope with its stored stream (`payload` null when the
     * workout has none); undefined when the scope has no such workout.
     */
    async workoutStream(
      scope: TeamScope,
      workoutId: string,
    ): Promise<{ payload: Record<string, unknown> | null } | undefined> {
      return db('summaries as s')
        .leftJoin('workout_streams as ws', 'ws.workout_id', 's.id')
        .where({ 's.id': workoutId, 's.kind': 'workouts' })
        .whereExists(activeUserOf(scope).whereRaw('users.id = s.user_id'))
        .first<{ payload: Record<string, unknown> | null } | undefined>('ws.payload');
    },
  };
}

export type TimeseriesRepository = ReturnType<typeof createTimeseriesRepository>;
