import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import type { ConnectorContext, FetchPage, OAuthSpec, ProviderTokens, StreamSpec } from '../../connector';
import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../errors';
import { buildAuthorizeUrl } from '../../oauth';
import { createConnectorContext } from '../../registry';
import { createIngestionTarget, type IngestionTarget } from './__tests__/ingestion-target';
import { startInboundReceiver, type InboundReceiver } from './__tests__/inbound-receiver';
import { createPolarWebhook, polarConnector } from './index';

const NOW = new Date('2026-03-20T10:00:00.000Z');
const WINDOW = { start: new Date(NOW.getTime() - 7 * 86_400_000), end: NOW };
const ZONE = 'Africa/Johannesburg';
const REDIRECT = 'http://127.0.0.1:9/oauth/callback';

let running: RunningEmulator;
let ctx: ConnectorContext;
let target: IngestionTarget;
let receiver: InboundReceiver;

beforeAll(async () => {
  running = await startEmulator('polar', { now: () => NOW });
  ctx = createConnectorContext({
    settings: { apiUrl: running.apiUrl, authUrl: running.authUrl },
    client: running.emulator.client,
    allowList: null,
    now: () => NOW,
  });
  target = await createIngestionTarget(() => NOW);
  receiver = await startInboundReceiver();
});
afterAll(async () => {
  await receiver.close();
  await target.destroy();
  await running.server.close();
});
afterEach(() => running.emulator.faults.clear());

async function connect(username: string): Promise<ProviderTokens> {
  const spec = polarConnector.auth as OAuthSpec;
  const url = buildAuthorizeUrl(spec, running.authUrl, {
    clientId: running.emulator.client.clientId,
    redirectUri: REDIRECT,
    scopes: spec.baseScopes,
    state: 'state-1',
  });
  expect(new URL(url).pathname).toBe('/oauth2/authorization');
  running.emulator.oauth!.setAutoConsent(username);
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('state-1');
  return polarConnector.exchangeCode!(ctx, back.searchParams.get('code')!, REDIRECT, null);
}

async function fetchAll(stream: StreamSpec, tokens: ProviderTokens): Promise<FetchPage[]> {
  const pages: FetchPage[] = [];
  let pageToken: string | null = null;
  do {
    const page: FetchPage = await stream.fetch(ctx, { tokens, ...WINDOW, pageToken, fallbackTimeZone: ZONE });
    pages.push(page);
    pageToken = page.nextPage;
  } while (pageToken !== null && pages.length < 50);
  return pages;
}

const streamNamed = (name: string) => polarConnector.streams.find((s) => s.name === name)!;

async function raw<T>(tokens: ProviderTokens, path: string): Promise<T> {
  const res = await fetch(`${running.apiUrl}${path}`, {
    headers: { authorization: `Bearer ${tokens.accessToken}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const inWindow = (ms: number) => ms >= WINDOW.start.getTime() && ms < WINDOW.end.getTime();

describe('Polar AccessLink connector against the emulator', () => {
  it('exchanges the code for a long-lived token with x_user_id and no refresh token', async () => {
    const tokens = await connect('alice');
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.externalUserId).toMatch(/^\d+$/);
    expect(tokens.scopes).toEqual(['accesslink.read_all']);
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(NOW.getTime() + 5 * 365 * 86_400_000);
    expect(polarConnector.refresh).toBeUndefined();
    const identity = await polarConnector.identify!(ctx, tokens);
    expect(identity.externalUserId).toBe(tokens.externalUserId);
  });

  it('needs the user registered before data; a second registration is a harmless 409', async () => {
    const tokens = await connect('bob');
    await expect(
      streamNamed('exercises').fetch(ctx, { tokens, ...WINDOW, pageToken: null, fallbackTimeZone: ZONE }),
    ).rejects.toMatchObject({
      name: 'ProviderAuthError',
      reason: 'user_not_found',
    });
    expect(await polarConnector.register!(ctx, tokens)).toMatchObject({ alreadyRegistered: false });
    expect(await polarConnector.register!(ctx, tokens)).toMatchObject({ alreadyRegistered: true });
    const user = await raw<Record<string, unknown>>(tokens, `/v3/users/${tokens.externalUserId}`);
    expect(user['member-id']).toBe(`meridian-${tokens.externalUserId}`);
  });

  it('maps every stream to what the emulator serves, ingests it, and a repeat duplicates nothing', async () => {
    const tokens = await connect('carol');
    await polarConnector.register!(ctx, tokens);
    const userId = await target.insertUser(ZONE);
    const pagesByStream = new Map<string, FetchPage[]>();
    for (const stream of polarConnector.streams)
      pagesByStream.set(stream.name, await fetchAll(stream, tokens));
    const all = [...pagesByStream.values()].flat();

    // Sleep: one summary per night ending in the window, stage seconds and start instants as served.
    const { nights } = await raw<{ nights: Record<string, unknown>[] }>(tokens, '/v3/users/sleep');
    const served = nights.filter((n) => inWindow(Date.parse(n.sleep_end_time as string)));
    const sleeps = pagesByStream.get('sleep')!.flatMap((p) => p.summaries);
    expect(served.length).toBeGreaterThanOrEqual(6);
    expect(sleeps.map((s) => s.provider_id).sort()).toEqual(served.map((n) => n.date).sort());
    for (const night of served) {
      const s = sleeps.find((x) => x.provider_id === night.date)!;
      expect(Date.parse(s.fields.bedtime_start as string)).toBe(Date.parse(night.sleep_start_time as string));
      expect(s.fields.deep).toBe(night.deep_sleep);
      expect(s.timezone_offset).toBe(7200);
      expect(s.fields.average_hrv).toEqual(expect.any(Number));
    }
    const hypnogram = pagesByStream
      .get('sleep')!
      .flatMap((p) => p.timeseries)
      .filter((t) => t.resource === 'hypnogram');
    expect(
      hypnogram.flatMap((t) => t.samples).every((x) => [1, 2, 3, 4, -1].includes(x.value as number)),
    ).toBe(true);

    // Continuous heart rate: one page per day; local sample_time placed with the user's zone (UTC+2).
    const hrPages = pagesByStream.get('heart_rate')!;
    expect(hrPages.length).toBeGreaterThan(7);
    let servedHr = 0;
    for (const date of [
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
      '2026-03-17',
      '2026-03-18',
      '2026-03-19',
      '2026-03-20',
    ]) {
      const day = await raw<{ heart_rate_samples: { sample_time: string }[] }>(
        tokens,
        `/v3/users/continuous-heart-rate/${date}`,
      );
      servedHr += day.heart_rate_samples.filter((s) =>
        inWindow(Date.parse(`${date}T${s.sample_time}+02:00`)),
      ).length;
    }
    const hr = hrPages.flatMap((p) => p.timeseries).flatMap((t) => t.samples);
    expect(hr).toHaveLength(servedHr);
    expect(hr[0]!.timestamp).toMatch(/\+02:00$/);

    // Daily activity: the step samples add up to the days' totals.
    const days = await raw<{ start_time: string; steps: number }[]>(
      tokens,
      '/v3/users/activities?from=2026-03-13&to=2026-03-20&steps=true',
    );
    const servedSteps = days
      .filter((d) => inWindow(Date.parse(`${d.start_time}+02:00`)))
      .reduce((a, d) => a + d.steps, 0);
    const steps = pagesByStream
      .get('activity')!
      .flatMap((p) => p.timeseries)
      .filter((t) => t.resource === 'steps');
    expect(steps.flatMap((t) => t.samples).reduce((a, s) => a + (s.value as number), 0)).toBe(servedSteps);

    // Exercises: a workout per exercise started in the window, with its heart-rate stream.
    const exercises = await raw<{ id: string; start_time: string }[]>(tokens, '/v3/exercises');
    const servedEx = exercises.filter((e) => inWindow(Date.parse(`${e.start_time}+02:00`)));
    const workouts = pagesByStream.get('exercises')!.flatMap((p) => p.summaries);
    expect(servedEx.length).toBeGreaterThan(0);
    expect(workouts.map((w) => w.provider_id).sort()).toEqual(servedEx.map((e) => e.id).sort());
    const streams = pagesByStream.get('exercises')!.flatMap((p) => p.workoutStreams);
    expect(streams).toHaveLength(servedEx.length);
    expect(streams[0]!.stream.heartrate!.length).toBe(streams[0]!.stream.time!.length);

    // Through the real ingestion path: everything accepted, and a second pass changes nothing.
    let created = 0;
    for (const page of all) created += (await target.ingestPage(userId, page)).created;
    expect(created).toBeGreaterThan(0);
    expect(await target.count('summaries', userId, { kind: 'sleep' })).toBe(served.length);
    expect(await target.count('summaries', userId, { kind: 'workouts' })).toBe(servedEx.length);
    expect(await target.count('workout_streams', userId)).toBe(servedEx.length);
    const samplesBefore = await target.count('timeseries_samples', userId);
    for (const page of all) {
      const again = await target.ingestPage(userId, page);
      expect({ created: again.created, updated: again.updated }).toEqual({ created: 0, updated: 0 });
    }
    expect(await target.count('timeseries_samples', userId)).toBe(samplesBefore);
  });

  it('creates the webhook (PING answered), and accepts only correctly signed events', async () => {
    const tokens = await connect('dave');
    await polarConnector.register!(ctx, tokens);
    const registration = await createPolarWebhook(ctx, receiver.url);
    expect(registration.signatureSecretKey).toBe(running.emulator.client.details!.webhook_secret);
    const ping = receiver.received.at(-1)!;
    expect(JSON.parse(ping.rawBody.toString()).event).toBe('PING');
    expect(polarConnector.webhook!.handle(ping, running.emulator.client)).toEqual({
      kind: 'notifications',
      notifications: [],
      status: 200,
    });

    const status = await running.emulator.notify!(receiver.url, tokens.externalUserId!, {
      event: 'SLEEP',
      date: '2026-03-19',
    });
    expect(status).toBe(200);
    const event = receiver.received.at(-1)!;
    expect(JSON.parse(event.rawBody.toString())).toMatchObject({
      event: 'SLEEP',
      url: expect.stringContaining('/v3/users/sleep/2026-03-19'),
    });
    const result = await polarConnector.webhook!.handle(event, running.emulator.client);
    expect(result).toEqual({
      kind: 'notifications',
      status: 200,
      notifications: [
        {
          externalUserId: tokens.externalUserId,
          streams: ['sleep'],
          start: new Date('2026-03-18T00:00:00Z'),
          end: new Date('2026-03-21T00:00:00Z'),
        },
      ],
    });

    const tampered = {
      ...event,
      rawBody: Buffer.from(event.rawBody.toString().replace('SLEEP', 'EXERCISE')),
    };
    expect(await polarConnector.webhook!.handle(tampered, running.emulator.client)).toMatchObject({
      kind: 'rejected',
      status: 401,
    });
    const wrongSecret = { ...running.emulator.client, details: { webhook_secret: 'not-the-secret' } };
    expect(await polarConnector.webhook!.handle(event, wrongSecret)).toMatchObject({
      kind: 'rejected',
      status: 401,
    });
    const unsigned = { ...event, headers: { ...event.headers, 'polar-webhook-signature': undefined } };
    expect(await polarConnector.webhook!.handle(unsigned, running.emulator.client)).toMatchObject({
      kind: 'rejected',
      status: 401,
    });
  });

  it('classifies provider faults', async () => {
    const tokens = await connect('erin');
    await polarConnector.register!(ctx, tokens);
    const exercises = () =>
      streamNamed('exercises').fetch(ctx, { tokens, ...WINDOW, pageToken: null, fallbackTimeZone: ZONE });

    running.emulator.faults.set({ rateLimit: { retryAfterSeconds: 7 }, times: 1 });
    const limited = await exercises().catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ProviderRateLimitError);
    expect((limited as ProviderRateLimitError).retryAfterSeconds).toBe(7);

    running.emulator.faults.set({ serverError: 503, times: 1 });
    await expect(exercises()).rejects.toBeInstanceOf(ProviderUnavailableError);
    running.emulator.faults.set({ malformed: true, times: 1 });
    await expect(exercises()).rejects.toBeInstanceOf(ProviderResponseError);
    running.emulator.faults.set({ revoked: true });
    await expect(exercises()).rejects.toBeInstanceOf(ProviderAuthError);
    running.emulator.faults.clear();
    await expect(exercises()).resolves.toMatchObject({ nextPage: null });
  });

  it('revokes by de-registering the user; the token then stops working', async () => {
    const tokens = await connect('frank');
    await polarConnector.register!(ctx, tokens);
    await polarConnector.revoke!(ctx, tokens);
    await expect(
      streamNamed('sleep').fetch(ctx, { tokens, ...WINDOW, pageToken: null, fallbackTimeZone: ZONE }),
    ).rejects.toMatchObject({
      name: 'ProviderAuthError',
      reason: 'token_revoked',
    });
    // Revoking again (already gone) is not an error.
    await expect(polarConnector.revoke!(ctx, tokens)).resolves.toBeUndefined();
  });
});
