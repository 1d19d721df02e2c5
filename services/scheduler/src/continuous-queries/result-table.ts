/**
 * Result tables of continuous queries (api-shapes §4.8 `AggregationResult.table`, §7.2): column-oriented
 * `{column: values[]}`. A table's hash says whether a run changed it; the delta is what
 * `continuous_query.result_table.changed` carries: the rows that are new or changed, keyed by their group
 * keys (`group_key.<n>`, always selected by a continuous query).
 */
import { createHash } from 'node:crypto';
import type { FhirObservation } from '@meridian/query-language';

export type ResultTable = Record<string, unknown[]>;

const GROUP_KEY_COLUMN = /^group_key\.(\d+)$/;

/** JSON with object keys sorted, so equal tables have equal text whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** sha-256 (hex) of the canonical table: columns in name order, rows in the table's order. */
export function resultTableHash(table: ResultTable): string {
  return createHash('sha256').update(canonicalJson(table)).digest('hex');
}

export function rowCount(table: ResultTable): number {
  let count = 0;
  for (const values of Object.values(table)) count = Math.max(count, values.length);
  return count;
}

/** The group key columns of a table, in group_by order. */
function groupKeyColumns(table: ResultTable): string[] {
  return Object.keys(table)
    .filter((c) => GROUP_KEY_COLUMN.test(c))
    .sort((a, b) => Number(GROUP_KEY_COLUMN.exec(a)![1]) - Number(GROUP_KEY_COLUMN.exec(b)![1]));
}

function rowKey(table: ResultTable, keys: string[], row: number): string {
  return canonicalJson(keys.map((k) => table[k]?.[row] ?? null));
}

function rowText(table: ResultTable, columns: string[], row: number): string {
  return canonicalJson(columns.map((c) => table[c]?.[row] ?? null));
}

/**
 * The rows of `next` that `previous` does not have with the same values, matched on the group keys
 * (every column of `next`, in its order; rows in `next`'s order). Rows only `previous` has are not part of
 * the delta. Without a previous table every row is new; a table without group keys is compared whole.
 */
export function resultTableDelta(previous: ResultTable | null, next: ResultTable): ResultTable {
  const columns = Object.keys(next);
  const rows = rowCount(next);
  let changed: number[];
  if (previous === null) changed = Array.from({ length: rows }, (_, i) => i);
  else {
    const keys = groupKeyColumns(next);
    const sameColumns = canonicalJson([...columns].sort()) === canonicalJson(Object.keys(previous).sort());
    if (!sameColumns) changed = Array.from({ length: rows }, (_, i) => i);
    else {
      const before = new Map<string, string>();
      for (let i = 0; i < rowCount(previous); i++)
        before.set(rowKey(previous, keys, i), rowText(previous, columns, i));
      changed = [];
      for (let i = 0; i < rows; i++) {
        if (before.get(rowKey(next, keys, i)) !== rowText(next, columns, i)) changed.push(i);
      }
    }
  }
  const delta: ResultTable = {};
  for (const c of columns) delta[c] = changed.map((i) => next[c]?.[i] ?? null);
  return delta;
}

/** An Observation without `issued` (when it was computed), as canonical JSON: what makes two equal. */
function observationText(observation: FhirObservation): string {
  const { issued: _issued, ...rest } = observation;
  return canonicalJson(rest);
}

/**
 * The FHIR observations to store and to export after a run: `all` keeps the previous version (its `issued`)
 * of an observation that did not change; `changed` holds the new or changed ones (status, value, ...), in
 * `next`'s order. Observations only `previous` has are dropped, not exported.
 */
export function observationsDelta(
  previous: readonly FhirObservation[] | null,
  next: readonly FhirObservation[],
): { all: FhirObservation[]; changed: FhirObservation[] } {
  const before = new Map<string, FhirObservation>();
  for (const o of previous ?? []) before.set(o.id, o);
  const all: FhirObservation[] = [];
  const changed: FhirObservation[] = [];
  for (const o of next) {
    const old = before.get(o.id);
    if (old !== undefined && observationText(old) === observationText(o)) all.push(old);
    else {
      all.push(o);
      changed.push(o);
    }
  }
  return { all, changed };
}
