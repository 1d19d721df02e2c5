/** The resource catalog: every value of `resource_dependencies` / `Resource` (68, exactly, in spec order). */
export const RESOURCES = [
  'profile', 'activity', 'sleep', 'body', 'workouts', 'workout_stream', 'connection', 'order', 'result',
  'appointment', 'glucose', 'heartrate', 'hrv', 'ige', 'igg', 'blood_oxygen', 'blood_pressure',
  'cholesterol', 'device', 'device_legacy', 'weight', 'fat', 'body_temperature', 'body_temperature_delta',
  'meal', 'water', 'caffeine', 'mindfulness_minutes', 'steps', 'calories_active', 'distance',
  'floors_climbed', 'respiratory_rate', 'vo2_max', 'calories_basal', 'stress_level', 'menstrual_cycle',
  'sleep_cycle', 'electrocardiogram', 'electrocardiogram_voltage', 'afib_burden', 'heart_rate_alert',
  'stand_hour', 'stand_duration', 'sleep_apnea_alert', 'sleep_breathing_disturbance', 'wheelchair_push',
  'forced_expiratory_volume_1', 'forced_vital_capacity', 'peak_expiratory_flow_rate', 'inhaler_usage',
  'fall', 'uv_exposure', 'daylight_exposure', 'handwashing', 'basal_body_temperature',
  'heart_rate_recovery_one_minute', 'body_mass_index', 'lean_body_mass', 'waist_circumference',
  'workout_distance', 'workout_swimming_stroke', 'workout_duration', 'insulin_injection', 'carbohydrates',
  'note', 'sleep_stream', 'hypnogram',
] as const;

export type Resource = (typeof RESOURCES)[number];

const resourceSet: ReadonlySet<string> = new Set(RESOURCES);

export function isResource(value: string): value is Resource {
  return resourceSet.has(value);
}
