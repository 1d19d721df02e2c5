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
import * as inPage from './in-page';

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

/** The LibreView emulators' test hooks (accounts, the codes they "sent", invitations). */
export interface LluEmulatorHooks {
  sentCodes(email: string): string[];
  acceptInvitation(email: string): boolean;
}

export interface WidgetWorld {
  db: TestDatabase;
  oura: RunningEmulator;
  /** Password provider with a second factor (`abbott_libreview`). */
  libreView: RunningEmulator;
  /** E-mail invitation provider (`freestyle_libre`). */
  freestyleLibre: RunningEmulator;
  /** Every origin the browser may reach: the data API (which serves the widget) and the emulators. */
  localOrigins: string[];
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
  const libreView = await startEmulator('abbott_libreview');
  const freestyleLibre = await startEmulator('freestyle_libre');
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
    providerLinks: providerLinksFor(apiOrigin, { oura, libreView, freestyleLibre }),
  });
  server.on('request', app);

  const org = await seedOrg(db.knex);
  const team = await seedTeam(db.knex, org.orgId);
  const chromium = await launchChromium();
  let seq = 0;

  return {
    db,
    oura,
    libreView,
    freestyleLibre,
    localOrigins: [
      apiOrigin,
      ...[oura, libreView, freestyleLibre].map((e) => e.server.url),
      integrator.origin,
    ],
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
      await libreView.server.close();
      await freestyleLibre.server.close();
      await db.destroy();
    },
  };
}

/** Environment settings pointing one provider at its emulator, with the emulator's registered client. */
function emulatorEnv(slug: string, running: RunningEmulator): Record<string, string> {
  const prefix = `PROVIDER_${slug.toUpperCase()}`;
  const { clientId, clientSecret, details } = running.emulator.client;
  return {
    [`${prefix}_API_URL`]: running.apiUrl,
    [`${prefix}_AUTH_URL`]: running.authUrl,
    ...(clientId && clientSecret
      ? { [`${prefix}_CLIENT_ID`]: clientId, [`${prefix}_CLIENT_SECRET`]: clientSecret }
      : {}),
    ...(details ? { [`${prefix}_DETAILS`]: JSON.stringify(details) } : {}),
  };
}

/** The data API's link settings: public URL on the test port, the emulators as the providers. */
function providerLinksFor(
  apiOrigin: string,
  emulators: { oura: RunningEmulator; libreView: RunningEmulator; freestyleLibre: RunningEmulator },
): ProviderLinkOptions {
  const providers = providerSettingsFromEnv({
    PROVIDER_EMULATORS: 'true',
    ...emulatorEnv('oura', emulators.oura),
    ...emulatorEnv('abbott_libreview', emulators.libreView),
    ...emulatorEnv('freestyle_libre', emulators.freestyleLibre),
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
  page.setDefaultTimeout(30_000);
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
        last = await page.evaluate(inPage.headingText).catch(() => '');
        return heading.test(last);
      },
      { timeoutMs: 30_000 },
    );
  } catch {
    throw new Error(`the widget never showed ${String(heading)}; last heading: "${last}" at ${page.url()}`);
  }
  return last;
}

export async function screenProblems(page: Page): Promise<string[]> {
  return page.evaluate(inPage.screenProblems);
}

/** Presses Tab until the focused element matches `selector` (keyboard-only navigation). */
export async function tabTo(page: Page, selector: string, maxPresses = 40): Promise<void> {
  for (let i = 0; i < maxPresses; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(inPage.focusedMatches, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The focus ring of the focused element (a drawn outline, not none). */
export async function focusRingOf(page: Page): Promise<{ style: string; width: number }> {
  return page.evaluate(inPage.focusRing);
}

export async function accentOf(page: Page): Promise<string> {
  return page.evaluate(inPage.accentColor);
}

export function lluHooks(running: RunningEmulator): LluEmulatorHooks {
  return running.emulator as unknown as LluEmulatorHooks;
}

export function originsOf(urls: readonly string[]): string[] {
  return [...new Set(urls.filter((u) => !u.startsWith('data:')).map((u) => new URL(u).origin))];
}
