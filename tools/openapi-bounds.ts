/**
 * Rules every value in the two OpenAPI documents must follow so that what the validator accepts fits the
 * storage behind it: an integer has a `minimum` and a `maximum`, a string a `maxLength` (unless an `enum` or a
 * fixed-length `format` bounds it), and what a request carries is tighter still (numbers bounded, integers
 * within a PostgreSQL `integer`, arrays with `maxItems`, maps with `maxProperties`). Also: every operation
 * documents the answers of the HTTP edge.
 */

type Node = Record<string, unknown>;

/** Largest PostgreSQL `integer` (int4). */
export const PG_INTEGER_MAX = 2_147_483_647;

/** Formats whose grammar alone fixes the length of the string (binary: bytes bounded by the upload limit). */
const FIXED_LENGTH_FORMATS = new Set(['uuid', 'date', 'binary']);

/** The statuses the HTTP edge answers on every route, with the shared response documenting each. */
export const EDGE_RESPONSES: Readonly<Record<string, string>> = {
  '400': 'BadRequest',
  '413': 'PayloadTooLarge',
  '414': 'UriTooLong',
  '431': 'HeaderFieldsTooLarge',
  '500': 'InternalError',
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export interface BoundIssue {
  /** JSON pointer into the merged document. */
  at: string;
  problem: string;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function checkSchema(schema: Node, at: string, issues: BoundIssue[]): void {
  if (schema.type === 'integer') {
    const { minimum, maximum } = schema;
    if (!isFiniteNumber(minimum) || !isFiniteNumber(maximum)) {
      issues.push({ at, problem: 'integer without both minimum and maximum' });
    } else if (minimum > maximum || !Number.isSafeInteger(minimum) || !Number.isSafeInteger(maximum)) {
      issues.push({ at, problem: `integer bounds [${minimum}, ${maximum}] are not a safe-integer range` });
    }
  }
  if (schema.type === 'string' && schema.enum === undefined) {
    const bounded = typeof schema.format === 'string' && FIXED_LENGTH_FORMATS.has(schema.format);
    const { maxLength } = schema;
    if (!bounded && !(Number.isSafeInteger(maxLength) && (maxLength as number) >= 1)) {
      issues.push({ at, problem: 'string without maxLength (and no enum or fixed-length format)' });
    }
  }
}

/** Keys of a schema or document object that hold values or extensions, not schemas. */
function holdsNoSchema(node: Node, key: string): boolean {
  if (key.startsWith('x-') || key === 'example' || key === 'examples' || key === 'enum') return true;
  return key === 'default' && typeof node.type === 'string';
}

/**
 * Calls `visit` for every schema in the document (paths and components alike), found by walking the whole
 * tree: a schema here is any object whose `type` is a string. Values (`example`, `enum`, a schema's
 * `default`) and extensions (`x-…`) are not walked; under `properties` the keys are property names.
 */
function forEachSchema(
  node: unknown,
  at: string,
  parentKey: string,
  visit: (s: Node, at: string) => void,
): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => forEachSchema(item, `${at}/${i}`, parentKey, visit));
    return;
  }
  if (!isNode(node)) return;
  const isNameMap = parentKey === 'properties';
  if (!isNameMap && typeof node.type === 'string') visit(node, at);
  for (const [key, value] of Object.entries(node)) {
    if (!isNameMap && holdsNoSchema(node, key)) continue;
    forEachSchema(value, `${at}/${escapePointer(key)}`, key, visit);
  }
}

function resolve(doc: Node, ref: string): { node: unknown; at: string } {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isNode(node) ? node[key] : undefined;
  }
  if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  return { node, at: ref };
}

/**
 * What a request carries (parameters and bodies, through $refs): numbers bounded, integers fit int4, arrays
 * and maps (`additionalProperties` schemas) with a largest size.
 */
function checkRequestSchemas(
  doc: Node,
  node: unknown,
  at: string,
  parentKey: string,
  seen: Set<string>,
  issues: BoundIssue[],
): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => checkRequestSchemas(doc, item, `${at}/${i}`, parentKey, seen, issues));
    return;
  }
  if (!isNode(node)) return;
  if (typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) return;
    seen.add(node.$ref);
    const target = resolve(doc, node.$ref);
    checkRequestSchemas(doc, target.node, target.at, parentKey, seen, issues);
    return;
  }
  const isNameMap = parentKey === 'properties';
  if (!isNameMap && node.type === 'number') {
    if (!isFiniteNumber(node.minimum) || !isFiniteNumber(node.maximum)) {
      issues.push({ at, problem: 'request number without both minimum and maximum' });
    }
  }
  if (!isNameMap && node.type === 'integer' && isFiniteNumber(node.maximum)) {
    if (
      node.maximum > PG_INTEGER_MAX ||
      (isFiniteNumber(node.minimum) && node.minimum < -PG_INTEGER_MAX - 1)
    ) {
      issues.push({ at, problem: 'request integer bounds exceed a PostgreSQL integer' });
    }
  }
  if (!isNameMap && node.type === 'array' && !Number.isSafeInteger(node.maxItems)) {
    issues.push({ at, problem: 'request array without maxItems' });
  }
  const isMap = node.type === 'object' && isNode(node.additionalProperties);
  if (!isNameMap && isMap && !Number.isSafeInteger(node.maxProperties)) {
    issues.push({ at, problem: 'request map without maxProperties' });
  }
  for (const [key, value] of Object.entries(node)) {
    if (!isNameMap && holdsNoSchema(node, key)) continue;
    checkRequestSchemas(doc, value, `${at}/${escapePointer(key)}`, key, seen, issues);
  }
}

interface Operation {
  at: string;
  operation: Node;
  pathAt: string;
  pathItem: Node;
}

function operations(doc: Node): Operation[] {
  const found: Operation[] = [];
  for (const [route, pathItem] of Object.entries(isNode(doc.paths) ? doc.paths : {})) {
    if (!isNode(pathItem)) continue;
    const pathAt = `#/paths/${escapePointer(route)}`;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (isNode(operation)) found.push({ at: `${pathAt}/${method}`, operation, pathAt, pathItem });
    }
  }
  return found;
}

/** Every integer and string without the bounds above, and every unbounded request value. */
export function unboundedValues(doc: Node): BoundIssue[] {
  const issues: BoundIssue[] = [];
  forEachSchema(doc, '#', '', (schema, at) => checkSchema(schema, at, issues));
  for (const { at, operation, pathAt, pathItem } of operations(doc)) {
    const seen = new Set<string>();
    checkRequestSchemas(doc, pathItem.parameters, `${pathAt}/parameters`, '', seen, issues);
    checkRequestSchemas(doc, operation.parameters, `${at}/parameters`, '', seen, issues);
    checkRequestSchemas(doc, operation.requestBody, `${at}/requestBody`, '', seen, issues);
  }
  const unique = new Map(issues.map((issue) => [`${issue.at} ${issue.problem}`, issue]));
  return [...unique.values()];
}

/** Operations that leave out one of the edge statuses (400, 413, 414, 431, 500). */
export function operationsMissingEdgeResponses(doc: Node): string[] {
  const missing: string[] = [];
  for (const { at, operation } of operations(doc)) {
    const responses = isNode(operation.responses) ? operation.responses : {};
    for (const status of Object.keys(EDGE_RESPONSES)) {
      if (!(status in responses)) missing.push(`${at} ${status}`);
    }
  }
  return missing;
}

/** How many schemas of each type the document holds (so a test can tell the walk saw it). */
export function countSchemas(doc: Node): Record<string, number> {
  const counts: Record<string, number> = {};
  forEachSchema(doc, '#', '', (schema) => {
    const type = schema.type as string;
    counts[type] = (counts[type] ?? 0) + 1;
  });
  return counts;
}
