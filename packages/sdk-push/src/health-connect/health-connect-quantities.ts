import { eachRecord, emitSample, type ResourceMapper } from '../common/env';
import type { Plausible } from '../common/measure';
import type { RecordReader } from '../common/read';
import {
  healthConnectOffset,
  readHealthConnectRecord,
  readHealthConnectValue,
  type ValueKind,
} from './health-connect-record';

/** How one Health Connect record type feeds a Meridian timeseries resource. */
export interface RecordRule {
  shape: 'instant' | 'interval';
  /** The record's value field (`weight`, `percentage`, `count`...). */
  field: string;
  kind: ValueKind;
  type?: string;
  plausible?: Plausible;
  /** Reads `measurementLocation` (body temperature). */
  measurementLocation?: boolean;
}

const PERCENT_HINT = 'Health Connect percentages are 0–100 (97 means 97 %), not fractions';

/** Meridian resource → the Health Connect record types it takes (series records are mapped apart). */
export const HEALTH_CONNECT_RECORDS: Readonly<Record<string, Readonly<Record<string, RecordRule>>>> = {
  steps: { Steps: { shape: 'interval', field: 'count', kind: { unit: 'count' } } },
  calories_active: { ActiveCaloriesBurned: { shape: 'interval', field: 'energy', kind: 'energy' } },
  distance: { Distance: { shape: 'interval', field: 'distance', kind: 'length' } },
  floors_climbed: { FloorsClimbed: { shape: 'interval', field: 'floors', kind: { unit: 'count' } } },
  blood_oxygen: {
    OxygenSaturation: {
      shape: 'instant',
      field: 'percentage',
      kind: 'percentage',
      plausible: { range: [50, 100], hint: PERCENT_HINT },
    },
  },
  weight: { Weight: { shape: 'instant', field: 'weight', kind: 'mass', plausible: { range: [0.5, 650] } } },
  fat: {
    BodyFat: {
      shape: 'instant',
      field: 'percentage',
      kind: 'percentage',
      plausible: { range: [1, 80], hint: PERCENT_HINT },
    },
  },
  glucose: {
    BloodGlucose: {
      shape: 'instant',
      field: 'level',
      kind: 'bloodGlucose',
      plausible: {
        range: [0.5, 60],
        hint: 'is the unit right (milligramsPerDeciliter vs millimolesPerLiter)?',
      },
    },
  },
  hrv: {
    HeartRateVariabilityRmssd: {
      shape: 'instant',
      field: 'heartRateVariabilityMillis',
      kind: { unit: 'ms' },
      plausible: { range: [1, 3000] },
    },
  },
  respiratory_rate: {
    RespiratoryRate: {
      shape: 'instant',
      field: 'rate',
      kind: { unit: 'bpm' },
      plausible: { range: [1, 120] },
    },
  },
  body_temperature: {
    BodyTemperature: {
      shape: 'instant',
      field: 'temperature',
      kind: 'temperature',
      measurementLocation: true,
    },
  },
  basal_body_temperature: {
    BasalBodyTemperature: { shape: 'instant', field: 'temperature', kind: 'temperature' },
  },
  vo2_max: {
    Vo2Max: { shape: 'instant', field: 'vo2MillilitersPerMinuteKilogram', kind: { unit: 'mL/kg/min' } },
  },
  water: { Hydration: { shape: 'interval', field: 'volume', kind: 'volume' } },
  lean_body_mass: { LeanBodyMass: { shape: 'instant', field: 'mass', kind: 'mass' } },
};

/** `BodyTemperatureMeasurementLocation` constants → Meridian sensor locations (vagina has none: null). */
const LOCATIONS = new Map<number, string | null>([
  [0, null],
  [1, 'armpit'],
  [2, 'finger'],
  [3, 'forehead'],
  [4, 'mouth'],
  [5, 'rectum'],
  [6, 'temporal_artery'],
  [7, 'toe'],
  [8, 'ear'],
  [9, 'wrist'],
  [10, null],
]);

function measurementLocationOf(r: RecordReader): string | null {
  const raw = r.integer('measurementLocation');
  if (raw === null) return null;
  const location = LOCATIONS.get(raw);
  if (location === undefined) return r.fail('measurementLocation', 'Unknown measurement location', 'enum');
  return location;
}

/** Records with one value → one sample each, in the resource's shape. */
export function recordMapper(rules: Readonly<Record<string, RecordRule>>): ResourceMapper {
  const accepted = new Map(Object.entries(rules).map(([type, rule]) => [type, rule.shape]));
  return (records, env) =>
    eachRecord(records, env, (r) => {
      const rec = readHealthConnectRecord(r, env, accepted);
      if (!rec) return;
      const rule = rules[rec.recordType]!;
      const v = readHealthConnectValue(r, rule.field, env.resource, rule.kind, rule.plausible);
      const sensorLocation = rule.measurementLocation ? measurementLocationOf(r) : null;
      if (!v || r.failed) return;
      emitSample(env, env.resource, rec.source, {
        startMs: rec.start.ms,
        startText: rec.start.text,
        endMs: rec.end?.ms ?? null,
        offset: healthConnectOffset(rec, env, rec.start.ms),
        value: v.measure.value,
        unit: v.measure.unit,
        type: rule.type ?? null,
        sensorLocation,
      });
    });
}

/** Heart-rate samples per series record at most (a day at one per second). */
const MAX_SERIES_SAMPLES = 86_400;

/**
 * `heartrate`: `HeartRate` series records (`samples: [{time, beatsPerMinute}]`, one sample each) and
 * `RestingHeartRate` (`beatsPerMinute`, sample type `resting`).
 */
export const heartRateMapper: ResourceMapper = (records, env) => {
  const accepted = new Map<string, 'instant' | 'interval'>([
    ['HeartRate', 'interval'],
    ['RestingHeartRate', 'instant'],
  ]);
  const plausible: Plausible = { range: [1, 300] };
  eachRecord(records, env, (r) => {
    const rec = readHealthConnectRecord(r, env, accepted);
    if (!rec) return;
    if (rec.recordType === 'RestingHeartRate') {
      const v = readHealthConnectValue(r, 'beatsPerMinute', 'heartrate', { unit: 'bpm' }, plausible);
      if (!v) return;
      emitSample(env, 'heartrate', rec.source, {
        startMs: rec.start.ms,
        startText: rec.start.text,
        offset: healthConnectOffset(rec, env, rec.start.ms),
        value: v.canonical,
        unit: 'bpm',
        type: 'resting',
      });
      return;
    }
    const samples = r.array('samples', { required: true, max: MAX_SERIES_SAMPLES });
    if (!samples) return;
    for (let k = 0; k < samples.length && !env.issues.full; k++) {
      const s = r.child(['samples', k], { required: true });
      if (!s) continue;
      const time = s.instant('time', { required: true });
      const v = readHealthConnectValue(s, 'beatsPerMinute', 'heartrate', { unit: 'bpm' }, plausible);
      if (!time || !v) continue;
      const endMs = rec.end?.ms ?? rec.start.ms;
      if (time.ms < rec.start.ms || time.ms > endMs) {
        s.fail('time', 'A sample must lie within the record (startTime ≤ time ≤ endTime)', 'value_error');
        continue;
      }
      emitSample(env, 'heartrate', rec.source, {
        startMs: time.ms,
        startText: time.text,
        offset: healthConnectOffset(rec, env, time.ms),
        value: v.canonical,
        unit: 'bpm',
      });
    }
  });
};

/** `blood_pressure`: `BloodPressure` records (`systolic`, `diastolic` pressures). */
export const bloodPressureMapper: ResourceMapper = (records, env) => {
  const accepted = new Map<string, 'instant' | 'interval'>([['BloodPressure', 'instant']]);
  eachRecord(records, env, (r) => {
    const rec = readHealthConnectRecord(r, env, accepted);
    if (!rec) return;
    const sys = readHealthConnectValue(r, 'systolic', 'blood_pressure', 'pressure', { range: [40, 300] });
    const dia = readHealthConnectValue(r, 'diastolic', 'blood_pressure', 'pressure', { range: [20, 200] });
    if (!sys || !dia) return;
    if (sys.canonical <= dia.canonical)
      return void r.fail('systolic', 'Systolic pressure must be above diastolic', 'value_error');
    env.out.sample('blood_pressure', rec.source, {
      timestamp: new Date(rec.start.ms).toISOString(),
      timezone_offset: healthConnectOffset(rec, env, rec.start.ms),
      systolic: sys.canonical,
      diastolic: dia.canonical,
      unit: 'mmHg',
    });
  });
};
