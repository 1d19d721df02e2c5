import { createLogger } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { newId } from '@meridian/domain';
import { createLeaderLock } from './leader-lock';
import { createScheduledJobs } from './scheduled-jobs';
import { createScheduler } from './scheduler';

const logger = createLogger({ service: 'scheduler', silent: true });

describe('scheduler', () => {
  let db: TestDatabase;
  let teamId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, org.orgId)).teamId;
  });
  afterAll(() => db.destroy());

  async function deletedUser(deletedAt: Date): Promise<string> {
    const id = newId();
    await db.knex('users').insert({
      id,
      team_id: teamId,
      environment: 'sandbox',
      client_user_id: `u-${id}`,
      deleted_at: deletedAt,
      purge_after: new Date(deletedAt.getTime() + 7 * 86_400_000),
    });
    return id;
  }

  it('lets exactly one replica lead at a time, and hands over when the leader releases', async () => {
    const a = createLeaderLock(db.knex, 991);
    const b = createLeaderLock(db.knex, 991);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await a.acquire()).toBe(true);
    await a.release();
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
    await b.release();
  });

  it('purges users past the grace period on the leader tick, by the injected clock', async () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const expired = await deletedUser(new Date('2026-03-01T00:00:00Z'));
    const inGrace = await deletedUser(new Date('2026-03-05T00:00:00Z'));
    const leader = createScheduler({
      jobs: createScheduledJobs({ db: db.knex, logger }),
      leader: createLeaderLock(db.knex, 992),
      logger,
      clock: () => now,
    });
    const follower = createScheduler({
      jobs: createScheduledJobs({ db: db.knex, logger }),
      leader: createLeaderLock(db.knex, 992),
      logger,
      clock: () => now,
    });
    expect(await leader.tick()).toBe(true);
    expect(await follower.tick()).toBe(false);
    const left = await db.knex('users').whereIn('id', [expired, inGrace]).pluck('id');
    expect(left).toEqual([inGrace]);
    await leader.stop();
    await follower.stop();
  });

  it('runs a named job on demand and reports unknown names', async () => {
    const expired = await deletedUser(new Date('2020-01-01T00:00:00Z'));
    const scheduler = createScheduler({
      jobs: createScheduledJobs({ db: db.knex, logger }),
      leader: createLeaderLock(db.knex, 993),
      logger,
      clock: () => new Date(),
    });
    expect(await scheduler.runJob('purge_deleted_users')).toBe(true);
    expect(await db.knex('users').where({ id: expired }).first()).toBeUndefined();
    expect(await scheduler.runJob('no_such_job')).toBe(false);
    await scheduler.stop();
  });
});
