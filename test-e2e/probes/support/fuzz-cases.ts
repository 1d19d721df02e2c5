/**
 * Fuzz cases built from the OpenAPI documents: for an operation, a valid request (known ids of a seeded
 * tenant, values generated from the schemas) and one mutation of it of a given kind. Every random choice
 * comes from the case's own PRNG, so a case is rebuilt exactly from (seed, index).
 */
import { gzipSync } from 'node:zlib';
import type { Prng } from './prng';
import { fillPath, type ApiName, type Operation, type Parameter, type Schema } from './openapi-operations';
import type { RawRequest } from './raw-http';

export const FUZZ_KINDS = [
  'valid',
  'wrong_type',
  'missing_required',
  'huge_string',
  'nul',
  'odd_unicode',
  'bad_uuid',
  'bad_date',
  'huge_number',
  'wrong_content_type',
  'deep_json',
  'bad_content_encoding',
  'bad_percent_escape',
  'query_shape',
  'oversized_request',
  'malformed_body',
  'unauthenticated',
  'wrong_method',
] as const;
export type FuzzKind = (typeof FUZZ_KINDS)[number];

/** What the generator knows about the seeded tenant it aims at. */
export interface FuzzContext {
  auth: {
    /** Team API key (data API). */
    data: string;
    /** A link token (the widget's credential). */
    link: string;
    /** Org Management Key (management API). */
    management: string;
  };
  /** Ids and values by parameter/property name, per API (strings; objects/arrays for body properties). */
  known: Record<ApiName, Known>;
  /** Ids of disposable resources, used by operations that delete or revoke (so the fuzz keeps its keys). */
  spare: Record<ApiName, Known>;
  /** A small valid PDF for the upload. */
  pdf: Buffer;
  resolve: Record<ApiName, (s: Schema | undefined) => Schema>;
  /** Every personal-looking value a case sent (client_user_id, names, e-mails...), for the log scan. */
  sensitive: Set<string>;
  /**
   * Send only what is required plus the known values (the cross-tenant probe: a request that fails
   * validation would never reach the lookup it means to test). Default: optional fields at random.
   */
  minimal?: boolean;
}

export interface FuzzCase {
  api: ApiName;
  op: Operation;
  kind: FuzzKind;
  /** What was changed, e.g. `body.client_user_id ← 1000000-char string`. */
  detail: string;
  request: RawRequest;
  /** False when the request no longer targets `op` (wrong method): its documented responses do not apply. */
  targetsOperation: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Values

export type Known = Record<string, unknown>;

/** A JSON token written as is (numbers JSON.stringify cannot produce: 1e309, 9007199254740993...). */
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const PATTERN_EXAMPLES: Record<string, string> = {
  '^#[0-9A-Fa-f]{6}$': '#336699',
  '^[0-9a-f]{64}$': 'a'.repeat(64),
  '^mg_': 'mg_probe',
  // US addresses (lab-test appointments): a state code and a 5-digit zip code.
  '^[A-Z]{2}$': 'CA',
  '^[0-9]{5}$': '94607',
};

/**
 * Optional inputs a valid request leaves out: opaque cursors a client only echoes back, and fields whose
 * valid values the documents cannot express (signing secrets, destination credentials, event type names).
 */
const OMIT_UNLESS_REQUIRED = new Set([
  'cursor',
  'next_cursor',
  'after',
  'secret',
  'key',
  'filter_types',
  'azure_amqp',
  'rabbitmq',
  'cloud_pubsub',
]);

const PII_NAME = /client_user_id|name|email|username|password|phone|birth|first|last|mfa/i;

function isUuidSchema(s: Schema, name: string): boolean {
  return (
    s.format === 'uuid' || (s.type === 'string' && /(^|_)id$/.test(name) && s.format === undefined && !s.enum)
  );
}

function isDateSchema(s: Schema, name: string): boolean {
  return s.format === 'date' || s.format === 'date-time' || /date|since|_at$|^after$|^before$/.test(name);
}

/** A valid value for a schema, preferring known tenant values for the field's name. */
function generate(
  raw: Schema | undefined,
  name: string,
  prng: Prng,
  ctx: FuzzContext,
  api: ApiName,
  known: Known,
  depth = 0,
): unknown {
  const schema = ctx.resolve[api](raw);
  // A copy: a case mutates its own body, never the shared known value.
  if (name in known && typeof known[name] !== 'string') return structuredClone(known[name]);
  if (schema.allOf) {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf.map((s) => ctx.resolve[api](s))) {
      Object.assign(merged.properties!, part.properties ?? {});
      merged.required!.push(...(part.required ?? []));
      if (part.type && part.type !== 'object') merged.type = part.type;
    }
    return generate(merged, name, prng, ctx, api, known, depth);
  }
  const alternative = schema.oneOf ?? schema.anyOf;
  if (alternative) return generate(alternative[0], name, prng, ctx, api, known, depth);
  const knownString = (n: string) => {
    const v = known[n];
    return typeof v === 'string' ? v : undefined;
  };
  const knownValue = knownString(name) ?? knownString(name.replace(/s$/, ''));
  if (schema.type === 'array') {
    if (knownValue !== undefined) return [knownValue];
    const n = Math.max(1, schema.minItems ?? 0);
    return Array.from({ length: n }, () => generate(schema.items, name, prng, ctx, api, known, depth + 1));
  }
  if (knownValue !== undefined && (schema.type === 'string' || schema.type === undefined)) {
    if (!schema.enum || schema.enum.includes(knownValue)) return knownValue;
  }
  if (schema.enum && schema.enum.length > 0) {
    const options = schema.enum.filter((e) => e !== null);
    return options.length > 0 ? prng.pick(options) : null;
  }
  if (schema.default !== undefined && prng.chance(0.3)) return schema.default;
  switch (schema.type ?? '') {
    case 'object': {
      if (depth > 6) return {};
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        const include = required.has(key)
          ? true
          : ctx.minimal
            ? key in known
            : !OMIT_UNLESS_REQUIRED.has(key) && (key in known || prng.chance(0.5));
        if (include) out[key] = generate(prop, key, prng, ctx, api, known, depth + 1);
      }
      const extra = schema.additionalProperties;
      if (isPlainSchema(extra) && ((schema.minProperties ?? 0) > 0 || Object.keys(out).length === 0)) {
        const key = name === 'headers' ? 'x-probe-header' : 'oura';
        out[key] = generate(extra, key, prng, ctx, api, known, depth + 1);
      }
      return out;
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      const max = typeof schema.maximum === 'number' ? schema.maximum : Math.max(min, 10);
      return Math.min(max, Math.max(min, Math.min(min + prng.int(0, 5), max)));
    }
    case 'boolean':
      return prng.chance(0.5);
    default: {
      if (schema.format === 'uuid') return randomUuid(prng);
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return '2026-01-15T10:00:00Z';
      if (schema.format === 'email')
        return remember(ctx, `probe.person.${prng.int(1000, 9999)}@example.test`);
      if (schema.format === 'uri' || /url$/.test(name)) return 'https://example.test/probe';
      if (/date/.test(name)) return '2026-01-15';
      if (schema.pattern) return PATTERN_EXAMPLES[schema.pattern] ?? 'probe-name';
      const min = schema.minLength ?? 1;
      const max = schema.maxLength ?? 64;
      let s = `probe-${name.replace(/[^a-z]/gi, '').slice(0, 8)}-${prng.int(100000, 999999)}`;
      if (s.length < min) s = s.padEnd(min, 'x');
      if (s.length > max) s = s.slice(0, max);
      return PII_NAME.test(name) ? remember(ctx, s) : s;
    }
  }
}

function isPlainSchema(s: unknown): s is Schema {
  return typeof s === 'object' && s !== null;
}

function remember(ctx: FuzzContext, value: string): string {
  if (value.length >= 8) ctx.sensitive.add(value);
  return value;
}

export function randomUuid(prng: Prng): string {
  const hex = (n: number) => Array.from({ length: n }, () => prng.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[prng.int(0, 3)]}${hex(3)}-${hex(12)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Drafts: a request before serialisation, with addressable slots

interface QueryItem {
  key: string;
  value: string;
  /** Key and value are written as given (no percent-encoding). */
  raw?: boolean;
}

type DraftBody =
  | { type: 'json'; value: unknown; contentType?: string }
  | { type: 'multipart'; parts: MultipartPart[]; boundary: string; contentType?: string }
  | { type: 'raw'; data: Buffer; contentType?: string };

interface MultipartPart {
  name: string;
  value?: string;
  file?: { filename: string; contentType: string; data: Buffer };
}

interface Draft {
  method: string;
  pathValues: Record<string, string>;
  rawPath: Set<string>;
  /** Replaces the filled path entirely (literal-segment cases). */
  pathOverride?: string;
  query: QueryItem[];
  headers: Record<string, string>;
  body?: DraftBody;
  extraHeaders?: Array<[string, string]>;
}

type Slot =
  | { where: 'path'; name: string; schema: Schema }
  | { where: 'query'; name: string; schema: Schema }
  | { where: 'body'; path: Array<string | number>; name: string; schema: Schema };

function slotName(slot: Slot): string {
  return slot.where === 'body' ? `body.${slot.path.join('.')}` : `${slot.where}.${slot.name}`;
}

/**
 * Operations that would take the fuzzed tenant down if aimed at it (deleting, revoking, rotating, a team's
 * request limit): they get the spare resources instead.
 */
const DESTRUCTIVE = (op: Operation) =>
  op.method === 'delete' ||
  op.path.endsWith('/secret/rotate') ||
  (op.method !== 'get' && op.path.endsWith('/rate_limit')) ||
  (op.method === 'patch' && op.path.includes('management_key'));

/** Parameter values that depend on the operation, not only on the name. */
function operationOverride(op: Operation, param: Parameter): string | undefined {
  if (param.name === 'provider' && param.in === 'path') {
    if (op.path.includes('/password/')) return 'abbott_libreview';
    if (op.path.includes('/email/')) return 'freestyle_libre';
    if (op.path.includes('/manual/')) return 'manual';
    if (op.path.startsWith('/v2/provider_webhooks')) return 'oura';
    return 'oura';
  }
  if (param.name === 'oauth_provider') return 'oura';
  if (param.name === 'resource') return 'heartrate';
  return undefined;
}

/**
 * A valid aggregation batch (api-shapes §5): the schema leaves the grammar to the query language, so a body
 * generated from it never gets past validation (422 comes before the lookup's 404, §2.4).
 */
const VALID_AGGREGATION_BATCH = {
  timeframe: { type: 'relative', anchor: '2026-11-01', past: { unit: 'day', value: 7 } },
  queries: [
    {
      select: [{ group_key: '*' }, { func: 'mean', arg: { value_macro: 'sleep_score' } }],
      group_by: [{ date_trunc: { unit: 'week' }, arg: { index: 'sleep' } }],
    },
  ],
};

/** Body values that depend on the operation (the provider an e-mail link names is an e-mail provider). */
function bodyOverrides(op: Operation): Known {
  if (op.path === '/v2/link/auth/email') return { provider: 'freestyle_libre' };
  return {};
}

function baseline(op: Operation, prng: Prng, ctx: FuzzContext): Draft {
  const spare = DESTRUCTIVE(op) ? { ...ctx.spare[op.api] } : {};
  // A webhook's sub-resources live under the fuzzed team: only the other deleting operations take the
  // spare team.
  if (op.path.includes('{webhook_id}')) delete spare.team_id;
  const known = { ...ctx.known[op.api], ...spare, ...bodyOverrides(op) };
  const draft: Draft = {
    method: op.method.toUpperCase(),
    pathValues: {},
    rawPath: new Set(),
    query: [],
    headers: {},
  };
  for (const param of op.parameters) {
    const value =
      operationOverride(op, param) ?? generate(param.schema, param.name, prng, ctx, op.api, known);
    if (param.in === 'path') draft.pathValues[param.name] = String(value);
    else if (
      param.in === 'query' &&
      (param.required ||
        (ctx.minimal ? param.name in known : !OMIT_UNLESS_REQUIRED.has(param.name) && prng.chance(0.6)))
    ) {
      for (const v of Array.isArray(value) ? value : [value])
        draft.query.push({ key: param.name, value: String(v) });
    } else if (param.in === 'header' && param.required) draft.headers[param.name] = String(value);
  }
  if (op.body) {
    if (op.body.contentType.startsWith('multipart/')) {
      draft.body = {
        type: 'multipart',
        boundary: `----probe${prng.int(100000, 999999)}`,
        parts: [
          { name: 'user_id', value: typeof known.user_id === 'string' ? known.user_id : randomUuid(prng) },
          { name: 'file', file: { filename: 'report.pdf', contentType: 'application/pdf', data: ctx.pdf } },
        ],
      };
    } else if (op.path === '/aggregate/v1/user/{user_id}/query') {
      draft.body = { type: 'json', value: structuredClone(VALID_AGGREGATION_BATCH) };
    } else {
      draft.body = { type: 'json', value: generate(op.body.schema, 'body', prng, ctx, op.api, known) };
    }
  }
  setAuth(draft, op, ctx, 'valid');
  return draft;
}

type AuthMode = 'valid' | 'none' | 'bogus' | 'wrong_kind' | 'empty' | 'latin1' | 'bearer';

function setAuth(draft: Draft, op: Operation, ctx: FuzzContext, mode: AuthMode): void {
  for (const h of ['x-service-api-key', 'x-service-link-token', 'x-management-key', 'authorization'])
    delete draft.headers[h];
  const header =
    op.api === 'management'
      ? 'x-management-key'
      : op.security.includes('TeamApiKey')
        ? 'x-service-api-key'
        : op.security.includes('LinkToken')
          ? 'x-service-link-token'
          : undefined;
  if (!header) return;
  const good =
    header === 'x-management-key'
      ? ctx.auth.management
      : header === 'x-service-link-token'
        ? ctx.auth.link
        : ctx.auth.data;
  switch (mode) {
    case 'valid':
      draft.headers[header] = good;
      return;
    case 'none':
      return;
    case 'bogus':
      draft.headers[header] = `${good.slice(0, 6)}${'0'.repeat(Math.max(8, good.length - 6))}`;
      return;
    case 'wrong_kind':
      draft.headers[header] = header === 'x-management-key' ? ctx.auth.data : ctx.auth.management;
      return;
    case 'empty':
      draft.headers[header] = '';
      return;
    case 'latin1':
      draft.headers[header] = `${good}\u00ff\u00e9`;
      return;
    case 'bearer':
      draft.headers.authorization = 'Bearer not.a.token';
      return;
  }
}

function bodySlots(
  value: unknown,
  raw: Schema | undefined,
  ctx: FuzzContext,
  api: ApiName,
  path: Array<string | number> = [],
): Slot[] {
  const schema = ctx.resolve[api](raw);
  const out: Slot[] = [];
  if (Array.isArray(value)) {
    if (value.length > 0) {
      out.push({
        where: 'body',
        path: [...path, 0],
        name: String(path[path.length - 1] ?? 'item'),
        schema: ctx.resolve[api](schema.items),
      });
      out.push(...bodySlots(value[0], schema.items, ctx, api, [...path, 0]));
    }
    return out;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof RawJson)) {
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const prop =
        schema.properties?.[key] ??
        (isPlainSchema(schema.additionalProperties) ? schema.additionalProperties : {});
      const resolved = ctx.resolve[api](prop);
      out.push({ where: 'body', path: [...path, key], name: key, schema: resolved });
      out.push(...bodySlots(v, resolved, ctx, api, [...path, key]));
    }
  }
  return out;
}

function slotsOf(draft: Draft, op: Operation, ctx: FuzzContext): Slot[] {
  const slots: Slot[] = [];
  for (const p of op.parameters) {
    if (p.in === 'path') slots.push({ where: 'path', name: p.name, schema: p.schema });
    if (p.in === 'query') slots.push({ where: 'query', name: p.name, schema: p.schema });
  }
  if (draft.body?.type === 'json') slots.push(...bodySlots(draft.body.value, op.body?.schema, ctx, op.api));
  if (draft.body?.type === 'multipart')
    slots.push({
      where: 'body',
      path: ['user_id'],
      name: 'user_id',
      schema: { type: 'string', format: 'uuid' },
    });
  return slots;
}

/** Sets a slot; path/query slots take strings (`raw` = written without percent-encoding). */
function setSlot(draft: Draft, slot: Slot, value: unknown, raw = false): void {
  if (slot.where === 'path') {
    draft.pathValues[slot.name] = String(value);
    if (raw) draft.rawPath.add(slot.name);
    return;
  }
  if (slot.where === 'query') {
    draft.query = draft.query.filter((q) => q.key !== slot.name);
    draft.query.push({ key: slot.name, value: String(value), raw });
    return;
  }
  if (draft.body?.type === 'multipart') {
    const part = draft.body.parts.find((p) => p.name === slot.name);
    if (part) part.value = String(value instanceof RawJson ? value.text : value);
    return;
  }
  if (draft.body?.type !== 'json') return;
  let node = draft.body.value as Record<string | number, unknown>;
  for (const key of slot.path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[slot.path[slot.path.length - 1]!] = value;
}

function currentString(draft: Draft, slot: Slot): string {
  if (slot.where === 'path') return draft.pathValues[slot.name] ?? '';
  if (slot.where === 'query') return draft.query.find((q) => q.key === slot.name)?.value ?? '';
  if (draft.body?.type === 'json') {
    let node: unknown = draft.body.value;
    for (const key of slot.path) node = (node as Record<string | number, unknown>)?.[key];
    return typeof node === 'string' ? node : '';
  }
  return '';
}

// ---------------------------------------------------------------------------------------------------------
// Mutation values

const ODD_UNICODE = [
  '\u202e\u202dreversed',
  '\ufeffbom',
  'zero\u200bwidth',
  'lone\ud800surrogate',
  'low\udfffsurrogate',
  'non\uffffcharacter',
  '\ufffe',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'e\u0301\u0301\u0301\u0301combining',
  'next\u0085line',
  'line\u2028separator',
  'İıſK',
  'nb\u00a0sp',
  '👩‍👩‍👧‍👦',
  '\u0001\u001f\u007fcontrol',
  'tab\there',
  'slash\\and"quote',
  'ｆｕｌｌｗｉｄｔｈ',
];
/** Percent-escapes that do not decode to UTF-8 (or do not decode at all). */
const BAD_UTF8_ESCAPES = [
  '%C3%28',
  '%ED%A0%80',
  '%F0%28%8C%BC',
  '%C0%AF',
  '%FF%FE',
  '%E2%82',
  '%F4%90%80%80',
];
const BAD_PERCENT = ['%ZZ', '%', '%2', '%G0', '%%', 'abc%', '%E0%A4%A', '%u0041', ...BAD_UTF8_ESCAPES];
const BAD_UUIDS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '{00000000-0000-4000-8000-000000000000}',
  '00000000-0000-4000-8000-0000000000000',
  '00000000000040008000000000000000',
  'urn:uuid:00000000-0000-4000-8000-000000000000',
  ' 00000000-0000-4000-8000-000000000000',
  '00000000-0000-4000-8000-000000000000 ',
  '',
  '1',
  '-1',
  'null',
  '../../../../etc/passwd',
  "' OR '1'='1",
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
];
const BAD_DATES = [
  '2026-13-01',
  '2026-02-30',
  '2026-00-10',
  '0000-01-01',
  '99999-01-01',
  '275760-09-14',
  '-271821-04-19',
  '2026-01-01T25:61:00Z',
  '2026-01-01T00:00:00+99:00',
  '2026-01-01T00:00:00.0000000000000000001Z',
  '+275760-09-13T00:00:00.001Z',
  '1970-01-01T00:00:00Z',
  '1e309',
  '-1',
  'yesterday',
  '2026-W01',
  '2026-001',
  '',
  '2026-01-01T00:00:00',
  '20260101',
  '2026/01/01',
];
const HUGE_NUMBERS_JSON = [
  '1e309',
  '-1e309',
  '3000000000',
  '9007199254740993',
  '-2147483649',
  '2147483648',
  '1.5',
  '1e-400',
  '-0',
  '123456789012345678901234567890',
  '1E400',
  '-9223372036854775809',
];
const HUGE_NUMBERS_QUERY = [
  '1e309',
  '-1e309',
  '3000000000',
  '9007199254740993',
  '1.5',
  'Infinity',
  '-Infinity',
  'NaN',
  '-0',
  '0x10',
  '1e3',
  ' 1',
  '１',
  '1_000',
  '99999999999999999999999',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=probe',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nonsense',
  'application/vnd.api+json',
  'application/json, text/plain',
  ';;;',
  'application/octet-stream',
  '',
];
const ENCODINGS = [
  'gzip',
  'deflate',
  'br',
  'x-gzip',
  'gzip, deflate',
  'zstd',
  'compress',
  'GZIP',
  'gzip;q=1',
  'identity, br',
];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '\ufeff{}',
  '',
  'null',
  '[]',
  '"string"',
  '0',
  'true',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1}garbage',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a\\u0000b":1}',
  '1'.repeat(20_000),
  '{"a":"unterminated',
  '[' + '1,'.repeat(100_000) + '1]',
];

let bomb: Buffer | undefined;
/** A small gzip body whose JSON is 8 MB once inflated (computed once). */
function inflatesTo8Mb(): Buffer {
  bomb ??= gzipSync(Buffer.from(`{"probe":"${'a'.repeat(8_000_000)}"}`));
  return bomb;
}

function deepJson(depth: number, prng: Prng): string {
  const style = prng.int(0, 2);
  if (style === 0) return '['.repeat(depth) + ']'.repeat(depth);
  if (style === 1) return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  return '{"a":['.repeat(depth) + ']}'.repeat(depth);
}

function wrongTypeFor(schema: Schema, prng: Prng): unknown {
  switch (schema.type ?? '') {
    case 'string':
      return prng.pick([123, true, {}, [], [1, 2], 1.5, { nested: 'x' }, null]);
    case 'integer':
    case 'number':
      return prng.pick(['12', 'abc', true, {}, [1], null, '']);
    case 'boolean':
      return prng.pick(['true', 1, 0, 'yes', {}, null]);
    case 'array':
      return prng.pick(['x', {}, 1, { '0': 'x' }, null]);
    case 'object':
      return prng.pick([[], 'x', 1, true, null]);
    default:
      return prng.pick([{ a: [1, { b: null }] }, [[[]]], 1e300]);
  }
}

function wrongTypeQuery(schema: Schema, prng: Prng): { value: string; raw?: boolean } {
  switch (schema.type ?? '') {
    case 'integer':
    case 'number':
      return { value: prng.pick(['abc', '1.5', 'true', '[]', '{}', '1,2', '', '0b1']) };
    case 'boolean':
      return { value: prng.pick(['yes', '2', '']) };
    case 'array':
      return { value: prng.pick(['', ',', 'a,b']) };
    default:
      return schema.enum
        ? { value: 'NOT_IN_ENUM' }
        : { value: prng.pick(['', ' ', 'null', 'undefined', '[object Object]']) };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Mutations

type Mutator = (draft: Draft, op: Operation, prng: Prng, ctx: FuzzContext, slots: Slot[]) => string;

const pickSlot = (prng: Prng, slots: Slot[], preferBody = true): Slot | undefined => {
  const body = slots.filter((s) => s.where === 'body');
  return preferBody && body.length > 0 && prng.chance(0.7)
    ? prng.pick(body)
    : slots.length > 0
      ? prng.pick(slots)
      : undefined;
};

const stringSlots = (slots: Slot[]) =>
  slots.filter((s) => s.schema.type === 'string' || s.schema.type === undefined);

function ensureJsonBody(draft: Draft): Record<string, unknown> {
  if (
    draft.body?.type === 'json' &&
    draft.body.value &&
    typeof draft.body.value === 'object' &&
    !Array.isArray(draft.body.value)
  )
    return draft.body.value as Record<string, unknown>;
  const value: Record<string, unknown> = {};
  draft.body = { type: 'json', value };
  return value;
}

const MUTATORS: Record<FuzzKind, Mutator> = {
  valid: () => 'as documented',

  wrong_type: (draft, _op, prng, _ctx, slots) => {
    const slot = pickSlot(prng, slots);
    if (!slot) {
      draft.body = {
        type: 'raw',
        data: Buffer.from(prng.pick(['[]', '"x"', '1', 'false'])),
        contentType: 'application/json',
      };
      return 'body ← JSON of the wrong top-level type';
    }
    if (slot.where === 'body') {
      const value = wrongTypeFor(slot.schema, prng);
      setSlot(draft, slot, value);
      return `${slotName(slot)} ← ${JSON.stringify(value)}`;
    }
    if (slot.schema.type === 'array' || prng.chance(0.2)) {
      draft.query = draft.query.filter((q) => q.key !== slot.name);
      if (slot.where === 'query') {
        draft.query.push({ key: `${slot.name}[probe]`, value: 'x', raw: false });
        return `${slotName(slot)} ← object`;
      }
    }
    const v = wrongTypeQuery(slot.schema, prng);
    setSlot(draft, slot, v.value, v.raw);
    return `${slotName(slot)} ← ${JSON.stringify(v.value)}`;
  },

  missing_required: (draft, op, prng, ctx) => {
    const candidates: Array<() => string> = [];
    for (const p of op.parameters.filter((p) => p.required && p.in === 'query'))
      candidates.push(() => {
        draft.query = draft.query.filter((q) => q.key !== p.name);
        return `query.${p.name} missing`;
      });
    if (draft.body?.type === 'json') {
      const schema = ctx.resolve[op.api](op.body?.schema);
      for (const key of schema.required ?? [])
        candidates.push(() => {
          delete (draft.body as { value: Record<string, unknown> }).value[key];
          return `body.${key} missing`;
        });
      if (op.body?.required)
        candidates.push(() => {
          draft.body = undefined;
          draft.headers['content-type'] = 'application/json';
          return 'body missing';
        });
      candidates.push(() => {
        (draft.body as { value: unknown }).value = {};
        return 'body ← {}';
      });
    }
    if (draft.body?.type === 'multipart') {
      const body = draft.body;
      for (const name of ['file', 'user_id'])
        candidates.push(() => {
          body.parts = body.parts.filter((p) => p.name !== name);
          return `multipart ${name} missing`;
        });
      candidates.push(() => {
        body.parts = [];
        return 'multipart with no parts';
      });
    }
    if (candidates.length === 0) {
      draft.query = [];
      return 'every optional query parameter dropped';
    }
    return prng.pick(candidates)();
  },

  huge_string: (draft, _op, prng, _ctx, slots) => {
    const bodyStrings = stringSlots(slots).filter((s) => s.where === 'body');
    const size = prng.pick([1_000_000, 1_000_000, 600_000, 1_100_000]);
    const fill = prng.chance(0.3) ? 'é'.repeat(size / 2) : 'A'.repeat(size);
    if (bodyStrings.length > 0) {
      const slot = prng.pick(bodyStrings);
      setSlot(draft, slot, fill);
      return `${slotName(slot)} ← ${fill.length}-char string`;
    }
    if (draft.body?.type === 'json' || (draft.body === undefined && prng.chance(0.5))) {
      ensureJsonBody(draft).probe_pad = fill;
      return `body.probe_pad (unknown key) ← ${fill.length}-char string`;
    }
    const slot = pickSlot(prng, stringSlots(slots), false);
    const long = 'a'.repeat(prng.pick([20_000, 100_000]));
    if (slot) {
      setSlot(draft, slot, long);
      return `${slotName(slot)} ← ${long.length}-char string`;
    }
    draft.query.push({ key: 'probe', value: long });
    return `query.probe ← ${long.length}-char string`;
  },

  nul: (draft, _op, prng, _ctx, slots) => {
    const slot = pickSlot(prng, stringSlots(slots));
    if (!slot || prng.chance(0.1)) {
      ensureJsonBody(draft)['probe\u0000key'] = 'x';
      return 'body key with NUL';
    }
    const cur = currentString(draft, slot);
    const at = prng.int(0, cur.length);
    const value = prng.chance(0.3) ? '\u0000' : `${cur.slice(0, at)}\u0000${cur.slice(at)}`;
    setSlot(draft, slot, value);
    return `${slotName(slot)} ← NUL inside`;
  },

  odd_unicode: (draft, _op, prng, _ctx, slots) => {
    const slot = pickSlot(prng, stringSlots(slots));
    if (!slot) {
      draft.body = {
        type: 'raw',
        data: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
        contentType: 'application/json',
      };
      return 'body with invalid UTF-8 bytes in a string';
    }
    if (slot.where !== 'body' && prng.chance(0.4)) {
      const escape = prng.pick(BAD_UTF8_ESCAPES);
      setSlot(draft, slot, `probe${escape}`, true);
      return `${slotName(slot)} ← invalid UTF-8 ${escape}`;
    }
    const odd = prng.pick(ODD_UNICODE);
    if (slot.where !== 'body' && /[\ud800-\udfff]/.test(odd.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) {
      setSlot(draft, slot, 'probe%ED%A0%80', true);
      return `${slotName(slot)} ← encoded lone surrogate`;
    }
    setSlot(draft, slot, odd);
    return `${slotName(slot)} ← ${JSON.stringify(odd)}`;
  },

  bad_uuid: (draft, op, prng, ctx, slots) => {
    const uuids = slots.filter((s) => isUuidSchema(s.schema, s.name));
    if (uuids.length === 0) return MUTATORS.wrong_type(draft, op, prng, ctx, slots);
    const slot = prng.pick(uuids);
    const value = prng.pick(BAD_UUIDS);
    setSlot(draft, slot, value);
    return `${slotName(slot)} ← ${JSON.stringify(value)}`;
  },

  bad_date: (draft, op, prng, ctx, slots) => {
    const dates = slots.filter((s) => isDateSchema(s.schema, s.name) && s.schema.type !== 'integer');
    if (dates.length === 0) return MUTATORS.wrong_type(draft, op, prng, ctx, slots);
    const slot = prng.pick(dates);
    const value = prng.pick(BAD_DATES);
    setSlot(draft, slot, value);
    return `${slotName(slot)} ← ${JSON.stringify(value)}`;
  },

  huge_number: (draft, _op, prng, _ctx, slots) => {
    const numeric = slots.filter((s) => s.schema.type === 'integer' || s.schema.type === 'number');
    const slot = numeric.length > 0 ? prng.pick(numeric) : undefined;
    if (slot?.where === 'body') {
      const token = prng.pick(HUGE_NUMBERS_JSON);
      setSlot(draft, slot, new RawJson(token));
      return `${slotName(slot)} ← ${token}`;
    }
    const token = prng.pick(HUGE_NUMBERS_QUERY);
    if (slot) {
      setSlot(draft, slot, token);
      return `${slotName(slot)} ← ${token}`;
    }
    const name = prng.pick(['limit', 'offset', 'timeout', 'user_limit']);
    draft.query = draft.query.filter((q) => q.key !== name);
    draft.query.push({ key: name, value: token });
    return `query.${name} (undocumented here) ← ${token}`;
  },

  wrong_content_type: (draft, op, prng) => {
    const type = prng.pick(CONTENT_TYPES);
    if (draft.body?.type === 'multipart') {
      if (prng.chance(0.5)) {
        draft.body = { type: 'json', value: { user_id: 'x' }, contentType: 'application/json' };
        return 'JSON sent to a multipart operation';
      }
      draft.body.contentType = type;
      return `multipart body labelled ${JSON.stringify(type)}`;
    }
    const value = draft.body?.type === 'json' ? draft.body.value : { probe: 1 };
    draft.body = { type: 'json', value, contentType: type };
    return `${op.body ? 'body' : 'unexpected body'} labelled ${JSON.stringify(type)}`;
  },

  deep_json: (draft, _op, prng) => {
    const depth = prng.pick([5_000, 5_000, 20_000, 100_000]);
    draft.body = { type: 'raw', data: Buffer.from(deepJson(depth, prng)), contentType: 'application/json' };
    return `JSON nested ${depth} levels`;
  },

  bad_content_encoding: (draft, _op, prng, ctx) => {
    const encoding = prng.pick(ENCODINGS);
    const json = Buffer.from(draft.body?.type === 'json' ? toJson(draft.body.value) : '{"probe":1}');
    const variants: Array<[string, () => Buffer]> = [
      ['not compressed', () => Buffer.from('not gzip at all')],
      ['the plain JSON', () => json],
      ['a truncated gzip stream', () => gzipSync(json).subarray(0, 12)],
      ['gzip whose JSON is 8 MB once inflated', () => inflatesTo8Mb()],
      [
        'random bytes',
        () => Buffer.from(Array.from({ length: 64 }, () => ctx.pdf[prng.int(0, ctx.pdf.length - 1)] ?? 0)),
      ],
    ];
    const [label, data] = prng.pick(variants);
    draft.body = { type: 'raw', data: data(), contentType: 'application/json' };
    draft.headers['content-encoding'] = encoding;
    return `Content-Encoding ${encoding}, body ${label}`;
  },

  bad_percent_escape: (draft, op, prng) => {
    const escape = prng.pick(BAD_PERCENT);
    const params = Object.keys(draft.pathValues);
    if (params.length > 0 && prng.chance(0.7)) {
      const name = prng.pick(params);
      draft.pathValues[name] = prng.chance(0.5) ? escape : `${draft.pathValues[name]}${escape}`;
      draft.rawPath.add(name);
      return `path.${name} ← ${escape}`;
    }
    if (prng.chance(0.5)) {
      const segments = op.path.split('/');
      const literal = segments.map((s, i) => [s, i] as const).filter(([s]) => s && !s.startsWith('{'));
      const [, index] = prng.pick(literal);
      segments[index] = `${segments[index]}${escape}`;
      draft.pathOverride = segments.join('/');
      return `literal segment ${index} + ${escape}`;
    }
    const forms = [`${escape}=1`, `limit=${escape}`, `probe=${escape}`, `${escape}`, `a[${escape}]=1`];
    const form = prng.pick(forms);
    draft.query.push({ key: form, value: '', raw: true });
    return `query ${form}`;
  },

  query_shape: (draft, op, prng) => {
    const names = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    const k = names.length > 0 ? prng.pick(names) : prng.pick(['limit', 'user_id', 'provider']);
    draft.query = draft.query.filter((q) => q.key !== k);
    const forms = [
      `${k}[]=x`,
      `${k}[a]=x`,
      `${k}[a][b][c][d][e][f][g][h]=x`,
      `${k}=a&${k}=b`,
      `${k}[__proto__][polluted]=1`,
      `__proto__[polluted]=1`,
      `constructor[prototype][polluted]=1`,
      `${k}[0]=a&${k}[1]=b`,
      `${k}[9999]=x`,
      Array.from({ length: 1500 }, (_, i) => `${k}[${i}]=${i}`).join('&'),
      `${k}[length]=1e309`,
      `${k}`,
      `${k}=`,
      `&&&=&=`,
    ];
    const form = prng.pick(forms);
    draft.query.push({ key: form, value: '', raw: true });
    return `query ${form.length > 60 ? `${form.slice(0, 60)}… (${form.length} chars)` : form}`;
  },

  oversized_request: (draft, _op, prng) => {
    const variant = prng.int(0, 5);
    switch (variant) {
      case 0:
        draft.query.push({ key: 'pad', value: 'a'.repeat(1_000_000) });
        return '1 MB query string';
      case 1:
        draft.query.push({ key: 'pad', value: 'a'.repeat(70_000) });
        return '70 KB query string';
      case 2:
        draft.headers['x-probe-pad'] = 'a'.repeat(70_000);
        return '70 KB header';
      case 3:
        draft.extraHeaders = Array.from(
          { length: 2500 },
          (_, i) => [`x-probe-${i}`, 'v'] as [string, string],
        );
        return '2,500 headers';
      case 4: {
        const params = Object.keys(draft.pathValues);
        if (params.length > 0) {
          draft.pathValues[params[0]!] = 'p'.repeat(100_000);
          return `path.${params[0]} ← 100,000 chars`;
        }
        draft.query.push({ key: 'pad', value: 'b'.repeat(300_000) });
        return '300 KB query string';
      }
      default:
        draft.headers[`x-${'n'.repeat(20_000)}`] = 'v';
        return '20 KB header name';
    }
  },

  malformed_body: (draft, _op, prng) => {
    if (draft.body?.type === 'multipart') {
      const body = draft.body;
      const variant = prng.int(0, 5);
      const b = body.boundary;
      const raws = [
        ['truncated multipart', `--${b}\r\nContent-Disposition: form-data; name="user_id"\r\n\r\nabc`],
        [
          'no closing boundary',
          `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n`,
        ],
        ['garbage', 'this is not multipart'],
        ['part without headers', `--${b}\r\n\r\nvalue\r\n--${b}--\r\n`],
        [
          'NUL in the field name',
          `--${b}\r\nContent-Disposition: form-data; name="user\u0000_id"\r\n\r\nx\r\n--${b}--\r\n`,
        ],
        [
          'filename with path traversal and NUL',
          `--${b}\r\nContent-Disposition: form-data; name="file"; filename="../../etc/passwd\u0000.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${b}--\r\n`,
        ],
      ] as const;
      const [label, text] = raws[variant]!;
      draft.body = {
        type: 'raw',
        data: Buffer.from(text, 'latin1'),
        contentType: `multipart/form-data; boundary=${b}`,
      };
      return `malformed multipart: ${label}`;
    }
    const text = prng.pick(MALFORMED_JSON);
    draft.body = { type: 'raw', data: Buffer.from(text), contentType: 'application/json' };
    return `body ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)}`;
  },

  unauthenticated: (draft, op, prng, ctx) => {
    const mode = prng.pick<AuthMode>(['none', 'none', 'bogus', 'wrong_kind', 'empty', 'latin1', 'bearer']);
    setAuth(draft, op, ctx, mode);
    return `credential: ${mode}`;
  },

  wrong_method: () => 'wrong method (set by the builder)',
};

// ---------------------------------------------------------------------------------------------------------
// Serialisation

function serializeQuery(items: QueryItem[]): string {
  if (items.length === 0) return '';
  return `?${items
    .map((q) =>
      q.raw
        ? `${q.key}${q.value ? `=${q.value}` : ''}`
        : `${encodeURIComponent(q.key)}=${encodeURIComponent(q.value)}`,
    )
    .join('&')}`;
}

function multipartBody(parts: MultipartPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (part.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(part.file.data, Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // Lone surrogates: written as the (invalid) UTF-8 of a surrogate.
    return value.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%\w.~-]/g, (c) => encodeURIComponent(c));
  }
}

function serialize(draft: Draft, op: Operation): RawRequest {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(draft.pathValues)) values[k] = draft.rawPath.has(k) ? v : safeEncode(v);
  const path =
    (draft.pathOverride ?? fillPath(op.path, values, new Set(Object.keys(values)))) +
    serializeQuery(draft.query);
  const headers: Record<string, string> = { accept: 'application/json', ...draft.headers };
  let body: Buffer | undefined;
  if (draft.body?.type === 'json') {
    body = Buffer.from(toJson(draft.body.value));
    if (draft.body.contentType === undefined) headers['content-type'] = 'application/json';
    else if (draft.body.contentType !== '') headers['content-type'] = draft.body.contentType;
  } else if (draft.body?.type === 'multipart') {
    body = multipartBody(draft.body.parts, draft.body.boundary);
    headers['content-type'] =
      draft.body.contentType ?? `multipart/form-data; boundary=${draft.body.boundary}`;
  } else if (draft.body?.type === 'raw') {
    body = draft.body.data;
    if (draft.body.contentType) headers['content-type'] = draft.body.contentType;
  }
  for (const [k, v] of draft.extraHeaders ?? []) headers[k] = v;
  return { method: draft.method, path, headers, body };
}

/** The methods a path does not define (for `wrong_method`). */
export function otherMethods(op: Operation, all: Operation[]): string[] {
  const defined = new Set(all.filter((o) => o.api === op.api && o.path === op.path).map((o) => o.method));
  return ['get', 'post', 'put', 'patch', 'delete', 'options'].filter(
    (m) => !defined.has(m as Operation['method']),
  );
}

export function buildCase(
  op: Operation,
  kind: FuzzKind,
  prng: Prng,
  ctx: FuzzContext,
  all: Operation[],
): FuzzCase {
  const draft = baseline(op, prng, ctx);
  const slots = slotsOf(draft, op, ctx);
  let detail = MUTATORS[kind](draft, op, prng, ctx, slots);
  // An emptied path parameter makes another path (`/job/` is not `/job/{job_id}`): the operation's
  // documented answers no longer apply.
  let targetsOperation = !Object.values(draft.pathValues).some((v) => v === '');
  if (kind === 'wrong_method') {
    const others = otherMethods(op, all);
    if (others.length > 0) {
      draft.method = prng.pick(others).toUpperCase();
      targetsOperation = false;
      detail = `${draft.method} on a path that defines ${op.method.toUpperCase()}`;
    } else detail = 'every method is defined: sent as documented';
  }
  return { api: op.api, op, kind, detail, request: serialize(draft, op), targetsOperation };
}
