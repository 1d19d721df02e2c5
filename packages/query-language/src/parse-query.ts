/**
 * `parseQuery`: one §5 `Query` from untrusted JSON to a validated, typed tree plus its derivations, or
 * every issue found (bounded). Never throws on any JSON value.
 */
import type { ValidationIssue } from '@meridian/domain';
import type { AlignNode, GroupByItemNode, Loc, QueryAst, SelectItemNode } from './ast';
import { deriveQuery, type DerivedQuery } from './derive';
import { ExpressionReader, at } from './expressions';
import { Issues } from './issues';
import { get, has, isObject, jsonType } from './json';
import { checkQueryRules } from './query-rules';

/** Most select items in one query. */
export const MAX_SELECT_ITEMS = 64;
/** Most group_by items in one query. */
export const MAX_GROUP_BY_ITEMS = 16;

/**
 * `continuous`: a continuous query (exactly one date_trunc, `{group_key: "*"}` selected).
 * `synchronous`: a query of `POST /aggregate/v1/user/{id}/query` (at most one date_trunc).
 */
export type QueryMode = 'continuous' | 'synchronous';

export interface ParseQueryOptions {
  /** JSON path of the query in the request, e.g. `["body","query"]`; prefixes every issue's loc. */
  basePath: readonly (string | number)[];
  /** Defaults to `continuous`. */
  mode?: QueryMode;
}

export type ParseQueryResult =
  { ok: true; query: QueryAst; derived: DerivedQuery } | { ok: false; issues: ValidationIssue[] };

export function parseQuery(json: unknown, options: ParseQueryOptions): ParseQueryResult {
  const issues = new Issues();
  const query = readQuery(json, options.basePath.map(String), options.mode ?? 'continuous', issues);
  if (!query || issues.count > 0) return { ok: false, issues: issues.items };
  return { ok: true, query, derived: deriveQuery(query) };
}

/** Reads and validates one query into `issues`; null when it is not usable. Shared with the batch reader. */
export function readQuery(json: unknown, base: Loc, mode: QueryMode, issues: Issues): QueryAst | null {
  if (!isObject(json)) {
    issues.add(base, `the query must be an object, not ${jsonType(json)}`, 'dict_type', json);
    return null;
  }
  const reader = new ExpressionReader(issues);
  const before = issues.count;
  const select = readSelect(json, base, reader, issues);
  const groupBy = readGroupBy(json, base, reader, issues);
  const alignRaw = get(json, 'align');
  const align: AlignNode | null =
    alignRaw === undefined || alignRaw === null ? null : reader.align(alignRaw, at(base, 'align'));
  const whereRaw = get(json, 'where');
  const whereLoc = at(base, 'where');
  let whereText: string | null = null;
  if (whereRaw !== undefined && whereRaw !== null) {
    if (typeof whereRaw !== 'string')
      issues.add(whereLoc, `where must be a string, not ${jsonType(whereRaw)}`, 'string_type', whereRaw);
    // A blank WHERE is no WHERE (a form that sends "" when the field is empty).
    else if (whereRaw.trim() !== '') whereText = whereRaw;
  }
  if (select === null || groupBy === null) return null;

  const partial = {
    raw: json,
    base,
    mode,
    select,
    groupBy,
    align,
    alignGiven: alignRaw !== undefined && alignRaw !== null,
    whereText,
    whereLoc,
  };
  const checked = checkQueryRules(partial, issues);
  if (!checked || issues.count > before) return null;
  return {
    kind: 'query',
    loc: base,
    source: checked.source,
    select: select as SelectItemNode[],
    groupBy: groupBy as GroupByItemNode[],
    where: checked.where,
    align,
  };
}

function readSelect(
  json: Record<string, unknown>,
  base: Loc,
  reader: ExpressionReader,
  issues: Issues,
): (SelectItemNode | null)[] | null {
  const loc = at(base, 'select');
  if (!has(json, 'select')) {
    issues.add(loc, 'select is required', 'missing', json);
    return null;
  }
  const raw = json['select'];
  if (!Array.isArray(raw)) {
    issues.add(loc, `select must be an array, not ${jsonType(raw)}`, 'list_type', raw);
    return null;
  }
  if (raw.length === 0) {
    issues.add(loc, 'select must list at least one item', 'too_short', raw, { min_length: 1 });
    return null;
  }
  if (raw.length > MAX_SELECT_ITEMS) {
    issues.add(loc, `select may list at most ${MAX_SELECT_ITEMS} items`, 'too_long', raw.length, {
      max_length: MAX_SELECT_ITEMS,
    });
    return null;
  }
  return raw.map((item, i) => readSelectItem(item, at(loc, i), reader));
}

function readSelectItem(value: unknown, loc: Loc, reader: ExpressionReader): SelectItemNode | null {
  const form = reader.form(
    value,
    loc,
    [
      'group_key',
      'aggregate',
      'index_column',
      'source_column',
      'table_column',
      'value_macro',
      'timeseries_column',
      'subquery',
    ],
    'a select item',
  );
  const obj = value as Record<string, unknown>;
  if (form === 'group_key') return reader.groupKey(obj, loc);
  if (form === 'aggregate') return reader.aggregate(obj, loc);
  if (form === 'index_column') return reader.indexColumn(obj, loc);
  if (form === 'source_column') return reader.sourceColumn(obj, loc);
  if (form === 'table_column') return reader.tableColumn(obj, loc);
  if (form === 'value_macro') return reader.valueMacro(obj, loc);
  if (form === 'timeseries_column') return reader.timeseriesColumn(obj, loc);
  if (form === 'subquery') return reader.subquery(obj, loc);
  return null;
}

function readGroupBy(
  json: Record<string, unknown>,
  base: Loc,
  reader: ExpressionReader,
  issues: Issues,
): (GroupByItemNode | null)[] | null {
  const loc = at(base, 'group_by');
  const raw = get(json, 'group_by');
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    issues.add(loc, `group_by must be an array, not ${jsonType(raw)}`, 'list_type', raw);
    return null;
  }
  if (raw.length > MAX_GROUP_BY_ITEMS) {
    issues.add(loc, `group_by may list at most ${MAX_GROUP_BY_ITEMS} items`, 'too_long', raw.length, {
      max_length: MAX_GROUP_BY_ITEMS,
    });
    return null;
  }
  return raw.map((item, i) => {
    const itemLoc = at(loc, i);
    const form = reader.form(
      item,
      itemLoc,
      ['date_trunc', 'date_part', 'source_column', 'table_column', 'value_macro', 'timeseries_column'],
      'a group_by item',
    );
    const obj = item as Record<string, unknown>;
    if (form === 'date_trunc') return reader.dateTrunc(obj, itemLoc);
    if (form === 'date_part') return reader.datePart(obj, itemLoc);
    if (form === 'source_column') return reader.sourceColumn(obj, itemLoc);
    if (form === 'table_column') return reader.tableColumn(obj, itemLoc);
    if (form === 'value_macro') return reader.valueMacro(obj, itemLoc);
    if (form === 'timeseries_column') return reader.timeseriesColumn(obj, itemLoc);
    return null;
  });
}
