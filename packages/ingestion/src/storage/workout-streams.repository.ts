import type { Knex } from 'knex';
import { namedStatement } from './named-statements';

export interface WorkoutStreamRecord {
  workout_id: string;
  payload: Record<string, unknown>;
}

const UPSERT = `
  insert into workout_streams as w (workout_id, user_id, payload, updated_at)
  select r.workout_id, ?::uuid, r.payload, ?::timestamptz
  from json_to_recordset(?::json) as r(workout_id uuid, payload jsonb)
  on conflict (workout_id, user_id) do update set payload = excluded.payload, updated_at = excluded.updated_at
  where w.payload is distinct from excluded.payload
  returning w.workout_id, (w.xmax = 0) as inserted`;

export function createWorkoutStreamsRepository(trx: Knex.Transaction) {
  return {
    /** Upserts streams by workout (unique in `records`); returns those created or changed. */
    async upsert(
      userId: string,
      records: readonly WorkoutStreamRecord[],
      now: Date,
    ): Promise<Array<{ workout_id: string; inserted: boolean }>> {
      if (records.length === 0) return [];
      const result = await trx
        .raw<{ rows: Array<{ workout_id: string; inserted: boolean }> }>(UPSERT, [
          userId,
          now,
          JSON.stringify(records),
        ])
        .options(namedStatement(UPSERT));
      return result.rows;
    },
  };
}
