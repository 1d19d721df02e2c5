/**
 * The two HTTP surfaces as the probes see them: every operation of the data and management API documents,
 * loaded with the loader the apps use (`loadOpenApiDocument`: the main file plus its `openapi/` fragments),
 * with `$ref`s resolved.
 */
import path from 'node:path';
import { loadOpenApiDocument } from '@meridian/platform';

export type ApiName = 'data' | 'management';

export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  api: ApiName;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The path template, e.g. `/v2/user/{user_id}`. */
  path: string;
  operationId: string;
  parameters: Parameter[];
  /** Request media types and their schemas (first = the one to send). */
  body?: { required: boolean; contentType: string; schema: Schema };
  /** Security requirement names; [] = public, undefined = the document's default. */
  security: string[];
  /** Documented statuses → response body schema (undefined when the response has no JSON body). */
  responses: Map<string, Schema | undefined>;
}

export interface ApiDocument {
  api: ApiName;
  doc: Record<string, unknown>;
  operations: Operation[];
  resolve(schema: Schema | undefined): Schema;
}

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const OPENAPI_FILES: Record<ApiName, string> = {
  data: path.join(REPO_ROOT, 'services/data-api/openapi.yaml'),
  management: path.join(REPO_ROOT, 'services/management-api/openapi.yaml'),
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Json = Record<string, unknown>;

export function loadApiDocument(api: ApiName): ApiDocument {
  const doc = loadOpenApiDocument(OPENAPI_FILES[api]);
  const deref = <T>(value: T, seen = 0): T => {
    let out = value as unknown as Json;
    for (let hops = 0; out && typeof out.$ref === 'string'; hops++) {
      if (hops > 20 || seen > 20) throw new Error(`unresolvable $ref ${String(out.$ref)}`);
      const ref = out.$ref;
      if (!ref.startsWith('#/')) throw new Error(`external $ref ${ref}`);
      out = ref
        .slice(2)
        .split('/')
        .reduce<Json>(
          (node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json,
          doc as Json,
        );
      if (!out) throw new Error(`dangling $ref ${ref}`);
    }
    return out as unknown as T;
  };
  const resolve = (schema: Schema | undefined): Schema => deref(schema ?? {});

  const defaultSecurity = securityNames(doc.security);
  const operations: Operation[] = [];
  for (const [route, rawItem] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const item = deref(rawItem);
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = [...((item.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])].map(
        (p) => {
          const param = deref(p);
          return {
            name: String(param.name),
            in: param.in as Parameter['in'],
            required: param.required === true,
            schema: resolve(param.schema as Schema),
          };
        },
      );
      let body: Operation['body'];
      if (op.requestBody) {
        const rb = deref(op.requestBody as Json);
        const [contentType, media] = Object.entries((rb.content ?? {}) as Record<string, Json>)[0] ?? [];
        if (contentType)
          body = { required: rb.required === true, contentType, schema: resolve(media?.schema as Schema) };
      }
      const responses = new Map<string, Schema | undefined>();
      for (const [status, rawResponse] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        const response = deref(rawResponse);
        const json = (response.content as Record<string, Json> | undefined)?.['application/json'];
        responses.set(status, json ? resolve(json.schema as Schema) : undefined);
      }
      operations.push({
        api,
        method,
        path: route,
        operationId: typeof op.operationId === 'string' ? op.operationId : `${method} ${route}`,
        parameters: params,
        body,
        security: op.security === undefined ? defaultSecurity : securityNames(op.security),
        responses,
      });
    }
  }
  return { api, doc, operations, resolve };
}

function securityNames(security: unknown): string[] {
  if (!Array.isArray(security)) return [];
  return security.flatMap((req) => Object.keys((req ?? {}) as object));
}

/** The path with its parameters filled in (values are percent-encoded unless `raw`). */
export function fillPath(template: string, values: Record<string, string>, raw = new Set<string>()): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = values[name] ?? '';
    return raw.has(name) ? value : encodeURIComponent(value);
  });
}
