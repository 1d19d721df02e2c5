/**
 * SQL fragments with their bindings kept next to the text, so a statement is composed from pieces in any
 * order and every value reaches PostgreSQL as a `?` binding (knex raw). Only code constants become text.
 */
export type SqlValue = string | number | boolean | null;

export interface Sql {
  readonly text: string;
  readonly bindings: readonly SqlValue[];
}

const SQL_BRAND = Symbol('sql');

interface BrandedSql extends Sql {
  readonly [SQL_BRAND]: true;
}

function make(text: string, bindings: readonly SqlValue[]): Sql {
  const fragment: BrandedSql = { text, bindings, [SQL_BRAND]: true };
  return fragment;
}

export function isSql(value: unknown): value is Sql {
  return typeof value === 'object' && value !== null && SQL_BRAND in value;
}

/**
 * `sql\`a = ${x}\``: a fragment interpolates as its text; any other value becomes a `?` binding. The
 * literal parts must not contain `?` (knex would read it as a binding): such text is a programming error.
 */
export function sql(strings: TemplateStringsArray, ...values: ReadonlyArray<Sql | SqlValue>): Sql {
  let text = '';
  const bindings: SqlValue[] = [];
  strings.forEach((part, i) => {
    if (part.includes('?')) throw new Error('query-engine: a literal `?` in SQL text');
    text += part;
    if (i >= values.length) return;
    const value = values[i]!;
    if (isSql(value)) {
      text += value.text;
      bindings.push(...value.bindings);
    } else {
      text += '?';
      bindings.push(value);
    }
  });
  return make(text, bindings);
}

/** Trusted SQL text from code constants (keywords, catalogue-derived names checked by the caller). */
export function raw(text: string): Sql {
  if (text.includes('?')) throw new Error('query-engine: a literal `?` in SQL text');
  return make(text, []);
}

export function join(parts: readonly Sql[], separator: string): Sql {
  return make(
    parts.map((p) => p.text).join(separator),
    parts.flatMap((p) => p.bindings),
  );
}

/** A quoted identifier from a catalogue name (letters, digits, `_`, `.` only). */
export function ident(name: string): Sql {
  if (!/^[a-z0-9_.]+$/.test(name)) throw new Error(`query-engine: unsafe identifier ${name}`);
  return raw(`"${name}"`);
}

/** A string literal from a catalogue name (JSON keys, kinds); refused unless it is a plain name. */
export function nameLiteral(name: string): Sql {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`query-engine: unsafe name ${name}`);
  return raw(`'${name}'`);
}
