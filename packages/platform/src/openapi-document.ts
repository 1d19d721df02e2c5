import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** Loads a service's `openapi.yaml` (the source of truth for its HTTP surface). */
export function loadOpenApiDocument(file: string): Record<string, unknown> {
  return parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}
