import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import type { SampleInput } from '@meridian/ingestion';
import type { ConnectorContext, FetchRequest, ProviderTokens } from '../../connector';
import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../errors';
import { buildAuthorizeUrl, createPkcePair } from '../../oauth';
import { contextFor, fetchWindow, totals, useIngestionDb } from '../__tests__/connector-test-kit';
import { startWebhookEndpoint, type WebhookEndpoint } from '../__tests__/webhook-endpoint';
import { FITBIT_OAUTH } from './fitbit-auth';
import { fitbitSignature } from './fitbit-webhook';
import { fitbitConnector } from './index';

/**
 * The Fitbit connector against the Fitbit emulator over real HTTP: OAuth with PKCE and Basic client
 * authentication, intraday series dated in the profile's zone, log lists paged by `pagination.next`,
 * weigh-ins and the profile, all ingested through the real ingestion path; token rotation, revocation,
 * the hourly rate limit and faults; subscriptions, verification and signed notifications.
 */

const NOW = new Date('2026-03-15T12:00:00.000Z');
const DAY = 86_400_000;
const REDIRECT = 'https://app.example.test/oauth/callback';
const stream = (name: string) => fitbitConnector.streams.find((s) => s.name === name)!;

let running: RunningEmulator;
let ctx: ConnectorContext;
/** Alice's tokens with her profile zone (as the sync engine keeps identify's `extra`). */
let tokens: ProviderTokens;
let zone: string;
let accountId: string;
const fx = useIngestionDb(() => NOW);
const countRows = async (table: string, where: Record<string, unknown>) =>
  Number((await fx.db.knex(table).where(where).count({ n: '*' }))[0]!.n);

async function connect(username: string, verifierOverride?: string): Promise<ProviderTokens> {
  running.emulator.oauth!.setAutoConsent(username);
  const pkce = createPkcePair();
  const scopes = [...FITBIT_OAUTH.baseScopes, ...fitbitConnector.streams.flatMap((s) => s.scopes)].filter(
    (s, i, all) => all.indexOf(s) === i,
  );
  const url = buildAuthorizeUrl(FITBIT_OAUTH, running.authUrl, {
    clientId: running.emulator.client.clientId,
    redirectUri: REDIRECT,
    scopes,
    state: `st-${username}`,
    codeChallenge: pkce.challenge,
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const redirect = new URL(res.headers.get('location')!);
  expect(redirect.searchParams.get('state')).toBe(`st-${username}`);
  return fitbitConnector.exchangeCode!(
    ctx,
    redirect.searchParams.get('code')!,
    REDIRECT,
    verifierOverride ?? pkce.verifier,
  );
}

async function raw<T>(
  path: string,
  t: ProviderTokens = tokens,
): Promise<{ status: number; headers: Headers; body: T }> {
  const res = await fetch(`${running.apiUrl}${path}`, {
    headers: { authorization: `Bearer ${t.accessToken}` },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

/** The local wall-clock date and time a sample says it was taken at (its instant shifted by its offset). */
const localOf = (s: SampleInput) =>
  new Date(Date.parse(s.timestamp) + (s.timezone_offset ?? 0) * 1000).toISOString();

/** Every sample of a resource across the pages (each page carries its own series). */
const samplesOf = (timeseries: { resource: string; samples: SampleInput[] }[], resource: string) =>
  timeseries.filter((t) => t.resource === resource).flatMap((t) => t.samples);

/** The instant of a local wall-clock time in `zone`, read through Intl (independent of the connector's code). */
function instantIn(zone: string, local: string): number {
  const asUtc = Date.parse(`${local.slice(0, 19)}Z`);
  const offsetAt = (ms: number) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(ms))
      .find((p) => p.type === 'timeZoneName')!.value;
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60) * 1000 : 0;
  };
  return asUtc - offsetAt(asUtc - offsetAt(asUtc));
}

function req(
  start: Date,
  end: Date,
  t: ProviderTokens = tokens,
  fallbackTimeZone: string | null = null,
): Omit<FetchRequest, 'pageToken'> {
  return { tokens: t, start, end, fallbackTimeZone };
}

beforeAll(async () => {
  running = await startEmulator('fitbit', { now: () => NOW });
  ctx = contextFor(running, () => NOW);
  const t = await connect('alice');
  const who = await fitbitConnector.identify!(ctx, t);
  accountId = who.externalUserId;
  zone = who.extra!.timezone as string;
  tokens = { ...t, extra: { ...t.extra, ...who.extra } };
});
afterAll(() => running.server.close());

describe('Fitbit OAuth', () => {
  it('PKCE code exchange with Basic client auth gives 8-hour tokens and the user id', async () => {
    const t = await connect('alice');
    expect(t.externalUserId).toBe(running.emulator.oauth!.accountFor('alice').id);
    expect(t.expiresAt).toEqual(new Date(NOW.getTime() + 8 * 3600_000));
    expect(t.scopes.sort()).toEqual(['activity', 'heartrate', 'profile', 'sleep', 'weight']);
    expect(await fitbitConnector.identify!(ctx, t)).toEqual({
      externalUserId: t.externalUserId,
      extra: { timezone: zone },
    });
    expect(zone).toMatch(/\//);
  });

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    await expect(connect('bob', 'x'.repeat(64))).rejects.toMatchObject({
      name: 'ProviderAuthError',
      reason: 'provider_credential_error',
    });
  });

  it('rotates refresh tokens: the old one lasts the 2-minute grace, then dies', async () => {
    let now = NOW;
    const local = contextFor(running, () => now);
    running.emulator.setNow(() => now);
    try {
      const t = await connect('carol');
      const next = await fitbitConnector.refresh!(local, t);
      expect(next.refreshToken).not.toBe(t.refreshToken);
      expect(next.externalUserId).toBe(t.externalUserId);
      await fitbitConnector.refresh!(local, t);
      now = new Date(NOW.getTime() + 3 * 60_000);
      await expect(fitbitConnector.refresh!(local, t)).rejects.toMatchObject({
        reason: 'token_refresh_failed',
      });
      await expect(fitbitConnector.refresh!(local, next)).resolves.toMatchObject({
        externalUserId: t.externalUserId,
      });
    } finally {
      running.emulator.setNow(() => NOW);
    }
  });

  it('revokes at /oauth2/revoke: the token then fails', async () => {
    const t = await connect('dora');
    await fitbitConnector.revoke!(ctx, t);
    await expect(fitbitConnector.identify!(ctx, t)).rejects.toMatchObject({
      name: 'ProviderAuthError',
      reason: 'token_revoked',
    });
  });
});

describe('Fitbit intraday streams', () => {
  const start = new Date('2026-03-02T00:00:00.000Z');
  const end = new Date('2026-03-05T00:00:00.000Z');

  it('heart rate: every recorded minute, dated in the profile zone, split by day windows without overlap', async () => {
    const pages = [];
    const samples: SampleInput[] = [];
    for (let d = start.getTime(); d < end.getTime(); d += DAY) {
      const w = await fetchWindow(stream('heartrate'), ctx, req(new Date(d), new Date(d + DAY)));
      pages.push(...w.pages);
      samples.push(...w.merged.timeseries.flatMap((t) => t.samples));
    }
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // Each sample is a minute of Fitbit's local dataset, with the same value.
    const served = new Map<string, number>();
    for (const date of ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']) {
      const { body } = await raw<{
        'activities-heart-intraday': { dataset: { time: string; value: number }[] };
      }>(`/1/user/-/activities/heart/date/${date}/1d/1min.json`);
      for (const p of body['activities-heart-intraday'].dataset)
        served.set(`${date}T${p.time}.000Z`, p.value);
    }
    for (const s of samples) expect(s.value).toBe(served.get(localOf(s)));
    expect(new Set(samples.map((s) => s.timestamp)).size).toBe(samples.length);
    expect(
      samples.every(
        (s) => Date.parse(s.timestamp) >= start.getTime() && Date.parse(s.timestamp) < end.getTime(),
      ),
    ).toBe(true);
    // Three days of minutes, a few not worn.
    expect(samples.length).toBeGreaterThan(3 * 1440 * 0.96);
    expect(samples.length).toBeLessThanOrEqual(3 * 1440);

    const userId = await fx.insertUser();
    expect(totals(await fx.ingestPages(userId, pages))).toMatchObject({
      created: samples.length,
      dropped: 0,
    });
    expect(totals(await fx.ingestPages(userId, pages))).toMatchObject({
      created: 0,
      unchanged: samples.length,
    });
    expect(await countRows('timeseries_samples', { user_id: userId, resource: 'heartrate' })).toBe(
      samples.length,
    );
  });

  it('without the profile zone the fallback zone dates the minutes the same way; with neither, UTC', async () => {
    const bare = { ...tokens, extra: {} };
    const window = [new Date('2026-03-03T00:00:00.000Z'), new Date('2026-03-04T00:00:00.000Z')] as const;
    const withProfile = await fetchWindow(stream('heartrate'), ctx, req(...window));
    const withFallback = await fetchWindow(stream('heartrate'), ctx, req(...window, bare, zone));
    expect(withFallback.merged).toEqual(withProfile.merged);
    const utc = await fetchWindow(stream('heartrate'), ctx, req(...window, bare, null));
    expect(utc.merged.timeseries[0]!.samples[0]!.timezone_offset).toBe(0);
  });

  it('activity: steps and distance per minute, the day’s active calories, accepted by ingestion', async () => {
    const dayStart = new Date('2026-03-03T00:00:00.000Z');
    const { pages, merged } = await fetchWindow(
      stream('activity'),
      ctx,
      req(dayStart, new Date(dayStart.getTime() + DAY)),
    );
    const steps = samplesOf(merged.timeseries, 'steps');
    const distance = samplesOf(merged.timeseries, 'distance');
    expect(steps.length).toBeGreaterThan(100);
    expect(
      steps.every((s) => (s.value as number) > 0 && Date.parse(s.end!) - Date.parse(s.timestamp) === 60_000),
    ).toBe(true);
    expect(distance[0]).toMatchObject({ unit: 'km' });
    const servedSteps = new Map<string, number>();
    for (const date of ['2026-03-02', '2026-03-03', '2026-03-04']) {
      const { body } = await raw<{
        'activities-steps-intraday': { dataset: { time: string; value: number }[] };
      }>(`/1/user/-/activities/steps/date/${date}/1d/1min.json`);
      for (const p of body['activities-steps-intraday'].dataset)
        servedSteps.set(`${date}T${p.time}.000Z`, p.value);
    }
    for (const s of steps) expect(s.value).toBe(servedSteps.get(localOf(s)));
    const calories = samplesOf(merged.timeseries, 'calories_active');
    expect(calories).toHaveLength(1);
    const date = localOf(calories[0]!).slice(0, 10);
    expect(localOf(calories[0]!).slice(11, 19)).toBe('00:00:00');
    const { body: summary } = await raw<{ summary: { activityCalories: number } }>(
      `/1/user/-/activities/date/${date}.json`,
    );
    expect(calories[0]).toMatchObject({ value: summary.summary.activityCalories, unit: 'kcal' });

    const userId = await fx.insertUser();
    const created = steps.length + distance.length + 1;
    expect(totals(await fx.ingestPages(userId, pages))).toMatchObject({ created, dropped: 0 });
    expect(totals(await fx.ingestPages(userId, pages))).toMatchObject({ created: 0, unchanged: created });
  });

  it('returns nothing after the provider clock', async () => {
    const { merged } = await fetchWindow(
      stream('heartrate'),
      ctx,
      req(new Date(NOW.getTime() - DAY / 2), new Date(NOW.getTime() + DAY / 2)),
    );
    const last = Math.max(...samplesOf(merged.timeseries, 'heartrate').map((s) => Date.parse(s.timestamp)));
    expect(last).toBeLessThan(NOW.getTime());
    expect(last).toBeGreaterThan(NOW.getTime() - 10 * 60_000);
  });
});

describe('Fitbit log lists, weigh-ins and profile', () => {
  const start = new Date('2026-02-01T00:00:00.000Z');
  const end = new Date('2026-03-12T00:00:00.000Z');

  it('sleep: follows pagination.next, one summary per log ending in the window, with stages', async () => {
    const { pages, merged } = await fetchWindow(stream('sleep'), ctx, req(start, end));
    expect(pages.length).toBeGreaterThan(1);
    const { body } = await raw<{
      sleep: {
        logId: number;
        dateOfSleep: string;
        startTime: string;
        endTime: string;
        minutesAsleep: number;
        efficiency: number;
        levels: { summary: Record<string, { minutes: number }> };
      }[];
    }>(`/1.2/user/-/sleep/list.json?afterDate=2026-01-29&sort=asc&limit=100&offset=0`);
    const inWindow = body.sleep.filter(
      (s) => instantIn(zone, s.endTime) >= start.getTime() && instantIn(zone, s.endTime) < end.getTime(),
    );
    expect(inWindow.length).toBeGreaterThan(30);
    expect(merged.summaries.map((s) => s.provider_id)).toEqual(inWindow.map((s) => String(s.logId)));
    const log = inWindow[2]!;
    const summary = merged.summaries.find((s) => s.provider_id === String(log.logId))!;
    const local = new Date(
      Date.parse(summary.fields.bedtime_start as string) + summary.timezone_offset! * 1000,
    ).toISOString();
    expect(local.slice(0, 23)).toBe(log.startTime);
    expect(summary.fields).toMatchObject({
      type: 'long_sleep',
      total: log.minutesAsleep * 60,
      deep: log.levels.summary.deep!.minutes * 60,
      rem: log.levels.summary.rem!.minutes * 60,
      efficiency: log.efficiency,
    });
    expect(samplesOf(merged.timeseries, 'hypnogram').length).toBeGreaterThan(inWindow.length * 10);

    const userId = await fx.insertUser();
    expect(totals(await fx.ingestPages(userId, pages)).dropped).toBe(0);
    await fx.ingestPages(userId, pages);
    expect(await countRows('summaries', { user_id: userId, kind: 'sleep' })).toBe(inWindow.length);
  });

  it('workouts: exercise logs with their own offset, distance in metres', async () => {
    const { pages, merged } = await fetchWindow(stream('workouts'), ctx, req(start, end));
    const { body } = await raw<{
      activities: {
        logId: number;
        startTime: string;
        distance?: number;
        calories: number;
        activityName: string;
      }[];
    }>(`/1/user/-/activities/list.json?afterDate=2026-01-31&sort=asc&limit=100&offset=0`);
    const inWindow = body.activities.filter(
      (a) => Date.parse(a.startTime) >= start.getTime() && Date.parse(a.startTime) < end.getTime(),
    );
    expect(inWindow.length).toBeGreaterThan(5);
    expect(merged.summaries.map((s) => s.provider_id)).toEqual(inWindow.map((a) => String(a.logId)));
    const a = inWindow.find((x) => x.distance !== undefined)!;
    expect(merged.summaries.find((s) => s.provider_id === String(a.logId))!.fields).toMatchObject({
      time_start: a.startTime,
      title: a.activityName,
      calories: a.calories,
      distance: Math.round(a.distance! * 10_000) / 10,
    });
    const userId = await fx.insertUser();
    expect(totals(await fx.ingestPages(userId, pages)).dropped).toBe(0);
    expect(await countRows('summaries', { user_id: userId, kind: 'workouts' })).toBe(inWindow.length);
  });

  it('body: weigh-ins as weight, fat and body summaries; the profile', async () => {
    const from = new Date('2026-02-10T00:00:00.000Z');
    const { pages, merged } = await fetchWindow(
      stream('body'),
      ctx,
      req(from, new Date(from.getTime() + 30 * DAY)),
    );
    const weights = merged.timeseries.find((t) => t.resource === 'weight')!;
    expect(weights.source).toEqual({ provider: 'fitbit', type: 'scale' });
    type Weighed = { logId: number; date: string; time: string; weight: number; fat: number };
    const a = await raw<{ weight: Weighed[] }>(`/1/user/-/body/log/weight/date/2026-02-08/2026-03-08.json`);
    const b = await raw<{ weight: Weighed[] }>(`/1/user/-/body/log/weight/date/2026-03-09/2026-03-13.json`);
    const served = [...a.body.weight, ...b.body.weight].filter((w) => {
      const at = instantIn(zone, `${w.date}T${w.time}`);
      return at >= from.getTime() && at < from.getTime() + 30 * DAY;
    });
    expect(served.length).toBeGreaterThan(3);
    expect(merged.summaries.map((s) => s.provider_id)).toEqual(served.map((w) => String(w.logId)));
    expect(weights.samples.map((s) => s.value)).toEqual(served.map((w) => w.weight));
    expect(samplesOf(merged.timeseries, 'fat').map((s) => s.value)).toEqual(served.map((w) => w.fat));

    const profile = await fetchWindow(stream('profile'), ctx, req(from, end));
    const { body: p } = await raw<{ user: { height: number; dateOfBirth: string; gender: string } }>(
      '/1/user/-/profile.json',
    );
    expect(profile.merged.summaries[0]!.fields).toMatchObject({
      height: p.user.height,
      birth_date: p.user.dateOfBirth,
      sex: p.user.gender.toLowerCase(),
    });

    const userId = await fx.insertUser();
    expect(totals(await fx.ingestPages(userId, [...pages, ...profile.pages])).dropped).toBe(0);
    expect(await countRows('summaries', { user_id: userId, kind: 'body' })).toBe(served.length);
    expect(await countRows('timeseries_samples', { user_id: userId, resource: 'weight' })).toBe(
      served.length,
    );
  });
});

describe('Fitbit rate limit and faults', () => {
  it('reports Fitbit-Rate-Limit-* headers and answers 429 once the hourly 150 are used', async () => {
    const t = await connect('zed');
    const first = await raw('/1/user/-/profile.json', t);
    expect(first.headers.get('fitbit-rate-limit-limit')).toBe('150');
    expect(first.headers.get('fitbit-rate-limit-remaining')).toBe('149');
    expect(first.headers.get('fitbit-rate-limit-reset')).toBe('3600');
    for (let i = 1; i < 150; i += 1) await raw('/1/user/-/profile.json', t);
    const err = await fitbitConnector.identify!(ctx, t).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderRateLimitError);
    expect((err as ProviderRateLimitError).retryAfterSeconds).toBe(3600);
  });

  it('classifies faults', async () => {
    const r = { ...req(new Date('2026-03-03T00:00:00Z'), new Date('2026-03-04T00:00:00Z')), pageToken: null };
    const { faults } = running.emulator;
    faults.set({ rateLimit: { retryAfterSeconds: 42 }, times: 1 });
    const limited = await stream('heartrate')
      .fetch(ctx, r)
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ProviderRateLimitError);
    expect((limited as ProviderRateLimitError).retryAfterSeconds).toBe(42);
    faults.set({ serverError: 502, times: 1 });
    await expect(stream('sleep').fetch(ctx, r)).rejects.toBeInstanceOf(ProviderUnavailableError);
    faults.set({ malformed: true, times: 1 });
    await expect(stream('body').fetch(ctx, r)).rejects.toBeInstanceOf(ProviderResponseError);
    faults.set({ revoked: true });
    await expect(stream('profile').fetch(ctx, r)).rejects.toBeInstanceOf(ProviderAuthError);
    await expect(fitbitConnector.refresh!(ctx, tokens)).rejects.toMatchObject({
      reason: 'token_refresh_failed',
    });
    faults.clear();
    await expect(stream('profile').fetch(ctx, r)).resolves.toMatchObject({ nextPage: null });
  });
});

describe('Fitbit subscriptions', () => {
  let endpoint: WebhookEndpoint;
  beforeAll(async () => {
    endpoint = await startWebhookEndpoint((inbound) =>
      fitbitConnector.webhook!.handle(inbound, running.emulator.client),
    );
  });
  afterAll(() => endpoint.close());

  it('subscribes the user (idempotently)', async () => {
    await fitbitConnector.webhook!.subscribe!(ctx, tokens, `${endpoint.url}/fitbit`);
    await fitbitConnector.webhook!.subscribe!(ctx, tokens, `${endpoint.url}/fitbit`);
    const { body } = await raw<{ apiSubscriptions: { ownerId: string; subscriptionId: string }[] }>(
      '/1/user/-/apiSubscriptions.json',
    );
    expect(body.apiSubscriptions).toEqual([
      expect.objectContaining({ ownerId: accountId, subscriptionId: `meridian-${accountId}` }),
    ]);
  });

  it('answers the verification handshake: 204 for the code, 404 otherwise', async () => {
    expect((await fetch(`${endpoint.url}/fitbit?verify=fitbit-dev-verify-code`)).status).toBe(204);
    expect((await fetch(`${endpoint.url}/fitbit?verify=wrong`)).status).toBe(404);
    const team = {
      clientId: 'team-app',
      clientSecret: 's',
      details: { fitbit: { sleep_verify_token: 'sleep-code', workout_verify_token: 'workout-code' } },
    };
    const get = (verify: string) =>
      fitbitConnector.webhook!.handle(
        { method: 'GET', headers: {}, query: { verify }, rawBody: Buffer.alloc(0), url: 'https://x/' },
        team,
      );
    expect(await get('workout-code')).toMatchObject({ kind: 'challenge', status: 204 });
    expect(await get('fitbit-dev-verify-code')).toMatchObject({ kind: 'rejected', status: 404 });
  });

  it('turns a signed notification into the user’s streams and a window around the date', async () => {
    endpoint.results.length = 0;
    const status = await running.emulator.notify!(`${endpoint.url}/fitbit`, accountId, {
      collectionType: 'sleep',
      date: '2026-03-14',
    });
    expect(status).toBe(204);
    expect(endpoint.results).toEqual([
      {
        kind: 'notifications',
        status: 204,
        notifications: [
          {
            externalUserId: accountId,
            streams: ['sleep'],
            start: new Date('2026-03-13T00:00:00Z'),
            end: new Date('2026-03-16T00:00:00Z'),
          },
        ],
      },
    ]);
    await running.emulator.notify!(`${endpoint.url}/fitbit`, accountId, {
      collectionType: 'userRevokedAccess',
    });
    expect(endpoint.results[1]).toMatchObject({
      notifications: [{ externalUserId: accountId, deregistered: true }],
    });
  });

  it('rejects a notification with a bad signature with 404', async () => {
    const body = JSON.stringify([
      {
        collectionType: 'activities',
        date: '2026-03-14',
        ownerId: accountId,
        ownerType: 'user',
        subscriptionId: 'x',
      },
    ]);
    const bad = await fetch(`${endpoint.url}/fitbit`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-fitbit-signature': fitbitSignature('not-the-secret', Buffer.from(body)),
      },
      body,
    });
    expect(bad.status).toBe(404);
    const good = await fetch(`${endpoint.url}/fitbit`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-fitbit-signature': fitbitSignature('fitbit-dev-secret', Buffer.from(body)),
      },
      body,
    });
    expect(good.status).toBe(204);
  });
});
