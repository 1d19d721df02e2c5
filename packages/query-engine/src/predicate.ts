/**
 * WHERE predicates → SQL. Literals are always bindings, cast to the type of the column they meet; columns
 * were resolved by the parser (`ref`). SQL three-valued logic applies: a comparison with a missing value
 * is not true, so such rows are left out under NOT as well.
 */
import type { ListFieldNode, OperandNode, PredicateNode, ValueType } from '@meridian/query-language';
import { expressionSql } from './expressions';
import { join, raw, sql, type Sql } from './sql';

/** How list fields and `element` read inside a subquery (alias `e`). */
export interface ElementScope {
  field(node: ListFieldNode): Sql;
  element(): Sql;
}

const OPS: Record<string, string> = { '>': '>', '>=': '>=', '<': '<', '<=': '<=', '=': '=', '!=': '<>' };

export function predicateSql(node: PredicateNode, scope: ElementScope | null): Sql {
  switch (node.kind) {
    case 'or':
      return sql`(${join(
        node.operands.map((o) => predicateSql(o, scope)),
        ' or ',
      )})`;
    case 'and':
      return sql`(${join(
        node.operands.map((o) => predicateSql(o, scope)),
        ' and ',
      )})`;
    case 'not':
      return sql`(not ${predicateSql(node.operand, scope)})`;
    case 'comparison': {
      const leftType = operandType(node.left);
      const rightType = operandType(node.right);
      const left = operandSql(node.left, rightType, scope);
      const right = operandSql(node.right, leftType, scope);
      return sql`(${left} ${raw(OPS[node.op]!)} ${right})`;
    }
  }
}

function operandType(node: OperandNode): ValueType | null {
  return node.kind === 'column' || node.kind === 'element' ? node.type : null;
}

/** A literal's cast follows the column it is compared with (dates and date-times from strings). */
function castFor(other: ValueType | null): Sql {
  if (other === 'date') return raw('::date');
  if (other === 'datetime') return raw('::timestamp');
  return raw('::text');
}

function operandSql(node: OperandNode, other: ValueType | null, scope: ElementScope | null): Sql {
  switch (node.kind) {
    case 'number':
      return sql`${node.text}::float8`;
    case 'string':
      return sql`${node.value}${castFor(other)}`;
    case 'boolean':
      return sql`${node.value}::boolean`;
    case 'element':
      if (!scope) throw new Error('query-engine: element outside a subquery');
      return scope.element();
    case 'column':
      if (node.ref.kind === 'list_field') {
        if (!scope) throw new Error('query-engine: list field outside a subquery');
        return scope.field(node.ref);
      }
      return expressionSql(node.ref);
  }
}
