import type { ComparisonNode, PredicateNode } from '../ast';
import { MAX_PREDICATE_DEPTH, MAX_PREDICATE_LENGTH, formatPredicate } from '../index';
import { BASE, cq, issuesOf, ok } from './helpers';

/** A sleep query with `where`; returns the parsed predicate. */
const where = (text: string): PredicateNode =>
  ok(cq('sleep', [{ func: 'mean', arg: { sleep: 'score' } }], { where: text })).query.where!;
const whereIssues = (text: string) =>
  issuesOf(cq('sleep', [{ func: 'mean', arg: { sleep: 'score' } }], { where: text }));

describe('WHERE precedence', () => {
  const cases: [string, string][] = [
    ['score > 1 OR score > 2 AND NOT score > 3', '(score > 1 OR (score > 2 AND (NOT score > 3)))'],
    ['NOT score > 1 AND score < 5', '((NOT score > 1) AND score < 5)'],
    ['NOT (score > 1 AND score < 5)', '(NOT (score > 1 AND score < 5))'],
    ['(score > 1 OR score > 2) AND score > 3', '((score > 1 OR score > 2) AND score > 3)'],
    ['score > 1 AND score > 2 AND score > 3', '(score > 1 AND score > 2 AND score > 3)'],
    ['score > 1 OR score > 2 OR score > 3', '(score > 1 OR score > 2 OR score > 3)'],
    ['NOT NOT score = 1', '(NOT (NOT score = 1))'],
    ['((score = 1))', 'score = 1'],
    ['score=1 or(score=2)', '(score = 1 OR score = 2)'],
  ];
  it.each(cases)('%s', (text, expected) => {
    expect(formatPredicate(where(text))).toBe(expected);
  });

  it('keeps spans of every node', () => {
    const p = where("score > 1 OR type = 'x'");
    expect(p).toMatchObject({ kind: 'or', span: { start: 0, end: 23 }, loc: [...BASE, 'where'] });
    const right = (p as Extract<PredicateNode, { kind: 'or' }>).operands[1] as ComparisonNode;
    expect(right.span).toEqual({ start: 13, end: 23 });
    expect(right.right).toMatchObject({ kind: 'string', value: 'x', span: { start: 20, end: 23 } });
  });
});

describe('WHERE lexical rules', () => {
  it.each([
    ["type = 'it''s'", "it's"],
    ["type = ''''", "'"],
    ["type = ''", ''],
    ["type = 'a''''b'", "a''b"],
    ["type = 'Straße ☾ 睡眠'", 'Straße ☾ 睡眠'],
    ["type = 'AND OR NOT'", 'AND OR NOT'],
  ])('string literal %s', (text, value) => {
    const c = where(text) as ComparisonNode;
    expect(c.right).toMatchObject({ kind: 'string', value });
    expect(formatPredicate(where(formatPredicate(c)))).toBe(formatPredicate(c));
  });

  it.each([
    "score > 1 and type = 'x' or not score < 2",
    "score > 1 AnD type = 'x' Or NoT score < 2",
    "score > 1 AND type = 'x' OR NOT score < 2",
  ])('keywords are case-insensitive: %s', (text) => {
    expect(formatPredicate(where(text))).toBe("((score > 1 AND type = 'x') OR (NOT score < 2))");
  });

  it.each([
    ['score > 10', 10],
    ['score > -3', -3],
    ['score > 2.5', 2.5],
    ['score > 1e2', 100],
    ['score > +4', 4],
    ['efficiency >= 0.95', 0.95],
  ])('number %s', (text, value) => {
    expect((where(text) as ComparisonNode).right).toMatchObject({ kind: 'number', value });
  });

  it('booleans, case-insensitive', () => {
    const p = ok(
      cq('activity', [{ func: 'sum', arg: { activity: 'steps' } }], {
        where: 'wheelchair_use = true OR wheelchair_use != FALSE',
      }),
    ).query.where!;
    expect(formatPredicate(p)).toBe('(wheelchair_use = TRUE OR wheelchair_use != FALSE)');
  });

  it('every comparison operator', () => {
    for (const op of ['>', '>=', '<', '<=', '=', '!='])
      expect((where(`score ${op} 1`) as ComparisonNode).op).toBe(op);
  });

  it('column-to-column and literal-first comparisons', () => {
    expect(formatPredicate(where('stage_deep_second > stage_rem_second'))).toBe(
      'stage_deep_second > stage_rem_second',
    );
    expect(formatPredicate(where('50 < score'))).toBe('50 < score');
  });

  it('date and date-time literals against temporal columns', () => {
    expect(formatPredicate(where("session_start >= '2025-01-01T00:00:00+01:00'"))).toContain('session_start');
    const act = ok(
      cq('activity', [{ func: 'sum', arg: { activity: 'steps' } }], { where: "date >= '2024-02-29'" }),
    );
    expect(act.query.where).not.toBeNull();
  });
});

describe('WHERE errors', () => {
  const cases: [string, string, RegExp][] = [
    ['score >', 'predicate_syntax', /expected an operand/],
    ['score 5', 'predicate_syntax', /comparison operator/],
    ['(score > 1', 'predicate_syntax', /expected '\)'/],
    ['score > 1)', 'predicate_syntax', /unexpected '\)'/],
    ['score > 1 AND', 'predicate_syntax', /end of the predicate/],
    ["type = 'open", 'predicate_syntax', /unterminated/],
    ['type = "x"', 'predicate_syntax', /single-quoted/],
    ['score <> 1', 'predicate_syntax', /'!='/],
    ['score == 1', 'predicate_syntax', /'='/],
    ['score IN (1, 2)', 'predicate_syntax', /IN is not supported/],
    ['score BETWEEN 1 AND 2', 'predicate_syntax', /BETWEEN/],
    ['score IS NULL', 'predicate_syntax', /NULL/],
    ['score > 1; DROP TABLE users', 'predicate_syntax', /unexpected character/],
    ['score > 1abc', 'predicate_syntax', /number must be followed/],
    ['score > 1.', 'predicate_syntax', /decimal point/],
    ['score > 1 score < 2', 'predicate_syntax', /unexpected 'score'/],
    ['AND score > 1', 'predicate_syntax', /operand/],
    ['score > 1e999', 'predicate_syntax', /out of range/],
    ['Score > 1', 'unknown_column', /'Score'/],
    ["score = 'x'", 'predicate_type', /score/],
    ['type > 1', 'predicate_type', /type/],
    ["session_start > 'yesterday'", 'predicate_type', /date-time/],
    ['score > TRUE', 'predicate_type', /score/],
  ];
  it.each(cases)('%s → %s', (text, type, msg) => {
    const issues = whereIssues(text);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ loc: [...BASE, 'where'], type });
    expect(issues[0]!.msg).toMatch(msg);
  });

  it('booleans compare only for (in)equality', () => {
    const issues = issuesOf(
      cq('activity', [{ func: 'sum', arg: { activity: 'steps' } }], { where: 'wheelchair_use > FALSE' }),
    );
    expect(issues[0]).toMatchObject({ type: 'predicate_type' });
  });

  it('reports the position of a syntax error', () => {
    expect(whereIssues('score > 1 AND (')[0]!.ctx).toEqual({ position: 15 });
  });

  it('bounds length, depth and token count', () => {
    expect(whereIssues('x'.repeat(MAX_PREDICATE_LENGTH + 1))[0]).toMatchObject({ type: 'string_too_long' });
    const deep = `${'('.repeat(MAX_PREDICATE_DEPTH + 1)}score > 1${')'.repeat(MAX_PREDICATE_DEPTH + 1)}`;
    expect(whereIssues(deep)[0]!.msg).toMatch(/nesting/);
    expect(whereIssues(`${'NOT '.repeat(1000)}score > 1`)[0]!.msg).toMatch(/nesting/);
    expect(whereIssues(Array(300).fill('score>1').join(' OR '))[0]!.msg).toMatch(/tokens/);
    const fine = `${'('.repeat(MAX_PREDICATE_DEPTH - 1)}score > 1${')'.repeat(MAX_PREDICATE_DEPTH - 1)}`;
    expect(formatPredicate(where(fine))).toBe('score > 1');
  });

  it('echoes at most a bounded part of a huge WHERE', () => {
    const issue = whereIssues(`score > 1 AND ${'x'.repeat(3000)} > 1`)[0]!;
    expect(String(issue.input).length).toBeLessThan(300);
  });
});
