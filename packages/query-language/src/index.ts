export * from './ast';
export * from './catalog';
export { deriveQuery, type DerivedQuery, type OutputColumn } from './derive';
export {
  buildFhirObservations,
  fhirObservationIssues,
  fhirObservationPlan,
  FHIR_VITAL_SIGNS,
  GROUP_KEY_EXTENSION,
  LOINC_SYSTEM,
  OBSERVATION_CATEGORY_SYSTEM,
  UCUM_SYSTEM,
  type BuildObservationsContext,
  type FhirObservation,
  type FhirObservationPlan,
  type FhirValueColumn,
  type VitalSign,
} from './fhir-observations';
export { columnName, outputName, subqueryName, typeOf } from './expression-info';
export { MAX_ISSUES } from './issues';
export {
  parseQuery,
  MAX_GROUP_BY_ITEMS,
  MAX_SELECT_ITEMS,
  type ParseQueryOptions,
  type ParseQueryResult,
  type QueryMode,
} from './parse-query';
export {
  parseQueryBatch,
  parseQueryConfig,
  MAX_BATCH_QUERIES,
  MAX_PRIORITY_OVERRIDES,
  type ParseBatchResult,
  type QueryBatchAst,
  type QueryConfigNode,
  type RelativeTimeframeNode,
  type TimeframeNode,
} from './parse-batch';
export { formatPredicate } from './predicate/format-predicate';
export { MAX_PREDICATE_DEPTH, MAX_PREDICATE_LENGTH, MAX_PREDICATE_TOKENS } from './predicate/parse-predicate';
export { aggregateResultType } from './types';
export { queryToWire, toWire } from './wire';
