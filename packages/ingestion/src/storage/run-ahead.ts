/**
 * A read that may run ahead: a statement whose text and values are known before the statement sent just
 * before it has answered, and that nothing else will be sent between (e.g. the activity's inputs, read right
 * after the samples' insert). A driver able to pipeline (the data API's push transaction, see its
 * pipelined-transaction.ts) may send it right after that earlier statement, in the same round trip, and answer
 * it from what came back when it is then run; any other driver runs both as usual. Either way PostgreSQL runs
 * the same statements in the same order in the same transaction, so they answer the same.
 *
 * The earlier statement carries the read in its query options (`RUN_AHEAD_OPTION`), the read carries its key
 * (`RAN_AHEAD_OPTION`). A driver that sent it ahead answers it from there only when it is the very next
 * statement of the transaction, with that key and text; anything else sent first (an upsert, a lock, a
 * rollback) drops what was read ahead, and the read then runs as usual.
 */
export interface RunAhead {
  /** Names this run: the read, when run, carries it (`RAN_AHEAD_OPTION`). */
  readonly key: object;
  /** The read as node-postgres gets it: its text with positional parameters ($1 …), its values and name. */
  readonly text: string;
  readonly values: readonly unknown[];
  /** Its prepared-statement name (a read without one is not run ahead). */
  readonly name: string;
}

/** Query option (knex `.options`) of the statement the read may be sent with: a `RunAhead`. */
export const RUN_AHEAD_OPTION = 'meridianRunAhead';
/** Query option of the read itself: its `RunAhead.key`. */
export const RAN_AHEAD_OPTION = 'meridianRanAhead';
