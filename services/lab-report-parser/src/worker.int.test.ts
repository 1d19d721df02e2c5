import { createLabReportJobsRepository, type StoredUploadFile } from '@meridian/db';
import { newId, type ParsedLabReport } from '@meridian/domain';
import { createLabReportParser, type LabReportParser } from '@meridian/lab-reports';
import { createInProcessTransport, createMessage, type InProcessTransport } from '@meridian/messaging';
import { createLogger } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, waitFor, type TestDatabase } from '@meridian/test-utils';
import { Registry } from 'prom-client';
import { registerParserMetrics, type ParserMetrics } from './metrics';
import type { JobParser, ParseOutcome } from './parse-job';
import { englishReportPdf, germanReportPdf } from './testing/sample-reports';
import { PARSE_REQUESTED, PARSER_DELIVERY_ATTEMPTS, PARSER_QUEUE, startParserWorker } from './worker';

const logger = createLogger({ service: 'lab-report-parser', silent: true });
const NOW = new Date('2026-11-20T12:00:00.000Z');

jest.setTimeout(120_000);

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

/** A parser stand-in that records calls and answers what the test says. */
function scriptedParser(answer: (call: number) => Promise<ParseOutcome>) {
  const calls: StoredUploadFile[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const parser: JobParser = {
    async parse(files) {
      calls.push(files);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        return await answer(calls.length);
      } finally {
        inFlight -= 1;
      }
    },
  };
  return { parser, calls, maxInFlight: () => maxInFlight };
}

const completed = (): Promise<ParseOutcome> =>
  Promise.resolve({ status: 'completed', report: REPORT, needsHumanReview: false, pages: 1, ocrPages: 0 });

describe('lab-report-parser worker', () => {
  let db: TestDatabase;
  let teamId: string;
  let transport: InProcessTransport;
  let worker: { close(): Promise<void> } | undefined;
  let seq = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, org.orgId)).teamId;
  });
  afterAll(() => db.destroy());
  beforeEach(() => {
    transport = createInProcessTransport({ delayScale: 0.0001 });
  });
  afterEach(async () => {
    await worker?.close();
    worker = undefined;
    await transport.close();
  });

  async function start(parser: JobParser, opts: { concurrency?: number; metrics?: ParserMetrics } = {}) {
    worker = await startParserWorker({
      db: db.knex,
      transport,
      logger,
      parser,
      concurrency: opts.concurrency ?? 2,
      clock: () => NOW,
      metrics: opts.metrics,
    });
  }

  async function createJob(
    files: StoredUploadFile[],
    opts: { needsHumanReview?: boolean; attempts?: number; status?: string; teamId?: string } = {},
  ): Promise<{ jobId: string; userId: string }> {
    const userId = newId();
    const owner = opts.teamId ?? teamId;
    await db.knex('users').insert({
      id: userId,
      team_id: owner,
      environment: 'sandbox',
      client_user_id: `parser-${++seq}`,
    });
    const jobId = newId();
    await createLabReportJobsRepository(db.knex).insert({
      id: jobId,
      scope: { teamId: owner, environment: 'sandbox' },
      userId,
      needsHumanReview: opts.needsHumanReview ?? false,
      files,
      now: NOW,
    });
    if (opts.attempts !== undefined || opts.status !== undefined) {
      await db
        .knex('lab_report_jobs')
        .where({ id: jobId })
        .update({ attempts: opts.attempts ?? 0, status: opts.status ?? 'upload_pending' });
    }
    return { jobId, userId };
  }

  const request = (jobId: string) =>
    transport.publish(PARSE_REQUESTED, createMessage(PARSE_REQUESTED, { job_id: jobId }));
  const job = (jobId: string) => db.knex('lab_report_jobs').where({ id: jobId }).first();
  const updates = async (userId: string) =>
    (
      await db
        .knex('outbox')
        .where({ user_id: userId, event_type: 'lab_report.parsing_job.updated' })
        .orderBy('seq')
        .select('payload')
    ).map((r: { payload: { data: { status: string; failure_reason: string | null } } }) => r.payload.data);
  const settled = (jobId: string) =>
    waitFor(async () => {
      const row = await job(jobId);
      return row.status === 'completed' || row.status === 'failed' ? row : undefined;
    });

  const pdfFile = (bytes: Buffer): StoredUploadFile => ({ bytes, mediaType: 'application/pdf' });
  const storedFiles = (jobId: string) => db.knex('lab_report_files').where({ job_id: jobId });

  describe('with the real parser', () => {
    let parser: LabReportParser;
    beforeAll(() => {
      parser = createLabReportParser({ ocrWorkers: 1 });
    });
    afterAll(() => parser.close());

    it('parses a text PDF report: started, then completed with its results', async () => {
      await start(parser);
      const { jobId, userId } = await createJob([pdfFile(await englishReportPdf())]);
      await request(jobId);
      const row = await settled(jobId);
      expect(row).toMatchObject({ status: 'completed', failure_reason: null, attempts: 1 });
      const results = (row.data as ParsedLabReport).results;
      const glucose = results.find((r) => r.test_name === 'Glucose');
      expect(glucose).toMatchObject({
        value: '105',
        units: 'mg/dL',
        min_reference_range: 70,
        max_reference_range: 99,
      });
      expect(glucose?.interpretation).toBe('abnormal');
      expect(results.map((r) => r.test_name)).toEqual(
        expect.arrayContaining(['Sodium', 'Potassium', 'Creatinine']),
      );
      expect((row.data as ParsedLabReport).metadata).toMatchObject({
        lab_name: 'Northwind Clinical Laboratories',
      });
      const events = await updates(userId);
      expect(events.map((e) => e.status)).toEqual(['started', 'completed']);
      expect(events[1]).toMatchObject({ job_id: jobId, data: row.data, failure_reason: null });
      // Data minimisation: the raw upload is gone with the job's end, the parsed report stays.
      expect(await storedFiles(jobId)).toEqual([]);
      expect(row).toMatchObject({ uploads_delete_after: NOW, uploads_deleted_at: NOW });
    });

    it('fails a German report with not_english', async () => {
      await start(parser);
      const { jobId, userId } = await createJob([pdfFile(await germanReportPdf())]);
      await request(jobId);
      const row = await settled(jobId);
      expect(row).toMatchObject({ status: 'failed', failure_reason: 'not_english', data: null });
      expect((await updates(userId)).map((e) => [e.status, e.failure_reason])).toEqual([
        ['started', null],
        ['failed', 'not_english'],
      ]);
      expect(await storedFiles(jobId)).toEqual([]);
      expect(row).toMatchObject({ uploads_deleted_at: NOW });
    });
  });

  it('does not parse a finished job again when its message is delivered again', async () => {
    const scripted = scriptedParser(completed);
    await start(scripted.parser);
    const { jobId, userId } = await createJob([pdfFile(Buffer.from('%PDF-1.7 stand-in'))]);
    await request(jobId);
    await settled(jobId);
    await request(jobId);
    await request(jobId);
    await waitFor(() => transport.deadLetters(PARSER_QUEUE).length === 0 && scripted.calls.length >= 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(scripted.calls).toHaveLength(1);
    expect(scripted.calls[0]![0]!.bytes.toString()).toBe('%PDF-1.7 stand-in');
    expect((await updates(userId)).map((e) => e.status)).toEqual(['started', 'completed']);
    expect(await job(jobId)).toMatchObject({ attempts: 1 });
  });

  it('retries a parser error and completes when a later attempt succeeds', async () => {
    const scripted = scriptedParser((call) =>
      call === 1 ? Promise.reject(new Error('flaky')) : completed(),
    );
    await start(scripted.parser);
    const { jobId } = await createJob([pdfFile(Buffer.from('%PDF-1.7'))]);
    await request(jobId);
    expect(await settled(jobId)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(transport.deadLetters(PARSER_QUEUE)).toEqual([]);
  });

  it('a file that makes the parser throw every time ends in the DLQ and the job fails with processing_error', async () => {
    const scripted = scriptedParser(() => Promise.reject(new Error('pdf.js crashed')));
    await start(scripted.parser);
    const { jobId, userId } = await createJob([pdfFile(Buffer.from('%PDF-1.7 poison'))]);
    await request(jobId);
    const row = await settled(jobId);
    expect(row).toMatchObject({ status: 'failed', failure_reason: 'processing_error', data: null });
    await waitFor(() => transport.deadLetters(PARSER_QUEUE).length === 1);
    expect(scripted.calls).toHaveLength(PARSER_DELIVERY_ATTEMPTS);
    expect(row.attempts).toBe(PARSER_DELIVERY_ATTEMPTS);
    expect(transport.deadLetters(PARSER_QUEUE)[0]!.envelope?.data).toEqual({ job_id: jobId });
    expect(await storedFiles(jobId)).toEqual([]);
    expect((await updates(userId)).map((e) => [e.status, e.failure_reason])).toEqual([
      ['started', null],
      ['failed', 'processing_error'],
    ]);
  });

  it('fails a job already started as often as allowed (a crash loop) without parsing it again', async () => {
    const scripted = scriptedParser(completed);
    await start(scripted.parser);
    const { jobId } = await createJob([pdfFile(Buffer.from('%PDF-1.7'))], {
      status: 'started',
      attempts: PARSER_DELIVERY_ATTEMPTS,
    });
    await request(jobId);
    expect(await settled(jobId)).toMatchObject({ status: 'failed', failure_reason: 'processing_error' });
    await waitFor(() => transport.deadLetters(PARSER_QUEUE).length === 1);
    expect(scripted.calls).toHaveLength(0);
  });

  it('keeps a job that asked for human review in started, with its data stored, and does not parse it again', async () => {
    const scripted = scriptedParser(completed);
    await start(scripted.parser);
    const { jobId, userId } = await createJob([pdfFile(Buffer.from('%PDF-1.7'))], { needsHumanReview: true });
    await request(jobId);
    const row = await waitFor(async () => {
      const r = await job(jobId);
      return r.data ? r : undefined;
    });
    expect(row).toMatchObject({
      status: 'started',
      needs_human_review: true,
      is_reviewed: false,
      data: REPORT,
    });
    await request(jobId);
    await new Promise((r) => setTimeout(r, 200));
    expect(scripted.calls).toHaveLength(1);
    expect((await updates(userId)).map((e) => e.status)).toEqual(['started']);
    // The reviewer needs the upload: it is kept until the review ends the job.
    expect(await storedFiles(jobId)).toHaveLength(1);
    expect(await job(jobId)).toMatchObject({ uploads_delete_after: null, uploads_deleted_at: null });
  });

  describe('uploads after parsing', () => {
    async function teamKeepingUploads(days: number): Promise<string> {
      const org = await seedOrg(db.knex);
      const team = (await seedTeam(db.knex, org.orgId)).teamId;
      await db
        .knex('teams')
        .where({ id: team })
        .update({ settings: JSON.stringify({ sandbox: { lab_report_upload_retention_days: days } }) });
      return team;
    }

    it('keeps the upload for the team environment’s retention after a completed parse, results stored', async () => {
      await start(scriptedParser(completed).parser);
      const keeping = await teamKeepingUploads(7);
      const { jobId } = await createJob([pdfFile(Buffer.from('%PDF-1.7 kept'))], { teamId: keeping });
      await request(jobId);
      const row = await settled(jobId);
      expect(row).toMatchObject({
        status: 'completed',
        data: REPORT,
        uploads_delete_after: new Date(NOW.getTime() + 7 * 86_400_000),
        uploads_deleted_at: null,
      });
      const kept = await storedFiles(jobId);
      expect(kept.map((f: { content: Buffer }) => f.content.toString())).toEqual(['%PDF-1.7 kept']);
    });

    it('deletes at once for a team whose retention is 0, and on a failed parse too', async () => {
      const outcomes: ParseOutcome[] = [
        { status: 'failed', failureReason: 'invalid_input', detail: 'an invoice' },
      ];
      await start(scriptedParser((call) => Promise.resolve(outcomes[call - 1]!)).parser, { concurrency: 1 });
      const { jobId } = await createJob([pdfFile(Buffer.from('%PDF-1.7'))], {
        teamId: await teamKeepingUploads(0),
      });
      await request(jobId);
      expect(await settled(jobId)).toMatchObject({
        status: 'failed',
        failure_reason: 'invalid_input',
        uploads_deleted_at: NOW,
      });
      expect(await storedFiles(jobId)).toEqual([]);
    });

    it('does not parse a job whose uploads are already gone (it ended meanwhile)', async () => {
      const scripted = scriptedParser(completed);
      await start(scripted.parser);
      const { jobId } = await createJob([pdfFile(Buffer.from('%PDF-1.7'))]);
      await db.knex('lab_report_files').where({ job_id: jobId }).del();
      await request(jobId);
      await waitFor(async () => ((await job(jobId)).status === 'started' ? true : undefined));
      await new Promise((r) => setTimeout(r, 200));
      expect(scripted.calls).toHaveLength(0);
      expect(transport.deadLetters(PARSER_QUEUE)).toEqual([]);
    });
  });

  it('records the parser’s failure reason and its low-confidence review flag', async () => {
    const outcomes: ParseOutcome[] = [
      { status: 'failed', failureReason: 'too_many_pages', detail: '34 pages after merging' },
      { status: 'completed', report: REPORT, needsHumanReview: true, pages: 1, ocrPages: 1 },
    ];
    const scripted = scriptedParser((call) => Promise.resolve(outcomes[call - 1]!));
    await start(scripted.parser, { concurrency: 1 });
    const failing = await createJob([pdfFile(Buffer.from('%PDF-1.7'))]);
    await request(failing.jobId);
    expect(await settled(failing.jobId)).toMatchObject({
      status: 'failed',
      failure_reason: 'too_many_pages',
    });
    const flagged = await createJob([pdfFile(Buffer.from('%PDF-1.7'))]);
    await request(flagged.jobId);
    expect(await settled(flagged.jobId)).toMatchObject({ status: 'completed', needs_human_review: true });
  });

  it('acknowledges a request for a job that no longer exists (purged user)', async () => {
    const scripted = scriptedParser(completed);
    await start(scripted.parser);
    await request(newId());
    await new Promise((r) => setTimeout(r, 200));
    expect(scripted.calls).toHaveLength(0);
    expect(transport.deadLetters(PARSER_QUEUE)).toEqual([]);
  });

  it('dead-letters a malformed request at once', async () => {
    await start(scriptedParser(completed).parser);
    await transport.publish(PARSE_REQUESTED, createMessage(PARSE_REQUESTED, { job_id: 'nope' }));
    await waitFor(() => transport.deadLetters(PARSER_QUEUE).length === 1);
    expect(transport.deadLetters(PARSER_QUEUE)[0]!.error).toMatch(/valid job_id/);
  });

  it('parses at most PARSER_CONCURRENCY jobs at once', async () => {
    const scripted = scriptedParser(async () => {
      await new Promise((r) => setTimeout(r, 50));
      return completed();
    });
    await start(scripted.parser, { concurrency: 2 });
    const jobs = await Promise.all(
      Array.from({ length: 6 }, () => createJob([pdfFile(Buffer.from('%PDF'))])),
    );
    await Promise.all(jobs.map((j) => request(j.jobId)));
    for (const j of jobs) await settled(j.jobId);
    expect(scripted.calls).toHaveLength(6);
    expect(scripted.maxInFlight()).toBe(2);
  });
  it('counts jobs by result and failure reason, and pages by how they were read, on /metrics', async () => {
    const registry = new Registry();
    const { parser } = scriptedParser((call) =>
      call === 1
        ? Promise.resolve({
            status: 'completed',
            report: REPORT,
            needsHumanReview: false,
            pages: 3,
            ocrPages: 2,
            metadataConfidence: { dob: 0.95, date_reported: 0.4, specimen_number: 0 },
          })
        : Promise.resolve({ status: 'failed', failureReason: 'not_english', detail: 'de' }),
    );
    await start(parser, { concurrency: 1, metrics: registerParserMetrics(registry) });
    const first = await createJob([pdfFile(Buffer.from('%PDF-1.4 stand-in'))]);
    await request(first.jobId);
    await settled(first.jobId);
    const second = await createJob([pdfFile(Buffer.from('%PDF-1.4 stand-in'))]);
    await request(second.jobId);
    await settled(second.jobId);
    const text = await waitFor(async () => {
      const t = await registry.metrics();
      return t.includes('failure_reason="not_english"') ? t : undefined;
    });
    expect(text).toMatch(/lab_report_parse_jobs_total\{result="completed",failure_reason=""\} 1/);
    expect(text).toMatch(/lab_report_parse_jobs_total\{result="failed",failure_reason="not_english"\} 1/);
    expect(text).toMatch(/lab_report_pages_total\{kind="text"\} 1/);
    expect(text).toMatch(/lab_report_pages_total\{kind="ocr"\} 2/);
    expect(text).toMatch(/lab_report_parse_duration_seconds_count\{result="completed"\} 1/);
    expect(text).toMatch(/lab_report_metadata_fields_total\{field="dob",outcome="read"\} 1/);
    expect(text).toMatch(/lab_report_metadata_fields_total\{field="date_reported",outcome="unsure"\} 1/);
    expect(text).toMatch(/lab_report_metadata_fields_total\{field="specimen_number",outcome="absent"\} 1/);
  });
});
