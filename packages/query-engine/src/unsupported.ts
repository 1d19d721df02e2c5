/**
 * Valid §5 queries the engine cannot answer from stored data (README "Not supported yet"): the
 * `derived_readiness` index and the table columns Meridian does not store. Checked at validation time, so
 * the aggregate endpoint and continuous-query create/validate answer 422 `not_supported` at the element
 * (never a 500, never a silent null), before any lookup or run.
 */
import type { ValidationIssue } from '@meridian/domain';
import { MAX_ISSUES, type Loc, type QueryAst, type TableName } from '@meridian/query-language';
import { isStoredColumn } from './columns';
import { NotSupportedError, notSupportedIssue } from './errors';
import { isStoredTable } from './relation';

interface FoundColumn {
  table: TableName;
  column: string;
  loc: Loc;
}

function tableColumns(query: QueryAst): FoundColumn[] {
  const found: FoundColumn[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.kind === 'table_column' && typeof o.table === 'string' && typeof o.column === 'string')
        found.push({ table: o.table as TableName, column: o.column, loc: o.loc as Loc });
      for (const [k, child] of Object.entries(o)) if (k !== 'loc' && k !== 'span') visit(child);
    }
  };
  visit(query);
  return found;
}

/** Every element of `query` the engine cannot compute, as 422 `not_supported` items (empty: runnable). */
export function unsupportedIssues(query: QueryAst): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const add = (loc: Loc, what: string) => {
    const key = JSON.stringify([loc, what]);
    if (seen.has(key)) return;
    seen.add(key);
    issues.push(notSupportedIssue(loc, what));
  };
  if (query.source.kind === 'table' && !isStoredTable(query.source.table)) {
    // The whole index is missing: one issue, not one per column.
    add(query.select[0]?.loc ?? query.loc, `the ${query.source.table} index`);
    return issues;
  }
  for (const c of tableColumns(query)) {
    if (!isStoredColumn(c.table, c.column)) add(c.loc, `the column ${c.table}.${c.column}`);
  }
  return issues.slice(0, MAX_ISSUES);
}

/** Throws one 422 listing every unsupported element of the queries (their own `loc`s tell them apart). */
export function assertSupported(queries: readonly QueryAst[]): void {
  const issues = queries.flatMap((q) => unsupportedIssues(q));
  if (issues.length > 0) throw new NotSupportedError(issues.slice(0, MAX_ISSUES));
}
