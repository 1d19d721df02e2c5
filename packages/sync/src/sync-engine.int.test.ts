import { DATA_EVENT_RESOURCES } from '@meridian/ingestion';
import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import {
  authorizeAt,
  count,
  createSyncFixture,
  emulatorSettings,
  outboxTypes,
  servedRows,
  startProviderWebhookRoute,
  syncUntilIdle,
  type SyncFixture,
} from './__tests__/sync-test-kit';
import { deregisterConnection } from './deregister-connection';
import { establishConnection } from './establish-connection';
import { ouraConnectorResources } from './__tests__/oura-resources';
import { connectorFor } from '@meridian/connectors';
import { connectorContextFor } from './client-credentials';
import { openTokens, sealTokens } from './sealed-tokens';
import { requestRefresh } from './request-refresh';
import { runConnectionSync } from './sync-connection';
import { createTokenHolder } from './token-manager';
import { createSyncStreamsRepository } from './sync-streams.repository';

/**
 * The sync engine against the Oura emulator over real HTTP and a real database: connect with tokens from
 * the emulator's OAuth code flow, pull the history to success with exactly the samples the emulator serves,
 * close it with one `historical.data.*.created` per resource, then pull incrementally (`daily.data.*`), be
 * told by a signed webhook, and deregister (revoked at the emulator, data kept).
 */

jest.setTimeout(180_000);

const START = new Date('2026-03-15T12:00:00.000Z');
const HOUR = 3_600_000;

let fx: SyncFixture;
let oura: RunningEmulator;
let hook: Awaited<ReturnType<typeof startProviderWebhookRoute>>;
const providers = new Map();

beforeAll(async () => {
  fx = await createSyncFixture(START, providers);
  oura = await startEmulator('oura', { now: () => fx.now, historyDays: 20 });
  providers.set('oura', emulatorSettings('oura', oura));
  hook = await startProviderWebhookRoute(() => fx.deps);
  fx.deps.webhookBaseUrl = hook.url;
});
afterAll(async () => {
  await hook?.close();
  await oura?.server.close();
  await fx?.db.destroy();
});

interface PullRow {
  resource: string;
  status: string;
  error_details: string | null;
  days_with_data: number;
}
const pulls = async (userId: string) =>
  fx.db
    .knex('historical_pulls')
    .where({ user_id: userId, provider: 'oura' })
    .orderBy('resource')
    .select<PullRow[]>();
const connectionOf = async (userId: string) =>
  fx.db.knex('provider_connections').where({ user_id: userId, provider: 'oura' }).first();
const stored = async (userId: string, resource: string) =>
  Number(
    (
      await fx.db
        .knex('timeseries_samples')
        .where({ user_id: userId, provider: 'oura', resource })
        .count({ n: '*' })
    )[0]!.n,
  );

async function connect(username: string) {
  const userId = await fx.insertUser();
  const tokens = await authorizeAt(fx.deps, 'oura', oura, username);
  const result = await establishConnection(fx.deps, {
    userId,
    provider: 'oura',
    authType: 'oauth',
    tokens,
    credentialSource: 'platform',
    externalUserId: tokens.externalUserId,
  });
  return { userId, tokens, ...result };
}

/** Distinct heart-rate instants the emulator serves in [start, end) (asked 30 days at a time, Oura's limit). */
async function servedHeartRate(accessToken: string, start: Date, end: Date): Promise<number> {
  const instants = new Set<number>();
  for (let from = start.getTime(); from < end.getTime(); from += 30 * 24 * HOUR) {
    const to = Math.min(from + 30 * 24 * HOUR, end.getTime());
    const rows = await servedRows<{ timestamp: string }>(
      oura,
      '/v2/usercollection/heartrate',
      { start_datetime: new Date(from).toISOString(), end_datetime: new Date(to).toISOString() },
      accessToken,
    );
    for (const r of rows) {
      const at = Date.parse(r.timestamp);
      if (at >= from && at < to) instants.add(at);
    }
  }
  return instants.size;
}

describe('a connection from link to incremental sync', () => {
  let alice: Awaited<ReturnType<typeof connect>>;

  it('records the connection, its streams and scheduled pulls, and announces it once', async () => {
    alice = await connect('alice');
    expect(alice.created).toBe(true);
    const row = await connectionOf(alice.userId);
    expect(row).toMatchObject({ status: 'connected', auth_type: 'oauth', credential_source: 'platform' });
    expect(row.external_user_id).toBe(oura.emulator.oauth!.accountFor('alice').id);
    expect(row.credentials_sealed).not.toContain(alice.tokens.accessToken);
    expect(row.resource_availability.heartrate).toEqual({ status: 'available', scope_requirements: null });
    const streams = await createSyncStreamsRepository(fx.db.knex).listForConnection(alice.connectionId);
    expect(streams.map((s) => s.stream)).toEqual(['activity', 'heartrate', 'profile', 'sleep', 'workouts']);
    expect(
      streams.every((s) => s.phase === 'historical' && s.doneUntil.getTime() === s.rangeStart.getTime()),
    ).toBe(true);
    expect((await pulls(alice.userId)).map((p) => p.resource)).toEqual(ouraConnectorResources());
    expect((await pulls(alice.userId)).every((p) => p.status === 'scheduled')).toBe(true);
    const events = await fx.db
      .knex('outbox')
      .where({ user_id: alice.userId, event_type: 'provider.connection.created' });
    expect(events).toHaveLength(1);
    expect(events[0].payload.data).toMatchObject({
      user_id: alice.userId,
      provider: { slug: 'oura' },
      source: { slug: 'oura' },
      external_user_id: row.external_user_id,
    });
  });

  it('subscribed to the provider webhooks at the data API URL', async () => {
    const res = await fetch(`${oura.apiUrl}/v2/webhook/subscription`, {
      headers: {
        'x-client-id': oura.emulator.client.clientId,
        'x-client-secret': oura.emulator.client.clientSecret,
      },
    });
    const subs = (await res.json()) as { callback_url: string }[];
    expect(subs.length).toBeGreaterThan(0);
    expect(subs.every((s) => s.callback_url === `${hook.url}/v2/provider_webhooks/oura`)).toBe(true);
  });

  it('pulls the history to success with exactly the samples the emulator serves', async () => {
    await syncUntilIdle(fx.deps, alice.connectionId);
    const rows = await pulls(alice.userId);
    expect(rows.map((p) => [p.resource, p.status])).toEqual(rows.map((p) => [p.resource, 'success']));
    expect(rows.find((p) => p.resource === 'heartrate')!.days_with_data).toBeGreaterThanOrEqual(19);
    const streams = await createSyncStreamsRepository(fx.db.knex).listForConnection(alice.connectionId);
    expect(streams.every((s) => s.phase === 'incremental' && s.status === 'scheduled')).toBe(true);
    const hr = streams.find((s) => s.stream === 'heartrate')!;
    const served = await servedHeartRate(alice.tokens.accessToken, hr.rangeStart, hr.rangeEnd);
    expect(served).toBeGreaterThan(19 * 250);
    expect(await stored(alice.userId, 'heartrate')).toBe(served);
    const sleeps = await servedRows<{ type: string; day: string }>(
      oura,
      '/v2/usercollection/sleep',
      {
        start_date: hr.rangeStart.toISOString().slice(0, 10),
        end_date: hr.rangeEnd.toISOString().slice(0, 10),
      },
      alice.tokens.accessToken,
    );
    const storedSleeps = Number(
      (
        await fx.db
          .knex('summaries')
          .where({ user_id: alice.userId, kind: 'sleep', provider: 'oura' })
          .count({ n: '*' })
      )[0]!.n,
    );
    expect(storedSleeps).toBe(sleeps.filter((s) => s.type !== 'deleted' && s.type !== 'rest').length);
  });

  it('closes the history with one historical.data.<resource>.created per resource, and no daily events', async () => {
    const types = await outboxTypes(fx.db, alice.userId);
    const expected = ouraConnectorResources().filter((r) => DATA_EVENT_RESOURCES.has(r));
    for (const r of expected) expect([r, count(types, `historical.data.${r}.created`)]).toEqual([r, 1]);
    expect(types.filter((t) => t.startsWith('historical.')).length).toBe(expected.length);
    expect(types.filter((t) => t.startsWith('daily.'))).toEqual([]);
  });

  it('does nothing before the next poll is due', async () => {
    expect(await runConnectionSync(fx.deps, alice.connectionId)).toMatchObject({ streams: 0 });
  });

  it('pulls incrementally once due, with daily.data.* for the new samples only', async () => {
    const before = await stored(alice.userId, 'heartrate');
    fx.setNow(new Date(START.getTime() + 2 * HOUR));
    await syncUntilIdle(fx.deps, alice.connectionId);
    const types = await outboxTypes(fx.db, alice.userId);
    expect(count(types, 'daily.data.heartrate.created')).toBeGreaterThanOrEqual(1);
    const hr = (await createSyncStreamsRepository(fx.db.knex).listForConnection(alice.connectionId)).find(
      (s) => s.stream === 'heartrate',
    )!;
    expect(hr.incrementalSince).toEqual(fx.now);
    // The overlap re-reads the last two hours of history: same keys, nothing stored twice.
    const added = await servedHeartRate(alice.tokens.accessToken, START, fx.now);
    expect(added).toBeGreaterThan(15); // two hours of 5-minute samples
    expect(await stored(alice.userId, 'heartrate')).toBe(before + added);
    const historical = types.filter((t) => t.startsWith('historical.')).length;
    expect(historical).toBe(ouraConnectorResources().filter((r) => DATA_EVENT_RESOURCES.has(r)).length);
  });

  it('a signed provider webhook makes the named stream due and pulls it at once', async () => {
    fx.setNow(new Date(fx.now.getTime() + 10 * 60_000));
    const activityBefore = (
      await createSyncStreamsRepository(fx.db.knex).listForConnection(alice.connectionId)
    ).find((s) => s.stream === 'activity')!;
    expect(activityBefore.nextAttemptAt > fx.now).toBe(true);
    const status = await oura.emulator.notify!(
      `${hook.url}/v2/provider_webhooks/oura`,
      oura.emulator.oauth!.accountFor('alice').id,
      { data_type: 'daily_activity' },
    );
    expect(status).toBe(200);
    const streams = await createSyncStreamsRepository(fx.db.knex).listForConnection(alice.connectionId);
    const activity = streams.find((s) => s.stream === 'activity')!;
    expect(activity.nextAttemptAt).toEqual(fx.now);
    expect(streams.find((s) => s.stream === 'heartrate')!.nextAttemptAt > fx.now).toBe(true);
    expect(await runConnectionSync(fx.deps, alice.connectionId)).toMatchObject({ streams: 1 });
    const after = (await createSyncStreamsRepository(fx.db.knex).listForConnection(alice.connectionId)).find(
      (s) => s.stream === 'activity',
    )!;
    expect(after.incrementalSince).toEqual(fx.now);
  });

  it('refuses a webhook with a bad signature', async () => {
    const res = await fetch(`${hook.url}/v2/provider_webhooks/oura`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-oura-signature': 'AA', 'x-oura-timestamp': '1' },
      body: JSON.stringify({ user_id: 'x', data_type: 'sleep', event_type: 'create' }),
    });
    expect(res.status).toBe(401);
  });

  it('deregisters: revoked at the emulator, connection and streams gone, data kept', async () => {
    const samples = await stored(alice.userId, 'heartrate');
    const revokes = oura.emulator.oauth!.stats().revokeCalls;
    expect(await deregisterConnection(fx.deps, { userId: alice.userId, provider: 'oura' })).toBe(true);
    expect(oura.emulator.oauth!.stats().revokeCalls).toBe(revokes + 1);
    expect(await connectionOf(alice.userId)).toBeUndefined();
    expect(await fx.db.knex('connection_sync_streams').where({ connection_id: alice.connectionId })).toEqual(
      [],
    );
    expect(await stored(alice.userId, 'heartrate')).toBe(samples);
    expect(await deregisterConnection(fx.deps, { userId: alice.userId, provider: 'oura' })).toBe(false);
  });
});

describe('provider trouble', () => {
  afterEach(() => oura.emulator.faults.clear());

  it('a 429 leaves the stream retrying (provider_rate_limit_exceeded) and a later run succeeds', async () => {
    fx.setNow(new Date(START.getTime() + 3 * HOUR));
    const bob = await connect('bob');
    oura.emulator.faults.set({ rateLimit: { retryAfterSeconds: 7 }, times: 1 });
    await runConnectionSync(fx.deps, bob.connectionId);
    const streams = await createSyncStreamsRepository(fx.db.knex).listForConnection(bob.connectionId);
    const activity = streams.find((s) => s.stream === 'activity')!;
    expect(activity).toMatchObject({
      status: 'retrying',
      attempts: 1,
      lastError: 'provider_rate_limit_exceeded',
    });
    expect(activity.nextAttemptAt.getTime()).toBe(fx.now.getTime() + 7_000);
    const steps = (await pulls(bob.userId)).find((p) => p.resource === 'steps')!;
    expect(steps).toMatchObject({ status: 'retrying', error_details: 'provider_rate_limit_exceeded' });
    expect((await pulls(bob.userId)).find((p) => p.resource === 'heartrate')!.status).toBe('success');
    expect(count(await outboxTypes(fx.db, bob.userId), 'historical.data.heartrate.created')).toBe(0);
    expect(await runConnectionSync(fx.deps, bob.connectionId)).toMatchObject({ streams: 0 });

    fx.setNow(new Date(fx.now.getTime() + 8_000));
    await syncUntilIdle(fx.deps, bob.connectionId);
    expect((await pulls(bob.userId)).every((p) => p.status === 'success' && p.error_details === null)).toBe(
      true,
    );
    const types = await outboxTypes(fx.db, bob.userId);
    expect(count(types, 'historical.data.steps.created')).toBe(1);
    expect(count(types, 'historical.data.heartrate.created')).toBe(1);
  });

  it('a revoked grant puts the connection in error with one provider.connection.error; a reconnect resumes', async () => {
    const carol = await connect('carol');
    oura.emulator.oauth!.revokeAccount(oura.emulator.oauth!.accountFor('carol').id);
    const result = await runConnectionSync(fx.deps, carol.connectionId);
    expect(result.connectionError).toBe(true);
    const row = await connectionOf(carol.userId);
    expect(row.status).toBe('error');
    expect(row.error_details).toMatchObject({ error_type: 'token_refresh_failed' });
    expect(Date.parse(row.error_details.errored_at)).toBe(fx.now.getTime());
    expect(
      (await pulls(carol.userId)).every(
        (p) => p.status === 'failure' && p.error_details === 'non_retriable_error',
      ),
    ).toBe(true);
    await runConnectionSync(fx.deps, carol.connectionId);
    const errors = await fx.db
      .knex('outbox')
      .where({ user_id: carol.userId, event_type: 'provider.connection.error' });
    expect(errors).toHaveLength(1);
    expect(errors[0].payload.data).toMatchObject({
      user_id: carol.userId,
      provider: 'oura',
      error_type: 'token_refresh_failed',
    });
    expect(errors[0].payload.data.message).toMatch(/connect Oura again/);

    const tokens = await authorizeAt(fx.deps, 'oura', oura, 'carol');
    const again = await establishConnection(fx.deps, {
      userId: carol.userId,
      provider: 'oura',
      authType: 'oauth',
      tokens,
      credentialSource: 'platform',
      externalUserId: tokens.externalUserId,
    });
    expect(again).toEqual({ connectionId: carol.connectionId, created: false });
    const reconnected = await connectionOf(carol.userId);
    expect(reconnected).toMatchObject({ status: 'connected', error_details: null });
    expect((await pulls(carol.userId)).every((p) => p.status === 'scheduled')).toBe(true);
    await syncUntilIdle(fx.deps, carol.connectionId);
    expect((await pulls(carol.userId)).every((p) => p.status === 'success')).toBe(true);
    const types = await outboxTypes(fx.db, carol.userId);
    expect(count(types, 'provider.connection.created')).toBe(1);
    expect(count(types, 'historical.data.heartrate.created')).toBe(1);
  });

  it('an outage of the token endpoint during refresh is temporary: retrying, connection still connected', async () => {
    const dave = await connect('dave');
    const expiresAt = dave.tokens.expiresAt!.getTime();
    fx.setNow(new Date(expiresAt - 60_000)); // inside the refresh margin
    oura.emulator.faults.set({ tokenEndpointDown: true });
    const result = await runConnectionSync(fx.deps, dave.connectionId);
    expect(result.connectionError).toBe(false);
    expect((await connectionOf(dave.userId)).status).toBe('connected');
    const rows = await pulls(dave.userId);
    expect(rows.every((p) => p.status === 'retrying' && p.error_details === 'provider_unavailable')).toBe(
      true,
    );
    expect(count(await outboxTypes(fx.db, dave.userId), 'provider.connection.error')).toBe(0);

    oura.emulator.faults.clear();
    fx.setNow(new Date(fx.now.getTime() + 5_000));
    await syncUntilIdle(fx.deps, dave.connectionId);
    expect((await pulls(dave.userId)).every((p) => p.status === 'success')).toBe(true);
    const row = await connectionOf(dave.userId);
    expect(row.previous_refresh_sealed).not.toBeNull();
    expect(new Date(row.token_expires_at).getTime()).toBeGreaterThan(expiresAt);
  });

  it('data-pull preferences leave disabled resources unpulled', async () => {
    await fx.db.knex('team_data_pull_preferences').insert({
      team_id: fx.teamId,
      environment: 'sandbox',
      provider: 'oura',
      default: true,
      resource_overrides: JSON.stringify({ heartrate: false, hrv: false }),
    });
    try {
      const frank = await connect('frank');
      const streams = await createSyncStreamsRepository(fx.db.knex).listForConnection(frank.connectionId);
      expect(streams.map((s) => s.stream)).not.toContain('heartrate');
      const resources = (await pulls(frank.userId)).map((p) => p.resource);
      expect(resources).not.toContain('heartrate');
      expect(resources).not.toContain('hrv');
      expect(resources).toContain('sleep');
      expect((await connectionOf(frank.userId)).resource_availability.heartrate.status).toBe('available');
      await syncUntilIdle(fx.deps, frank.connectionId);
      expect(await stored(frank.userId, 'heartrate')).toBe(0);
      expect(await stored(frank.userId, 'hrv')).toBe(0);
      expect(
        Number(
          (
            await fx.db.knex('summaries').where({ user_id: frank.userId, kind: 'sleep' }).count({ n: '*' })
          )[0]!.n,
        ),
      ).toBeGreaterThan(0);
      const types = await outboxTypes(fx.db, frank.userId);
      expect(count(types, 'historical.data.heartrate.created')).toBe(0);
      expect(count(types, 'historical.data.sleep.created')).toBe(1);
    } finally {
      await fx.db.knex('team_data_pull_preferences').where({ team_id: fx.teamId }).del();
    }
  });
});

describe('token refresh', () => {
  const holderFor = async (connectionId: string) => {
    const row = await fx.db.knex('provider_connections').where({ id: connectionId }).first();
    return createTokenHolder(fx.deps, {
      connectionId,
      sealed: row.credentials_sealed,
      connector: connectorFor('oura')!,
      ctx: connectorContextFor(fx.deps, 'oura', oura.emulator.client),
    });
  };
  const works = async (accessToken: string) =>
    (
      await fetch(`${oura.apiUrl}/v2/usercollection/personal_info`, {
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).status;

  it('two workers refreshing one rotating grant at once make ONE refresh call and share its tokens', async () => {
    const erin = await connect('erin');
    fx.setNow(new Date(erin.tokens.expiresAt!.getTime() - 60_000));
    const [a, b] = [await holderFor(erin.connectionId), await holderFor(erin.connectionId)];
    const calls = oura.emulator.oauth!.stats().refreshCalls;
    const [ta, tb] = await Promise.all([a.current(), b.current()]);
    expect(oura.emulator.oauth!.stats().refreshCalls).toBe(calls + 1);
    expect(ta.accessToken).toBe(tb.accessToken);
    expect(ta.accessToken).not.toBe(erin.tokens.accessToken);
    expect(ta.refreshToken).not.toBe(erin.tokens.refreshToken);
    expect(await works(ta.accessToken)).toBe(200);
    const row = await connectionOf(erin.userId);
    expect(openTokens(fx.deps.secretBox, row.credentials_sealed).accessToken).toBe(ta.accessToken);
    expect(row.previous_refresh_sealed).not.toBeNull();
  });

  it('a refresh token the provider does not know falls back to the previous one while in grace', async () => {
    const gina = await connect('gina');
    fx.setNow(new Date(gina.tokens.expiresAt!.getTime() - 60_000));
    const rotated = await (await holderFor(gina.connectionId)).current(); // previous = gina's first refresh token
    await fx.db
      .knex('provider_connections')
      .where({ id: gina.connectionId })
      .update({
        credentials_sealed: sealTokens(fx.deps.secretBox, { ...rotated, refreshToken: 'lost-in-transit' }),
      });
    const calls = oura.emulator.oauth!.stats().refreshCalls;
    const fresh = await (await holderFor(gina.connectionId)).forceRefresh();
    expect(oura.emulator.oauth!.stats().refreshCalls).toBe(calls + 2);
    expect(await works(fresh.accessToken)).toBe(200);
  });
});

describe('refresh requests', () => {
  it("runs the user's streams now and reports refreshed, then failed once the grant is revoked", async () => {
    const hank = await connect('hank');
    await syncUntilIdle(fx.deps, hank.connectionId);
    const before = await stored(hank.userId, 'heartrate');
    fx.setNow(new Date(fx.now.getTime() + 30 * 60_000)); // before the next poll: only the request runs it
    expect(await requestRefresh(fx.deps, { userId: hank.userId, timeoutMs: 20_000 })).toEqual({
      refreshed_sources: ['oura'],
      in_progress_sources: [],
      failed_sources: [],
    });
    expect(await stored(hank.userId, 'heartrate')).toBeGreaterThan(before);

    oura.emulator.oauth!.revokeAccount(oura.emulator.oauth!.accountFor('hank').id);
    fx.setNow(new Date(fx.now.getTime() + 60_000));
    expect(await requestRefresh(fx.deps, { userId: hank.userId, timeoutMs: 20_000 })).toEqual({
      refreshed_sources: [],
      in_progress_sources: [],
      failed_sources: ['oura'],
    });
  });
});
