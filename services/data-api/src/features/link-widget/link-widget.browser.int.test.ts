import type { Page } from 'puppeteer-core';
import { describeWithChromium, waitFor } from '@meridian/test-utils';
import {
  accentOf,
  focusRingOf,
  lluHooks,
  openPage,
  originsOf,
  screenProblems,
  screenshot,
  startWidgetWorld,
  tabTo,
  VIEWPORTS,
  waitForHeading,
  type Viewport,
  type WidgetWorld,
} from './__tests__/widget-harness';

/**
 * A person's path through the hosted link widget in real headless Chromium, against the real data API and
 * the Oura emulator's consent page: on a desktop and on a phone viewport, by mouse and by keyboard only.
 * Every screen is checked for accessibility basics and kept as a screenshot under artifacts/link-widget/.
 */

const SLOW = 120_000;

describeWithChromium('link widget in Chromium', () => {
  let world: WidgetWorld;

  beforeAll(async () => {
    world = await startWidgetWorld();
  }, SLOW);
  afterAll(() => world?.close());

  async function setBrand(
    brand: { company_name: string; brand_color: string } | null,
    logoUrl: string | null = null,
  ) {
    await world.db
      .knex('teams')
      .where({ id: world.teamId })
      .update({ settings: { sandbox: { brand_information: brand, logo_url: logoUrl } } });
  }

  const connectionOf = (userId: string, provider = 'oura') =>
    world.db.knex('provider_connections').where({ user_id: userId, provider }).first();

  /** Nothing the page did left this machine's servers (the data API serving the widget, emulators, integrator). */
  function expectOnlyLocalOrigins(requests: string[]) {
    expect(requests.length).toBeGreaterThan(0);
    expect(originsOf(requests).filter((o) => !world.localOrigins.includes(o))).toEqual([]);
  }

  async function expectAccessible(page: Page) {
    expect(await screenProblems(page)).toEqual([]);
  }

  async function waitForIntegrator(page: Page, since: number): Promise<URLSearchParams> {
    await waitFor(
      () => world.integrator.visits.length > since && page.url().startsWith(world.integrator.redirectUrl),
      {
        timeoutMs: 30_000,
      },
    );
    return world.integrator.visits[since]!;
  }

  describe.each(VIEWPORTS)('on $name ($width×$height)', (viewport: Viewport) => {
    it(
      'connects Oura: provider list → consent page → Allow → success → back to the integrator',
      async () => {
        const brandColor = viewport.name === 'desktop' ? '#f5c518' : '#1d2b64';
        await setBrand({ company_name: 'Acme Health', brand_color: brandColor });
        const userId = await world.createUser();
        const linkWebUrl = await world.linkWebUrl(userId, { redirect_url: world.integrator.redirectUrl });
        expect(linkWebUrl.startsWith(`${world.apiOrigin}/link?token=`)).toBe(true);
        const { page, requests } = await openPage(world, viewport);

        await page.goto(linkWebUrl);
        await waitForHeading(page, /^Connect your health data$/);
        // The token left the address bar at once.
        expect(page.url()).toBe(`${world.apiOrigin}/link`);
        expect(await page.$eval('#brand-name', (el) => el.textContent)).toBe('Acme Health');
        expect(await accentOf(page)).toBe(brandColor);
        expect(await page.$('[data-provider="oura"] img[src="/link/assets/logos/oura.svg"]')).not.toBeNull();
        await expectAccessible(page);
        await screenshot(page, viewport, 'oauth-1-providers');
        // Many providers: a search box narrows the list.
        await page.type('#provider-search', 'OUR');
        const shown = await page.$$eval('#providers li:not([hidden]) [data-provider]', (els) =>
          els.map((e) => e.getAttribute('data-provider')),
        );
        expect(shown).toEqual(['oura']);

        await page.click('[data-provider="oura"]');
        await page.waitForSelector('#allow');
        expect(new URL(page.url()).origin).toBe(new URL(world.oura.authUrl).origin);
        await screenshot(page, viewport, 'oauth-2-consent');

        const visits = world.integrator.visits.length;
        await page.click('#allow');
        await waitForHeading(page, /^Connected to Oura$/);
        expect(new URL(page.url()).pathname).toBe('/link/return');
        await expectAccessible(page);
        await screenshot(page, viewport, 'oauth-3-success');

        const back = await waitForIntegrator(page, visits);
        expect(Object.fromEntries(back)).toEqual({ state: 'success', provider: 'oura' });
        expect(await connectionOf(userId)).toMatchObject({ provider: 'oura', status: 'connected' });
        expectOnlyLocalOrigins(requests);
        expect(requests).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/\/link\/assets\/widget\.js\?v=/),
            `${world.apiOrigin}/v2/link/start`,
            `${world.apiOrigin}/v2/link/auth`,
          ]),
        );

        // The same link again: spent.
        await page.goto(linkWebUrl);
        await waitForHeading(page, /^This link has already been used$/);
        await expectAccessible(page);
        await screenshot(page, viewport, 'oauth-4-link-used');
        await page.close();
      },
      SLOW,
    );

    it(
      'shows an error screen after Deny with a way to try again; with on_error=redirect it returns the error',
      async () => {
        // A logo given as a data: URL is shown (the CSP allows data: images).
        const logo = `data:image/svg+xml;base64,${Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4" fill="#0b7a75"/></svg>',
        ).toString('base64')}`;
        await setBrand({ company_name: 'Acme Health', brand_color: '#0b7a75' }, logo);
        const userId = await world.createUser();
        const { page, requests } = await openPage(world, viewport);

        await page.goto(await world.linkWebUrl(userId, { redirect_url: world.integrator.redirectUrl }));
        await waitForHeading(page, /^Connect your health data$/);
        expect(await page.$eval('#brand-mark img', (el) => el.getAttribute('src'))).toBe(logo);
        await page.click('[data-provider="oura"]');
        await page.waitForSelector('#deny');
        await page.click('#deny');
        await waitForHeading(page, /^Could not connect Oura$/);
        expect(await page.$eval('#error-message', (el) => el.textContent)).toMatch(/cancelled/);
        await expectAccessible(page);
        await screenshot(page, viewport, 'deny-1-error');
        await page.click('#try-again');
        await waitForHeading(page, /^Connect your health data$/);

        const visits = world.integrator.visits.length;
        await page.goto(
          await world.linkWebUrl(userId, {
            redirect_url: world.integrator.redirectUrl,
            on_error: 'redirect',
          }),
        );
        await waitForHeading(page, /^Connect your health data$/);
        await page.click('[data-provider="oura"]');
        await page.waitForSelector('#deny');
        await page.click('#deny');
        await waitForHeading(page, /^Could not connect Oura$/);
        await screenshot(page, viewport, 'deny-2-error-redirecting');
        const back = await waitForIntegrator(page, visits);
        expect(Object.fromEntries(back)).toEqual({
          state: 'error',
          provider: 'oura',
          error_type: 'user_cancelled',
        });
        expect(await connectionOf(userId)).toBeUndefined();
        expectOnlyLocalOrigins(requests);
        await page.close();
      },
      SLOW,
    );

    it(
      'can be used with the keyboard alone, consent page included',
      async () => {
        await setBrand({ company_name: 'Keyboard Clinic', brand_color: '#ffffff' });
        const userId = await world.createUser();
        const { page, requests } = await openPage(world, viewport);
        await page.goto(await world.linkWebUrl(userId, { redirect_url: world.integrator.redirectUrl }));
        await waitForHeading(page, /^Connect your health data$/);

        await tabTo(page, '[data-provider="oura"]');
        const ring = await focusRingOf(page);
        expect(ring.style).toBe('solid');
        expect(ring.width).toBeGreaterThanOrEqual(2);
        await screenshot(page, viewport, 'keyboard-1-focus');
        await page.keyboard.press('Enter');

        await page.waitForSelector('#allow');
        await tabTo(page, '#allow');
        await page.keyboard.press('Enter');

        await waitForHeading(page, /^Connected to Oura$/);
        const visits = world.integrator.visits.length;
        await tabTo(page, '#continue');
        expect((await focusRingOf(page)).style).toBe('solid');
        await page.keyboard.press('Space');
        const back = await waitForIntegrator(page, visits);
        expect(Object.fromEntries(back)).toEqual({ state: 'success', provider: 'oura' });
        expect(await connectionOf(userId)).toMatchObject({ status: 'connected' });
        expectOnlyLocalOrigins(requests);
        await page.close();
      },
      SLOW,
    );

    it(
      'goes straight to a preselected provider, and the close button returns user_cancelled',
      async () => {
        // No brand block: the team's name; a logo elsewhere on the web is never loaded (a monogram instead).
        await setBrand(null, 'https://cdn.example.com/logo.png');
        const userId = await world.createUser();
        const { page, requests } = await openPage(world, viewport);
        await page.goto(
          await world.linkWebUrl(userId, {
            provider: 'oura',
            redirect_url: world.integrator.redirectUrl,
            on_close: 'redirect',
          }),
        );
        await waitForHeading(page, /^Connect Oura$/);
        expect(await page.$('#providers')).toBeNull();
        expect(await page.$('#brand-mark img')).toBeNull();
        expect(await page.$eval('#brand-mark', (el) => el.textContent)).toBe('TT');
        expect(await page.$eval('#brand-name', (el) => el.textContent)).toBe('Test Team');
        await expectAccessible(page);
        await screenshot(page, viewport, 'preselected-1-oura');

        const visits = world.integrator.visits.length;
        await page.click('#close');
        const back = await waitForIntegrator(page, visits);
        expect(Object.fromEntries(back)).toEqual({ state: 'error', error_type: 'user_cancelled' });
        expectOnlyLocalOrigins(requests);
        await page.close();
      },
      SLOW,
    );

    it(
      'explains an invalid or expired link',
      async () => {
        const { page, requests } = await openPage(world, viewport);
        await page.goto(`${world.apiOrigin}/link?token=not-a-real-token`);
        await waitForHeading(page, /^This link is not valid$/);
        expect(page.url()).toBe(`${world.apiOrigin}/link`);
        await expectAccessible(page);
        await screenshot(page, viewport, 'invalid-1-token');

        const userId = await world.createUser();
        const linkWebUrl = await world.linkWebUrl(userId);
        await world.db
          .knex('link_tokens')
          .where({ user_id: userId })
          .update({ expires_at: new Date(Date.now() - 60_000) });
        await page.goto(linkWebUrl);
        await waitForHeading(page, /^This link has expired$/);
        await expectAccessible(page);
        await screenshot(page, viewport, 'invalid-2-expired');
        expectOnlyLocalOrigins(requests);
        await page.close();
      },
      SLOW,
    );

    it(
      'connects a password provider with a second factor: sign-in form → code form (wrong, then right) → success',
      async () => {
        await setBrand({ company_name: 'Glucose Care', brand_color: '#7a1f5c' });
        const userId = await world.createUser();
        const email = 'twofactor@libreview.test';
        const { page, requests } = await openPage(world, viewport);
        await page.goto(
          await world.linkWebUrl(userId, {
            redirect_url: world.integrator.redirectUrl,
            on_error: 'redirect',
            filter_on_providers: ['abbott_libreview', 'oura'],
          }),
        );
        await waitForHeading(page, /^Connect your health data$/);
        const listed = await page.$$eval('[data-provider]', (els) =>
          els.map((e) => e.getAttribute('data-provider')),
        );
        expect(listed.sort()).toEqual(['abbott_libreview', 'oura']);
        await page.click('[data-provider="abbott_libreview"]');
        await waitForHeading(page, /^Sign in to Abbott LibreView$/);
        await expectAccessible(page);
        await page.type('#username', email);
        await page.type('#password', 'libre-dev-password');
        await screenshot(page, viewport, 'password-1-sign-in');
        await page.click('#password-form button[type="submit"]');

        await waitForHeading(page, /^Enter the verification code$/);
        expect(await page.$eval('#mfa_code-hint', (el) => el.textContent)).toMatch(
          /^We sent a code to t\*+@libreview\.test\.$/,
        );
        await expectAccessible(page);
        await screenshot(page, viewport, 'password-2-code');
        const code = await waitFor(() => lluHooks(world.libreView).sentCodes(email).at(-1) ?? '');
        // A mistyped code: an error, then the code form again (the provider keeps the step open).
        await page.type('#mfa_code', code === '000000' ? '111111' : '000000');
        await page.click('#mfa-form button[type="submit"]');
        await waitForHeading(page, /^Could not connect Abbott LibreView$/);
        expect(await page.$eval('#error-message', (el) => el.textContent)).toMatch(/code was not correct/);
        await screenshot(page, viewport, 'password-3-wrong-code');
        await page.click('#try-again');
        await waitForHeading(page, /^Enter the verification code$/);
        await page.type('#mfa_code', code);
        const visits = world.integrator.visits.length;
        await page.click('#mfa-form button[type="submit"]');

        await waitForHeading(page, /^Connected to Abbott LibreView$/);
        await expectAccessible(page);
        await screenshot(page, viewport, 'password-4-success');
        const back = await waitForIntegrator(page, visits);
        expect(Object.fromEntries(back)).toEqual({ state: 'success', provider: 'abbott_libreview' });
        expect(await connectionOf(userId, 'abbott_libreview')).toMatchObject({ status: 'connected' });
        expectOnlyLocalOrigins(requests);
        await page.close();
      },
      SLOW,
    );

    it(
      'sends an e-mail invitation: e-mail form → invitation sent → back to the integrator',
      async () => {
        await setBrand({ company_name: 'Glucose Care', brand_color: '#7a1f5c' });
        const userId = await world.createUser();
        const { page, requests } = await openPage(world, viewport);
        await page.goto(
          await world.linkWebUrl(userId, {
            provider: 'freestyle_libre',
            redirect_url: world.integrator.redirectUrl,
          }),
        );
        await waitForHeading(page, /^Connect FreeStyle Libre$/);
        await expectAccessible(page);
        await page.type('#email', `${viewport.name}-person@libreview.test`);
        await screenshot(page, viewport, 'email-1-form');
        const visits = world.integrator.visits.length;
        await page.click('#email-form button[type="submit"]');

        await waitForHeading(page, /^Invitation sent$/);
        expect(await page.$eval('#result-message', (el) => el.textContent)).toMatch(/Accept the invitation/);
        await expectAccessible(page);
        await screenshot(page, viewport, 'email-2-invitation-sent');
        const back = await waitForIntegrator(page, visits);
        expect(Object.fromEntries(back)).toEqual({ state: 'success', provider: 'freestyle_libre' });
        expectOnlyLocalOrigins(requests);
        await page.close();
      },
      SLOW,
    );
  });
});
