/**
 * `QueryBatch` of `POST /aggregate/v1/user/{id}/query` and the `QueryConfig` shared with continuous
 * queries (`query_config`), api-shapes §5.
 */
import { isCalendarDate, isLabSlug, isProviderSlug, type ValidationIssue } from '@meridian/domain';
import type { Loc, PeriodNode, PlaceholderNode, QueryAst } from './ast';
import { deriveQuery, type DerivedQuery } from './derive';
import { ExpressionReader, at } from './expressions';
import { Issues, quote } from './issues';
import { get, has, isObject, jsonType } from './json';
import { readQuery } from './parse-query';

/** Most queries in one batch. */
export const MAX_BATCH_QUERIES = 16;
/** Most entries of `provider_priority_overrides`. */
export const MAX_PRIORITY_OVERRIDES = 64;

export interface RelativeTimeframeNode {
  kind: 'relative';
  loc: Loc;
  /** `YYYY-MM-DD`: the last day of the window (in the user's local time). */
  anchor: string;
  /** How far back from the anchor the window reaches. */
  past: PeriodNode;
}

/** A placeholder timeframe means the user's whole history (README). */
export type TimeframeNode = RelativeTimeframeNode | PlaceholderNode;

export interface QueryConfigNode {
  /** Provider / lab slugs, most preferred first; null = the team's default priority. */
  providerPriorityOverrides: string[] | null;
}

export interface QueryBatchAst {
  timeframe: TimeframeNode;
  queries: { query: QueryAst; derived: DerivedQuery }[];
  config: QueryConfigNode;
}

export type ParseBatchResult = { ok: true; batch: QueryBatchAst } | { ok: false; issues: ValidationIssue[] };

export function parseQueryBatch(
  json: unknown,
  options: { basePath: readonly (string | number)[] },
): ParseBatchResult {
  const issues = new Issues();
  const base = options.basePath.map(String);
  if (!isObject(json)) {
    issues.add(base, `the body must be an object, not ${jsonType(json)}`, 'dict_type', json);
    return { ok: false, issues: issues.items };
  }
  const timeframe = readTimeframe(json, base, issues);
  const config = readQueryConfig(get(json, 'config'), at(base, 'config'), issues);
  const queries: { query: QueryAst; derived: DerivedQuery }[] = [];
  const qLoc = at(base, 'queries');
  const raw = get(json, 'queries');
  if (!has(json, 'queries')) issues.add(qLoc, 'queries is required', 'missing', json);
  else if (!Array.isArray(raw))
    issues.add(qLoc, `queries must be an array, not ${jsonType(raw)}`, 'list_type', raw);
  else if (raw.length === 0)
    issues.add(qLoc, 'queries must list at least one query', 'too_short', raw, { min_length: 1 });
  else if (raw.length > MAX_BATCH_QUERIES)
    issues.add(qLoc, `a batch may hold at most ${MAX_BATCH_QUERIES} queries`, 'too_long', raw.length, {
      max_length: MAX_BATCH_QUERIES,
    });
  else
    raw.forEach((q, i) => {
      if (issues.full) return;
      const query = readQuery(q, at(qLoc, i), 'synchronous', issues);
      if (query) queries.push({ query, derived: deriveQuery(query) });
    });
  if (issues.count > 0 || !timeframe || !config) return { ok: false, issues: issues.items };
  return { ok: true, batch: { timeframe, queries, config } };
}

function readTimeframe(json: Record<string, unknown>, base: Loc, issues: Issues): TimeframeNode | null {
  const loc = at(base, 'timeframe');
  if (!has(json, 'timeframe')) {
    issues.add(loc, 'timeframe is required', 'missing', json);
    return null;
  }
  const tf = json['timeframe'];
  if (!isObject(tf)) {
    issues.add(loc, `timeframe must be an object, not ${jsonType(tf)}`, 'dict_type', tf);
    return null;
  }
  const reader = new ExpressionReader(issues);
  if (has(tf, 'placeholder')) return reader.placeholder(tf, loc);
  if (get(tf, 'type') !== 'relative') {
    issues.add(
      at(loc, 'type'),
      "timeframe.type must be 'relative' (or send {placeholder: true})",
      'enum',
      get(tf, 'type'),
      {
        expected: ['relative'],
      },
    );
    return null;
  }
  const anchor = get(tf, 'anchor');
  let ok = true;
  if (typeof anchor !== 'string' || !isCalendarDate(anchor)) {
    issues.add(at(loc, 'anchor'), 'timeframe.anchor must be a date YYYY-MM-DD', 'date_parsing', anchor);
    ok = false;
  }
  if (!has(tf, 'past')) {
    issues.add(at(loc, 'past'), 'timeframe.past is required', 'missing', tf);
    return null;
  }
  const past = reader.period(tf['past'], at(loc, 'past'), 'timeframe.past');
  return ok && past ? { kind: 'relative', loc, anchor: anchor as string, past } : null;
}

/**
 * `QueryConfig` (`config` of a batch, `query_config` of a continuous query): `provider_priority_overrides`
 * lists known provider or lab slugs, each once. Null when invalid (issues added).
 */
export function readQueryConfig(value: unknown, loc: Loc, issues: Issues): QueryConfigNode | null {
  if (value === undefined || value === null) return { providerPriorityOverrides: null };
  if (!isObject(value)) {
    issues.add(loc, `config must be an object, not ${jsonType(value)}`, 'dict_type', value);
    return null;
  }
  const raw = get(value, 'provider_priority_overrides');
  const pLoc = at(loc, 'provider_priority_overrides');
  if (raw === undefined || raw === null) return { providerPriorityOverrides: null };
  if (!Array.isArray(raw)) {
    issues.add(pLoc, `provider_priority_overrides must be an array, not ${jsonType(raw)}`, 'list_type', raw);
    return null;
  }
  if (raw.length > MAX_PRIORITY_OVERRIDES) {
    issues.add(
      pLoc,
      `provider_priority_overrides may list at most ${MAX_PRIORITY_OVERRIDES} slugs`,
      'too_long',
      raw.length,
      {
        max_length: MAX_PRIORITY_OVERRIDES,
      },
    );
    return null;
  }
  const before = issues.count;
  const seen = new Set<string>();
  raw.forEach((slug, i) => {
    if (typeof slug !== 'string' || !(isProviderSlug(slug) || isLabSlug(slug)))
      issues.add(at(pLoc, i), `${quote(slug)} is not a provider or lab slug`, 'enum', slug);
    else if (seen.has(slug))
      issues.add(at(pLoc, i), `provider '${slug}' is listed twice`, 'value_error', slug);
    else seen.add(slug);
  });
  return issues.count > before ? null : { providerPriorityOverrides: raw as string[] };
}

/** `query_config` of `CreateContinuousQuery` on its own. */
export function parseQueryConfig(
  json: unknown,
  options: { basePath: readonly (string | number)[] },
): { ok: true; config: QueryConfigNode } | { ok: false; issues: ValidationIssue[] } {
  const issues = new Issues();
  const config = readQueryConfig(json, options.basePath.map(String), issues);
  return config ? { ok: true, config } : { ok: false, issues: issues.items };
}
