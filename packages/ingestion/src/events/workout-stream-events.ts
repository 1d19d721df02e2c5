import type { OutboxEvent } from '@meridian/db';
import type { IngestionUser } from '../storage/ingestion-user.repository';
import type { StoredSummary } from '../wire/render-summary';
import { renderSource } from '../wire/render-source';
import { userEvent } from './event-owner';

/** `daily.data.workout_stream.created|updated`: `{user_id, workout_id, provider_id, message, source, sport}`. */
export function workoutStreamEvent(
  user: IngestionUser,
  workout: StoredSummary,
  created: boolean,
): OutboxEvent {
  return userEvent(user, `daily.data.workout_stream.${created ? 'created' : 'updated'}`, {
    user_id: user.id,
    workout_id: workout.id,
    provider_id: workout.provider_summary_id,
    message: null,
    source: renderSource(workout),
    sport: workout.payload.sport ?? null,
  });
}
