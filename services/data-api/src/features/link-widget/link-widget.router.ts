import express, { type RequestHandler, type Response, type Router } from 'express';
import { providerBySlug } from '@meridian/domain';
import { providerMonogramSvg } from './provider-logo';
import { loadWidgetAssets, widgetBasePath } from './widget-assets';

/**
 * The hosted link widget: the page a person opens from `link_web_url` to connect a provider
 * (`GET /link`, and `GET /link/return` after the provider's consent page), its script and stylesheet, and
 * provider logos drawn as monograms. Everything is same-origin; the CSP forbids anything else, inline
 * scripts and inline styles included, and no page may frame it.
 */

export const LINK_WIDGET_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; " +
  // Stricter still: no <base> rewriting, and forms never submit natively (the script handles them), so a
  // password can never end up in a URL even if the script failed to load.
  "base-uri 'none'; form-action 'none'";

const YEAR_SECONDS = 365 * 86_400;

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', LINK_WIDGET_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // The page URL carries the link token until the script removes it.
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  next();
};

function notFound(res: Response): void {
  res.status(404).setHeader('Cache-Control', 'no-store').type('text/plain').send('Not found');
}

export function createLinkWidgetRouter(deps: { linkWebUrl: string }): Router {
  const { page, assets } = loadWidgetAssets(widgetBasePath(deps.linkWebUrl));
  const logos = new Map<string, string>();
  const router = express.Router();
  router.use('/link', securityHeaders);

  const sendPage: RequestHandler = (_req, res) => {
    // Personal (it is opened with a token) and short-lived: never stored by a browser or a proxy.
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(page);
  };
  router.get('/link', sendPage);
  router.get('/link/return', sendPage);

  router.get('/link/assets/logos/:file', (req, res) => {
    const slug = /^([a-z0-9_]+)\.svg$/.exec(req.params.file)?.[1];
    const provider = slug ? providerBySlug(slug) : undefined;
    if (!provider) return notFound(res);
    let svg = logos.get(provider.slug);
    if (!svg) {
      svg = providerMonogramSvg(provider.slug, provider.name);
      logos.set(provider.slug, svg);
    }
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/svg+xml').send(svg);
  });

  router.get('/link/assets/:file', (req, res) => {
    const asset = assets.get(req.params.file);
    if (!asset) return notFound(res);
    // A request naming the current version may be cached for good; others revalidate soon.
    const pinned = req.query.v === asset.version;
    res.setHeader(
      'Cache-Control',
      pinned ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=300',
    );
    res.setHeader('Content-Type', asset.contentType);
    res.send(asset.body);
  });

  return router;
}
