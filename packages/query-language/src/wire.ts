/**
 * Renders nodes back to their wire JSON (§5), normalised: defaults filled in (`version: "automatic"`,
 * period `value`), group keys as numbers or "*", unknown keys dropped. Used for issue `input` values and
 * for storing a query in its canonical form.
 */
import type {
  AggregateArgNode,
  AlignNode,
  GroupByItemNode,
  ListFieldNode,
  PeriodNode,
  QueryAst,
  SelectItemNode,
  UnnestNode,
} from './ast';
import { formatPredicate } from './predicate/format-predicate';

type Wire = Record<string, unknown>;

const period = (p: PeriodNode): Wire => ({ unit: p.unit, value: p.value });

export function toWire(node: SelectItemNode | GroupByItemNode | AggregateArgNode): Wire {
  switch (node.kind) {
    case 'group_key':
      return { group_key: node.key };
    case 'aggregate':
      return { func: node.func, arg: toWire(node.arg) };
    case 'index_column':
      return { index: node.index };
    case 'source_column':
      return { source: node.column };
    case 'table_column':
      return { [node.table]: node.column };
    case 'value_macro':
      return { value_macro: node.macro, version: node.version };
    case 'timeseries_column':
      return { timeseries: node.timeseries, field: node.field };
    case 'date_trunc':
      return {
        date_trunc: period(node.period),
        arg: node.arg.kind === 'placeholder' ? { placeholder: true } : toWire(node.arg),
      };
    case 'date_part':
      return {
        date_part: node.part,
        arg: node.arg.kind === 'placeholder' ? { placeholder: true } : toWire(node.arg),
      };
    case 'subquery':
      return {
        select:
          node.select.kind === 'placeholder'
            ? { placeholder: true }
            : { func: node.select.func, arg: node.select.arg === null ? null : fieldWire(node.select.arg) },
        from: unnestWire(node.from),
        where: node.where === null ? null : formatPredicate(node.where),
      };
  }
}

function fieldWire(arg: ListFieldNode | { kind: 'element' }): Wire {
  return arg.kind === 'element' ? { element: true } : { field_for: 'menstrual_cycle', [arg.list]: arg.field };
}

function unnestWire(u: UnnestNode): Wire {
  return { unnest: toWire(u.arg) };
}

function alignWire(a: AlignNode): Wire {
  const key = a.mode === 'carry_nearest' ? 'span' : 'max_age';
  return { carry: { mode: a.mode, [key]: a.limit === null ? null : period(a.limit) } };
}

/** The whole query in canonical wire form (WHERE re-rendered fully parenthesised). */
export function queryToWire(q: QueryAst): Wire {
  return {
    select: q.select.map(toWire),
    group_by: q.groupBy.map(toWire),
    where: q.where === null ? null : formatPredicate(q.where),
    align: q.align === null ? null : alignWire(q.align),
  };
}
