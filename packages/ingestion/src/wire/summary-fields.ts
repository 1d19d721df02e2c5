import type { SummaryKind } from '@meridian/domain';

/**
 * The wire fields of each summary kind (api-shapes §4.4), in wire order, with the type ingestion checks.
 * `row` fields come from the summary's columns (date, provider id, source), never from the input fields.
 */
export type FieldType =
  | 'number'
  | 'int'
  | 'string'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'uuid'
  | 'object'
  | 'number[]'
  | 'int[]'
  | { enum: readonly string[] }
  | { struct: Readonly<Record<string, FieldType>> }
  /** A list of objects, each with a `date` plus these keys. */
  | { entries: Readonly<Record<string, FieldType>> };

export type RowField =
  'calendar_date' | 'provider_summary_id' | 'provider' | 'source_type' | 'app_id' | 'device_id';

export type FieldSpec = { type: FieldType; row?: undefined } | { row: RowField; type?: undefined };

const n: FieldSpec = { type: 'number' };
const int: FieldSpec = { type: 'int' };
const str: FieldSpec = { type: 'string' };
const bool: FieldSpec = { type: 'boolean' };
const date: FieldSpec = { type: 'date' };
const dateTime: FieldSpec = { type: 'datetime' };
const oneOf = (...values: string[]): FieldSpec => ({ type: { enum: values } });
const fromRow = (row: RowField): FieldSpec => ({ row });
const entries = (keys: Record<string, FieldType> = {}): FieldSpec => ({ type: { entries: keys } });

const SOURCE_FIELDS = {
  source_provider: fromRow('provider'),
  source_type: fromRow('source_type'),
  source_app_id: fromRow('app_id'),
  source_device_id: fromRow('device_id'),
};
const TEST_RESULT = { enum: ['negative', 'positive', 'indeterminate'] } as const;

export const SUMMARY_FIELDS: Readonly<Record<SummaryKind, Readonly<Record<string, FieldSpec>>>> = {
  activity: {
    date: fromRow('calendar_date'),
    calendar_date: fromRow('calendar_date'),
    calories_total: n,
    calories_active: n,
    steps: int,
    daily_movement: n,
    distance: n,
    low: n,
    medium: n,
    high: n,
    floors_climbed: int,
    time_zone: str,
    timezone_offset: int,
    heart_rate: {
      type: {
        struct: {
          avg_bpm: 'number',
          min_bpm: 'number',
          max_bpm: 'number',
          resting_bpm: 'number',
          avg_walking_bpm: 'number',
        },
      },
    },
    wheelchair_use: bool,
    wheelchair_push: int,
  },
  body: {
    date: fromRow('calendar_date'),
    calendar_date: fromRow('calendar_date'),
    weight: n,
    fat: n,
    water_percentage: n,
    muscle_mass_percentage: n,
    visceral_fat_index: n,
    bone_mass_percentage: n,
    body_mass_index: n,
    lean_body_mass_kilogram: n,
    waist_circumference_centimeter: n,
  },
  profile: {
    date: fromRow('calendar_date'),
    height: n,
    birth_date: date,
    wheelchair_use: bool,
    gender: oneOf('female', 'male', 'other', 'unknown'),
    sex: oneOf('female', 'male', 'other'),
  },
  sleep: {
    date: fromRow('calendar_date'),
    calendar_date: fromRow('calendar_date'),
    bedtime_start: dateTime,
    bedtime_stop: dateTime,
    type: oneOf('long_sleep', 'short_sleep', 'acknowledged_nap', 'unknown'),
    timezone_offset: int,
    duration: int,
    total: int,
    awake: int,
    light: int,
    rem: int,
    deep: int,
    score: n,
    recovery_readiness_score: n,
    hr_lowest: n,
    hr_average: n,
    hr_resting: n,
    efficiency: n,
    latency: n,
    temperature_delta: n,
    skin_temperature: n,
    hr_dip: n,
    state: oneOf('tentative', 'confirmed'),
    average_hrv: n,
    respiratory_rate: n,
    sleep_stream: { type: 'object' },
  },
  workouts: {
    title: str,
    timezone_offset: int,
    average_hr: n,
    max_hr: n,
    distance: n,
    calendar_date: fromRow('calendar_date'),
    time_start: dateTime,
    time_end: dateTime,
    calories: n,
    sport: { type: { struct: { id: 'int', name: 'string', slug: 'string' } } },
    hr_zones: { type: 'int[]' },
    moving_time: n,
    total_elevation_gain: n,
    elev_high: n,
    elev_low: n,
    average_speed: n,
    max_speed: n,
    average_watts: n,
    device_watts: n,
    max_watts: n,
    weighted_average_watts: n,
    steps: n,
    map: { type: { struct: { polyline: 'string', summary_polyline: 'string' } } },
    provider_id: fromRow('provider_summary_id'),
  },
  meal: {
    priority_id: int,
    source_id: int,
    provider_id: fromRow('provider_summary_id'),
    timestamp: dateTime,
    calendar_date: fromRow('calendar_date'),
    name: str,
    energy: { type: { struct: { unit: { enum: ['kcal'] }, value: 'number' } } },
    macros: { type: 'object' },
    micros: { type: 'object' },
    data: { type: 'object' },
    source_app_id: fromRow('app_id'),
    source_device_id: fromRow('device_id'),
  },
  sleep_cycle: {
    sleep_id: { type: 'uuid' },
    session_start: dateTime,
    session_end: dateTime,
    stage_start_offset_second: { type: 'number[]' },
    stage_end_offset_second: { type: 'number[]' },
    stage_type: { type: 'int[]' },
    time_zone: str,
    ...SOURCE_FIELDS,
  },
  menstrual_cycle: {
    period_start: date,
    period_end: date,
    cycle_end: date,
    is_predicted: bool,
    menstrual_flow: entries({ flow: { enum: ['unspecified', 'none', 'light', 'medium', 'heavy'] } }),
    cervical_mucus: entries({ quality: { enum: ['dry', 'sticky', 'creamy', 'watery', 'egg_white'] } }),
    intermenstrual_bleeding: entries(),
    contraceptive: entries({
      type: { enum: ['unspecified', 'implant', 'injection', 'iud', 'intravaginal_ring', 'oral', 'patch'] },
    }),
    detected_deviations: entries({
      deviation: {
        enum: [
          'persistent_intermenstrual_bleeding',
          'prolonged_menstrual_periods',
          'irregular_menstrual_cycles',
          'infrequent_menstrual_cycles',
        ],
      },
    }),
    ovulation_test: entries({
      test_result: {
        enum: ['negative', 'positive', 'luteinizing_hormone_surge', 'estrogen_surge', 'indeterminate'],
      },
    }),
    home_pregnancy_test: entries({ test_result: TEST_RESULT }),
    home_progesterone_test: entries({ test_result: TEST_RESULT }),
    sexual_activity: entries({ protection_used: 'boolean' }),
    basal_body_temperature: entries({ value: 'number' }),
    ...SOURCE_FIELDS,
  },
  electrocardiogram: {
    session_start: dateTime,
    session_end: dateTime,
    voltage_sample_count: int,
    heart_rate_mean: n,
    sampling_frequency_hz: n,
    classification: oneOf('sinus_rhythm', 'atrial_fibrillation', 'inconclusive'),
    inconclusive_cause: oneOf('high_heart_rate', 'low_heart_rate', 'poor_reading'),
    algorithm_version: str,
    time_zone: str,
    source_provider: fromRow('provider'),
    source_type: fromRow('source_type'),
    source_app_id: fromRow('app_id'),
    source_device_model: str,
    source_device_id: fromRow('device_id'),
  },
};

/** Sleep durations are non-null on the wire: 0 when the source did not report them. */
export const NON_NULL_DEFAULTS: Partial<Record<SummaryKind, Readonly<Record<string, unknown>>>> = {
  sleep: { duration: 0, total: 0, awake: 0, light: 0, rem: 0, deep: 0 },
};
