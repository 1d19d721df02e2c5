/**
 * The provider sync engine survives a crash: the scheduler process (real RabbitMQ, real PostgreSQL) pulls
 * the multi-stream Oura history of several users from the emulator over HTTP, is killed with SIGKILL in the
 * middle of it, and restarted. Pages are ingested in the same transaction as the progress they record, so
 * after the restart the stored data equals exactly what the emulator serves: nothing lost, nothing twice,
 * and each `historical.data.<resource>.created` written once.
 */
import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import { createTestDatabase, seedOrg, seedTeam, waitFor, type TestDatabase } from '@meridian/test-utils';
import { AMQP_URL, describeWithBroker } from './support/broker';
import { isolatedVhost, type BrokerVhost } from './support/broker-vhost';
import type { RunningProcess } from './support/processes';
import {
  connectThroughOAuth,
  servedOuraDocuments,
  servedOuraHeartRate,
  startSchedulerFor,
  testSyncDeps,
} from './support/provider-sync-stack';

jest.setTimeout(300_000);

const USERS = ['ann', 'ben', 'cid'];

interface StreamRow {
  connection_id: string;
  stream: string;
  phase: string;
  range_start: Date;
  range_end: Date;
  done_until: Date;
  page_token: string | null;
}

describeWithBroker('provider sync: kill -9 in the middle of a backfill', () => {
  let db: TestDatabase;
  let vhost: BrokerVhost;
  let oura: RunningEmulator;
  const procs: RunningProcess[] = [];
  const users: { userId: string; connectionId: string; accessToken: string }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    vhost = await isolatedVhost(AMQP_URL);
    // The provider's clock stands still, so what it serves cannot move while the test compares.
    const frozen = new Date();
    oura = await startEmulator('oura', { now: () => frozen, historyDays: 45 });
  });

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    await oura?.server.close();
    await vhost?.drop();
    await db?.destroy();
  });

  const streams = () => db.knex('connection_sync_streams').select<StreamRow[]>();

  it('resumes after SIGKILL and stores exactly what the emulator serves', async () => {
    const deps = testSyncDeps(db, 'oura', oura);
    const teamId = (await seedTeam(db.knex, (await seedOrg(db.knex)).orgId)).teamId;
    for (const name of USERS) {
      const userId = crypto.randomUUID();
      await db
        .knex('users')
        .insert({ id: userId, team_id: teamId, environment: 'sandbox', client_user_id: `e2e-${name}` });
      users.push({ userId, ...(await connectThroughOAuth(deps, oura, 'oura', userId, name)) });
    }

    const first = await startSchedulerFor({ dbUrl: db.url, amqpUrl: vhost.url, slug: 'oura', running: oura });
    procs.push(first);
    // Mid-backfill: some pages recorded, some streams still in history.
    await waitFor(
      async () => {
        const rows = await streams();
        const progressed = rows.filter((r) => r.page_token !== null || r.done_until > r.range_start).length;
        const historical = rows.filter((r) => r.phase === 'historical').length;
        if (progressed >= 2 && historical >= 3) return true;
        if (historical < 3)
          throw new Error('the backfill finished before the kill; give the emulator more history');
        return false;
      },
      { timeoutMs: 120_000, intervalMs: 50 },
    );
    await first.stop('SIGKILL');
    const atKill = await streams();
    expect(atKill.filter((r) => r.phase === 'historical').length).toBeGreaterThanOrEqual(3);

    const second = await startSchedulerFor({
      dbUrl: db.url,
      amqpUrl: vhost.url,
      slug: 'oura',
      running: oura,
    });
    procs.push(second);
    await waitFor(
      async () => {
        const pulls = await db.knex('historical_pulls').whereNot('status', 'success').count({ n: '*' });
        const total = await db.knex('historical_pulls').count({ n: '*' });
        return Number(pulls[0]!.n) === 0 && Number(total[0]!.n) > 0;
      },
      { timeoutMs: 180_000, intervalMs: 500 },
    );

    for (const u of users) {
      const hr = (await streams()).find(
        (r) => r.connection_id === u.connectionId && r.stream === 'heartrate',
      )!;
      expect(hr.phase).toBe('incremental');
      const served = await servedOuraHeartRate(oura, u.accessToken, hr.range_start, hr.range_end);
      const stored = await db
        .knex('timeseries_samples')
        .where({ user_id: u.userId, resource: 'heartrate', provider: 'oura' })
        .count({ n: '*' });
      expect(served).toBeGreaterThan(40 * 250);
      expect(Number(stored[0]!.n)).toBe(served);

      const sleeps = await servedOuraDocuments<{ type: string }>(
        oura,
        u.accessToken,
        'sleep',
        hr.range_start,
        hr.range_end,
      );
      const storedSleeps = await db
        .knex('summaries')
        .where({ user_id: u.userId, kind: 'sleep', provider: 'oura' })
        .count({ n: '*' });
      expect(Number(storedSleeps[0]!.n)).toBe(
        sleeps.filter((s) => s.type !== 'deleted' && s.type !== 'rest').length,
      );

      const activity = await servedOuraDocuments<{ steps: number }>(
        oura,
        u.accessToken,
        'daily_activity',
        hr.range_start,
        hr.range_end,
      );
      const storedSteps = await db
        .knex('timeseries_samples')
        .where({ user_id: u.userId, resource: 'steps', provider: 'oura' })
        .count({ n: '*' });
      expect(Number(storedSteps[0]!.n)).toBeGreaterThan(0);
      expect(activity.length).toBeGreaterThan(0);

      const events = await db
        .knex('outbox')
        .where({ user_id: u.userId })
        .where('event_type', 'like', 'historical.data.%')
        .select<{ event_type: string }[]>('event_type');
      const types = events.map((e) => e.event_type);
      expect(types.length).toBeGreaterThan(0);
      expect(new Set(types).size).toBe(types.length); // each resource once, crash or not
      expect(types).toContain('historical.data.heartrate.created');
    }
  });
});
