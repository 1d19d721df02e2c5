/**
 * Recursive-descent parser of the WHERE predicate language (api-shapes §5):
 *
 *   predicate  := or_expr
 *   or_expr    := and_expr ( OR and_expr )*
 *   and_expr   := not_expr ( AND not_expr )*
 *   not_expr   := NOT not_expr | "(" predicate ")" | comparison
 *   comparison := operand ( > | >= | < | <= | = | != ) operand
 *   operand    := column_name | ELEMENT | number | 'string' | TRUE | FALSE
 *
 * so NOT binds tighter than AND, which binds tighter than OR. A comparison may also be parenthesised
 * as a whole. Column names are resolved while parsing through the caller's scope; a syntax error ends
 * the parse with one issue, unknown columns and type mismatches are all reported.
 */
import { isCalendarDate, parseIsoDateTime } from '@meridian/domain';
import type { ColumnNode, ComparisonOp, ListFieldNode, Loc, OperandNode, PredicateNode, Span } from '../ast';
import type { ResultType, ValueType } from '../catalog';
import { type Issues, quote } from '../issues';
import { PredicateSyntaxError, tokenize, type Token } from './tokenize';

/** Longest WHERE string accepted. */
export const MAX_PREDICATE_LENGTH = 4096;
/** Most tokens in one WHERE string. */
export const MAX_PREDICATE_TOKENS = 1024;
/** Deepest nesting of NOT and parentheses. */
export const MAX_PREDICATE_DEPTH = 32;

/** How names in a predicate are resolved: the query's index, or the list a subquery unnests. */
export interface PredicateScope {
  /** Where the names come from, for messages: "the sleep index", "the menstrual_flow list". */
  description: string;
  /** A column of the scope (its node located at `loc`), or undefined when the name is unknown. */
  column(name: string, loc: Loc): { ref: ColumnNode | ListFieldNode; type: ValueType } | undefined;
  /** Type of `element` when the scope is a scalar list, else undefined. */
  element: ResultType | undefined;
  /** Check the syntax only: names are not resolved and not reported (the scope itself is unknown). */
  lenient?: boolean;
}

type OperandClass = 'numeric' | 'string' | 'bool' | 'date' | 'datetime' | 'list';

export function parsePredicate(
  text: string,
  loc: Loc,
  scope: PredicateScope,
  issues: Issues,
): PredicateNode | null {
  if (text.length > MAX_PREDICATE_LENGTH) {
    issues.add(loc, `WHERE must be at most ${MAX_PREDICATE_LENGTH} characters`, 'string_too_long', text, {
      max_length: MAX_PREDICATE_LENGTH,
    });
    return null;
  }
  const before = issues.count;
  try {
    const parser = new Parser(tokenize(text, MAX_PREDICATE_TOKENS), loc, scope, issues);
    const tree = parser.parse();
    return issues.count === before ? tree : null;
  } catch (err) {
    if (!(err instanceof PredicateSyntaxError)) throw err;
    issues.add(
      loc,
      `WHERE syntax error at position ${err.position}: ${err.message}`,
      'predicate_syntax',
      text,
      {
        position: err.position,
      },
    );
    return null;
  }
}

class Parser {
  private pos = 0;
  private depth = 0;
  /** Operands standing in for an unknown column or a misplaced `element` (already reported). */
  private readonly standIns = new WeakSet<OperandNode>();

  constructor(
    private readonly tokens: Token[],
    private readonly loc: Loc,
    private readonly scope: PredicateScope,
    private readonly issues: Issues,
  ) {}

  parse(): PredicateNode {
    if (this.peek().kind === 'end') throw new PredicateSyntaxError('the predicate is empty', 0);
    const tree = this.orExpr();
    const next = this.peek();
    if (next.kind !== 'end') throw new PredicateSyntaxError(`unexpected ${describe(next)}`, next.span.start);
    return tree;
  }

  private peek(): Token {
    // The token list always ends with an `end` token and `pos` never moves past it.
    return this.tokens[this.pos] ?? this.tokens[this.tokens.length - 1]!;
  }

  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'end') this.pos += 1;
    return t;
  }

  private isKeyword(keyword: string): boolean {
    const t = this.peek();
    return t.kind === 'keyword' && t.keyword === keyword;
  }

  private orExpr(): PredicateNode {
    const operands = [this.andExpr()];
    while (this.isKeyword('OR')) {
      this.next();
      operands.push(this.andExpr());
    }
    return operands.length === 1
      ? operands[0]!
      : { kind: 'or', operands, loc: this.loc, span: cover(operands) };
  }

  private andExpr(): PredicateNode {
    const operands = [this.notExpr()];
    while (this.isKeyword('AND')) {
      this.next();
      operands.push(this.notExpr());
    }
    return operands.length === 1
      ? operands[0]!
      : { kind: 'and', operands, loc: this.loc, span: cover(operands) };
  }

  private notExpr(): PredicateNode {
    const t = this.peek();
    if (++this.depth > MAX_PREDICATE_DEPTH)
      throw new PredicateSyntaxError(`nesting deeper than ${MAX_PREDICATE_DEPTH} levels`, t.span.start);
    try {
      if (t.kind === 'keyword' && t.keyword === 'NOT') {
        this.next();
        const operand = this.notExpr();
        return { kind: 'not', operand, loc: this.loc, span: { start: t.span.start, end: operand.span.end } };
      }
      if (t.kind === 'lparen') {
        this.next();
        const inner = this.orExpr();
        const close = this.next();
        if (close.kind !== 'rparen')
          throw new PredicateSyntaxError(`expected ')' but found ${describe(close)}`, close.span.start);
        return { ...inner, span: { start: t.span.start, end: close.span.end } };
      }
      return this.comparison();
    } finally {
      this.depth -= 1;
    }
  }

  private comparison(): PredicateNode {
    const left = this.operand();
    const opToken = this.next();
    if (opToken.kind !== 'op')
      throw new PredicateSyntaxError(
        `expected a comparison operator (>, >=, <, <=, =, !=) but found ${describe(opToken)}`,
        opToken.span.start,
      );
    const right = this.operand();
    const span = { start: left.span.start, end: right.span.end };
    if (!this.standIns.has(left) && !this.standIns.has(right)) this.checkTypes(opToken.op, left, right);
    return { kind: 'comparison', op: opToken.op, left, right, loc: this.loc, span };
  }

  private operand(): OperandNode {
    const t = this.next();
    const base = { loc: this.loc, span: t.span };
    switch (t.kind) {
      case 'number':
        return { kind: 'number', value: t.value, text: t.text, ...base };
      case 'string':
        return { kind: 'string', value: t.value, ...base };
      case 'keyword':
        if (t.keyword === 'TRUE' || t.keyword === 'FALSE')
          return { kind: 'boolean', value: t.keyword === 'TRUE', ...base };
        if (t.keyword === 'ELEMENT') return this.element(t.span);
        throw new PredicateSyntaxError(`expected an operand but found ${describe(t)}`, t.span.start);
      case 'identifier':
        return this.column(t.name, t.span);
      case 'op':
      case 'lparen':
      case 'rparen':
      case 'end':
        throw new PredicateSyntaxError(`expected an operand but found ${describe(t)}`, t.span.start);
    }
  }

  private column(name: string, span: Span): OperandNode {
    const found = this.scope.lenient ? undefined : this.scope.column(name, this.loc);
    if (!found && this.scope.lenient) return this.standIn(span);
    if (!found) {
      this.issues.add(
        this.loc,
        `WHERE names unknown column ${quote(name)} (position ${span.start}); it is not a column of ${this.scope.description}`,
        'unknown_column',
        name,
        { column: name, position: span.start },
      );
      // A stand-in keeps parsing so every unknown column is reported; the tree is discarded.
      return this.standIn(span);
    }
    return { kind: 'column', name, ref: found.ref, type: found.type, loc: this.loc, span };
  }

  private element(span: Span): OperandNode {
    const type = this.scope.element;
    if (type === undefined && this.scope.lenient) return this.standIn(span);
    if (type === undefined) {
      this.issues.add(
        this.loc,
        `WHERE uses 'element' (position ${span.start}), which exists only in a subquery over a scalar list`,
        'element_not_allowed',
        'element',
        { position: span.start },
      );
      return this.standIn(span);
    }
    return { kind: 'element', type, loc: this.loc, span };
  }

  private standIn(span: Span): OperandNode {
    const node: OperandNode = { kind: 'string', value: '', loc: this.loc, span };
    this.standIns.add(node);
    return node;
  }

  private checkTypes(op: ComparisonOp, left: OperandNode, right: OperandNode): void {
    const l = classOf(left);
    const r = classOf(right);
    const fail = (why: string) =>
      this.issues.add(
        this.loc,
        `WHERE: ${why} (position ${left.span.start})`,
        'predicate_type',
        render(left, right, op),
        {
          position: left.span.start,
          ...(left.kind === 'column'
            ? { column: left.name }
            : right.kind === 'column'
              ? { column: right.name }
              : {}),
        },
      );
    if (l === 'list' || r === 'list') {
      const col = left.kind === 'column' ? left.name : right.kind === 'column' ? right.name : 'element';
      return fail(`list column '${col}' cannot be compared; aggregate it with a subquery`);
    }
    if (l !== r) {
      const temporal = (a: OperandClass, other: OperandNode) =>
        (a === 'date' || a === 'datetime') && other.kind === 'string';
      if (temporal(l, right)) return this.checkTemporal(l, right, fail);
      if (temporal(r, left)) return this.checkTemporal(r, left, fail);
      return fail(`cannot compare ${nameOf(left)} (${l}) with ${nameOf(right)} (${r})`);
    }
    if (l === 'bool' && op !== '=' && op !== '!=') fail(`booleans can only be compared with = or !=`);
  }

  private checkTemporal(cls: OperandClass, literal: OperandNode, fail: (why: string) => void): void {
    if (literal.kind !== 'string') return;
    const ok = cls === 'date' ? isCalendarDate(literal.value) : parseIsoDateTime(literal.value) !== null;
    if (!ok)
      fail(
        `${quote(literal.value)} is not a valid ${cls === 'date' ? 'date (YYYY-MM-DD)' : 'date-time (ISO 8601)'}`,
      );
  }
}

function classOf(o: OperandNode): OperandClass {
  switch (o.kind) {
    case 'number':
      return 'numeric';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'element':
      return typeClass(o.type);
    case 'column':
      return typeClass(o.type);
  }
}

function typeClass(t: ValueType): OperandClass {
  if (typeof t !== 'string') return 'list';
  switch (t) {
    case 'int64':
    case 'float64':
      return 'numeric';
    case 'string':
      return 'string';
    case 'bool':
      return 'bool';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'list<string>':
      return 'list';
  }
}

function nameOf(o: OperandNode): string {
  switch (o.kind) {
    case 'column':
      return `column '${o.name}'`;
    case 'element':
      return 'element';
    case 'number':
      return o.text;
    case 'string':
      return quote(o.value);
    case 'boolean':
      return o.value ? 'TRUE' : 'FALSE';
  }
}

function render(left: OperandNode, right: OperandNode, op: ComparisonOp): string {
  return `${nameOf(left)} ${op} ${nameOf(right)}`;
}

function describe(t: Token): string {
  switch (t.kind) {
    case 'end':
      return 'the end of the predicate';
    case 'keyword':
      return t.keyword;
    case 'identifier':
      return quote(t.name);
    case 'number':
      return t.text;
    case 'string':
      return 'a string';
    case 'op':
      return `'${t.op}'`;
    case 'lparen':
      return "'('";
    case 'rparen':
      return "')'";
  }
}

function cover(nodes: PredicateNode[]): Span {
  return { start: nodes[0]!.span.start, end: nodes[nodes.length - 1]!.span.end };
}
