import type { Resource } from '@meridian/domain';
import type { IngestBatch } from '@meridian/ingestion';
import { catalogResourceOf } from './emitter';
import { localDate } from './zoned-time';

/**
 * Local dates with data per catalog resource in a batch, for a historical pull's `days_with_data`.
 * Activity summaries are derived from steps by ingestion, so they count the days with steps.
 */
export function resourceDays(batch: IngestBatch, timeZone = 'UTC'): Map<Resource, Set<string>> {
  const days = new Map<Resource, Set<string>>();
  const add = (resource: Resource, date: string) => {
    let set = days.get(resource);
    if (!set) {
      set = new Set();
      days.set(resource, set);
    }
    set.add(date);
  };
  const dateOf = (iso: string) => localDate(Date.parse(iso), timeZone);
  for (const series of batch.timeseries ?? []) {
    const resource = catalogResourceOf(series.resource);
    for (const sample of series.samples) {
      const date = dateOf(sample.timestamp);
      add(resource, date);
      if (resource === 'steps') add('activity', date);
    }
  }
  const workoutDates = new Map<string, string>();
  for (const summary of batch.summaries ?? []) {
    const f = summary.fields;
    const at = [f.bedtime_stop, f.session_end, f.time_start, f.timestamp, summary.timestamp].find(
      (v) => typeof v === 'string',
    );
    const date = typeof at === 'string' ? dateOf(at) : String(f.calendar_date ?? f.date);
    add(summary.kind, date);
    if (summary.kind === 'workouts') workoutDates.set(summary.provider_id, date);
  }
  for (const stream of batch.workoutStreams ?? []) {
    const date = workoutDates.get(stream.workout_provider_id);
    if (date) add('workout_stream', date);
  }
  return days;
}
