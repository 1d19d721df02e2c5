import type { SampleInput, TimeseriesInput } from '@meridian/ingestion';
import { OURA_SOURCE } from './oura-api';
import { atOffset, offsetSecondsOf, parseInstant } from './oura-time';
import type { OuraDailyActivity } from './oura-types';

/**
 * Oura daily activity → day-long `steps`, `calories_active` and `distance` intervals and the day's
 * `calories_basal` (total minus active). Oura's activity day starts at its `timestamp` (04:00 local) and
 * lasts 24 hours; `equivalent_walking_distance` is the distance Oura reports for the day.
 */
const DAY_MS = 86_400_000;

export function mapOuraDailyActivity(days: OuraDailyActivity[]): TimeseriesInput[] {
  const steps: SampleInput[] = [];
  const active: SampleInput[] = [];
  const distance: SampleInput[] = [];
  const basal: SampleInput[] = [];
  for (const d of days) {
    const start = typeof d.timestamp === 'string' ? parseInstant(d.timestamp) : null;
    if (start === null) continue;
    const offset = offsetSecondsOf(d.timestamp);
    const span = {
      timestamp: atOffset(start, offset),
      end: atOffset(start + DAY_MS, offset),
      timezone_offset: offset,
    };
    if (typeof d.steps === 'number') steps.push({ ...span, value: d.steps, unit: 'count' });
    if (typeof d.active_calories === 'number')
      active.push({ ...span, value: d.active_calories, unit: 'kcal' });
    if (typeof d.equivalent_walking_distance === 'number')
      distance.push({ ...span, value: d.equivalent_walking_distance, unit: 'm' });
    if (
      typeof d.total_calories === 'number' &&
      typeof d.active_calories === 'number' &&
      d.total_calories >= d.active_calories
    )
      basal.push({
        timestamp: span.timestamp,
        timezone_offset: offset,
        value: d.total_calories - d.active_calories,
        unit: 'kcal',
      });
  }
  const series = (resource: string, samples: SampleInput[]): TimeseriesInput[] =>
    samples.length > 0 ? [{ resource, source: { ...OURA_SOURCE }, samples }] : [];
  return [
    ...series('steps', steps),
    ...series('calories_active', active),
    ...series('distance', distance),
    ...series('calories_basal', basal),
  ];
}
