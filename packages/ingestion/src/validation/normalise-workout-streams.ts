import { WORKOUT_STREAM_KEYS } from '@meridian/domain';
import { summaryId } from '../deterministic-id';
import { checkProvider, isAbsent, isRecord } from './check-source';
import type { IssueList } from './issue-list';

export { WORKOUT_STREAM_KEYS };

export type WorkoutStreamPayload = Record<(typeof WORKOUT_STREAM_KEYS)[number], number[] | null>;

export interface NormalisedWorkoutStream {
  index: number;
  provider: string;
  workoutProviderId: string;
  /** The workout summary's id (deterministic from its provider_id). */
  workoutId: string;
  /** Every stream key, null when absent; unknown keys dropped. */
  payload: WorkoutStreamPayload;
}

export function normaliseWorkoutStreams(
  inputs: unknown,
  userId: string,
  issues: IssueList,
): NormalisedWorkoutStream[] {
  if (isAbsent(inputs)) return [];
  if (!Array.isArray(inputs)) {
    issues.add(['workoutStreams'], 'Input should be a valid list', 'list_type', inputs);
    return [];
  }
  const out: NormalisedWorkoutStream[] = [];
  inputs.forEach((input: unknown, index) => {
    const loc = ['workoutStreams', index];
    if (!isRecord(input)) return issues.add(loc, 'Input should be a valid dictionary', 'dict_type', input);
    const before = issues.count;
    const provider = checkProvider(input.provider, [...loc, 'provider'], issues);
    const workoutProviderId = input.workout_provider_id;
    if (typeof workoutProviderId !== 'string' || workoutProviderId.length === 0) {
      issues.add(
        [...loc, 'workout_provider_id'],
        'Input should be a non-empty string',
        'string_type',
        workoutProviderId,
      );
    }
    if (!isRecord(input.stream)) {
      return issues.add([...loc, 'stream'], 'Input should be a valid dictionary', 'dict_type', input.stream);
    }
    const payload = {} as WorkoutStreamPayload;
    for (const key of WORKOUT_STREAM_KEYS) {
      const series = input.stream[key];
      if (isAbsent(series)) payload[key] = null;
      else if (Array.isArray(series) && series.every((v) => typeof v === 'number' && Number.isFinite(v))) {
        payload[key] = series as number[];
      } else
        issues.add([...loc, 'stream', key], 'Input should be a list of finite numbers', 'list_type', series);
    }
    if (issues.count > before || provider === null || typeof workoutProviderId !== 'string') return;
    out.push({
      index,
      provider,
      workoutProviderId,
      workoutId: summaryId(userId, 'workouts', provider, workoutProviderId),
      payload,
    });
  });
  return out;
}
