import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import {
  describeWithChromium,
  launchChromium,
  seedOrg,
  seedTeam,
  waitFor,
  type LaunchedChromium,
} from '@meridian/test-utils';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { PARSED_REPORT, seedJobAwaitingReview } from './lab-report-review.fixtures';
import { REVIEW_PAGE_CSP } from './review-page.router';

/**
 * A reviewer's path through the hosted review page in headless Chromium against the real management API:
 * sign in with a key typed into the page, open the waiting report, see its pages, correct a value, submit.
 */
/** An input's value, read in the page (puppeteer hands the element in; no DOM types in this project). */
const valueOf = (e: unknown) => (e as { value: string }).value;

describeWithChromium('lab report review page in Chromium', () => {
  let h: ManagementApiHarness;
  let server: Server;
  let origin = '';
  let chromium: LaunchedChromium;

  beforeAll(async () => {
    h = await createManagementApiHarness();
    server = h.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    chromium = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await chromium?.close();
    await new Promise((resolve) => server?.close(resolve));
    await h?.close();
  });

  it('signs in, loads a job with its page images, corrects a value and completes the review', async () => {
    const org = await seedOrg(h.db.knex);
    const team = await seedTeam(h.db.knex, org.orgId, { features: ['lab_report_human_review'] });
    const { jobId, userId } = await seedJobAwaitingReview(h.db.knex, team.teamId);
    const page = await chromium.browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));

    const res = await page.goto(
      `${origin}/review/lab-reports?org_id=${org.orgId}&team_id=${team.teamId}&environment=sandbox`,
    );
    expect(res?.headers()['content-security-policy']).toBe(REVIEW_PAGE_CSP);
    // Keyboard only: the key is typed, the form sent with Enter.
    await page.focus('#key');
    await page.keyboard.type(org.orgKey);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`tr[data-job-id="${jobId}"] button`, { visible: true });
    expect(page.url()).not.toContain(org.orgKey);
    expect(await page.$eval('#key', valueOf)).toBe('');
    await page.focus(`tr[data-job-id="${jobId}"] button`);
    await page.keyboard.press('Enter');

    await page.waitForSelector('#job:not([hidden])');
    await page.waitForFunction(
      "[...document.querySelectorAll('#pages img')].filter((i) => i.naturalWidth > 0).length === 2",
      { timeout: 30_000 },
    );
    expect(await page.$eval('#meta-lab_name', valueOf)).toBe('Acme Labs');
    const valueInput = 'input[aria-label="Value, row 2"]';
    expect(await page.$eval(valueInput, valueOf)).toBe('14O');
    await page.click(valueInput, { clickCount: 3 });
    await page.keyboard.type('140');
    await page.focus('#submit');
    await page.keyboard.press('Enter');
    await page.waitForFunction("/completed/.test(document.getElementById('status').textContent)", {
      timeout: 15_000,
    });

    const row = await h.db.knex('lab_report_jobs').where({ id: jobId }).first();
    expect(row).toMatchObject({ status: 'completed', is_reviewed: true, review_outcome: 'approved' });
    expect(row.data.results[1]).toEqual({ ...PARSED_REPORT.results[1], value: '140' });
    expect(row.data.results[0]).toEqual(PARSED_REPORT.results[0]);
    const event = await waitFor(() =>
      h.db.knex('outbox').where({ user_id: userId, event_type: 'lab_report.parsing_job.updated' }).first(),
    );
    expect(event.payload.data).toMatchObject({ status: 'completed', is_reviewed: true });
    expect(event.payload.data.data.results[1].value).toBe('140');
    // Back on the (now empty) queue; nothing was fetched from elsewhere, nothing refused by the CSP.
    await page.waitForSelector('#queue:not([hidden])');
    // (data: URLs are Chromium's own date-picker icons.)
    expect(
      requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:')),
    ).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
