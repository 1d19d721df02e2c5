/**
 * The executor: runs validated queries for one user of a team environment in one read-only transaction
 * with a statement timeout, and returns column-oriented tables (api-shapes §4.8 `AggregationResult`).
 */
import { withTransaction, type Knex } from '@meridian/db';
import { isIanaTimeZone, NotFoundError, ValidationError } from '@meridian/domain';
import {
  deriveQuery,
  type DerivedQuery,
  type QueryAst,
  type QueryConfigNode,
  type TimeframeNode,
} from '@meridian/query-language';
import { alignRows, type Row } from './align';
import {
  alignRangeSql,
  compileQuery,
  competingSourcesIn,
  MAX_RESULT_ROWS,
  prioritisationNeeded,
  rankingApplies,
  sourcePairsStatement,
  type CompileOptions,
  type CompiledColumn,
  type CompiledQuery,
  type PairRow,
  type SourcePair,
} from './compile-query';
import { assertSupported } from './unsupported';

export interface AggregationResult {
  table: Record<string, unknown[]>;
}

export interface RunQueryInput {
  teamId: string;
  environment: string;
  userId: string;
  query: QueryAst;
  /** Derivations of `query` (computed when absent). */
  derived?: DerivedQuery;
  config: QueryConfigNode | null;
  timeframe: TimeframeNode;
  /** "Now" for ALIGN's forward extension; default the wall clock. */
  now?: Date;
  /** Per statement; default DEFAULT_STATEMENT_TIMEOUT_MS. */
  statementTimeoutMs?: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
const WORK_MEM = '64MB';

export async function runQuery(db: Knex, input: RunQueryInput): Promise<AggregationResult> {
  const [result] = await runQueries(db, {
    ...input,
    queries: [{ query: input.query, derived: input.derived }],
  });
  return result!;
}

export interface RunQueriesInput extends Omit<RunQueryInput, 'query' | 'derived'> {
  queries: { query: QueryAst; derived?: DerivedQuery }[];
}

/** Every query of a batch, in order, in one transaction (one snapshot of the user's data). */
export async function runQueries(db: Knex, input: RunQueriesInput): Promise<AggregationResult[]> {
  const now = input.now ?? new Date();
  // A query needing data Meridian does not store is a 422 before anything is looked up or run.
  assertSupported(input.queries.map((q) => q.query));
  return withTransaction(db, async (trx) => {
    // One round trip: read-only, the statement timeout, work_mem (sorts and hashes of a year of minute samples
    // stay in memory), no JIT (compiling costs more than it saves on one user's rows) for this transaction
    // only, and the user's zone (null: not in the team environment).
    const { rows: settings } = await trx.raw<{ rows: { user: { zone: string | null } | null }[] }>(
      `select set_config('transaction_read_only', 'on', true) as read_only,
         set_config('statement_timeout', ?, true) as statement_timeout,
         set_config('work_mem', ?, true) as work_mem,
         set_config('jit', 'off', true) as jit,
         (select json_build_object('zone', u.fallback_time_zone) from users u
           where u.id = ?::uuid and u.team_id = ?::uuid and u.environment = ? and u.deleted_at is null) as "user"`,
      [
        `${input.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS}ms`,
        WORK_MEM,
        input.userId,
        input.teamId,
        input.environment,
      ],
    );
    const user = settings[0]?.user;
    if (!user) throw new NotFoundError('User not found.');
    const zone = user.zone;
    const opts: CompileOptions = {
      tenant: { teamId: input.teamId, environment: input.environment, userId: input.userId },
      timeZone: zone !== null && isIanaTimeZone(zone) ? zone : 'UTC',
      timeframe: input.timeframe,
      providerPriority: input.config?.providerPriorityOverrides ?? [],
    };
    const results: AggregationResult[] = [];
    for (const { query, derived } of input.queries) {
      results.push(await runOne(trx, query, derived ?? deriveQuery(query), opts, now));
    }
    return results;
  }).catch((err: unknown) => {
    throw timeoutAsIssue(err, input);
  });
}

async function runOne(
  trx: Knex.Transaction,
  query: QueryAst,
  derived: DerivedQuery,
  opts: CompileOptions,
  now: Date,
): Promise<AggregationResult> {
  const { compiled, rows } = await runStatement(trx, query, derived, opts);
  if (!compiled.grouped && rows.length > MAX_RESULT_ROWS) {
    throw ValidationError.single(
      [...query.loc],
      `the query returns more than ${MAX_RESULT_ROWS} rows; aggregate it or narrow the timeframe`,
      'too_many_rows',
      null,
      { max_rows: MAX_RESULT_ROWS },
    );
  }
  let table: Row[] = rows.map((r) => compiled.columns.map((c, i) => convert(c, r[`c${i}`])));
  if (query.align) table = await aligned(trx, query, compiled.columns, table, opts, now);
  const out = Object.create(null) as Record<string, unknown[]>;
  compiled.columns.forEach((c, i) => (out[c.name] = table.map((row) => row[i])));
  return { table: { ...out } };
}

type ResultRow = Record<string, unknown>;

async function execute(trx: Knex.Transaction, compiled: CompiledQuery): Promise<ResultRow[]> {
  const { rows } = await trx.raw<{ rows: ResultRow[] }>(
    compiled.statement.text,
    compiled.statement.bindings as unknown[] as Knex.RawBinding[],
  );
  return rows;
}

/**
 * Provider priority only when sources compete (README "Performance"). A grouped timeseries query runs once
 * without ranking, learning each local day's sources in the same pass; only if two of them meet in a ranking
 * partition does it run again with ranking. A row-level timeseries query asks for the source pairs first;
 * summaries (a few rows per day) are always ranked.
 */
async function runStatement(
  trx: Knex.Transaction,
  query: QueryAst,
  derived: DerivedQuery,
  opts: CompileOptions,
): Promise<{ compiled: CompiledQuery; rows: ResultRow[] }> {
  if (query.source.kind === 'timeseries' && rankingApplies(query)) {
    const single = compileQuery(query, derived, { ...opts, prioritise: false, detectSources: true });
    if (single.detectsSources) {
      const rows = await execute(trx, single);
      const results = rows.filter((r) => r._pairs !== 0);
      if (!competingSourcesIn(query, rows as unknown as PairRow[]))
        return { compiled: single, rows: results };
      const ranked = compileQuery(query, derived, opts);
      return { compiled: ranked, rows: await execute(trx, ranked) };
    }
  }
  const compiled = compileQuery(query, derived, {
    ...opts,
    prioritise: await competingSources(trx, query, opts),
  });
  return { compiled, rows: await execute(trx, compiled) };
}

/** Whether the rows the query reads come from competing sources (README "Provider priority"). */
async function competingSources(
  trx: Knex.Transaction,
  query: QueryAst,
  opts: CompileOptions,
): Promise<boolean> {
  if (!rankingApplies(query)) return false;
  // Summaries are a few rows per user and day: ranking them costs less than asking first.
  if (query.source.kind !== 'timeseries') return true;
  const statement = sourcePairsStatement(query, opts);
  const { rows } = await trx.raw<{ rows: SourcePair[] }>(
    statement.text,
    statement.bindings as unknown[] as Knex.RawBinding[],
  );
  return prioritisationNeeded(query, rows);
}

async function aligned(
  trx: Knex.Transaction,
  query: QueryAst,
  columns: CompiledColumn[],
  table: Row[],
  opts: CompileOptions,
  now: Date,
): Promise<Row[]> {
  const truncAt = query.groupBy.findIndex((g) => g.kind === 'date_trunc');
  const trunc = query.groupBy[truncAt];
  if (!query.align || !trunc || trunc.kind !== 'date_trunc') return table;
  const bucketColumn = columns.findIndex((c) => c.groupKey === truncAt);
  if (bucketColumn < 0) return table;
  const partitionColumns = columns.flatMap((c, i) =>
    c.groupKey !== null && c.groupKey !== truncAt ? [i] : [],
  );
  const range = alignRangeSql(opts, trunc.period, now);
  const { rows } = await trx.raw<{ rows: { first: string | null; last: string | null }[] }>(
    range.text,
    range.bindings as unknown[] as Knex.RawBinding[],
  );
  const dataBuckets = table
    .map((r) => r[bucketColumn])
    .filter((b): b is string => typeof b === 'string')
    .sort();
  const first = rows[0]?.first ?? dataBuckets[0] ?? null;
  const filled = alignRows({
    rows: table,
    bucketColumn,
    partitionColumns,
    period: trunc.period,
    align: query.align,
    first,
    last: rows[0]?.last ?? null,
    width: columns.length,
  });
  const order = columns
    .map((c, i) => ({ key: c.groupKey, i }))
    .filter((k): k is { key: number; i: number } => k.key !== null)
    .sort((a, b) => a.key - b.key);
  return filled.sort((a, b) => {
    for (const { i } of order) {
      const d = compareValues(a[i], b[i]);
      if (d !== 0) return d;
    }
    return 0;
  });
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return JSON.stringify(a) < JSON.stringify(b) ? -1 : 1;
}

function convert(column: CompiledColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.type === 'int64') return typeof value === 'number' ? Math.round(value) : Number(value);
  if (column.type === 'float64') return typeof value === 'number' ? value : Number(value);
  return value;
}

/** A statement cut by the timeout is the query's cost, reported at the batch (no SQL reaches the client). */
function timeoutAsIssue(err: unknown, input: RunQueriesInput): unknown {
  if ((err as { code?: unknown } | null)?.code !== '57014') return err;
  return ValidationError.single(
    [...(input.queries[0]?.query.loc.slice(0, -1) ?? ['body'])],
    'the query took too long to run; narrow the timeframe or simplify it',
    'query_timeout',
    null,
    { timeout_ms: input.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS },
  );
}
