export {
  runQueries,
  runQuery,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  type AggregationResult,
  type RunQueriesInput,
  type RunQueryInput,
} from './run-query';
export {
  compileQuery,
  MAX_RESULT_ROWS,
  prioritisationNeeded,
  rankingApplies,
  sourcePairsStatement,
  type SourcePair,
  type CompiledColumn,
  type CompiledQuery,
  type CompileOptions,
} from './compile-query';
export { NotSupportedError } from './errors';
export { assertSupported, unsupportedIssues } from './unsupported';
export type { Sql, SqlValue } from './sql';
export type { Tenant } from './relation';
