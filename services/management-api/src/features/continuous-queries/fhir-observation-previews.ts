/**
 * `fhir_observation_previews` of the validate endpoint: for each FHIR observation mapper the query outputs,
 * the output columns feeding it and one FHIR R4 vital-signs Observation built by the same code the
 * scheduler's runs use (`buildFhirObservations`), from an example row: the bucket containing the validation
 * time, an example value of the quantity, `Patient/example` as the subject and `example` for any partition
 * key. Only the example values differ from what a run writes.
 */
import {
  buildFhirObservations,
  fhirObservationPlan,
  FHIR_MAPPERS,
  type DerivedQuery,
  type FhirObservation,
  type FhirObservationMapper,
  type FhirObservationPlan,
  type QueryAst,
} from '@meridian/query-language';

export interface FhirObservationPreview {
  value_columns: string[];
  observation: FhirObservation;
}

const EXAMPLE_VALUES: Record<FhirObservationMapper, number> = {
  [FHIR_MAPPERS.bodyWeight]: 70.5,
  [FHIR_MAPPERS.heartRate]: 62,
  [FHIR_MAPPERS.respirationRate]: 14,
};

/** The start of the (single-unit) bucket holding `now`, as the engine writes group keys (local, no offset). */
function exampleBucket(unit: NonNullable<FhirObservationPlan['period']>['unit'], now: Date): string {
  const d = new Date(now.getTime());
  d.setUTCSeconds(0, 0);
  if (unit !== 'minute') d.setUTCMinutes(0);
  if (unit !== 'minute' && unit !== 'hour') d.setUTCHours(0);
  if (unit === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7)); // Monday
  if (unit === 'month' || unit === 'year') d.setUTCDate(1);
  if (unit === 'year') d.setUTCMonth(0);
  return d.toISOString().slice(0, 19);
}

/** Null when the query outputs nothing a mapper knows (no `fhir_observation_mappers`). */
export function fhirObservationPreviews(
  query: QueryAst,
  derived: DerivedQuery,
  now: Date = new Date(),
): Record<string, FhirObservationPreview> | null {
  const plan = fhirObservationPlan(query, derived);
  if (plan.columns.length === 0 || plan.period === null) return null;
  const previews: Record<string, FhirObservationPreview> = {};
  for (const mapper of derived.fhirObservationMappers) {
    const columns = plan.columns.filter((c) => c.mapper === mapper);
    const first = columns[0];
    if (!first) continue;
    const table: Record<string, unknown[]> = {
      [plan.period.column]: [exampleBucket(plan.period.unit, now)],
      [first.column]: [EXAMPLE_VALUES[mapper]],
      ...Object.fromEntries(plan.partitionColumns.map((c) => [c, ['example']])),
    };
    const [observation] = buildFhirObservations({ ...plan, columns: [first] }, table, {
      queryId: 'example',
      userId: 'example',
      issuedAt: now,
      timeZone: null,
    });
    if (observation) previews[mapper] = { value_columns: columns.map((c) => c.column), observation };
  }
  return Object.keys(previews).length === 0 ? null : previews;
}
