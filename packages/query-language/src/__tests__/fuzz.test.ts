/**
 * Property tests: random and mutated queries never make the parser throw; the answer is always a valid
 * tree or a bounded list of issues whose loc lies inside the input (the last key may name a missing key).
 */
import { MAX_ISSUES, parseQuery, parseQueryBatch, queryToWire, type QueryMode } from '../index';
import { BASE, SPEC_EXAMPLE, cq, rng } from './helpers';

const SEEDS: unknown[] = [
  SPEC_EXAMPLE,
  cq(
    'sleep',
    [
      { func: 'mean', arg: { value_macro: 'sleep_score' } },
      { func: 'newest', arg: { value_macro: 'chronotype' } },
    ],
    {
      where: "NOT (score < 40 OR type = 'acknowledged_nap') AND source_provider != 'o''hare'",
      align: { carry: { mode: 'carry_forward', max_age: { unit: 'month', value: 3 } } },
    },
  ),
  {
    group_by: [
      { date_trunc: { unit: 'week', value: 2 }, arg: { placeholder: true } },
      { source: 'source_provider' },
      { source: 'source_type' },
    ],
    select: [{ group_key: '*' }, { func: 'sum', arg: { timeseries: 'steps', field: 'value' } }],
    where: 'value >= 0',
  },
  cq('menstrual_cycle', [
    {
      func: 'sum',
      arg: {
        select: { func: 'count', arg: { field_for: 'menstrual_cycle', menstrual_flow: 'flow' } },
        from: { unnest: { menstrual_cycle: 'menstrual_flow' } },
        where: "flow = 'heavy' OR flow = 'medium'",
      },
    },
  ]),
  {
    group_by: [
      { date_trunc: { unit: 'day' }, arg: { index: 'timeseries' } },
      { date_part: 'weekday', arg: { index: 'timeseries' } },
    ],
    select: [
      { group_key: '*' },
      {
        func: 'sum',
        arg: {
          select: { func: 'count', arg: { element: true } },
          from: { unnest: { timeseries: 'note', field: 'tags' } },
          where: "element = 'food'",
        },
      },
    ],
  },
];

const WEIRD: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  '',
  '*',
  '__proto__',
  'constructor',
  '0',
  'x'.repeat(5000),
  '\u0000\uffff\ud800',
  '😴 sommeil',
  [],
  [null],
  {},
  { placeholder: true },
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"x": 1}}}'),
  { index: 'sleep' },
  { sleep: 'score' },
  { func: 'mean', arg: { sleep: 'score' } },
  { unit: 'day', value: 0 },
  "NOT (score > 1 OR (type = 'x'",
  '((((((((((((((((((((((((((((((((((((((((score > 1',
];

const KEYS = [
  'select',
  'group_by',
  'where',
  'align',
  'func',
  'arg',
  'group_key',
  'index',
  'sleep',
  'activity',
  'timeseries',
  'field',
  'value_macro',
  'version',
  'date_trunc',
  'date_part',
  'unit',
  'value',
  'source',
  'from',
  'unnest',
  'element',
  'carry',
  'mode',
  'max_age',
  'span',
  'placeholder',
  'menstrual_flow',
  'field_for',
  '__proto__',
  'constructor',
];

type R = ReturnType<typeof rng>;

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Replace, delete or add something at a random point of the tree. */
function mutate(value: unknown, r: R, depth = 0): unknown {
  if (depth > 8 || r.chance(0.15)) {
    if (typeof value === 'string' && r.chance(0.5)) return mutateString(value, r);
    return r.chance(0.5) ? r.pick(WEIRD) : randomValue(r, 3);
  }
  if (Array.isArray(value)) {
    const copy = [...value];
    if (copy.length > 0 && r.chance(0.7)) {
      const i = r.int(copy.length);
      copy[i] = mutate(copy[i], r, depth + 1);
    } else if (r.chance(0.5)) copy.push(randomValue(r, 3));
    else copy.splice(r.int(copy.length + 1), 1);
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const copy = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    if (keys.length > 0 && r.chance(0.7)) {
      const k = r.pick(keys);
      if (r.chance(0.15)) delete copy[k];
      else copy[k] = mutate(copy[k], r, depth + 1);
    } else
      Object.defineProperty(copy, r.pick(KEYS), {
        value: randomValue(r, 3),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    return copy;
  }
  return typeof value === 'string' ? mutateString(value, r) : randomValue(r, 2);
}

const PRED_BITS = [
  'score',
  'type',
  'element',
  'NOT',
  'and',
  'OR',
  '(',
  ')',
  "'it''s'",
  "'",
  '=',
  '!=',
  '>=',
  '<',
  '1',
  '-2.5',
  'TRUE',
  'sleep_score',
  ' ',
  'IN',
  '"',
  ';',
  '\u00e9',
];

function mutateString(s: string, r: R): string {
  if (r.chance(0.5))
    return Array.from({ length: r.int(12) }, () => r.pick(PRED_BITS)).join(r.chance(0.5) ? ' ' : '');
  const i = r.int(s.length + 1);
  return s.slice(0, i) + r.pick(PRED_BITS) + s.slice(i + r.int(3));
}

function randomValue(r: R, depth: number): unknown {
  const roll = r.int(depth <= 0 ? 4 : 6);
  switch (roll) {
    case 0:
      return r.pick(WEIRD);
    case 1:
      return r.pick(KEYS);
    case 2:
      return r.int(5) - 1;
    case 3:
      return mutateString('', r);
    case 4:
      return Array.from({ length: r.int(4) }, () => randomValue(r, depth - 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = r.int(4); i > 0; i -= 1)
        Object.defineProperty(o, r.pick(KEYS), {
          value: randomValue(r, depth - 1),
          enumerable: true,
          configurable: true,
          writable: true,
        });
      return o;
    }
  }
}

/** The loc, after the base path, walks through the input; only its last key may be absent (a missing key). */
function locWithinInput(input: unknown, loc: readonly string[], base: readonly string[]): boolean {
  if (loc.length < base.length || base.some((k, i) => loc[i] !== k)) return false;
  let cur = input;
  const path = loc.slice(base.length);
  for (let i = 0; i < path.length; i += 1) {
    const k = path[i]!;
    const last = i === path.length - 1;
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9][0-9]*)$/.test(k) || Number(k) >= cur.length) return false;
      cur = cur[Number(k)];
    } else if (cur !== null && typeof cur === 'object') {
      if (!Object.prototype.hasOwnProperty.call(cur, k)) return last;
      cur = (cur as Record<string, unknown>)[k];
    } else return false;
  }
  return true;
}

function check(input: unknown, mode: QueryMode) {
  const before = JSON.stringify(input);
  let result: ReturnType<typeof parseQuery>;
  try {
    result = parseQuery(input, { basePath: BASE, mode });
  } catch (err) {
    throw new Error(`parseQuery threw on ${before}: ${String(err)}`);
  }
  expect(JSON.stringify(input)).toBe(before); // input untouched
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  if (result.ok) {
    // A valid tree survives its own canonical form with the same derivations.
    const again = parseQuery(queryToWire(result.query), { basePath: BASE, mode });
    if (!again.ok) throw new Error(`canonical form of ${before} is invalid: ${JSON.stringify(again.issues)}`);
    expect(again.derived.resultTableSchema).toEqual(result.derived.resultTableSchema);
    expect(again.derived.resourceDependencies).toEqual(result.derived.resourceDependencies);
    return 'ok';
  }
  expect(result.issues.length).toBeGreaterThan(0);
  expect(result.issues.length).toBeLessThanOrEqual(MAX_ISSUES);
  for (const issue of result.issues) {
    if (!locWithinInput(input, issue.loc, BASE))
      throw new Error(`issue loc ${JSON.stringify(issue.loc)} is outside ${before}: ${issue.msg}`);
    expect(typeof issue.msg).toBe('string');
    expect(typeof issue.type).toBe('string');
    expect(() => JSON.stringify(issue)).not.toThrow();
  }
  return 'issues';
}

describe('fuzz', () => {
  it('seeds are valid continuous queries', () => {
    for (const seed of SEEDS) {
      const r = parseQuery(seed, { basePath: BASE });
      expect(r.ok ? [] : r.issues).toEqual([]);
      expect(check(seed, 'continuous')).toBe('ok');
    }
  });

  it('mutated seeds: never throws, ok or located issues', () => {
    const r = rng(20261124);
    const outcomes = { ok: 0, issues: 0 };
    for (let i = 0; i < 4000; i += 1) {
      let q = clone(r.pick(SEEDS));
      for (let m = 1 + r.int(3); m > 0; m -= 1) q = mutate(q, r);
      outcomes[check(q, r.chance(0.5) ? 'continuous' : 'synchronous')] += 1;
    }
    // Both outcomes occur: mutations are neither all harmless nor all fatal.
    expect(outcomes.ok).toBeGreaterThan(50);
    expect(outcomes.issues).toBeGreaterThan(1000);
  });

  it('random values: never throws', () => {
    const r = rng(7);
    for (let i = 0; i < 2000; i += 1) check(randomValue(r, 4), 'continuous');
    for (const w of WEIRD) check(w, 'synchronous');
  });

  it('hostile shapes: deep nesting, huge arrays, many issues', () => {
    let deep: unknown = { sleep: 'score' };
    // Deeper than any body the HTTP layer accepts; the reader never recurses into it.
    for (let i = 0; i < 1000; i += 1) deep = { func: 'mean', arg: deep };
    check(cq('sleep', [deep]), 'continuous');
    check({ select: Array(100_000).fill({ func: 'avg' }) }, 'continuous');
    check({ select: Array(60).fill({ func: 'avg', arg: { sleep: 'nope' } }), group_by: [] }, 'synchronous');
    check(
      cq('sleep', [{ func: 'mean', arg: { sleep: 'score' } }], { where: '('.repeat(100_000) }),
      'continuous',
    );
    check(
      cq('sleep', [{ func: 'mean', arg: { sleep: 'score' } }], { where: "'".repeat(4000) }),
      'continuous',
    );
    const many = issuesCount({ select: Array(64).fill({ func: 'avg', arg: { sleep: 'nope' } }) });
    expect(many).toBe(MAX_ISSUES);
  });

  it('batches of mutated queries: never throws, locs within the body', () => {
    const r = rng(99);
    for (let i = 0; i < 500; i += 1) {
      const body: unknown = mutate(
        {
          timeframe: { type: 'relative', anchor: '2025-03-01', past: { unit: 'month', value: 3 } },
          queries: [clone(r.pick(SEEDS))],
          config: { provider_priority_overrides: ['oura'] },
        },
        r,
      );
      const res = parseQueryBatch(body, { basePath: ['body'] });
      if (!res.ok)
        for (const issue of res.issues) expect(locWithinInput(body, issue.loc, ['body'])).toBe(true);
    }
  });
});

function issuesCount(q: unknown): number {
  const r = parseQuery(q, { basePath: BASE });
  return r.ok ? 0 : r.issues.length;
}
