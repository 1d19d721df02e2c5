import request from 'supertest';
import type { Express } from 'express';
import { createLabReportJobsRepository, purgeExpiredUsers } from '@meridian/db';
import { LAB_REPORT_LIMITS, newId, type ParsedLabReport } from '@meridian/domain';
import type { MessageEnvelope } from '@meridian/messaging';
import { createLogger, createMetricsRegistry } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { inspectUpload } from '@meridian/lab-report-upload';
import { createDataApi } from '../../app';
import { createUnitOfWork } from '../unit-of-work';
import { createLabReportsService } from './lab-reports.service';
import { corruptPdf, image, textPdf, truncatedPng } from '../../testing/lab-report-files';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const DAY_MS = 86_400_000;
const MIB = 1024 * 1024;

interface Part {
  bytes: Buffer;
  contentType: string;
  filename?: string;
}

describe('lab report parsing jobs: POST /lab_report/v1/parser/job, GET .../{job_id}', () => {
  let db: TestDatabase;
  let app: Express;
  let now = NOW;
  let teamId: string;
  let keys: { sandbox: string; production: string };
  let otherTeamKey: string;
  let reviewTeamKey: string;
  let reviewTeamId: string;
  let failPublish = false;
  const published: { key: string; message: MessageEnvelope }[] = [];
  let seq = 0;
  let pdf: Buffer;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = createDataApi({
      db: db.knex,
      logger: createLogger({ service: 'data-api', silent: true }),
      metrics: createMetricsRegistry('data-api'),
      region: 'us',
      readiness: {},
      clock: () => now,
      transport: {
        async publish(key, message) {
          if (failPublish) throw new Error('broker down');
          published.push({ key, message });
        },
      },
      validateResponses: true,
    });
    const org = await seedOrg(db.knex);
    const team = await seedTeam(db.knex, org.orgId);
    teamId = team.teamId;
    keys = team.apiKeys;
    otherTeamKey = (await seedTeam(db.knex, org.orgId)).apiKeys.sandbox;
    const reviewTeam = await seedTeam(db.knex, org.orgId);
    reviewTeamKey = reviewTeam.apiKeys.sandbox;
    reviewTeamId = reviewTeam.teamId;
    await db.knex('team_features').insert({ team_id: reviewTeam.teamId, feature: 'lab_report_human_review' });
    pdf = await textPdf(2);
  });
  afterAll(() => db.destroy());
  beforeEach(() => {
    now = NOW;
    published.length = 0;
    failPublish = false;
  });

  const api = () => request(app);
  const as = (key: string, req: request.Test) => req.set('x-service-api-key', key);

  async function createUser(key = keys.sandbox): Promise<string> {
    const res = await as(key, api().post('/v2/user')).send({ client_user_id: `lab-${++seq}` });
    expect(res.status).toBe(200);
    return res.body.user_id as string;
  }

  function upload(key: string, fields: Record<string, string>, parts: Part[]): request.Test {
    let req = as(key, api().post('/lab_report/v1/parser/job'));
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    parts.forEach((p, i) => {
      req = req.attach('file', p.bytes, { filename: p.filename ?? `part-${i}`, contentType: p.contentType });
    });
    return req;
  }

  const pdfPart = (bytes = pdf): Part => ({ bytes, contentType: 'application/pdf', filename: 'report.pdf' });
  const pngPart = (bytes = image('png')): Part => ({ bytes, contentType: 'image/png' });
  const jpegPart = (bytes = image('jpeg')): Part => ({ bytes, contentType: 'image/jpeg' });

  const jobsOf = (userId: string) => db.knex('lab_report_jobs').where({ user_id: userId });
  const filesOf = (userId: string) =>
    db.knex('lab_report_files').where({ user_id: userId }).orderBy('position');
  const eventsOf = (userId: string) =>
    db
      .knex('outbox')
      .where({ user_id: userId })
      .orderBy('seq')
      .select('event_type', 'payload', 'environment');

  describe('upload', () => {
    it('stores the job and its file, writes the created event and asks the parser to start', async () => {
      const userId = await createUser();
      const res = await upload(keys.sandbox, { user_id: userId }, [pdfPart()]);
      expect(res.status).toBe(200);
      const jobId = res.body.job_id as string;
      expect(res.body).toEqual({
        id: jobId,
        job_id: jobId,
        status: 'upload_pending',
        failure_reason: null,
        data: null,
        needs_human_review: false,
        is_reviewed: false,
      });

      const [job] = await jobsOf(userId);
      expect(job).toMatchObject({
        id: jobId,
        team_id: teamId,
        environment: 'sandbox',
        status: 'upload_pending',
        attempts: 0,
        created_at: NOW,
      });
      const files = await filesOf(userId);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatchObject({ job_id: jobId, position: 0, media_type: 'application/pdf' });
      expect(Buffer.compare(files[0].content as Buffer, pdf)).toBe(0);

      const events = await eventsOf(userId);
      expect(events).toEqual([
        {
          event_type: 'lab_report.parsing_job.created',
          environment: 'sandbox',
          payload: {
            event_type: 'lab_report.parsing_job.created',
            user_id: userId,
            client_user_id: `lab-${seq}`,
            team_id: teamId,
            data: res.body,
          },
        },
      ]);
      expect(published).toEqual([
        {
          key: 'parser.job.requested',
          message: expect.objectContaining({ type: 'parser.job.requested', data: { job_id: jobId } }),
        },
      ]);
    });

    it('stores several images in upload order, each with the type its bytes have', async () => {
      const userId = await createUser();
      const parts = [jpegPart(image('jpeg', 80)), pngPart(image('png', 90)), jpegPart(image('jpeg', 100))];
      const res = await upload(keys.sandbox, { user_id: userId, needs_human_review: 'false' }, parts);
      expect(res.status).toBe(200);
      const files = await filesOf(userId);
      expect(files.map((f) => f.media_type)).toEqual(['image/jpeg', 'image/png', 'image/jpeg']);
      files.forEach((f, i) => expect(Buffer.compare(f.content as Buffer, parts[i]!.bytes)).toBe(0));
    });

    it('answers 200 and keeps the job when the parse request cannot be published (the sweep re-queues it)', async () => {
      const userId = await createUser();
      failPublish = true;
      const res = await upload(keys.sandbox, { user_id: userId }, [pdfPart()]);
      expect(res.status).toBe(200);
      expect(await jobsOf(userId)).toHaveLength(1);
      expect(published).toEqual([]);
    });
  });

  describe('refused uploads store nothing', () => {
    const cases: [string, number, string, () => Promise<Part[]> | Part[]][] = [
      [
        'a text file',
        400,
        'unsupported_file_type',
        () => [{ bytes: Buffer.from('Glucose 95 mg/dL'), contentType: 'text/plain' }],
      ],
      ['a PDF among images', 400, 'unsupported_file_type', () => [pngPart(), pdfPart()]],
      [
        'an empty file',
        400,
        'empty_file',
        () => [{ bytes: Buffer.alloc(0), contentType: 'application/pdf' }],
      ],
      [
        'a PNG declared as a PDF',
        400,
        'content_type_mismatch',
        () => [{ bytes: image('png'), contentType: 'application/pdf' }],
      ],
      [
        'a PDF declared as a JPEG',
        400,
        'content_type_mismatch',
        () => [{ bytes: pdf, contentType: 'image/jpeg' }],
      ],
      ['nine images', 400, 'too_many_files', () => Array.from({ length: 9 }, () => pngPart())],
      ['a corrupt PDF', 400, 'invalid_file', () => [pdfPart(corruptPdf())]],
      ['an undecodable PNG', 400, 'invalid_file', () => [pngPart(truncatedPng())]],
      ['a PDF of 31 pages', 400, 'too_many_pages', async () => [pdfPart(await textPdf(31))]],
      [
        'one file over 30 MiB',
        413,
        'file_too_large',
        () => [pdfPart(Buffer.concat([pdf, Buffer.alloc(LAB_REPORT_LIMITS.maxBytes)]))],
      ],
      [
        'two images over 30 MiB together',
        413,
        'file_too_large',
        () => [
          pngPart(Buffer.concat([image('png'), Buffer.alloc(16 * MIB)])),
          pngPart(Buffer.concat([image('png'), Buffer.alloc(16 * MIB)])),
        ],
      ],
    ];

    it.each(cases)('%s → %d %s', async (_name, status, errorType, parts) => {
      const userId = await createUser();
      const res = await upload(keys.sandbox, { user_id: userId }, await parts());
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ detail: { error_type: errorType, error_message: expect.any(String) } });
      expect(res.body.detail.error_message.length).toBeGreaterThan(10);
      expect(await jobsOf(userId)).toEqual([]);
      expect(await eventsOf(userId)).toEqual([]);
      expect(published).toEqual([]);
    });

    it('accepts an upload of exactly 30 MiB of files past the byte budget check', async () => {
      const userId = await createUser();
      const padded = Buffer.concat([pdf, Buffer.alloc(LAB_REPORT_LIMITS.maxBytes - pdf.length)]);
      const res = await upload(keys.sandbox, { user_id: userId }, [pdfPart(padded)]);
      // Padding after %%EOF is ignored by PDF readers: the budget, not the file, decides here.
      expect(res.status).toBe(200);
      expect((await filesOf(userId))[0].size_bytes).toBe(LAB_REPORT_LIMITS.maxBytes);
    });
  });

  describe('request validation, user and review checks', () => {
    it('422 without a file, without user_id, or with a needs_human_review that is not true/false', async () => {
      const userId = await createUser();
      const noFile = await upload(keys.sandbox, { user_id: userId }, []);
      expect(noFile.status).toBe(422);
      expect(noFile.body.detail).toEqual(
        expect.arrayContaining([expect.objectContaining({ loc: ['body', 'file'], type: 'missing' })]),
      );
      const noUser = await upload(keys.sandbox, {}, [pdfPart()]);
      expect(noUser.status).toBe(422);
      expect(noUser.body.detail).toEqual(
        expect.arrayContaining([expect.objectContaining({ loc: ['body', 'user_id'] })]),
      );
      const badFlag = await upload(keys.sandbox, { user_id: userId, needs_human_review: 'yes' }, [pdfPart()]);
      expect(badFlag.status).toBe(422);
      const badUuid = await upload(keys.sandbox, { user_id: 'not-a-uuid' }, [pdfPart()]);
      expect(badUuid.status).toBe(422);
      expect(await jobsOf(userId)).toEqual([]);
    });

    it('404 for an unknown user, another team’s user, the other environment’s user, or a deleted user', async () => {
      const other = await createUser(otherTeamKey);
      const production = await createUser(keys.production);
      const deleted = await createUser();
      expect((await as(keys.sandbox, api().delete(`/v2/user/${deleted}`))).status).toBe(200);
      for (const userId of [newId(), other, production, deleted]) {
        const res = await upload(keys.sandbox, { user_id: userId }, [pdfPart()]);
        expect(res.status).toBe(404);
        expect(res.body.detail.error_type).toBe('not_found');
      }
      expect(await db.knex('lab_report_jobs').whereIn('user_id', [other, production, deleted])).toEqual([]);
    });

    it('422 naming multipart/form-data when the upload is sent as JSON', async () => {
      const userId = await createUser();
      const res = await as(keys.sandbox, api().post('/lab_report/v1/parser/job')).send({ user_id: userId });
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({
        type: 'content_type',
        msg: 'Unsupported content type; send multipart/form-data',
        ctx: { expected: 'multipart/form-data' },
      });
      expect(await jobsOf(userId)).toEqual([]);
    });

    it('401 without a key', async () => {
      const res = await api().post('/lab_report/v1/parser/job').attach('file', pdf, 'r.pdf');
      expect(res.status).toBe(401);
    });

    it('400 human_review_not_enabled for a team without the closed-beta feature; accepted with it', async () => {
      // Issue 15: the management API's review path ends such jobs, so the feature alone decides.
      const plainUser = await createUser(keys.sandbox);
      const refused = await upload(keys.sandbox, { user_id: plainUser, needs_human_review: 'true' }, [
        pdfPart(),
      ]);
      expect(refused.status).toBe(400);
      expect(refused.body.detail.error_type).toBe('human_review_not_enabled');
      expect(await jobsOf(plainUser)).toEqual([]);
      const reviewUser = await createUser(reviewTeamKey);
      const accepted = await upload(reviewTeamKey, { user_id: reviewUser, needs_human_review: 'true' }, [
        pdfPart(),
      ]);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({
        status: 'upload_pending',
        needs_human_review: true,
        is_reviewed: false,
      });
    });

    it('without a review path, even a team with the closed-beta feature is refused', async () => {
      const service = createLabReportsService({
        uow: createUnitOfWork(db.knex),
        clock: () => now,
        inspectUpload,
        humanReviewPathAvailable: false,
      });
      const readParts = () => Promise.resolve([{ bytes: pdf, declaredType: 'application/pdf' }]);
      const reviewUser = await createUser(reviewTeamKey);
      await expect(
        service.create(
          { teamId: reviewTeamId, environment: 'sandbox' },
          { userId: reviewUser, needsHumanReview: true, readParts },
        ),
      ).rejects.toMatchObject({ errorType: 'human_review_not_enabled' });
      expect(await jobsOf(reviewUser)).toEqual([]);
    });

    it('with a review path, the closed-beta feature decides whether a review can be requested', async () => {
      const service = createLabReportsService({
        uow: createUnitOfWork(db.knex),
        clock: () => now,
        inspectUpload,
        humanReviewPathAvailable: true,
      });
      const readParts = () => Promise.resolve([{ bytes: pdf, declaredType: 'application/pdf' }]);
      const plainUser = await createUser();
      await expect(
        service.create(
          { teamId, environment: 'sandbox' },
          { userId: plainUser, needsHumanReview: true, readParts },
        ),
      ).rejects.toMatchObject({ errorType: 'human_review_not_enabled' });
      expect(await jobsOf(plainUser)).toEqual([]);

      const reviewUser = await createUser(reviewTeamKey);
      const job = await service.create(
        { teamId: reviewTeamId, environment: 'sandbox' },
        { userId: reviewUser, needsHumanReview: true, readParts },
      );
      expect(job).toMatchObject({ status: 'upload_pending', needs_human_review: true, is_reviewed: false });
    });
  });

  describe('GET /lab_report/v1/parser/job/{job_id}', () => {
    it('a job awaiting human review shows no data until the review ends, then the reviewed data and is_reviewed', async () => {
      const userId = await createUser(reviewTeamKey);
      const created = await upload(reviewTeamKey, { user_id: userId, needs_human_review: 'true' }, [
        pdfPart(),
      ]);
      const jobId = created.body.job_id as string;
      const parsed: ParsedLabReport = {
        metadata: {
          patient_first_name: null,
          patient_last_name: null,
          dob: null,
          lab_name: 'Acme',
          date_reported: null,
          date_collected: null,
          specimen_number: null,
          gender: 'other',
        },
        results: [
          {
            test_name: 'Sodium',
            value: '14O',
            type: 'numeric',
            units: 'mmol/L',
            min_reference_range: 135,
            max_reference_range: 145,
            interpretation: 'unknown',
            is_above_max_range: null,
            is_below_min_range: null,
            loinc_matches: [],
            source_panel_name: null,
            sample_type: 'unknown',
            measurement_kind: 'direct',
            sensitivity: 'unknown',
            loinc_match_status: 'no_match',
          },
        ],
      };
      // What the parser worker does for such a job, then what the management API's review path does.
      const jobs = createLabReportJobsRepository(db.knex);
      await jobs.markStarted(jobId, now);
      await jobs.storeForReview(jobId, parsed, now);
      const waiting = await as(reviewTeamKey, api().get(`/lab_report/v1/parser/job/${jobId}`));
      expect(waiting.body).toMatchObject({ status: 'started', data: null, is_reviewed: false });
      const reviewed: ParsedLabReport = {
        ...parsed,
        results: [{ ...parsed.results[0]!, value: '140', interpretation: 'normal' }],
      };
      await jobs.markReviewed(jobId, { outcome: 'approved', data: reviewed, reviewerKeyId: newId() }, now);
      const done = await as(reviewTeamKey, api().get(`/lab_report/v1/parser/job/${jobId}`));
      expect(done.status).toBe(200);
      expect(done.body).toEqual({
        id: jobId,
        job_id: jobId,
        status: 'completed',
        failure_reason: null,
        data: reviewed,
        needs_human_review: true,
        is_reviewed: true,
      });
    });

    it('returns the job to its team environment only', async () => {
      const userId = await createUser();
      const created = await upload(keys.sandbox, { user_id: userId }, [pdfPart()]);
      const jobId = created.body.job_id as string;
      const res = await as(keys.sandbox, api().get(`/lab_report/v1/parser/job/${jobId}`));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created.body);

      for (const key of [otherTeamKey, keys.production]) {
        const hidden = await as(key, api().get(`/lab_report/v1/parser/job/${jobId}`));
        expect(hidden.status).toBe(404);
        expect(hidden.body.detail.error_type).toBe('not_found');
      }
      expect((await as(keys.sandbox, api().get(`/lab_report/v1/parser/job/${newId()}`))).status).toBe(404);
      expect((await as(keys.sandbox, api().get('/lab_report/v1/parser/job/nope'))).status).toBe(422);
    });

    it('shows data only once completed and failure_reason only when failed', async () => {
      const userId = await createUser();
      const created = await upload(keys.sandbox, { user_id: userId }, [pdfPart()]);
      const jobId = created.body.job_id as string;
      const report = {
        metadata: {
          patient_first_name: 'Ada',
          patient_last_name: 'Example',
          dob: '1980-01-02',
          lab_name: 'Northwind Clinical Laboratories',
          date_reported: '2026-11-01',
          date_collected: '2026-10-30',
          specimen_number: 'NW-1',
          gender: 'female',
        },
        results: [],
      };
      await db.knex('lab_report_jobs').where({ id: jobId }).update({ status: 'started', data: report });
      const started = await as(keys.sandbox, api().get(`/lab_report/v1/parser/job/${jobId}`));
      expect(started.body).toMatchObject({ status: 'started', data: null, failure_reason: null });

      await db.knex('lab_report_jobs').where({ id: jobId }).update({ status: 'completed' });
      const completed = await as(keys.sandbox, api().get(`/lab_report/v1/parser/job/${jobId}`));
      expect(completed.body).toMatchObject({ status: 'completed', data: report, failure_reason: null });

      await db
        .knex('lab_report_jobs')
        .where({ id: jobId })
        .update({ status: 'failed', failure_reason: 'not_english', data: null });
      const failed = await as(keys.sandbox, api().get(`/lab_report/v1/parser/job/${jobId}`));
      expect(failed.body).toMatchObject({ status: 'failed', data: null, failure_reason: 'not_english' });
    });

    it('404 once the user is deleted; the purge erases the job and its uploaded files', async () => {
      const userId = await createUser();
      const keep = await createUser();
      const created = await upload(keys.sandbox, { user_id: userId }, [pdfPart()]);
      await upload(keys.sandbox, { user_id: keep }, [pdfPart()]);
      const jobId = created.body.job_id as string;
      expect((await as(keys.sandbox, api().delete(`/v2/user/${userId}`))).status).toBe(200);
      expect((await as(keys.sandbox, api().get(`/lab_report/v1/parser/job/${jobId}`))).status).toBe(404);
      expect(await jobsOf(userId)).toHaveLength(1); // still there during the grace period

      expect(await purgeExpiredUsers(db.knex, new Date(NOW.getTime() + 6 * DAY_MS))).toBe(0);
      expect(await filesOf(userId)).toHaveLength(1);
      // The user deleted by the 404 test above goes too.
      expect(await purgeExpiredUsers(db.knex, new Date(NOW.getTime() + 8 * DAY_MS))).toBe(2);
      expect(await db.knex('users').where({ id: userId })).toEqual([]);
      expect(await jobsOf(userId)).toEqual([]);
      expect(await filesOf(userId)).toEqual([]);
      expect(await db.knex('lab_report_files').where({ job_id: jobId })).toEqual([]);
      expect(await jobsOf(keep)).toHaveLength(1);
      expect(await filesOf(keep)).toHaveLength(1);
    });
  });
});
