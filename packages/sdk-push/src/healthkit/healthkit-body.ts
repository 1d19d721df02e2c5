import { isCalendarDate } from '@meridian/domain';
import { eachRecord, type ResourceMapper } from '../common/env';
import { BodyGroups } from '../common/body';
import { sourceInput } from '../common/source';
import { healthKitOffset, readHealthKitQuantity, readHealthKitSample } from './healthkit-record';

/**
 * `body`: HealthKit body measurements → body summaries, one per source and instant (a smart scale writes
 * weight, body fat and BMI with the same timestamp: one weigh-in, one summary).
 */
const BODY_TYPES: Readonly<Record<string, { field: string; resource: string; range?: [number, number] }>> = {
  HKQuantityTypeIdentifierBodyMass: { field: 'weight', resource: 'weight', range: [0.5, 650] },
  HKQuantityTypeIdentifierBodyFatPercentage: { field: 'fat', resource: 'fat', range: [1, 80] },
  HKQuantityTypeIdentifierBodyMassIndex: {
    field: 'body_mass_index',
    resource: 'body_mass_index',
    range: [5, 200],
  },
  HKQuantityTypeIdentifierLeanBodyMass: { field: 'lean_body_mass_kilogram', resource: 'lean_body_mass' },
  HKQuantityTypeIdentifierWaistCircumference: {
    field: 'waist_circumference_centimeter',
    resource: 'waist_circumference',
  },
};

export const healthKitBodyMapper: ResourceMapper = (records, env) => {
  const accepted = new Set(Object.keys(BODY_TYPES));
  const groups = new BodyGroups();
  eachRecord(records, env, (r) => {
    const s = readHealthKitSample(r, env, accepted);
    if (!s) return;
    const spec = BODY_TYPES[s.sampleType]!;
    const q = readHealthKitQuantity(r, [], spec.resource, {
      required: true,
      plausible: spec.range ? { range: spec.range } : undefined,
    });
    if (!q) return;
    groups.add({
      id: s.uuid,
      ms: s.start.ms,
      source: s.source,
      zone: s.zone,
      offset: healthKitOffset(s, env, s.start.ms),
      field: spec.field,
      value: q.canonical,
    });
  });
  if (env.issues.count === 0) env.out.summaries.push(...groups.summaries());
};

/** HKBiologicalSex raw values and names. */
const SEXES = new Map<number | string, 'female' | 'male' | 'other'>([
  [1, 'female'],
  [2, 'male'],
  [3, 'other'],
  ['female', 'female'],
  ['male', 'male'],
  ['other', 'other'],
]);

/**
 * `profile`: HealthKit characteristics (`{sampleType: "HKCharacteristicTypeIdentifierBiologicalSex",
 * value: 1 | "female"}`, `...DateOfBirth` with `value: "YYYY-MM-DD"`, `...WheelchairUse` with `value: 2 |
 * true`) and height samples (`HKQuantityTypeIdentifierHeight`, the latest wins) → one profile summary.
 */
export const healthKitProfileMapper: ResourceMapper = (records, env) => {
  const fields: Record<string, unknown> = {};
  let latestHeight: { ms: number; cm: number; offset: number | null } | null = null;
  const heightType = new Set(['HKQuantityTypeIdentifierHeight']);
  eachRecord(records, env, (r) => {
    const type = r.string('sampleType', { required: true, max: 128 });
    if (type === null) return;
    switch (type) {
      case 'HKCharacteristicTypeIdentifierBiologicalSex': {
        const raw = r.value('value');
        if (raw === 0 || raw === 'notSet') return;
        const sex = typeof raw === 'number' || typeof raw === 'string' ? SEXES.get(raw) : undefined;
        if (!sex)
          return void r.fail(
            'value',
            'Input should be an HKBiologicalSex: 1 female, 2 male, 3 other',
            'enum',
          );
        fields.sex = sex;
        return;
      }
      case 'HKCharacteristicTypeIdentifierDateOfBirth': {
        const date = r.string('value', { required: true, max: 10 });
        if (date !== null && !isCalendarDate(date))
          return void r.fail('value', 'Input should be a date (YYYY-MM-DD)', 'date_parsing');
        fields.birth_date = date;
        return;
      }
      case 'HKCharacteristicTypeIdentifierWheelchairUse': {
        const raw = r.value('value');
        if (raw === 0 || raw === 'notSet') return;
        if (raw === 1 || raw === 'no' || raw === false) fields.wheelchair_use = false;
        else if (raw === 2 || raw === 'yes' || raw === true) fields.wheelchair_use = true;
        else r.fail('value', 'Input should be an HKWheelchairUse: 1 no, 2 yes', 'enum');
        return;
      }
      default: {
        const s = readHealthKitSample(r, env, heightType);
        if (!s) return;
        const q = readHealthKitQuantity(r, [], 'waist_circumference', {
          required: true,
          plausible: { range: [30, 275] },
        });
        if (q && (latestHeight === null || s.start.ms >= latestHeight.ms))
          latestHeight = { ms: s.start.ms, cm: q.canonical, offset: healthKitOffset(s, env, s.start.ms) };
      }
    }
  });
  if (env.issues.count > 0 || records.length === 0) return;
  const height = latestHeight as { ms: number; cm: number; offset: number | null } | null;
  if (height) fields.height = height.cm;
  env.out.summaries.push({
    kind: 'profile',
    source: sourceInput(env.provider, env.ctx, 'app', null),
    provider_id: 'profile',
    timestamp: height ? new Date(height.ms).toISOString() : null,
    timezone_offset: height?.offset ?? null,
    fields,
  });
};
