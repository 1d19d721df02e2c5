import type { ValidationIssue } from '@meridian/domain';
import { parseQuery, type QueryMode } from '../index';

export const BASE = ['body', 'query'];

/** The spec example of §5: group by month of sleep, all keys and the mean sleep score. */
export const SPEC_EXAMPLE = {
  group_by: [{ arg: { index: 'sleep' }, date_trunc: { unit: 'month', value: 1 } }],
  select: [{ group_key: '*' }, { arg: { value_macro: 'sleep_score', version: 'automatic' }, func: 'mean' }],
};

export const monthOf = (index: string) => ({ date_trunc: { unit: 'month' }, arg: { index } });

/** A continuous query over `index` grouped by month with every key selected, plus `select` items. */
export function cq(index: string, select: unknown[], extra: Record<string, unknown> = {}) {
  return { group_by: [monthOf(index)], select: [{ group_key: '*' }, ...select], ...extra };
}

export function ok(json: unknown, mode: QueryMode = 'continuous') {
  const r = parseQuery(json, { basePath: BASE, mode });
  if (!r.ok) throw new Error(`expected a valid query, got ${JSON.stringify(r.issues, null, 1)}`);
  return r;
}

export function issuesOf(json: unknown, mode: QueryMode = 'continuous'): ValidationIssue[] {
  const r = parseQuery(json, { basePath: BASE, mode });
  if (r.ok) throw new Error(`expected issues for ${JSON.stringify(json)}`);
  return r.issues;
}

/** Deterministic PRNG (mulberry32) so a failing fuzz case can be replayed from its seed. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
