import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { waitFor } from '@meridian/test-utils';
// The in-page checks are the link widget's (accessibility basics, focus ring, heading): one definition for
// every hosted page.
import * as inPage from '../../link-widget/__tests__/in-page';

/** Browser helpers for the booking page's Chromium test, in the manner of the link widget's harness. */

export const PHONE = { name: 'phone', width: 375, height: 667, isMobile: true } as const;
export const DESKTOP = { name: 'desktop', width: 1280, height: 800, isMobile: false } as const;
export type Viewport = typeof PHONE | typeof DESKTOP;

export const ARTIFACTS_DIR = path.resolve(__dirname, '../../../../../../artifacts/lab-booking-page');

/** A page in a fresh browser context with the viewport; every request URL it makes is recorded. */
export async function openPage(
  browser: Browser,
  viewport: Viewport,
): Promise<{ page: Page; requests: string[] }> {
  const context = await browser.createBrowserContext();
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

/** Keeps a screenshot as a test artifact (`artifacts/lab-booking-page/`, gitignored). */
export async function screenshot(page: Page, viewport: Viewport, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${viewport.name}-${name}.png`), fullPage: true });
}

/** Waits until the page shows a screen whose heading matches. */
export async function waitForHeading(page: Page, heading: RegExp): Promise<string> {
  let last = '';
  try {
    await waitFor(
      async () => {
        last = await page.evaluate(inPage.headingText).catch(() => '');
        return heading.test(last);
      },
      { timeoutMs: 15_000 },
    );
  } catch {
    throw new Error(`the page never showed ${String(heading)}; last heading: "${last}"`);
  }
  return last;
}

/** Waits until the slot picker has its times (not the "Loading" line). */
export async function waitForSlots(page: Page): Promise<void> {
  await page.waitForSelector('input[name="slot"]');
}

/**
 * Shows a day offering at least `min` times: the first day listed may be today, with only its last times left
 * (how many depends on the hour the test runs at).
 */
export async function chooseDayWithSlots(page: Page, min: number): Promise<void> {
  const slotCount = () => page.$$eval('input[name="slot"]', (inputs) => inputs.length);
  if ((await slotCount()) >= min) return;
  const days = await page.$$eval('#day option', (options) =>
    options.map((o) => (o as unknown as { value: string }).value),
  );
  for (const day of days) {
    await page.select('#day', day);
    await waitForSlots(page);
    if ((await slotCount()) >= min) return;
  }
  throw new Error(`no day offers ${min} times`);
}

export async function screenProblems(page: Page): Promise<string[]> {
  return page.evaluate(inPage.screenProblems);
}

/** Presses Tab until the focused element matches `selector` (keyboard-only navigation). */
export async function tabTo(page: Page, selector: string, maxPresses = 30): Promise<void> {
  for (let i = 0; i < maxPresses; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(inPage.focusedMatches, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

export async function focusRingOf(page: Page): Promise<{ style: string; width: number }> {
  return page.evaluate(inPage.focusRing);
}

export async function accentOf(page: Page): Promise<string> {
  return page.evaluate(inPage.accentColor);
}

/** The start (ISO) of the chosen time slot. */
export async function chosenStart(page: Page): Promise<string> {
  return page.$eval('input[name="slot"]:checked', (el) => el.getAttribute('data-start') ?? '');
}

export function originsOf(urls: readonly string[]): string[] {
  return [...new Set(urls.filter((u) => !u.startsWith('data:')).map((u) => new URL(u).origin))];
}
