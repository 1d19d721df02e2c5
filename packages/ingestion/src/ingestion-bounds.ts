import { localDate } from './time/local-date';
import { localOffset } from './time/local-offset';
import type { ZoneOffsets } from './time/zone-offset';
import type { NormalisedBatch } from './validation/normalise-batch';
import type { NormalisedSample } from './validation/normalise-timeseries';

/** The user's inclusive ingestion bounds: data whose local date falls outside is dropped. */
export interface IngestionBounds {
  start: string | null;
  end: string | null;
}

export function withinBounds(bounds: IngestionBounds, date: string): boolean {
  return (bounds.start === null || date >= bounds.start) && (bounds.end === null || date <= bounds.end);
}

/** What of a batch is kept, and how many items were dropped. */
export interface BoundedBatch extends NormalisedBatch {
  dropped: number;
}

/**
 * Drops samples and summaries whose local date is outside the bounds (a sample by its start, in its
 * own offset, else the user's zone, else UTC), and the streams of dropped workouts.
 */
export function applyIngestionBounds(
  batch: NormalisedBatch,
  bounds: IngestionBounds,
  fallbackZone: string | null,
  zoneOffsets: ZoneOffsets,
): BoundedBatch {
  const sampleDate = (s: NormalisedSample) =>
    localDate(
      s.startMs,
      localOffset(s.startMs, { offset: s.timezoneOffset, zone: null, fallbackZone }, zoneOffsets).offset,
    );
  const samples = batch.samples.filter((s) => withinBounds(bounds, sampleDate(s)));
  const summaries = batch.summaries.filter((s) => withinBounds(bounds, s.calendarDate));
  const keptIds = new Set(summaries.map((s) => s.id));
  const droppedWorkouts = new Set(
    batch.summaries.filter((s) => s.kind === 'workouts' && !keptIds.has(s.id)).map((s) => s.id),
  );
  const streams = batch.streams.filter((s) => !droppedWorkouts.has(s.workoutId));
  const total = (b: NormalisedBatch) => b.samples.length + b.summaries.length + b.streams.length;
  const kept = { samples, summaries, streams };
  return { ...kept, dropped: total(batch) - total(kept) };
}

/** The last item per key, in first-seen key order (a later copy in one batch replaces an earlier one). */
export function lastByKey<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T> {
  const byKey = new Map<string, T>();
  for (const item of items) byKey.set(keyOf(item), item);
  return byKey;
}
