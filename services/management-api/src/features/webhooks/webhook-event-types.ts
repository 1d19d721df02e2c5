/** Event types a webhook may name in `filter_types` (api-shapes §7.2), including the deprecated hypnogram ones. */

/** The 60 resources of data events (events say `weight`/`fat`, not `body_weight`/`body_fat`). */
// prettier-ignore
const DATA_EVENT_RESOURCES = [
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

const OTHER_EVENT_TYPES = [
  'historical.timeseries.hypnogram.created',
  'daily.timeseries.hypnogram.created',
  'daily.timeseries.hypnogram.updated',
  'provider.connection.created',
  'provider.connection.error',
  'provider.device.created',
  'provider.device.updated',
  'labtest.order.created',
  'labtest.order.updated',
  'labtest.appointment.created',
  'labtest.appointment.updated',
  'labtest.result.critical',
  'continuous_query.result_table.changed',
  'lab_report.parsing_job.created',
  'lab_report.parsing_job.updated',
  'message.attempt.exhausted',
];

export const WEBHOOK_EVENT_TYPES: ReadonlySet<string> = new Set([
  ...DATA_EVENT_RESOURCES.flatMap((r) => [
    `daily.data.${r}.created`,
    `daily.data.${r}.updated`,
    `historical.data.${r}.created`,
  ]),
  ...OTHER_EVENT_TYPES,
]);

export const DATA_EVENT_RESOURCE_COUNT = DATA_EVENT_RESOURCES.length;
