/** Aggregate functions → SQL (README "Aggregates"). Numbers are float8 throughout (exact for integers). */
import type { AggregateFunc, ValueType } from '@meridian/query-language';
import { sql, type Sql } from './sql';

/** `order` is the row order `oldest` / `newest` follow. */
export function aggregateSql(
  func: AggregateFunc,
  arg: Sql | null,
  argType: ValueType | null,
  order: { asc: Sql; desc: Sql },
): Sql {
  if (arg === null) return sql`count(*)::float8`;
  switch (func) {
    case 'mean':
      return sql`avg(${arg})::float8`;
    case 'min':
      return argType === 'bool' ? sql`bool_and(${arg})` : sql`min(${arg})`;
    case 'max':
      return argType === 'bool' ? sql`bool_or(${arg})` : sql`max(${arg})`;
    case 'sum':
      return sql`sum(${arg})::float8`;
    case 'count':
      return sql`count(${arg})::float8`;
    case 'median':
      return sql`(percentile_cont(0.5) within group (order by ${arg}))::float8`;
    case 'stddev':
      return sql`stddev_samp(${arg})::float8`;
    case 'oldest':
      return sql`(array_agg(${arg} order by ${order.asc}) filter (where ${arg} is not null))[1]`;
    case 'newest':
      return sql`(array_agg(${arg} order by ${order.desc}) filter (where ${arg} is not null))[1]`;
  }
}
