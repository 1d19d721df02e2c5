import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import request from 'supertest';
import { providerSettingsFromEnv } from '@meridian/connectors';
import { createLogger, createMetricsRegistry, createSecretBox } from '@meridian/platform';
import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import {
  createTestDatabase,
  launchChromium,
  seedOrg,
  seedTeam,
  waitFor,
  type LaunchedChromium,
  type TestDatabase,
} from '@meridian/test-utils';
import { createDataApi, type ProviderLinkOptions } from '../../../app';

/**
 * Everything a person's trip through the link widget touches, on this machine: the real data API (test
 * database, listening on a free port), the Oura emulator as the provider, a tiny integrator app the widget
 * returns to, and headless Chromium.
 */

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, isMobile: false },
  { name: 'phone', width: 375, height: 667, isMobile: true },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export const ARTIFACTS_DIR = path.resolve(__dirname, '../../../../../../artifacts/link-widget');

/** The integrator's page the widget sends the person back to; it records every visit's query. */
export interface IntegratorApp {
  origin: string;
  redirectUrl: string;
  visits: URLSearchParams[];
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function startIntegrator(): Promise<IntegratorApp> {
  const visits: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://integrator');
    if (url.pathname !== '/done') {
      res.writeHead(404).end();
      return;
    }
    visits.push(url.searchParams);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>Integrator</title><h1>Back in the app</h1></html>');
  });
  const origin = await listen(server);
  return { origin, redirectUrl: `${origin}/done`, visits, close: () => closeServer(server) };
}

export interface WidgetWorld {
  db: TestDatabase;
  oura: RunningEmulator;
  integrator: IntegratorApp;
  chromium: LaunchedChromium;
  apiOrigin: string;
  apiKey: string;
  teamId: string;
  /** A new user of the team (sandbox environment). */
  createUser(): Promise<string>;
  /** `POST /v2/link/token` through the real API; answers `link_web_url`. */
  linkWebUrl(userId: string, options?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export async function startWidgetWorld(): Promise<WidgetWorld> {
  const db = await createTestDatabase();
  const oura = await startEmulator('oura');
  const integrator = await startIntegrator();
  const server = http.createServer();
  const apiOrigin = await listen(server);
  const app = createDataApi({
    db: db.knex,
    logger: createLogger({ service: 'data-api', silent: process.env.WIDGET_TEST_LOGS !== '1' }),
    metrics: createMetricsRegistry('data-api'),
    region: 'us',
    readiness: {},
    validateResponses: true,
    providerLinks: providerLinksFor(apiOrigin, oura),
  });
  server.on('request', app);

  const org = await seedOrg(db.knex);
  const team = await seedTeam(db.knex, org.orgId);
  const chromium = await launchChromium();
  let seq = 0;

  return {
    db,
    oura,
    integrator,
    chromium,
    apiOrigin,
    apiKey: team.apiKeys.sandbox,
    teamId: team.teamId,
    async createUser() {
      const res = await request(app)
        .post('/v2/user')
        .set('x-service-api-key', team.apiKeys.sandbox)
        .send({ client_user_id: `widget-${++seq}-${Date.now()}` });
      if (res.status !== 200) throw new Error(`create user: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.user_id as string;
    },
    async linkWebUrl(userId, options = {}) {
      const res = await request(app)
        .post('/v2/link/token')
        .set('x-service-api-key', team.apiKeys.sandbox)
        .send({ user_id: userId, ...options });
      if (res.status !== 200) throw new Error(`link token: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.link_web_url as string;
    },
    async close() {
      await chromium.close();
      await closeServer(server);
      await integrator.close();
      await oura.server.close();
      await db.destroy();
    },
  };
}

/** The data API's link settings: public URL on the test port, the Oura emulator as the provider. */
function providerLinksFor(apiOrigin: string, oura: RunningEmulator): ProviderLinkOptions {
  const providers = providerSettingsFromEnv({
    PROVIDER_EMULATORS: 'true',
    PROVIDER_OURA_API_URL: oura.apiUrl,
    PROVIDER_OURA_AUTH_URL: oura.authUrl,
    PROVIDER_OURA_CLIENT_ID: oura.emulator.client.clientId,
    PROVIDER_OURA_CLIENT_SECRET: oura.emulator.client.clientSecret,
  });
  return {
    publicUrl: apiOrigin,
    linkWebUrl: `${apiOrigin}/link`,
    secretBox: createSecretBox(Buffer.alloc(32, 7)),
    providers,
    allowList: null,
  };
}

/** A page with the viewport, and every request URL it makes recorded. */
export async function openPage(
  world: WidgetWorld,
  viewport: Viewport,
): Promise<{ page: Page; requests: string[] }> {
  const context = await world.chromium.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({
    width: viewport.width,
    height: viewport.height,
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
  });
  const requests: string[] = [];
  page.on('request', (req) => requests.push(req.url()));
  page.setDefaultTimeout(15_000);
  return { page, requests };
}

/** Keeps a screenshot of the screen as a test artifact (`artifacts/link-widget/`, gitignored). */
export async function screenshot(page: Page, viewport: Viewport, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${viewport.name}-${name}.png`), fullPage: true });
}

/** Waits until the widget shows a screen whose heading matches. */
export async function waitForHeading(page: Page, heading: RegExp): Promise<string> {
  let last = '';
  try {
    await waitFor(
      async () => {
        last = await page
          .evaluate(() => document.querySelector('main h1')?.textContent ?? '')
          .catch(() => '');
        return heading.test(last);
      },
      { timeoutMs: 15_000 },
    );
  } catch {
    throw new Error(`the widget never showed ${String(heading)}; last heading: "${last}" at ${page.url()}`);
  }
  return last;
}

/**
 * Accessibility and layout problems on the current screen: language, labels, button names, one h1, a
 * live region, no horizontal scroll, and contrast of text on buttons (WCAG AA 4.5:1).
 */
export async function screenProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (css: string) => {
      const [r, g, b] = rgb(css).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string) => {
      const [x, y] = [lum(a), lum(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
    if (document.documentElement.lang !== 'en') problems.push('html lang is not "en"');
    if (document.querySelectorAll('main h1').length !== 1) problems.push('the screen has no single h1');
    if (!document.querySelector('[aria-live]')) problems.push('no aria-live region');
    for (const el of Array.from(document.querySelectorAll('input, select, textarea'))) {
      const field = el as HTMLInputElement;
      if (field.type === 'hidden' || !visible(field)) continue;
      if (!field.labels?.length && !field.getAttribute('aria-label'))
        problems.push(`unlabelled control #${field.id}`);
    }
    for (const el of Array.from(document.querySelectorAll('button'))) {
      if (!visible(el)) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
      if (!name) problems.push('a button without a name');
      const style = getComputedStyle(el);
      const background = style.backgroundColor;
      if (!/rgba\(.*,\s*0\)$/.test(background) && background !== 'transparent') {
        const ratio = contrast(style.color, background);
        if (ratio < 4.5) problems.push(`button "${name}" text contrast ${ratio.toFixed(2)} < 4.5`);
      }
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) {
      problems.push(`horizontal scroll (${document.documentElement.scrollWidth}px)`);
    }
    return problems;
  });
}

/** Presses Tab until the focused element matches `selector` (keyboard-only navigation). */
export async function tabTo(page: Page, selector: string, maxPresses = 40): Promise<void> {
  for (let i = 0; i < maxPresses; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The focus ring of the focused element is drawn (a real outline, not none). */
export async function focusRingOf(page: Page): Promise<{ style: string; width: number }> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
}

export function originsOf(urls: readonly string[]): string[] {
  return [...new Set(urls.filter((u) => !u.startsWith('data:')).map((u) => new URL(u).origin))];
}
