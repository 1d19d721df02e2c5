/**
 * The event catalog (api-shapes §7.2): every event type Meridian emits or accepts in webhook `filter_types`,
 * with its payload type. Every event travels in the envelope of `./events` (`event_type`, `data`, `user_id`,
 * `client_user_id`, `team_id`, all top level).
 */
import type { ParsingJob } from './lab-reports';

/**
 * Resources `<R>` of data events: the timeseries and summary resources plus `workout_stream`. Events say
 * `weight`/`fat` where timeseries paths say `body_weight`/`body_fat`; there are no hypnogram data events.
 */
// prettier-ignore
export const DATA_EVENT_RESOURCE_NAMES = [
  // timeseries
  'afib_burden', 'basal_body_temperature', 'blood_oxygen', 'blood_pressure', 'body_mass_index',
  'body_temperature', 'body_temperature_delta', 'caffeine', 'calories_active', 'calories_basal',
  'carbohydrates', 'cholesterol', 'daylight_exposure', 'distance', 'electrocardiogram_voltage', 'fall', 'fat',
  'floors_climbed', 'forced_expiratory_volume_1', 'forced_vital_capacity', 'glucose', 'handwashing',
  'heart_rate_alert', 'heart_rate_recovery_one_minute', 'heartrate', 'hrv', 'ige', 'igg', 'inhaler_usage',
  'insulin_injection', 'lean_body_mass', 'mindfulness_minutes', 'note', 'peak_expiratory_flow_rate',
  'respiratory_rate', 'sleep_apnea_alert', 'sleep_breathing_disturbance', 'stand_duration', 'stand_hour',
  'steps', 'stress_level', 'uv_exposure', 'vo2_max', 'waist_circumference', 'water', 'weight',
  'wheelchair_push', 'workout_distance', 'workout_duration', 'workout_swimming_stroke',
  // summaries
  'activity', 'body', 'electrocardiogram', 'menstrual_cycle', 'profile', 'sleep', 'sleep_cycle', 'workouts',
  'meal',
  // streams
  'workout_stream',
] as const;
export type DataEventResource = (typeof DATA_EVENT_RESOURCE_NAMES)[number];

export type DailyDataEventType = `daily.data.${DataEventResource}.${'created' | 'updated'}`;
export type HistoricalDataEventType = `historical.data.${DataEventResource}.created`;

/** Data of a timeseries data event: one group of samples from one source (as in REST). */
export interface TimeseriesEventData {
  source: Record<string, unknown>;
  data: Record<string, unknown>[];
}

/** Data of a summary data event: the summary object as in REST, with `user_id` and `source`. */
export type SummaryEventData = Record<string, unknown> & { user_id: string; source: Record<string, unknown> };

export interface WorkoutStreamEventData {
  user_id: string;
  workout_id: string;
  provider_id: string;
  message: string | null;
  source: Record<string, unknown>;
  sport: { id: number; name: string; slug: string } | null;
}

/** `historical.data.<R>.created`: once per resource after every chunk of a pull (`is_final` was removed). */
export interface HistoricalDataCreatedData {
  user_id: string;
  start_date: string;
  end_date: string;
  provider: string;
}

export interface ProviderConnectionCreatedData {
  user_id: string;
  provider: string;
  /** Deprecated copy of `provider`. */
  source: string;
  external_user_id: string | null;
  resource_availability: Record<string, unknown>;
}

export interface ProviderConnectionErrorData {
  user_id: string;
  provider: string;
  message: string;
  error_type: string;
  error_details: string;
}

export interface MessageAttemptExhaustedData {
  webhook_id: string;
  message_id: string;
  original_event_type: string;
  last_attempt_at: string;
  last_response_status_code: number | null;
}

export interface ContinuousQueryResultTableChangedData {
  query_id: string;
  query_slug: string;
  /** Column-oriented delta: only new or changed rows. */
  data: Record<string, unknown[]>;
}

export interface LabtestResultCriticalData {
  order_id: string;
  sample_id: string;
  status: string;
  interpretation: string;
  team_id: string;
  user_id: string;
  created_at: string;
  updated_at: string;
}

/** Payload (`data`) of every non-data event type. */
export interface OperationalEventPayloads {
  'provider.connection.created': ProviderConnectionCreatedData;
  'provider.connection.error': ProviderConnectionErrorData;
  'provider.device.created': Record<string, unknown>;
  'provider.device.updated': Record<string, unknown>;
  'labtest.order.created': Record<string, unknown>;
  'labtest.order.updated': Record<string, unknown>;
  'labtest.appointment.created': Record<string, unknown>;
  'labtest.appointment.updated': Record<string, unknown>;
  'labtest.result.critical': LabtestResultCriticalData;
  'continuous_query.result_table.changed': ContinuousQueryResultTableChangedData;
  'lab_report.parsing_job.created': ParsingJob;
  'lab_report.parsing_job.updated': ParsingJob;
  'message.attempt.exhausted': MessageAttemptExhaustedData;
}
export type OperationalEventType = keyof OperationalEventPayloads;

/** Deprecated hypnogram events: never emitted, still accepted in webhook `filter_types`. */
export const DEPRECATED_EVENT_TYPES = [
  'historical.timeseries.hypnogram.created',
  'daily.timeseries.hypnogram.created',
  'daily.timeseries.hypnogram.updated',
] as const;
export type DeprecatedEventType = (typeof DEPRECATED_EVENT_TYPES)[number];

export type EventType = DailyDataEventType | HistoricalDataEventType | OperationalEventType;

/** The `data` of an event type. */
export type EventData<T extends EventType> = T extends OperationalEventType
  ? OperationalEventPayloads[T]
  : T extends HistoricalDataEventType
    ? HistoricalDataCreatedData
    : T extends `daily.data.workout_stream.${string}`
      ? WorkoutStreamEventData
      : TimeseriesEventData | SummaryEventData;

// Keyed by every operational type so the compiler flags a type missing here.
const OPERATIONAL: Record<OperationalEventType, true> = {
  'provider.connection.created': true,
  'provider.connection.error': true,
  'provider.device.created': true,
  'provider.device.updated': true,
  'labtest.order.created': true,
  'labtest.order.updated': true,
  'labtest.appointment.created': true,
  'labtest.appointment.updated': true,
  'labtest.result.critical': true,
  'continuous_query.result_table.changed': true,
  'lab_report.parsing_job.created': true,
  'lab_report.parsing_job.updated': true,
  'message.attempt.exhausted': true,
};
export const OPERATIONAL_EVENT_TYPES = Object.keys(OPERATIONAL) as OperationalEventType[];

/** Every event type Meridian can emit. */
export const EVENT_TYPES: readonly EventType[] = [
  ...DATA_EVENT_RESOURCE_NAMES.flatMap((r) => [
    `daily.data.${r}.created` as const,
    `daily.data.${r}.updated` as const,
    `historical.data.${r}.created` as const,
  ]),
  ...OPERATIONAL_EVENT_TYPES,
];

const EMITTED: ReadonlySet<string> = new Set(EVENT_TYPES);
const ACCEPTED: ReadonlySet<string> = new Set([...EVENT_TYPES, ...DEPRECATED_EVENT_TYPES]);

export const isEventType = (value: string): value is EventType => EMITTED.has(value);

/** Event types a webhook may name in `filter_types`: every emitted type plus the deprecated ones. */
export const isSubscribableEventType = (value: string): boolean => ACCEPTED.has(value);

export const SUBSCRIBABLE_EVENT_TYPES: readonly string[] = [...ACCEPTED];
