import type { SourceInput } from '@meridian/ingestion';
import { checkSpan, type MapEnv } from '../common/env';
import { localOffsetAt } from '../common/local-time';
import { checkMeasure, specOf, type Measure, type Plausible } from '../common/measure';
import type { Instant, Path, RecordReader } from '../common/read';
import { sourceInput, sourceTypeOf } from '../common/source';

/**
 * The JSON of one HealthKit sample (HKSample) as an app serialises it:
 * `{uuid, sampleType, startDate, endDate, quantity?, unit?, value?, sourceRevision: {source:
 * {bundleIdentifier, name}, productType, version}, device: {name, model, manufacturer, hardwareVersion},
 * metadata: {HKTimeZone, ...}}`. `sampleType` is the type identifier
 * (`HKQuantityTypeIdentifierHeartRate`), `unit` an HKUnit unit string (`count/min`, `%`, `mg/dL`).
 */
export interface HealthKitSample {
  uuid: string;
  sampleType: string;
  start: Instant;
  end: Instant;
  /** `metadata.HKTimeZone`: the zone the sample was recorded in. */
  zone: string | null;
  bundleId: string | null;
  source: SourceInput;
  /** Whether a device description says Apple Watch (sleep picks the watch as the session's source). */
  fromWatch: boolean;
}

const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Apple's own sources: `com.apple.health.<device uuid>` is the iPhone or the Watch recording. */
const APPLE_DEVICE_BUNDLE = /^com\.apple\.health\./i;

/** Paths every sample reads (made once, not per record). */
const HK_TIME_ZONE = ['metadata', 'HKTimeZone'] as const;
const BUNDLE_ID = ['sourceRevision', 'source', 'bundleIdentifier'] as const;
const DEVICE_MODEL = ['device', 'model'] as const;
const DEVICE_NAME = ['device', 'name'] as const;
const PRODUCT_TYPE = ['sourceRevision', 'productType'] as const;
const DEVICE_MANUFACTURER = ['device', 'manufacturer'] as const;

/** The envelope of a HealthKit sample, or null after issues. */
export function readHealthKitSample(
  r: RecordReader,
  env: MapEnv,
  accepted: ReadonlySet<string>,
): HealthKitSample | null {
  const uuid = r.string('uuid', { required: true, max: 64 });
  if (uuid !== null && !UUID_RE.test(uuid))
    r.fail('uuid', 'Input should be a HealthKit UUID', 'uuid_parsing');
  const sampleType = r.string('sampleType', { required: true, max: 128 });
  if (sampleType !== null && !accepted.has(sampleType)) {
    const list = [...accepted].join(', ');
    r.fail('sampleType', `'${sampleType}' is not a ${env.resource} sample type; expected: ${list}`, 'enum');
  }
  const start = r.instant('startDate', { required: true });
  const end = r.instant('endDate', { required: true });
  checkSpan(r, start, end, 'endDate', 'startDate');
  const zone = r.timeZone(HK_TIME_ZONE);
  const bundleId = r.string(BUNDLE_ID);
  const descriptions = [
    r.string(DEVICE_MODEL),
    r.string(DEVICE_NAME),
    r.string(PRODUCT_TYPE),
    r.string(DEVICE_MANUFACTURER),
  ];
  if (r.failed || uuid === null || sampleType === null || start === null || end === null) return null;
  const fallback = bundleId !== null && APPLE_DEVICE_BUNDLE.test(bundleId) ? 'phone' : 'app';
  const type = sourceTypeOf({ descriptions }, fallback);
  return {
    uuid: uuid.toUpperCase(),
    sampleType,
    start,
    end,
    zone,
    bundleId,
    source: sourceInput(env.provider, env.ctx, type, bundleId),
    fromWatch: type === 'watch',
  };
}

/** The local offset of a HealthKit sample at `ms` (its HKTimeZone, else the written offset, else the phone's). */
export function healthKitOffset(s: HealthKitSample, env: MapEnv, ms: number): number | null {
  return localOffsetAt(ms, {
    zone: s.zone,
    writtenOffset: s.start.writtenOffset,
    fallbackZone: env.ctx.fallbackTimeZone,
  });
}

/**
 * HKUnit unit strings → a unit ingestion accepts (and a factor). HealthKit's `%` is a fraction (0.97 for
 * 97 %); glucose in mmol/L is written with its molar mass; `Cal` is the food calorie (kcal).
 */
const HK_UNITS = new Map<string, readonly [string, number]>([
  ['count/min', ['bpm', 1]],
  ['count/s', ['bpm', 60]],
  ['%', ['fraction', 1]],
  ['Cal', ['kcal', 1]],
  ['cal', ['kcal', 0.001]],
  ['J', ['kJ', 0.001]],
  ['mmol<180.15588000005408>/L', ['mmol/L', 1]],
  ['mmol<180.156>/L', ['mmol/L', 1]],
  ['ml/(kg*min)', ['mL/kg/min', 1]],
  ['mL/(kg*min)', ['mL/kg/min', 1]],
  ['fl_oz_us', ['fl_oz', 1]],
  ['oz', ['kg', 0.028349523125]],
  ['st', ['kg', 6.35029318]],
  ['yd', ['m', 0.9144]],
]);

/** Unit strings ingestion takes as they are, for the resources HealthKit feeds. */
const PASS_THROUGH = new Set([
  'bpm',
  'count',
  'kcal',
  'kJ',
  'm',
  'km',
  'mi',
  'ft',
  'cm',
  'mm',
  'in',
  'kg',
  'g',
  'lb',
  'mg',
  'mg/dL',
  'mmol/L',
  'ms',
  's',
  'min',
  'h',
  'degC',
  'degF',
  'mmHg',
  'kPa',
  'mL',
  'L',
]);

/** A HealthKit quantity (number + HKUnit string) in ingestion's terms for `resource`. */
export function healthKitMeasure(resource: string, quantity: number, hkUnit: string): Measure | null {
  const spec = specOf(resource);
  if (hkUnit === 'count' && spec.unit === 'index') return { value: quantity, unit: 'index' };
  if (hkUnit === 's' && spec.unit === 'ms') return { value: quantity * 1000, unit: 'ms' };
  if (hkUnit === 'cm' && spec.unit === 'm') return { value: quantity / 100, unit: 'm' };
  if (hkUnit === 'ft' && spec.unit === 'cm') return { value: quantity * 12, unit: 'in' };
  const known = HK_UNITS.get(hkUnit);
  if (known) return { value: quantity * known[1], unit: known[0] };
  return PASS_THROUGH.has(hkUnit) ? { value: quantity, unit: hkUnit } : null;
}

/** A field of the object at `path`; a sample's own fields (path []) by name, nothing built per sample. */
const fieldAt = (path: readonly (string | number)[], key: string): Path =>
  path.length === 0 ? key : [...path, key];

/**
 * Reads `{quantity, unit}` at `path` (a sample's own fields when path is []) as `resource`'s canonical
 * value, or null after issues (or when absent and optional).
 */
export function readHealthKitQuantity(
  r: RecordReader,
  path: readonly (string | number)[],
  resource: string,
  opts: { required?: boolean; plausible?: Plausible } = {},
): { canonical: number; value: number; unit: string } | null {
  if (path.length > 0 && !r.has(path))
    return opts.required ? r.fail(path, 'Field required', 'missing') : null;
  if (path.length > 0 && r.object(path) === null) return null;
  const quantity = r.number(fieldAt(path, 'quantity'), { required: true });
  const unit = r.string(fieldAt(path, 'unit'), { required: true, max: 64 });
  if (quantity === null || unit === null) return null;
  const measure = healthKitMeasure(resource, quantity, unit);
  if (measure === null) {
    const msg = `HKUnit '${unit}' cannot be converted to ${specOf(resource).unit} for ${resource}`;
    return r.fail(fieldAt(path, 'unit'), msg, 'unit_error');
  }
  const canonical = checkMeasure(
    r,
    fieldAt(path, 'quantity'),
    resource,
    measure,
    opts.plausible,
    fieldAt(path, 'unit'),
  );
  return canonical === null ? null : { canonical, ...measure };
}
