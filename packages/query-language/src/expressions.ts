/**
 * JSON → expression nodes (api-shapes §5). Expressions are an untagged union: the form is told apart by
 * the key an object carries (`group_key`, `func`, `index`, `sleep`, ...). Each reader checks the shape
 * and names of one form and reports issues at the exact key; it returns null when the element is
 * unusable. Rules that need the whole query (index, grouping, ALIGN) live in query-rules.ts.
 */
import type {
  AggregateArgNode,
  AggregateFieldNode,
  AggregateNode,
  AlignNode,
  DatePartNode,
  DateTruncNode,
  ElementNode,
  GroupKeyNode,
  IndexColumnNode,
  ListFieldNode,
  Loc,
  PeriodNode,
  PlaceholderNode,
  SourceColumnNode,
  SubqueryNode,
  TableColumnNode,
  TimeseriesColumnNode,
  UnnestNode,
  ValueMacroNode,
} from './ast';
import {
  AGGREGATE_FUNCS,
  DATE_PARTS,
  INDEX_NAMES,
  MC_LIST_NAMES,
  PERIOD_UNITS,
  SOURCE_COLUMNS,
  TABLE_NAMES,
  TIMESERIES_NAMES,
  VALUE_MACROS,
  isOneOf,
  isTimeseriesName,
  mcListFields,
  tableColumns,
  timeseriesFields,
  type AggregateFunc,
  type ResultType,
  type TableName,
} from './catalog';
import { type Issues, allowed, quote } from './issues';
import { type JsonObject, get, has, isObject, jsonType } from './json';
import { aggregateResultType } from './types';
import { parsePredicate, type PredicateScope } from './predicate/parse-predicate';

export type FormName =
  | 'group_key'
  | 'aggregate'
  | 'index_column'
  | 'source_column'
  | 'table_column'
  | 'value_macro'
  | 'timeseries_column'
  | 'subquery'
  | 'date_trunc'
  | 'date_part'
  | 'placeholder'
  | 'unnest'
  | 'element'
  | 'list_field';

/** The key that tells each form apart (one form may have several: a table column has one per table). */
const FORM_KEYS: ReadonlyMap<string, FormName> = new Map<string, FormName>([
  ['group_key', 'group_key'],
  ['func', 'aggregate'],
  ['index', 'index_column'],
  ['source', 'source_column'],
  ['value_macro', 'value_macro'],
  ['timeseries', 'timeseries_column'],
  ['select', 'subquery'],
  ['date_trunc', 'date_trunc'],
  ['date_part', 'date_part'],
  ['placeholder', 'placeholder'],
  ['unnest', 'unnest'],
  ['element', 'element'],
  ...TABLE_NAMES.map((t) => [t, 'table_column'] as const),
  ...MC_LIST_NAMES.map((l) => [l, 'list_field'] as const),
]);

const FORM_LABEL: Record<FormName, string> = {
  group_key: 'a group key ({group_key})',
  aggregate: 'an aggregate ({func, arg})',
  index_column: 'an index column ({index})',
  source_column: 'a source column ({source})',
  table_column: 'a table column ({<table>: <column>})',
  value_macro: 'a value macro ({value_macro})',
  timeseries_column: 'a timeseries column ({timeseries, field})',
  subquery: 'a subquery ({select, from})',
  date_trunc: 'a date_trunc ({date_trunc, arg})',
  date_part: 'a date_part ({date_part, arg})',
  placeholder: 'a placeholder ({placeholder: true})',
  unnest: 'an unnest ({unnest})',
  element: 'an element ({element: true})',
  list_field: 'a list field ({<list>: <field>})',
};

export const at = (loc: Loc, ...keys: (string | number)[]): Loc => [...loc, ...keys.map(String)];

/** Largest `value` of a period (a century of minutes); bounds arithmetic in the compiler. */
export const MAX_PERIOD_VALUE = 100_000;

/**
 * Reads the expression forms of §5 from untrusted JSON. One instance per query; `issues` collects
 * every problem.
 */
export class ExpressionReader {
  constructor(private readonly issues: Issues) {}

  /** Which form an object is, among those `allowed` at this position; null (reported) when none or ambiguous. */
  form(value: unknown, loc: Loc, allowedForms: readonly FormName[], position: string): FormName | null {
    if (!isObject(value)) {
      this.issues.add(loc, `${position} must be an object, not ${jsonType(value)}`, 'dict_type', value);
      return null;
    }
    const found = new Set<FormName>();
    for (const key of Object.keys(value)) {
      const f = FORM_KEYS.get(key);
      if (f) found.add(f);
    }
    // `func` inside a subquery's select is the aggregate-field form.
    const forms = [...found].filter((f) => allowedForms.includes(f));
    const expected = allowedForms.map((f) => FORM_LABEL[f]).join(', ');
    if (forms.length === 1) return forms[0]!;
    if (forms.length > 1) {
      this.issues.add(
        loc,
        `${position} mixes the keys of several expression forms (${forms.join(', ')}); use exactly one`,
        'expression_ambiguous',
        value,
        { forms },
      );
      return null;
    }
    const misplaced = [...found];
    this.issues.add(
      loc,
      misplaced.length > 0
        ? `${FORM_LABEL[misplaced[0]!]} is not allowed as ${position}; expected ${expected}`
        : `${position} matches no expression form; expected ${expected}`,
      'expression_form',
      value,
      { expected: allowedForms },
    );
    return null;
  }

  enumValue<T extends string>(
    obj: JsonObject,
    key: string,
    values: readonly T[],
    loc: Loc,
    what: string,
  ): T | null {
    if (!has(obj, key)) {
      this.issues.add(at(loc, key), `${what} is required`, 'missing', obj);
      return null;
    }
    const v = obj[key];
    if (typeof v !== 'string') {
      this.issues.add(at(loc, key), `${what} must be a string, not ${jsonType(v)}`, 'string_type', v);
      return null;
    }
    if (!isOneOf(values, v)) {
      this.issues.add(at(loc, key), `${what} ${quote(v)} is not one of ${allowed(values)}`, 'enum', v, {
        expected: values,
      });
      return null;
    }
    return v;
  }

  placeholder(obj: JsonObject, loc: Loc): PlaceholderNode | null {
    if (get(obj, 'placeholder') !== true) {
      this.issues.add(
        at(loc, 'placeholder'),
        'placeholder must be true',
        'value_error',
        get(obj, 'placeholder'),
      );
      return null;
    }
    return { kind: 'placeholder', loc };
  }

  period(value: unknown, loc: Loc, what: string): PeriodNode | null {
    if (!isObject(value)) {
      this.issues.add(loc, `${what} must be a period object {unit, value}`, 'dict_type', value);
      return null;
    }
    const unit = this.enumValue(value, 'unit', PERIOD_UNITS, loc, `${what}.unit`);
    let n = 1;
    const raw = get(value, 'value');
    if (raw !== undefined && raw !== null) {
      if (typeof raw !== 'number' || !Number.isInteger(raw)) {
        this.issues.add(at(loc, 'value'), `${what}.value must be an integer`, 'int_type', raw);
        return null;
      }
      if (raw < 1) {
        this.issues.add(at(loc, 'value'), `${what}.value must be at least 1`, 'greater_than_equal', raw, {
          ge: 1,
        });
        return null;
      }
      if (raw > MAX_PERIOD_VALUE) {
        this.issues.add(
          at(loc, 'value'),
          `${what}.value must be at most ${MAX_PERIOD_VALUE}`,
          'less_than_equal',
          raw,
          {
            le: MAX_PERIOD_VALUE,
          },
        );
        return null;
      }
      n = raw;
    }
    return unit === null ? null : { kind: 'period', unit, value: n, loc };
  }

  groupKey(obj: JsonObject, loc: Loc): GroupKeyNode | null {
    const raw = obj['group_key'];
    if (raw === '*') return { kind: 'group_key', key: '*', loc };
    if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0)
      return { kind: 'group_key', key: raw, loc };
    if (typeof raw === 'string' && /^[0-9]{1,9}$/.test(raw))
      return { kind: 'group_key', key: Number(raw), loc };
    this.issues.add(
      at(loc, 'group_key'),
      `group_key must be '*' or a non-negative integer (or digit string), not ${quote(raw)}`,
      'value_error',
      raw,
    );
    return null;
  }

  indexColumn(obj: JsonObject, loc: Loc): IndexColumnNode | null {
    const index = this.enumValue(obj, 'index', INDEX_NAMES, loc, 'index');
    return index === null ? null : { kind: 'index_column', index, loc };
  }

  sourceColumn(obj: JsonObject, loc: Loc): SourceColumnNode | null {
    const column = this.enumValue(obj, 'source', SOURCE_COLUMNS, loc, 'source');
    return column === null ? null : { kind: 'source_column', column, loc };
  }

  tableColumn(obj: JsonObject, loc: Loc): TableColumnNode | null {
    const tables = TABLE_NAMES.filter((t) => has(obj, t));
    if (tables.length !== 1) {
      this.issues.add(
        loc,
        `a table column names exactly one table, found ${tables.join(', ')}`,
        'expression_ambiguous',
        obj,
      );
      return null;
    }
    const table = tables[0] as TableName;
    const cols = tableColumns(table);
    const column = this.enumValue(obj, table, [...cols.keys()], loc, `${table} column`);
    if (column === null) return null;
    return { kind: 'table_column', table, column, type: cols.get(column)!, loc };
  }

  valueMacro(obj: JsonObject, loc: Loc): ValueMacroNode | null {
    const raw = obj['value_macro'];
    if (typeof raw !== 'string') {
      this.issues.add(
        at(loc, 'value_macro'),
        `value_macro must be a string, not ${jsonType(raw)}`,
        'string_type',
        raw,
      );
      return null;
    }
    const version = get(obj, 'version');
    if (version !== undefined && version !== null && version !== 'automatic') {
      this.issues.add(at(loc, 'version'), `version must be 'automatic'`, 'enum', version, {
        expected: ['automatic'],
      });
      return null;
    }
    // Any string parses (forward compatible), only the known macros validate (§5).
    if (!isOneOf(VALUE_MACROS, raw)) {
      this.issues.add(
        at(loc, 'value_macro'),
        `unknown value macro ${quote(raw)}; known macros: ${allowed(VALUE_MACROS)}`,
        'unknown_value_macro',
        raw,
        { expected: VALUE_MACROS },
      );
      return null;
    }
    return { kind: 'value_macro', macro: raw, version: 'automatic', loc };
  }

  timeseriesColumn(obj: JsonObject, loc: Loc): TimeseriesColumnNode | null {
    const name = this.enumValue(obj, 'timeseries', TIMESERIES_NAMES, loc, 'timeseries');
    if (name === null || !isTimeseriesName(name)) return null;
    const fields = timeseriesFields(name)!;
    const field = this.enumValue(obj, 'field', [...fields.keys()], loc, `field of timeseries '${name}'`);
    if (field === null) return null;
    return { kind: 'timeseries_column', timeseries: name, field, type: fields.get(field)!, loc };
  }

  dateTrunc(obj: JsonObject, loc: Loc): DateTruncNode | null {
    const period = this.period(obj['date_trunc'], at(loc, 'date_trunc'), 'date_trunc');
    const arg = this.truncArg(obj, loc);
    return period && arg ? { kind: 'date_trunc', period, arg, loc } : null;
  }

  datePart(obj: JsonObject, loc: Loc): DatePartNode | null {
    const part = this.enumValue(obj, 'date_part', DATE_PARTS, loc, 'date_part');
    const arg = this.truncArg(obj, loc);
    return part && arg ? { kind: 'date_part', part, arg, loc } : null;
  }

  private truncArg(obj: JsonObject, loc: Loc): IndexColumnNode | PlaceholderNode | null {
    if (!has(obj, 'arg')) {
      this.issues.add(at(loc, 'arg'), 'arg is required', 'missing', obj);
      return null;
    }
    const argLoc = at(loc, 'arg');
    const arg = obj['arg'];
    const form = this.form(
      arg,
      argLoc,
      ['index_column', 'placeholder'],
      'the argument of date_trunc/date_part',
    );
    if (form === 'index_column') return this.indexColumn(arg as JsonObject, argLoc);
    if (form === 'placeholder') return this.placeholder(arg as JsonObject, argLoc);
    return null;
  }

  aggregate(obj: JsonObject, loc: Loc): AggregateNode | null {
    const func = this.enumValue(obj, 'func', AGGREGATE_FUNCS, loc, 'func');
    if (!has(obj, 'arg')) {
      this.issues.add(at(loc, 'arg'), 'arg is required', 'missing', obj);
      return null;
    }
    const argLoc = at(loc, 'arg');
    const arg = this.aggregateArg(obj['arg'], argLoc);
    return func && arg ? { kind: 'aggregate', func, arg, loc } : null;
  }

  private aggregateArg(value: unknown, loc: Loc): AggregateArgNode | null {
    const form = this.form(
      value,
      loc,
      ['value_macro', 'table_column', 'timeseries_column', 'index_column', 'subquery'],
      'the argument of an aggregate',
    );
    const obj = value as JsonObject;
    if (form === 'value_macro') return this.valueMacro(obj, loc);
    if (form === 'table_column') return this.tableColumn(obj, loc);
    if (form === 'timeseries_column') return this.timeseriesColumn(obj, loc);
    if (form === 'index_column') return this.indexColumn(obj, loc);
    if (form === 'subquery') return this.subquery(obj, loc);
    return null;
  }

  // --- subqueries over list columns ---------------------------------------------------------------

  subquery(obj: JsonObject, loc: Loc): SubqueryNode | null {
    const from = this.subqueryFrom(obj, loc);
    const select = this.subquerySelect(obj, loc, from);
    let where: SubqueryNode['where'] = null;
    const rawWhere = get(obj, 'where');
    const whereLoc = at(loc, 'where');
    if (rawWhere !== undefined && rawWhere !== null) {
      if (typeof rawWhere !== 'string') {
        this.issues.add(
          whereLoc,
          `where must be a string, not ${jsonType(rawWhere)}`,
          'string_type',
          rawWhere,
        );
        return null;
      }
      if (rawWhere.trim() !== '') {
        if (!from) return null;
        where = parsePredicate(rawWhere, whereLoc, listScope(from), this.issues);
        if (!where) return null;
      }
    }
    return from && select ? { kind: 'subquery', select, from, where, loc } : null;
  }

  private subqueryFrom(obj: JsonObject, loc: Loc): UnnestNode | null {
    const fromLoc = at(loc, 'from');
    if (!has(obj, 'from')) {
      this.issues.add(fromLoc, 'from is required', 'missing', obj);
      return null;
    }
    const value = obj['from'];
    const form = this.form(value, fromLoc, ['unnest', 'placeholder'], 'the from of a subquery');
    if (form === 'placeholder') {
      if (this.placeholder(value as JsonObject, fromLoc))
        this.issues.add(
          fromLoc,
          'a placeholder cannot stand for the list a subquery reads; name it with {unnest: <list column>}',
          'placeholder_not_allowed',
          value,
        );
      return null;
    }
    return form === 'unnest' ? this.unnest(value as JsonObject, fromLoc) : null;
  }

  private unnest(obj: JsonObject, loc: Loc): UnnestNode | null {
    const argLoc = at(loc, 'unnest');
    const value = obj['unnest'];
    const form = this.form(
      value,
      argLoc,
      ['table_column', 'value_macro', 'timeseries_column'],
      'the argument of unnest',
    );
    const arg =
      form === 'table_column'
        ? this.tableColumn(value as JsonObject, argLoc)
        : form === 'value_macro'
          ? this.valueMacro(value as JsonObject, argLoc)
          : form === 'timeseries_column'
            ? this.timeseriesColumn(value as JsonObject, argLoc)
            : null;
    if (!arg) return null;
    if (arg.kind === 'table_column' && typeof arg.type !== 'string')
      return { kind: 'unnest', arg, element: { kind: 'record', list: arg.type.list }, loc };
    if (arg.kind === 'timeseries_column' && arg.type === 'list<string>')
      return { kind: 'unnest', arg, element: { kind: 'scalar', type: 'string' }, loc };
    this.issues.add(
      argLoc,
      `unnest needs a list column (a menstrual_cycle list or note tags); ${describeColumn(arg)} is not a list`,
      'not_a_list',
      value,
    );
    return null;
  }

  private subquerySelect(obj: JsonObject, loc: Loc, from: UnnestNode | null): SubqueryNode['select'] | null {
    const selLoc = at(loc, 'select');
    const value = obj['select'];
    const form = this.form(value, selLoc, ['aggregate', 'placeholder'], 'the select of a subquery');
    if (form === 'placeholder') return this.placeholder(value as JsonObject, selLoc);
    if (form !== 'aggregate') return null;
    return this.aggregateField(value as JsonObject, selLoc, from);
  }

  private aggregateField(obj: JsonObject, loc: Loc, from: UnnestNode | null): AggregateFieldNode | null {
    const func = this.enumValue(obj, 'func', AGGREGATE_FUNCS, loc, 'func');
    const argLoc = at(loc, 'arg');
    const rawArg = get(obj, 'arg');
    let arg: AggregateFieldNode['arg'] = null;
    if (rawArg !== undefined && rawArg !== null) {
      const form = this.form(
        rawArg,
        argLoc,
        ['list_field', 'element'],
        'the argument of a subquery aggregate',
      );
      if (form === 'list_field') arg = this.listField(rawArg as JsonObject, argLoc);
      else if (form === 'element') arg = this.element(rawArg as JsonObject, argLoc);
      if (!arg) return null;
    }
    if (!func || !from) return func ? { kind: 'aggregate_field', func, arg, loc } : null;
    return this.checkAggregateField(func, arg, from, loc, argLoc, rawArg);
  }

  private checkAggregateField(
    func: AggregateFunc,
    arg: AggregateFieldNode['arg'],
    from: UnnestNode,
    loc: Loc,
    argLoc: Loc,
    rawArg: unknown,
  ): AggregateFieldNode | null {
    let input: ResultType | null = null;
    if (arg === null) {
      if (func !== 'count') {
        this.issues.add(
          argLoc,
          `'${func}' needs an arg; only 'count' may omit it (counting the list's rows)`,
          'missing',
          rawArg,
        );
        return null;
      }
    } else if (arg.kind === 'element') {
      if (from.element.kind !== 'scalar') {
        this.issues.add(
          argLoc,
          `{element: true} applies to a list of scalars; this list holds '${from.element.list}' records`,
          'element_not_allowed',
          rawArg,
        );
        return null;
      }
      input = from.element.type;
    } else {
      if (from.element.kind !== 'record' || from.element.list !== arg.list) {
        const what = from.element.kind === 'record' ? `the '${from.element.list}' list` : 'a list of scalars';
        this.issues.add(
          argLoc,
          `the subquery reads ${what}; '${arg.list}' fields do not apply`,
          'list_field_mismatch',
          rawArg,
        );
        return null;
      }
      input = arg.type;
    }
    if (input !== null && aggregateResultType(func, input) === null) {
      this.issues.add(argLoc, `'${func}' cannot aggregate ${input} values`, 'aggregate_type', rawArg, {
        func,
        input,
      });
      return null;
    }
    return { kind: 'aggregate_field', func, arg, loc };
  }

  private listField(obj: JsonObject, loc: Loc): ListFieldNode | null {
    const fieldFor = get(obj, 'field_for');
    if (fieldFor !== undefined && fieldFor !== null && fieldFor !== 'menstrual_cycle') {
      this.issues.add(at(loc, 'field_for'), `field_for must be 'menstrual_cycle'`, 'enum', fieldFor, {
        expected: ['menstrual_cycle'],
      });
      return null;
    }
    const lists = MC_LIST_NAMES.filter((l) => has(obj, l));
    if (lists.length !== 1) {
      this.issues.add(
        loc,
        `a list field names exactly one list, found ${lists.join(', ')}`,
        'expression_ambiguous',
        obj,
      );
      return null;
    }
    const list = lists[0]!;
    const fields = mcListFields(list)!;
    const field = this.enumValue(obj, list, [...fields.keys()], loc, `field of list '${list}'`);
    return field === null ? null : { kind: 'list_field', list, field, type: fields.get(field)!, loc };
  }

  private element(obj: JsonObject, loc: Loc): ElementNode | null {
    if (obj['element'] !== true) {
      this.issues.add(at(loc, 'element'), 'element must be true', 'value_error', obj['element']);
      return null;
    }
    return { kind: 'element', loc };
  }

  // --- ALIGN --------------------------------------------------------------------------------------

  align(value: unknown, loc: Loc): AlignNode | null {
    if (!isObject(value)) {
      this.issues.add(
        loc,
        `align must be an object {carry: {...}}, not ${jsonType(value)}`,
        'dict_type',
        value,
      );
      return null;
    }
    const carryLoc = at(loc, 'carry');
    const carry = get(value, 'carry');
    if (!has(value, 'carry')) {
      this.issues.add(carryLoc, 'carry is required', 'missing', value);
      return null;
    }
    if (!isObject(carry)) {
      this.issues.add(carryLoc, `carry must be an object, not ${jsonType(carry)}`, 'dict_type', carry);
      return null;
    }
    const mode = this.enumValue(
      carry,
      'mode',
      ['carry_forward', 'carry_backward', 'carry_nearest'] as const,
      carryLoc,
      'carry.mode',
    );
    if (mode === null) return null;
    const limitKey = mode === 'carry_nearest' ? 'span' : 'max_age';
    const otherKey = mode === 'carry_nearest' ? 'max_age' : 'span';
    const other = get(carry, otherKey);
    if (other !== undefined && other !== null) {
      this.issues.add(
        at(carryLoc, otherKey),
        `${otherKey} does not apply to ${mode}; use ${limitKey}`,
        'extra_forbidden',
        other,
      );
      return null;
    }
    const raw = get(carry, limitKey);
    if (raw === undefined || raw === null) return { kind: 'align', mode, limit: null, loc };
    const limit = this.period(raw, at(carryLoc, limitKey), limitKey);
    return limit ? { kind: 'align', mode, limit, loc } : null;
  }
}

function describeColumn(arg: TableColumnNode | ValueMacroNode | TimeseriesColumnNode): string {
  switch (arg.kind) {
    case 'table_column':
      return `'${arg.table}.${arg.column}'`;
    case 'value_macro':
      return `value macro '${arg.macro}'`;
    case 'timeseries_column':
      return `'${arg.timeseries}.${arg.field}'`;
  }
}

/** Names a subquery's WHERE can use: the fields of the unnested records, or `element` for scalars. */
function listScope(from: UnnestNode): PredicateScope {
  if (from.element.kind === 'scalar')
    return {
      description: `a list of ${from.element.type} values (use 'element')`,
      column: () => undefined,
      element: from.element.type,
    };
  const list = from.element.list;
  const fields = mcListFields(list)!;
  return {
    description: `the '${list}' list (fields: ${allowed(fields.keys())})`,
    column: (name, at) => {
      const type = fields.get(name);
      return type === undefined
        ? undefined
        : { ref: { kind: 'list_field', list, field: name, type, loc: at }, type };
    },
    element: undefined,
  };
}
