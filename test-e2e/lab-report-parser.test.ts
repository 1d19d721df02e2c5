/**
 * Lab report parsing end to end: the data API, the lab-report-parser worker and the scheduler as separate
 * processes on real PostgreSQL and RabbitMQ. A generated text PDF uploaded over HTTP is taken by the worker
 * from the broker, parsed with the real parser, and served back completed; a German report fails with
 * `not_english`.
 */
import { createTestDatabase, waitFor, type TestDatabase } from '@meridian/test-utils';
import { AMQP_URL, describeWithBroker } from './support/broker';
import { englishReportPdf, germanReportPdf } from './support/lab-report-pdfs';
import { freePort, runTs, runTsToEnd, waitReady, type RunningProcess } from './support/processes';

interface ParsingJob {
  id: string;
  job_id: string;
  status: string;
  failure_reason: string | null;
  data: {
    metadata: Record<string, string | null>;
    results: {
      test_name: string;
      value: string;
      units: string | null;
      min_reference_range: number | null;
      max_reference_range: number | null;
      interpretation: string;
      loinc_matches: { loinc_code: string }[];
    }[];
  } | null;
  needs_human_review: boolean;
  is_reviewed: boolean;
}

describeWithBroker('lab report parsing through the real worker and RabbitMQ', () => {
  let db: TestDatabase;
  const procs: RunningProcess[] = [];
  let dataUrl = '';
  let key = '';

  beforeAll(async () => {
    db = await createTestDatabase();
    const [dataPort, parserPort, schedulerPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: db.url, AMQP_URL, LOG_LEVEL: 'warn' };
    dataUrl = `http://127.0.0.1:${dataPort}`;
    const dataApi = runTs('data-api', 'services/data-api/src/main.ts', {
      ...env,
      DATA_API_PORT: String(dataPort),
    });
    const parser = runTs('lab-report-parser', 'services/lab-report-parser/src/main.ts', {
      ...env,
      HEALTH_PORT: String(parserPort),
    });
    // Another suite's parser on the same broker may take our request (and find no job in its database):
    // a short sweep re-queues it.
    const scheduler = runTs('scheduler', 'services/scheduler/src/main.ts', {
      ...env,
      HEALTH_PORT: String(schedulerPort),
      SCHEDULER_TICK_MS: '2000',
      LAB_REPORT_STUCK_AFTER_MS: '15000',
    });
    procs.push(dataApi, parser, scheduler);
    await Promise.all([
      waitReady(dataUrl, dataApi, 90_000),
      waitReady(`http://127.0.0.1:${parserPort}`, parser, 90_000),
      waitReady(`http://127.0.0.1:${schedulerPort}`, scheduler, 90_000),
    ]);
    const boot = await runTsToEnd('tools/cli.ts', ['bootstrap', '--json'], {
      ...process.env,
      DATABASE_URL: db.url,
    });
    if (boot.code !== 0) throw new Error(`bootstrap failed (${boot.code}): ${boot.stderr}`);
    key = (JSON.parse(boot.stdout) as { api_keys: { sandbox: string } }).api_keys.sandbox;
  }, 150_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await db?.destroy();
  });

  async function createUser(clientUserId: string): Promise<string> {
    const res = await fetch(`${dataUrl}/v2/user`, {
      method: 'POST',
      headers: { 'x-service-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ client_user_id: clientUserId }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { user_id: string }).user_id;
  }

  async function upload(userId: string, pdf: Buffer): Promise<ParsingJob> {
    const form = new FormData();
    form.append('user_id', userId);
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'report.pdf');
    const res = await fetch(`${dataUrl}/lab_report/v1/parser/job`, {
      method: 'POST',
      headers: { 'x-service-api-key': key },
      body: form,
    });
    const body = (await res.json()) as ParsingJob;
    expect({ status: res.status, body }).toMatchObject({
      status: 200,
      body: { status: 'upload_pending', data: null },
    });
    return body;
  }

  function finished(jobId: string): Promise<ParsingJob> {
    return waitFor(
      async () => {
        const res = await fetch(`${dataUrl}/lab_report/v1/parser/job/${jobId}`, {
          headers: { 'x-service-api-key': key, accept: 'application/json' },
        });
        if (res.status !== 200) throw new Error(`job read: ${res.status} ${await res.text()}`);
        const job = (await res.json()) as ParsingJob;
        if (job.status !== 'completed' && job.status !== 'failed') throw new Error(`job still ${job.status}`);
        return job;
      },
      { timeoutMs: 90_000, intervalMs: 300 },
    );
  }

  it('parses an uploaded text PDF report into results with LOINC matches', async () => {
    const userId = await createUser('e2e-lab-report-en');
    const created = await upload(userId, await englishReportPdf());
    const job = await finished(created.job_id);
    expect(job).toMatchObject({
      id: created.job_id,
      status: 'completed',
      failure_reason: null,
      is_reviewed: false,
    });
    const glucose = job.data!.results.find((r) => r.test_name === 'Glucose');
    expect(glucose).toMatchObject({
      value: '105',
      units: 'mg/dL',
      min_reference_range: 70,
      max_reference_range: 99,
      interpretation: 'abnormal',
    });
    expect(glucose!.loinc_matches[0]?.loinc_code).toBe('2345-7');
    expect(job.data!.results.map((r) => r.test_name)).toEqual(
      expect.arrayContaining(['Sodium', 'Potassium', 'Creatinine', 'Calcium']),
    );
    expect(job.data!.metadata).toMatchObject({
      lab_name: 'Northwind Clinical Laboratories',
      dob: '1975-03-14',
      gender: 'female',
    });

    const events = await db
      .knex('outbox')
      .where({ user_id: userId })
      .orderBy('seq')
      .select('event_type', 'payload');
    expect(
      events.map((e: { event_type: string; payload: { data: ParsingJob } }) => [
        e.event_type,
        e.payload.data.status,
      ]),
    ).toEqual([
      ['lab_report.parsing_job.created', 'upload_pending'],
      ['lab_report.parsing_job.updated', 'started'],
      ['lab_report.parsing_job.updated', 'completed'],
    ]);
  });

  it('fails a report that is not in English with not_english', async () => {
    const userId = await createUser('e2e-lab-report-de');
    const created = await upload(userId, await germanReportPdf());
    const job = await finished(created.job_id);
    expect(job).toMatchObject({ status: 'failed', failure_reason: 'not_english', data: null });
  });
});
