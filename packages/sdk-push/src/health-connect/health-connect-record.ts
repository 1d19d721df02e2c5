import { zoneOffsetSeconds, type SourceType } from '@meridian/domain';
import type { SourceInput } from '@meridian/ingestion';
import { checkSpan, type MapEnv } from '../common/env';
import { localOffsetAt } from '../common/local-time';
import { checkMeasure, type Measure, type Plausible } from '../common/measure';
import type { Instant, Path, RecordReader } from '../common/read';
import { sourceInput, sourceTypeOf } from '../common/source';

/**
 * The JSON of one Health Connect record as an app serialises it (androidx.health.connect.client):
 * `{recordType: "HeartRate", metadata: {id, dataOrigin: {packageName}, device: {manufacturer, model,
 * type}, recordingMethod, lastModifiedTime, clientRecordId}, time + zoneOffset | startTime, endTime,
 * startZoneOffset, endZoneOffset, ...the record's own fields}`. Instants are UTC (`Instant.toString()`);
 * the local time is in the zone offsets (`"+02:00"`, seconds, or `{totalSeconds}`). Unit-bearing fields
 * are `{value, unit}` (`{value: 70.2, unit: "kilograms"}`) or the read result (`{inKilograms: 70.2}`).
 */
export interface HealthConnectRecord {
  id: string;
  recordType: string;
  start: Instant;
  /** Interval records only. */
  end: Instant | null;
  startOffset: number | null;
  endOffset: number | null;
  source: SourceInput;
}

/** `Device.type` constants (androidx.health.connect.client.records.metadata.Device). */
const DEVICE_TYPES = new Map<number | string, SourceType>([
  [1, 'watch'],
  [2, 'phone'],
  [3, 'scale'],
  [4, 'ring'],
  [6, 'watch'],
  [7, 'chest_strap'],
  ['TYPE_WATCH', 'watch'],
  ['TYPE_PHONE', 'phone'],
  ['TYPE_SCALE', 'scale'],
  ['TYPE_RING', 'ring'],
  ['TYPE_FITNESS_BAND', 'watch'],
  ['TYPE_CHEST_STRAP', 'chest_strap'],
]);

/** `recordType` as react-native-health-connect writes it (`HeartRate`), or the class name (`HeartRateRecord`). */
const recordTypeOf = (text: string) => text.replace(/Record$/, '');

/** The envelope of a Health Connect record, or null after issues. */
export function readHealthConnectRecord(
  r: RecordReader,
  env: MapEnv,
  accepted: ReadonlyMap<string, 'instant' | 'interval'>,
): HealthConnectRecord | null {
  const raw = r.string('recordType', { required: true, max: 128 });
  const recordType = raw === null ? null : recordTypeOf(raw);
  const shape = recordType === null ? undefined : accepted.get(recordType);
  if (raw !== null && shape === undefined) {
    const list = [...accepted.keys()].join(', ');
    r.fail('recordType', `'${raw}' is not a ${env.resource} record type; expected: ${list}`, 'enum');
  }
  const id = r.string(['metadata', 'id'], { required: true, max: 128 });
  if (id === '') r.fail(['metadata', 'id'], 'String should have at least 1 character', 'string_too_short');
  const origin = r.value(['metadata', 'dataOrigin']);
  const appId =
    typeof origin === 'string'
      ? r.string(['metadata', 'dataOrigin'])
      : r.string(['metadata', 'dataOrigin', 'packageName']);
  const stated = readDeviceType(r);
  const descriptions = [
    r.string(['metadata', 'device', 'model']),
    r.string(['metadata', 'device', 'manufacturer']),
  ];
  let start: Instant | null = null;
  let end: Instant | null = null;
  let startOffset: number | null = null;
  let endOffset: number | null = null;
  if (shape === 'instant') {
    start = r.instant('time', { required: true });
    startOffset = r.zoneOffset('zoneOffset');
    endOffset = startOffset;
  } else if (shape === 'interval') {
    start = r.instant('startTime', { required: true });
    end = r.instant('endTime', { required: true });
    startOffset = r.zoneOffset('startZoneOffset');
    endOffset = r.zoneOffset('endZoneOffset');
    checkSpan(r, start, end, 'endTime', 'startTime');
  }
  if (r.failed || id === null || recordType === null || start === null) return null;
  const type = sourceTypeOf({ descriptions, stated }, 'app');
  return {
    id,
    recordType,
    start,
    end,
    startOffset,
    endOffset,
    source: sourceInput(env.provider, env.ctx, type, appId),
  };
}

function readDeviceType(r: RecordReader): SourceType | null {
  const raw = r.value(['metadata', 'device', 'type']);
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== 'number' && typeof raw !== 'string')
    return r.fail(['metadata', 'device', 'type'], 'Input should be a Device.type constant', 'enum');
  return DEVICE_TYPES.get(raw) ?? null;
}

/**
 * The local offset at `ms` within a record. An interval crossing a DST change has two offsets; when the
 * phone's zone explains both, it dates each instant, else the start offset holds until the end instant.
 */
export function healthConnectOffset(rec: HealthConnectRecord, env: MapEnv, ms: number): number | null {
  const { startOffset, endOffset } = rec;
  const zone = env.ctx.fallbackTimeZone ?? null;
  if (startOffset === null && endOffset === null) return localOffsetAt(ms, { fallbackZone: zone });
  if (startOffset === null || endOffset === null || startOffset === endOffset)
    return startOffset ?? endOffset;
  const endMs = rec.end?.ms ?? rec.start.ms;
  if (
    zone &&
    zoneOffsetSeconds(zone, rec.start.ms) === startOffset &&
    zoneOffsetSeconds(zone, endMs) === endOffset
  )
    return zoneOffsetSeconds(zone, ms);
  return ms >= endMs ? endOffset : startOffset;
}

type UnitKind = 'mass' | 'energy' | 'length' | 'bloodGlucose' | 'pressure' | 'temperature' | 'volume';

/** Health Connect unit names (`{value, unit}`) and read-result keys (`inKilograms`) → ingestion units. */
const HC_UNITS: Readonly<Record<UnitKind, ReadonlyMap<string, readonly [string, number]>>> = {
  mass: new Map([
    ['kilograms', ['kg', 1]],
    ['grams', ['g', 1]],
    ['milligrams', ['g', 0.001]],
    ['micrograms', ['g', 0.000001]],
    ['pounds', ['lb', 1]],
    ['ounces', ['kg', 0.028349523125]],
    ['inKilograms', ['kg', 1]],
    ['inGrams', ['g', 1]],
    ['inPounds', ['lb', 1]],
    ['inOunces', ['kg', 0.028349523125]],
    ['inMilligrams', ['g', 0.001]],
    ['inMicrograms', ['g', 0.000001]],
  ]),
  energy: new Map([
    ['kilocalories', ['kcal', 1]],
    ['calories', ['kcal', 0.001]],
    ['kilojoules', ['kJ', 1]],
    ['joules', ['kJ', 0.001]],
    ['inKilocalories', ['kcal', 1]],
    ['inKilojoules', ['kJ', 1]],
    ['inCalories', ['kcal', 0.001]],
    ['inJoules', ['kJ', 0.001]],
  ]),
  length: new Map([
    ['meters', ['m', 1]],
    ['kilometers', ['m', 1000]],
    ['miles', ['m', 1609.344]],
    ['feet', ['m', 0.3048]],
    ['inches', ['m', 0.0254]],
    ['inMeters', ['m', 1]],
    ['inKilometers', ['m', 1000]],
    ['inMiles', ['m', 1609.344]],
    ['inFeet', ['m', 0.3048]],
    ['inInches', ['m', 0.0254]],
  ]),
  bloodGlucose: new Map([
    ['millimolesPerLiter', ['mmol/L', 1]],
    ['milligramsPerDeciliter', ['mg/dL', 1]],
    ['inMillimolesPerLiter', ['mmol/L', 1]],
    ['inMilligramsPerDeciliter', ['mg/dL', 1]],
  ]),
  pressure: new Map([
    ['millimetersOfMercury', ['mmHg', 1]],
    ['inMillimetersOfMercury', ['mmHg', 1]],
  ]),
  temperature: new Map([
    ['celsius', ['degC', 1]],
    ['fahrenheit', ['degF', 1]],
    ['inCelsius', ['degC', 1]],
    ['inFahrenheit', ['degF', 1]],
  ]),
  volume: new Map([
    ['milliliters', ['mL', 1]],
    ['liters', ['mL', 1000]],
    ['fluidOuncesUs', ['mL', 29.5735295625]],
    ['inMilliliters', ['mL', 1]],
    ['inLiters', ['mL', 1000]],
    ['inFluidOuncesUs', ['mL', 29.5735295625]],
  ]),
};

/** A unit-bearing field (`{value, unit}` or `{inKilograms, ...}`) as a measure, or null after an issue. */
function readUnitValue(
  r: RecordReader,
  path: Path,
  kind: UnitKind,
): { measure: Measure; valuePath: Path } | null {
  const obj = r.object(path, { required: true });
  if (obj === null) return null;
  const base = typeof path === 'string' ? [path] : [...path];
  const table = HC_UNITS[kind];
  if (r.has([...base, 'unit'])) {
    const unit = r.string([...base, 'unit'], { max: 64 });
    const value = r.number([...base, 'value'], { required: true });
    if (unit === null || value === null) return null;
    const known = table.get(unit);
    if (!known) {
      const names = [...table.keys()].filter((k) => !k.startsWith('in')).join(', ');
      return r.fail(
        [...base, 'unit'],
        `Unit '${unit}' is not a Health Connect ${kind} unit (${names})`,
        'unit_error',
      );
    }
    return { measure: { value: value * known[1], unit: known[0] }, valuePath: [...base, 'value'] };
  }
  for (const [key, [unit, factor]] of table) {
    if (!key.startsWith('in') || !r.has([...base, key])) continue;
    const value = r.number([...base, key], { required: true });
    return value === null ? null : { measure: { value: value * factor, unit }, valuePath: [...base, key] };
  }
  return r.fail(
    path,
    `Input should be a Health Connect ${kind}: {value, unit} or {in<Unit>: value}`,
    'value_error',
  );
}

/** A value of a record field in `resource`'s canonical unit (checked for range), or null after issues. */
export type ValueKind = UnitKind | 'percentage' | { unit: string };

export function readHealthConnectValue(
  r: RecordReader,
  path: Path,
  resource: string,
  kind: ValueKind,
  plausible?: Plausible,
): { canonical: number; measure: Measure } | null {
  let read: { measure: Measure; valuePath: Path } | null;
  if (kind === 'percentage') {
    // `Percentage` is 0–100 already (not a fraction): a number, or `{value}`.
    const base = typeof path === 'string' ? [path] : [...path];
    const nested = typeof r.value(path) === 'object' && r.value(path) !== null;
    const valuePath = nested ? [...base, 'value'] : path;
    const value = r.number(valuePath, { required: true });
    read = value === null ? null : { measure: { value, unit: '%' }, valuePath };
  } else if (typeof kind === 'object') {
    const value = r.number(path, { required: true });
    read = value === null ? null : { measure: { value, unit: kind.unit }, valuePath: path };
  } else read = readUnitValue(r, path, kind);
  if (!read) return null;
  const canonical = checkMeasure(r, read.valuePath, resource, read.measure, plausible);
  return canonical === null ? null : { canonical, measure: read.measure };
}
