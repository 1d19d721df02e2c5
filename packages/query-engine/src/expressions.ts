/** Row-level expressions (columns, macros, date_trunc/date_part, subqueries) → SQL over the row `r`. */
import {
  type ColumnNode,
  type DatePartNode,
  type DateTruncNode,
  type ListFieldNode,
  type SubqueryNode,
} from '@meridian/query-language';
import { aggregateSql } from './aggregates';
import { bucketSql, datePartSql } from './buckets';
import { indexColumnSql, sourceColumnSql, tableColumnSql, timeseriesColumnSql } from './columns';
import { macroSql } from './macros';
import { predicateSql, type ElementScope } from './predicate';
import { nameLiteral, raw, sql, type Sql } from './sql';

export type RowExpression = ColumnNode | DateTruncNode | DatePartNode | SubqueryNode;

export function expressionSql(node: RowExpression): Sql {
  switch (node.kind) {
    case 'index_column':
      return indexColumnSql(node);
    case 'source_column':
      return sourceColumnSql(node);
    case 'table_column':
      return tableColumnSql(node);
    case 'timeseries_column':
      return timeseriesColumnSql(node);
    case 'value_macro':
      return macroSql(node.macro);
    case 'date_trunc':
      return bucketSql(node.period, raw('r._local'));
    case 'date_part':
      return datePartSql(node.part, raw('r._local'));
    case 'subquery':
      return subquerySql(node);
  }
}

/** A list record's field (alias `e.value` jsonb), typed like the catalogue says. */
function listFieldSql(node: ListFieldNode): Sql {
  const key = nameLiteral(node.field);
  const v = sql`(e.value->${key})`;
  const type = node.type;
  if (type === 'date')
    return sql`(case when jsonb_typeof(${v}) = 'string' and (${v} #>> '{}') ~ '^\\d{4}-\\d{2}-\\d{2}$' then (${v} #>> '{}')::date end)`;
  if (type === 'float64' || type === 'int64')
    return sql`(case when jsonb_typeof(${v}) = 'number' then (${v} #>> '{}')::float8 end)`;
  if (type === 'bool')
    return sql`(case when jsonb_typeof(${v}) = 'boolean' then (${v} #>> '{}')::boolean end)`;
  return sql`(case when jsonb_typeof(${v}) = 'string' then ${v} #>> '{}' end)`;
}

const RECORD_SCOPE: ElementScope = {
  field: listFieldSql,
  element: () => raw('e.value'),
};
const SCALAR_SCOPE: ElementScope = {
  field: () => {
    throw new Error('query-engine: a list field on a scalar list');
  },
  element: () => raw('e.value'),
};

/** `{select, from: {unnest}, where}`: one scalar per row from a correlated subquery over the list. */
function subquerySql(node: SubqueryNode): Sql {
  const list = expressionSql(node.from.arg);
  const record = node.from.element.kind === 'record';
  const from = record
    ? sql`jsonb_array_elements(coalesce(${list}, '[]'::jsonb)) with ordinality as e(value, o)`
    : sql`unnest(coalesce(${list}, '{}'::text[])) with ordinality as e(value, o)`;
  const scope = record ? RECORD_SCOPE : SCALAR_SCOPE;
  const select = node.select;
  let aggregate: Sql;
  if (select.kind === 'placeholder' || select.arg === null) {
    aggregate = raw('count(*)::float8');
  } else {
    const arg = select.arg.kind === 'element' ? scope.element() : scope.field(select.arg);
    const argType = select.arg.kind === 'element' ? typeOfElement(node) : select.arg.type;
    aggregate = aggregateSql(select.func, arg, argType, { asc: raw('e.o'), desc: raw('e.o desc') });
  }
  const where = node.where ? sql` where ${predicateSql(node.where, scope)}` : raw('');
  return sql`(select ${aggregate} from ${from}${where})`;
}

function typeOfElement(node: SubqueryNode) {
  return node.from.element.kind === 'scalar' ? node.from.element.type : null;
}
