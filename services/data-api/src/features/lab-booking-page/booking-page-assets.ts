import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The booking page: one HTML document with its stylesheet and script inlined (no other request than the
 * page's own API calls). The CSP allows exactly these two inline blocks by their SHA-256, so nothing injected
 * could run or restyle the page. Read once when the router is built.
 */

/** `src/features/lab-booking-page/page`, from the sources and from the built `dist/` alike. */
export const BOOKING_PAGE_DIR = path.join(__dirname, '..', '..', '..', 'src', 'features', 'lab-booking-page', 'page');

export interface BookingPageAssets {
  html: string;
  csp: string;
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export function loadBookingPage(dir = BOOKING_PAGE_DIR): BookingPageAssets {
  const style = readFileSync(path.join(dir, 'booking-page.css'), 'utf8');
  const script = readFileSync(path.join(dir, 'booking-page.js'), 'utf8');
  if (/<\/(script|style)/i.test(style + script)) throw new Error('booking page: an asset closes its own tag');
  const template = readFileSync(path.join(dir, 'booking-page.html'), 'utf8');
  const html = template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => {
    if (key === 'STYLE') return style;
    if (key === 'SCRIPT') return script;
    throw new Error(`booking page: unknown placeholder {{${key}}}`);
  });
  const csp = [
    "default-src 'none'",
    `script-src ${hashOf(script)}`,
    `style-src ${hashOf(style)}`,
    'img-src data:',
    "connect-src 'self'",
    "base-uri 'none'",
    // Forms never submit natively (the script handles them).
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
