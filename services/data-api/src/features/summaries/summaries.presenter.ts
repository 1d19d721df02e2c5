import { isSourceType, type SummaryKind } from '@meridian/domain';
import type { components } from '../../generated/openapi';
import { providerObjectFor } from '../users/users.presenter';
import type { SummaryRecord } from './summaries.repository';
import { SUMMARY_FIELDS, type SummaryField } from './summary-fields';
import { formatUtcDateTime, renderShape } from './wire-shape';

/** Stored summaries → the wire shapes of api-shapes §4.4 (every listed key present, no other key). */

type Schemas = components['schemas'];

/** The response schema of each kind, generated from the OpenAPI document. */
export interface SummaryWireByKind {
  activity: Schemas['Activity'];
  body: Schemas['Body'];
  meal: Schemas['Meal'];
  profile: Schemas['Profile'];
  sleep: Schemas['Sleep'];
  workouts: Schemas['Workout'];
  sleep_cycle: Schemas['SleepCycle'];
  menstrual_cycle: Schemas['MenstrualCycle'];
  electrocardiogram: Schemas['Electrocardiogram'];
}

export type SummarySourceWire = Schemas['SummarySource'];

/** The source context; `name`/`slug`/`logo` are the deprecated provider fields from the catalog. */
export function toSummarySource(summary: SummaryRecord): SummarySourceWire {
  const provider = providerObjectFor(summary.provider);
  return {
    provider: summary.provider,
    type: isSourceType(summary.sourceType) ? summary.sourceType : 'unknown',
    app_id: summary.appId,
    name: provider.name,
    slug: provider.slug,
    logo: provider.logo,
    device_id: summary.deviceId,
    // Both describe workout-linked timeseries; a summary is never one.
    sport: null,
    workout_id: null,
  };
}

function fieldValue(f: SummaryField, summary: SummaryRecord): unknown {
  for (const source of f.sources) {
    const value = renderShape(f.shape, source(summary.payload, summary));
    if (value !== null) return value;
  }
  return null;
}

export function toSummaryWire<K extends SummaryKind>(kind: K, summary: SummaryRecord): SummaryWireByKind[K] {
  const fields = Object.fromEntries(SUMMARY_FIELDS[kind].map((f) => [f.name, fieldValue(f, summary)]));
  return {
    id: summary.id,
    user_id: summary.userId,
    ...fields,
    source: toSummarySource(summary),
    created_at: formatUtcDateTime(summary.createdAt),
    updated_at: formatUtcDateTime(summary.updatedAt),
  } as SummaryWireByKind[K];
}
