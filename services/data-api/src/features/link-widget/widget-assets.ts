import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The widget's static files (`services/data-api/link-widget/`), read once when the router is built. Each
 * asset carries a content hash so the page can reference `?v=<hash>` and browsers may cache it for good.
 */

export const LINK_WIDGET_DIR = path.join(__dirname, '..', '..', '..', 'link-widget');

export interface WidgetAsset {
  body: Buffer;
  contentType: string;
  version: string;
}

export interface WidgetAssets {
  /** The page, with the base path and asset versions filled in. */
  page: string;
  assets: ReadonlyMap<string, WidgetAsset>;
}

const ASSET_TYPES: Record<string, string> = {
  'widget.js': 'text/javascript; charset=utf-8',
  'widget.css': 'text/css; charset=utf-8',
};

const versionOf = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 12);

function escapeAttribute(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function loadWidgetAssets(basePath: string, dir = LINK_WIDGET_DIR): WidgetAssets {
  const assets = new Map<string, WidgetAsset>();
  for (const [file, contentType] of Object.entries(ASSET_TYPES)) {
    const body = readFileSync(path.join(dir, file));
    assets.set(file, { body, contentType, version: versionOf(body) });
  }
  const template = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const page = template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => {
    if (key === 'BASE') return escapeAttribute(basePath);
    if (key === 'JS_VERSION') return assets.get('widget.js')!.version;
    if (key === 'CSS_VERSION') return assets.get('widget.css')!.version;
    throw new Error(`link widget page: unknown placeholder {{${key}}}`);
  });
  return { page, assets };
}

/** The path part of LINK_WEB_URL without a trailing slash ("" when the widget sits at the root). */
export function widgetBasePath(linkWebUrl: string): string {
  return new URL(linkWebUrl).pathname.replace(/\/+$/, '');
}
