import { ValidationError, type ValidationIssue } from '@meridian/domain';
import type { Loc } from '@meridian/query-language';

/**
 * A valid query using a form the compiler does not handle yet: a 422 `not_supported` at the element, never a
 * 500 (the language is wider than the storage today, e.g. `derived_readiness`).
 */
export class NotSupportedError extends ValidationError {
  constructor(loc: Loc, what: string) {
    super([notSupportedIssue(loc, what)]);
  }
}

export function notSupportedIssue(loc: Loc, what: string): ValidationIssue {
  return {
    loc: [...loc],
    msg: `${what} is not supported by the query engine yet`,
    type: 'not_supported',
    input: null,
    ctx: {},
  };
}
