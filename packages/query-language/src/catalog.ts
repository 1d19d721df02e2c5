/**
 * The vocabulary of the query language (api-shapes §5): index, table, column, timeseries, list and
 * value-macro names with the type each one yields. Lookups go through Maps so that a hostile name such
 * as `__proto__` or `constructor` is simply unknown.
 */
import { timeseriesByResource, type Resource } from '@meridian/domain';

/** Type names of `result_table_schema` (§5). */
export const RESULT_TYPES = [
  'string',
  'int64',
  'float64',
  'bool',
  'date',
  'datetime',
  'list<string>',
] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

/**
 * Type of a value inside the language: a result type, or a list of records (the menstrual-cycle lists),
 * which can only be read through a subquery (`unnest`) and never lands in a result table.
 */
export type ValueType = ResultType | { list: McListName };

export const isNumericType = (t: ValueType): t is 'int64' | 'float64' => t === 'int64' || t === 'float64';

export const AGGREGATE_FUNCS = [
  'mean',
  'min',
  'max',
  'sum',
  'count',
  'median',
  'stddev',
  'oldest',
  'newest',
] as const;
export type AggregateFunc = (typeof AGGREGATE_FUNCS)[number];

export const INDEX_NAMES = [
  'sleep',
  'activity',
  'workout',
  'body',
  'meal',
  'profile',
  'timeseries',
  'derived_readiness',
  'menstrual_cycle',
] as const;
export type IndexName = (typeof INDEX_NAMES)[number];

/** Indexes backed by a summary table (every index except `timeseries`). */
export type TableName = Exclude<IndexName, 'timeseries'>;
export const TABLE_NAMES = INDEX_NAMES.filter((n): n is TableName => n !== 'timeseries');

export const DATE_PARTS = [
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'year',
  'weekday',
  'week_of_year',
  'day_of_year',
] as const;
export type DatePart = (typeof DATE_PARTS)[number];

export const PERIOD_UNITS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

export const SOURCE_COLUMNS = [
  'source_provider',
  'source_type',
  'source_app_id',
  'source_workout_id',
  'source_sport',
] as const;
export type SourceColumnName = (typeof SOURCE_COLUMNS)[number];

export const VALUE_MACROS = ['sleep_score', 'chronotype', 'asleep_at', 'awake_at', 'awakenings'] as const;
export type MacroName = (typeof VALUE_MACROS)[number];

/**
 * Value macros: computed per sleep session (the compiler defines each once). Every macro reads the
 * `sleep` index; its output type is fixed by §5.
 */
export const MACRO_TYPES: ReadonlyMap<MacroName, ResultType> = new Map<MacroName, ResultType>([
  ['sleep_score', 'int64'],
  ['chronotype', 'string'],
  ['asleep_at', 'datetime'],
  ['awake_at', 'datetime'],
  ['awakenings', 'int64'],
]);

type Cols = Record<string, ValueType>;
const src = { source_type: 'string', source_provider: 'string', source_app_id: 'string' } as const;
const srcDevice = { ...src, source_device_id: 'string' } as const;
const many = (names: string[], t: ValueType): Cols => Object.fromEntries(names.map((n) => [n, t]));

const SLEEP: Cols = {
  id: 'string',
  session_start: 'datetime',
  session_end: 'datetime',
  state: 'string',
  type: 'string',
  ...many(
    [
      'duration_second',
      'stage_asleep_second',
      'stage_awake_second',
      'stage_light_second',
      'stage_rem_second',
      'stage_deep_second',
      'stage_unknown_second',
      'latency_second',
    ],
    'int64',
  ),
  ...many(
    [
      'heart_rate_minimum',
      'heart_rate_mean',
      'heart_rate_maximum',
      'heart_rate_dip',
      'heart_rate_resting',
      'efficiency',
      'hrv_mean_rmssd',
      'hrv_mean_sdnn',
      'skin_temperature',
      'skin_temperature_delta',
      'respiratory_rate',
    ],
    'float64',
  ),
  score: 'int64',
  recovery_readiness_score: 'int64',
  ...srcDevice,
  time_zone: 'string',
};

const ACTIVITY: Cols = {
  date: 'date',
  calories_total: 'float64',
  calories_active: 'float64',
  steps: 'int64',
  distance_meter: 'float64',
  floors_climbed: 'int64',
  ...many(
    [
      'duration_active_second',
      'intensity_sedentary_second',
      'intensity_low_second',
      'intensity_medium_second',
      'intensity_high_second',
    ],
    'int64',
  ),
  ...many(
    [
      'heart_rate_mean',
      'heart_rate_minimum',
      'heart_rate_maximum',
      'heart_rate_resting',
      'heart_rate_mean_walking',
    ],
    'float64',
  ),
  wheelchair_use: 'bool',
  wheelchair_push: 'int64',
  ...srcDevice,
  time_zone: 'string',
  time_zone_offset: 'int64',
};

const WORKOUT: Cols = {
  session_start: 'datetime',
  session_end: 'datetime',
  title: 'string',
  sport_name: 'string',
  sport_slug: 'string',
  duration_active_second: 'int64',
  heart_rate_mean: 'float64',
  heart_rate_minimum: 'float64',
  heart_rate_maximum: 'float64',
  ...many(
    [1, 2, 3, 4, 5, 6].map((i) => `heart_rate_zone_${i}`),
    'int64',
  ),
  ...many(
    [
      'distance_meter',
      'calories',
      'elevation_gain_meter',
      'elevation_maximum_meter',
      'elevation_minimum_meter',
      'speed_mean',
      'speed_maximum',
    ],
    'float64',
  ),
  power_source: 'string',
  ...many(['power_mean', 'power_maximum', 'power_weighted_mean'], 'float64'),
  steps: 'int64',
  map_polyline: 'string',
  map_summary_polyline: 'string',
  ...srcDevice,
  external_id: 'string',
  time_zone: 'string',
};

const BODY: Cols = {
  measured_at: 'datetime',
  ...many(
    [
      'weight_kilogram',
      'fat_mass_percentage',
      'water_percentage',
      'muscle_mass_percentage',
      'visceral_fat_index',
      'bone_mass_percentage',
      'body_mass_index',
      'lean_body_mass_kilogram',
      'waist_circumference_centimeter',
    ],
    'float64',
  ),
  ...srcDevice,
  time_zone: 'string',
};

const MEAL: Cols = {
  ...many(
    `calories carbohydrate_gram protein_gram alcohol_gram water_gram fibre_gram sugar_gram cholesterol_gram
     saturated_fat_gram monounsaturated_fat_gram polyunsaturated_fat_gram omega3_fat_gram omega6_fat_gram
     total_fat_gram sodium_milligram potassium_milligram calcium_milligram phosphorus_milligram
     magnesium_milligram iron_milligram zinc_milligram fluoride_milligram chloride_milligram vitamin_a_milligram
     vitamin_b1_milligram riboflavin_milligram niacin_milligram pantothenic_acid_milligram vitamin_b6_milligram
     biotin_microgram vitamin_b12_microgram vitamin_c_milligram vitamin_d_microgram vitamin_e_milligram
     vitamin_k_microgram folic_acid_microgram chromium_microgram copper_milligram iodine_microgram
     manganese_milligram molybdenum_microgram selenium_microgram`
      .split(/\s+/)
      .filter(Boolean),
    'float64',
  ),
  date: 'date',
  name: 'string',
  ...srcDevice,
};

const PROFILE: Cols = {
  height_centimeter: 'float64',
  birth_date: 'date',
  wheelchair_use: 'bool',
  gender: 'string',
  sex: 'string',
  ...srcDevice,
  created_at: 'datetime',
  updated_at: 'datetime',
};

const DERIVED_READINESS: Cols = {
  date: 'date',
  chronotype: 'string',
  sleep_score: 'int64',
  recovery_score: 'int64',
  recovery_zone: 'string',
  stress_score: 'int64',
  strain_score: 'float64',
  strain_zone: 'string',
};

/** Menstrual-cycle list columns and the fields of their records (§5 `MCFieldExpr`, §4.4). */
export const MC_LISTS = {
  menstrual_flow: { date: 'date', flow: 'string' },
  cervical_mucus: { date: 'date', quality: 'string' },
  intermenstrual_bleeding: { date: 'date' },
  contraceptive: { date: 'date', type: 'string' },
  detected_deviations: { date: 'date', deviation: 'string' },
  ovulation_test: { date: 'date', test_result: 'string' },
  home_pregnancy_test: { date: 'date', test_result: 'string' },
  home_progesterone_test: { date: 'date', test_result: 'string' },
  sexual_activity: { date: 'date', protection_used: 'bool' },
  basal_body_temperature: { date: 'date', value: 'float64' },
} as const satisfies Record<string, Record<string, ResultType>>;
export type McListName = keyof typeof MC_LISTS;

const MC_LIST_MAP: ReadonlyMap<string, ReadonlyMap<string, ResultType>> = new Map(
  Object.entries(MC_LISTS).map(([list, fields]) => [list, new Map(Object.entries(fields))]),
);
export const MC_LIST_NAMES = Object.keys(MC_LISTS) as McListName[];

export function mcListFields(list: string): ReadonlyMap<string, ResultType> | undefined {
  return MC_LIST_MAP.get(list);
}

const MENSTRUAL_CYCLE: Cols = {
  period_start: 'date',
  period_end: 'date',
  cycle_end: 'date',
  is_predicted: 'bool',
  ...Object.fromEntries(MC_LIST_NAMES.map((l) => [l, { list: l }])),
  ...srcDevice,
};

const TABLES: ReadonlyMap<TableName, ReadonlyMap<string, ValueType>> = new Map(
  (
    [
      ['sleep', SLEEP],
      ['activity', ACTIVITY],
      ['workout', WORKOUT],
      ['body', BODY],
      ['meal', MEAL],
      ['profile', PROFILE],
      ['derived_readiness', DERIVED_READINESS],
      ['menstrual_cycle', MENSTRUAL_CYCLE],
    ] as const
  ).map(([t, cols]) => [t, new Map(Object.entries(cols))]),
);

export function tableColumns(table: TableName): ReadonlyMap<string, ValueType> {
  // Every TableName has an entry (built from the literal list above).
  return TABLES.get(table) ?? new Map();
}

/** The `resource_dependencies` of each index (§5). */
export const TABLE_RESOURCES: ReadonlyMap<TableName, readonly Resource[]> = new Map<
  TableName,
  readonly Resource[]
>([
  ['sleep', ['sleep']],
  ['activity', ['activity']],
  ['workout', ['workouts']],
  ['body', ['body']],
  ['meal', ['meal']],
  ['profile', ['profile']],
  ['menstrual_cycle', ['menstrual_cycle']],
  ['derived_readiness', ['sleep', 'activity']],
]);

// --- timeseries -------------------------------------------------------------------------------------

export const COMMON_TS_FIELDS = [
  'source_provider',
  'source_type',
  'source_app_id',
  'source_workout_id',
  'source_sport',
  'timezone_offset',
  'type',
] as const;

const DISCRETE = `glucose heartrate hrv ige igg cholesterol weight fat blood_oxygen electrocardiogram_voltage
  respiratory_rate stress_level`;
const INTERVAL = `steps distance vo2_max heart_rate_alert stand_hour sleep_breathing_disturbance water caffeine
  mindfulness_minutes calories_active floors_climbed calories_basal afib_burden stand_duration sleep_apnea_alert
  wheelchair_push forced_expiratory_volume_1 forced_vital_capacity peak_expiratory_flow_rate inhaler_usage fall
  uv_exposure daylight_exposure handwashing basal_body_temperature body_mass_index lean_body_mass
  waist_circumference heart_rate_recovery_one_minute workout_swimming_stroke workout_distance carbohydrates`;
const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** Fields beyond `Common` per timeseries name (§5 `TimeseriesExpr`). */
const TS_EXTRA_FIELDS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ...words(DISCRETE).map((n) => [n, ['value']] as const),
  ...words(INTERVAL).map((n) => [n, ['duration', 'value']] as const),
  ['blood_pressure', ['systolic', 'diastolic']],
  ['body_temperature', ['duration', 'value', 'sensor_location']],
  ['body_temperature_delta', ['duration', 'value', 'sensor_location']],
  ['workout_duration', ['duration', 'value', 'intensity']],
  ['note', ['tags', 'content']],
  ['insulin_injection', ['duration', 'value', 'delivery_mode', 'delivery_form', 'bolus_purpose']],
]);

export const TIMESERIES_NAMES: readonly string[] = [...TS_EXTRA_FIELDS.keys()];

export function isTimeseriesName(name: string): boolean {
  return TS_EXTRA_FIELDS.has(name);
}

/** Allowed fields of a timeseries name, with their types; undefined for an unknown name. */
export function timeseriesFields(name: string): ReadonlyMap<string, ResultType> | undefined {
  const extra = TS_EXTRA_FIELDS.get(name);
  if (!extra) return undefined;
  const fields = new Map<string, ResultType>();
  for (const f of COMMON_TS_FIELDS) fields.set(f, f === 'timezone_offset' ? 'int64' : 'string');
  for (const f of extra) fields.set(f, timeseriesFieldType(name, f));
  return fields;
}

function timeseriesFieldType(name: string, field: string): ResultType {
  switch (field) {
    case 'value':
      // Counted quantities (steps, floors, falls...) are integers; everything else is a measurement.
      return timeseriesByResource(name)?.unit === 'count' ? 'int64' : 'float64';
    case 'systolic':
    case 'diastolic':
      return 'float64';
    case 'duration':
      return 'int64';
    case 'tags':
      return 'list<string>';
    default:
      return 'string';
  }
}

/** Source columns each index carries (design): none on derived_readiness; workout/sport on samples only. */
export function sourceColumnsOf(index: { kind: 'table'; table: TableName } | { kind: 'timeseries' }) {
  if (index.kind === 'timeseries') return new Set<string>(SOURCE_COLUMNS);
  if (index.table === 'derived_readiness') return new Set<string>();
  return new Set<string>(['source_provider', 'source_type', 'source_app_id']);
}

// --- FHIR observation mappers -----------------------------------------------------------------------

export const FHIR_MAPPERS = {
  bodyWeight: 'vital-signs#29463-7#meridian-body-weight-1',
  heartRate: 'vital-signs#8867-4#meridian-heart-rate-1',
  respirationRate: 'vital-signs#9279-1#meridian-respiration-rate-1',
} as const;
export type FhirObservationMapper = (typeof FHIR_MAPPERS)[keyof typeof FHIR_MAPPERS];

// --- small helpers ----------------------------------------------------------------------------------

const sets = new WeakMap<readonly string[], ReadonlySet<string>>();
/** `value` is one of `values` (type guard); safe for any string, including `__proto__`. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  let set = sets.get(values);
  if (!set) {
    set = new Set(values);
    sets.set(values, set);
  }
  return typeof value === 'string' && set.has(value);
}

const FIXED_SECONDS: Record<'minute' | 'hour' | 'day' | 'week', number> = {
  minute: 60,
  hour: 3600,
  day: 86_400,
  week: 7 * 86_400,
};
const DAY = 86_400;

/**
 * `a` covers at least `b` (ALIGN `max_age`/`span` against the truncation period). Calendar periods
 * (month, year) compare in months with each other; against a fixed period a calendar period counts at
 * its shortest when it must cover (28-day month, 365-day year) and at its longest when it must be
 * covered (31-day month, 366-day year), so the answer holds for every month.
 */
export function periodCovers(
  a: { unit: PeriodUnit; value: number },
  b: { unit: PeriodUnit; value: number },
): boolean {
  const months = (p: { unit: PeriodUnit; value: number }) =>
    p.unit === 'year' ? p.value * 12 : p.unit === 'month' ? p.value : null;
  const ma = months(a);
  const mb = months(b);
  if (ma !== null && mb !== null) return ma >= mb;
  const shortest = (p: { unit: PeriodUnit; value: number }) =>
    p.unit === 'year'
      ? p.value * 365 * DAY
      : p.unit === 'month'
        ? p.value * 28 * DAY
        : FIXED_SECONDS[p.unit] * p.value;
  const longest = (p: { unit: PeriodUnit; value: number }) =>
    p.unit === 'year'
      ? p.value * 366 * DAY
      : p.unit === 'month'
        ? p.value * 31 * DAY
        : FIXED_SECONDS[p.unit] * p.value;
  return shortest(a) >= longest(b);
}
