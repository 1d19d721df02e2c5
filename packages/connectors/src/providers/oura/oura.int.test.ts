import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import type { ConnectorContext, ProviderTokens, WebhookResult } from '../../connector';
import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../errors';
import { authorize, contextFor, fetchWindow, totals, useIngestionDb } from '../__tests__/connector-test-kit';
import { startWebhookEndpoint, type WebhookEndpoint } from '../__tests__/webhook-endpoint';
import { ouraConnector } from './index';

/**
 * The Oura connector against the Oura emulator over real HTTP: OAuth (split authorize/token hosts),
 * every stream over multi-day windows with `next_token` paging, checked against what the emulator serves
 * and ingested through the real ingestion path; token rotation, revocation, faults and webhooks.
 */

const NOW = new Date('2026-03-15T12:00:00.000Z');
const DAY = 86_400_000;
const stream = (name: string) => ouraConnector.streams.find((s) => s.name === name)!;

let running: RunningEmulator;
let ctx: ConnectorContext;
let tokens: ProviderTokens;
let accountId: string;
const fx = useIngestionDb(() => NOW);
const countRows = async (table: string, where: Record<string, unknown>) =>
  Number((await fx.db.knex(table).where(where).count({ n: '*' }))[0]!.n);

beforeAll(async () => {
  running = await startEmulator('oura', { now: () => NOW });
  ctx = contextFor(running, () => NOW);
  tokens = (await authorize(ouraConnector, running, ctx, 'alice')).tokens;
  accountId = running.emulator.oauth!.accountFor('alice').id;
});
afterAll(() => running.server.close());

/** What the emulator itself serves for a collection, every page. */
async function served<T>(path: string, query: Record<string, string>): Promise<T[]> {
  const out: T[] = [];
  let next: string | null = null;
  do {
    const url = new URL(`${running.apiUrl}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    if (next) url.searchParams.set('next_token', next);
    const res = await fetch(url, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: T[]; next_token: string | null };
    out.push(...body.data);
    next = body.next_token;
  } while (next);
  return out;
}

describe('Oura OAuth', () => {
  it('authorizes on the auth base, exchanges the code on the API host, identifies the account', async () => {
    const { tokens: t, authorizeUrl } = await authorize(ouraConnector, running, ctx, 'alice');
    expect(authorizeUrl.pathname).toBe('/cloud/oauth/authorize');
    expect(authorizeUrl.searchParams.get('scope')).toBe('personal heartrate daily workout');
    expect(t.accessToken).not.toBe(tokens.accessToken);
    expect(t.refreshToken).toBeTruthy();
    expect(t.expiresAt).toEqual(new Date(NOW.getTime() + 86_400_000));
    expect(t.scopes.sort()).toEqual(['daily', 'heartrate', 'personal', 'workout']);
    expect(await ouraConnector.identify!(ctx, t)).toEqual({ externalUserId: accountId });
  });

  it('refuses a code twice', async () => {
    running.emulator.oauth!.setAutoConsent('carol');
    const url = new URL(`${running.authUrl}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: 'oura-dev-client',
      redirect_uri: 'https://x.test/cb',
      state: 's',
    }))
      url.searchParams.set(k, v);
    const code = new URL(
      (await fetch(url, { redirect: 'manual' })).headers.get('location')!,
    ).searchParams.get('code')!;
    await ouraConnector.exchangeCode!(ctx, code, 'https://x.test/cb', null);
    await expect(ouraConnector.exchangeCode!(ctx, code, 'https://x.test/cb', null)).rejects.toBeInstanceOf(
      ProviderAuthError,
    );
  });
});

describe('Oura streams', () => {
  const start = new Date('2026-03-01T00:00:00.000Z');
  const end = new Date('2026-03-08T00:00:00.000Z');

  it('heart rate: every 5-minute sample of the window over several pages, ingested once', async () => {
    const { pages, merged } = await fetchWindow(stream('heartrate'), ctx, {
      tokens,
      start,
      end,
      fallbackTimeZone: null,
    });
    expect(pages.length).toBeGreaterThan(1);
    const samples = merged.timeseries.flatMap((t) => t.samples);
    const rows = await served<{ timestamp: string; bpm: number }>('/v2/usercollection/heartrate', {
      start_datetime: start.toISOString(),
      end_datetime: end.toISOString(),
    });
    expect(samples.map((s) => [Date.parse(s.timestamp), s.value])).toEqual(
      rows.map((r) => [Date.parse(r.timestamp), r.bpm]),
    );
    // 288 five-minute slots a day, a few missing where the ring was off.
    for (let d = start.getTime(); d < end.getTime(); d += DAY) {
      const n = samples.filter(
        (s) => Date.parse(s.timestamp) >= d && Date.parse(s.timestamp) < d + DAY,
      ).length;
      expect(n).toBeGreaterThan(250);
      expect(n).toBeLessThanOrEqual(288);
    }
    expect(
      samples.every((s) => s.unit === 'bpm' && (s.value as number) > 30 && (s.value as number) < 200),
    ).toBe(true);

    const userId = await fx.insertUser();
    const first = totals(await fx.ingestPages(userId, pages));
    expect(first).toMatchObject({ created: samples.length, dropped: 0 });
    const again = await fetchWindow(stream('heartrate'), ctx, { tokens, start, end, fallbackTimeZone: null });
    expect(totals(await fx.ingestPages(userId, again.pages))).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: samples.length,
    });
    expect(await countRows('timeseries_samples', { user_id: userId, resource: 'heartrate' })).toBe(
      samples.length,
    );
  });

  it('adjacent windows split the samples without overlap', async () => {
    const mid = new Date('2026-03-04T00:00:00.000Z');
    const a = await fetchWindow(stream('heartrate'), ctx, {
      tokens,
      start,
      end: mid,
      fallbackTimeZone: null,
    });
    const b = await fetchWindow(stream('heartrate'), ctx, {
      tokens,
      start: mid,
      end,
      fallbackTimeZone: null,
    });
    const whole = await fetchWindow(stream('heartrate'), ctx, { tokens, start, end, fallbackTimeZone: null });
    const ts = (p: typeof a) => p.merged.timeseries.flatMap((t) => t.samples.map((s) => s.timestamp));
    expect([...ts(a), ...ts(b)]).toEqual(ts(whole));
  });

  it('sleep: a summary per night with stages, HRV and the hypnogram, in the wearer offset', async () => {
    const sleepStart = new Date('2026-02-01T00:00:00.000Z');
    const { pages, merged } = await fetchWindow(stream('sleep'), ctx, {
      tokens,
      start: sleepStart,
      end,
      fallbackTimeZone: null,
    });
    expect(pages.length).toBeGreaterThan(1);
    const docs = await served<{
      id: string;
      day: string;
      bedtime_start: string;
      bedtime_end: string;
      total_sleep_duration: number;
      time_in_bed: number;
      deep_sleep_duration: number;
      average_hrv: number;
      hrv: { items: (number | null)[] };
    }>('/v2/usercollection/sleep', { start_date: '2026-02-01', end_date: '2026-03-07' });
    expect(docs.length).toBeGreaterThan(28);
    expect(merged.summaries.map((s) => s.provider_id)).toEqual(docs.map((d) => d.id));
    const doc = docs[3]!;
    const summary = merged.summaries.find((s) => s.provider_id === doc.id)!;
    const offset = summary.timezone_offset!;
    expect(
      doc.bedtime_start.endsWith(
        `${offset < 0 ? '-' : '+'}${String(Math.abs(offset) / 3600).padStart(2, '0')}:00`,
      ),
    ).toBe(true);
    expect(summary.fields).toMatchObject({
      bedtime_start: doc.bedtime_start,
      bedtime_stop: doc.bedtime_end,
      type: 'long_sleep',
      total: doc.total_sleep_duration,
      duration: doc.time_in_bed,
      deep: doc.deep_sleep_duration,
      average_hrv: doc.average_hrv,
    });
    const hypnogram = merged.timeseries.filter((t) => t.resource === 'hypnogram').flatMap((t) => t.samples);
    const nightSpan = hypnogram.filter(
      (s) =>
        Date.parse(s.timestamp) >= Date.parse(doc.bedtime_start) &&
        Date.parse(s.end!) <= Date.parse(doc.bedtime_end),
    );
    expect(nightSpan.reduce((sum, s) => sum + (Date.parse(s.end!) - Date.parse(s.timestamp)) / 1000, 0)).toBe(
      doc.time_in_bed,
    );
    const hrv = merged.timeseries.filter((t) => t.resource === 'hrv').flatMap((t) => t.samples);
    expect(hrv.length).toBe(docs.reduce((n, d) => n + d.hrv.items.filter((v) => v !== null).length, 0));

    const userId = await fx.insertUser();
    expect(totals(await fx.ingestPages(userId, pages)).dropped).toBe(0);
    await fx.ingestPages(userId, pages);
    expect(await countRows('summaries', { user_id: userId, kind: 'sleep' })).toBe(docs.length);
    const stored = await fx.db
      .knex('summaries')
      .where({ user_id: userId, kind: 'sleep', provider_summary_id: doc.id })
      .first();
    expect(
      stored.calendar_date instanceof Date
        ? stored.calendar_date.toISOString().slice(0, 10)
        : String(stored.calendar_date),
    ).toBe(doc.day);
  });

  it('daily activity: steps, active and basal calories, distance per activity day', async () => {
    const { merged, pages } = await fetchWindow(stream('activity'), ctx, {
      tokens,
      start,
      end,
      fallbackTimeZone: null,
    });
    const days = await served<{
      day: string;
      steps: number;
      active_calories: number;
      total_calories: number;
      equivalent_walking_distance: number;
      timestamp: string;
    }>('/v2/usercollection/daily_activity', { start_date: '2026-03-01', end_date: '2026-03-07' });
    expect(days).toHaveLength(7);
    const steps = merged.timeseries.find((t) => t.resource === 'steps')!.samples;
    expect(steps.map((s) => s.value)).toEqual(days.map((d) => d.steps));
    expect(steps[0]).toMatchObject({ unit: 'count', timezone_offset: expect.any(Number) });
    expect(Date.parse(steps[0]!.end!) - Date.parse(steps[0]!.timestamp)).toBe(DAY);
    expect(Date.parse(steps[0]!.timestamp)).toBe(Date.parse(days[0]!.timestamp));
    const basal = merged.timeseries.find((t) => t.resource === 'calories_basal')!.samples;
    expect(basal.map((s) => s.value)).toEqual(days.map((d) => d.total_calories - d.active_calories));
    const distance = merged.timeseries.find((t) => t.resource === 'distance')!.samples;
    expect(distance.map((s) => s.value)).toEqual(days.map((d) => d.equivalent_walking_distance));

    const userId = await fx.insertUser();
    expect(totals(await fx.ingestPages(userId, pages))).toMatchObject({ created: 28, dropped: 0 });
  });

  it('workouts and the profile', async () => {
    const from = new Date('2026-01-15T00:00:00.000Z');
    const { merged, pages } = await fetchWindow(stream('workouts'), ctx, {
      tokens,
      start: from,
      end,
      fallbackTimeZone: null,
    });
    const served_ = await served<{
      id: string;
      activity: string;
      calories: number;
      distance: number | null;
      start_datetime: string;
    }>('/v2/usercollection/workout', { start_date: '2026-01-15', end_date: '2026-03-07' });
    expect(served_.length).toBeGreaterThan(5);
    expect(merged.summaries.map((s) => s.provider_id)).toEqual(served_.map((w) => w.id));
    const w = served_[0]!;
    expect(merged.summaries[0]!.fields).toMatchObject({
      time_start: w.start_datetime,
      calories: w.calories,
      distance: w.distance,
    });
    expect((merged.summaries[0]!.fields.sport as { slug: string }).slug).toBe(w.activity);

    const profile = await fetchWindow(stream('profile'), ctx, { tokens, start, end, fallbackTimeZone: null });
    const info = (await (
      await fetch(`${running.apiUrl}/v2/usercollection/personal_info`, {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      })
    ).json()) as {
      height: number;
      biological_sex: string;
    };
    expect(profile.merged.summaries[0]).toMatchObject({
      kind: 'profile',
      provider_id: accountId,
      fields: { height: Math.round(info.height * 1000) / 10, sex: info.biological_sex },
    });

    const userId = await fx.insertUser();
    expect(totals(await fx.ingestPages(userId, [...pages, ...profile.pages])).dropped).toBe(0);
    expect(await countRows('summaries', { user_id: userId, kind: 'workouts' })).toBe(served_.length);
    expect(await countRows('summaries', { user_id: userId, kind: 'profile' })).toBe(1);
  });

  it('serves nothing after the provider clock', async () => {
    const { merged } = await fetchWindow(stream('heartrate'), ctx, {
      tokens,
      start: new Date(NOW.getTime() - DAY),
      end: new Date(NOW.getTime() + DAY),
      fallbackTimeZone: null,
    });
    const last = Math.max(...merged.timeseries.flatMap((t) => t.samples.map((s) => Date.parse(s.timestamp))));
    expect(last).toBeLessThan(NOW.getTime());
    expect(last).toBeGreaterThan(NOW.getTime() - 30 * 60_000);
  });
});

describe('Oura token lifecycle and faults', () => {
  it('rotates refresh tokens: the old one works during the grace, then dies', async () => {
    let now = NOW;
    const local = contextFor(running, () => now);
    running.emulator.setNow(() => now);
    try {
      const { tokens: t } = await authorize(ouraConnector, running, local, 'dave');
      const refreshed = await ouraConnector.refresh!(local, t);
      expect(refreshed.refreshToken).not.toBe(t.refreshToken);
      expect(refreshed.accessToken).not.toBe(t.accessToken);
      await ouraConnector.refresh!(local, t); // within the grace
      now = new Date(NOW.getTime() + 5 * 60_000);
      await expect(ouraConnector.refresh!(local, t)).rejects.toMatchObject({
        name: 'ProviderAuthError',
        reason: 'token_refresh_failed',
      });
      const again = await ouraConnector.refresh!(local, refreshed);
      expect(await ouraConnector.identify!(local, again)).toEqual({
        externalUserId: running.emulator.oauth!.accountFor('dave').id,
      });
    } finally {
      running.emulator.setNow(() => NOW);
    }
  });

  it('revokes: the data API then refuses the token', async () => {
    const { tokens: t } = await authorize(ouraConnector, running, ctx, 'erin');
    await ouraConnector.revoke!(ctx, t);
    await expect(
      stream('sleep').fetch(ctx, {
        tokens: t,
        start: new Date('2026-03-01'),
        end: new Date('2026-03-02'),
        pageToken: null,
        fallbackTimeZone: null,
      }),
    ).rejects.toMatchObject({
      name: 'ProviderAuthError',
      reason: 'token_revoked',
    });
  });

  it('classifies provider faults', async () => {
    const req = {
      tokens,
      start: new Date('2026-03-01'),
      end: new Date('2026-03-02'),
      pageToken: null,
      fallbackTimeZone: null,
    };
    const { faults } = running.emulator;
    faults.set({ rateLimit: { retryAfterSeconds: 42 }, times: 1 });
    const limited = await stream('heartrate')
      .fetch(ctx, req)
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ProviderRateLimitError);
    expect((limited as ProviderRateLimitError).retryAfterSeconds).toBe(42);
    faults.set({ serverError: 503, times: 1 });
    await expect(stream('sleep').fetch(ctx, req)).rejects.toBeInstanceOf(ProviderUnavailableError);
    faults.set({ malformed: true, times: 1 });
    await expect(stream('workouts').fetch(ctx, req)).rejects.toBeInstanceOf(ProviderResponseError);
    faults.set({ revoked: true });
    await expect(stream('activity').fetch(ctx, req)).rejects.toBeInstanceOf(ProviderAuthError);
    faults.clear();
    await expect(stream('activity').fetch(ctx, req)).resolves.toMatchObject({ nextPage: null });
  });

  it('a scope the person did not grant is an authorization error', async () => {
    running.emulator.oauth!.setAutoConsent('frank', { grantScopes: ['personal', 'daily'] });
    const url = new URL(`${running.authUrl}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: 'oura-dev-client',
      redirect_uri: 'https://x.test/cb',
      state: 's',
      scope: 'personal daily heartrate',
    }))
      url.searchParams.set(k, v);
    const code = new URL(
      (await fetch(url, { redirect: 'manual' })).headers.get('location')!,
    ).searchParams.get('code')!;
    const t = await ouraConnector.exchangeCode!(ctx, code, 'https://x.test/cb', null);
    await expect(
      stream('heartrate').fetch(ctx, {
        tokens: t,
        start: new Date('2026-03-01'),
        end: new Date('2026-03-02'),
        pageToken: null,
        fallbackTimeZone: null,
      }),
    ).rejects.toMatchObject({
      name: 'ProviderAuthError',
      reason: 'required_scopes_not_granted',
    });
  });
});

describe('Oura webhooks', () => {
  let receiver: WebhookEndpoint;
  let results: WebhookResult[];

  beforeAll(async () => {
    receiver = await startWebhookEndpoint((req) =>
      ouraConnector.webhook!.handle(req, running.emulator.client),
    );
    results = receiver.results;
  });
  afterAll(() => receiver.close());

  it('subscribes through the verification handshake, idempotently', async () => {
    const target = `${receiver.url}/hooks/oura`;
    await ouraConnector.webhook!.subscribe!(ctx, tokens, target);
    await ouraConnector.webhook!.subscribe!(ctx, tokens, target);
    const list = (await (
      await fetch(`${running.apiUrl}/v2/webhook/subscription`, {
        headers: { 'x-client-id': 'oura-dev-client', 'x-client-secret': 'oura-dev-secret' },
      })
    ).json()) as { data_type: string; event_type: string; callback_url: string }[];
    expect(list.map((s) => `${s.event_type}/${s.data_type}`).sort()).toEqual([
      'create/daily_activity',
      'create/sleep',
      'create/workout',
      'update/daily_activity',
      'update/sleep',
      'update/workout',
    ]);
    expect(results.filter((r) => r.kind === 'challenge')).toHaveLength(6);
  });

  it('turns a signed event into a notification for the user and stream', async () => {
    results.length = 0;
    const status = await running.emulator.notify!(`${receiver.url}/hooks/oura`, accountId, {
      data_type: 'sleep',
      event_type: 'update',
    });
    expect(status).toBe(200);
    expect(results).toEqual([
      {
        kind: 'notifications',
        status: 200,
        notifications: [{ externalUserId: accountId, streams: ['sleep'], start: null, end: null }],
      },
    ]);
  });

  it('rejects a bad signature and a wrong verification token', async () => {
    results.length = 0;
    const body = JSON.stringify({
      event_type: 'create',
      data_type: 'sleep',
      object_id: 'x',
      user_id: accountId,
    });
    const res = await fetch(`${receiver.url}/hooks/oura`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-oura-signature': 'AB'.repeat(32),
        'x-oura-timestamp': '1700000000',
      },
      body,
    });
    expect(res.status).toBe(401);
    const challenge = await fetch(`${receiver.url}/hooks/oura?verification_token=nope&challenge=abc`);
    expect(challenge.status).toBe(401);
    expect(results.map((r) => r.kind)).toEqual(['rejected', 'rejected']);
  });
});
