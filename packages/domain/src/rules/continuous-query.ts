/** Continuous query slug and title rules (spec "Limits"). */
export const CONTINUOUS_QUERY_SLUG_RE = /^(?!.*--)(?!-)(?!.*-$)[a-z0-9-]{1,128}$/;
export const CONTINUOUS_QUERY_TITLE_RE =
  /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF0-9()&_\-.\s]{0,50}$/;

export function isValidContinuousQuerySlug(slug: string): boolean {
  return CONTINUOUS_QUERY_SLUG_RE.test(slug);
}

export function isValidContinuousQueryTitle(title: string): boolean {
  return CONTINUOUS_QUERY_TITLE_RE.test(title);
}

/** Minimum gap between two runs of one query for one user (design). */
export const MIN_GAP_DURATION_SECONDS = 1800;
