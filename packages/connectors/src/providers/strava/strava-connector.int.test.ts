import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import type {
  ConnectorContext,
  InboundWebhook,
  ProviderTokens,
  WebhookNotification,
  WebhookResult,
} from '../../connector';
import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../errors';
import { authorize, contextFor, fetchWindow, totals, useIngestionDb } from '../__tests__/connector-test-kit';
import { stravaConnector } from './strava-connector';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const DAY = 86_400_000;
const now = () => NOW;

interface RawActivity {
  id: number;
  start_date: string;
  start_date_local: string;
  timezone: string;
  manual: boolean;
  private: boolean;
  elapsed_time: number;
}

let running: RunningEmulator;
let ctx: ConnectorContext;
const store = useIngestionDb(now);
const activities = stravaConnector.streams.find((s) => s.name === 'activities')!;

beforeAll(async () => {
  running = await startEmulator('strava', { now, historyDays: 200 });
  ctx = contextFor(running, now);
  await setLimits(100_000, 1_000_000);
});
afterAll(() => running.server.close());
afterEach(() => running.emulator.faults.clear());

async function setLimits(shortTerm: number, daily: number) {
  const res = await fetch(`${running.server.url}/__emulator/rate-limits`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shortTerm, daily }),
  });
  expect(res.status).toBe(200);
}

async function rawList(tokens: ProviderTokens, start: Date, end: Date): Promise<RawActivity[]> {
  const q = new URLSearchParams({
    after: String(start.getTime() / 1000 - 1),
    before: String(end.getTime() / 1000),
    per_page: '200',
  });
  const res = await fetch(`${running.apiUrl}/athlete/activities?${q.toString()}`, {
    headers: { authorization: `Bearer ${tokens.accessToken}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as RawActivity[];
}

describe('Strava connector against the emulator', () => {
  let tokens: ProviderTokens;

  it('authorizes with comma-separated scopes and reads the athlete from the token answer', async () => {
    const result = await authorize(stravaConnector, running, ctx, 'alice');
    tokens = result.tokens;
    expect(result.authorizeUrl.pathname).toBe('/oauth/authorize');
    expect(result.authorizeUrl.searchParams.get('scope')).toBe('read,activity:read_all,profile:read_all');
    expect(result.authorizeUrl.searchParams.get('approval_prompt')).toBe('auto');
    expect(tokens.externalUserId).toMatch(/^\d+$/);
    expect(tokens.scopes).toEqual(['read', 'activity:read_all', 'profile:read_all']);
    expect(tokens.expiresAt?.getTime()).toBe(NOW.getTime() + 6 * 3600 * 1000);
    await expect(stravaConnector.identify!(ctx, tokens)).resolves.toEqual({
      externalUserId: tokens.externalUserId,
    });
  });

  it('pages activities until an empty page, with streams, and ingests them once', async () => {
    const start = new Date(NOW.getTime() - 60 * DAY);
    const { pages, merged } = await fetchWindow(activities, ctx, {
      tokens,
      start,
      end: NOW,
      fallbackTimeZone: null,
    });
    const served = await rawList(tokens, start, NOW);
    // An activity every 2–3 days, some "Only Me" (listed because we hold activity:read_all), some manual.
    expect(served.length).toBeGreaterThanOrEqual(22);
    expect(served.some((a) => a.private)).toBe(true);
    expect(pages.length).toBe(Math.ceil(served.length / 20) + 1);
    expect(pages.at(-1)!.summaries).toHaveLength(0);
    expect(merged.summaries.map((s) => s.provider_id).sort()).toEqual(served.map((a) => String(a.id)).sort());
    const recorded = served.filter((a) => !a.manual);
    expect(merged.workoutStreams.map((w) => w.workout_provider_id).sort()).toEqual(
      recorded.map((a) => String(a.id)).sort(),
    );

    for (const a of served) {
      const s = merged.summaries.find((x) => x.provider_id === String(a.id))!;
      expect(s.time_zone).toBe(a.timezone.replace(/^\(GMT[^)]*\) /, ''));
      expect(s.timezone_offset).toBe((Date.parse(a.start_date_local) - Date.parse(a.start_date)) / 1000);
      expect(s.fields.time_start).toBe(new Date(a.start_date).toISOString());
      expect(Date.parse(String(s.fields.time_end)) - Date.parse(a.start_date)).toBe(a.elapsed_time * 1000);
    }
    const withGps = merged.workoutStreams.find((w) => w.stream.lat);
    expect(withGps).toBeDefined();
    expect(withGps!.stream.lat).toHaveLength(withGps!.stream.time!.length);
    const hrSamples = merged.timeseries.filter((t) => t.resource === 'heartrate').flatMap((t) => t.samples);
    const hrStreamPoints = merged.workoutStreams.reduce((n, w) => n + (w.stream.heartrate?.length ?? 0), 0);
    expect(hrSamples).toHaveLength(hrStreamPoints);

    const userId = await store.insertUser();
    const first = totals(await store.ingestPages(userId, pages));
    expect(first.dropped).toBe(0);
    const workouts = await store.db
      .knex('summaries')
      .where({ user_id: userId, kind: 'workouts', provider: 'strava' });
    expect(workouts).toHaveLength(served.length);
    const streamRows = await store.db.knex('workout_streams').where({ user_id: userId });
    expect(streamRows).toHaveLength(recorded.length);
    const hrRows = await store.db
      .knex('timeseries_samples')
      .where({ user_id: userId, resource: 'heartrate' })
      .count<{ count: string }[]>('* as count');
    expect(Number(hrRows[0]!.count)).toBe(hrSamples.length);
    const again = totals(await store.ingestPages(userId, pages));
    expect(again.created).toBe(0);
    expect(await store.db.knex('summaries').where({ user_id: userId, kind: 'workouts' })).toHaveLength(
      served.length,
    );
  });

  it('ingests the athlete profile', async () => {
    const profile = stravaConnector.streams.find((s) => s.name === 'profile')!;
    const { pages, merged } = await fetchWindow(profile, ctx, {
      tokens,
      start: new Date(NOW.getTime() - DAY),
      end: NOW,
      fallbackTimeZone: null,
    });
    expect(merged.summaries).toHaveLength(1);
    expect(['male', 'female']).toContain(merged.summaries[0]!.fields.sex);
    const userId = await store.insertUser();
    expect(totals(await store.ingestPages(userId, pages)).created).toBe(1);
  });

  it('refreshes with rotation: the old refresh token dies once used', async () => {
    const refreshed = await stravaConnector.refresh!(ctx, tokens);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(refreshed.externalUserId).toBe(tokens.externalUserId);
    await expect(stravaConnector.refresh!(ctx, tokens)).rejects.toMatchObject({
      reason: 'token_refresh_failed',
    });
    tokens = refreshed;
    await expect(stravaConnector.identify!(ctx, tokens)).resolves.toBeDefined();
  });

  it('reads 429s: Retry-After when given, else the reset of the exhausted window', async () => {
    const req = {
      tokens,
      start: new Date(NOW.getTime() - 5 * DAY),
      end: NOW,
      pageToken: null,
      fallbackTimeZone: null,
    };
    running.emulator.faults.set({ rateLimit: { retryAfterSeconds: 30 }, times: 1 });
    await expect(activities.fetch(ctx, req)).rejects.toMatchObject({
      name: 'ProviderRateLimitError',
      retryAfterSeconds: 30,
    });

    await setLimits(0, 1_000_000);
    const short = await activities.fetch(ctx, req).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(ProviderRateLimitError);
    // NOW is 12:00:00 UTC: the 15-minute window resets in 900 s.
    expect((short as ProviderRateLimitError).retryAfterSeconds).toBe(900);
    await setLimits(100_000, 0);
    await expect(activities.fetch(ctx, req)).rejects.toMatchObject({ retryAfterSeconds: 12 * 3600 });
    await setLimits(100_000, 1_000_000);

    running.emulator.faults.set({ serverError: 502, times: 1 });
    await expect(activities.fetch(ctx, req)).rejects.toBeInstanceOf(ProviderUnavailableError);
    running.emulator.faults.set({ malformed: true, times: 1 });
    await expect(activities.fetch(ctx, req)).rejects.toBeInstanceOf(ProviderResponseError);
    await expect(activities.fetch(ctx, req)).resolves.toBeDefined();
  });

  it('tells a missing activity scope from a revoked token', async () => {
    running.emulator.oauth!.setAutoConsent('bob', { grantScopes: ['read'] });
    const res = await fetch(
      `${running.authUrl}/oauth/authorize?response_type=code&client_id=${running.emulator.client.clientId}&redirect_uri=${encodeURIComponent('https://app.example.test/cb')}&scope=read,activity:read_all&state=s`,
      { redirect: 'manual' },
    );
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const bob = await stravaConnector.exchangeCode!(ctx, code, 'https://app.example.test/cb', null);
    const req = {
      tokens: bob,
      start: new Date(NOW.getTime() - 5 * DAY),
      end: NOW,
      pageToken: null,
      fallbackTimeZone: null,
    };
    await expect(activities.fetch(ctx, req)).rejects.toMatchObject({
      name: 'ProviderAuthError',
      reason: 'required_scopes_not_granted',
    });
  });

  describe('push subscription and events', () => {
    let server: Server;
    let callbackUrl: string;
    const results: WebhookResult[] = [];

    beforeAll(async () => {
      // Stands in for the data API's webhook route: raw request → connector.webhook.handle → response.
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const url = new URL(req.url ?? '/', 'http://127.0.0.1');
          const inbound: InboundWebhook = {
            method: req.method ?? 'GET',
            headers: req.headers as Record<string, string | undefined>,
            query: Object.fromEntries(url.searchParams),
            rawBody: Buffer.concat(chunks),
            url: url.toString(),
          };
          void Promise.resolve(stravaConnector.webhook!.handle(inbound, running.emulator.client)).then(
            (result) => {
              results.push(result);
              const status = result.kind === 'notifications' ? (result.status ?? 200) : result.status;
              const body =
                result.kind === 'challenge'
                  ? result.body
                  : result.kind === 'rejected'
                    ? { error: result.reason }
                    : {};
              res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
            },
          );
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/strava`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    const subscribe = (verifyToken: string) =>
      fetch(`${running.apiUrl}/push_subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: running.emulator.client.clientId,
          client_secret: running.emulator.client.clientSecret,
          callback_url: callbackUrl,
          verify_token: verifyToken,
        }),
      });

    it('answers the validation GET only for our verify token', async () => {
      expect((await subscribe('someone-elses-token')).status).toBe(400);
      expect(results.at(-1)).toMatchObject({ kind: 'rejected', status: 403 });
      const ok = await subscribe(String(running.emulator.client.details!.verify_token));
      expect(ok.status).toBe(201);
      expect(results.at(-1)).toMatchObject({ kind: 'challenge', status: 200 });
    });

    it('turns an activity create into a fetch window that holds the new activity', async () => {
      const athleteId = tokens.externalUserId!;
      expect(await running.emulator.notify!(callbackUrl, athleteId)).toBe(200);
      const result = results.at(-1)!;
      expect(result.kind).toBe('notifications');
      const [n] = (result as { notifications: WebhookNotification[] }).notifications;
      expect(n).toMatchObject({ externalUserId: athleteId, streams: ['activities'] });
      const { merged } = await fetchWindow(activities, ctx, {
        tokens,
        start: n!.start!,
        end: n!.end!,
        fallbackTimeZone: null,
      });
      const latest = (await rawList(tokens, new Date(NOW.getTime() - 30 * DAY), NOW)).sort(
        (a, b) => Date.parse(b.start_date) - Date.parse(a.start_date),
      )[0]!;
      expect(merged.summaries.map((s) => s.provider_id)).toContain(String(latest.id));
    });

    it('reports an athlete deauthorization as deregistered', async () => {
      const athleteId = tokens.externalUserId!;
      const status = await running.emulator.notify!(callbackUrl, athleteId, {
        object_type: 'athlete',
        aspect_type: 'update',
        object_id: Number(athleteId),
        updates: { authorized: 'false' },
      });
      expect(status).toBe(200);
      expect(results.at(-1)).toEqual({
        kind: 'notifications',
        notifications: [{ externalUserId: athleteId, streams: [], deregistered: true }],
      });
    });
  });

  it('deauthorizes: the token stops working', async () => {
    await stravaConnector.revoke!(ctx, tokens);
    const err = await stravaConnector.identify!(ctx, tokens).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderAuthError);
    expect((err as ProviderAuthError).reason).toBe('token_revoked');
    await expect(stravaConnector.refresh!(ctx, tokens)).rejects.toMatchObject({
      reason: 'token_refresh_failed',
    });
  });
});
