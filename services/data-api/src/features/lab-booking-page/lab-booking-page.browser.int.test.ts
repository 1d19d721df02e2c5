import type { Page } from 'puppeteer-core';
import { CANCELLATION_REASONS } from '@meridian/lab-partners';
import { describeWithChromium, launchChromium, waitFor, type LaunchedChromium } from '@meridian/test-utils';
import {
  accentOf,
  chosenStart,
  DESKTOP,
  focusRingOf,
  openPage,
  originsOf,
  PHONE,
  screenProblems,
  screenshot,
  tabTo,
  waitForHeading,
  waitForSlots,
  chooseDayWithSlots,
} from './__tests__/booking-page-harness';
import { REQUEST_ADDRESS, startBookingWorld, type BookingWorld } from './__tests__/booking-world';

/**
 * A patient's path through the hosted booking page in headless Chromium, against the real data API and both
 * phlebotomy emulators: book, reschedule and cancel by keyboard alone on a phone, by mouse on a desktop (with
 * a slot that expires while the patient chooses), and a request-tier area. Each screen is checked for
 * accessibility basics and kept as a screenshot under artifacts/lab-booking-page/.
 */

const SLOW = 60_000;

describeWithChromium('lab booking page in Chromium', () => {
  let world: BookingWorld;
  let chromium: LaunchedChromium;

  beforeAll(async () => {
    world = await startBookingWorld();
    chromium = await launchChromium();
    await world.db
      .knex('teams')
      .where({ id: world.team.teamId })
      .update({
        settings: {
          sandbox: {
            brand_information: {
              company_name: 'Acme Health',
              brand_color: '#1d2b64',
              support_contact: '+1 212 555 0199',
              support_email: 'care@acme.test',
            },
          },
        },
      });
  }, SLOW);
  afterAll(async () => {
    await chromium?.close();
    await world?.close();
  });

  const appointmentOf = (orderId: string) =>
    world.db
      .knex('lab_appointments')
      .where({ order_id: orderId })
      .orderBy('created_at', 'desc')
      .first<{ status: string; start_at: Date | null; cancellation_reason_id: string | null }>(
        'status',
        'start_at',
        'cancellation_reason_id',
      );

  const eventsOf = async (orderId: string) =>
    (await world.outboxOf(orderId)).map((e) => `${e.event_type}:${String(e.payload.data.status)}`);

  async function expectAccessible(page: Page) {
    expect(await screenProblems(page)).toEqual([]);
  }

  /** Nothing the page did left the data API's origin. */
  function expectOnlyApiOrigin(requests: string[]) {
    expect(requests.length).toBeGreaterThan(0);
    expect(originsOf(requests)).toEqual([world.origin]);
  }

  it(
    'phone, keyboard only: book → reschedule → cancel with a reason',
    async () => {
      const orderId = await world.createOrder(world.team);
      const { url } = await world.bookingLink(world.team, orderId);
      const { page, requests } = await openPage(chromium.browser, PHONE);

      await page.goto(url);
      await waitForHeading(page, /^Book your blood draw$/);
      // The token left the address bar at once.
      expect(page.url()).toBe(`${world.origin}/lab/booking`);
      expect(await page.$eval('#brand-name', (el) => el.textContent)).toBe('Acme Health');
      expect(await accentOf(page)).toBe('#1d2b64');
      expect(await page.$eval('#support', (el) => el.textContent)).toContain('+1 212 555 0199');
      await waitForSlots(page);
      await expectAccessible(page);
      await screenshot(page, PHONE, 'keyboard-1-pick');

      // The first time of the day: Tab into the group, Space chooses it.
      await tabTo(page, 'input[name="slot"]');
      await page.keyboard.press('Space');
      const booked = await chosenStart(page);
      expect(booked).not.toBe('');
      await tabTo(page, '#confirm');
      const ring = await focusRingOf(page);
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      await page.keyboard.press('Enter');
      await waitForHeading(page, /^Your blood draw is booked$/);
      await expectAccessible(page);
      await screenshot(page, PHONE, 'keyboard-2-booked');
      expect(await appointmentOf(orderId)).toMatchObject({ status: 'confirmed', start_at: new Date(booked) });

      // Reschedule: the next time (arrow keys move within the group).
      await tabTo(page, '#reschedule');
      await page.keyboard.press('Enter');
      await waitForHeading(page, /^Pick a new time$/);
      await waitForSlots(page);
      await chooseDayWithSlots(page, 2);
      await tabTo(page, 'input[name="slot"]');
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      const moved = await chosenStart(page);
      expect(moved).not.toBe(booked);
      await tabTo(page, '#confirm');
      await page.keyboard.press('Enter');
      await waitFor(async () => (await appointmentOf(orderId))?.start_at?.getTime() === Date.parse(moved));
      await waitForHeading(page, /^Your blood draw is booked$/);
      await screenshot(page, PHONE, 'keyboard-3-rescheduled');

      // Cancel: a reason is required; chosen with the arrow keys.
      await tabTo(page, '#cancel');
      await page.keyboard.press('Enter');
      await waitForHeading(page, /^Cancel your appointment$/);
      await tabTo(page, '#confirm-cancel');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#error');
      expect(await page.$eval('#error', (el) => el.textContent)).toMatch(/Choose a reason/);
      expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('reason');
      await page.keyboard.press('ArrowDown');
      const reasonId = await page.$eval('#reason', (el) => (el as unknown as { value: string }).value);
      expect(CANCELLATION_REASONS.map((r) => r.id)).toContain(reasonId);
      await expectAccessible(page);
      await screenshot(page, PHONE, 'keyboard-4-cancel');
      await tabTo(page, '#confirm-cancel');
      await page.keyboard.press('Enter');
      await waitForHeading(page, /^Book your blood draw$/);
      expect(await page.$eval('#notice', (el) => el.textContent)).toBe('Your appointment was cancelled.');
      await screenshot(page, PHONE, 'keyboard-5-cancelled');

      expect(await appointmentOf(orderId)).toMatchObject({
        status: 'cancelled',
        cancellation_reason_id: reasonId,
      });
      expect(await eventsOf(orderId)).toEqual([
        'labtest.appointment.created:confirmed',
        'labtest.appointment.updated:confirmed',
        'labtest.appointment.updated:cancelled',
      ]);
      expectOnlyApiOrigin(requests);
      await page.close();
    },
    SLOW,
  );

  it(
    'desktop, mouse: book → reschedule (the slot expires, pick again) → cancel',
    async () => {
      const orderId = await world.createOrder(world.team);
      const { url } = await world.bookingLink(world.team, orderId);
      const { page, requests } = await openPage(chromium.browser, DESKTOP);
      await page.goto(url);
      await waitForHeading(page, /^Book your blood draw$/);
      await waitForSlots(page);
      await chooseDayWithSlots(page, 2);
      await page.click('label[for="slot-1"]');
      const booked = await chosenStart(page);
      await page.click('#confirm');
      await waitForHeading(page, /^Your blood draw is booked$/);
      expect(await page.$eval('#when', (el) => el.textContent)).toMatch(/\d{1,2}:\d{2}\s?[AP]M/);
      expect(await appointmentOf(orderId)).toMatchObject({ status: 'confirmed', start_at: new Date(booked) });

      await page.click('#reschedule');
      await waitForHeading(page, /^Pick a new time$/);
      await waitForSlots(page);
      await chooseDayWithSlots(page, 4);
      await page.click('label[for="slot-2"]');
      // The patient waited too long: every open booking key of the team expires.
      await world.db
        .knex('lab_appointment_booking_keys')
        .where({ team_id: world.team.teamId, used_by: null })
        .update({ expires_at: new Date(Date.now() - 1000) });
      await page.click('#confirm');
      await page.waitForSelector('#error');
      expect(await page.$eval('#error', (el) => el.textContent)).toBe(
        'That time is no longer available. Please pick another time.',
      );
      await waitForSlots(page);
      await expectAccessible(page);
      await screenshot(page, DESKTOP, 'mouse-1-slot-expired');
      expect((await appointmentOf(orderId))?.start_at?.getTime()).toBe(Date.parse(booked));

      await page.click('label[for="slot-3"]');
      const moved = await chosenStart(page);
      await page.click('#confirm');
      await waitForHeading(page, /^Your blood draw is booked$/);
      expect((await appointmentOf(orderId))?.start_at?.getTime()).toBe(Date.parse(moved));
      await screenshot(page, DESKTOP, 'mouse-2-rescheduled');

      await page.click('#cancel');
      await waitForHeading(page, /^Cancel your appointment$/);
      const reason = CANCELLATION_REASONS[0]!;
      await page.select('#reason', reason.id);
      await page.click('#confirm-cancel');
      await waitForHeading(page, /^Book your blood draw$/);
      expect(await appointmentOf(orderId)).toMatchObject({
        status: 'cancelled',
        cancellation_reason_id: reason.id,
      });
      expect(await eventsOf(orderId)).toEqual([
        'labtest.appointment.created:confirmed',
        'labtest.appointment.updated:confirmed',
        'labtest.appointment.updated:cancelled',
      ]);
      expectOnlyApiOrigin(requests);
      await page.close();
    },
    SLOW,
  );

  it(
    'phone: a request-tier area shows the pending request; an expired link and a cancelled order say so',
    async () => {
      const orderId = await world.createOrder(world.team, { address: REQUEST_ADDRESS });
      const { url } = await world.bookingLink(world.team, orderId);
      const { page } = await openPage(chromium.browser, PHONE);
      await page.goto(url);
      await waitForHeading(page, /^Request an at-home blood draw$/);
      await page.tap('#request');
      await waitForHeading(page, /^Appointment requested$/);
      expect(await page.$eval('#status', (el) => el.textContent)).toBe(
        'Pending: a phlebotomist will confirm a time with you.',
      );
      expect(await page.$('#reschedule')).toBeNull();
      await expectAccessible(page);
      await screenshot(page, PHONE, 'request-1-pending');
      expect(await appointmentOf(orderId)).toMatchObject({ status: 'pending', start_at: null });
      expect(await eventsOf(orderId)).toEqual(['labtest.appointment.created:pending']);

      const short = await world.bookingLink(world.team, orderId, { expires_in: 300 });
      world.setNow(new Date(Date.now() + 301_000));
      await page.goto(short.url);
      await waitForHeading(page, /^This link has expired$/);
      world.setNow(undefined);
      await expectAccessible(page);

      await world.db
        .knex('lab_orders')
        .where({ id: orderId })
        .update({ status_top: 'cancelled', status_low: 'cancelled' });
      await page.goto(url);
      await waitForHeading(page, /^This booking link is no longer valid$/);
      await screenshot(page, PHONE, 'request-2-revoked');
      await page.close();
    },
    SLOW,
  );
});
