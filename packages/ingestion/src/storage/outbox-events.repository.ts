import type { OutboxEvent } from '@meridian/db';
import { newId } from '@meridian/domain';
import type { Knex } from 'knex';
import { namedStatement } from './named-statements';

/** Columns of an outbox row as ingestion writes it (the order `createOutboxRepository().append` sends them). */
const COLUMNS = ['environment', 'etl_only', 'event_type', 'id', 'payload', 'team_id', 'user_id'];
/** Up to this many events a statement's text is named (prepared once per connection); a batch has a few. */
const NAMED_UP_TO = 16;

const texts: string[] = [];
/** The insert of `n` rows, the text `createOutboxRepository().append` sends for them. */
function insertSql(n: number): string {
  const known = texts[n];
  if (known) return known;
  const row = `(${COLUMNS.map(() => '?').join(', ')})`;
  const sql = `insert into "outbox" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${Array.from({ length: n }, () => row).join(', ')}`;
  if (n <= NAMED_UP_TO) texts[n] = sql;
  return sql;
}

/**
 * Writes events in the caller's transaction as `createOutboxRepository().append` does (the same rows, in
 * order, ids made here), with each payload's JSON text from `payloadOf` when it has it already (it must be
 * `JSON.stringify` of the envelope), else made here. Answers the events' outbox ids, in order.
 */
export async function appendEvents(
  trx: Knex.Transaction,
  events: readonly OutboxEvent[],
  payloadOf: (event: OutboxEvent) => string | undefined,
): Promise<string[]> {
  if (events.length === 0) return [];
  const ids: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  for (const e of events) {
    const id = newId();
    ids.push(id);
    bindings.push(
      e.environment,
      e.etlOnly ?? false,
      e.envelope.event_type,
      id,
      payloadOf(e) ?? JSON.stringify(e.envelope),
      e.teamId,
      e.userId ?? null,
    );
  }
  const sql = insertSql(events.length);
  await trx.raw(sql, bindings).options(events.length <= NAMED_UP_TO ? namedStatement(sql) : {});
  return ids;
}
