/**
 * The OpenAPI request validator (express-openapi-validator) with its route lookup compiled once (issue 16).
 *
 * The library's metadata step finds a request's route by walking every documented path and compiling each
 * one with path-to-regexp again on every request; the data API documents one path per timeseries slug
 * (~185 paths), so a grouped read paid for ~110 regex compilations before its own work started. Here the
 * same step runs on patterns compiled once per app setting (strict / case-sensitive routing), tried in the
 * library's own order with the library's own path-to-regexp, so the match, `req.openapi`, `req.params` and
 * the 404 / 405 answers are what the library gives (openapi-validator.test.ts compares both over every
 * documented path). Everything else (security, multipart, request and response validation) is the
 * library's, unchanged.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { OpenApiValidator } from 'express-openapi-validator/dist/openapi.validator';
import { OpenApiSpecLoader } from 'express-openapi-validator/dist/framework/openapi.spec.loader';
import type { OpenApiContext } from 'express-openapi-validator/dist/framework/openapi.context';
import {
  BadRequest,
  MethodNotAllowed,
  NotFound,
  type OpenApiValidatorOpts,
  type OpenAPIV3,
} from 'express-openapi-validator/dist/framework/types';

type PathToRegexp = (
  path: string,
  opts: { sensitive: boolean; strict: boolean },
) => { regexp: RegExp; keys: { name: string }[] };

/** The validator's own copy of path-to-regexp (the version it resolves), so patterns compile alike. */
const validatorRequire = (id: string): unknown =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(require.resolve(id, { paths: [require.resolve('express-openapi-validator/package.json')] }));
const { pathToRegexp } = validatorRequire('path-to-regexp') as { pathToRegexp: PathToRegexp };

type PathItems = Record<string, Record<string, unknown> | undefined>;
type Doc = { paths: PathItems };

interface CompiledRoute {
  expressRoute: string;
  openApiRoute: string;
  /** The document's path key (the OpenAPI route without the server's base path). */
  pathKey: string;
  regexp: RegExp;
  keys: string[];
}

interface Matched {
  route: CompiledRoute;
  pathParams: Record<string, string>;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

type OpenApiMetadata = {
  expressRoute: string;
  openApiRoute: string;
  pathParams: Record<string, string>;
  schema: OpenAPIV3.OperationObject;
  serial: number;
  _responseSchema?: unknown;
};

/**
 * The library's metadata middleware (`applyOpenApiMetadata`) over precompiled patterns: the first route in
 * the library's order whose pattern matches the path, its operation for the method (405 when the path has
 * none), `req.openapi` and `req.params` set as the library sets them; a path under a base path that no
 * route matches is 404.
 */
export function compiledOpenApiMetadata(context: OpenApiContext, responseApiDoc?: Doc | null) {
  const compiled = new Map<string, CompiledRoute[]>();
  const routesFor = (strict: boolean, sensitive: boolean): CompiledRoute[] => {
    const key = `${strict ? 1 : 0}${sensitive ? 1 : 0}`;
    let routes = compiled.get(key);
    if (!routes) {
      routes = [];
      const routeMap = context.expressRouteMap as Record<string, { basePath: string }>;
      for (const [expressRoute, methods] of Object.entries(routeMap)) {
        const { openApiRoute } = context.routePair(expressRoute);
        const { regexp, keys } = pathToRegexp(expressRoute, { sensitive, strict });
        routes.push({
          expressRoute,
          openApiRoute,
          pathKey: openApiRoute.substring(methods.basePath.length),
          regexp,
          keys: keys.map((k) => k.name),
        });
      }
      compiled.set(key, routes);
    }
    return routes;
  };

  function lookup(req: Request): Matched | null {
    const url = context.useRequestUrl ? req.url : req.originalUrl;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const routes = routesFor(req.app.enabled('strict routing'), req.app.enabled('case sensitive routing'));
    for (const route of routes) {
      const m = route.regexp.exec(path);
      if (!m) continue;
      const pathParams: Record<string, string> = {};
      try {
        // As the library's `zipObject(keys, match.slice(1).map(decodeURIComponent))`.
        for (let i = 0; i < route.keys.length; i++) {
          pathParams[route.keys[i]!] = i + 1 < m.length ? decodeURIComponent(m[i + 1]!) : undefined!;
        }
      } catch {
        throw new BadRequest({ path: req.path, message: `malformed uri'` });
      }
      return { route, pathParams };
    }
    return null;
  }

  const apiDoc = context.apiDoc as unknown as Doc;
  return (req: Request, _res: Response, next: NextFunction): void => {
    const path = req.path.startsWith(req.baseUrl) ? req.path : `${req.baseUrl}/${req.path}`;
    if (context.shouldIgnoreRoute(path)) return next();
    const matched = lookup(req);
    if (matched) {
      const { route, pathParams } = matched;
      const method = req.method.toLowerCase();
      const schema = apiDoc.paths[route.pathKey]?.[method] as OpenAPIV3.OperationObject | undefined;
      if (!schema) {
        if (context.ignoreUndocumented) return next();
        const allowed = (context.openApiRouteMap as Record<string, Record<string, unknown>>)[
          route.openApiRoute
        ]!;
        throw new MethodNotAllowed({
          path: req.path,
          message: `${req.method} method not allowed`,
          headers: {
            Allow: Object.keys(allowed)
              .filter((key) => HTTP_METHODS.has(key.toLowerCase()))
              .join(', '),
          },
        });
      }
      const openapi: OpenApiMetadata = {
        expressRoute: route.expressRoute,
        openApiRoute: route.openApiRoute,
        pathParams,
        schema,
        serial: context.serial,
      };
      if (responseApiDoc) openapi._responseSchema = responseApiDoc.paths[route.pathKey]?.[method];
      (req as Request & { openapi?: OpenApiMetadata }).openapi = openapi;
      req.params = pathParams;
    } else if (context.isManagedRoute(path) && !context.ignoreUndocumented) {
      throw new NotFound({ path: req.path, message: 'not found' });
    }
    next();
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/**
 * The document as the validator reads it: every query parameter `allowReserved`. Without it the library
 * refuses any query value holding an unencoded RFC 3986 reserved character (422 "must be url encoded"),
 * though `:` `/` `?` `@` `!` `$` `'` `(` `)` `*` `,` `;` are legal in a query and common clients send them
 * as they are: `start_date=2026-01-01T08:00:00Z` would be refused. Values are still percent-decoded and
 * validated by their schemas; `&`, `=`, `#` and `+` keep their URL meaning. The served document is not
 * changed.
 */
export function withReservedQueryCharacters<T>(doc: T): T {
  const copy = structuredClone(doc);
  const mark = (params: unknown) => {
    if (!Array.isArray(params)) return;
    for (const p of params) if (isObject(p) && p.in === 'query') p.allowReserved = true;
  };
  const root = copy as { paths?: unknown; components?: { parameters?: unknown } };
  if (isObject(root.paths)) {
    for (const item of Object.values(root.paths)) {
      if (!isObject(item)) continue;
      mark(item.parameters);
      for (const [method, operation] of Object.entries(item)) {
        if (HTTP_METHODS.has(method) && isObject(operation)) mark(operation.parameters);
      }
    }
  }
  if (isObject(root.components?.parameters)) mark(Object.values(root.components.parameters));
  return copy;
}

/**
 * `OpenApiValidator.middleware(options)` as the library builds it, with the compiled route lookup in
 * place of its metadata step (the same handlers, in the same order).
 */
export function openApiValidatorMiddleware(given: OpenApiValidatorOpts): RequestHandler[] {
  const options = { ...given, apiSpec: withReservedQueryCharacters(given.apiSpec) };
  const oav = new OpenApiValidator(options);
  // The constructor fills the defaults into `options` (validateApiSpec, $refParser), as the library's
  // `middleware()` then reads them.
  (
    oav as unknown as { metadataMiddleware: (context: OpenApiContext, res: Doc | null) => RequestHandler }
  ).metadataMiddleware = (context, responseApiDoc) => compiledOpenApiMetadata(context, responseApiDoc);
  const spec = new OpenApiSpecLoader({
    apiDoc: structuredClone(options.apiSpec) as OpenAPIV3.DocumentV3,
    validateApiSpec: options.validateApiSpec,
    $refParser: options.$refParser,
  }).load();
  return oav.installMiddleware(spec);
}
