/**
 * A validated query → one parameterised statement over the stored rows of one user (README "Compiled
 * statement"): ctx → src (tenant-filtered rows, local time) → flt (timeframe + WHERE) → kept (provider
 * priority) → keyed (group keys) → the select, grouped or row-level. Every value is a binding.
 */
import {
  type DerivedQuery,
  type GroupByItemNode,
  type OutputColumn,
  type PeriodNode,
  type QueryAst,
  type ResultType,
  type TimeframeNode,
} from '@meridian/query-language';
import type { Loc } from '@meridian/query-language';
import { shiftMs, toLocal, toMs } from './align';
import { aggregateSql } from './aggregates';
import { bucketSql } from './buckets';
import { NotSupportedError } from './errors';
import { expressionSql } from './expressions';
import { HYPNOGRAM_MACROS } from './macros';
import { predicateSql } from './predicate';
import { isStoredTable, sourceRelation, type Tenant } from './relation';
import { SOURCE_TYPE_ORDER } from './priority';
import { join, raw, sql, type Sql } from './sql';

/** Most rows a row-level (ungrouped) query returns; more is a 422 asking for a narrower query. */
export const MAX_RESULT_ROWS = 100_000;

export interface CompileOptions {
  tenant: Tenant;
  /** The user's IANA zone for rows without their own offset ('UTC' when unknown). */
  timeZone: string;
  timeframe: TimeframeNode;
  /** Provider slugs, most preferred first (`provider_priority_overrides`). */
  providerPriority: readonly string[];
  /**
   * False when the rows cannot compete (`prioritisationNeeded` over `sourcePairsStatement`): the ranking
   * stage is left out, with the same result. Default true.
   */
  prioritise?: boolean;
  /**
   * With `prioritise: false` on a grouped query: also group by (local day, provider, source type) in the same
   * pass (grouping sets), so the caller learns whether ranking would have dropped rows
   * (`competingSourcesIn`) without a second scan. Ignored for row-level queries (`detectsSources` false).
   */
  detectSources?: boolean;
}

export interface CompiledColumn {
  name: string;
  type: ResultType;
  /** Offset into group_by when the column is (or equals) a group key. */
  groupKey: number | null;
}

export interface CompiledQuery {
  statement: Sql;
  columns: CompiledColumn[];
  grouped: boolean;
  /** Rows with `_pairs = 0` are (day, provider, source type) groups, not results (`detectSources`). */
  detectsSources: boolean;
}

export function compileQuery(query: QueryAst, derived: DerivedQuery, opts: CompileOptions): CompiledQuery {
  if (query.source.kind === 'table' && !isStoredTable(query.source.table)) {
    throw new NotSupportedError(locOfSource(query), `the ${query.source.table} index`);
  }
  const columns = derived.outputColumns.map((c) => ({
    name: c.name,
    type: c.type,
    groupKey: groupKeyOf(c, query.groupBy),
  }));
  const grouped = query.groupBy.length > 0 || derived.outputColumns.some((c) => isAggregate(c));
  const withHypnogram = JSON.stringify(collectMacros(query)).match(/awake_at|awakenings/) !== null;
  const ctx = contextSql(opts);
  const tf = opts.timeframe;
  const window =
    tf.kind === 'relative' ? { start: windowStart(tf.anchor, tf.past), anchor: tf.anchor } : null;
  const src = sourceRelation(query.source, opts.tenant, { withHypnogram, window });
  const where = query.where ? predicateSql(query.where, null) : raw('true');
  const flt = sql`select r.* from src r cross join ctx where ${timeframeFilter(opts.timeframe)} and ${where}`;
  const kept = opts.prioritise === false ? raw('select r.* from flt r') : prioritySql(query);
  const detectsSources =
    opts.prioritise === false && opts.detectSources === true && grouped && rankingApplies(query);
  const keys = query.groupBy.map((g, i) => sql`${expressionSql(g)} as ${raw(`_g${i}`)}`);
  if (detectsSources) keys.push(raw('r._local::date as _day'));
  const keyed = sql`select r.*${raw(keys.length ? ', ' : '')}${join(keys, ', ')} from kept r cross join ctx`;
  const outputs = derived.outputColumns.map(
    (c, i) => sql`${formatted(c.type, outputSql(c, columns[i]!.groupKey))} as ${raw(`c${i}`)}`,
  );
  if (detectsSources) outputs.push(raw(PAIR_COLUMNS));
  const selectList = outputs.length ? join(outputs, ', ') : raw('1 as _none');
  let tail: Sql;
  if (detectsSources) {
    // One pass: the result groups (grouping(_day) = 1, first) and the sources of every local day.
    const keyRefs = query.groupBy.map((_, i) => raw(`r._g${i}`));
    tail = sql`group by grouping sets ((${join(keyRefs, ', ')}), (r._day, r.provider, r.source_type))
      order by ${join([raw('grouping(r._day) desc'), ...keyRefs.map((k) => sql`${k} nulls last`)], ', ')}`;
  } else if (query.groupBy.length > 0) {
    const keyRefs = query.groupBy.map((_, i) => raw(`r._g${i}`));
    tail = sql`group by ${join(keyRefs, ', ')} order by ${join(
      keyRefs.map((k) => sql`${k} nulls last`),
      ', ',
    )}`;
  } else if (grouped) {
    tail = raw('');
  } else {
    tail = sql`order by r._local, r._ts limit ${MAX_RESULT_ROWS + 1}::int`;
  }
  const statement = sql`with ctx as (${ctx}), src as (${src}), flt as (${flt}), kept as (${kept}), keyed as (${keyed})
    select ${selectList} from keyed r cross join ctx ${tail}`;
  return { statement, columns, grouped, detectsSources };
}

const PAIR_COLUMNS =
  "grouping(r._day) as _pairs, to_char(r._day, 'YYYY-MM-DD') as _pair_day, r.provider as _pair_provider, r.source_type as _pair_type";

/** The pair rows of a `detectsSources` statement. */
export interface PairRow {
  _pairs: number;
  _pair_day: string | null;
  _pair_provider: string | null;
  _pair_type: string | null;
}

/** Whether any local day of the pair rows holds sources that ranking would choose between. */
export function competingSourcesIn(query: QueryAst, rows: readonly PairRow[]): boolean {
  const byDay = new Map<string, SourcePair[]>();
  for (const r of rows) {
    if (r._pairs !== 0 || r._pair_day === null) continue;
    const pairs = byDay.get(r._pair_day) ?? [];
    pairs.push({ provider: r._pair_provider ?? '', source_type: r._pair_type ?? '' });
    byDay.set(r._pair_day, pairs);
  }
  for (const pairs of byDay.values()) if (prioritisationNeeded(query, pairs)) return true;
  return false;
}

function locOfSource(query: QueryAst): Loc {
  return query.select[0]?.loc ?? query.loc;
}

function isAggregate(c: OutputColumn): boolean {
  return c.expr.kind === 'aggregate';
}

function collectMacros(query: QueryAst): string[] {
  const found: string[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.kind === 'value_macro' && typeof o.macro === 'string' && HYPNOGRAM_MACROS.has(o.macro as never))
        found.push(o.macro);
      for (const [k, child] of Object.entries(o)) if (k !== 'loc' && k !== 'span') visit(child);
    }
  };
  visit(query);
  return found;
}

/** The group_by offset a column stands for: a group key, or an item equal to a group_by item. */
function groupKeyOf(c: OutputColumn, groupBy: GroupByItemNode[]): number | null {
  if (c.groupKey !== null) return c.groupKey;
  if (c.expr.kind === 'aggregate' || c.expr.kind === 'subquery') return null;
  const key = exprKey(c.expr);
  const i = groupBy.findIndex((g) => exprKey(g) === key);
  return i >= 0 ? i : null;
}

function outputSql(c: OutputColumn, groupKey: number | null): Sql {
  if (groupKey !== null) return raw(`r._g${groupKey}`);
  const expr = c.expr;
  if (expr.kind === 'aggregate') {
    const arg = expressionSql(expr.arg);
    const argType = expr.arg.kind === 'subquery' ? null : (expr.arg as { type?: unknown }).type;
    return aggregateSql(expr.func, arg, typeof argType === 'string' ? (argType as ResultType) : null, {
      asc: raw('r._local, r._ts'),
      desc: raw('r._local desc, r._ts desc'),
    });
  }
  return expressionSql(expr);
}

/** Date-times as ISO local date-times, dates as YYYY-MM-DD, everything else as PostgreSQL returns it. */
function formatted(type: ResultType, value: Sql): Sql {
  if (type === 'datetime') return sql`to_char(${value}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
  if (type === 'date') return sql`to_char(${value}, 'YYYY-MM-DD')`;
  return value;
}

function contextSql(opts: CompileOptions): Sql {
  const tf = opts.timeframe;
  const window =
    tf.kind === 'relative'
      ? sql`${windowStart(tf.anchor, tf.past)}::timestamp as win_start, (${tf.anchor}::date + 1)::timestamp as win_end`
      : raw('null::timestamp as win_start, null::timestamp as win_end');
  return sql`select ${opts.timeZone}::text as tz,
    array(select jsonb_array_elements_text(${JSON.stringify(opts.providerPriority)}::jsonb)) as prio_providers,
    array(select jsonb_array_elements_text(${JSON.stringify(SOURCE_TYPE_ORDER)}::jsonb)) as prio_types,
    ${window}`;
}

/**
 * The first local instant of a relative timeframe: the day after the anchor minus `past`, computed here
 * (wall-clock arithmetic) and clamped to year 1 so a long `past` never overflows a PostgreSQL timestamp.
 */
export function windowStart(anchor: string, past: { unit: PeriodNode['unit']; value: number }): string {
  const end = toMs(`${anchor}T00:00:00`) + 86_400_000;
  const start = shiftMs(end, past, -1);
  return Number.isFinite(start) && start >= EARLIEST_MS ? toLocal(start) : EARLIEST;
}

const EARLIEST = '0001-01-01T00:00:00';
const EARLIEST_MS = Date.parse(`${EARLIEST}Z`);

function timeframeFilter(tf: TimeframeNode): Sql {
  if (tf.kind !== 'relative') return raw('true');
  return raw('(r._local >= ctx.win_start and r._local < ctx.win_end)');
}

/**
 * Provider priority (README "Provider priority"): per local day, only rows of the best-ranked
 * (provider, source type) count. Grouping by source_provider ranks within each provider, by source_type
 * within each type; grouping by both turns prioritisation off.
 */
function prioritySql(query: QueryAst): Sql {
  const grouped = groupedSourceColumns(query);
  if (!rankingApplies(query)) return raw('select r.* from flt r');
  const partition = [raw('r._local::date')];
  if (grouped.has('source_provider')) partition.push(raw('r.provider'));
  if (grouped.has('source_type')) partition.push(raw('r.source_type'));
  return sql`select r.* from (select r.*, dense_rank() over (partition by ${join(partition, ', ')}
      order by coalesce(array_position(ctx.prio_providers, r.provider), 2147483647),
        coalesce(array_position(ctx.prio_types, r.source_type), 2147483647), r.provider) as _rank
    from flt r cross join ctx) r where r._rank = 1`;
}

/** The source columns a query groups by, which split the ranking (README "Provider priority"). */
function groupedSourceColumns(query: QueryAst): Set<string> {
  return new Set(query.groupBy.filter((g) => g.kind === 'source_column').map((g) => g.column));
}

/**
 * The distinct (provider, source type) pairs among the rows the query could read (the user's rows of its
 * summary kind or timeseries within the coarse window; an index-only scan for samples). Cheap next to the
 * ranking, which sorts every row by local day.
 */
export function sourcePairsStatement(query: QueryAst, opts: CompileOptions): Sql {
  const tf = opts.timeframe;
  const window =
    tf.kind === 'relative' ? { start: windowStart(tf.anchor, tf.past), anchor: tf.anchor } : null;
  const src = sourceRelation(query.source, opts.tenant, { withHypnogram: false, window });
  return sql`with ctx as (${contextSql(opts)})
    select r.provider, r.source_type from (${src}) r group by r.provider, r.source_type`;
}

/** Grouping by both source_provider and source_type turns prioritisation off (api-shapes §5). */
export function rankingApplies(query: QueryAst): boolean {
  const grouped = groupedSourceColumns(query);
  return !(grouped.has('source_provider') && grouped.has('source_type'));
}

export interface SourcePair {
  provider: string;
  source_type: string;
}

/**
 * Whether provider priority can drop any row: only when two pairs fall into the same ranking partition
 * (grouping by source_provider ranks within a provider, by source_type within a type, by both never).
 * One pair per partition keeps every row, whatever the day, so the ranking stage can be left out.
 */
export function prioritisationNeeded(query: QueryAst, pairs: readonly SourcePair[]): boolean {
  if (!rankingApplies(query)) return false;
  const grouped = groupedSourceColumns(query);
  const partitions = new Set<string>();
  for (const p of pairs) {
    const key = JSON.stringify([
      grouped.has('source_provider') ? p.provider : null,
      grouped.has('source_type') ? p.source_type : null,
    ]);
    if (partitions.has(key)) return true;
    partitions.add(key);
  }
  return false;
}

/** First and last ALIGN bucket of the window, the last never after the bucket of `now` (local). */
export function alignRangeSql(opts: CompileOptions, period: { unit: string; value: number }, now: Date): Sql {
  const p = period as Parameters<typeof bucketSql>[0];
  const nowLocal = sql`(${now.toISOString()}::timestamptz at time zone ctx.tz)`;
  const end = raw("(ctx.win_end - interval '1 microsecond')");
  const last = bucketSql(
    p,
    sql`(case when ctx.win_end is null then ${nowLocal} else least(${end}, ${nowLocal}) end)`,
  );
  const first = bucketSql(p, raw('ctx.win_start'));
  return sql`with ctx as (${contextSql(opts)})
    select to_char(${first}, 'YYYY-MM-DD"T"HH24:MI:SS') as first, to_char(${last}, 'YYYY-MM-DD"T"HH24:MI:SS') as last from ctx`;
}

/** A location-free identity of an expression (same form, same names, same period). */
function exprKey(node: object): string {
  return JSON.stringify(node, (k, v: unknown) => (k === 'loc' || k === 'span' ? undefined : v));
}
