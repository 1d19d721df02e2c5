/**
 * Derivations of a validated query (api-shapes §5, §8.3): output columns in select order (`group_key: "*"`
 * expanded in group_by order), `result_table_schema`, `resource_dependencies`, `fhir_observation_mappers`.
 */
import type { Resource } from '@meridian/domain';
import type { AggregateArgNode, GroupByItemNode, Loc, QueryAst, SelectItemNode } from './ast';
import { FHIR_MAPPERS, TABLE_RESOURCES, type FhirObservationMapper, type ResultType } from './catalog';
import { outputName, typeOf } from './expression-info';

export interface OutputColumn {
  name: string;
  type: ResultType;
  /** The select item that produces the column. */
  loc: Loc;
  /** The expression computing it: the select item, or the group_by item of a group key. */
  expr: Exclude<SelectItemNode, { kind: 'group_key' }> | GroupByItemNode;
  /** The group_by offset when the column is a group key. */
  groupKey: number | null;
}

export interface DerivedQuery {
  outputColumns: OutputColumn[];
  /** Output column → type name, in output order. */
  resultTableSchema: Record<string, ResultType>;
  /** Sorted, de-duplicated. */
  resourceDependencies: Resource[];
  fhirObservationMappers: FhirObservationMapper[];
}

export function deriveQuery(query: QueryAst): DerivedQuery {
  const outputColumns = query.select.flatMap((item) => columnsOf(item, query.groupBy));
  // A null-prototype object: output names are user-influenced (`__proto__` cannot be one, but stay safe).
  const resultTableSchema = Object.create(null) as Record<string, ResultType>;
  for (const c of outputColumns) resultTableSchema[c.name] = c.type;
  return {
    outputColumns,
    resultTableSchema: { ...resultTableSchema },
    resourceDependencies: resourceDependencies(query),
    fhirObservationMappers: fhirMappers(outputColumns),
  };
}

function columnsOf(item: SelectItemNode, groupBy: GroupByItemNode[]): OutputColumn[] {
  if (item.kind === 'group_key') {
    const offsets = item.key === '*' ? groupBy.map((_, i) => i) : [item.key];
    return offsets.map((i) => {
      const expr = groupBy[i]!;
      return { name: `group_key.${i}`, type: resultType(typeOf(expr)), loc: item.loc, expr, groupKey: i };
    });
  }
  return [
    { name: outputName(item), type: resultType(typeOf(item)), loc: item.loc, expr: item, groupKey: null },
  ];
}

/** Validation guarantees every output is a result type; anything else is a bug, not input. */
function resultType(t: ReturnType<typeof typeOf>): ResultType {
  if (typeof t !== 'string') throw new Error('query-language: output column without a result type');
  return t;
}

function resourceDependencies(query: QueryAst): Resource[] {
  const deps = new Set<Resource>();
  if (query.source.kind === 'table')
    for (const r of TABLE_RESOURCES.get(query.source.table) ?? []) deps.add(r);
  else deps.add(query.source.timeseries as Resource);
  // Value macros read sleep sessions; they can only appear on the sleep index, but say so explicitly.
  const visit = (n: SelectItemNode | GroupByItemNode | AggregateArgNode) => {
    if (n.kind === 'value_macro') deps.add('sleep');
    if (n.kind === 'aggregate') visit(n.arg);
    if (n.kind === 'subquery' && n.from.arg.kind === 'value_macro') deps.add('sleep');
  };
  query.select.forEach(visit);
  query.groupBy.forEach(visit);
  return [...deps].sort();
}

type Quantity = 'bodyWeight' | 'heartRate' | 'respirationRate';

const HEART_RATE_COLUMNS = new Set([
  'heart_rate_mean',
  'heart_rate_minimum',
  'heart_rate_maximum',
  'heart_rate_resting',
]);

/** Aggregates whose result is still an observation of the quantity (a count or a sum is not). */
const VALUE_PRESERVING = new Set(['mean', 'min', 'max', 'median', 'oldest', 'newest']);

function quantityOf(expr: OutputColumn['expr'] | AggregateArgNode): Quantity | null {
  switch (expr.kind) {
    case 'aggregate':
      return VALUE_PRESERVING.has(expr.func) ? quantityOf(expr.arg) : null;
    case 'timeseries_column':
      if (expr.field !== 'value') return null;
      return expr.timeseries === 'weight'
        ? 'bodyWeight'
        : expr.timeseries === 'heartrate'
          ? 'heartRate'
          : expr.timeseries === 'respiratory_rate'
            ? 'respirationRate'
            : null;
    case 'table_column':
      if (expr.table === 'body' && expr.column === 'weight_kilogram') return 'bodyWeight';
      if (
        (expr.table === 'sleep' || expr.table === 'activity' || expr.table === 'workout') &&
        HEART_RATE_COLUMNS.has(expr.column)
      )
        return 'heartRate';
      if (expr.table === 'sleep' && expr.column === 'respiratory_rate') return 'respirationRate';
      return null;
    case 'date_part':
    case 'date_trunc':
    case 'index_column':
    case 'source_column':
    case 'subquery':
    case 'value_macro':
      return null;
  }
}

function fhirMappers(columns: OutputColumn[]): FhirObservationMapper[] {
  const found = new Set<Quantity>();
  for (const c of columns) {
    const q = quantityOf(c.expr);
    if (q) found.add(q);
  }
  const order: Quantity[] = ['bodyWeight', 'heartRate', 'respirationRate'];
  return order.filter((q) => found.has(q)).map((q) => FHIR_MAPPERS[q]);
}
