/**
 * Names for the push path's own hot statements (each push's first and last), so node-postgres parses each
 * text once per connection and PostgreSQL keeps its plan: unnamed, the first statement (`beginPush`, a
 * dozen CTEs) cost the database 0.8–1.0 ms of CPU per push to parse and plan, named 0.25–0.3 ms (2026-11-25,
 * 400 runs each on one connection). The plan is the generic one PostgreSQL picks after five custom ones when
 * it costs no more (as for the timeseries reads). One name per SQL text, made once; the last statement's
 * text varies with the number of checkpoints, so the set is bounded: past `MAX_NAMED` texts, statements run
 * unnamed.
 */

const names = new Map<string, string>();
const MAX_NAMED = 200;

/** knex `raw(...).options(...)` for `sql`: its prepared-statement name, or nothing past the bound. */
export function namedStatement(sql: string): { name?: string } {
  let name = names.get(sql);
  if (name === undefined) {
    if (names.size >= MAX_NAMED) return {};
    name = `meridian_push_${names.size}`;
    names.set(sql, name);
  }
  return { name };
}
