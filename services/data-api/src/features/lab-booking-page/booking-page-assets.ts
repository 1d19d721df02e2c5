import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The booking page: one HTML document with its stylesheet and script inlined (no other request than the
 * page's own API calls). The CSP allows exactly these two inline blocks by their SHA-256, so nothing injected
 * could run or restyle the page. Read once when the router is built.
 */

/** `src/features/lab-booking-page/page`, from the sources and from the built `dist/` alike. */
export const BOOKING_PAGE_DIR = path.join(
  __dirname,
  '..',
  '..',
  '..',
  'src',
  'features',
  'lab-booking-page',
  'page',
);

export interface BookingPageAssets {
  html: string;
  csp: string;
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The text of the one `<tag>` element of the page, exactly as the browser hashes it (whitespace included). */
function elementText(html: string, tag: 'script' | 'style'): string {
  const found = [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))];
  if (found.length !== 1) throw new Error(`booking page: expected one <${tag}> element`);
  return found[0]![1]!;
}

export function loadBookingPage(dir = BOOKING_PAGE_DIR): BookingPageAssets {
  const style = readFileSync(path.join(dir, 'booking-page.css'), 'utf8');
  const script = readFileSync(path.join(dir, 'booking-page.js'), 'utf8');
  if (/<\/(script|style)/i.test(style + script)) throw new Error('booking page: an asset closes its own tag');
  const template = readFileSync(path.join(dir, 'booking-page.html'), 'utf8');
  const inlined: Record<string, string> = { 'booking-page.css': style, 'booking-page.js': script };
  const html = template.replace(/\/\*@inline ([\w.-]+)\*\//g, (_m, file: string) => {
    const body = inlined[file];
    if (body === undefined) throw new Error(`booking page: nothing to inline as ${file}`);
    return body;
  });
  const csp = [
    "default-src 'none'",
    `script-src ${hashOf(elementText(html, 'script'))}`,
    `style-src ${hashOf(elementText(html, 'style'))}`,
    'img-src data:',
    "connect-src 'self'",
    "base-uri 'none'",
    // Forms never submit natively (the script handles them).
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
