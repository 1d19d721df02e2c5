import type { ValidationIssue } from '@meridian/domain';
import type { Loc } from './ast';

/** A hostile query can violate rules thousands of times; the 422 body lists the first ones. */
export const MAX_ISSUES = 50;

/** Longest string echoed back as an issue's `input`. */
const MAX_ECHO = 200;

/** Collects every violation (up to MAX_ISSUES) instead of stopping at the first one. */
export class Issues {
  readonly items: ValidationIssue[] = [];
  private total = 0;

  add(loc: Loc, msg: string, type: string, input: unknown, ctx: Record<string, unknown> = {}): void {
    this.total += 1;
    if (this.items.length < MAX_ISSUES)
      this.items.push({ loc: [...loc], msg, type, input: echo(input), ctx });
  }

  get count(): number {
    return this.total;
  }

  get full(): boolean {
    return this.items.length >= MAX_ISSUES;
  }
}

function echo(input: unknown): unknown {
  return typeof input === 'string' && input.length > MAX_ECHO ? `${input.slice(0, MAX_ECHO)}…` : input;
}

/** Human-readable list of allowed values for messages, shortened for long enums. */
export function allowed(values: Iterable<string>, max = 12): string {
  const all = [...values];
  const shown = all.slice(0, max).map((v) => `'${v}'`);
  return all.length > max ? `${shown.join(', ')}, … (${all.length} values)` : shown.join(', ');
}

/** Quote a user-supplied name for a message: bounded length, control characters escaped. */
export function quote(value: unknown): string {
  const s =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean' || value === null
        ? String(value)
        : Array.isArray(value)
          ? 'an array'
          : typeof value;
  const short = s.length > 60 ? `${s.slice(0, 60)}…` : s;
  // eslint-disable-next-line no-control-regex
  return `'${short.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
}
