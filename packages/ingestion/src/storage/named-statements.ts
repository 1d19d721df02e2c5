/**
 * Prepared-statement names for ingestion's statements, so node-postgres parses each text once per connection
 * and PostgreSQL keeps its plan: unnamed, every batch paid the parse and plan of each statement again (on the
 * partitioned `samples` table, planning its partitions is a good part of a short statement's cost). Only
 * texts that are the same from batch to batch are worth a name: values always travel as parameters (never in
 * the text), and a text varies only with what it is built from (the user's `samples` partition, which row
 * columns a chunk has, how many chunks one insert covers), so the set stays small. One name per text, made
 * once per process; past `MAX_NAMED` texts, statements run unnamed.
 *
 * Behind pgbouncer in transaction mode, named statements need pgbouncer ≥ 1.21 with
 * `max_prepared_statements` set (see the README).
 */

const names = new Map<string, string>();
const MAX_NAMED = 300;

/** knex `raw(...).options(...)` for `sql`: its prepared-statement name, or nothing past the bound. */
export function namedStatement(sql: string): { name?: string } {
  let name = names.get(sql);
  if (name === undefined) {
    if (names.size >= MAX_NAMED) return {};
    name = `meridian_ingest_${names.size}`;
    names.set(sql, name);
  }
  return { name };
}
