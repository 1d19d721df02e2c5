import type { OutboxEvent } from '@meridian/db';
import { ValidationError } from '@meridian/domain';
import type { Knex } from 'knex';
import { workoutStreamEvent } from './events/workout-stream-events';
import type { IngestionUser } from './storage/ingestion-user.repository';
import { createSummariesRepository } from './storage/summaries.repository';
import { createWorkoutStreamsRepository } from './storage/workout-streams.repository';
import type { NormalisedWorkoutStream } from './validation/normalise-workout-streams';

/**
 * Upserts workout streams once their workouts are stored (earlier or in this batch); a stream whose
 * workout is unknown refuses the batch.
 */
export async function writeWorkoutStreams(
  trx: Knex.Transaction,
  user: IngestionUser,
  streams: readonly NormalisedWorkoutStream[],
  now: Date,
): Promise<{ written: Array<{ workout_id: string; inserted: boolean }>; events: OutboxEvent[] }> {
  if (streams.length === 0) return { written: [], events: [] };
  const workouts = await createSummariesRepository(trx).workoutsById(
    user.id,
    streams.map((s) => s.workoutId),
  );
  const byId = new Map(workouts.map((w) => [w.id, w]));
  const missing = streams.filter((s) => !byId.has(s.workoutId));
  if (missing.length > 0) {
    throw new ValidationError(
      missing.map((s) => ({
        loc: ['body', 'workoutStreams', String(s.index), 'workout_provider_id'],
        msg: 'No workout summary with this provider_id for this provider',
        type: 'value_error',
        input: s.workoutProviderId,
        ctx: { provider: s.provider },
      })),
    );
  }
  const written = await createWorkoutStreamsRepository(trx).upsert(
    user.id,
    streams.map((s) => ({ workout_id: s.workoutId, payload: s.payload })),
    now,
  );
  const events = written.map((w) => workoutStreamEvent(user, byId.get(w.workout_id)!, w.inserted));
  return { written, events };
}
