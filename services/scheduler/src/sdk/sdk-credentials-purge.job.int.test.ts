import { createHash, randomBytes } from 'node:crypto';
import { newId } from '@meridian/domain';
import { createLogger } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createScheduledJobs } from '../scheduled-jobs';
import { SDK_CREDENTIALS_PURGE_JOB, type SdkCredentialsPurgeOptions } from './sdk-credentials-purge.job';

const logger = createLogger({ service: 'scheduler', silent: true });
const NOW = new Date('2026-11-24T12:00:00.000Z');
const DAY_MS = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY_MS);
const hash = () => createHash('sha256').update(randomBytes(16)).digest('hex');

describe('sdk_credentials_purge job', () => {
  let db: TestDatabase;
  let teamId: string;
  let userId: string;
  let deviceId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const { orgId } = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, orgId)).teamId;
    userId = newId();
    await db
      .knex('users')
      .insert({ id: userId, team_id: teamId, environment: 'sandbox', client_user_id: 'u-1' });
    deviceId = newId();
    await db.knex('sdk_devices').insert({
      id: deviceId,
      team_id: teamId,
      environment: 'sandbox',
      user_id: userId,
      installation_id: 'install-1',
    });
  });
  afterAll(() => db.destroy());

  const purgeJob = (options?: SdkCredentialsPurgeOptions) => {
    const job = createScheduledJobs({ db: db.knex, logger, sdkCredentials: options }).find(
      (j) => j.name === SDK_CREDENTIALS_PURGE_JOB,
    );
    if (!job) throw new Error(`${SDK_CREDENTIALS_PURGE_JOB} is not registered`);
    return job;
  };

  async function signInToken(expiresAt: Date, consumed: boolean): Promise<string> {
    const tokenHash = hash();
    await db.knex('sdk_sign_in_tokens').insert({
      token_hash: tokenHash,
      team_id: teamId,
      environment: 'sandbox',
      user_id: userId,
      expires_at: expiresAt,
      consumed_at: consumed ? at(-20) : null,
    });
    return tokenHash;
  }

  async function session(refreshExpiresAt: Date, revokedAt: Date | null = null): Promise<string> {
    const id = newId();
    await db.knex('sdk_sessions').insert({
      id,
      device_id: deviceId,
      family_id: id,
      access_token_hash: hash(),
      access_expires_at: at(-30),
      refresh_token_hash: hash(),
      refresh_expires_at: refreshExpiresAt,
      revoked_at: revokedAt,
    });
    return id;
  }

  const signInTokensLeft = async (): Promise<string[]> =>
    (await db.knex('sdk_sign_in_tokens').pluck('token_hash')) as string[];
  const sessionsLeft = async (): Promise<string[]> => (await db.knex('sdk_sessions').pluck('id')) as string[];

  beforeEach(async () => {
    await db.knex('sdk_sessions').delete();
    await db.knex('sdk_sign_in_tokens').delete();
  });

  it('deletes sign-in tokens a day after they expired and leaves younger ones', async () => {
    const old = await signInToken(at(-2), false);
    const oldConsumed = await signInToken(at(-3), true);
    const recentlyExpired = await signInToken(at(-0.5), false);
    const live = await signInToken(at(0.005), false);

    await purgeJob().run(NOW);

    const left = await signInTokensLeft();
    expect(left).toEqual(expect.arrayContaining([recentlyExpired, live]));
    expect(left).not.toContain(old);
    expect(left).not.toContain(oldConsumed);
  });

  it('deletes sessions whose refresh expired and revoked ones after the keep window, not live ones', async () => {
    const expired = await session(at(-2));
    const revokedLongAgo = await session(at(60), at(-8));
    const revokedRecently = await session(at(60), at(-1));
    const live = await session(at(80));
    const rotatedFrom = await session(at(-1.5));
    await db
      .knex('sdk_sessions')
      .where({ id: rotatedFrom })
      .update({ replaced_by: live, rotated_at: at(-91) });

    await purgeJob().run(NOW);

    const left = await sessionsLeft();
    expect(left.sort()).toEqual([revokedRecently, live].sort());
    expect(left).not.toContain(expired);
    expect(left).not.toContain(revokedLongAgo);
  });

  it('works a backlog off in bounded batches per tick', async () => {
    for (let i = 0; i < 7; i += 1) await session(at(-5));
    await purgeJob({ batchSize: 2, maxBatches: 2 }).run(NOW);
    expect(await sessionsLeft()).toHaveLength(3);
    await purgeJob({ batchSize: 2, maxBatches: 2 }).run(NOW);
    expect(await sessionsLeft()).toHaveLength(0);
  });
});
