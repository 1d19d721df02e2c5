/**
 * What every answer of the APIs must look like, whatever was sent: never a 5xx or a dropped connection;
 * an error is JSON in one of the documented forms (api-shapes §3) and the form the operation documents for
 * that status; no body carries a stack trace, a source path, SQL or an HTML page.
 */
import type { RawResponse } from './raw-http';
import type { Operation, Schema } from './openapi-operations';

export type Finding =
  | 'no_response'
  | 'server_error'
  | 'not_json'
  | 'error_shape'
  | 'undocumented_error_shape'
  | 'leak_stack_trace'
  | 'leak_file_path'
  | 'leak_sql'
  | 'html_body'
  | 'undocumented_status'
  /** A value that cannot be valid (a 30 February) answered 2xx: it was not refused. */
  | 'accepted_invalid';

/** Markers that only an internal error can put in a body. */
const STACK = /\bat (?:async )?[\w$.<>[\] ]*\(?(?:\/|node:|file:)[^\s()]*:\d+:\d+\)?/;
const FILE_PATH =
  /(?:\/work\/|\/home\/|\/usr\/(?:src|lib)\/|node_modules|\/(?:src|dist)\/[\w./-]+\.(?:ts|js)\b|\b[\w-]+\.(?:ts|js):\d+)/;
const SQL = new RegExp(
  [
    String.raw`\b(?:select|insert into|update|delete from)\s+(?:["*]|distinct\b)`,
    String.raw`\bfrom\s+"[a-z_]+"\s+where\b`,
    'syntax error at or near',
    String.raw`violates (?:unique|foreign key|check|not-null) constraint`,
    'invalid byte sequence for encoding',
    'invalid input syntax for',
    'duplicate key value',
    'out of range for type',
    'value too long for type',
    'index row (?:size|requires)',
    String.raw`relation "[^"]+" does not exist`,
    String.raw`column "[^"]+" (?:does not exist|of relation)`,
    'current transaction is aborted',
  ].join('|'),
  'i',
);
const HTML = /<!doctype html|<html[\s>]|<body[\s>]|<pre>/i;

export interface CheckResult {
  findings: Finding[];
  /** First 300 characters of the body, for reports. */
  excerpt: string;
}

export function excerptOf(body: Buffer, max = 300): string {
  const text = body.subarray(0, max * 4).toString('utf8');
  // Control characters (other than tab and line breaks) shown as \uXXXX escapes.
  const clean = [...text]
    .map((c) => {
      const code = c.charCodeAt(0);
      return code < 0x20 && c !== '\t' && c !== '\n' && c !== '\r'
        ? `\\u${code.toString(16).padStart(4, '0')}`
        : c;
    })
    .join('');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** The body markers of internal detail (stack, paths, SQL, HTML), for any status. */
export function leakFindings(text: string): Finding[] {
  const out: Finding[] = [];
  if (STACK.test(text)) out.push('leak_stack_trace');
  if (FILE_PATH.test(text)) out.push('leak_file_path');
  if (SQL.test(text)) out.push('leak_sql');
  if (HTML.test(text)) out.push('html_body');
  return out;
}

/**
 * Checks one answer. `op` is the operation the request was built for (undefined for requests that match
 * no operation, e.g. a wrong method); its documented response for the status, when it has a JSON schema,
 * must validate.
 */
export function checkResponse(
  res: RawResponse,
  op: Operation | undefined,
  resolve: (s: Schema | undefined) => Schema,
  opts: { htmlAllowed?: boolean } = {},
): CheckResult {
  const findings: Finding[] = [];
  const excerpt = excerptOf(res.body);
  if (res.status <= 0) return { findings: ['no_response'], excerpt: res.error ?? '' };
  if (res.status >= 500) findings.push('server_error');
  const text = res.body.toString('utf8');
  for (const f of leakFindings(text)) if (!(f === 'html_body' && opts.htmlAllowed)) findings.push(f);
  if (res.status >= 400) {
    const type = String(res.headers['content-type'] ?? '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!type.startsWith('application/json') || parsed === undefined) {
      findings.push('not_json');
    } else {
      if (!isErrorForm(parsed)) findings.push('error_shape');
      if (op && !statusDocumented(op, res.status)) findings.push('undocumented_status');
      const documented = op ? documentedSchema(op, res.status) : undefined;
      if (documented && validate(parsed, documented, resolve).length > 0)
        findings.push('undocumented_error_shape');
    }
  }
  return { findings: [...new Set(findings)], excerpt };
}

/** The operation lists the status (or its class, or a default response). */
function statusDocumented(op: Operation, status: number): boolean {
  return (
    op.responses.has(String(status)) ||
    op.responses.has(`${String(status)[0]}XX`) ||
    op.responses.has('default')
  );
}

function documentedSchema(op: Operation, status: number): Schema | undefined {
  return (
    op.responses.get(String(status)) ??
    op.responses.get(`${String(status)[0]}XX`) ??
    (op.responses.has(String(status)) ? undefined : op.responses.get('default'))
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * api-shapes §3: the validation form `{detail: ValidationItem[]}` (all five keys, `loc` a string array
 * starting with body/query/path/header), the envelope `{detail: {error_type, error_message, ...}}`, or the
 * user refresh failure `{success: false, user_id, error, failed_sources}`.
 */
export function isErrorForm(body: unknown): boolean {
  if (!isObject(body)) return false;
  const detail = body.detail;
  if (Array.isArray(detail)) {
    return (
      detail.length > 0 &&
      detail.every(
        (item) =>
          isObject(item) &&
          Array.isArray(item.loc) &&
          item.loc.length > 0 &&
          item.loc.every((l) => typeof l === 'string') &&
          ['body', 'query', 'path', 'header'].includes(item.loc[0] as string) &&
          typeof item.msg === 'string' &&
          typeof item.type === 'string' &&
          'input' in item &&
          isObject(item.ctx),
      )
    );
  }
  if (isObject(detail))
    return typeof detail.error_type === 'string' && typeof detail.error_message === 'string';
  return (
    body.success === false &&
    typeof body.user_id === 'string' &&
    typeof body.error === 'string' &&
    (body.failed_sources === null || Array.isArray(body.failed_sources))
  );
}

/**
 * A small JSON Schema (OpenAPI 3.0 subset) check, enough for the documented error bodies: type, nullable,
 * enum, required, properties, additionalProperties, items, allOf/oneOf/anyOf. Returns the problems found.
 */
export function validate(
  value: unknown,
  raw: Schema | undefined,
  resolve: (s: Schema | undefined) => Schema,
  where = '$',
  depth = 0,
): string[] {
  const schema = resolve(raw);
  if (depth > 30) return [];
  if (value === null) return schema.nullable || schema.type === undefined ? [] : [`${where}: null`];
  if (schema.allOf) return schema.allOf.flatMap((s) => validate(value, s, resolve, where, depth + 1));
  if (schema.oneOf ?? schema.anyOf) {
    const options = (schema.oneOf ?? schema.anyOf)!;
    return options.some((s) => validate(value, s, resolve, where, depth + 1).length === 0)
      ? []
      : [`${where}: matches none of ${options.length} alternatives`];
  }
  if (schema.enum && !schema.enum.some((e) => e === value))
    return [`${where}: ${JSON.stringify(value)} not in enum`];
  switch (schema.type ?? '') {
    case 'object': {
      if (!isObject(value)) return [`${where}: not an object`];
      const problems: string[] = [];
      for (const key of schema.required ?? []) if (!(key in value)) problems.push(`${where}.${key}: missing`);
      for (const [key, v] of Object.entries(value)) {
        const prop = schema.properties?.[key];
        if (prop) problems.push(...validate(v, prop, resolve, `${where}.${key}`, depth + 1));
        else if (schema.additionalProperties === false) problems.push(`${where}.${key}: not allowed`);
        else if (isObject(schema.additionalProperties))
          problems.push(...validate(v, schema.additionalProperties, resolve, `${where}.${key}`, depth + 1));
      }
      return problems;
    }
    case 'array':
      if (!Array.isArray(value)) return [`${where}: not an array`];
      return value.flatMap((v, i) => validate(v, schema.items, resolve, `${where}[${i}]`, depth + 1));
    case 'string':
      return typeof value === 'string' ? [] : [`${where}: not a string`];
    case 'integer':
      return Number.isInteger(value) ? [] : [`${where}: not an integer`];
    case 'number':
      return typeof value === 'number' ? [] : [`${where}: not a number`];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${where}: not a boolean`];
    default:
      return [];
  }
}
