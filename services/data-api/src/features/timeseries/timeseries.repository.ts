import type { Knex } from '@meridian/db';
import type { TeamScope } from '@meridian/domain';
import type { ArrayRows, RowSink } from './timeseries.json';
import type { SampleRow } from './timeseries.presenter';
import { SLEEP_STREAM_SQL, toPgText, type SqlStatement } from './timeseries.sql';

/** The parts of node-postgres's client and query (Submittable) the streamed read uses. */
interface PgQuery {
  on(event: 'row', listener: (row: unknown[], result: { fields: { name: string }[] }) => void): PgQuery;
  on(event: 'end', listener: () => void): PgQuery;
  on(event: 'error', listener: (err: Error) => void): PgQuery;
}
interface PgClient {
  query(query: PgQuery): unknown;
  constructor: {
    Query: new (config: { name?: string; text: string; values: unknown[]; rowMode: 'array' }) => PgQuery;
  };
}

interface PgStatement {
  /** `?` → `$n`, as PostgreSQL receives it. */
  text: string;
  /** The prepared statement's name on every connection (one per text), or undefined past the bound. */
  name: string | undefined;
}

/**
 * Each statement's `$n` text and prepared-statement name, made once (the statements are a fixed set: three
 * per slug). Named, node-postgres parses a statement once per connection and PostgreSQL keeps its plan: on
 * the partitioned samples table planning was half of the database's CPU per grouped read (issue 16: 2.4 →
 * 1.2 ms per day read). The plan is the generic one PostgreSQL picks after five custom ones (when it costs
 * no more); the partition of the user is then chosen at run time. Bounded: past `MAX_NAMED` texts (never
 * reached by the fixed set) statements run unnamed.
 */
const pgStatements = new Map<string, PgStatement>();
const MAX_NAMED = 1000;
function pgStatementOf(sql: string): PgStatement {
  let statement = pgStatements.get(sql);
  if (statement === undefined) {
    const named = pgStatements.size < MAX_NAMED;
    statement = { text: toPgText(sql), name: named ? `meridian_ts_${pgStatements.size}` : undefined };
    if (named) pgStatements.set(sql, statement);
  }
  return statement;
}

/**
 * Whether the client that asked for a read is gone (its connection closed): the read is then not run.
 * Absent: the read always runs.
 */
export type ClientGone = () => boolean;

/**
 * The read of a client that went away while it waited for a pool connection (issue 16). Shaped as a client
 * abort (`ECONNABORTED`, message 'aborted'), so the error mapper logs it at info and answers nothing.
 */
export function clientGoneError(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNABORTED' });
}

/**
 * Runs `statement` on a pool connection and hands each row (an array) to `sink` as it arrives, keeping none:
 * a page of samples is rendered while it is read, and its rows die young (issue 16: a read's rows no longer
 * survive into the old generation). The query is node-postgres's own (the pool connection's `Query`), with
 * a 'row' listener, so the driver does not collect rows either. Returns the number of rows.
 *
 * A read whose client is gone by the time it gets its connection (`gone`) gives the connection straight
 * back and fails with clientGoneError (issue 16): requests a client abandoned in the pool's queue (a load
 * generator stopping, clients timing out) no longer cost a query and a render each, which held the pool
 * and the CPU for a few hundred ms after a burst and delayed whoever came next.
 */
async function streamRows(
  db: Knex,
  statement: SqlStatement,
  sink: RowSink,
  gone: ClientGone | undefined,
): Promise<number> {
  const client = db.client as {
    acquireConnection(): Promise<PgClient>;
    releaseConnection(c: PgClient): Promise<void>;
  };
  if (gone?.()) throw clientGoneError();
  const conn = await client.acquireConnection();
  try {
    if (gone?.()) throw clientGoneError();
    return await new Promise<number>((resolve, reject) => {
      let rows = 0;
      // A failure while rendering must not unwind into the driver's socket handler: kept, raised at the end.
      let failure: Error | undefined;
      const { text, name } = pgStatementOf(statement.sql);
      const query = new conn.constructor.Query({ name, text, values: statement.bindings, rowMode: 'array' });
      query.on('row', (row, result) => {
        if (failure !== undefined) return;
        try {
          if (rows++ === 0) sink.columns(result.fields.map((f) => f.name));
          sink.row(row);
        } catch (err) {
          failure = err instanceof Error ? err : new Error('A row could not be rendered.');
        }
      });
      query.on('end', () => (failure === undefined ? resolve(rows) : reject(failure)));
      query.on('error', reject);
      conn.query(query);
    });
  } finally {
    await client.releaseConnection(conn);
  }
}

/** Reads of stored health data. Sleeps and workout streams are looked up through their user's tenancy. */

export interface SleepStreamRow extends SampleRow {
  resource: string;
}

export function createTimeseriesRepository(db: Knex | Knex.Transaction) {
  const activeUserOf = (scope: TeamScope) =>
    db('users')
      .select(db.raw('1'))
      .where({ team_id: scope.teamId, environment: scope.environment })
      .whereNull('deleted_at');

  async function sampleArrays(statement: SqlStatement): Promise<ArrayRows> {
    const result = await db
      .raw<{ rows: unknown[][]; fields: { name: string }[] }>(statement.sql, statement.bindings)
      .options({ rowMode: 'array' });
    return { fields: result.fields.map((f) => f.name), rows: result.rows };
  }

  return {
    async samples(statement: SqlStatement): Promise<SampleRow[]> {
      const result = await db.raw<{ rows: SampleRow[] }>(statement.sql, statement.bindings);
      return result.rows;
    },

    /** The same read with rows as arrays (pg `rowMode: 'array'`): no object per row for the JSON writer. */
    sampleArrays,

    /**
     * The same read streamed into `sink` row by row (no rows kept; see streamRows). Inside a transaction the
     * rows are read first and then handed over, on the transaction's connection. `gone`: see streamRows.
     */
    async streamSampleArrays(statement: SqlStatement, sink: RowSink, gone?: ClientGone): Promise<number> {
      if (!db.isTransaction) return streamRows(db as Knex, statement, sink, gone);
      const result = await sampleArrays(statement);
      if (result.rows.length > 0) sink.columns(result.fields);
      for (const row of result.rows) sink.row(row);
      return result.rows.length;
    },

    /** True when `sleepId` is a sleep summary of an active user of the scope. */
    async isSleepOf(scope: TeamScope, sleepId: string): Promise<boolean> {
      const row = await db('summaries as s')
        .where({ 's.id': sleepId, 's.kind': 'sleep' })
        .whereExists(activeUserOf(scope).whereRaw('users.id = s.user_id'))
        .first(db.raw('1 as found'));
      return row !== undefined;
    },

    async sleepStreamSamples(sleepId: string): Promise<SleepStreamRow[]> {
      const result = await db.raw<{ rows: SleepStreamRow[] }>(SLEEP_STREAM_SQL, [sleepId]);
      return result.rows;
    },

    /**
     * A workout summary of an active user of the scope with its stored stream (`payload` null when the
     * workout has none); undefined when the scope has no such workout.
     */
    async workoutStream(
      scope: TeamScope,
      workoutId: string,
    ): Promise<{ payload: Record<string, unknown> | null } | undefined> {
      return db('summaries as s')
        .leftJoin('workout_streams as ws', 'ws.workout_id', 's.id')
        .where({ 's.id': workoutId, 's.kind': 'workouts' })
        .whereExists(activeUserOf(scope).whereRaw('users.id = s.user_id'))
        .first<{ payload: Record<string, unknown> | null } | undefined>('ws.payload');
    },
  };
}

export type TimeseriesRepository = ReturnType<typeof createTimeseriesRepository>;
