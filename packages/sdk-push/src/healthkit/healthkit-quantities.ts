import { SENSOR_LOCATIONS } from '@meridian/domain';
import { eachRecord, emitSample, type ResourceMapper } from '../common/env';
import type { Plausible } from '../common/measure';
import type { RecordReader } from '../common/read';
import { healthKitOffset, readHealthKitQuantity, readHealthKitSample } from './healthkit-record';

/** How one HealthKit quantity type feeds a Meridian timeseries resource. */
export interface QuantityRule {
  /** Sample `type` (part of the sample's identity): `resting` heart rate, `sdnn` HRV, `cycling` distance. */
  type?: string;
  plausible?: Plausible;
  /** Source context `sport` (wheelchair distance is `wheelchair_pushing`). */
  sport?: string;
  /** Reads `metadata.HKBodyTemperatureSensorLocation`. */
  sensorLocation?: boolean;
}

const HEART_RATE: Plausible = { range: [1, 300] };
const FRACTION_HINT =
  'HealthKit stores this as a fraction with unit "%" (0.97 means 97 %); send the HKQuantity as read';

/** Meridian resource → the HealthKit quantity types it takes. */
export const HEALTHKIT_QUANTITIES: Readonly<Record<string, Readonly<Record<string, QuantityRule>>>> = {
  heartrate: {
    HKQuantityTypeIdentifierHeartRate: { plausible: HEART_RATE },
    HKQuantityTypeIdentifierRestingHeartRate: { type: 'resting', plausible: HEART_RATE },
    HKQuantityTypeIdentifierWalkingHeartRateAverage: { type: 'walking', plausible: HEART_RATE },
  },
  steps: { HKQuantityTypeIdentifierStepCount: {} },
  calories_active: { HKQuantityTypeIdentifierActiveEnergyBurned: {} },
  calories_basal: { HKQuantityTypeIdentifierBasalEnergyBurned: {} },
  distance: {
    HKQuantityTypeIdentifierDistanceWalkingRunning: {},
    HKQuantityTypeIdentifierDistanceCycling: { type: 'cycling' },
    HKQuantityTypeIdentifierDistanceSwimming: { type: 'swimming' },
    HKQuantityTypeIdentifierDistanceWheelchair: { type: 'wheelchair', sport: 'wheelchair_pushing' },
    HKQuantityTypeIdentifierDistanceDownhillSnowSports: { type: 'downhill_snow_sports' },
  },
  floors_climbed: { HKQuantityTypeIdentifierFlightsClimbed: {} },
  blood_oxygen: {
    HKQuantityTypeIdentifierOxygenSaturation: { plausible: { range: [50, 100], hint: FRACTION_HINT } },
  },
  weight: { HKQuantityTypeIdentifierBodyMass: { plausible: { range: [0.5, 650] } } },
  fat: { HKQuantityTypeIdentifierBodyFatPercentage: { plausible: { range: [1, 80], hint: FRACTION_HINT } } },
  glucose: {
    HKQuantityTypeIdentifierBloodGlucose: {
      plausible: { range: [0.5, 60], hint: 'is the unit right (mg/dL vs mmol/L)?' },
    },
  },
  hrv: {
    HKQuantityTypeIdentifierHeartRateVariabilitySDNN: { type: 'sdnn', plausible: { range: [1, 3000] } },
  },
  respiratory_rate: { HKQuantityTypeIdentifierRespiratoryRate: { plausible: { range: [1, 120] } } },
  body_temperature: { HKQuantityTypeIdentifierBodyTemperature: { sensorLocation: true } },
  basal_body_temperature: { HKQuantityTypeIdentifierBasalBodyTemperature: {} },
  vo2_max: { HKQuantityTypeIdentifierVO2Max: {} },
  water: { HKQuantityTypeIdentifierDietaryWater: {} },
  body_mass_index: { HKQuantityTypeIdentifierBodyMassIndex: { plausible: { range: [5, 200] } } },
  lean_body_mass: { HKQuantityTypeIdentifierLeanBodyMass: {} },
  caffeine: { HKQuantityTypeIdentifierDietaryCaffeine: {} },
  carbohydrates: { HKQuantityTypeIdentifierDietaryCarbohydrates: {} },
};

/** `HKBodyTemperatureSensorLocation` raw values 1–11 are Meridian's locations in order (0 is "other"). */
function sensorLocationOf(r: RecordReader): string | null {
  const raw = r.integer(['metadata', 'HKBodyTemperatureSensorLocation']);
  if (raw === null || raw === 0) return null;
  const location = raw >= 1 && raw <= 11 ? SENSOR_LOCATIONS[raw - 1] : undefined;
  if (location === undefined) {
    return r.fail(['metadata', 'HKBodyTemperatureSensorLocation'], 'Unknown sensor location', 'enum');
  }
  return location;
}

/** Quantity samples → one timeseries sample each, in the resource's shape. */
export function quantityMapper(rules: Readonly<Record<string, QuantityRule>>): ResourceMapper {
  const accepted = new Set(Object.keys(rules));
  return (records, env) =>
    eachRecord(records, env, (r) => {
      const s = readHealthKitSample(r, env, accepted);
      if (!s) return;
      const rule = rules[s.sampleType] ?? {};
      const q = readHealthKitQuantity(r, [], env.resource, { required: true, plausible: rule.plausible });
      const sensorLocation = rule.sensorLocation ? sensorLocationOf(r) : null;
      if (!q || r.failed) return;
      emitSample(env, env.resource, rule.sport ? { ...s.source, sport: rule.sport } : s.source, {
        startMs: s.start.ms,
        startText: s.start.text,
        endMs: s.end.ms,
        offset: healthKitOffset(s, env, s.start.ms),
        value: q.value,
        unit: q.unit,
        type: rule.type ?? null,
        sensorLocation,
      });
    });
}

/** Mindful sessions (category samples): their length in minutes. */
export const mindfulnessMapper: ResourceMapper = (records, env) => {
  const accepted = new Set(['HKCategoryTypeIdentifierMindfulSession']);
  eachRecord(records, env, (r) => {
    const s = readHealthKitSample(r, env, accepted);
    if (!s) return;
    const minutes = (s.end.ms - s.start.ms) / 60_000;
    if (minutes > 1440)
      return void r.fail('endDate', 'A mindful session cannot last over 24 hours', 'value_out_of_range');
    emitSample(env, 'mindfulness_minutes', s.source, {
      startMs: s.start.ms,
      startText: s.start.text,
      endMs: s.end.ms,
      offset: healthKitOffset(s, env, s.start.ms),
      value: minutes,
      unit: 'min',
    });
  });
};

/** Blood pressure: an `HKCorrelationTypeIdentifierBloodPressure` with its systolic and diastolic samples. */
export const bloodPressureMapper: ResourceMapper = (records, env) => {
  const accepted = new Set(['HKCorrelationTypeIdentifierBloodPressure']);
  const parts = {
    HKQuantityTypeIdentifierBloodPressureSystolic: 'systolic',
    HKQuantityTypeIdentifierBloodPressureDiastolic: 'diastolic',
  } as const;
  eachRecord(records, env, (r) => {
    const s = readHealthKitSample(r, env, accepted);
    const objects = r.array('objects', { required: true, max: 8 });
    if (!s || !objects) return;
    const found: { systolic?: number; diastolic?: number } = {};
    objects.forEach((_, k) => {
      const type = r.string(['objects', k, 'sampleType'], { required: true, max: 128 });
      if (type === null) return;
      const part = type in parts ? parts[type as keyof typeof parts] : undefined;
      if (!part)
        return void r.fail(
          ['objects', k, 'sampleType'],
          `Unexpected sample '${type}' in a blood pressure correlation`,
          'enum',
        );
      const range: [number, number] = part === 'systolic' ? [40, 300] : [20, 200];
      const q = readHealthKitQuantity(r, ['objects', k], 'blood_pressure', {
        required: true,
        plausible: { range },
      });
      if (q) found[part] = q.canonical;
    });
    if (r.failed) return;
    const { systolic, diastolic } = found;
    if (systolic === undefined || diastolic === undefined)
      return void r.fail(
        'objects',
        'A blood pressure correlation needs a systolic and a diastolic sample',
        'missing',
      );
    if (systolic <= diastolic)
      return void r.fail('objects', 'Systolic pressure must be above diastolic', 'value_error');
    env.out.sample('blood_pressure', s.source, {
      timestamp: new Date(s.start.ms).toISOString(),
      timezone_offset: healthKitOffset(s, env, s.start.ms),
      systolic,
      diastolic,
      unit: 'mmHg',
    });
  });
};
