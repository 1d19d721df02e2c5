/**
 * Tokenizer of the WHERE predicate language (api-shapes §5): keywords (case-insensitive), identifiers,
 * numbers, single-quoted strings with `''` escapes, comparison operators and parentheses. Every token
 * keeps its character span so errors can say where they are.
 */
import type { ComparisonOp, Span } from '../ast';

export type Keyword = 'AND' | 'OR' | 'NOT' | 'TRUE' | 'FALSE' | 'ELEMENT';

export type Token =
  | { kind: 'keyword'; keyword: Keyword; span: Span }
  | { kind: 'identifier'; name: string; span: Span }
  | { kind: 'number'; value: number; text: string; span: Span }
  | { kind: 'string'; value: string; span: Span }
  | { kind: 'op'; op: ComparisonOp; span: Span }
  | { kind: 'lparen'; span: Span }
  | { kind: 'rparen'; span: Span }
  | { kind: 'end'; span: Span };

export class PredicateSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const KEYWORDS: ReadonlyMap<string, Keyword> = new Map<string, Keyword>([
  ['AND', 'AND'],
  ['OR', 'OR'],
  ['NOT', 'NOT'],
  ['TRUE', 'TRUE'],
  ['FALSE', 'FALSE'],
  ['ELEMENT', 'ELEMENT'],
]);

/** SQL words people will try; the language does not have them, so say so instead of "unknown column". */
const UNSUPPORTED: ReadonlyMap<string, string> = new Map([
  ['IN', 'IN is not supported; combine comparisons with OR'],
  ['BETWEEN', 'BETWEEN is not supported; use two comparisons joined by AND'],
  ['IS', 'IS [NOT] NULL is not supported'],
  ['NULL', 'NULL is not supported'],
  ['LIKE', 'LIKE is not supported'],
  ['ILIKE', 'ILIKE is not supported'],
  ['SELECT', 'subqueries are not supported in a WHERE string'],
]);

/** Longest number literal (digits, sign, point, exponent) we read. */
const MAX_NUMBER_LENGTH = 40;

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isIdentStart = (c: string | undefined) =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
const isIdentPart = (c: string | undefined) => isIdentStart(c) || isDigit(c);

export function tokenize(text: string, maxTokens: number): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (t: Token) => {
    if (tokens.length >= maxTokens)
      throw new PredicateSyntaxError(`the predicate has more than ${maxTokens} tokens`, t.span.start);
    tokens.push(t);
  };
  while (i < text.length) {
    const c = text[i];
    const start = i;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i += 1;
    } else if (c === '(') {
      push({ kind: 'lparen', span: { start, end: ++i } });
    } else if (c === ')') {
      push({ kind: 'rparen', span: { start, end: ++i } });
    } else if (c === '>' || c === '<' || c === '=' || c === '!') {
      const two = text.slice(i, i + 2);
      if (two === '>=' || two === '<=' || two === '!=') {
        i += 2;
        push({ kind: 'op', op: two, span: { start, end: i } });
      } else if (two === '<>') {
        throw new PredicateSyntaxError("'<>' is not an operator; use '!='", start);
      } else if (two === '==') {
        throw new PredicateSyntaxError("'==' is not an operator; use '='", start);
      } else if (c === '!') {
        throw new PredicateSyntaxError("'!' must be followed by '='", start);
      } else {
        i += 1;
        push({ kind: 'op', op: c, span: { start, end: i } });
      }
    } else if (c === "'") {
      i = readString(text, i, push);
    } else if (isDigit(c) || ((c === '-' || c === '+') && isDigit(text[i + 1]))) {
      i = readNumber(text, i, push);
    } else if (isIdentStart(c)) {
      while (isIdentPart(text[i])) i += 1;
      const word = text.slice(start, i);
      const upper = word.toUpperCase();
      const keyword = KEYWORDS.get(upper);
      const unsupported = UNSUPPORTED.get(upper);
      if (keyword) push({ kind: 'keyword', keyword, span: { start, end: i } });
      else if (unsupported) throw new PredicateSyntaxError(unsupported, start);
      else push({ kind: 'identifier', name: word, span: { start, end: i } });
    } else if (c === '"') {
      throw new PredicateSyntaxError(
        "strings are single-quoted ('text'); double quotes are not allowed",
        start,
      );
    } else {
      const cp = text.codePointAt(i) ?? 0;
      throw new PredicateSyntaxError(
        `unexpected character U+${cp.toString(16).toUpperCase().padStart(4, '0')}`,
        start,
      );
    }
  }
  tokens.push({ kind: 'end', span: { start: text.length, end: text.length } });
  return tokens;
}

function readString(text: string, start: number, push: (t: Token) => void): number {
  let i = start + 1;
  let value = '';
  for (;;) {
    const close = text.indexOf("'", i);
    if (close < 0) throw new PredicateSyntaxError('unterminated string literal', start);
    value += text.slice(i, close);
    if (text[close + 1] === "'") {
      value += "'";
      i = close + 2;
    } else {
      i = close + 1;
      break;
    }
  }
  push({ kind: 'string', value, span: { start, end: i } });
  return i;
}

function readNumber(text: string, start: number, push: (t: Token) => void): number {
  let i = start;
  if (text[i] === '-' || text[i] === '+') i += 1;
  while (isDigit(text[i])) i += 1;
  if (text[i] === '.') {
    i += 1;
    if (!isDigit(text[i])) throw new PredicateSyntaxError('a decimal point must be followed by digits', i);
    while (isDigit(text[i])) i += 1;
  }
  if (text[i] === 'e' || text[i] === 'E') {
    let j = i + 1;
    if (text[j] === '+' || text[j] === '-') j += 1;
    if (isDigit(text[j])) {
      while (isDigit(text[j])) j += 1;
      i = j;
    }
  }
  if (isIdentPart(text[i]) || text[i] === '.')
    throw new PredicateSyntaxError('a number must be followed by a space, an operator or a parenthesis', i);
  const literal = text.slice(start, i);
  if (literal.length > MAX_NUMBER_LENGTH)
    throw new PredicateSyntaxError(`a number literal is longer than ${MAX_NUMBER_LENGTH} characters`, start);
  const value = Number(literal);
  if (!Number.isFinite(value)) throw new PredicateSyntaxError('number out of range', start);
  push({ kind: 'number', value, text: literal, span: { start, end: i } });
  return i;
}
