import {
  connectorFor,
  ProviderUnavailableError,
  type FetchPage,
  type FetchRequest,
  type StreamSpec,
} from '@meridian/connectors';
import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import {
  authorizeAt,
  createSyncFixture,
  emulatorSettings,
  servedRows,
  syncUntilIdle,
} from './__tests__/sync-test-kit';
import type { SyncFixture } from './__tests__/sync-test-kit';
import { establishConnection } from './establish-connection';
import { runConnectionSync } from './sync-connection';
import { createSyncStreamsRepository } from './sync-streams.repository';

/**
 * A historical pull writes gathered pages in batches (one transaction per `historicalBatchItems` items).
 * What a batch holds before a failing page is stored, the stream resumes right after it, and the end result
 * is exactly what the provider serves: a failed fetch, and a page ingestion refuses (the batch is then
 * written page by page, so the pages before the bad one are kept as they would be one at a time).
 */

jest.setTimeout(180_000);

// Not on a 5-minute instant: moving the clock a few seconds keeps what the emulator serves the same.
const START = new Date('2026-05-20T12:01:00.000Z');
const DAY = 86_400_000;

let fx: SyncFixture;
let oura: RunningEmulator;
const providers = new Map();

const heartRateStream = (): StreamSpec => connectorFor('oura')!.streams.find((s) => s.name === 'heartrate')!;
const originalFetch = heartRateStream().fetch;

/** Wraps the heart-rate stream's fetch: `onDataPage(n, page)` sees the n-th page with samples (from 1). */
function interceptHeartRate(onDataPage: (n: number, page: FetchPage) => FetchPage): { samples: number[] } {
  const seen = { samples: [] as number[] };
  heartRateStream().fetch = async (ctx, req: FetchRequest) => {
    const page = await originalFetch.call(heartRateStream(), ctx, req);
    const samples = page.timeseries.reduce((n, t) => n + t.samples.length, 0);
    if (samples === 0) return page;
    const out = onDataPage(seen.samples.length + 1, page);
    seen.samples.push(samples);
    return out;
  };
  return seen;
}

beforeAll(async () => {
  fx = await createSyncFixture(START, providers);
  // Three 1,000-row heart-rate pages make a batch.
  fx.deps.tuning = { ...fx.deps.tuning, historicalBatchItems: 2_500 };
  oura = await startEmulator('oura', { now: () => fx.now, historyDays: 20 });
  providers.set('oura', emulatorSettings('oura', oura));
});
afterEach(() => {
  heartRateStream().fetch = originalFetch;
});
afterAll(async () => {
  await oura?.server.close();
  await fx?.db.destroy();
});

async function connect(username: string) {
  const userId = await fx.insertUser();
  const tokens = await authorizeAt(fx.deps, 'oura', oura, username);
  const { connectionId } = await establishConnection(fx.deps, {
    userId,
    provider: 'oura',
    authType: 'oauth',
    tokens,
    credentialSource: 'platform',
    externalUserId: tokens.externalUserId,
  });
  return { userId, connectionId, accessToken: tokens.accessToken };
}

const storedHeartRate = async (userId: string) =>
  Number(
    (
      await fx.db
        .knex('timeseries_samples')
        .where({ user_id: userId, provider: 'oura', resource: 'heartrate' })
        .count({ n: '*' })
    )[0]!.n,
  );

const heartRateStreamRow = async (connectionId: string) =>
  (await createSyncStreamsRepository(fx.db.knex).listForConnection(connectionId)).find(
    (s) => s.stream === 'heartrate',
  )!;

/** Distinct heart-rate instants the emulator serves over the stream's range (30 days per request). */
async function servedHeartRate(accessToken: string, start: Date, end: Date): Promise<number> {
  const instants = new Set<number>();
  for (let from = start.getTime(); from < end.getTime(); from += 30 * DAY) {
    const to = Math.min(from + 30 * DAY, end.getTime());
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

async function finishAndCheck(user: Awaited<ReturnType<typeof connect>>) {
  heartRateStream().fetch = originalFetch;
  // Past the retry's backoff (1 s ± jitter in the test tuning).
  fx.setNow(new Date(fx.now.getTime() + 5_000));
  await syncUntilIdle(fx.deps, user.connectionId);
  const stream = await heartRateStreamRow(user.connectionId);
  expect(stream.phase).toBe('incremental');
  expect(await storedHeartRate(user.userId)).toBe(
    await servedHeartRate(user.accessToken, stream.rangeStart, stream.rangeEnd),
  );
}

describe('historical pages written in batches', () => {
  it('a fetch failing in the second batch keeps the pages before it and resumes after them', async () => {
    const user = await connect('dana');
    const seen = interceptHeartRate((n, page) => {
      if (n === 5) throw new ProviderUnavailableError('Oura answered 503', 503);
      return page;
    });
    await runConnectionSync(fx.deps, user.connectionId);
    // Batch one (pages 1–3) and what batch two had before page 5 failed (page 4) are stored.
    expect(seen.samples).toHaveLength(4);
    expect(await storedHeartRate(user.userId)).toBe(seen.samples.reduce((a, b) => a + b, 0));
    const stream = await heartRateStreamRow(user.connectionId);
    expect(stream).toMatchObject({
      phase: 'historical',
      status: 'retrying',
      lastError: 'provider_unavailable',
    });
    expect(stream.pageToken).not.toBeNull();
    await finishAndCheck(user);
  });

  it('a page ingestion refuses fails its batch, written page by page up to the bad page', async () => {
    const user = await connect('eli');
    const seen = interceptHeartRate((n, page) => {
      if (n !== 3) return page;
      const [series] = page.timeseries;
      return {
        ...page,
        timeseries: [
          {
            ...series!,
            samples: [
              ...series!.samples,
              { timestamp: series!.samples[0]!.timestamp, value: 9_999, unit: 'bpm' },
            ],
          },
        ],
      };
    });
    await runConnectionSync(fx.deps, user.connectionId);
    // Pages 1 and 2 of the refused batch are stored; the bad page 3 and nothing after it (the pages
    // fetched ahead meanwhile are not).
    expect(seen.samples.length).toBeGreaterThanOrEqual(3);
    expect(await storedHeartRate(user.userId)).toBe(seen.samples[0]! + seen.samples[1]!);
    const stream = await heartRateStreamRow(user.connectionId);
    expect(stream).toMatchObject({ phase: 'historical', status: 'retrying', lastError: 'transport_failure' });
    await finishAndCheck(user);
  });
});
