import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Browser, PuppeteerNode } from 'puppeteer-core';
import { describeWithService } from './required-services';

/**
 * Headless Chromium for tests of hosted pages (Debian's `chromium` package, driven by `puppeteer-core`,
 * which never downloads a browser of its own). Without Chromium the suites are skipped (reported as
 * skipped), unless REQUIRE_SERVICES is set: then they fail, so CI cannot pass without running them.
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet, hermetic headless run: nothing is fetched in the background, no first-run UI. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * `describe` when Chromium is installed; otherwise `describe.skip` (or, under REQUIRE_SERVICES, a suite
 * whose one test fails and says why).
 */
export function describeWithChromium(name: string, fn: () => void): void {
  describeWithService(
    { available: chromiumAvailable(), missing: `Chromium is not installed at ${CHROMIUM_PATH}` },
    name,
    fn,
  );
}

export interface LaunchedChromium {
  browser: Browser;
  /** Closes the browser and removes its profile directory. */
  close(): Promise<void>;
}

/** Starts headless Chromium with a fresh profile (no state shared between suites). */
export async function launchChromium(): Promise<LaunchedChromium> {
  // Loaded on demand (most suites importing test-utils never start a browser), with require: a dynamic
  // import() of it fails under tsx.
  const puppeteer = createRequire(__filename)('puppeteer-core') as { default: PuppeteerNode };
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-chromium-'));
  const browser = await puppeteer.default.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--user-data-dir=${userDataDir}`],
    headless: true,
    defaultViewport: null,
    protocolTimeout: 60_000,
  });
  return {
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
