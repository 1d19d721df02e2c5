import type { SummaryInput } from '@meridian/ingestion';
import { sportOf } from '../sports';
import { OURA_SOURCE } from './oura-api';
import { offsetSecondsOf, parseInstant } from './oura-time';
import type { OuraWorkout } from './oura-types';

/** Oura workouts → `workouts` summaries (calories kcal, distance m, as Oura reports them). */

const SPORT_BY_ACTIVITY: Record<string, string> = {
  walking: 'walking',
  running: 'running',
  cycling: 'cycling',
  swimming: 'swimming',
  hiking: 'hiking',
  yoga: 'yoga',
  pilates: 'pilates',
  rowing: 'rowing',
  elliptical: 'elliptical',
  dancing: 'dancing',
  tennis: 'tennis',
  strengthTraining: 'strength_training',
  strength_training: 'strength_training',
  hiit: 'hiit',
};

const titleOf = (activity: string) =>
  activity
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

export function mapOuraWorkouts(workouts: OuraWorkout[]): SummaryInput[] {
  const out: SummaryInput[] = [];
  for (const w of workouts) {
    if (
      typeof w.id !== 'string' ||
      parseInstant(w.start_datetime) === null ||
      parseInstant(w.end_datetime) === null
    )
      continue;
    const activity = typeof w.activity === 'string' ? w.activity : 'other';
    const offset = offsetSecondsOf(w.start_datetime);
    out.push({
      kind: 'workouts',
      source: { ...OURA_SOURCE },
      provider_id: w.id,
      timezone_offset: offset,
      fields: {
        title: w.label ?? titleOf(activity),
        time_start: w.start_datetime,
        time_end: w.end_datetime,
        timezone_offset: offset,
        calories: typeof w.calories === 'number' ? w.calories : null,
        distance: typeof w.distance === 'number' ? w.distance : null,
        sport: sportOf(SPORT_BY_ACTIVITY[activity] ?? 'other'),
      },
    });
  }
  return out;
}
