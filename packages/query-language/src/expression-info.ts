/** Facts about expression nodes shared by the rules and the derivations: type, output name, identity. */
import type {
  AggregateArgNode,
  ColumnNode,
  GroupByItemNode,
  SelectItemNode,
  SubqueryNode,
  UnnestNode,
} from './ast';
import { MACRO_TYPES, type ValueType } from './catalog';
import { aggregateResultType } from './types';

type Expr = SelectItemNode | GroupByItemNode | AggregateArgNode;

/** The value type of an expression (group keys excluded: they take their group_by item's type). */
export function typeOf(node: Exclude<Expr, { kind: 'group_key' }>): ValueType | null {
  switch (node.kind) {
    case 'index_column':
    case 'date_trunc':
      return 'datetime';
    case 'date_part':
      return 'int64';
    case 'source_column':
      return 'string';
    case 'table_column':
    case 'timeseries_column':
      return node.type;
    case 'value_macro':
      return MACRO_TYPES.get(node.macro) ?? null;
    case 'aggregate': {
      const input = typeOf(node.arg);
      return input === null ? null : aggregateResultType(node.func, input);
    }
    case 'subquery':
      return subqueryType(node);
  }
}

export function subqueryType(node: SubqueryNode): ValueType | null {
  if (node.select.kind === 'placeholder' || node.select.arg === null) return 'int64';
  const input = node.select.arg.kind === 'element' ? elementType(node.from) : node.select.arg.type;
  return input === null ? null : aggregateResultType(node.select.func, input);
}

function elementType(from: UnnestNode): ValueType | null {
  return from.element.kind === 'scalar' ? from.element.type : null;
}

/** Output column name of a column expression (§5 "Output column names"). */
export function columnName(node: ColumnNode): string {
  switch (node.kind) {
    case 'table_column':
      return node.column;
    case 'value_macro':
      return node.macro;
    case 'index_column':
      return 'timestamp';
    case 'source_column':
      return node.column;
    case 'timeseries_column':
      return `${node.timeseries}.${node.field}`;
  }
}

/** `<func>.<column>[.<field>|.element]`; a placeholder select counts rows. */
export function subqueryName(node: SubqueryNode): string {
  const column = columnName(node.from.arg);
  if (node.select.kind === 'placeholder') return `count.${column}`;
  const { func, arg } = node.select;
  if (arg === null) return `${func}.${column}`;
  return arg.kind === 'element' ? `${func}.${column}.element` : `${func}.${column}.${arg.field}`;
}

/** Output name of a non-group-key select item. */
export function outputName(node: Exclude<SelectItemNode, { kind: 'group_key' }>): string {
  switch (node.kind) {
    case 'aggregate':
      return `${node.func}.${node.arg.kind === 'subquery' ? subqueryName(node.arg) : columnName(node.arg)}`;
    case 'subquery':
      return subqueryName(node);
    case 'index_column':
    case 'source_column':
    case 'table_column':
    case 'timeseries_column':
    case 'value_macro':
      return columnName(node);
  }
}

/** A location-free identity of a column / group_by expression, to tell whether two are the same. */
export function exprKey(node: Exclude<Expr, { kind: 'group_key' | 'aggregate' | 'subquery' }>): string {
  switch (node.kind) {
    case 'index_column':
      return `index:${node.index}`;
    case 'source_column':
      return `source:${node.column}`;
    case 'table_column':
      return `table:${node.table}.${node.column}`;
    case 'value_macro':
      return `macro:${node.macro}`;
    case 'timeseries_column':
      return `timeseries:${node.timeseries}.${node.field}`;
    case 'date_trunc':
      return `date_trunc:${node.period.value}${node.period.unit}`;
    case 'date_part':
      return `date_part:${node.part}`;
  }
}
