import type { ValidationIssue } from '@meridian/domain';

/** Shape of one error produced by express-openapi-validator (ajv underneath). */
export interface ValidatorErrorItem {
  path: string;
  message: string;
  errorCode?: string;
}

interface RequestParts {
  body?: unknown;
  query?: unknown;
  params?: unknown;
  headers?: unknown;
}

const LOCATIONS: Record<string, string> = {
  body: 'body',
  query: 'query',
  params: 'path',
  path: 'path',
  headers: 'header',
};

function splitPath(path: string): string[] {
  return path
    .split(/[/.]/)
    .filter((p) => p.length > 0)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function lookup(root: unknown, keys: string[]): unknown {
  let cur = root;
  for (const k of keys) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

function classify(
  keyword: string,
  message: string,
  format?: string,
): { type: string; ctx: Record<string, unknown> } {
  switch (keyword) {
    case 'required':
      return { type: 'missing', ctx: {} };
    case 'type': {
      const m = /must be (\w+)/.exec(message);
      const expected = m?.[1] ?? 'value';
      const map: Record<string, string> = {
        string: 'string_type',
        integer: 'int_type',
        number: 'float_type',
        boolean: 'bool_type',
        object: 'dict_type',
        array: 'list_type',
        null: 'none_required',
      };
      return { type: map[expected] ?? 'type_error', ctx: { expected } };
    }
    case 'format': {
      const f = format ?? /"([^"]+)"/.exec(message)?.[1] ?? '';
      const map: Record<string, string> = {
        uuid: 'uuid_parsing',
        date: 'date_parsing',
        'date-time': 'datetime_parsing',
        uri: 'url_parsing',
        email: 'value_error',
      };
      return { type: map[f] ?? 'value_error', ctx: { format: f } };
    }
    case 'enum': {
      const values =
        message
          .split(':')[1]
          ?.split(',')
          .map((s) => s.trim()) ?? [];
      return { type: 'enum', ctx: { expected: values } };
    }
    case 'pattern':
      return { type: 'string_pattern_mismatch', ctx: { pattern: /"(.*)"$/.exec(message)?.[1] ?? '' } };
    case 'maxLength':
      return { type: 'string_too_long', ctx: { max_length: Number(/(\d+)/.exec(message)?.[1]) } };
    case 'minLength':
      return { type: 'string_too_short', ctx: { min_length: Number(/(\d+)/.exec(message)?.[1]) } };
    case 'minimum':
      return { type: 'greater_than_equal', ctx: { ge: Number(/(-?[\d.]+)/.exec(message)?.[1]) } };
    case 'exclusiveMinimum':
      return { type: 'greater_than', ctx: { gt: Number(/(-?[\d.]+)/.exec(message)?.[1]) } };
    case 'maximum':
      return { type: 'less_than_equal', ctx: { le: Number(/(-?[\d.]+)/.exec(message)?.[1]) } };
    case 'exclusiveMaximum':
      return { type: 'less_than', ctx: { lt: Number(/(-?[\d.]+)/.exec(message)?.[1]) } };
    case 'maxItems':
      return { type: 'too_long', ctx: { max_length: Number(/(\d+)/.exec(message)?.[1]) } };
    case 'minItems':
      return { type: 'too_short', ctx: { min_length: Number(/(\d+)/.exec(message)?.[1]) } };
    case 'additionalProperties':
      return { type: 'extra_forbidden', ctx: {} };
    default:
      return { type: 'value_error', ctx: {} };
  }
}

/** Keys whose values are credentials: never echoed back in a 422 `input`. */
const SENSITIVE_KEY = /(^|_)(connection_string|secret|client_secret|password|token|api_key|uri)$/i;
const REDACTED = '[redacted]';

/** Deeper than any accepted body (bodies over MAX_JSON_DEPTH are refused before parsing). */
const MAX_INPUT_DEPTH = 64;

function redactSensitive(value: unknown, key?: string, depth = 0): unknown {
  if (key !== undefined && SENSITIVE_KEY.test(key) && value !== null && value !== undefined) return REDACTED;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_INPUT_DEPTH) return null;
  if (Array.isArray(value)) return value.map((v) => redactSensitive(v, undefined, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactSensitive(v, k, depth + 1)]));
}

/** Converts validator errors into the spec's `{loc, msg, type, input, ctx}` items. */
export function toValidationIssues(items: ValidatorErrorItem[], req: RequestParts): ValidationIssue[] {
  return items.map((item) => {
    const parts = splitPath(item.path);
    const location = LOCATIONS[parts[0] ?? ''] ?? 'body';
    const rest = LOCATIONS[parts[0] ?? ''] ? parts.slice(1) : parts;
    const source =
      location === 'body'
        ? req.body
        : location === 'query'
          ? req.query
          : location === 'path'
            ? req.params
            : req.headers;
    const keyword = (item.errorCode ?? '').replace('.openapi.validation', '');
    const { type, ctx } = classify(keyword, item.message);
    const inputPath = type === 'missing' ? rest.slice(0, -1) : rest;
    const input = redactSensitive(lookup(source, inputPath) ?? null, inputPath[inputPath.length - 1]);
    const msg =
      type === 'missing' ? 'Field required' : item.message.charAt(0).toUpperCase() + item.message.slice(1);
    return { loc: [location, ...rest], msg, type, input, ctx };
  });
}
