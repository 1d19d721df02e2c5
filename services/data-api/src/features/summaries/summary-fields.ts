import { SOURCE_TYPES, type SummaryKind } from '@meridian/domain';
import { summaryId } from '@meridian/ingestion';
import type { SummaryRecord } from './summaries.repository';
import {
  alwaysNull,
  bool,
  date,
  dateTime,
  int,
  listOf,
  num,
  obj,
  oneOf,
  recordOf,
  required,
  str,
  uuid,
  type Shape,
} from './wire-shape';

/**
 * The kind-specific wire fields of every summary (api-shapes §4.4), in wire order, and where each value
 * comes from. A value is taken from the first source that yields one fitting the field's shape; by
 * default that is the payload key of the same name, and a field whose sources all come up empty is null.
 * Fields typed non-null fall back to the summary's columns (calendar date, start/end, the provider's id,
 * the source) and, where no column holds the fact, to a neutral default (0, '', []). This mirrors
 * packages/ingestion/src/wire (the renderer events use) and adds read-time strictness for stored rows.
 */

type Payload = Record<string, unknown>;
type ValueSource = (payload: Payload, summary: SummaryRecord) => unknown;

export interface SummaryField {
  name: string;
  shape: Shape;
  sources: readonly ValueSource[];
}

const fromPayload =
  (name: string): ValueSource =>
  (payload) =>
    payload[name];
const constant =
  (value: unknown): ValueSource =>
  () =>
    value;
const startAt: ValueSource = (_p, s) => s.startAt;
const endAt: ValueSource = (_p, s) => s.endAt;
const calendarDateColumn: ValueSource = (_p, s) => s.calendarDate;
const providerSummaryId: ValueSource = (_p, s) => s.providerSummaryId;
/**
 * A sleep cycle stored without its sleep's id (ingestion refuses one that names no sleep; a row written otherwise): the id ingestion
 * gives the provider's sleep of the same provider id (how `sleep_provider_id` links them), else the nil UUID —
 * `sleep_id` is a uuid on the wire (§4.4), never null.
 */
const linkedSleepId: ValueSource = (_p, s) =>
  s.providerSummaryId ? summaryId(s.userId, 'sleep', s.provider, s.providerSummaryId) : NIL_UUID;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** A field read from the payload key of its name, then from `fallbacks`. */
function field(name: string, shape: Shape, ...fallbacks: ValueSource[]): SummaryField {
  return { name, shape, sources: [fromPayload(name), ...fallbacks] };
}

/** A field whose value comes from `sources` only, in order (the payload is not consulted first). */
function sourced(name: string, shape: Shape, ...sources: ValueSource[]): SummaryField {
  return { name, shape, sources };
}

const nums = (...names: string[]) => names.map((n) => field(n, num));

// Shared fields --------------------------------------------------------------------------------------

/** The calendar date is the filter key: the column wins so that output agrees with the range matched. */
const calendarDate = sourced('calendar_date', date, calendarDateColumn, fromPayload('calendar_date'));
/** The day a date-keyed summary stands for (spec: `date`): its calendar date, as ingestion renders it. */
const summaryDate = sourced('date', date, calendarDateColumn, fromPayload('date'));

/** `source_*` describe the summary's source: taken from the same columns as `source`. */
const sourceProvider = sourced('source_provider', str, (_p, s) => s.provider);
const sourceType = sourced('source_type', oneOf(SOURCE_TYPES, 'unknown'), (_p, s) => s.sourceType);
const sourceAppId = sourced('source_app_id', str, (_p, s) => s.appId);
const sourceDeviceId = sourced('source_device_id', str, (_p, s) => s.deviceId);
const sourceFields = [sourceProvider, sourceType, sourceAppId, sourceDeviceId];

// Nested shapes ------------------------------------------------------------------------------------

const heartRate = obj({
  avg_bpm: num,
  min_bpm: num,
  max_bpm: num,
  resting_bpm: num,
  avg_walking_bpm: num,
});

const energy = obj({ unit: required(oneOf(['kcal'])), value: required(num) });
const macros = obj({
  carbs: num,
  protein: num,
  fats: obj({
    saturated: num,
    monounsaturated: num,
    polyunsaturated: num,
    omega3: num,
    omega6: num,
    total: num,
  }),
  alcohol: num,
  water: num,
  fibre: num,
  sugar: num,
  cholesterol: num,
});
const nutrientAmounts = recordOf(num);
const micros = obj({ minerals: nutrientAmounts, trace_elements: nutrientAmounts, vitamins: nutrientAmounts });

/** A menstrual-cycle list entry: a date plus the entry's own member. */
const datedEntries = (members: Parameters<typeof obj>[0] = {}) =>
  listOf(obj({ date: required(date), ...members }));
const homeTest = datedEntries({ test_result: required(oneOf(['negative', 'positive', 'indeterminate'])) });

// Kinds --------------------------------------------------------------------------------------------

const ACTIVITY: readonly SummaryField[] = [
  summaryDate,
  calendarDate,
  ...nums('calories_total', 'calories_active'),
  field('steps', int),
  ...nums('daily_movement', 'distance', 'low', 'medium', 'high'),
  field('floors_climbed', int),
  field('time_zone', str),
  field('timezone_offset', int),
  field('heart_rate', heartRate),
  field('wheelchair_use', bool),
  field('wheelchair_push', int),
];

const BODY: readonly SummaryField[] = [
  summaryDate,
  calendarDate,
  ...nums(
    'weight',
    'fat',
    'water_percentage',
    'muscle_mass_percentage',
    'visceral_fat_index',
    'bone_mass_percentage',
    'body_mass_index',
    'lean_body_mass_kilogram',
    'waist_circumference_centimeter',
  ),
];

const PROFILE: readonly SummaryField[] = [
  sourced('date', date, calendarDateColumn, fromPayload('date'), (_p, s) =>
    s.updatedAt.toISOString().slice(0, 10),
  ),
  field('height', num),
  field('birth_date', date),
  field('wheelchair_use', bool),
  field('gender', oneOf(['female', 'male', 'other', 'unknown'])),
  field('sex', oneOf(['female', 'male', 'other'])),
];

const SLEEP: readonly SummaryField[] = [
  summaryDate,
  calendarDate,
  field('bedtime_start', dateTime, startAt),
  field('bedtime_stop', dateTime, endAt),
  field(
    'type',
    oneOf(['long_sleep', 'short_sleep', 'acknowledged_nap', 'unknown'], 'unknown'),
    constant('unknown'),
  ),
  field('timezone_offset', int),
  // Non-null seconds: 0 when the source did not report them (as the ingestion renderer writes them).
  ...['duration', 'total', 'awake', 'light', 'rem', 'deep'].map((n) => field(n, int, constant(0))),
  ...nums(
    'score',
    'recovery_readiness_score',
    'hr_lowest',
    'hr_average',
    'hr_resting',
    'efficiency',
    'latency',
    'temperature_delta',
    'skin_temperature',
    'hr_dip',
  ),
  field('state', oneOf(['tentative', 'confirmed'])),
  ...nums('average_hrv', 'respiratory_rate'),
  // The stream has its own endpoint (GET /v2/timeseries/sleep/{sleep_id}/stream); lists never embed it.
  sourced('sleep_stream', alwaysNull),
];

const WORKOUT: readonly SummaryField[] = [
  field('title', str),
  field('timezone_offset', int),
  ...nums('average_hr', 'max_hr', 'distance'),
  calendarDate,
  field('time_start', dateTime, startAt),
  field('time_end', dateTime, endAt),
  field('calories', num),
  field('sport', obj({ id: required(int), name: required(str), slug: required(str) })),
  field('hr_zones', listOf(int)),
  ...nums(
    'moving_time',
    'total_elevation_gain',
    'elev_high',
    'elev_low',
    'average_speed',
    'max_speed',
    'average_watts',
    'device_watts',
    'max_watts',
    'weighted_average_watts',
    'steps',
  ),
  field('map', obj({ polyline: str, summary_polyline: str })),
  sourced('provider_id', str, providerSummaryId, fromPayload('provider_id'), constant('')),
];

const MEAL: readonly SummaryField[] = [
  field('priority_id', int, constant(0)),
  field('source_id', int, constant(0)),
  sourced('provider_id', str, providerSummaryId, fromPayload('provider_id'), constant('')),
  field('timestamp', dateTime, startAt),
  calendarDate,
  field('name', str, constant('')),
  field('energy', energy),
  field('macros', macros),
  field('micros', micros),
  field('data', recordOf(obj({ energy, macros, micros }))),
  sourceAppId,
  sourceDeviceId,
];

const SLEEP_CYCLE: readonly SummaryField[] = [
  field('sleep_id', uuid, linkedSleepId),
  field('session_start', dateTime, startAt),
  field('session_end', dateTime, endAt),
  field('stage_start_offset_second', listOf(num), constant([])),
  field('stage_end_offset_second', listOf(num), constant([])),
  field('stage_type', listOf(oneOf([-1, 1, 2, 3, 4, 5], -1)), constant([])),
  field('time_zone', str),
  ...sourceFields,
];

const MENSTRUAL_CYCLE: readonly SummaryField[] = [
  field('period_start', date, calendarDateColumn),
  field('period_end', date),
  field('cycle_end', date),
  field('is_predicted', bool),
  field(
    'menstrual_flow',
    datedEntries({ flow: required(oneOf(['unspecified', 'none', 'light', 'medium', 'heavy'])) }),
  ),
  field(
    'cervical_mucus',
    datedEntries({ quality: required(oneOf(['dry', 'sticky', 'creamy', 'watery', 'egg_white'])) }),
  ),
  field('intermenstrual_bleeding', datedEntries()),
  field(
    'contraceptive',
    datedEntries({
      type: required(
        oneOf(['unspecified', 'implant', 'injection', 'iud', 'intravaginal_ring', 'oral', 'patch']),
      ),
    }),
  ),
  field(
    'detected_deviations',
    datedEntries({
      deviation: required(
        oneOf([
          'persistent_intermenstrual_bleeding',
          'prolonged_menstrual_periods',
          'irregular_menstrual_cycles',
          'infrequent_menstrual_cycles',
        ]),
      ),
    }),
  ),
  field(
    'ovulation_test',
    datedEntries({
      test_result: required(
        oneOf(['negative', 'positive', 'luteinizing_hormone_surge', 'estrogen_surge', 'indeterminate']),
      ),
    }),
  ),
  field('home_pregnancy_test', homeTest),
  field('home_progesterone_test', homeTest),
  field('sexual_activity', datedEntries({ protection_used: bool })),
  field('basal_body_temperature', datedEntries({ value: required(num) })),
  ...sourceFields,
];

const ELECTROCARDIOGRAM: readonly SummaryField[] = [
  field('session_start', dateTime, startAt),
  field('session_end', dateTime, endAt),
  field('voltage_sample_count', int, constant(0)),
  ...nums('heart_rate_mean', 'sampling_frequency_hz'),
  field('classification', oneOf(['sinus_rhythm', 'atrial_fibrillation', 'inconclusive'])),
  field('inconclusive_cause', oneOf(['high_heart_rate', 'low_heart_rate', 'poor_reading'])),
  field('algorithm_version', str),
  field('time_zone', str),
  sourceProvider,
  sourceType,
  sourceAppId,
  field('source_device_model', str),
  sourceDeviceId,
];

/** Per kind, the wire fields besides id, user_id, source, created_at and updated_at. */
export const SUMMARY_FIELDS: Readonly<Record<SummaryKind, readonly SummaryField[]>> = {
  activity: ACTIVITY,
  body: BODY,
  meal: MEAL,
  profile: PROFILE,
  sleep: SLEEP,
  workouts: WORKOUT,
  sleep_cycle: SLEEP_CYCLE,
  menstrual_cycle: MENSTRUAL_CYCLE,
  electrocardiogram: ELECTROCARDIOGRAM,
};
