import type { Knex } from '@meridian/db';
import { RAN_AHEAD_OPTION, RUN_AHEAD_OPTION, type RunAhead } from '@meridian/ingestion';

/**
 * A push's transaction with its control statements riding along with its own statements: `BEGIN` goes to
 * PostgreSQL in the same network write as the transaction's first statement, a `SAVEPOINT` (ingestion takes
 * one before its plain inserts) with the statement after it, and `COMMIT` with the transaction's last
 * statement (one run with `WITH_COMMIT` in its options); each group is answered once. Every push thus saves
 * three round trips of its ten or so, with the same statements, in the same order, in the same transaction.
 *
 * How: a group is one extended-protocol exchange with a single Sync (Parse/Bind/Execute of each, then Sync),
 * so when one statement of it fails, PostgreSQL skips the rest: a statement whose BEGIN or SAVEPOINT failed
 * never runs without it, and a failed last statement is never committed (the transaction is then rolled back
 * here before the error is handed on). The commit is acknowledged only once PostgreSQL answered it, as
 * before. BEGIN and SAVEPOINT answer at once (their callers read nothing from them; an error of theirs is the
 * next statement's); so does the statement sent with `COMMIT` (no rows: its caller must not read them), whose
 * error, or the commit's, is the error of the transaction (knex's commit).
 *
 * The connection is taken from the pool for the transaction (knex's `transaction(…, { connection })`), and its
 * `query` method is wrapped (see `pipelineControl`). A statement not yet parsed on the connection under its
 * name goes after the held BEGIN or SAVEPOINT, each in its own round trip, as before (the parse of a grouped
 * BEGIN would be taken for the named statement's); so does transaction control.
 *
 * A statement may also carry a read that may run ahead (ingestion's run-ahead.ts: the activity's inputs after
 * the samples' insert): when the connection has parsed that read under its name already, the read goes in
 * the statement's exchange, right after it (Bind/Describe/Execute, the same Sync), and its answer is kept
 * for the read itself, which is answered from it only when it is the transaction's very next statement (same
 * key and text); any other statement drops it (the read then runs as usual). Should the read fail, the
 * statement before it gets the error (the transaction is aborted either way).
 */

/** knex `raw(...).options(...)` of a transaction's last statement: sent with the COMMIT. */
export const WITH_COMMIT = Object.freeze({ meridianWithCommit: true });

interface QueryConfig {
  text: string;
  values?: unknown[];
  name?: string;
  queryMode?: 'extended';
  meridianWithCommit?: boolean;
  [RUN_AHEAD_OPTION]?: RunAhead;
  [RAN_AHEAD_OPTION]?: object;
}

interface PgResult {
  command: string;
  rowCount: number | null;
  rows: unknown[];
  fields: unknown[];
}

type Callback = (err: Error | null, result?: PgResult | PgResult[]) => void;

interface PgWire {
  parse(q: { text: string; name?: string; types?: unknown[] }): void;
  bind(c: { portal?: string; statement?: string; values?: unknown[]; valueMapper?: ValueMapper }): void;
  describe(c: { type: 'P' | 'S'; name?: string }): void;
  execute(c: { portal?: string; rows?: number }): void;
  sync(): void;
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements?: Record<string, string | undefined>;
}

/** node-postgres's mapping of a parameter value to its wire text (`utils.prepareValue`). */
type ValueMapper = (value: unknown, index: number) => unknown;

/** The node-postgres query class (exposed as `Client.Query`), as far as it is used here. */
interface PgQuery {
  name?: string;
  text?: string;
  portal: string;
  rows?: number;
  prepare(connection: PgWire): void;
  _getRows(connection: PgWire, rows?: number): void;
}

type PgQueryClass = new (
  config: QueryConfig & { queryMode?: string },
  values?: undefined,
  cb?: Callback,
) => PgQuery;

interface PgClient {
  query: (config: unknown, values?: unknown, callback?: unknown) => unknown;
  connection: PgWire;
  constructor: { Query?: PgQueryClass };
}

const KNEX_BEGIN = 'BEGIN;';
const KNEX_COMMIT = 'COMMIT;';

/** A statement's Parse/Bind/Execute (no Sync), unnamed, without parameters or result rows. */
function sendControl(connection: PgWire, text: string): void {
  connection.parse({ text, name: '', types: [] });
  connection.bind({ portal: '', statement: '', values: [] });
  connection.execute({ portal: '', rows: 0 });
}

/** A read sent after a statement, in its exchange: a statement parsed on the connection, its values mapped. */
interface Follow {
  key: object;
  text: string;
  name: string;
  values: unknown[];
}

/** What goes with a paired statement: control statements before it, a read and/or a control statement after it. */
interface Pair {
  before?: readonly string[];
  then?: Follow;
  after?: string;
}

/** node-postgres's value mapping, taken from its query class (what it binds parameters with), per class. */
const valueMappers = new WeakMap<PgQueryClass, ValueMapper | null>();

const VALUE_MAPPER_PROBE = 'meridian_value_mapper_probe';

function valueMapperOf(Query: PgQueryClass): ValueMapper | null {
  const known = valueMappers.get(Query);
  if (known !== undefined) return known;
  let mapper: ValueMapper | null = null;
  try {
    // A query prepared against a connection that sends nothing: the bind it asks for names the mapping.
    const noop = () => undefined;
    const probe = new Query({
      text: 'select 1',
      name: VALUE_MAPPER_PROBE,
      values: [],
      queryMode: 'extended',
    });
    probe.prepare({
      parse: noop,
      bind: (c: { valueMapper?: unknown }) => {
        mapper = typeof c.valueMapper === 'function' ? (c.valueMapper as ValueMapper) : null;
      },
      describe: noop,
      execute: noop,
      sync: noop,
      stream: {},
      parsedStatements: { [VALUE_MAPPER_PROBE]: 'select 1' },
      submittedNamedStatements: {},
    });
  } catch {
    mapper = null;
  }
  valueMappers.set(Query, mapper);
  return mapper;
}

/**
 * The read `q` carries to run ahead (see the module comment), ready to send: only when the connection parsed
 * it under its name already (a Parse in the exchange would be taken for the statement's) and its values map.
 */
function followOf(client: PgClient, Query: PgQueryClass, q: QueryConfig): Follow | undefined {
  const run = q[RUN_AHEAD_OPTION];
  if (!run || typeof run.name !== 'string' || client.connection.parsedStatements[run.name] !== run.text)
    return undefined;
  const mapper = valueMapperOf(Query);
  if (!mapper) return undefined;
  try {
    return { key: run.key, text: run.text, name: run.name, values: run.values.map((v, i) => mapper(v, i)) };
  } catch {
    return undefined;
  }
}

/** The values are mapped already (`followOf`). */
const asMapped: ValueMapper = (value) => value;

/** The paired query class, made once per node-postgres query class (a class per query would defeat its caches). */
const pairedClasses = new WeakMap<
  PgQueryClass,
  new (pair: Pair, config: QueryConfig, cb: Callback) => PgQuery
>();

function pairedClassOf(Query: PgQueryClass) {
  let Paired = pairedClasses.get(Query);
  if (Paired) return Paired;
  const Base = Query as unknown as new (config: QueryConfig, values: undefined, cb: Callback) => PgQuery;
  Paired = class extends Base {
    private readonly pair: Pair;

    constructor(pair: Pair, config: QueryConfig, cb: Callback) {
      super(config, undefined, cb);
      this.pair = pair;
    }

    submit(connection: PgWire): Error | null {
      // node-postgres's own check: one name, one text per connection.
      const previous = this.name
        ? (connection.parsedStatements[this.name] ?? connection.submittedNamedStatements?.[this.name])
        : undefined;
      if (this.text && previous && this.text !== previous) {
        return new Error(
          `Prepared statements must be unique - '${this.name}' was used for a different statement`,
        );
      }
      connection.stream.cork?.();
      try {
        for (const text of this.pair.before ?? []) sendControl(connection, text);
        this.prepare(connection);
      } finally {
        connection.stream.uncork?.();
      }
      return null;
    }

    override _getRows(connection: PgWire, rows?: number): void {
      connection.execute({ portal: this.portal, rows });
      const then = this.pair.then;
      if (then) {
        connection.bind({ portal: '', statement: then.name, values: then.values, valueMapper: asMapped });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '', rows: undefined });
      }
      if (this.pair.after) sendControl(connection, this.pair.after);
      connection.sync();
    }
  };
  pairedClasses.set(Query, Paired);
  return Paired;
}

/** `config` with `pair.before` sent ahead of it or `pair.after` behind it, one Sync for all: one answer. */
function pairedQuery(Query: PgQueryClass, config: QueryConfig, pair: Pair, callback: Callback): PgQuery {
  const { meridianWithCommit: _, [RUN_AHEAD_OPTION]: _run, [RAN_AHEAD_OPTION]: _ran, ...plain } = config;
  const Paired = pairedClassOf(Query);
  return new Paired(pair, { ...plain, queryMode: 'extended' }, callback);
}

const resultsOf = (r: PgResult | PgResult[] | undefined): PgResult[] => (Array.isArray(r) ? r : r ? [r] : []);

const emptyResult = (command: string): PgResult => ({ command, rowCount: 0, rows: [], fields: [] });

type QueryFn = (config: unknown, values?: unknown, cb?: unknown) => unknown;

/** A pipelined transaction running on a connection: what it holds back. */
interface TransactionState {
  /** Whether knex's BEGIN came (it is the first of `prefix` until a statement took it along). */
  begun: boolean;
  /** BEGIN and SAVEPOINTs answered but not sent yet: they go with the next statement. */
  prefix: string[];
  /** The statement to send with the COMMIT. */
  last: QueryConfig | null;
  /** A read that ran ahead, and its answer: for the next statement only (see the module comment). */
  ahead: { key: object; text: string; result: PgResult } | null;
}

/** Connections running a pipelined transaction right now. */
const running = new WeakMap<PgClient, TransactionState>();
/** Connections whose `query` goes through `pipelinedQuery` (set once, kept: see `pipelineControl`). */
const wrapped = new WeakSet<PgClient>();

/** A SAVEPOINT as knex and ingestion write it (a plain name, no parameters): it may go with the next statement. */
const SAVEPOINT = /^savepoint [a-z_][a-z0-9_]*;?$/i;
/** Transaction control, which never goes with a held BEGIN or SAVEPOINT (those are sent before it, alone). */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|end|abort|start|set|prepare)\b/i;

/** One call of `client.query` while a pipelined transaction runs on the client (see the module comment). */
function pipelinedQuery(
  client: PgClient,
  Query: PgQueryClass,
  state: TransactionState,
  original: QueryFn,
  config: unknown,
  values?: unknown,
  cb?: unknown,
): unknown {
  const callback = (typeof values === 'function' ? values : cb) as Callback | undefined;
  if (typeof callback !== 'function' || typeof config !== 'object' || config === null) {
    return original(config, values, cb);
  }
  const q = config as QueryConfig;
  // A read that ran ahead answers its own run only, as the very next statement; anything else drops it.
  const ahead = state.ahead;
  if (ahead) {
    state.ahead = null;
    if (q[RAN_AHEAD_OPTION] === ahead.key && q.text === ahead.text) {
      process.nextTick(callback, null, ahead.result);
      return undefined;
    }
  }
  const plain = !q.values || q.values.length === 0;
  // knex's BEGIN, or a SAVEPOINT: answered now, sent with the next statement.
  if (
    state.last === null &&
    plain &&
    !q.name &&
    ((q.text === KNEX_BEGIN && !state.begun) || (state.begun && SAVEPOINT.test(q.text)))
  ) {
    state.begun = true;
    state.prefix.push(q.text);
    process.nextTick(callback, null, emptyResult(q.text === KNEX_BEGIN ? 'BEGIN' : 'SAVEPOINT'));
    return undefined;
  }
  if (state.prefix.length > 0) {
    const prefix = state.prefix;
    state.prefix = [];
    // Nothing ran in the transaction: there is nothing to commit or roll back.
    if (prefix[0] === KNEX_BEGIN && (q.text === KNEX_COMMIT || q.text === 'ROLLBACK')) {
      process.nextTick(callback, null, emptyResult(q.text === KNEX_COMMIT ? 'COMMIT' : 'ROLLBACK'));
      return undefined;
    }
    // A statement not yet parsed under its name, transaction control, or the statement for the COMMIT go
    // after the held ones, each alone, as before (see the module comment).
    const parsed = !q.name || client.connection.parsedStatements[q.name] === q.text;
    if (!parsed || CONTROL.test(q.text) || q.meridianWithCommit) {
      const next = (i: number) => {
        if (i === prefix.length) return void pipelinedQuery(client, Query, state, original, config, callback);
        original({ text: prefix[i] }, (err: Error | null) => (err ? callback(err) : next(i + 1)));
      };
      next(0);
      return undefined;
    }
    const then = followOf(client, Query, q);
    original(
      pairedQuery(Query, q, { before: prefix, then }, (err, res) => {
        if (err) return callback(err);
        const results = resultsOf(res);
        if (then) keepAhead(state, then, results[prefix.length + 1]);
        callback(null, results[prefix.length] ?? emptyResult(''));
      }),
    );
    return undefined;
  }
  if (q.meridianWithCommit && state.last === null) {
    state.last = q;
    process.nextTick(callback, null, emptyResult(''));
    return undefined;
  }
  if (q.text === KNEX_COMMIT && state.last !== null) {
    const held = state.last;
    state.last = null;
    original(
      pairedQuery(Query, held, { after: 'COMMIT' }, (err, res) => {
        if (!err) {
          const [, committed] = resultsOf(res);
          return callback(null, committed ?? emptyResult('COMMIT'));
        }
        // The last statement or the commit failed: nothing of the transaction is kept. End it (after a
        // failed last statement it is still open) before the error goes on.
        original({ text: 'ROLLBACK' }, () => callback(err));
      }),
    );
    return undefined;
  }
  // A rollback drops a statement held for the commit.
  if (q.text === 'ROLLBACK') state.last = null;
  if (state.last !== null && q.text !== KNEX_COMMIT) {
    // A statement after the one held for the commit: the held one goes first, on its own (should it fail,
    // the transaction is aborted and this one fails too).
    const held = state.last;
    state.last = null;
    original(held, () => original(config, callback));
    return undefined;
  }
  // A statement with a read to run ahead: the two in one exchange.
  const then = state.last === null ? followOf(client, Query, q) : undefined;
  if (then) {
    original(
      pairedQuery(Query, q, { then }, (err, res) => {
        if (err) return callback(err);
        const results = resultsOf(res);
        keepAhead(state, then, results[1]);
        callback(null, results[0] ?? emptyResult(''));
      }),
    );
    return undefined;
  }
  // Anything else goes as it is.
  return original(config, values, cb);
}

/** Keeps the answer of a read that ran ahead for the next statement (none came back: nothing is kept). */
function keepAhead(state: TransactionState, then: Follow, result: PgResult | undefined): void {
  state.ahead = result ? { key: then.key, text: then.text, result } : null;
}

/**
 * Starts a pipelined transaction on the client; returns its end. The client's `query` is wrapped the first
 * time and stays wrapped (added once and never deleted, the client object keeps its fast shape): outside a
 * pipelined transaction the wrapper hands every call straight on. When the client offers no query class to
 * extend, nothing is pipelined.
 */
function pipelineControl(client: PgClient): () => void {
  const Query = client.constructor.Query;
  if (typeof Query !== 'function') return () => undefined;
  if (!wrapped.has(client)) {
    const query = client.query;
    const original: QueryFn = (config, values, cb) => query.call(client, config, values, cb);
    client.query = (config: unknown, values?: unknown, cb?: unknown): unknown => {
      const state = running.get(client);
      return state
        ? pipelinedQuery(client, Query, state, original, config, values, cb)
        : original(config, values, cb);
    };
    wrapped.add(client);
  }
  running.set(client, { begun: false, prefix: [], last: null, ahead: null });
  return () => {
    running.delete(client);
  };
}

/**
 * `withTransaction` for a push: the same transaction, with `BEGIN` sent along with its first statement and
 * `COMMIT` with the statement run with `WITH_COMMIT` (its last).
 */
export async function withPipelinedTransaction<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  const client = db.client as {
    acquireConnection(): Promise<PgClient>;
    releaseConnection(c: PgClient): Promise<unknown>;
  };
  const connection = await client.acquireConnection();
  const restore = pipelineControl(connection);
  try {
    return await db.transaction(work, { connection });
  } finally {
    restore();
    await client.releaseConnection(connection);
  }
}
