/**
 * Language columns → SQL over a stored row (alias `r`, see relation.ts). Summary fields live in the
 * `payload` jsonb under their wire names (api-shapes §4.4); a value of the wrong JSON type reads as null
 * instead of failing the cast. Columns Meridian does not store yet are `null` here and answer 422
 * `not_supported` (listed in the README). Date-times come out as local timestamps (no offset).
 */
import type {
  IndexColumnNode,
  SourceColumnNode,
  TableColumnNode,
  TableName,
  TimeseriesColumnNode,
} from '@meridian/query-language';
import { NotSupportedError } from './errors';
import { localOf } from './relation';
import { nameLiteral, raw, sql, type Sql } from './sql';

const path = (keys: string[]) => keys.map((k) => sql`->${nameLiteral(k)}`);
const at = (keys: string[]): Sql => {
  const parts = path(keys);
  return sql`r.payload${raw(parts.map((p) => p.text).join(''))}`;
};
const typed = (keys: string[], jsonType: string, cast: string): Sql =>
  raw(
    `(case when jsonb_typeof(${at(keys).text}) = '${jsonType}' then (${at(keys).text} #>> '{}')${cast} end)`,
  );
const num = (...keys: string[]) => typed(keys, 'number', '::float8');
const str = (...keys: string[]) => typed(keys, 'string', '');
const bool = (...keys: string[]) => typed(keys, 'boolean', '::boolean');
const date = (...keys: string[]) =>
  raw(
    `(case when jsonb_typeof(${at(keys).text}) = 'string' and (${at(keys).text} #>> '{}') ~ '^\\d{4}-\\d{2}-\\d{2}$' then (${at(keys).text} #>> '{}')::date end)`,
  );
/** A list column: the raw jsonb array, read only through a subquery. */
const list = (key: string) =>
  raw(`(case when jsonb_typeof(${at([key]).text}) = 'array' then ${at([key]).text} end)`);

const SOURCE = {
  source_provider: raw('r.provider'),
  source_type: raw('r.source_type'),
  source_app_id: raw('r.app_id'),
  source_device_id: raw('r.device_id::text'),
};

type ColumnMap = Readonly<Record<string, Sql | null>>;

const SLEEP: ColumnMap = {
  id: raw('r.id::text'),
  session_start: localOf(raw('r.start_at')),
  session_end: localOf(raw('r.end_at')),
  state: str('state'),
  type: str('type'),
  duration_second: num('duration'),
  stage_asleep_second: num('total'),
  stage_awake_second: num('awake'),
  stage_light_second: num('light'),
  stage_rem_second: num('rem'),
  stage_deep_second: num('deep'),
  stage_unknown_second: null,
  latency_second: num('latency'),
  heart_rate_minimum: num('hr_lowest'),
  heart_rate_mean: num('hr_average'),
  heart_rate_maximum: null,
  heart_rate_dip: num('hr_dip'),
  heart_rate_resting: num('hr_resting'),
  efficiency: num('efficiency'),
  hrv_mean_rmssd: num('average_hrv'),
  hrv_mean_sdnn: null,
  skin_temperature: num('skin_temperature'),
  skin_temperature_delta: num('temperature_delta'),
  respiratory_rate: num('respiratory_rate'),
  score: num('score'),
  recovery_readiness_score: num('recovery_readiness_score'),
  ...SOURCE,
  // Ingestion keeps a sleep's zone only as its timezone_offset (no time_zone key in the payload).
  time_zone: null,
};

/** Minutes in the payload → seconds. */
const minutesAsSeconds = (key: string) => raw(`(${num(key).text} * 60)`);

const ACTIVITY: ColumnMap = {
  date: raw('r.calendar_date'),
  calories_total: num('calories_total'),
  calories_active: num('calories_active'),
  steps: num('steps'),
  distance_meter: num('distance'),
  floors_climbed: num('floors_climbed'),
  duration_active_second: null,
  intensity_sedentary_second: null,
  // `low` / `medium` / `high`: minutes per intensity (api-shapes §4.4 Activity).
  intensity_low_second: minutesAsSeconds('low'),
  intensity_medium_second: minutesAsSeconds('medium'),
  intensity_high_second: minutesAsSeconds('high'),
  heart_rate_mean: num('heart_rate', 'avg_bpm'),
  heart_rate_minimum: num('heart_rate', 'min_bpm'),
  heart_rate_maximum: num('heart_rate', 'max_bpm'),
  heart_rate_resting: num('heart_rate', 'resting_bpm'),
  heart_rate_mean_walking: num('heart_rate', 'avg_walking_bpm'),
  wheelchair_use: bool('wheelchair_use'),
  wheelchair_push: num('wheelchair_push'),
  ...SOURCE,
  time_zone: str('time_zone'),
  time_zone_offset: num('timezone_offset'),
};

const WORKOUT: ColumnMap = {
  session_start: localOf(raw('r.start_at')),
  session_end: localOf(raw('r.end_at')),
  title: str('title'),
  sport_name: str('sport', 'name'),
  sport_slug: str('sport', 'slug'),
  duration_active_second: num('moving_time'),
  heart_rate_mean: num('average_hr'),
  heart_rate_minimum: null,
  heart_rate_maximum: num('max_hr'),
  ...Object.fromEntries(
    [1, 2, 3, 4, 5, 6].map((i) => [
      `heart_rate_zone_${i}`,
      raw(
        `(case when jsonb_typeof(r.payload->'hr_zones'->${i - 1}) = 'number' then (r.payload->'hr_zones'->>${i - 1})::float8 end)`,
      ),
    ]),
  ),
  distance_meter: num('distance'),
  calories: num('calories'),
  elevation_gain_meter: num('total_elevation_gain'),
  elevation_maximum_meter: num('elev_high'),
  elevation_minimum_meter: num('elev_low'),
  speed_mean: num('average_speed'),
  speed_maximum: num('max_speed'),
  power_source: null,
  power_mean: num('average_watts'),
  power_maximum: num('max_watts'),
  power_weighted_mean: num('weighted_average_watts'),
  steps: num('steps'),
  map_polyline: str('map', 'polyline'),
  map_summary_polyline: str('map', 'summary_polyline'),
  ...SOURCE,
  external_id: raw('r.provider_summary_id'),
  time_zone: null,
};

const BODY: ColumnMap = {
  measured_at: localOf(raw('r.start_at')),
  weight_kilogram: num('weight'),
  fat_mass_percentage: num('fat'),
  water_percentage: num('water_percentage'),
  muscle_mass_percentage: num('muscle_mass_percentage'),
  visceral_fat_index: num('visceral_fat_index'),
  bone_mass_percentage: num('bone_mass_percentage'),
  body_mass_index: num('body_mass_index'),
  lean_body_mass_kilogram: num('lean_body_mass_kilogram'),
  waist_circumference_centimeter: num('waist_circumference_centimeter'),
  ...SOURCE,
  time_zone: null,
};

/** Meal macros (api-shapes §4.4 `macros`, grams); micronutrients have no fixed keys, so none is mapped. */
const MEAL_MACROS: Record<string, string[]> = {
  carbohydrate_gram: ['macros', 'carbs'],
  protein_gram: ['macros', 'protein'],
  alcohol_gram: ['macros', 'alcohol'],
  water_gram: ['macros', 'water'],
  fibre_gram: ['macros', 'fibre'],
  sugar_gram: ['macros', 'sugar'],
  cholesterol_gram: ['macros', 'cholesterol'],
  saturated_fat_gram: ['macros', 'fats', 'saturated'],
  monounsaturated_fat_gram: ['macros', 'fats', 'monounsaturated'],
  polyunsaturated_fat_gram: ['macros', 'fats', 'polyunsaturated'],
  omega3_fat_gram: ['macros', 'fats', 'omega3'],
  omega6_fat_gram: ['macros', 'fats', 'omega6'],
  total_fat_gram: ['macros', 'fats', 'total'],
};

const MEAL: ColumnMap = {
  calories: num('energy', 'value'),
  ...Object.fromEntries(Object.entries(MEAL_MACROS).map(([column, keys]) => [column, num(...keys)])),
  date: raw('r.calendar_date'),
  name: str('name'),
  ...SOURCE,
};

const PROFILE: ColumnMap = {
  height_centimeter: num('height'),
  birth_date: date('birth_date'),
  wheelchair_use: bool('wheelchair_use'),
  gender: str('gender'),
  sex: str('sex'),
  ...SOURCE,
  created_at: localOf(raw('r.created_at')),
  updated_at: localOf(raw('r.updated_at')),
};

const MC_LIST_COLUMNS = [
  'menstrual_flow',
  'cervical_mucus',
  'intermenstrual_bleeding',
  'contraceptive',
  'detected_deviations',
  'ovulation_test',
  'home_pregnancy_test',
  'home_progesterone_test',
  'sexual_activity',
  'basal_body_temperature',
];

const MENSTRUAL_CYCLE: ColumnMap = {
  period_start: date('period_start'),
  period_end: date('period_end'),
  cycle_end: date('cycle_end'),
  is_predicted: bool('is_predicted'),
  ...Object.fromEntries(MC_LIST_COLUMNS.map((l) => [l, list(l)])),
  ...SOURCE,
};

const TABLE_COLUMNS: Partial<Record<TableName, ColumnMap>> = {
  sleep: SLEEP,
  activity: ACTIVITY,
  workout: WORKOUT,
  body: BODY,
  meal: MEAL,
  profile: PROFILE,
  menstrual_cycle: MENSTRUAL_CYCLE,
};

/** Whether the compiler backs `table.column` with stored data (README "Not supported yet"). */
export function isStoredColumn(table: TableName, column: string): boolean {
  const map = TABLE_COLUMNS[table];
  return map !== undefined && Object.prototype.hasOwnProperty.call(map, column) && map[column] !== null;
}

export function tableColumnSql(node: TableColumnNode): Sql {
  const column = isStoredColumn(node.table, node.column) ? TABLE_COLUMNS[node.table]![node.column] : null;
  if (!column) throw new NotSupportedError(node.loc, `the column ${node.table}.${node.column}`);
  return column;
}

const TS_EXTRAS = new Set([
  'sensor_location',
  'intensity',
  'delivery_mode',
  'delivery_form',
  'bolus_purpose',
]);

export function timeseriesColumnSql(node: TimeseriesColumnNode): Sql {
  const f = node.field;
  switch (f) {
    case 'value':
      return raw('r.value');
    case 'content':
      return raw('r.value_text');
    case 'duration':
      return raw('coalesce(extract(epoch from (r.end_at - r.start_at))::float8, 0)');
    case 'systolic':
    case 'diastolic':
      return raw(`r.${f}`);
    case 'timezone_offset':
      return raw('r.timezone_offset::float8');
    case 'type':
      return raw("nullif(r.type, '')");
    case 'tags':
      return raw(
        "(case when jsonb_typeof(r.extras->'tags') = 'array' then array(select jsonb_array_elements_text(r.extras->'tags')) end)",
      );
    default:
      if (TS_EXTRAS.has(f))
        return raw(`(case when jsonb_typeof(r.extras->'${f}') = 'string' then r.extras->>'${f}' end)`);
      return sourceColumnSql({
        kind: 'source_column',
        column: f as SourceColumnNode['column'],
        loc: node.loc,
      });
  }
}

export function sourceColumnSql(node: SourceColumnNode): Sql {
  switch (node.column) {
    case 'source_provider':
      return raw('r.provider');
    case 'source_type':
      return raw('r.source_type');
    case 'source_app_id':
      return raw('r.app_id');
    case 'source_workout_id':
      return raw('r.workout_id::text');
    case 'source_sport':
      return raw('r.sport');
  }
}

/** `{index: ...}`: the index timestamp in local time. */
export function indexColumnSql(_node: IndexColumnNode): Sql {
  return raw('r._local');
}
