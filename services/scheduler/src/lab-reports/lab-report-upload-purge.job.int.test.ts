import { createLabReportJobsRepository, withTransaction, type LabReportJobRecord } from '@meridian/db';
import { newId, type ParsedLabReport } from '@meridian/domain';
import { createLogger } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createScheduledJobs } from '../scheduled-jobs';
import { LAB_REPORT_UPLOAD_PURGE_JOB } from './lab-report-upload-purge.job';

const logger = createLogger({ service: 'scheduler', silent: true });
const T0 = new Date('2026-11-20T12:00:00.000Z');
const DAY_MS = 86_400_000;
const REPORT: ParsedLabReport = {
  metadata: {
    patient_first_name: null,
    patient_last_name: null,
    dob: null,
    lab_name: 'Test Lab',
    date_reported: null,
    date_collected: null,
    specimen_number: null,
    gender: 'other',
  },
  results: [],
};

describe('lab_report_upload_purge job', () => {
  let db: TestDatabase;
  let orgId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    orgId = (await seedOrg(db.knex)).orgId;
  });
  afterAll(() => db.destroy());

  const purgeJob = (options?: { batchSize?: number; maxBatches?: number }) => {
    const job = createScheduledJobs({ db: db.knex, logger, labReportUploads: options }).find(
      (j) => j.name === LAB_REPORT_UPLOAD_PURGE_JOB,
    );
    if (!job) throw new Error(`${LAB_REPORT_UPLOAD_PURGE_JOB} is not registered`);
    return job;
  };

  /** A team whose sandbox keeps uploads `days` days (undefined: the setting never set). */
  async function team(days?: number): Promise<string> {
    const { teamId } = await seedTeam(db.knex, orgId);
    if (days !== undefined) {
      await db
        .knex('teams')
        .where({ id: teamId })
        .update({ settings: JSON.stringify({ sandbox: { lab_report_upload_retention_days: days } }) });
    }
    return teamId;
  }

  async function uploadedJob(teamId: string): Promise<string> {
    const userId = newId();
    await db
      .knex('users')
      .insert({ id: userId, team_id: teamId, environment: 'sandbox', client_user_id: `u-${userId}` });
    const jobId = newId();
    await createLabReportJobsRepository(db.knex).insert({
      id: jobId,
      scope: { teamId, environment: 'sandbox' },
      userId,
      needsHumanReview: false,
      files: [
        { bytes: Buffer.from('%PDF-1.7 page one'), mediaType: 'application/pdf', filename: 'report.pdf' },
      ],
      now: T0,
    });
    return jobId;
  }

  /** Ends the job the way the parser worker does (the same repository transition, in a transaction). */
  const complete = (jobId: string, at: Date): Promise<LabReportJobRecord> =>
    withTransaction(db.knex, async (trx) => {
      const repo = createLabReportJobsRepository(trx);
      await repo.markStarted(jobId, at);
      return repo.markCompleted(jobId, REPORT, false, at);
    });
  const fail = (jobId: string, at: Date): Promise<LabReportJobRecord> =>
    withTransaction(db.knex, (trx) =>
      createLabReportJobsRepository(trx).markFailed(jobId, 'low_quality', at),
    );
  const fileCount = async (jobId: string) =>
    Number((await db.knex('lab_report_files').where({ job_id: jobId }).count('* as n').first())!.n);
  const job = (id: string) => db.knex('lab_report_jobs').where({ id }).first();

  it('keeps an upload until the job’s end plus the team’s retention, then deletes only the file', async () => {
    const jobId = await uploadedJob(await team(7));
    const ended = await complete(jobId, T0);
    expect(ended.uploadsDeleteAfter).toEqual(new Date(T0.getTime() + 7 * DAY_MS));
    expect(ended.uploadsDeletedAt).toBeNull();

    await purgeJob().run(new Date(T0.getTime() + 7 * DAY_MS - 1));
    expect(await fileCount(jobId)).toBe(1);

    const due = new Date(T0.getTime() + 7 * DAY_MS);
    await purgeJob().run(due);
    expect(await fileCount(jobId)).toBe(0);
    expect(await job(jobId)).toMatchObject({
      status: 'completed',
      data: REPORT,
      uploads_deleted_at: due,
    });
    // The job's read is unchanged by the deletion.
    const read = await createLabReportJobsRepository(db.knex).find(jobId);
    expect(read).toMatchObject({ status: 'completed', data: REPORT });
    expect(await createLabReportJobsRepository(db.knex).files(jobId)).toEqual([]);
  });

  it('keeps the upload of a failed parse for the retention too, and the failure stays readable', async () => {
    const jobId = await uploadedJob(await team(1));
    await fail(jobId, T0);
    expect(await fileCount(jobId)).toBe(1);
    await purgeJob().run(new Date(T0.getTime() + DAY_MS));
    expect(await fileCount(jobId)).toBe(0);
    expect(await job(jobId)).toMatchObject({ status: 'failed', failure_reason: 'low_quality' });
  });

  it('deletes at once where the team never set a retention, and caps a hand-edited one at 30 days', async () => {
    const unset = await uploadedJob(await team());
    expect(await complete(unset, T0)).toMatchObject({ uploadsDeletedAt: T0 });
    expect(await fileCount(unset)).toBe(0);

    const tooLong = await uploadedJob(await team(365));
    expect((await complete(tooLong, T0)).uploadsDeleteAfter).toEqual(new Date(T0.getTime() + 30 * DAY_MS));
  });

  it('never touches the uploads of jobs still running or waiting for review', async () => {
    const teamId = await team(0);
    const running = await uploadedJob(teamId);
    const awaitingReview = await uploadedJob(teamId);
    await withTransaction(db.knex, async (trx) => {
      const repo = createLabReportJobsRepository(trx);
      await repo.markStarted(running, T0);
      await repo.markStarted(awaitingReview, T0);
      await repo.storeForReview(awaitingReview, REPORT, T0);
    });
    await purgeJob().run(new Date(T0.getTime() + 365 * DAY_MS));
    expect(await fileCount(running)).toBe(1);
    expect(await fileCount(awaitingReview)).toBe(1);
  });

  it('works off a backlog in batches, a bounded number per tick', async () => {
    const teamId = await team(2);
    const jobs: string[] = [];
    for (let i = 0; i < 5; i += 1) jobs.push(await uploadedJob(teamId));
    for (const id of jobs) await complete(id, T0);
    const later = new Date(T0.getTime() + 3 * DAY_MS);

    await purgeJob({ batchSize: 2, maxBatches: 2 }).run(later);
    const left = async () => (await Promise.all(jobs.map(fileCount))).reduce((a, b) => a + b, 0);
    expect(await left()).toBe(1);
    await purgeJob({ batchSize: 2, maxBatches: 2 }).run(later);
    expect(await left()).toBe(0);
  });
});
