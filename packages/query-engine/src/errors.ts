import { ValidationError, type ValidationIssue } from '@meridian/domain';
import type { Loc } from '@meridian/query-language';

/**
 * A valid query needing data Meridian does not store (README "Not supported yet"): a 422 `not_supported` at
 * the element, never a 500 and never a silent null (the language is wider than the storage, e.g.
 * `derived_readiness`). One issue per element; `unsupportedIssues` collects them all.
 */
export class NotSupportedError extends ValidationError {
  constructor(issues: ValidationIssue[]);
  constructor(loc: Loc, what: string);
  constructor(locOrIssues: Loc | ValidationIssue[], what?: string) {
    super(
      what === undefined ? (locOrIssues as ValidationIssue[]) : [notSupportedIssue(locOrIssues as Loc, what)],
    );
  }
}

export function notSupportedIssue(loc: Loc, what: string): ValidationIssue {
  return {
    loc: [...loc],
    msg: `${what} is not supported by the query engine: Meridian does not store the data it needs`,
    type: 'not_supported',
    input: null,
    ctx: {},
  };
}
