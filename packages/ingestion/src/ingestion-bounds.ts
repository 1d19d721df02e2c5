import { localDate } from './time/local-date';
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
  const samples =
    bounds.start === null && bounds.end === null
      ? batch.samples.slice()
      : samplesWithinBounds(batch.samples, bounds, fallbackZone, zoneOffsets);
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

/**
 * The samples whose local date (of their start: in their own offset, else the user's zone, else UTC) lies
 * within the bounds. Worked out on local day numbers, the bounds compared once per run of samples on one day.
 */
function samplesWithinBounds(
  samples: readonly NormalisedSample[],
  bounds: IngestionBounds,
  fallbackZone: string | null,
  zoneOffsets: ZoneOffsets,
): NormalisedSample[] {
  const kept: NormalisedSample[] = [];
  let lastDay = Number.NaN;
  let lastWithin = false;
  // An index loop, per sample: a for-of iterator allocates a result object per step.
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i]!;
    const day = localDayNumber(s.startMs, sampleOffset(s, fallbackZone, zoneOffsets));
    if (day !== lastDay) {
      lastDay = day;
      lastWithin = withinBounds(bounds, localDate(day * DAY_MS, 0));
    }
    if (lastWithin) kept.push(s);
  }
  return kept;
}

const DAY_MS = 86_400_000;

/**
 * Seconds east of UTC a sample is dated in: its own offset, else the user's zone at its start, else UTC (the
 * `offset` of `localOffset`, without an object per sample).
 */
export function sampleOffset(
  s: NormalisedSample,
  fallbackZone: string | null,
  zoneOffsets: ZoneOffsets,
): number {
  if (s.timezoneOffset !== null) return s.timezoneOffset;
  return fallbackZone === null ? 0 : zoneOffsets(fallbackZone, s.startMs);
}

/** The local day number (days since 1970-01-01) of the instant `ms` at `offsetSeconds` east of UTC. */
export function localDayNumber(ms: number, offsetSeconds: number): number {
  return Math.floor((ms + offsetSeconds * 1000) / DAY_MS);
}

/** The last item per key, in first-seen key order (a later copy in one batch replaces an earlier one). */
export function lastByKey<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T> {
  const byKey = new Map<string, T>();
  for (const item of items) byKey.set(keyOf(item), item);
  return byKey;
}
