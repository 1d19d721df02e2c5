import { BodyGroups } from '../common/body';
import { eachRecord, type ResourceMapper } from '../common/env';
import type { Plausible } from '../common/measure';
import { sourceInput } from '../common/source';
import {
  healthConnectOffset,
  readHealthConnectRecord,
  readHealthConnectValue,
  type ValueKind,
} from './health-connect-record';

const BODY_RECORDS: Readonly<
  Record<string, { field: string; value: string; resource: string; kind: ValueKind; plausible?: Plausible }>
> = {
  Weight: {
    field: 'weight',
    value: 'weight',
    resource: 'weight',
    kind: 'mass',
    plausible: { range: [0.5, 650] },
  },
  BodyFat: {
    field: 'fat',
    value: 'percentage',
    resource: 'fat',
    kind: 'percentage',
    plausible: { range: [1, 80] },
  },
  LeanBodyMass: { field: 'lean_body_mass_kilogram', value: 'mass', resource: 'lean_body_mass', kind: 'mass' },
};

/** `body`: Weight, BodyFat and LeanBodyMass records → body summaries, one per source and instant. */
export const healthConnectBodyMapper: ResourceMapper = (records, env) => {
  const accepted = new Map(Object.keys(BODY_RECORDS).map((t) => [t, 'instant' as const]));
  const groups = new BodyGroups();
  eachRecord(records, env, (r) => {
    const rec = readHealthConnectRecord(r, env, accepted);
    if (!rec) return;
    const spec = BODY_RECORDS[rec.recordType]!;
    const v = readHealthConnectValue(r, spec.value, spec.resource, spec.kind, spec.plausible);
    if (!v) return;
    groups.add({
      id: rec.id,
      ms: rec.start.ms,
      source: rec.source,
      zone: null,
      offset: healthConnectOffset(rec, env, rec.start.ms),
      field: spec.field,
      value: v.canonical,
    });
  });
  if (env.issues.count === 0) env.out.summaries.push(...groups.summaries());
};

/** `profile`: `Height` records (the latest wins) → the profile's height; Health Connect keeps no sex or birth date. */
export const healthConnectProfileMapper: ResourceMapper = (records, env) => {
  const accepted = new Map([['Height', 'instant' as const]]);
  let latest: { ms: number; cm: number; offset: number | null } | null = null;
  eachRecord(records, env, (r) => {
    const rec = readHealthConnectRecord(r, env, accepted);
    if (!rec) return;
    const v = readHealthConnectValue(r, 'height', 'waist_circumference', 'length', { range: [30, 275] });
    if (v && (latest === null || rec.start.ms >= latest.ms))
      latest = { ms: rec.start.ms, cm: v.canonical, offset: healthConnectOffset(rec, env, rec.start.ms) };
  });
  const height = latest as { ms: number; cm: number; offset: number | null } | null;
  if (env.issues.count > 0 || height === null) return;
  env.out.summaries.push({
    kind: 'profile',
    source: sourceInput(env.provider, env.ctx, 'app', null),
    provider_id: 'profile',
    timestamp: new Date(height.ms).toISOString(),
    timezone_offset: height.offset,
    fields: { height: height.cm },
  });
};
