/**
 * The typed tree of a parsed query (api-shapes §5). Every node is a discriminated union member (`kind`)
 * and carries `loc`, the JSON path of the element it came from (base path included, array positions as
 * decimal strings), so later stages (SQL compiler, scheduler) can report problems exactly where they are.
 * A tree returned with `ok: true` has passed every rule of §5; its names are resolved and typed.
 */
import type {
  AggregateFunc,
  DatePart,
  IndexName,
  MacroName,
  McListName,
  PeriodUnit,
  ResultType,
  SourceColumnName,
  TableName,
  ValueType,
} from './catalog';

/** JSON path of a node: `["body","query","select","1","arg"]`. */
export type Loc = readonly string[];

interface NodeBase {
  loc: Loc;
}

/** `{placeholder: true}`: a slot the server fills (see README "Placeholders"). */
export interface PlaceholderNode extends NodeBase {
  kind: 'placeholder';
}

/** `{unit, value}`; `value` defaults to 1. */
export interface PeriodNode extends NodeBase {
  kind: 'period';
  unit: PeriodUnit;
  value: number;
}

// --- column expressions -----------------------------------------------------------------------------

/** `{index: "sleep"}`: the index's own timestamp (output name `timestamp`). */
export interface IndexColumnNode extends NodeBase {
  kind: 'index_column';
  index: IndexName;
}

/** `{source: "source_provider"}`. */
export interface SourceColumnNode extends NodeBase {
  kind: 'source_column';
  column: SourceColumnName;
}

/** `{sleep: "duration_second"}` and the other summary tables. */
export interface TableColumnNode extends NodeBase {
  kind: 'table_column';
  table: TableName;
  column: string;
  type: ValueType;
}

/** `{value_macro: "sleep_score", version: "automatic"}`. */
export interface ValueMacroNode extends NodeBase {
  kind: 'value_macro';
  macro: MacroName;
  version: 'automatic';
}

/** `{timeseries: "heartrate", field: "value"}`. */
export interface TimeseriesColumnNode extends NodeBase {
  kind: 'timeseries_column';
  timeseries: string;
  field: string;
  type: ResultType;
}

/** `{group_key: "*" | n}`: `"*"` selects every group key, a number one key (0-based into group_by). */
export interface GroupKeyNode extends NodeBase {
  kind: 'group_key';
  key: '*' | number;
}

/** `{date_trunc: Period, arg}`: bucket start in the user's local time. */
export interface DateTruncNode extends NodeBase {
  kind: 'date_trunc';
  period: PeriodNode;
  arg: IndexColumnNode | PlaceholderNode;
}

/** `{date_part: "weekday", arg}`. */
export interface DatePartNode extends NodeBase {
  kind: 'date_part';
  part: DatePart;
  arg: IndexColumnNode | PlaceholderNode;
}

/** `{func, arg}` in a select list. */
export interface AggregateNode extends NodeBase {
  kind: 'aggregate';
  func: AggregateFunc;
  arg: AggregateArgNode;
}

// --- subqueries over list columns -------------------------------------------------------------------

/** `{menstrual_flow: "flow"}` (optionally `field_for: "menstrual_cycle"`): a field of a list record. */
export interface ListFieldNode extends NodeBase {
  kind: 'list_field';
  list: McListName;
  field: string;
  type: ResultType;
}

/** `{element: true}`: the element itself of a scalar list (note tags). */
export interface ElementNode extends NodeBase {
  kind: 'element';
}

/** `{func, arg?}` inside a subquery; `arg: null` counts the list's rows (only with `count`). */
export interface AggregateFieldNode extends NodeBase {
  kind: 'aggregate_field';
  func: AggregateFunc;
  arg: ListFieldNode | ElementNode | null;
}

/** `{unnest: column}`: the list column a subquery reads. */
export interface UnnestNode extends NodeBase {
  kind: 'unnest';
  arg: TableColumnNode | ValueMacroNode | TimeseriesColumnNode;
  /** What one element of the list is: a record of a menstrual-cycle list, or a scalar. */
  element: { kind: 'record'; list: McListName } | { kind: 'scalar'; type: ResultType };
}

/** `{select, from, where?}`: one scalar per row, aggregated over a list column of that row. */
export interface SubqueryNode extends NodeBase {
  kind: 'subquery';
  /** A placeholder `select` is read as `count` of the rows (README). */
  select: AggregateFieldNode | PlaceholderNode;
  from: UnnestNode;
  where: PredicateNode | null;
}

// --- unions per position ----------------------------------------------------------------------------

/** Expressions that name a value of the current row. */
export type ColumnNode =
  IndexColumnNode | SourceColumnNode | TableColumnNode | ValueMacroNode | TimeseriesColumnNode;

export type AggregateArgNode =
  ValueMacroNode | TableColumnNode | TimeseriesColumnNode | IndexColumnNode | SubqueryNode;

export type SelectItemNode = GroupKeyNode | AggregateNode | ColumnNode | SubqueryNode;

export type GroupByItemNode =
  DateTruncNode | DatePartNode | SourceColumnNode | TableColumnNode | ValueMacroNode | TimeseriesColumnNode;

/** `{carry: {mode, max_age | span}}`: post-aggregation gap filling. */
export interface AlignNode extends NodeBase {
  kind: 'align';
  mode: 'carry_forward' | 'carry_backward' | 'carry_nearest';
  /** `max_age` for carry_forward / carry_backward, `span` for carry_nearest; null = unbounded. */
  limit: PeriodNode | null;
}

// --- WHERE predicates -------------------------------------------------------------------------------

/** Character offsets `[start, end)` into the WHERE string. */
export interface Span {
  start: number;
  end: number;
}

interface PredicateBase extends NodeBase {
  /** loc of the WHERE string itself; `span` locates the node inside it. */
  span: Span;
}

export interface OrNode extends PredicateBase {
  kind: 'or';
  operands: PredicateNode[];
}
export interface AndNode extends PredicateBase {
  kind: 'and';
  operands: PredicateNode[];
}
export interface NotNode extends PredicateBase {
  kind: 'not';
  operand: PredicateNode;
}

export const COMPARISON_OPS = ['>', '>=', '<', '<=', '=', '!='] as const;
export type ComparisonOp = (typeof COMPARISON_OPS)[number];

export interface ComparisonNode extends PredicateBase {
  kind: 'comparison';
  op: ComparisonOp;
  left: OperandNode;
  right: OperandNode;
}

export type PredicateNode = OrNode | AndNode | NotNode | ComparisonNode;

/** A column named in a predicate, resolved against the query's index (or the subquery's list). */
export interface ColumnOperandNode extends PredicateBase {
  kind: 'column';
  name: string;
  ref: ColumnNode | ListFieldNode;
  type: ValueType;
}
export interface ElementOperandNode extends PredicateBase {
  kind: 'element';
  type: ResultType;
}
export interface NumberOperandNode extends PredicateBase {
  kind: 'number';
  value: number;
  /** The literal as written, for exact binding of decimals. */
  text: string;
}
export interface StringOperandNode extends PredicateBase {
  kind: 'string';
  value: string;
}
export interface BooleanOperandNode extends PredicateBase {
  kind: 'boolean';
  value: boolean;
}
export type OperandNode =
  ColumnOperandNode | ElementOperandNode | NumberOperandNode | StringOperandNode | BooleanOperandNode;

// --- query ------------------------------------------------------------------------------------------

/** The single relation a query reads: a summary table or one timeseries. */
export type QuerySource = { kind: 'table'; table: TableName } | { kind: 'timeseries'; timeseries: string };

export interface QueryAst extends NodeBase {
  kind: 'query';
  source: QuerySource;
  select: SelectItemNode[];
  groupBy: GroupByItemNode[];
  where: PredicateNode | null;
  align: AlignNode | null;
}
