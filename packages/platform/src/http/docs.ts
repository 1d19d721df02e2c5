import path from 'node:path';
import express, { type Router } from 'express';

/**
 * The API's OpenAPI document and its Swagger UI page, all state held by this router: each app serves its
 * own document at `/openapi.json` and `/docs/openapi.json`, and its page loads it from there. (Two
 * swagger-ui-express instances in one process shared the document through module state, so `pnpm start`
 * showed the management API's document on the data API's page.)
 */
export interface ApiDocsOptions {
  /** Browser title of the page, e.g. `Meridian data-api`. */
  title: string;
  document: Record<string, unknown>;
  /**
   * Where clients reach this API (the document's `servers`). Without one the server URL is `/`, which
   * OpenAPI resolves against wherever the document was fetched: this API, on whatever port it listens.
   */
  publicUrl?: string;
}

// Swagger UI's static bundle (scripts, styles, icons): files only, no module state.
const SWAGGER_UI_ASSETS = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSET_FILES = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
]);

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

// Relative URLs throughout: the page works under any prefix a proxy mounts the API at.
const INIT_SCRIPT = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: './openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
};
`;

function page(title: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${escapeHtml(title)}</title>
  <link rel="stylesheet" href="./swagger-ui.css">
  <link rel="icon" type="image/png" href="./favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="./swagger-ui-bundle.js"></script>
  <script src="./swagger-ui-standalone-preset.js"></script>
  <script src="./docs-init.js"></script>
</body>
</html>
`;
}

/** The document as served: its `servers` name where this API is reached, not a fixed host and port. */
export function servedDocument(
  document: Record<string, unknown>,
  publicUrl?: string,
): Record<string, unknown> {
  const url = publicUrl ? publicUrl.replace(/\/+$/, '') : '/';
  return { ...document, servers: [{ url }] };
}

export function apiDocsRouter(opts: ApiDocsOptions): Router {
  const document = servedDocument(opts.document, opts.publicUrl);
  const html = page(opts.title);
  const router = express.Router();
  router.get(['/openapi.json', '/docs/openapi.json'], (_req, res) => {
    res.json(document);
  });
  router.get('/docs', (req, res) => {
    // Non-strict routing sends `/docs` and `/docs/` here; the page's relative asset URLs need the slash.
    const queryAt = req.originalUrl.indexOf('?');
    const pathname = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
    if (!pathname.endsWith('/')) {
      res.redirect(301, `${pathname}/${queryAt === -1 ? '' : req.originalUrl.slice(queryAt)}`);
      return;
    }
    res.type('html').send(html);
  });
  router.get('/docs/docs-init.js', (_req, res) => {
    res.type('application/javascript').send(INIT_SCRIPT);
  });
  router.get('/docs/:file', (req, res, next) => {
    const file = req.params.file;
    // Only the files the page loads (the package also holds a demo page pointing at the petstore).
    if (!ASSET_FILES.has(file)) {
      next();
      return;
    }
    // `root`, not a joined path: the install path holds dot-directories (`.pnpm`) that send() refuses.
    res.sendFile(file, { root: SWAGGER_UI_ASSETS, maxAge: '1h' });
  });
  return router;
}
