import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

type Doc = Record<string, unknown> & {
  paths?: Record<string, unknown>;
  components?: Record<string, Record<string, unknown> | undefined>;
};

function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>, where: string): void {
  for (const [key, value] of Object.entries(source)) {
    if (key in target) throw new Error(`OpenAPI fragment ${where} redefines ${key}`);
    target[key] = value;
  }
}

/**
 * Loads a service's `openapi.yaml` (the source of truth for its HTTP surface) merged with the fragments in
 * the `openapi/` folder beside it (one per feature: their `paths` and `components` are added; a name
 * defined twice is an error).
 */
export function loadOpenApiDocument(file: string): Record<string, unknown> {
  const doc = parse(readFileSync(file, 'utf8')) as Doc;
  const dir = path.join(path.dirname(file), 'openapi');
  if (!existsSync(dir)) return doc;
  doc.paths ??= {};
  doc.components ??= {};
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const fragment = parse(readFileSync(path.join(dir, name), 'utf8')) as Doc;
    mergeInto(doc.paths, fragment.paths ?? {}, `${name} paths`);
    for (const [section, entries] of Object.entries(fragment.components ?? {})) {
      doc.components[section] ??= {};
      mergeInto(doc.components[section], entries ?? {}, `${name} components.${section}`);
    }
  }
  return doc;
}
