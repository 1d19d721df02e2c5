import { DEMO_HISTORICAL_PULL_JOB, demoResourcesFor, type DemoProvider } from '@meridian/demo-data';
import { newId, providerBySlug } from '@meridian/domain';
import { createIngestion, DATA_EVENT_RESOURCES } from '@meridian/ingestion';
import { PermanentError } from '@meridian/messaging';
import { createLogger } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createLeaderLock } from '../leader-lock';
import { createScheduledJobs, type JobTask } from '../scheduled-jobs';
import { createScheduler, type Scheduler } from '../scheduler';
import type { DemoIngestionFactory } from './demo-ingestion';
import { DEMO_PULL_LEASE_MS } from './demo-pulls.repository';

const logger = createLogger({ service: 'scheduler', silent: true });
const CONNECTED = new Date('2026-11-10T09:30:00.000Z');
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

jest.setTimeout(120_000);

describe('demo provider jobs', () => {
  let db: TestDatabase;
  let teamId: string;
  let now = CONNECTED;
  let lockId = 7_100;
  let ingestionFor: DemoIngestionFactory | undefined;
  let userSeq = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, org.orgId)).teamId;
  });
  afterAll(() => db.destroy());
  beforeEach(() => {
    now = CONNECTED;
    ingestionFor = undefined;
  });

  function scheduler(): Scheduler {
    lockId += 1;
    return createScheduler({
      jobs: createScheduledJobs({
        db: db.knex,
        logger,
        clock: () => now,
        demo: {
          ingestionFor: (knex) =>
            (ingestionFor ?? ((k) => createIngestion({ db: k, clock: () => now })))(knex),
        },
      }),
      leader: createLeaderLock(db.knex, lockId),
      logger,
      clock: () => now,
    });
  }

  /** What POST /v2/link/connect/demo writes (the data API's transaction, restated for the scheduler's tests). */
  async function connectDemo(provider: DemoProvider, opts: { timeZone?: string; at?: Date } = {}) {
    const at = opts.at ?? CONNECTED;
    // Fixed ids: the demo data is seeded by the user, so each test sees the same data on every run.
    userSeq += 1;
    const userId = `00000000-0000-4000-8000-${String(userSeq).padStart(12, '0')}`;
    const connectionId = newId();
    await db.knex('users').insert({
      id: userId,
      team_id: teamId,
      environment: 'sandbox',
      client_user_id: `demo-${userId}`,
      fallback_time_zone: opts.timeZone ?? null,
    });
    await db.knex('provider_connections').insert({
      id: connectionId,
      user_id: userId,
      provider,
      resource_availability: JSON.stringify({}),
      created_on: at,
    });
    await db.knex('demo_connections').insert({
      connection_id: connectionId,
      user_id: userId,
      provider,
      time_zone: opts.timeZone ?? 'UTC',
      synced_until: at,
    });
    await db.knex('historical_pulls').insert(
      demoResourcesFor(userId, provider).map((resource) => ({
        user_id: userId,
        provider,
        resource,
        status: 'scheduled',
        range_start: new Date(at.getTime() - 30 * DAY_MS),
        range_end: at,
        scheduled_at: at,
      })),
    );
    return userId;
  }

  const task = (userId: string, provider: DemoProvider, attempt = 1): JobTask => ({
    data: { user_id: userId, provider },
    attempt,
  });
  const pullsOf = (userId: string) =>
    db.knex('historical_pulls').where({ user_id: userId }).orderBy('resource');
  const eventTypes = async (userId: string) =>
    (await db.knex('outbox').where({ user_id: userId }).orderBy('seq').pluck('event_type')) as string[];
  const sampleCount = async (userId: string, resource?: string) => {
    const q = db.knex('timeseries_samples').where({ user_id: userId });
    if (resource) q.where({ resource });
    const rows = await q.count<{ count: string }[]>({ count: '*' });
    return Number(rows[0]?.count ?? 0);
  };
  const summaryKinds = async (userId: string) =>
    Object.fromEntries(
      (
        await db
          .knex('summaries')
          .where({ user_id: userId })
          .groupBy('kind')
          .select('kind')
          .count<{ kind: string; count: string }[]>({ count: '*' })
      ).map((r) => [r.kind, Number(r.count)]),
    );

  it('fills 30 days through ingestion, marks every pull success and closes with historical events', async () => {
    const userId = await connectDemo('oura', { timeZone: 'Europe/Berlin' });
    now = new Date(CONNECTED.getTime() + 5_000);
    const s = scheduler();
    expect(await s.runJob(DEMO_HISTORICAL_PULL_JOB, task(userId, 'oura'))).toBe(true);

    const pulls = await pullsOf(userId);
    expect(pulls.map((p) => p.status)).toEqual(pulls.map(() => 'success'));
    for (const p of pulls) {
      expect(p.started_at).toEqual(now);
      expect(p.ended_at).toEqual(now);
      expect(p.error_details).toBeNull();
    }
    const days = Object.fromEntries(pulls.map((p) => [p.resource, p.days_with_data]));
    expect(days.heartrate).toBe(31);
    expect(days.sleep).toBeGreaterThanOrEqual(29);
    expect(days.activity).toBeGreaterThanOrEqual(30);
    expect(days.workouts).toBeGreaterThan(3);
    expect(days.sleep_stream).toBeGreaterThanOrEqual(29);

    expect(await sampleCount(userId, 'heartrate')).toBeGreaterThan(8_000);
    expect(await sampleCount(userId, 'steps')).toBeGreaterThan(1_000);
    const kinds = await summaryKinds(userId);
    expect(kinds.sleep).toBeGreaterThanOrEqual(29);
    expect(kinds.sleep_cycle).toBe(kinds.sleep);
    expect(kinds.activity).toBeGreaterThanOrEqual(30);
    expect(kinds.profile).toBe(1);

    const events = await eventTypes(userId);
    const expected = demoResourcesFor(userId, 'oura')
      .filter((r) => DATA_EVENT_RESOURCES.has(r))
      .map((r) => `historical.data.${r}.created`);
    expect([...events].sort()).toEqual([...expected].sort());
    expect(events.some((e) => e.startsWith('daily.'))).toBe(false);

    // The same message again (at-least-once delivery): nothing to claim, nothing changes.
    const before = { samples: await sampleCount(userId), pulls: await pullsOf(userId) };
    now = new Date(now.getTime() + MINUTE_MS);
    await s.runJob(DEMO_HISTORICAL_PULL_JOB, task(userId, 'oura'));
    expect(await sampleCount(userId)).toBe(before.samples);
    expect(await pullsOf(userId)).toEqual(before.pulls);
    expect(await eventTypes(userId)).toHaveLength(events.length);

    // Forced to run again, it rewrites the same data.
    await db.knex('historical_pulls').where({ user_id: userId }).update({ status: 'scheduled' });
    await s.runJob(DEMO_HISTORICAL_PULL_JOB, task(userId, 'oura'));
    expect(await sampleCount(userId)).toBe(before.samples);
    expect(await summaryKinds(userId)).toEqual(kinds);
    await s.stop();
  });

  it.each(['apple_health_kit', 'fitbit', 'freestyle_libre'] as const)(
    '%s: every generated resource passes ingestion',
    async (provider) => {
      const userId = await connectDemo(provider, { timeZone: 'America/New_York' });
      // A shorter history keeps the test quick; the whole mix of resources still appears.
      await db
        .knex('historical_pulls')
        .where({ user_id: userId })
        .update({ range_start: new Date(CONNECTED.getTime() - 8 * DAY_MS) });
      const s = scheduler();
      await s.runJob(DEMO_HISTORICAL_PULL_JOB, task(userId, provider));
      const pulls = await pullsOf(userId);
      expect(pulls.map((p) => [p.resource, p.status])).toEqual(pulls.map((p) => [p.resource, 'success']));
      const empty = pulls.filter((p) => p.days_with_data === 0).map((p) => p.resource);
      expect(empty).toEqual([]);
      if (provider === 'freestyle_libre') {
        // Sent in mg/dL, stored in mmol/L.
        const glucose = await db
          .knex('timeseries_samples')
          .where({ user_id: userId, resource: 'glucose' })
          .pluck('value');
        expect(Math.max(...glucose)).toBeLessThan(15);
        expect(Math.min(...glucose)).toBeGreaterThan(3);
      }
      if (provider === 'fitbit') {
        // Sent as a fraction, stored in percent.
        const fat = await db
          .knex('timeseries_samples')
          .where({ user_id: userId, resource: 'fat' })
          .pluck('value');
        expect(Math.min(...fat)).toBeGreaterThan(5);
      }
      await s.stop();
    },
  );

  it('delivers new data as daily events after the pull, every 15 minutes at most', async () => {
    const userId = await connectDemo('oura');
    const s = scheduler();
    await s.runJob(DEMO_HISTORICAL_PULL_JOB, task(userId, 'oura'));
    const pulled = await sampleCount(userId, 'heartrate');
    const historical = (await eventTypes(userId)).length;

    now = new Date(CONNECTED.getTime() + 3 * 3_600_000);
    expect(await s.tick()).toBe(true);
    expect(await sampleCount(userId, 'heartrate')).toBe(pulled + 36);
    const daily = (await eventTypes(userId)).slice(historical);
    expect(daily).toEqual(
      expect.arrayContaining(['daily.data.heartrate.created', 'daily.data.steps.created']),
    );
    expect(daily.every((e) => e.startsWith('daily.data.'))).toBe(true);
    expect(await db.knex('demo_connections').where({ user_id: userId }).first()).toMatchObject({
      synced_until: now,
    });

    const delivered = (await eventTypes(userId)).length;
    now = new Date(now.getTime() + 10 * MINUTE_MS);
    await s.tick();
    expect((await eventTypes(userId)).length).toBe(delivered);

    // Two days offline: caught up in day-sized steps.
    now = new Date(now.getTime() + 2 * DAY_MS);
    await s.tick();
    const latest = await db
      .knex('timeseries_samples')
      .where({ user_id: userId, resource: 'heartrate' })
      .max('start_at as at')
      .first();
    expect(now.getTime() - (latest!.at as Date).getTime()).toBeLessThan(6 * MINUTE_MS);
    expect(await db.knex('demo_connections').where({ user_id: userId }).first()).toMatchObject({
      synced_until: now,
    });
    await s.stop();
  });

  /** What a runner leaves behind when it dies mid-pull: the pulls in progress under its lease. */
  async function leaveInProgress(userId: string, startedAt: Date, leaseUntil: Date) {
    await db
      .knex('historical_pulls')
      .where({ user_id: userId })
      .update({ status: 'in_progress', started_at: startedAt });
    await db.knex('demo_connections').where({ user_id: userId }).update({ pull_lease_until: leaseUntil });
  }
  const leaseOf = async (userId: string): Promise<Date | null> => {
    const row = await db
      .knex('demo_connections')
      .where({ user_id: userId })
      .first<{ pull_lease_until: Date | null }>('pull_lease_until');
    return row.pull_lease_until;
  };

  it('sends no updates before the historical pull succeeded', async () => {
    const userId = await connectDemo('freestyle_libre');
    now = new Date(CONNECTED.getTime() + 3_600_000);
    await leaveInProgress(userId, now, new Date(now.getTime() + DEMO_PULL_LEASE_MS));
    const s = scheduler();
    await s.tick();
    expect(await sampleCount(userId)).toBe(0);
    await s.stop();
  });

  it('sweeps up pulls whose task message never arrived, after a minute', async () => {
    const userId = await connectDemo('freestyle_libre');
    const s = scheduler();
    now = new Date(CONNECTED.getTime() + 30_000);
    await s.tick();
    expect(new Set((await pullsOf(userId)).map((p) => p.status))).toEqual(new Set(['scheduled']));
    now = new Date(CONNECTED.getTime() + 2 * MINUTE_MS);
    await s.tick();
    expect(new Set((await pullsOf(userId)).map((p) => p.status))).toEqual(new Set(['success']));
    expect(await sampleCount(userId, 'glucose')).toBeGreaterThan(8_000);
    await s.stop();
  });

  it('resumes a pull whose runner died as soon as its lease runs out, not after a fixed stale limit', async () => {
    const userId = await connectDemo('freestyle_libre');
    const crashedAt = new Date(CONNECTED.getTime() + 5_000);
    await leaveInProgress(userId, crashedAt, new Date(crashedAt.getTime() + DEMO_PULL_LEASE_MS));
    // The restarted scheduler: its first ticks come while the dead runner's lease still runs.
    const restarted = scheduler();
    now = new Date(crashedAt.getTime() + DEMO_PULL_LEASE_MS - 1_000);
    await restarted.tick();
    expect(new Set((await pullsOf(userId)).map((p) => p.status))).toEqual(new Set(['in_progress']));
    expect(await sampleCount(userId)).toBe(0);

    now = new Date(crashedAt.getTime() + DEMO_PULL_LEASE_MS + 1_000);
    await restarted.tick();
    const pulls = await pullsOf(userId);
    expect(pulls.map((p) => [p.status, p.started_at])).toEqual(pulls.map(() => ['success', now]));
    expect(await sampleCount(userId, 'glucose')).toBeGreaterThan(8_000);
    expect(await leaseOf(userId)).toBeNull();
    await restarted.stop();
  });

  it('a working runner renews its lease: a sweep while it works does not take the pull over', async () => {
    const userId = await connectDemo('freestyle_libre');
    const startedAt = new Date(CONNECTED.getTime() + 5_000);
    now = startedAt;
    const sweeper = scheduler();
    let days = 0;
    let sweptDuringPull = false;
    ingestionFor = (knex) => {
      const real = createIngestion({ db: knex, clock: () => now });
      return {
        ingest: async (batch) => {
          // Each day takes 20 s: by the third, the first lease has long run out; the renewals hold.
          now = new Date(now.getTime() + 20_000);
          if (++days === 3) sweptDuringPull = await sweeper.tick();
          return real.ingest(batch);
        },
        completeHistoricalPull: (input) => real.completeHistoricalPull(input),
      };
    };
    const runner = scheduler();
    await runner.runJob(DEMO_HISTORICAL_PULL_JOB, task(userId, 'freestyle_libre'));
    expect(sweptDuringPull).toBe(true);
    const pulls = await pullsOf(userId);
    expect(pulls.map((p) => [p.status, p.started_at])).toEqual(pulls.map(() => ['success', startedAt]));
    expect(days).toBe(30);
    await sweeper.stop();
    await runner.stop();
  });

  it('a runner that lost its lease records nothing; the runner that took over finishes the pull', async () => {
    const userId = await connectDemo('freestyle_libre');
    const startedAt = new Date(CONNECTED.getTime() + 5_000);
    now = startedAt;
    const sweeper = scheduler();
    let stalled = false;
    let sweptAt: Date | undefined;
    ingestionFor = (knex) => {
      const real = createIngestion({ db: knex, clock: () => now });
      return {
        ingest: async (batch) => {
          if (!stalled) {
            // The first runner stalls past its lease (a long GC pause, a frozen VM); the sweep takes over.
            stalled = true;
            now = new Date(now.getTime() + DEMO_PULL_LEASE_MS + 1_000);
            sweptAt = now;
            await sweeper.tick();
          }
          return real.ingest(batch);
        },
        completeHistoricalPull: (input) => real.completeHistoricalPull(input),
      };
    };
    const stalledRunner = scheduler();
    await expect(
      stalledRunner.runJob(DEMO_HISTORICAL_PULL_JOB, task(userId, 'freestyle_libre')),
    ).resolves.toBe(true);
    const pulls = await pullsOf(userId);
    expect(pulls.map((p) => [p.status, p.started_at, p.error_details])).toEqual(
      pulls.map(() => ['success', sweptAt, null]),
    );
    const historical = (await eventTypes(userId)).filter((e) => e.startsWith('historical.'));
    expect(historical).toEqual([...new Set(historical)]);
    expect(historical.length).toBeGreaterThan(0);
    expect(await leaseOf(userId)).toBeNull();
    await sweeper.stop();
    await stalledRunner.stop();
  });

  it('marks a transient failure retrying and rethrows for the retry; the retry succeeds', async () => {
    const userId = await connectDemo('freestyle_libre');
    let failures = 1;
    ingestionFor = (knex) => {
      const real = createIngestion({ db: knex, clock: () => now });
      return {
        ingest: async (batch) => {
          if (failures > 0) {
            failures -= 1;
            throw new Error('connection reset');
          }
          return real.ingest(batch);
        },
        completeHistoricalPull: (input) => real.completeHistoricalPull(input),
      };
    };
    const s = scheduler();
    await expect(s.runJob(DEMO_HISTORICAL_PULL_JOB, task(userId, 'freestyle_libre'))).rejects.toThrow(
      'connection reset',
    );
    expect((await pullsOf(userId)).map((p) => [p.status, p.error_details])).toEqual([
      ['retrying', 'transport_failure'],
      ['retrying', 'transport_failure'],
    ]);
    await s.runJob(DEMO_HISTORICAL_PULL_JOB, task(userId, 'freestyle_libre', 2));
    expect((await pullsOf(userId)).map((p) => [p.status, p.error_details])).toEqual([
      ['success', null],
      ['success', null],
    ]);
    await s.stop();
  });

  it('fails the pull for good when the last attempt fails', async () => {
    const userId = await connectDemo('freestyle_libre');
    ingestionFor = () => ({
      ingest: () => Promise.reject(new Error('still down')),
      completeHistoricalPull: () => Promise.reject(new Error('still down')),
    });
    const s = scheduler();
    await expect(s.runJob(DEMO_HISTORICAL_PULL_JOB, task(userId, 'freestyle_libre', 5))).rejects.toThrow(
      'still down',
    );
    expect((await pullsOf(userId)).map((p) => [p.status, p.error_details])).toEqual([
      ['failure', 'retry_quota_exhausted'],
      ['failure', 'retry_quota_exhausted'],
    ]);
    await s.stop();
  });

  it('fails the pulls of a connection removed before they ran', async () => {
    const userId = await connectDemo('oura');
    await db.knex('provider_connections').where({ user_id: userId }).del();
    const s = scheduler();
    await s.runJob(DEMO_HISTORICAL_PULL_JOB, task(userId, 'oura'));
    const statuses = new Set((await pullsOf(userId)).map((p) => `${p.status}/${p.error_details}`));
    expect(statuses).toEqual(new Set(['failure/non_retriable_error']));
    expect(await sampleCount(userId)).toBe(0);
    await s.stop();
  });

  it('dead-letters a task without a user and demo provider', async () => {
    const s = scheduler();
    for (const data of [
      {},
      { user_id: newId(), provider: 'garmin' },
      { user_id: 'x', provider: 'oura' },
      null,
    ]) {
      await expect(s.runJob(DEMO_HISTORICAL_PULL_JOB, { data, attempt: 1 })).rejects.toBeInstanceOf(
        PermanentError,
      );
    }
    await s.stop();
  });

  it('does not run the task-only job on the leader tick', async () => {
    const userId = await connectDemo('freestyle_libre');
    const s = scheduler();
    now = new Date(CONNECTED.getTime() + 10_000);
    await s.tick();
    expect(new Set((await pullsOf(userId)).map((p) => p.status))).toEqual(new Set(['scheduled']));
    expect(providerBySlug('freestyle_libre')).toBeDefined();
    await s.stop();
  });
});
