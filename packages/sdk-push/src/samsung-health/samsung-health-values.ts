import { eachRecord, emitSample, type ResourceMapper } from '../common/env';
import type { Plausible } from '../common/measure';
import {
  readSamsungPoint,
  readSamsungValue,
  samsungOffset,
  type DataTypeRule,
} from './samsung-health-record';

/** How one Samsung data type's value feeds a Meridian timeseries resource. */
export interface ValueRule extends DataTypeRule {
  dataType: string;
  field: string;
  /** Samsung Health's fixed unit of the field. */
  unit: string;
  plausible?: Plausible;
  /** Measurement series (`seriesData: [{startTime, endTime, <field>}]`): one sample per entry. */
  series?: boolean;
}

const PERCENT_HINT = 'Samsung Health percentages are 0–100 (97 means 97 %), not fractions';

export const SAMSUNG_VALUES: Readonly<Record<string, ValueRule>> = {
  heartrate: {
    dataType: 'HEART_RATE',
    shape: 'instant',
    uid: false,
    field: 'heartRate',
    unit: 'bpm',
    plausible: { range: [1, 300] },
    series: true,
  },
  steps: { dataType: 'STEPS', shape: 'interval', uid: false, field: 'count', unit: 'count' },
  calories_active: {
    dataType: 'ACTIVITY_SUMMARY',
    shape: 'interval',
    uid: false,
    field: 'totalActiveCaloriesBurned',
    unit: 'kcal',
  },
  distance: {
    dataType: 'ACTIVITY_SUMMARY',
    shape: 'interval',
    uid: false,
    field: 'totalDistance',
    unit: 'm',
  },
  floors_climbed: { dataType: 'FLOORS_CLIMBED', shape: 'instant', uid: false, field: 'floor', unit: 'count' },
  blood_oxygen: {
    dataType: 'BLOOD_OXYGEN',
    shape: 'instant',
    uid: false,
    field: 'oxygenSaturation',
    unit: '%',
    plausible: { range: [50, 100], hint: PERCENT_HINT },
    series: true,
  },
  weight: {
    dataType: 'BODY_COMPOSITION',
    shape: 'instant',
    uid: false,
    field: 'weight',
    unit: 'kg',
    plausible: { range: [0.5, 650] },
  },
  fat: {
    dataType: 'BODY_COMPOSITION',
    shape: 'instant',
    uid: false,
    field: 'bodyFat',
    unit: '%',
    plausible: { range: [1, 80], hint: PERCENT_HINT },
  },
  glucose: {
    dataType: 'BLOOD_GLUCOSE',
    shape: 'instant',
    uid: false,
    field: 'glucoseLevel',
    unit: 'mmol/L',
    plausible: { range: [0.5, 60], hint: 'Samsung Health stores glucose in mmol/L' },
  },
  body_temperature: {
    dataType: 'BODY_TEMPERATURE',
    shape: 'instant',
    uid: false,
    field: 'bodyTemperature',
    unit: '°C',
  },
};

const MAX_SERIES = 86_400;

export function valueMapper(resource: string, rule: ValueRule): ResourceMapper {
  const accepted = new Map([[rule.dataType, rule]]);
  return (records, env) =>
    eachRecord(records, env, (r) => {
      const p = readSamsungPoint(r, env, accepted);
      if (!p) return;
      const series = rule.series ? r.array('seriesData', { max: MAX_SERIES }) : null;
      if (r.failed) return;
      if (series && series.length > 0) {
        for (let k = 0; k < series.length && !env.issues.full; k++) {
          const s = r.child(['seriesData', k], { required: true });
          if (!s) continue;
          const time = s.instant('startTime', { required: true, epochMs: true });
          const value = readSamsungValue(s, rule.field, resource, rule.unit, { plausible: rule.plausible });
          if (!time || value === null) continue;
          emitSample(env, resource, p.source, {
            startMs: time.ms,
            startText: time.text,
            offset: samsungOffset(p, env, time.ms),
            value,
            unit: rule.unit,
          });
        }
        return;
      }
      const value = readSamsungValue(r, rule.field, resource, rule.unit, { plausible: rule.plausible });
      if (value === null) return;
      emitSample(env, resource, p.source, {
        startMs: p.start.ms,
        startText: p.start.text,
        endMs: p.end?.ms ?? null,
        offset: samsungOffset(p, env, p.start.ms),
        value,
        unit: rule.unit,
      });
    });
}

/** `blood_pressure`: `BLOOD_PRESSURE` points (`systolic`, `diastolic` in mmHg). */
export const samsungBloodPressureMapper: ResourceMapper = (records, env) => {
  const accepted = new Map([['BLOOD_PRESSURE', { shape: 'instant' as const, uid: false }]]);
  eachRecord(records, env, (r) => {
    const p = readSamsungPoint(r, env, accepted);
    if (!p) return;
    const systolic = readSamsungValue(r, 'systolic', 'blood_pressure', 'mmHg', {
      plausible: { range: [40, 300] },
    });
    const diastolic = readSamsungValue(r, 'diastolic', 'blood_pressure', 'mmHg', {
      plausible: { range: [20, 200] },
    });
    if (systolic === null || diastolic === null) return;
    if (systolic <= diastolic)
      return void r.fail('systolic', 'Systolic pressure must be above diastolic', 'value_error');
    env.out.sample('blood_pressure', p.source, {
      timestamp: new Date(p.start.ms).toISOString(),
      timezone_offset: samsungOffset(p, env, p.start.ms),
      systolic,
      diastolic,
      unit: 'mmHg',
    });
  });
};
