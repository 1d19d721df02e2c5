import {
  isGarminEmulator,
  startEmulator,
  type GarminEmulator,
  type RunningEmulator,
} from '@meridian/provider-emulators';
import type {
  ConnectorContext,
  FetchPage,
  InboundWebhook,
  OAuthSpec,
  ProviderTokens,
  WebhookNotification,
} from '../../connector';
import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderTargetRefusedError,
  ProviderUnavailableError,
} from '../../errors';
import { buildAuthorizeUrl, createPkcePair } from '../../oauth';
import { createConnectorContext } from '../../registry';
import { createIngestionTarget, type IngestionTarget } from '../polar/__tests__/ingestion-target';
import { startInboundReceiver, type InboundReceiver } from '../polar/__tests__/inbound-receiver';
import { garminConnector } from './index';

const NOW = new Date('2026-03-20T15:00:00.000Z');
const DAY = 86_400_000;
const REDIRECT = 'http://127.0.0.1:9/oauth/callback';

let running: RunningEmulator;
let garmin: GarminEmulator;
let ctx: ConnectorContext;
let target: IngestionTarget;
let receiver: InboundReceiver;

beforeAll(async () => {
  running = await startEmulator('garmin', { now: () => NOW });
  if (!isGarminEmulator(running.emulator)) throw new Error('not the Garmin emulator');
  garmin = running.emulator;
  ctx = createConnectorContext({
    settings: { apiUrl: running.apiUrl, authUrl: running.authUrl },
    client: garmin.client,
    allowList: null,
    now: () => NOW,
  });
  target = await createIngestionTarget(() => NOW);
  receiver = await startInboundReceiver();
  garmin.setWebhookTarget(receiver.url);
});
afterAll(async () => {
  await receiver.close();
  await target.destroy();
  await running.server.close();
});
afterEach(() => {
  garmin.faults.clear();
  garmin.setDeliveryMode('push');
});

async function authorizeCode(username: string, challenge: string): Promise<string> {
  const url = buildAuthorizeUrl(garminConnector.auth as OAuthSpec, running.authUrl, {
    clientId: garmin.client.clientId,
    redirectUri: REDIRECT,
    scopes: [],
    state: 'st',
    codeChallenge: challenge,
  });
  expect(new URL(url).pathname).toBe('/oauth2Confirm');
  expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
  garmin.oauth!.setAutoConsent(username);
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

async function connect(username: string): Promise<ProviderTokens> {
  const pkce = createPkcePair();
  return garminConnector.exchangeCode!(
    ctx,
    await authorizeCode(username, pkce.challenge),
    REDIRECT,
    pkce.verifier,
  );
}

/** What arrived since `from`, handled as the data API would (configured API base given). */
async function handleArrived(from: number): Promise<WebhookNotification[]> {
  await garmin.settled();
  const out: WebhookNotification[] = [];
  for (const inbound of receiver.received.slice(from)) {
    const result = await garminConnector.webhook!.handle(
      { ...inbound, apiBaseUrl: running.apiUrl },
      garmin.client,
    );
    if (result.kind !== 'notifications') throw new Error(`rejected: ${JSON.stringify(result)}`);
    out.push(...result.notifications);
  }
  return out;
}

const asPage = (n: WebhookNotification): Omit<FetchPage, 'nextPage'> => n.inline!;
const sum = (page: Omit<FetchPage, 'nextPage'>[], resource: string) =>
  page
    .flatMap((p) => p.timeseries)
    .filter((t) => t.resource === resource)
    .flatMap((t) => t.samples)
    .reduce((a, s) => a + (s.value as number), 0);

function inbound(
  body: unknown,
  headers: Record<string, string> = { 'garmin-client-id': garmin.client.clientId },
): InboundWebhook {
  return {
    method: 'POST',
    headers,
    query: {},
    rawBody: Buffer.from(JSON.stringify(body)),
    url: receiver.url,
    apiBaseUrl: running.apiUrl,
  };
}

describe('Garmin Health API connector against the emulator', () => {
  it('authorizes with PKCE, identifies the user, reads permissions and rotates the refresh token', async () => {
    const pkce = createPkcePair();
    const code = await authorizeCode('alice', pkce.challenge);
    await expect(garminConnector.exchangeCode!(ctx, code, REDIRECT, null)).rejects.toBeInstanceOf(
      ProviderAuthError,
    );
    const tokens = await connect('alice');
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.scopes.sort()).toEqual(['ACTIVITY_EXPORT', 'HEALTH_EXPORT']);
    const { externalUserId } = await garminConnector.identify!(ctx, tokens);
    expect(externalUserId).toBe(garmin.garminUserIdOf('alice'));
    const refreshed = await garminConnector.refresh!(ctx, tokens);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(refreshed.scopes).toEqual(tokens.scopes);
  });

  it('backfills by request; the pushed summaries map, ingest, and a repeat duplicates nothing', async () => {
    const tokens = await connect('bob');
    const { externalUserId } = await garminConnector.identify!(ctx, tokens);
    const userId = await target.insertUser(null);
    const window = { start: new Date(NOW.getTime() - 5 * DAY), end: NOW };
    const from = receiver.received.length;
    for (const stream of garminConnector.streams) {
      const page = await stream.fetch(ctx, { tokens, ...window, pageToken: null, fallbackTimeZone: null });
      expect(page).toEqual({ timeseries: [], summaries: [], workoutStreams: [], nextPage: null });
    }
    const notifications = await handleArrived(from);
    expect(new Set(notifications.map((n) => n.streams[0]))).toEqual(
      new Set(['dailies', 'epochs', 'sleeps', 'activities']),
    );
    expect(notifications.every((n) => n.externalUserId === externalUserId && n.inline)).toBe(true);

    // What was pushed and what the connector made of it agree.
    const pushed = receiver.received
      .slice(from)
      .map((r) => JSON.parse(r.rawBody.toString()) as Record<string, Record<string, unknown>[]>);
    const items = (type: string) => pushed.flatMap((b) => b[type] ?? []);
    const pages = notifications.map(asPage);
    expect(sum(pages, 'steps')).toBe(items('epochs').reduce((a, e) => a + (e.steps as number), 0));
    const sleeps = pages.flatMap((p) => p.summaries).filter((s) => s.kind === 'sleep');
    expect(sleeps.map((s) => s.provider_id).sort()).toEqual(
      items('sleeps')
        .map((s) => s.summaryId)
        .sort(),
    );
    const firstSleep = items('sleeps')[0]!;
    const mapped = sleeps.find((s) => s.provider_id === firstSleep.summaryId)!;
    expect(mapped.fields.deep).toBe(firstSleep.deepSleepDurationInSeconds);
    expect(mapped.fields.bedtime_start).toMatch(/-05:00$/);
    expect(Date.parse(mapped.fields.bedtime_start as string) / 1000).toBe(firstSleep.startTimeInSeconds);
    const hr = pages
      .flatMap((p) => p.timeseries)
      .filter((t) => t.resource === 'heartrate')
      .flatMap((t) => t.samples);
    const servedHr = items('dailies').reduce(
      (a, d) => a + Object.keys(d.timeOffsetHeartRateSamples as object).length + 1,
      0,
    );
    expect(hr).toHaveLength(servedHr);
    const workouts = pages.flatMap((p) => p.summaries).filter((s) => s.kind === 'workouts');
    expect(workouts).toHaveLength(items('activities').length);

    let created = 0;
    for (const page of pages) created += (await target.ingestPage(userId, page)).created;
    expect(created).toBeGreaterThan(0);
    expect(await target.count('summaries', userId, { kind: 'sleep' })).toBe(items('sleeps').length);
    for (const page of pages) {
      const again = await target.ingestPage(userId, page);
      expect({ created: again.created, updated: again.updated }).toEqual({ created: 0, updated: 0 });
    }

    // The same range again: Garmin answers 409, which counts as asked; nothing new is sent.
    const before = receiver.received.length;
    await garminConnector.streams[0]!.fetch(ctx, {
      tokens,
      ...window,
      pageToken: null,
      fallbackTimeZone: null,
    });
    await garmin.settled();
    expect(receiver.received.length).toBe(before);
  });

  it('in ping mode hands over a callback URL, fetched with the user token', async () => {
    garmin.setDeliveryMode('ping');
    const tokens = await connect('carol');
    const userId = await target.insertUser(null);
    const from = receiver.received.length;
    const sleeps = garminConnector.streams.find((s) => s.name === 'sleeps')!;
    await sleeps.fetch(ctx, {
      tokens,
      start: new Date(NOW.getTime() - 10 * DAY),
      end: NOW,
      pageToken: null,
      fallbackTimeZone: null,
    });
    const [ping] = await handleArrived(from);
    expect(ping).toMatchObject({
      streams: ['sleeps'],
      callbackUrl: expect.stringContaining(`${running.apiUrl}/wellness-api/rest/sleeps?`),
    });
    expect(ping!.inline).toBeUndefined();
    const page = await garminConnector.webhook!.fetchCallback!(ctx, tokens, ping!.callbackUrl!);
    const served = (await (
      await fetch(ping!.callbackUrl!, { headers: { authorization: `Bearer ${tokens.accessToken}` } })
    ).json()) as unknown[];
    expect(served.length).toBeGreaterThanOrEqual(9);
    expect(page.summaries).toHaveLength(served.length);
    expect((await target.ingestPage(userId, page)).created).toBeGreaterThan(served.length);

    // A ping pointing anywhere but the Garmin API origin is refused, at the webhook and at the fetch.
    const evil = {
      sleeps: [
        {
          userId: ping!.externalUserId,
          callbackURL: 'http://169.254.169.254/wellness-api/rest/sleeps?token=x',
        },
      ],
    };
    expect(await garminConnector.webhook!.handle(inbound(evil), garmin.client)).toMatchObject({
      kind: 'rejected',
      status: 400,
    });
    const otherPath = {
      sleeps: [{ userId: ping!.externalUserId, callbackURL: `${running.apiUrl}/__emulator/faults` }],
    };
    expect(await garminConnector.webhook!.handle(inbound(otherPath), garmin.client)).toMatchObject({
      kind: 'rejected',
      status: 400,
    });
    await expect(
      garminConnector.webhook!.fetchCallback!(
        ctx,
        tokens,
        'http://169.254.169.254/wellness-api/rest/sleeps?token=x',
      ),
    ).rejects.toBeInstanceOf(ProviderTargetRefusedError);
  });

  it('refuses notifications that do not name this app or are malformed', async () => {
    const body = {
      dailies: [{ userId: 'u1', callbackURL: `${running.apiUrl}/wellness-api/rest/dailies?token=x` }],
    };
    expect(await garminConnector.webhook!.handle(inbound(body, {}), garmin.client)).toMatchObject({
      kind: 'rejected',
      status: 401,
    });
    expect(
      await garminConnector.webhook!.handle(
        inbound({ dailies: [{ calendarDate: '2026-03-01' }] }),
        garmin.client,
      ),
    ).toMatchObject({
      kind: 'rejected',
      status: 400,
    });
    expect(
      await garminConnector.webhook!.handle(
        inbound({ sleeps: [{ userId: 'u1', summaryId: 's' }] }),
        garmin.client,
      ),
    ).toMatchObject({
      kind: 'rejected',
      status: 400,
    });
    // Summary types Meridian does not ingest are acknowledged without notifications.
    expect(
      await garminConnector.webhook!.handle(inbound({ stressDetails: [{ userId: 'u1' }] }), garmin.client),
    ).toEqual({
      kind: 'notifications',
      notifications: [],
      status: 200,
    });
  });

  it('tells a deregistration, after which the token is dead; revoke deregisters too', async () => {
    const tokens = await connect('dave');
    const { externalUserId } = await garminConnector.identify!(ctx, tokens);
    const from = receiver.received.length;
    expect(await garmin.notify!(receiver.url, externalUserId, { kind: 'deregistration' })).toBe(200);
    expect(await handleArrived(from)).toEqual([{ externalUserId, streams: [], deregistered: true }]);
    await expect(garminConnector.identify!(ctx, tokens)).rejects.toMatchObject({ name: 'ProviderAuthError' });

    const other = await connect('erin');
    await garminConnector.revoke!(ctx, other);
    await expect(garminConnector.identify!(ctx, other)).rejects.toBeInstanceOf(ProviderAuthError);
    await expect(garminConnector.revoke!(ctx, other)).resolves.toBeUndefined();
  });

  it('classifies provider faults', async () => {
    const tokens = await connect('frank');
    // Each call asks for another range, so no answer is a duplicate-request 409.
    let calls = 0;
    const dailies = () =>
      garminConnector.streams[0]!.fetch(ctx, {
        tokens,
        start: new Date(NOW.getTime() - DAY * (calls += 1)),
        end: NOW,
        pageToken: null,
        fallbackTimeZone: null,
      });
    garmin.faults.set({ rateLimit: { retryAfterSeconds: 30 }, times: 1 });
    const limited = await dailies().catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ProviderRateLimitError);
    expect((limited as ProviderRateLimitError).retryAfterSeconds).toBe(30);
    garmin.faults.set({ serverError: 502, times: 1 });
    await expect(dailies()).rejects.toBeInstanceOf(ProviderUnavailableError);
    garmin.faults.set({ malformed: true, times: 1 });
    await expect(dailies()).rejects.toBeInstanceOf(ProviderResponseError);
    garmin.faults.set({ revoked: true });
    await expect(dailies()).rejects.toBeInstanceOf(ProviderAuthError);
  });
});
