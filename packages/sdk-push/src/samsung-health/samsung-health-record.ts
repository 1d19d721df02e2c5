import type { SourceType } from '@meridian/domain';
import type { SourceInput } from '@meridian/ingestion';
import { checkSpan, type MapEnv } from '../common/env';
import { localOffsetAt } from '../common/local-time';
import { checkMeasure, type Plausible } from '../common/measure';
import type { Instant, Path, RecordReader } from '../common/read';
import { sourceInput, sourceTypeOf } from '../common/source';

/**
 * The JSON of one Samsung Health Data SDK data point (`HealthDataPoint`) as an app serialises it:
 * `{uid, dataType: "HEART_RATE", startTime, endTime, zoneOffset, dataSource: {appId, deviceId},
 * device: {deviceType, model, name, manufacturer}, ...the data type's values in camelCase}`. Times are
 * ISO 8601 instants or epoch milliseconds; `zoneOffset` is `"+09:00"` or seconds. Samsung Health fixes
 * each value's unit (bpm, %, kg, cm, kcal, m, mmol/L, mmHg, °C), so values are plain numbers.
 * Aggregates (`STEPS`, `ACTIVITY_SUMMARY`) have no uid.
 */
export interface SamsungPoint {
  uid: string | null;
  dataType: string;
  start: Instant;
  end: Instant | null;
  offset: number | null;
  source: SourceInput;
}

/** `DeviceType` of the Samsung Health device manager. */
const DEVICE_TYPES = new Map<string, SourceType>([
  ['MOBILE', 'phone'],
  ['WATCH', 'watch'],
  ['BAND', 'watch'],
  ['RING', 'ring'],
]);

export interface DataTypeRule {
  shape: 'instant' | 'interval';
  /** Aggregates carry no uid; stored data points do (summaries need it). */
  uid: boolean;
}

export function readSamsungPoint(
  r: RecordReader,
  env: MapEnv,
  accepted: ReadonlyMap<string, DataTypeRule>,
): SamsungPoint | null {
  const dataType = r.string('dataType', { required: true, max: 64 });
  const rule = dataType === null ? undefined : accepted.get(dataType);
  if (dataType !== null && !rule) {
    const list = [...accepted.keys()].join(', ');
    r.fail('dataType', `'${dataType}' is not a ${env.resource} data type; expected: ${list}`, 'enum');
  }
  const uid = r.string('uid', { required: rule?.uid ?? false, max: 128 });
  const start = r.instant('startTime', { required: true, epochMs: true });
  const end = r.instant('endTime', { required: rule?.shape === 'interval', epochMs: true });
  checkSpan(r, start, end, 'endTime', 'startTime');
  const offset = r.zoneOffset('zoneOffset');
  const appId = r.string(['dataSource', 'appId']);
  const deviceType = r.string(['device', 'deviceType'], { max: 32 });
  const descriptions = [r.string(['device', 'model']), r.string(['device', 'name'])];
  if (r.failed || !rule || dataType === null || start === null) return null;
  const stated = deviceType === null ? null : (DEVICE_TYPES.get(deviceType.toUpperCase()) ?? null);
  const type = sourceTypeOf({ descriptions, stated }, 'app');
  return { uid, dataType, start, end, offset, source: sourceInput(env.provider, env.ctx, type, appId) };
}

export function samsungOffset(p: SamsungPoint, env: MapEnv, ms: number): number | null {
  return localOffsetAt(ms, {
    offset: p.offset,
    writtenOffset: p.start.writtenOffset,
    fallbackZone: env.ctx.fallbackTimeZone,
  });
}

/** A number field in Samsung's fixed `unit`, checked against `resource`'s range; null after issues. */
export function readSamsungValue(
  r: RecordReader,
  path: Path,
  resource: string,
  unit: string,
  opts: { required?: boolean; plausible?: Plausible } = {},
): number | null {
  const value = r.number(path, { required: opts.required ?? true });
  if (value === null) return null;
  return checkMeasure(r, path, resource, { value, unit }, opts.plausible);
}
