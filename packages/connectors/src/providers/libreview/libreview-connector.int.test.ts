import { createHash } from 'node:crypto';
import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import type { ConnectorContext, LoginResult, ProviderTokens } from '../../connector';
import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../errors';
import { contextFor, fetchWindow, totals, useIngestionDb } from '../__tests__/connector-test-kit';
import { libreViewConnector } from './libreview-connector';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const now = () => NOW;
const PASSWORD = 'libre-dev-password';

let running: RunningEmulator;
let ctx: ConnectorContext;
const store = useIngestionDb(now);
const glucose = libreViewConnector.streams[0]!;

beforeAll(async () => {
  running = await startEmulator('abbott_libreview', { now });
  ctx = contextFor(running, now);
});
afterAll(() => running.server.close());
afterEach(() => running.emulator.faults.clear());

const success = (r: LoginResult): ProviderTokens => {
  if (r.state !== 'success') throw new Error(`expected success, got ${r.state}`);
  return r.tokens;
};

async function sentCodes(email: string): Promise<string[]> {
  const res = await fetch(`${running.server.url}/__emulator/mfa-codes?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { codes: string[] }).codes;
}

describe('LibreView (password) connector against the emulator', () => {
  let tokens: ProviderTokens;

  it('signs in, following the global server to the account region, and finds the followed sensor', async () => {
    tokens = success(
      await libreViewConnector.login!(ctx, { username: 'patient@libreview.test', password: PASSWORD }),
    );
    expect(tokens.extra).toMatchObject({ region: 'eu' });
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.expiresAt!.getTime()).toBe(NOW.getTime() + 180 * 86_400_000);
    const who = await libreViewConnector.identify!(ctx, tokens);
    expect(who.externalUserId).toBe(tokens.externalUserId);
    expect(who.extra?.patientId).toMatch(/^[0-9a-f-]{36}$/);
    tokens = { ...tokens, extra: { ...tokens.extra, ...who.extra } };

    // Signing in at the right region directly works too; a US account stays on the global server.
    success(
      await libreViewConnector.login!(ctx, {
        username: 'patient@libreview.test',
        password: PASSWORD,
        region: 'eu',
      }),
    );
    const us = success(
      await libreViewConnector.login!(ctx, { username: 'us-patient@libreview.test', password: PASSWORD }),
    );
    expect(us.extra).toMatchObject({ region: null });
  });

  it('refuses a wrong password as a credential error', async () => {
    const err = await libreViewConnector.login!(ctx, {
      username: 'patient@libreview.test',
      password: 'nope',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderAuthError);
    expect((err as ProviderAuthError).reason).toBe('provider_credential_error');
  });

  it('asks for the e-mailed code, refuses a wrong one, and completes with the right one', async () => {
    const first = await libreViewConnector.login!(ctx, {
      username: 'twofactor@libreview.test',
      password: PASSWORD,
    });
    expect(first).toMatchObject({ state: 'mfa', method: 'email', hint: 't********@libreview.test' });
    const pending = (first as Extract<LoginResult, { state: 'mfa' }>).pending;
    // The pending state is what the link API seals; it must not carry the password.
    expect(JSON.stringify(pending)).not.toContain(PASSWORD);
    const [code] = await sentCodes('twofactor@libreview.test');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    // Any ProviderAuthError during the MFA step is what the link API reports as incorrect_mfa_code.
    await expect(libreViewConnector.completeMfa!(ctx, pending, wrong)).rejects.toBeInstanceOf(
      ProviderAuthError,
    );
    const done = success(await libreViewConnector.completeMfa!(ctx, pending, ` ${code!} `));
    expect(done.extra).toMatchObject({ region: 'eu' });
    await expect(libreViewConnector.identify!(ctx, done)).resolves.toMatchObject({
      externalUserId: done.externalUserId,
    });
    // The step ticket is single use.
    await expect(libreViewConnector.completeMfa!(ctx, pending, code!)).rejects.toBeInstanceOf(
      ProviderAuthError,
    );
  });

  it('reads the 12-hour history and the latest reading, and ingests them once', async () => {
    const start = new Date(NOW.getTime() - 86_400_000);
    const { pages, merged } = await fetchWindow(glucose, ctx, {
      tokens,
      start,
      end: NOW,
      fallbackTimeZone: null,
    });
    const raw = await fetch(`${running.apiUrl}/eu/llu/connections/${String(tokens.extra!.patientId)}/graph`, {
      headers: {
        product: 'llu.android',
        version: '4.16.0',
        authorization: `Bearer ${tokens.accessToken}`,
        'account-id': createHash('sha256').update(tokens.externalUserId!).digest('hex'),
      },
    });
    const body = (await raw.json()) as {
      data: {
        graphData: { ValueInMgPerDl: number }[];
        connection: { glucoseMeasurement: { ValueInMgPerDl: number } };
      };
    };
    const samples = merged.timeseries.flatMap((t) => t.samples);
    expect(merged.timeseries[0]).toMatchObject({
      resource: 'glucose',
      source: { provider: 'abbott_libreview', type: 'automatic' },
    });
    expect(body.data.graphData).toHaveLength(48);
    expect(samples).toHaveLength(49);
    expect(samples.map((s) => s.value)).toEqual([
      ...body.data.graphData.map((g) => g.ValueInMgPerDl),
      body.data.connection.glucoseMeasurement.ValueInMgPerDl,
    ]);
    for (const s of samples) expect(s.timezone_offset).toBe(3600);

    const userId = await store.insertUser();
    expect(totals(await store.ingestPages(userId, pages)).created).toBe(49);
    expect(totals(await store.ingestPages(userId, pages)).created).toBe(0);
    const rows: { value: number }[] = await store.db
      .knex('timeseries_samples')
      .where({ user_id: userId, resource: 'glucose', provider: 'abbott_libreview' });
    expect(rows).toHaveLength(49);
    expect(rows.every((r) => r.value > 2 && r.value < 28)).toBe(true);
  });

  it('classifies rate limits, outages, unreadable bodies and ended sessions', async () => {
    const req = {
      tokens,
      start: new Date(NOW.getTime() - 3_600_000),
      end: NOW,
      pageToken: null,
      fallbackTimeZone: null,
    };
    running.emulator.faults.set({ rateLimit: { retryAfterSeconds: 60 }, times: 2 });
    await expect(glucose.fetch(ctx, req)).rejects.toBeInstanceOf(ProviderRateLimitError);
    await expect(glucose.fetch(ctx, req)).rejects.toMatchObject({
      name: 'ProviderRateLimitError',
      retryAfterSeconds: 60,
    });
    running.emulator.faults.set({ serverError: 500, times: 1 });
    await expect(glucose.fetch(ctx, req)).rejects.toBeInstanceOf(ProviderUnavailableError);
    running.emulator.faults.set({ malformed: true, times: 1 });
    await expect(glucose.fetch(ctx, req)).rejects.toBeInstanceOf(ProviderResponseError);
    await expect(glucose.fetch(ctx, req)).resolves.toBeDefined();
    running.emulator.faults.set({ revoked: true });
    await expect(glucose.fetch(ctx, req)).rejects.toMatchObject({
      name: 'ProviderAuthError',
      reason: 'token_revoked',
    });
  });
});
