import type { SourceType, SummaryKind } from '@meridian/domain';

/**
 * The one ingestion path every source uses (demo provider now; provider connectors and mobile-SDK push
 * later). Inputs are in the source's units and shapes; ingestion normalises, validates, bounds, upserts
 * and writes the data events to the outbox in the same transaction.
 */
export interface SourceInput {
  provider: string;
  type?: SourceType;
  app_id?: string | null;
  device_id?: string | null;
  /** Workout-linked series only. */
  workout_id?: string | null;
  /** Workout-linked series only: the workout summary's provider_id, resolved to its `workout_id`. */
  workout_provider_id?: string | null;
  sport?: string | null;
}

export interface SampleInput {
  /** ISO 8601; a date-time without offset is UTC. For intervals: the start (inclusive). */
  timestamp: string;
  /** Interval end (exclusive); required for interval resources. */
  end?: string | null;
  /** Seconds east of UTC of the data's local time; null/absent when the source has none. */
  timezone_offset?: number | null;
  /** Number in `unit`; free text for `note`. */
  value?: number | string | null;
  systolic?: number | null;
  diastolic?: number | null;
  /** The source's unit; converted to the resource's canonical unit (e.g. fat as fraction → %). */
  unit?: string | null;
  type?: string | null;
  sensor_location?: string | null;
  delivery_mode?: string | null;
  delivery_form?: string | null;
  bolus_purpose?: string | null;
  tags?: string[] | null;
  intensity?: string | null;
}

export interface TimeseriesInput {
  /** Path slug (`body_weight`) or event resource name (`weight`). */
  resource: string;
  source: SourceInput;
  samples: SampleInput[];
}

export interface SummaryInput {
  kind: Exclude<SummaryKind, 'activity'>;
  source: SourceInput;
  /** The provider's own id of this summary: with user, kind and provider it identifies the summary. */
  provider_id: string;
  /** IANA zone of the data when the source knows it; else timezone_offset; else the user's fallback. */
  time_zone?: string | null;
  timezone_offset?: number | null;
  /**
   * The instant a body or profile summary describes (they have no time field of their own); its local
   * date becomes `calendar_date`. Without it, `fields.calendar_date` (or `date`) is used; a profile
   * without either is dated today.
   */
  timestamp?: string | null;
  /**
   * The kind's wire fields of api-shapes §4.4 (snake_case), minus id, user_id, source, created_at, updated_at.
   * Unknown keys are dropped; `provider_id` and `source_*` come from the summary, `calendar_date`/`date` are
   * computed (see `timestamp` for body and profile). A sleep_cycle may give `sleep_provider_id` (the sleep
   * summary's provider_id) instead of `sleep_id`.
   */
  fields: Record<string, unknown>;
}

export interface WorkoutStreamInput {
  /** provider_id of a workout summary in the same batch or already stored. */
  workout_provider_id: string;
  provider: string;
  stream: Partial<
    Record<
      | 'time'
      | 'cadence'
      | 'altitude'
      | 'velocity_smooth'
      | 'heartrate'
      | 'lat'
      | 'lng'
      | 'distance'
      | 'power'
      | 'resistance'
      | 'temperature',
      number[] | null
    >
  >;
}

export interface IngestBatch {
  userId: string;
  /** `daily`: incremental, emits daily.data.* events. `historical`: a chunk of a historical pull (no per-chunk events). */
  mode: 'daily' | 'historical';
  timeseries?: TimeseriesInput[];
  summaries?: SummaryInput[];
  workoutStreams?: WorkoutStreamInput[];
}

export interface IngestResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Outside the user's ingestion bounds. */
  dropped: number;
  /** Outbox ids of the events written. */
  eventIds: string[];
}
