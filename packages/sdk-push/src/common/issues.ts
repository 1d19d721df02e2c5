import type { PushIssue } from '../types';

export type Loc = (string | number)[];

/** Issues reported at most per resource entry: a hostile batch cannot make the answer huge. */
export const MAX_ISSUES = 100;

/** The issues of one resource entry, capped at MAX_ISSUES (the count keeps going). */
export class Issues {
  readonly list: PushIssue[] = [];
  count = 0;

  add(loc: Loc, msg: string, type: string): void {
    this.count += 1;
    if (this.list.length < MAX_ISSUES) this.list.push({ loc: [...loc], msg, type });
  }

  /** Past the cap: further records need not be read. */
  get full(): boolean {
    return this.count >= MAX_ISSUES;
  }
}
