/**
 * Finds the OpenAPI operation for a request before the validator runs, so authentication and
 * authorization (which come first in the check order) can read the operation's `x-meridian-*` extensions.
 */
export interface MatchedOperation {
  path: string;
  method: string;
  operation: Record<string, unknown>;
  params: Record<string, string>;
}

interface CompiledRoute {
  path: string;
  regex: RegExp;
  names: string[];
  literalSegments: number;
  operations: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export function createRouteMatcher(doc: { paths?: Record<string, Record<string, unknown>> }) {
  const routes: CompiledRoute[] = Object.entries(doc.paths ?? {}).map(([path, item]) => {
    const names: string[] = [];
    const segments = path.split('/').filter(Boolean);
    const pattern = segments
      .map((seg) => {
        const m = /^\{(.+)\}$/.exec(seg);
        if (m) {
          names.push(m[1]!);
          return '([^/]+)';
        }
        return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    const operations: Record<string, Record<string, unknown>> = {};
    for (const m of METHODS) if (item[m]) operations[m] = item[m] as Record<string, unknown>;
    return {
      path,
      regex: new RegExp(`^/${pattern}/?$`),
      names,
      literalSegments: segments.filter((s) => !s.startsWith('{')).length,
      operations,
    };
  });
  // Literal segments match before parameters (api-shapes §1 "Route matching").
  routes.sort((a, b) => b.literalSegments - a.literalSegments || a.names.length - b.names.length);

  return function match(method: string, urlPath: string): MatchedOperation | undefined {
    for (const r of routes) {
      const m = r.regex.exec(urlPath);
      if (!m) continue;
      const operation = r.operations[method.toLowerCase()];
      if (!operation) continue;
      const params: Record<string, string> = {};
      r.names.forEach((n, i) => {
        params[n] = decodeURIComponent(m[i + 1]!);
      });
      return { path: r.path, method: method.toLowerCase(), operation, params };
    }
    return undefined;
  };
}

export type RouteMatcher = ReturnType<typeof createRouteMatcher>;
