import type { Resource } from '../resources';

/**
 * The 51 timeseries slugs of `/v2/timeseries/{user_id}/{slug}/grouped` (api-shapes §4.3): wire shape,
 * canonical unit, the resource name events and `resource_dependencies` use, and the typed extras.
 */
export type SampleShape = 'point' | 'interval' | 'blood_pressure';

/** Typed extras beyond the common sample keys, per slug. */
export type SampleExtra =
  'sensor_location' | 'delivery_mode' | 'delivery_form' | 'bolus_purpose' | 'tags' | 'intensity';

export interface TimeseriesSpec {
  slug: string;
  shape: SampleShape;
  unit: string;
  /** Resource name in events and the resource catalog (`weight` for the `body_weight` path, ...). */
  resource: Resource;
  /** `type` values; `required` means every sample carries one of them (part of its identity). */
  types?: { required: boolean; values: readonly string[] | null };
  extras?: readonly SampleExtra[];
  /** `value` is free text (notes) instead of a number. */
  textValue?: boolean;
  /** Allowed canonical range, for validation at ingestion. */
  range?: readonly [number, number];
  deprecated?: boolean;
}

const point = (slug: string, unit: string, resource: Resource, range?: [number, number]): TimeseriesSpec => ({
  slug,
  shape: 'point',
  unit,
  resource,
  range,
});
const interval = (
  slug: string,
  unit: string,
  resource: Resource,
  range?: [number, number],
): TimeseriesSpec => ({
  slug,
  shape: 'interval',
  unit,
  resource,
  range,
});

export const SENSOR_LOCATIONS = [
  'armpit',
  'body',
  'ear',
  'finger',
  'gastrointestinal',
  'mouth',
  'rectum',
  'toe',
  'eardrum',
  'temporal_artery',
  'forehead',
  'wrist',
] as const;

export const TIMESERIES: readonly TimeseriesSpec[] = [
  point('blood_oxygen', '%', 'blood_oxygen', [0, 100]),
  point('body_fat', '%', 'fat', [0, 100]),
  point('stress_level', '%', 'stress_level', [0, 100]),
  point('body_weight', 'kg', 'weight', [0, 700]),
  point('calories_basal', 'kcal', 'calories_basal', [0, 20_000]),
  point('floors_climbed', 'count', 'floors_climbed', [0, 10_000]),
  point('water', 'mL', 'water', [0, 20_000]),
  point('glucose', 'mmol/L', 'glucose', [0, 60]),
  point('heartrate', 'bpm', 'heartrate', [0, 300]),
  point('respiratory_rate', 'bpm', 'respiratory_rate', [0, 120]),
  point('hrv', 'ms', 'hrv', [0, 3000]),
  interval('fall', 'count', 'fall', [0, 1000]),
  interval('handwashing', 'count', 'handwashing', [0, 10_000]),
  interval('heart_rate_recovery_one_minute', 'count', 'heart_rate_recovery_one_minute', [0, 300]),
  interval('inhaler_usage', 'count', 'inhaler_usage', [0, 1000]),
  interval('sleep_apnea_alert', 'count', 'sleep_apnea_alert', [0, 1000]),
  interval('steps', 'count', 'steps', [0, 1_000_000]),
  interval('wheelchair_push', 'count', 'wheelchair_push', [0, 1_000_000]),
  interval('workout_swimming_stroke', 'count', 'workout_swimming_stroke', [0, 1_000_000]),
  interval('daylight_exposure', 'min', 'daylight_exposure', [0, 1440]),
  interval('mindfulness_minutes', 'min', 'mindfulness_minutes', [0, 1440]),
  interval('stand_duration', 'min', 'stand_duration', [0, 1440]),
  interval('distance', 'm', 'distance', [0, 1_000_000]),
  interval('workout_distance', 'm', 'workout_distance', [0, 1_000_000]),
  interval('caffeine', 'g', 'caffeine', [0, 100]),
  interval('carbohydrates', 'g', 'carbohydrates', [0, 5000]),
  interval('forced_expiratory_volume_1', 'L', 'forced_expiratory_volume_1', [0, 15]),
  interval('forced_vital_capacity', 'L', 'forced_vital_capacity', [0, 15]),
  interval('body_mass_index', 'index', 'body_mass_index', [0, 200]),
  interval('uv_exposure', 'index', 'uv_exposure', [0, 50]),
  interval('afib_burden', '%', 'afib_burden', [0, 100]),
  interval('basal_body_temperature', '°C', 'basal_body_temperature', [25, 45]),
  interval('calories_active', 'kcal', 'calories_active', [0, 20_000]),
  interval('lean_body_mass', 'kg', 'lean_body_mass', [0, 500]),
  interval('peak_expiratory_flow_rate', 'L/min', 'peak_expiratory_flow_rate', [0, 1500]),
  interval('vo2_max', 'mL/kg/min', 'vo2_max', [0, 120]),
  interval('waist_circumference', 'cm', 'waist_circumference', [0, 500]),
  { slug: 'blood_pressure', shape: 'blood_pressure', unit: 'mmHg', resource: 'blood_pressure' },
  { ...interval('body_temperature', '°C', 'body_temperature', [25, 45]), extras: ['sensor_location'] },
  {
    ...interval('body_temperature_delta', '°C', 'body_temperature_delta', [-10, 10]),
    extras: ['sensor_location'],
  },
  {
    ...point('cholesterol', 'mmol/L', 'cholesterol', [0, 100]),
    types: { required: true, values: ['total', 'ldl', 'hdl', 'triglycerides'] },
  },
  {
    ...point('electrocardiogram_voltage', 'mV', 'electrocardiogram_voltage', [-50, 50]),
    types: { required: true, values: null },
  },
  { ...point('ige', 'FSU', 'ige', [0, 100_000]), types: { required: true, values: null } },
  { ...point('igg', 'FSU', 'igg', [0, 100_000]), types: { required: true, values: null } },
  {
    ...interval('heart_rate_alert', 'count', 'heart_rate_alert', [0, 1000]),
    types: { required: true, values: ['low_heart_rate', 'high_heart_rate', 'irregular_rhythm'] },
  },
  {
    ...interval('stand_hour', 'count', 'stand_hour', [0, 1]),
    types: { required: true, values: ['stood', 'idle'] },
  },
  {
    ...interval('sleep_breathing_disturbance', 'count', 'sleep_breathing_disturbance', [0, 1000]),
    types: { required: false, values: ['elevated', 'not_elevated'] },
  },
  { ...interval('hypnogram', 'stage', 'hypnogram'), deprecated: true, range: [-1, 4] },
  {
    ...interval('insulin_injection', 'unit', 'insulin_injection', [0, 1000]),
    types: { required: true, values: ['rapid_acting', 'long_acting'] },
    extras: ['delivery_mode', 'delivery_form', 'bolus_purpose'],
  },
  { ...interval('note', 'text', 'note'), textValue: true, extras: ['tags'] },
  { ...interval('workout_duration', 'min', 'workout_duration', [0, 1440]), extras: ['intensity'] },
];

const bySlug = new Map(TIMESERIES.map((t) => [t.slug, t]));
const byResource = new Map(TIMESERIES.map((t) => [t.resource as string, t]));

export function timeseriesBySlug(slug: string): TimeseriesSpec | undefined {
  return bySlug.get(slug);
}

/** The timeseries spec for an event/catalog resource name (`weight` → `body_weight`). */
export function timeseriesByResource(resource: string): TimeseriesSpec | undefined {
  return byResource.get(resource);
}

/** Legacy ungrouped `GET /v2/timeseries/{user_id}/{slug}` slugs (api-shapes §4.3). */
export const LEGACY_TIMESERIES_SLUGS = [
  'vo2_max',
  'stress_level',
  'mindfulness_minutes',
  'caffeine',
  'water',
  'steps',
  'floors_climbed',
  'distance',
  'calories_basal',
  'calories_active',
  'respiratory_rate',
  'ige',
  'igg',
  'hypnogram',
  'hrv',
  'heartrate',
  'glucose',
  'cholesterol',
  'body_weight',
  'body_fat',
  'blood_oxygen',
  'electrocardiogram_voltage',
  'blood_pressure',
] as const;

export const EXTRA_VALUES = {
  sensor_location: SENSOR_LOCATIONS,
  delivery_mode: ['basal', 'bolus'],
  delivery_form: ['standard', 'extended'],
  bolus_purpose: ['meal', 'correction', 'mixed', 'unknown'],
  tags: ['food', 'exercise', 'insulin_injection', 'unspecified'],
  intensity: ['low', 'medium', 'high'],
} as const satisfies Record<SampleExtra, readonly string[]>;

/** Series of a workout stream (`GET /v2/timeseries/workouts/{workout_id}/stream`). */
export const WORKOUT_STREAM_KEYS = [
  'time',
  'cadence',
  'altitude',
  'velocity_smooth',
  'heartrate',
  'lat',
  'lng',
  'distance',
  'power',
  'resistance',
  'temperature',
] as const;
