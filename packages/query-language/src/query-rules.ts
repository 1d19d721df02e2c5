/**
 * The rules of §5 that need the whole query: the one index it reads, group-key offsets, date_trunc
 * counts per mode, grouping, ALIGN, duplicate output names and the WHERE columns. Each violation is
 * reported at the element that breaks the rule.
 */
import type {
  AggregateArgNode,
  AlignNode,
  ColumnNode,
  GroupByItemNode,
  Loc,
  PredicateNode,
  QuerySource,
  SelectItemNode,
} from './ast';
import {
  MACRO_TYPES,
  VALUE_MACROS,
  periodCovers,
  sourceColumnsOf,
  tableColumns,
  timeseriesFields,
  type ValueType,
} from './catalog';
import { at } from './expressions';
import { exprKey, outputName, typeOf } from './expression-info';
import { type Issues, quote } from './issues';
import { toWire } from './wire';
import { parsePredicate, type PredicateScope } from './predicate/parse-predicate';
import type { QueryMode } from './parse-query';
import { aggregateResultType } from './types';

export interface PartialQuery {
  /** The query object as sent (for issue inputs). */
  raw: Record<string, unknown>;
  base: Loc;
  mode: QueryMode;
  select: (SelectItemNode | null)[];
  groupBy: (GroupByItemNode | null)[];
  align: AlignNode | null;
  alignGiven: boolean;
  whereText: string | null;
  whereLoc: Loc;
}

/** Every select and group_by item was read: rules about what is absent would otherwise misfire. */
const complete = (q: PartialQuery) => !q.select.includes(null) && !q.groupBy.includes(null);

export function checkQueryRules(
  q: PartialQuery,
  issues: Issues,
): { source: QuerySource; where: PredicateNode | null } | null {
  const source = resolveSource(q, issues);
  if (source) checkSourceColumns(q, source, issues);
  checkGroupKeys(q, issues);
  checkDateTruncs(q, issues);
  checkValueTypes(q, issues);
  checkGrouping(q, issues);
  checkAlign(q, issues);
  checkOutputNames(q, issues);
  let where: PredicateNode | null = null;
  if (q.whereText !== null) where = parsePredicate(q.whereText, q.whereLoc, queryScope(source), issues);
  return source ? { source, where } : null;
}

// --- the index a query reads ------------------------------------------------------------------------

type Claim = { source: QuerySource | { kind: 'timeseries'; timeseries: null }; loc: Loc; input: unknown };

function claimsOf(node: SelectItemNode | GroupByItemNode | AggregateArgNode): Claim[] {
  switch (node.kind) {
    case 'table_column':
      return [{ source: { kind: 'table', table: node.table }, loc: node.loc, input: toWire(node) }];
    case 'value_macro':
      return [{ source: { kind: 'table', table: 'sleep' }, loc: node.loc, input: toWire(node) }];
    case 'timeseries_column':
      return [
        { source: { kind: 'timeseries', timeseries: node.timeseries }, loc: node.loc, input: toWire(node) },
      ];
    case 'index_column':
      return [
        {
          source:
            node.index === 'timeseries'
              ? { kind: 'timeseries', timeseries: null }
              : { kind: 'table', table: node.index },
          loc: node.loc,
          input: toWire(node),
        },
      ];
    case 'date_trunc':
    case 'date_part':
      return node.arg.kind === 'index_column' ? claimsOf(node.arg) : [];
    case 'aggregate':
      return claimsOf(node.arg);
    case 'subquery':
      return claimsOf(node.from.arg);
    case 'source_column':
    case 'group_key':
      return [];
  }
}

const describeSource = (s: Claim['source']) =>
  s.kind === 'table'
    ? `the '${s.table}' index`
    : s.timeseries === null
      ? 'a timeseries'
      : `the '${s.timeseries}' timeseries`;

function resolveSource(q: PartialQuery, issues: Issues): QuerySource | null {
  let current: Claim | null = null;
  let conflict = false;
  // group_by first: the date_trunc's index is what a reader takes the query to be about.
  const items = [...q.groupBy, ...q.select].filter((n) => n !== null);
  for (const item of items) {
    for (const claim of claimsOf(item)) {
      if (current === null) {
        current = claim;
        continue;
      }
      const a: Claim['source'] = current.source;
      const b: Claim['source'] = claim.source;
      if (a.kind === 'table' && b.kind === 'table' && a.table === b.table) continue;
      if (a.kind === 'timeseries' && b.kind === 'timeseries') {
        if (b.timeseries === null || a.timeseries === b.timeseries) continue;
        if (a.timeseries === null) {
          current = claim;
          continue;
        }
      }
      conflict = true;
      issues.add(
        claim.loc,
        `this query reads ${describeSource(a)} (${current.loc.slice(q.base.length).join('.')}); it cannot also read ${describeSource(b)}: a query reads one index`,
        'mixed_index',
        claim.input,
      );
    }
  }
  if (conflict) return null;
  if (current === null) {
    if (!complete(q)) return null;
    issues.add(
      at(q.base, 'select'),
      'the query names no index: select or group by a column of an index (e.g. {sleep: ...}, {timeseries: ..., field: ...}, {value_macro: ...})',
      'missing_index',
      q.raw['select'],
    );
    return null;
  }
  const s = current.source;
  if (s.kind === 'timeseries' && s.timeseries === null) {
    issues.add(
      current.loc,
      "an {index: 'timeseries'} query must name its timeseries with a {timeseries, field} expression",
      'missing_index',
      'timeseries',
    );
    return null;
  }
  return s;
}

function checkSourceColumns(q: PartialQuery, source: QuerySource, issues: Issues): void {
  const allowedColumns = sourceColumnsOf(
    source.kind === 'table' ? { kind: 'table', table: source.table } : { kind: 'timeseries' },
  );
  for (const item of [...q.select, ...q.groupBy]) {
    if (item?.kind !== 'source_column' || allowedColumns.has(item.column)) continue;
    const where = source.kind === 'table' ? `the '${source.table}' index` : 'this timeseries';
    issues.add(
      at(item.loc, 'source'),
      `${where} has no source column '${item.column}'`,
      'unknown_column',
      item.column,
      {
        column: item.column,
      },
    );
  }
}

// --- group keys and date_trunc ----------------------------------------------------------------------

function checkGroupKeys(q: PartialQuery, issues: Issues): void {
  for (const item of q.select) {
    if (item?.kind !== 'group_key' || item.key === '*' || item.key < q.groupBy.length) continue;
    issues.add(
      at(item.loc, 'group_key'),
      `group_key ${item.key} is out of range: group_by has ${q.groupBy.length} item(s) (0-based offsets)`,
      'group_key_out_of_range',
      item.key,
      { group_by_length: q.groupBy.length },
    );
  }
}

function checkDateTruncs(q: PartialQuery, issues: Issues): void {
  const truncs = q.groupBy.filter((g) => g?.kind === 'date_trunc');
  if (q.mode === 'synchronous') {
    for (const extra of truncs.slice(1))
      issues.add(
        extra.loc,
        'a query may group by at most one date_trunc',
        'date_trunc_count',
        toWire(extra),
        {
          max: 1,
        },
      );
    return;
  }
  if (truncs.length === 0 && complete(q))
    issues.add(
      at(q.base, 'group_by'),
      'a continuous query must group by exactly one date_trunc',
      'date_trunc_count',
      q.raw['group_by'] ?? null,
      { expected: 1 },
    );
  for (const extra of truncs.slice(1))
    issues.add(
      extra.loc,
      'a continuous query must group by exactly one date_trunc',
      'date_trunc_count',
      toWire(extra),
      {
        expected: 1,
      },
    );
  if (complete(q) && !q.select.some((s) => s?.kind === 'group_key' && s.key === '*'))
    issues.add(
      at(q.base, 'select'),
      'a continuous query must select {"group_key": "*"}',
      'group_key_star_required',
      q.raw['select'],
    );
}

// --- types, grouping, ALIGN, names ------------------------------------------------------------------

function checkValueTypes(q: PartialQuery, issues: Issues): void {
  q.select.forEach((item) => {
    if (!item || item.kind === 'group_key') return;
    if (item.kind === 'aggregate') {
      const input = typeOf(item.arg);
      if (input !== null && aggregateResultType(item.func, input) === null)
        issues.add(
          at(item.loc, 'arg'),
          `'${item.func}' cannot aggregate ${describeType(input)} ('${outputName(item)}')`,
          'aggregate_type',
          toWire(item.arg),
          { func: item.func },
        );
      return;
    }
    const t = typeOf(item);
    if (t !== null && typeof t !== 'string')
      issues.add(
        item.loc,
        `'${outputName(item)}' is a list of records; read it through a subquery ({select, from: {unnest}})`,
        'list_column',
        toWire(item),
      );
  });
  for (const item of q.groupBy) {
    if (!item) continue;
    const t = typeOf(item);
    if (t !== null && (typeof t !== 'string' || t === 'list<string>'))
      issues.add(item.loc, 'a list column cannot be a group_by item', 'list_column', toWire(item));
  }
}

const describeType = (t: ValueType) => (typeof t === 'string' ? `${t} values` : `the '${t.list}' list`);

const groupByKeys = (q: PartialQuery) => q.groupBy.map((g) => (g ? exprKey(g) : null));

/** A query that groups or aggregates may select only group keys, grouped columns and aggregates. */
function checkGrouping(q: PartialQuery, issues: Issues): void {
  const aggregating = q.groupBy.length > 0 || q.select.some((s) => s?.kind === 'aggregate');
  if (!aggregating) return;
  const keys = new Set(groupByKeys(q));
  for (const item of q.select) {
    if (!item || item.kind === 'group_key' || item.kind === 'aggregate') continue;
    if (item.kind !== 'subquery' && keys.has(exprKey(item))) continue;
    issues.add(
      item.loc,
      `'${outputName(item)}' must be aggregated ({func, arg}) or be a group_by item, because the query groups or aggregates`,
      'not_grouped',
      toWire(item),
    );
  }
}

function checkAlign(q: PartialQuery, issues: Issues): void {
  const align = q.align;
  if (!align) return;
  const trunc = q.groupBy.find((g) => g?.kind === 'date_trunc');
  if (!trunc || trunc.kind !== 'date_trunc') {
    if (complete(q))
      issues.add(
        align.loc,
        'align needs a date_trunc in group_by',
        'align_requires_date_trunc',
        q.groupBy.filter((g) => g !== null).map(toWire),
      );
  } else if (align.limit && !periodCovers(align.limit, trunc.period)) {
    const key = align.mode === 'carry_nearest' ? 'span' : 'max_age';
    issues.add(
      align.limit.loc,
      `${key} (${align.limit.value} ${align.limit.unit}) must be at least the truncation period (${trunc.period.value} ${trunc.period.unit})`,
      'align_period_too_short',
      { unit: align.limit.unit, value: align.limit.value },
      { truncation: { unit: trunc.period.unit, value: trunc.period.value } },
    );
  }
  for (const item of q.groupBy) {
    if (item?.kind === 'date_part')
      issues.add(
        item.loc,
        'date_part cannot be mixed with date_trunc when align is set',
        'align_date_part',
        toWire(item),
      );
  }
  const star = q.select.some((s) => s?.kind === 'group_key' && s.key === '*');
  const selectedKeys = new Set(
    q.select.flatMap((s) =>
      s?.kind === 'group_key'
        ? [`#${s.key}`]
        : s && s.kind !== 'aggregate' && s.kind !== 'subquery'
          ? [exprKey(s)]
          : [],
    ),
  );
  q.groupBy.forEach((item, i) => {
    if (!item || star || selectedKeys.has(`#${i}`) || selectedKeys.has(exprKey(item))) return;
    issues.add(
      item.loc,
      `with align every group_by item must be selected; add {"group_key": ${i}} or {"group_key": "*"}`,
      'align_group_key_not_selected',
      toWire(item),
    );
  });
}

function checkOutputNames(q: PartialQuery, issues: Issues): void {
  const seen = new Set<string>();
  for (const item of q.select) {
    if (!item) continue;
    const names =
      item.kind === 'group_key'
        ? item.key === '*'
          ? q.groupBy.map((_, i) => `group_key.${i}`)
          : [`group_key.${item.key}`]
        : [outputName(item)];
    for (const name of names) {
      if (seen.has(name))
        issues.add(item.loc, `duplicate output column ${quote(name)}`, 'duplicate_column', toWire(item), {
          column: name,
        });
      seen.add(name);
    }
  }
}

// --- WHERE ------------------------------------------------------------------------------------------

/** Names a query's WHERE can use: the columns of its index, its source columns, value macros on sleep. */
function queryScope(source: QuerySource | null): PredicateScope {
  if (source === null)
    // The index is unknown (already reported): check the syntax only.
    return { description: 'the query', column: () => undefined, element: undefined, lenient: true };
  if (source.kind === 'timeseries') {
    const fields = timeseriesFields(source.timeseries)!;
    return {
      description: `the '${source.timeseries}' timeseries (fields: ${[...fields.keys()].join(', ')})`,
      column: (name, loc) => {
        const type = fields.get(name);
        if (type === undefined) return undefined;
        const ref: ColumnNode = {
          kind: 'timeseries_column',
          timeseries: source.timeseries,
          field: name,
          type,
          loc,
        };
        return { ref, type };
      },
      element: undefined,
    };
  }
  const table = source.table;
  const columns = tableColumns(table);
  return {
    description:
      table === 'sleep'
        ? `the 'sleep' index or a value macro (${VALUE_MACROS.join(', ')})`
        : `the '${table}' index`,
    column: (name, loc) => {
      const type = columns.get(name);
      if (type !== undefined) return { ref: { kind: 'table_column', table, column: name, type, loc }, type };
      const macroType = table === 'sleep' ? MACRO_TYPES.get(name as never) : undefined;
      if (macroType !== undefined)
        return {
          ref: {
            kind: 'value_macro',
            macro: name as (typeof VALUE_MACROS)[number],
            version: 'automatic',
            loc,
          },
          type: macroType,
        };
      return undefined;
    },
    element: undefined,
  };
}
