import { formatWireDateTime } from '@meridian/domain';
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
import {
  createIngestionTarget,
  ingestPages,
  startWebhookEndpoint,
} from '../../withings/__tests__/provider-test-harness';
import { whoopConnector } from '..';
import { WHOOP_OAUTH } from '../whoop-auth';
import { whoopSignature } from '../whoop-webhook';

const NOW = new Date('2026-03-20T12:00:00Z');
const REDIRECT = 'https://app.example.test/oauth/whoop/callback';
const DAY = 86_400_000;
const ALL_SCOPES = [
  'offline',
  'read:profile',
  'read:body_measurement',
  'read:sleep',
  'read:recovery',
  'read:workout',
  'read:cycles',
];

let running: RunningEmulator;
let ctx: ConnectorContext;
let target: Awaited<ReturnType<typeof createIngestionTarget>>;

beforeAll(async () => {
  running = await startEmulator('whoop_v2', { now: () => NOW });
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

async function link(username: string, scopes = ALL_SCOPES): Promise<ProviderTokens> {
  running.emulator.oauth!.setAutoConsent(username);
  const url = buildAuthorizeUrl(WHOOP_OAUTH, running.authUrl, {
    clientId: running.emulator.client.clientId,
    redirectUri: REDIRECT,
    scopes,
    state: 'state-whoop-0001',
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('state-whoop-0001');
  return whoopConnector.exchangeCode!(ctx, back.searchParams.get('code')!, REDIRECT, null);
}

const stream = (name: string): StreamSpec => whoopConnector.streams.find((s) => s.name === name)!;

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

/** Every record the emulator serves for a collection in [start, end), read with plain HTTP. */
async function rawRecords(tokens: ProviderTokens, path: string, start: Date, end: Date) {
  const records: Record<string, unknown>[] = [];
  let nextToken: string | null = null;
  do {
    const url = new URL(`${running.apiUrl}${path}`);
    url.searchParams.set('limit', '25');
    url.searchParams.set('start', start.toISOString());
    url.searchParams.set('end', end.toISOString());
    if (nextToken) url.searchParams.set('nextToken', nextToken);
    const res = await fetch(url, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { records: Record<string, unknown>[]; next_token: string | null };
    records.push(...body.records);
    nextToken = body.next_token;
  } while (nextToken);
  return records;
}

describe('WHOOP v2 connector against the emulator', () => {
  it('authorizes, exchanges the code (client secret in the body) and identifies the member', async () => {
    const url = new URL(
      buildAuthorizeUrl(WHOOP_OAUTH, running.authUrl, {
        clientId: 'c',
        redirectUri: REDIRECT,
        scopes: ['offline', 'read:sleep'],
        state: 'abcdefgh',
      }),
    );
    expect(url.pathname).toBe('/oauth/oauth2/auth');
    expect(url.searchParams.get('scope')).toBe('offline read:sleep');

    const tokens = await link('alice');
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.scopes).toEqual(expect.arrayContaining(['offline', 'read:sleep', 'read:recovery']));
    const who = await whoopConnector.identify!(ctx, tokens);
    expect(who.externalUserId).toMatch(/^\d+$/);

    const withoutOffline = await link('alice', ['read:sleep', 'read:profile']);
    expect(withoutOffline.refreshToken).toBeNull();
  });

  it('pages sleeps (next_token) with the emulator values, offsets and units, and ingests them once', async () => {
    const tokens = await link('bob');
    const end = new Date('2026-03-19T00:00:00Z');
    const start = new Date(end.getTime() - 40 * DAY);
    const pages = await fetchAll('sleep', tokens, start, end);
    expect(pages.length).toBeGreaterThan(1);
    const raw = await rawRecords(tokens, '/v2/activity/sleep', start, end);
    const sleeps = pages.flatMap((p) => p.summaries);
    expect(sleeps).toHaveLength(raw.length);
    expect(raw.length).toBeGreaterThanOrEqual(39);
    const first = raw[0] as {
      id: string;
      start: string;
      timezone_offset: string;
      score: { stage_summary: Record<string, number>; sleep_efficiency_percentage: number };
    };
    const mapped = sleeps.find((s) => s.provider_id === first.id)!;
    const sign = first.timezone_offset.startsWith('-') ? -1 : 1;
    const offset =
      sign *
      (Number(first.timezone_offset.slice(1, 3)) * 3600 + Number(first.timezone_offset.slice(4, 6)) * 60);
    expect(mapped.timezone_offset).toBe(offset);
    expect(Date.parse(String(mapped.fields.bedtime_start))).toBe(Date.parse(first.start));
    expect(String(mapped.fields.bedtime_start).endsWith(first.timezone_offset)).toBe(true);
    expect(mapped.fields.deep).toBe(
      Math.round(first.score.stage_summary.total_slow_wave_sleep_time_milli! / 1000),
    );
    expect(mapped.fields.duration).toBe(
      Math.round(first.score.stage_summary.total_in_bed_time_milli! / 1000),
    );
    expect(mapped.fields.efficiency).toBe(first.score.sleep_efficiency_percentage);

    const userId = await target.insertUser();
    await ingestPages(target.ingestion, userId, pages);
    const stored = await target.db
      .knex('summaries')
      .where({ user_id: userId, kind: 'sleep' })
      .count<{ count: string }[]>('* as count');
    expect(Number(stored[0]!.count)).toBe(raw.length);
    const again = await ingestPages(target.ingestion, userId, await fetchAll('sleep', tokens, start, end));
    expect(again.created).toBe(0);
  });

  it('fetches recoveries and workouts over a month and ingests every resource they give', async () => {
    const tokens = await link('carol');
    const end = new Date('2026-03-19T00:00:00Z');
    const start = new Date(end.getTime() - 30 * DAY);
    const recoveryPages = await fetchAll('recovery', tokens, start, end);
    const workoutPages = await fetchAll('workouts', tokens, start, end);
    expect(recoveryPages.length).toBeGreaterThan(1);
    const rawRecoveries = await rawRecords(tokens, '/v2/recovery', start, end);
    const hrv = recoveryPages.flatMap((p) =>
      p.timeseries.filter((t) => t.resource === 'hrv').flatMap((t) => t.samples),
    );
    expect(hrv).toHaveLength(rawRecoveries.length);
    const r0 = rawRecoveries[0] as { created_at: string; score: { hrv_rmssd_milli: number } };
    expect(hrv).toContainEqual({
      timestamp: formatWireDateTime(Date.parse(r0.created_at), 0),
      value: Math.round(r0.score.hrv_rmssd_milli * 100) / 100,
      unit: 'ms',
    });

    const rawWorkouts = await rawRecords(tokens, '/v2/activity/workout', start, end);
    const workouts = workoutPages.flatMap((p) => p.summaries);
    expect(workouts).toHaveLength(rawWorkouts.length);
    const w0 = rawWorkouts[0] as {
      id: string;
      sport_name: string;
      score: { kilojoule: number; zone_durations: Record<string, number> };
    };
    const mw = workouts.find((w) => w.provider_id === w0.id)!;
    expect(mw.fields.calories).toBe(Math.round((w0.score.kilojoule / 4.184) * 10) / 10);
    expect(mw.fields.title).toBe(w0.sport_name);
    expect((mw.fields.hr_zones as number[]).reduce((a, b) => a + b, 0)).toBe(
      Object.values(w0.score.zone_durations).reduce((a, b) => a + Math.round(b / 1000), 0),
    );

    const profilePages = await fetchAll('profile', tokens, new Date(NOW.getTime() - DAY), NOW);
    expect(profilePages[0]!.summaries[0]).toMatchObject({
      kind: 'profile',
      fields: { height: expect.any(Number) },
    });

    const userId = await target.insertUser();
    await ingestPages(target.ingestion, userId, [...recoveryPages, ...workoutPages, ...profilePages]);
    const kinds = await target.db
      .knex('summaries')
      .where({ user_id: userId })
      .select('kind')
      .count('* as count')
      .groupBy('kind');
    const byKind = Object.fromEntries(kinds.map((k) => [k.kind as string, Number(k.count)]));
    expect(byKind.workouts).toBe(rawWorkouts.length);
    expect(byKind.profile).toBe(1);
    const samples = await target.db
      .knex('timeseries_samples')
      .where({ user_id: userId })
      .select('resource')
      .count('* as count')
      .groupBy('resource');
    const byResource = Object.fromEntries(samples.map((s) => [s.resource as string, Number(s.count)]));
    expect(byResource).toEqual({ hrv: rawRecoveries.length, blood_oxygen: rawRecoveries.length });
    const again = await ingestPages(target.ingestion, userId, [
      ...(await fetchAll('recovery', tokens, start, end)),
      ...(await fetchAll('workouts', tokens, start, end)),
    ]);
    expect(again.created).toBe(0);
  });

  it('refreshes with rotation (asking offline again) and revokes with DELETE /v2/user/access', async () => {
    const tokens = await link('dave');
    const refreshed = await whoopConnector.refresh!(ctx, tokens);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    await expect(whoopConnector.identify!(ctx, refreshed)).resolves.toBeDefined();

    await whoopConnector.revoke!(ctx, refreshed);
    await expect(whoopConnector.identify!(ctx, refreshed)).rejects.toBeInstanceOf(ProviderAuthError);
    await expect(whoopConnector.refresh!(ctx, refreshed)).rejects.toMatchObject({
      reason: 'token_refresh_failed',
    });
  });

  it('classifies faults: 429 with the reset, revoked token, 5xx, malformed page', async () => {
    const tokens = await link('erin');
    const req = {
      tokens,
      start: new Date(NOW.getTime() - 3 * DAY),
      end: NOW,
      pageToken: null,
      fallbackTimeZone: null,
    };
    const faults = running.emulator.faults;

    faults.set({ rateLimit: { retryAfterSeconds: 42 }, times: 1 });
    const limited = await stream('sleep')
      .fetch(ctx, req)
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ProviderRateLimitError);
    expect((limited as ProviderRateLimitError).retryAfterSeconds).toBe(42);

    faults.set({ revoked: true });
    await expect(stream('workouts').fetch(ctx, req)).rejects.toMatchObject({
      name: 'ProviderAuthError',
      reason: 'token_revoked',
    });
    faults.clear();

    faults.set({ serverError: 502, times: 1 });
    await expect(stream('recovery').fetch(ctx, req)).rejects.toBeInstanceOf(ProviderUnavailableError);

    faults.set({ malformed: true, times: 1 });
    await expect(stream('sleep').fetch(ctx, req)).rejects.toBeInstanceOf(ProviderResponseError);

    await expect(stream('sleep').fetch(ctx, req)).resolves.toMatchObject({ nextPage: null });
  });

  it('accepts signed webhooks and refuses a bad signature or a stale timestamp', async () => {
    const tokens = await link('frank');
    const who = await whoopConnector.identify!(ctx, tokens);
    const endpoint = await startWebhookEndpoint(whoopConnector.webhook!, running.emulator.client);
    try {
      expect(
        await running.emulator.notify!(endpoint.url, who.externalUserId, { type: 'workout.updated' }),
      ).toBe(204);
      expect(endpoint.results.at(-1)).toEqual({
        kind: 'notifications',
        status: 204,
        notifications: [
          { externalUserId: who.externalUserId, streams: ['workouts'], start: null, end: null },
        ],
      });
      expect(
        await running.emulator.notify!(endpoint.url, who.externalUserId, { type: 'recovery.updated' }),
      ).toBe(204);
      expect(endpoint.results.at(-1)).toMatchObject({ notifications: [{ streams: ['recovery'] }] });

      const stale = Date.now() - 10 * 60_000;
      expect(await running.emulator.notify!(endpoint.url, who.externalUserId, { timestampMs: stale })).toBe(
        401,
      );
      expect(endpoint.results.at(-1)).toMatchObject({
        kind: 'rejected',
        reason: expect.stringMatching(/timestamp/),
      });

      const body = JSON.stringify({
        user_id: Number(who.externalUserId),
        id: 'x',
        type: 'sleep.updated',
        trace_id: 't',
      });
      const timestamp = String(Date.now());
      const forged = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-whoop-signature-timestamp': timestamp,
          'x-whoop-signature': whoopSignature('not-the-client-secret', timestamp, body),
        },
        body,
      });
      expect(forged.status).toBe(401);
      expect(endpoint.results.at(-1)).toMatchObject({ kind: 'rejected', reason: 'signature mismatch' });
    } finally {
      await endpoint.close();
    }
  });
});
