import { ValidationError, type ValidationIssue } from '@meridian/domain';

/** Caps the detail body of a hopeless batch (tens of thousands of bad samples) at a readable size. */
const MAX_ISSUES = 100;

/** Collects every problem of a batch so the caller gets them all at once, then refuses the batch. */
export class IssueList {
  private readonly items: ValidationIssue[] = [];
  private total = 0;

  add(
    loc: readonly (string | number)[],
    msg: string,
    type: string,
    input: unknown,
    ctx: Record<string, unknown> = {},
  ) {
    this.total += 1;
    if (this.items.length < MAX_ISSUES)
      this.items.push({ loc: ['body', ...loc.map(String)], msg, type, input, ctx });
  }

  get count(): number {
    return this.total;
  }

  /** Every issue of `lists`, in order (as if added to one list in that order). */
  static concat(...lists: readonly IssueList[]): IssueList {
    const all = new IssueList();
    for (const list of lists) {
      all.total += list.total;
      for (const item of list.items) if (all.items.length < MAX_ISSUES) all.items.push(item);
    }
    return all;
  }

  throwIfAny(): void {
    if (this.total > 0) throw new ValidationError(this.items);
  }
}
