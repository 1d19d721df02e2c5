/** Result types of aggregates (api-shapes §5 `result_table_schema`). */
import { isNumericType, type AggregateFunc, type ResultType, type ValueType } from './catalog';

/**
 * The type `func` yields over values of type `input`, or null when it cannot aggregate them:
 * mean / median / stddev → float64 and sum (int64 on integer input, else float64) need numbers;
 * count → int64 over anything; min / max / oldest / newest keep the input type (not lists).
 */
export function aggregateResultType(func: AggregateFunc, input: ValueType): ResultType | null {
  switch (func) {
    case 'count':
      return 'int64';
    case 'mean':
    case 'median':
    case 'stddev':
      return isNumericType(input) ? 'float64' : null;
    case 'sum':
      return isNumericType(input) ? input : null;
    case 'min':
    case 'max':
    case 'oldest':
    case 'newest':
      return typeof input === 'string' && input !== 'list<string>' ? input : null;
  }
}
