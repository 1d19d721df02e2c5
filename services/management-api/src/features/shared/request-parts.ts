import type { Request } from 'express';

/** Reads request parts after the OpenAPI validator has checked (and coerced) them. */
export function pathParam(req: Request, name: string): string {
  const value = (req.params as Record<string, string | undefined>)[name];
  if (value === undefined) throw new Error(`path parameter ${name} missing: route and openapi.yaml disagree`);
  return value;
}

export function queryValue(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** A repeatable query parameter (`?x=a&x=b`); the validator has already made a single value a list. */
export function queryList(req: Request, name: string): string[] | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

export function bodyOf<T>(req: Request): T {
  return req.body as T;
}
