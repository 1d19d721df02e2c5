import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import type { ConnectorContext, ProviderTokens } from '../../connector';
import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../errors';
import { authorize, contextFor, fetchWindow, totals, useIngestionDb } from '../__tests__/connector-test-kit';
import { dexcomConnector } from './dexcom-connector';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const DAY = 86_400_000;
const now = () => NOW;

interface RawRecord {
  systemTime: string;
  displayTime: string;
  value: number | string | null;
  unit: string;
  eventType?: string;
  eventSubType?: string | null;
  eventStatus?: string;
}

let running: RunningEmulator;
let ctx: ConnectorContext;
const store = useIngestionDb(now);

beforeAll(async () => {
  running = await startEmulator('dexcom_v3', { now, historyDays: 120 });
  ctx = contextFor(running, now);
});
afterAll(() => running.server.close());
afterEach(() => running.emulator.faults.clear());

const stream = (name: string) => dexcomConnector.streams.find((s) => s.name === name)!;
const utc = (text: string) => Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text}Z`);

/** What the emulator serves for a window, read directly over HTTP (30-day calls). */
async function raw(endpoint: string, tokens: ProviderTokens, start: Date, end: Date): Promise<RawRecord[]> {
  const out: RawRecord[] = [];
  for (let s = start.getTime(); s < end.getTime(); s += 30 * DAY) {
    const e = Math.min(end.getTime(), s + 30 * DAY);
    const q = new URLSearchParams({
      startDate: new Date(s).toISOString().slice(0, 19),
      endDate: new Date(e).toISOString().slice(0, 19),
    });
    const res = await fetch(`${running.apiUrl}/v3/users/self/${endpoint}?${q.toString()}`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { records: RawRecord[] };
    out.push(...body.records.filter((r) => utc(r.systemTime) >= s && utc(r.systemTime) < e));
  }
  return out;
}

describe('Dexcom v3 connector against the emulator', () => {
  let tokens: ProviderTokens;

  it('authorizes with offline_access, exchanges the code in the form body and identifies the user', async () => {
    const result = await authorize(dexcomConnector, running, ctx, 'alice');
    tokens = result.tokens;
    expect(result.authorizeUrl.pathname).toBe('/v3/oauth2/login');
    expect(result.authorizeUrl.searchParams.get('scope')).toBe('offline_access');
    expect(result.authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt?.getTime()).toBe(NOW.getTime() + 7200 * 1000);

    const who = await dexcomConnector.identify!(ctx, tokens);
    expect(who.externalUserId).toMatch(/^[0-9a-f]{64}$/);
    const range = await fetch(`${running.apiUrl}/v3/users/self/dataRange`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(((await range.json()) as { userId: string }).userId).toBe(who.externalUserId);
  });

  it('pages a 32-day EGV window in 30-day calls, reading every value the emulator serves', async () => {
    const start = new Date(NOW.getTime() - 32 * DAY);
    const { pages, merged } = await fetchWindow(stream('egvs'), ctx, {
      tokens,
      start,
      end: NOW,
      fallbackTimeZone: null,
    });
    expect(pages).toHaveLength(2);
    const served = (await raw('egvs', tokens, start, NOW)).filter((r) => r.value !== null);
    const samples = merged.timeseries.flatMap((t) => t.samples);
    expect(merged.timeseries.every((t) => t.resource === 'glucose' && t.source.type === 'automatic')).toBe(
      true,
    );
    // One reading every 5 minutes, a few without a value.
    expect(served.length).toBeGreaterThan(32 * 288 * 0.97);
    expect(samples).toHaveLength(served.length);
    // One comparison, not thousands of expects: a long synchronous loop would starve the keep-alive sockets.
    const expected = served
      .map((r) => ({ timestamp: new Date(utc(r.systemTime)).toISOString(), value: r.value, unit: 'mg/dL' }))
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    const got = samples
      .map((s) => ({ timestamp: s.timestamp, value: s.value, unit: s.unit }))
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    expect(got).toEqual(expected);
    // The local offset is a whole quarter hour of the account's zone.
    expect(samples.filter((s) => Math.abs(s.timezone_offset ?? NaN) % 900 !== 0)).toEqual([]);
  }, 60_000);

  it('ingests EGVs in mmol/L through the real ingestion path, once', async () => {
    const window = { tokens, start: new Date(NOW.getTime() - 3 * DAY), end: NOW, fallbackTimeZone: null };
    const { pages, merged } = await fetchWindow(stream('egvs'), ctx, window);
    const samples = merged.timeseries.flatMap((t) => t.samples);
    expect(samples.length).toBeGreaterThan(3 * 288 * 0.97);

    const userId = await store.insertUser();
    const first = totals(await store.ingestPages(userId, pages));
    expect(first.created).toBe(samples.length);
    const rows: { value: number; start_at: Date; timezone_offset: number }[] = await store.db
      .knex('timeseries_samples')
      .where({ user_id: userId, resource: 'glucose', provider: 'dexcom_v3' })
      .orderBy('start_at');
    expect(rows).toHaveLength(samples.length);
    const bySample = new Map(samples.map((s) => [s.timestamp, s]));
    for (const row of rows) {
      const sample = bySample.get(row.start_at.toISOString())!;
      expect(row.value).toBeCloseTo(Number(sample.value) / 18.016, 6);
      expect(row.timezone_offset).toBe(sample.timezone_offset);
    }

    const again = totals(
      await store.ingestPages(userId, (await fetchWindow(stream('egvs'), ctx, window)).pages),
    );
    expect(again.created).toBe(0);
    const count = await store.db
      .knex('timeseries_samples')
      .where({ user_id: userId, resource: 'glucose' })
      .count<{ count: string }[]>('* as count');
    expect(Number(count[0]!.count)).toBe(samples.length);
  });

  it('maps carbs and insulin events, skips deleted ones, and ingests them', async () => {
    const start = new Date(NOW.getTime() - 10 * DAY);
    const { pages, merged } = await fetchWindow(stream('events'), ctx, {
      tokens,
      start,
      end: NOW,
      fallbackTimeZone: null,
    });
    const all = await raw('events', tokens, start, NOW);
    const served = all.filter((r) => r.eventStatus !== 'deleted');
    expect(served.length).toBeLessThan(all.length);
    const carbs = merged.timeseries.filter((t) => t.resource === 'carbohydrates').flatMap((t) => t.samples);
    const insulin = merged.timeseries
      .filter((t) => t.resource === 'insulin_injection')
      .flatMap((t) => t.samples);
    expect(carbs).toHaveLength(served.filter((r) => r.eventType === 'carbs').length);
    expect(insulin).toHaveLength(served.filter((r) => r.eventType === 'insulin').length);
    expect(carbs.length).toBeGreaterThan(20);
    expect(new Set(insulin.map((s) => s.type))).toEqual(new Set(['rapid_acting', 'long_acting']));
    for (const s of carbs) expect(s.unit).toBe('g');

    const userId = await store.insertUser();
    const first = totals(await store.ingestPages(userId, pages));
    expect(first.created).toBe(carbs.length + insulin.length);
    const again = totals(await store.ingestPages(userId, pages));
    expect(again.created).toBe(0);
    const stored = await store.db
      .knex('timeseries_samples')
      .where({ user_id: userId, resource: 'insulin_injection' });
    expect(stored).toHaveLength(insulin.length);
  });

  it('refreshes with a rotating, single-use refresh token', async () => {
    const refreshed = await dexcomConnector.refresh!(ctx, tokens);
    expect(refreshed.refreshToken).toBeTruthy();
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    await expect(dexcomConnector.refresh!(ctx, tokens)).rejects.toMatchObject({
      name: 'ProviderAuthError',
      reason: 'token_refresh_failed',
    });
    const again = await dexcomConnector.refresh!(ctx, refreshed);
    expect(again.refreshToken).not.toBe(refreshed.refreshToken);
    tokens = again;
    await expect(dexcomConnector.identify!(ctx, tokens)).resolves.toBeDefined();
  });

  it('classifies rate limits, outages, unreadable bodies and revocation', async () => {
    const req = {
      tokens,
      start: new Date(NOW.getTime() - DAY),
      end: NOW,
      pageToken: null,
      fallbackTimeZone: null,
    };
    running.emulator.faults.set({ rateLimit: { retryAfterSeconds: 42 }, times: 1 });
    const limited = await stream('egvs')
      .fetch(ctx, req)
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ProviderRateLimitError);
    expect((limited as ProviderRateLimitError).retryAfterSeconds).toBe(42);

    running.emulator.faults.set({ serverError: 503, times: 1 });
    await expect(stream('egvs').fetch(ctx, req)).rejects.toBeInstanceOf(ProviderUnavailableError);

    running.emulator.faults.set({ malformed: true, times: 1 });
    await expect(stream('events').fetch(ctx, req)).rejects.toBeInstanceOf(ProviderResponseError);

    // The faults were one-shot: the next call succeeds.
    await expect(stream('egvs').fetch(ctx, req)).resolves.toMatchObject({ nextPage: null });

    running.emulator.oauth!.revokeAccount(running.emulator.oauth!.accountFor('alice').id);
    const revoked = await stream('egvs')
      .fetch(ctx, req)
      .catch((e: unknown) => e);
    expect(revoked).toBeInstanceOf(ProviderAuthError);
    expect((revoked as ProviderAuthError).reason).toBe('token_revoked');
    await expect(dexcomConnector.refresh!(ctx, tokens)).rejects.toMatchObject({
      reason: 'token_refresh_failed',
    });
  });
});
