/**
 * `CreateContinuousQuery` (api-shapes §8.3) from a request body the OpenAPI validator has shape-checked to a
 * validated definition: slug and title rules (domain), the §5 query and its continuous-query rules and the
 * query config (query language), the gap and export defaults. Every issue is collected, then thrown once.
 */
import {
  CONTINUOUS_QUERY_SLUG_RE,
  CONTINUOUS_QUERY_TITLE_RE,
  isValidContinuousQuerySlug,
  isValidContinuousQueryTitle,
  MIN_GAP_DURATION_SECONDS,
  ValidationError,
  type ValidationIssue,
} from '@meridian/domain';
import { unsupportedIssues } from '@meridian/query-engine';
import {
  MAX_ISSUES,
  parseQuery,
  parseQueryConfig,
  queryToWire,
  type DerivedQuery,
  type QueryAst,
} from '@meridian/query-language';
import type {
  ExportPreferences,
  SchedulingPreferences,
  StoredQueryConfig,
} from './continuous-queries.repository';

export interface CreateContinuousQueryInput {
  slug: string;
  title: string;
  query: unknown;
  query_config?: { provider_priority_overrides?: string[] | null } | null;
  scheduling_preferences?: { minimum_gap_duration_second?: number | null } | null;
  export_preferences?: { data_events?: { enabled?: boolean } | null; fhir_observations?: boolean } | null;
}

export interface PatchContinuousQueryInput {
  title?: string | null;
  scheduling_preferences?: { minimum_gap_duration_second?: number | null } | null;
}

export interface ContinuousQueryDefinition {
  slug: string;
  title: string;
  query: QueryAst;
  derived: DerivedQuery;
  /** The canonical JSON of the query, as stored and returned. */
  wireQuery: Record<string, unknown>;
  queryConfig: StoredQueryConfig | null;
  scheduling: SchedulingPreferences;
  exports: ExportPreferences;
}

export function slugIssue(slug: string): ValidationIssue | null {
  if (isValidContinuousQuerySlug(slug)) return null;
  return {
    loc: ['body', 'slug'],
    msg: 'A slug is 1 to 128 of a-z, 0-9 and -, without -- and without a leading or trailing -',
    type: 'string_pattern_mismatch',
    input: slug,
    ctx: { pattern: CONTINUOUS_QUERY_SLUG_RE.source },
  };
}

export function titleIssue(title: string): ValidationIssue | null {
  if (isValidContinuousQueryTitle(title)) return null;
  return {
    loc: ['body', 'title'],
    msg: 'A title is at most 50 letters, digits, spaces and ( ) & _ - .',
    type: 'string_pattern_mismatch',
    input: title,
    ctx: { pattern: CONTINUOUS_QUERY_TITLE_RE.source },
  };
}

/** The validator enforces the minimum too; kept here so the rule holds whatever reaches the service. */
function gapIssue(gap: number | null | undefined): ValidationIssue | null {
  if (gap === null || gap === undefined || (Number.isInteger(gap) && gap >= MIN_GAP_DURATION_SECONDS))
    return null;
  return {
    loc: ['body', 'scheduling_preferences', 'minimum_gap_duration_second'],
    msg: `Input should be greater than or equal to ${MIN_GAP_DURATION_SECONDS}`,
    type: 'greater_than_equal',
    input: gap,
    ctx: { ge: MIN_GAP_DURATION_SECONDS },
  };
}

function throwIfAny(issues: Array<ValidationIssue | null>): void {
  const found = issues.filter((i): i is ValidationIssue => i !== null);
  if (found.length > 0) throw new ValidationError(found.slice(0, MAX_ISSUES));
}

/** Validates a create (or validate) body; throws a ValidationError listing every broken rule. */
export function readContinuousQueryDefinition(input: CreateContinuousQueryInput): ContinuousQueryDefinition {
  const parsed = parseQuery(input.query, { basePath: ['body', 'query'], mode: 'continuous' });
  const config = parseQueryConfig(input.query_config, { basePath: ['body', 'query_config'] });
  const gap = input.scheduling_preferences?.minimum_gap_duration_second ?? null;
  throwIfAny([
    slugIssue(input.slug),
    titleIssue(input.title),
    // Columns Meridian does not store: 422 not_supported at the element (query engine).
    ...(parsed.ok ? unsupportedIssues(parsed.query) : parsed.issues),
    ...(config.ok ? [] : config.issues),
    gapIssue(gap),
  ]);
  if (!parsed.ok || !config.ok) throw new Error('unreachable: issues were thrown above');
  return {
    slug: input.slug,
    title: input.title,
    query: parsed.query,
    derived: parsed.derived,
    wireQuery: queryToWire(parsed.query),
    queryConfig:
      input.query_config === undefined || input.query_config === null
        ? null
        : { provider_priority_overrides: config.config.providerPriorityOverrides },
    scheduling: { minimum_gap_duration_second: gap },
    exports: {
      data_events: { enabled: input.export_preferences?.data_events?.enabled ?? true },
      fhir_observations: input.export_preferences?.fhir_observations ?? false,
    },
  };
}

/** The changes a PATCH asks for (absent or null: unchanged, but a null gap clears the minimum). */
export function readContinuousQueryPatch(input: PatchContinuousQueryInput): {
  title?: string;
  scheduling?: SchedulingPreferences;
} {
  const title = input.title ?? undefined;
  const prefs = input.scheduling_preferences;
  const gapGiven = prefs !== undefined && prefs !== null && prefs.minimum_gap_duration_second !== undefined;
  const gap = gapGiven ? (prefs.minimum_gap_duration_second ?? null) : undefined;
  throwIfAny([title === undefined ? null : titleIssue(title), gapIssue(gap)]);
  return {
    ...(title === undefined ? {} : { title }),
    ...(gap === undefined ? {} : { scheduling: { minimum_gap_duration_second: gap } }),
  };
}
