import type { OperandNode, PredicateNode } from '../ast';

/**
 * A fully parenthesised rendering of a predicate (`(a > 1 OR (b = 'x' AND (NOT c = TRUE)))`): shows how
 * precedence grouped it, for tests and debugging. Strings are re-quoted with `''` escapes.
 */
export function formatPredicate(node: PredicateNode): string {
  switch (node.kind) {
    case 'or':
      return `(${node.operands.map(formatPredicate).join(' OR ')})`;
    case 'and':
      return `(${node.operands.map(formatPredicate).join(' AND ')})`;
    case 'not':
      return `(NOT ${formatPredicate(node.operand)})`;
    case 'comparison':
      return `${formatOperand(node.left)} ${node.op} ${formatOperand(node.right)}`;
  }
}

function formatOperand(o: OperandNode): string {
  switch (o.kind) {
    case 'column':
      return o.name;
    case 'element':
      return 'element';
    case 'number':
      return o.text;
    case 'string':
      return `'${o.value.replace(/'/g, "''")}'`;
    case 'boolean':
      return o.value ? 'TRUE' : 'FALSE';
  }
}
