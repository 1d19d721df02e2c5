import { createLabReportJobsRepository } from '@meridian/db';
import { newId } from '@meridian/domain';
import type { MessageEnvelope } from '@meridian/messaging';
import { createLogger } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createLeaderLock } from '../leader-lock';
import { createScheduledJobs } from '../scheduled-jobs';
import { createScheduler } from '../scheduler';
import { LAB_REPORT_SWEEP_JOB } from './lab-report-sweep';

const logger = createLogger({ service: 'scheduler', silent: true });
const T0 = new Date('2026-11-20T12:00:00.000Z');
const MINUTE_MS = 60_000;
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE_MS);

describe('lab report parsing sweep', () => {
  let db: TestDatabase;
  let teamId: string;
  let now = T0;
  let lockId = 7_300;
  let failPublish = false;
  const published: { key: string; message: MessageEnvelope }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, org.orgId)).teamId;
  });
  afterAll(() => db.destroy());
  beforeEach(async () => {
    now = T0;
    failPublish = false;
    published.length = 0;
    await db.knex('lab_report_jobs').del();
  });

  function sweep() {
    lockId += 1;
    const scheduler = createScheduler({
      jobs: createScheduledJobs({
        db: db.knex,
        logger,
        clock: () => now,
        transport: {
          async publish(key, message) {
            if (failPublish) throw new Error('broker down');
            published.push({ key, message });
          },
        },
        labReports: { stuckAfterMs: 10 * MINUTE_MS, maxAttempts: 3 },
      }),
      leader: createLeaderLock(db.knex, lockId),
      logger,
      clock: () => now,
    });
    return scheduler.runJob(LAB_REPORT_SWEEP_JOB);
  }

  async function createJob(opts: {
    status: 'upload_pending' | 'started' | 'completed' | 'failed';
    updatedAt: Date;
    attempts?: number;
    needsHumanReview?: boolean;
    data?: object;
  }): Promise<string> {
    const userId = newId();
    await db
      .knex('users')
      .insert({ id: userId, team_id: teamId, environment: 'sandbox', client_user_id: `s-${userId}` });
    const jobId = newId();
    await createLabReportJobsRepository(db.knex).insert({
      id: jobId,
      scope: { teamId, environment: 'sandbox' },
      userId,
      needsHumanReview: opts.needsHumanReview ?? false,
      files: [{ bytes: Buffer.from('%PDF-1.7'), mediaType: 'application/pdf' }],
      now: opts.updatedAt,
    });
    await db
      .knex('lab_report_jobs')
      .where({ id: jobId })
      .update({
        status: opts.status,
        attempts: opts.attempts ?? 0,
        updated_at: opts.updatedAt,
        data: opts.data ? JSON.stringify(opts.data) : null,
        failure_reason: opts.status === 'failed' ? 'invalid_input' : null,
      });
    return jobId;
  }

  const requested = () => published.map((p) => [p.key, (p.message.data as { job_id: string }).job_id]);
  const job = (id: string) => db.knex('lab_report_jobs').where({ id }).first();

  it('re-queues jobs stuck in upload_pending or started, and leaves recent, finished and reviewed ones', async () => {
    now = at(30);
    const lostMessage = await createJob({ status: 'upload_pending', updatedAt: at(0) });
    const deadWorker = await createJob({ status: 'started', updatedAt: at(5), attempts: 1 });
    const recent = await createJob({ status: 'started', updatedAt: at(25), attempts: 1 }); // within 10 minutes
    await createJob({ status: 'completed', updatedAt: at(0), attempts: 1 });
    await createJob({ status: 'failed', updatedAt: at(0), attempts: 1 });
    await createJob({
      status: 'started',
      updatedAt: at(0),
      attempts: 1,
      needsHumanReview: true,
      data: { results: [] },
    });

    await sweep();
    expect(requested().sort()).toEqual(
      [
        ['parser.job.requested', lostMessage],
        ['parser.job.requested', deadWorker],
      ].sort(),
    );
    expect(published[0]!.message).toMatchObject({ type: 'parser.job.requested', version: 1 });
    expect(await job(lostMessage)).toMatchObject({ status: 'upload_pending', updated_at: at(30) });

    // Re-queued jobs get another grace period before the next re-queue; by then the recent one is stuck too.
    published.length = 0;
    now = at(35);
    await sweep();
    expect(published).toEqual([]);
    now = at(41);
    await sweep();
    expect(
      requested()
        .map(([, id]) => id)
        .sort(),
    ).toEqual([lostMessage, deadWorker, recent].sort());
  });

  it('fails a stuck job with processing_error once it was started maxAttempts times, with an updated event', async () => {
    now = at(30);
    const exhausted = await createJob({ status: 'started', updatedAt: at(0), attempts: 3 });
    await sweep();
    expect(published).toEqual([]);
    expect(await job(exhausted)).toMatchObject({
      status: 'failed',
      failure_reason: 'processing_error',
      updated_at: at(30),
    });
    const events = await db
      .knex('outbox')
      .where({ event_type: 'lab_report.parsing_job.updated' })
      .whereRaw(`payload->'data'->>'job_id' = ?`, [exhausted])
      .select('payload');
    expect(events).toHaveLength(1);
    expect(events[0].payload.data).toMatchObject({
      status: 'failed',
      failure_reason: 'processing_error',
      data: null,
    });
    // Failing the job ends it: its upload is deleted with it (the team keeps none).
    expect(await db.knex('lab_report_files').where({ job_id: exhausted })).toEqual([]);
    expect(await job(exhausted)).toMatchObject({ uploads_deleted_at: at(30) });
  });

  it('a lost publish is tried again after another grace period', async () => {
    now = at(30);
    const id = await createJob({ status: 'upload_pending', updatedAt: at(0) });
    failPublish = true;
    await expect(sweep()).rejects.toThrow('broker down');
    failPublish = false;
    now = at(35);
    await sweep();
    expect(published).toEqual([]);
    now = at(45);
    await sweep();
    expect(requested()).toEqual([['parser.job.requested', id]]);
  });
});
