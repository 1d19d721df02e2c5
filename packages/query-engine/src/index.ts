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
  type CompiledColumn,
  type CompiledQuery,
  type CompileOptions,
} from './compile-query';
export { NotSupportedError } from './errors';
export type { Sql, SqlValue } from './sql';
export type { Tenant } from './relation';
