import { formatWireDateTime, zoneOffsetSeconds } from '@meridian/domain';
import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import type { ConnectorContext, FetchPage, ProviderTokens, StreamSpec } from '../../../connector';
import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../../errors';
import { buildAuthorizeUrl } from '../../../oauth';
import { createConnectorContext } from '../../../registry';
import { withingsConnector } from '..';
import { WITHINGS_OAUTH } from '../withings-auth';
import { createIngestionTarget, ingestPages, startWebhookEndpoint } from './provider-test-harness';

const NOW = new Date('2026-03-20T12:00:00Z');
const REDIRECT = 'https://app.example.test/oauth/withings/callback';
const DAY = 86_400_000;

let running: RunningEmulator;
let ctx: ConnectorContext;
let target: Awaited<ReturnType<typeof createIngestionTarget>>;

beforeAll(async () => {
  running = await startEmulator('withings', { now: () => NOW });
  ctx = createConnectorContext({
    settings: { apiUrl: running.apiUrl, authUrl: running.authUrl },
    client: running.emulator.client,
    allowList: null,
    now: () => NOW,
  });
  target = await createIngestionTarget(() => NOW);
});
afterAll(async () => {
  await running.server.close();
  await target.db.destroy();
});
afterEach(() => running.emulator.faults.clear());

async function link(username: string): Promise<ProviderTokens> {
  running.emulator.oauth!.setAutoConsent(username);
  const url = buildAuthorizeUrl(WITHINGS_OAUTH, running.authUrl, {
    clientId: running.emulator.client.clientId,
    redirectUri: REDIRECT,
    scopes: ['user.info', 'user.metrics', 'user.activity'],
    state: 'state-withings-1',
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('state-withings-1');
  return withingsConnector.exchangeCode!(ctx, back.searchParams.get('code')!, REDIRECT, null);
}

const stream = (name: string): StreamSpec => withingsConnector.streams.find((s) => s.name === name)!;

async function fetchAll(name: string, tokens: ProviderTokens, start: Date, end: Date): Promise<FetchPage[]> {
  const pages: FetchPage[] = [];
  let pageToken: string | null = null;
  do {
    const page: FetchPage = await stream(name).fetch(ctx, {
      tokens,
      start,
      end,
      pageToken,
      fallbackTimeZone: null,
    });
    pages.push(page);
    pageToken = page.nextPage;
  } while (pageToken !== null && pages.length < 50);
  return pages;
}

/** What the emulator serves, read with plain HTTP (all pages). */
async function rawGetmeas(tokens: ProviderTokens, startdate: number, enddate: number) {
  const groups: { grpid: number; date: number; measures: { type: number; value: number; unit: number }[] }[] =
    [];
  let offset = 0;
  let zone = '';
  for (;;) {
    const res = await fetch(`${running.apiUrl}/measure`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.accessToken}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        action: 'getmeas',
        category: '1',
        startdate: String(startdate),
        enddate: String(enddate),
        offset: String(offset),
      }),
    });
    const json = (await res.json()) as {
      status: number;
      body: { timezone: string; measuregrps: typeof groups; more: number; offset: number };
    };
    expect(json.status).toBe(0);
    zone = json.body.timezone;
    groups.push(...json.body.measuregrps);
    if (!json.body.more) return { groups, zone };
    offset = json.body.offset;
  }
}

describe('Withings connector against the emulator', () => {
  it('authorizes with comma-separated scopes, exchanges the code in the {status, body} envelope and identifies the user', async () => {
    const url = new URL(
      buildAuthorizeUrl(WITHINGS_OAUTH, running.authUrl, {
        clientId: 'cid',
        redirectUri: REDIRECT,
        scopes: ['user.info', 'user.metrics'],
        state: 's',
      }),
    );
    expect(url.pathname).toBe('/account/oauth2_user/authorize2');
    expect(url.searchParams.get('scope')).toBe('user.info,user.metrics');

    const tokens = await link('alice');
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.scopes).toEqual(['user.info', 'user.metrics', 'user.activity']);
    expect(tokens.externalUserId).toMatch(/^\d+$/);
    expect(tokens.expiresAt?.getTime()).toBe(NOW.getTime() + 10_800_000);
    await expect(withingsConnector.identify!(ctx, tokens)).resolves.toEqual({
      externalUserId: tokens.externalUserId,
    });
  });

  it('fetches measures page by page with the values, units and local times the emulator serves, and ingests them once', async () => {
    const tokens = await link('bob');
    const end = new Date('2026-03-19T00:00:00Z');
    const start = new Date(end.getTime() - 10 * DAY);
    const pages = await fetchAll('measures', tokens, start, end);
    expect(pages.length).toBeGreaterThan(1);

    const raw = await rawGetmeas(tokens, start.getTime() / 1000, end.getTime() / 1000 - 1);
    const weighIns = raw.groups.filter((g) => g.measures.some((m) => m.type === 1));
    expect(weighIns.length).toBe(10);
    const weights = pages.flatMap((p) =>
      p.timeseries.filter((t) => t.resource === 'weight').flatMap((t) => t.samples),
    );
    expect(weights).toHaveLength(weighIns.length);
    for (const g of weighIns) {
      const m = g.measures.find((x) => x.type === 1)!;
      const offset = zoneOffsetSeconds(raw.zone, g.date * 1000);
      expect(weights).toContainEqual({
        timestamp: formatWireDateTime(g.date * 1000, offset),
        timezone_offset: offset,
        value: Number((m.value * 10 ** m.unit).toPrecision(12)),
        unit: 'kg',
      });
    }
    const bp = pages.flatMap((p) =>
      p.timeseries.filter((t) => t.resource === 'blood_pressure').flatMap((t) => t.samples),
    );
    const bpGroups = raw.groups.filter((g) => g.measures.some((m) => m.type === 10));
    expect(bp).toHaveLength(bpGroups.length);
    expect(bp.every((s) => s.unit === 'mmHg' && s.systolic! > s.diastolic!)).toBe(true);
    const bodies = pages.flatMap((p) => p.summaries);
    expect(bodies).toHaveLength(weighIns.length);

    const userId = await target.insertUser();
    const first = await ingestPages(target.ingestion, userId, pages);
    expect(first.created).toBeGreaterThan(0);
    const weightRows = await target.db
      .knex('timeseries_samples')
      .where({ user_id: userId, resource: 'weight' })
      .count<{ count: string }[]>('* as count');
    expect(Number(weightRows[0]!.count)).toBe(weighIns.length);
    const kinds = await target.db
      .knex('summaries')
      .where({ user_id: userId })
      .select('kind')
      .count('* as count')
      .groupBy('kind');
    expect(kinds.map((k) => ({ kind: k.kind, count: Number(k.count) }))).toContainEqual({
      kind: 'body',
      count: weighIns.length,
    });

    const again = await ingestPages(target.ingestion, userId, await fetchAll('measures', tokens, start, end));
    expect(again.created).toBe(0);
    const total = await target.db
      .knex('timeseries_samples')
      .where({ user_id: userId })
      .count<{ count: string }[]>('* as count');
    expect(Number(total[0]!.count)).toBe(
      pages.reduce((n, p) => n + p.timeseries.reduce((k, t) => k + t.samples.length, 0), 0),
    );
  });

  it('fetches sleep summaries with their stages and ingests sleep, sleep cycles and night vitals', async () => {
    const tokens = await link('carol');
    const end = new Date('2026-03-18T00:00:00Z');
    const start = new Date(end.getTime() - 12 * DAY);
    const pages = await fetchAll('sleep', tokens, start, end);
    expect(pages.length).toBeGreaterThan(1);
    const sleeps = pages.flatMap((p) => p.summaries.filter((s) => s.kind === 'sleep'));
    const cycles = pages.flatMap((p) => p.summaries.filter((s) => s.kind === 'sleep_cycle'));
    expect(sleeps).toHaveLength(12);
    expect(cycles).toHaveLength(12);
    for (const s of sleeps) {
      const stop = Date.parse(String(s.fields.bedtime_stop));
      expect(stop).toBeGreaterThanOrEqual(start.getTime());
      expect(stop).toBeLessThan(end.getTime());
      expect(s.fields.total).toBe(Number(s.fields.light) + Number(s.fields.deep) + Number(s.fields.rem));
      expect(String(s.fields.bedtime_start)).toMatch(/[+-]\d{2}:\d{2}$/);
    }
    const c = cycles[0]!;
    const starts = c.fields.stage_start_offset_second as number[];
    expect(starts[0]).toBe(0);
    expect(c.fields.stage_type).toEqual(expect.arrayContaining([1, 2, 3, 4]));

    const userId = await target.insertUser();
    await ingestPages(target.ingestion, userId, pages);
    const stored = await target.db
      .knex('summaries')
      .where({ user_id: userId, kind: 'sleep' })
      .count<{ count: string }[]>('* as count');
    expect(Number(stored[0]!.count)).toBe(12);
    const storedCycles = await target.db
      .knex('summaries')
      .where({ user_id: userId, kind: 'sleep_cycle' })
      .select('payload');
    expect(storedCycles).toHaveLength(12);
    const again = await ingestPages(target.ingestion, userId, await fetchAll('sleep', tokens, start, end));
    expect(again.created).toBe(0);
  });

  it('fetches daily activity as day-long samples in the local day', async () => {
    const tokens = await link('dave');
    const end = new Date('2026-03-15T00:00:00Z');
    const start = new Date(end.getTime() - 14 * DAY);
    const pages = await fetchAll('activity', tokens, start, end);
    expect(pages.length).toBeGreaterThan(1);
    const steps = pages.flatMap((p) =>
      p.timeseries.filter((t) => t.resource === 'steps').flatMap((t) => t.samples),
    );
    expect(steps).toHaveLength(14);
    for (const s of steps) {
      const from = Date.parse(s.timestamp);
      expect(Date.parse(s.end!) - from).toBeGreaterThanOrEqual(23 * 3_600_000);
      expect(from).toBeGreaterThanOrEqual(start.getTime());
      expect(from).toBeLessThan(end.getTime());
      expect(s.timestamp.slice(11, 19)).toBe('00:00:00');
    }
    const userId = await target.insertUser();
    await ingestPages(target.ingestion, userId, pages);
    const activity = await target.db
      .knex('summaries')
      .where({ user_id: userId, kind: 'activity' })
      .count<{ count: string }[]>('* as count');
    expect(Number(activity[0]!.count)).toBeGreaterThanOrEqual(14);
    const again = await ingestPages(target.ingestion, userId, await fetchAll('activity', tokens, start, end));
    expect(again.created).toBe(0);
  });

  it('refreshes with a rotated refresh token and revokes with a signed call', async () => {
    const tokens = await link('erin');
    const refreshed = await withingsConnector.refresh!(ctx, tokens);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(refreshed.externalUserId).toBe(tokens.externalUserId);
    const window = {
      start: new Date(NOW.getTime() - 2 * DAY),
      end: NOW,
      pageToken: null,
      fallbackTimeZone: null,
    };
    await expect(stream('measures').fetch(ctx, { ...window, tokens: refreshed })).resolves.toBeDefined();

    await withingsConnector.revoke!(ctx, refreshed);
    await expect(stream('measures').fetch(ctx, { ...window, tokens: refreshed })).rejects.toBeInstanceOf(
      ProviderAuthError,
    );
    await expect(withingsConnector.refresh!(ctx, refreshed)).rejects.toMatchObject({
      name: 'ProviderAuthError',
      reason: 'token_refresh_failed',
    });
  });

  it('classifies faults: 601 in the envelope, 401 in the envelope, a front 503, a truncated page', async () => {
    const tokens = await link('frank');
    const req = {
      tokens,
      start: new Date(NOW.getTime() - 2 * DAY),
      end: NOW,
      pageToken: null,
      fallbackTimeZone: null,
    };
    const faults = running.emulator.faults;

    faults.set({ rateLimit: { retryAfterSeconds: 30 }, times: 1 });
    const limited = await stream('measures')
      .fetch(ctx, req)
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ProviderRateLimitError);
    expect((limited as ProviderRateLimitError).retryAfterSeconds).toBe(60);

    faults.set({ revoked: true });
    await expect(stream('sleep').fetch(ctx, req)).rejects.toMatchObject({
      name: 'ProviderAuthError',
      reason: 'token_revoked',
    });
    faults.clear();

    faults.set({ serverError: 503, times: 1 });
    await expect(stream('activity').fetch(ctx, req)).rejects.toBeInstanceOf(ProviderUnavailableError);

    faults.set({ malformed: true, times: 1 });
    await expect(stream('measures').fetch(ctx, req)).rejects.toBeInstanceOf(ProviderResponseError);

    await expect(stream('measures').fetch(ctx, req)).resolves.toMatchObject({ nextPage: null });
  });

  it('subscribes (Withings checks the callback URL) and turns a notification into a fetch of the right stream', async () => {
    const tokens = await link('grace');
    const endpoint = await startWebhookEndpoint(withingsConnector.webhook!, running.emulator.client);
    try {
      await withingsConnector.webhook!.subscribe!(ctx, tokens, endpoint.url);
      // The callback check reached our endpoint and was answered 200.
      expect(endpoint.results.filter((r) => r.kind === 'challenge').length).toBeGreaterThan(0);

      const status = await running.emulator.notify!(endpoint.url, tokens.externalUserId!, {
        appli: 44,
        startdate: 1773900000,
        enddate: 1773950000,
      });
      expect(status).toBe(200);
      expect(endpoint.results.at(-1)).toEqual({
        kind: 'notifications',
        status: 200,
        body: '',
        notifications: [
          {
            externalUserId: tokens.externalUserId,
            streams: ['sleep'],
            start: new Date(1773900000 * 1000),
            end: new Date(1773950001 * 1000),
          },
        ],
      });
      const unlinked = await running.emulator.notify!(endpoint.url, tokens.externalUserId!, {
        appli: 46,
        action: 'unlink',
      });
      expect(unlinked).toBe(200);
      expect(endpoint.results.at(-1)).toMatchObject({
        notifications: [{ externalUserId: tokens.externalUserId, deregistered: true }],
      });
    } finally {
      await endpoint.close();
    }
    await expect(
      withingsConnector.webhook!.subscribe!(ctx, tokens, `${endpoint.url}-gone`),
    ).rejects.toBeInstanceOf(ProviderResponseError);
  });
});
