import { seedManagementKey, seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api } from '../../testing/management-seeds';
import { PARSED_REPORT, PARSED_ROW, seedJobAwaitingReview, TINY_PNG } from './lab-report-review.fixtures';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('lab report review (management API)', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  const as = (key = org.orgKey) => api(h.app, key);
  const base = (teamId = team.teamId, env = 'sandbox', orgId = org.orgId) =>
    `/v1/org/${orgId}/team/${teamId}/${env}/lab_report_review`;
  const jobRow = (id: string) => h.db.knex('lab_report_jobs').where({ id }).first();
  const events = (userId: string) =>
    h.db
      .knex('outbox')
      .where({ user_id: userId, event_type: 'lab_report.parsing_job.updated' })
      .orderBy('seq')
      .pluck('payload');
  const orgKeyId = async () =>
    (await h.db.knex('management_keys').where({ org_id: org.orgId, role: 'org_admin' }).first('id'))
      .id as string;

  beforeAll(async () => {
    h = await createManagementApiHarness();
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId, { features: ['lab_report_human_review'] });
  });
  afterAll(() => h.close());

  const corrected = () => ({
    metadata: { ...PARSED_REPORT.metadata, lab_name: 'Acme Laboratories' },
    // The first row kept, the second corrected (OCR read "14O"), a third added by the reviewer.
    results: [
      PARSED_REPORT.results[0],
      { ...PARSED_REPORT.results[1], value: '140' },
      {
        ...PARSED_ROW,
        test_name: 'Potassium',
        value: '4.1',
        loinc_matches: [],
        loinc_match_status: 'no_match',
      },
    ],
  });

  it('lists the team environment’s jobs awaiting review, oldest first, and nothing else', async () => {
    const older = await seedJobAwaitingReview(h.db.knex, team.teamId, {
      createdAt: new Date('2026-11-01T00:00:00Z'),
    });
    const newer = await seedJobAwaitingReview(h.db.knex, team.teamId, {
      createdAt: new Date('2026-11-02T00:00:00Z'),
    });
    await seedJobAwaitingReview(h.db.knex, team.teamId, { unparsed: true });
    await seedJobAwaitingReview(h.db.knex, team.teamId, { needsHumanReview: false });
    await seedJobAwaitingReview(h.db.knex, team.teamId, { environment: 'production' });
    const other = await seedTeam(h.db.knex, org.orgId, { features: ['lab_report_human_review'] });
    await seedJobAwaitingReview(h.db.knex, other.teamId);

    const res = await as().get(base());
    expect(res.status).toBe(200);
    expect(res.body.data.map((j: { job_id: string }) => j.job_id)).toEqual([older.jobId, newer.jobId]);
    expect(res.body.data[0]).toMatchObject({ user_id: older.userId, result_count: 2 });
    expect(res.body.next_cursor).toBeNull();

    const prod = await as().get(base(team.teamId, 'production'));
    expect(prod.body.data).toHaveLength(1);
    expect((await as().get(`${base()}?next_cursor=forged`)).status).toBe(422);
  });

  it('reads a job with its parsed report and serves its PDF pages as PNG, and uploaded images as stored', async () => {
    const { jobId, userId } = await seedJobAwaitingReview(h.db.knex, team.teamId);
    const res = await as().get(`${base()}/${jobId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      job_id: jobId,
      user_id: userId,
      status: 'started',
      failure_reason: null,
      needs_human_review: true,
      is_reviewed: false,
      awaiting_review: true,
      created_at: expect.any(String),
      parsed_data: PARSED_REPORT,
      pages: [
        { number: 1, media_type: 'image/png' },
        { number: 2, media_type: 'image/png' },
      ],
      review: null,
    });
    const page = await as().get(`${base()}/${jobId}/page/2`).buffer(true);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect(page.headers['cache-control']).toBe('no-store');
    expect((page.body as Buffer).subarray(0, 4)).toEqual(PNG_MAGIC);
    expect((page.body as Buffer).length).toBeGreaterThan(1000);
    expect((await as().get(`${base()}/${jobId}/page/3`)).status).toBe(404);
    expect((await as().get(`${base()}/${jobId}/page/0`)).status).toBe(422);

    const images = await seedJobAwaitingReview(h.db.knex, team.teamId, {
      files: [
        { bytes: TINY_PNG, mediaType: 'image/png' },
        { bytes: TINY_PNG, mediaType: 'image/png' },
      ],
    });
    const detail = await as().get(`${base()}/${images.jobId}`);
    expect(detail.body.pages).toEqual([
      { number: 1, media_type: 'image/png' },
      { number: 2, media_type: 'image/png' },
    ]);
    const img = await as().get(`${base()}/${images.jobId}/page/2`).buffer(true);
    expect(Buffer.compare(img.body as Buffer, TINY_PNG)).toBe(0);
  }, 30_000);

  it('completes the job with the corrected report, records the reviewer, and queues the event in one go', async () => {
    const { jobId, userId } = await seedJobAwaitingReview(h.db.knex, team.teamId);
    const res = await as().post(`${base()}/${jobId}/complete`).send(corrected());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: jobId,
      job_id: jobId,
      status: 'completed',
      failure_reason: null,
      data: corrected(),
      needs_human_review: true,
      is_reviewed: true,
    });
    const row = await jobRow(jobId);
    expect(row).toMatchObject({
      status: 'completed',
      is_reviewed: true,
      review_outcome: 'approved',
      reviewed_by_key_id: await orgKeyId(),
      data: corrected(),
    });
    expect(row.reviewed_at).toBeInstanceOf(Date);
    // The upload is released like at any end of a job (this team keeps none).
    expect(await h.db.knex('lab_report_files').where({ job_id: jobId })).toEqual([]);
    const [event] = await events(userId);
    expect(event).toMatchObject({
      event_type: 'lab_report.parsing_job.updated',
      data: { job_id: jobId, status: 'completed', is_reviewed: true, data: corrected() },
    });
    const after = await as().get(`${base()}/${jobId}`);
    expect(after.body).toMatchObject({
      awaiting_review: false,
      is_reviewed: true,
      parsed_data: corrected(),
      pages: [],
      review: { outcome: 'approved', reviewed_by: { type: 'management_key', id: await orgKeyId() } },
    });
    expect((await as().get(base())).body.data).toEqual([]);
  });

  it('409 invalid_state for a second submit, a job still parsing, or one created without review', async () => {
    const { jobId, userId } = await seedJobAwaitingReview(h.db.knex, team.teamId);
    expect((await as().post(`${base()}/${jobId}/complete`).send(corrected())).status).toBe(200);
    const again = await as().post(`${base()}/${jobId}/complete`).send(corrected());
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatchObject({ error_type: 'invalid_state', status: 'completed' });
    const rejectAfter = await as().post(`${base()}/${jobId}/reject`).send({ failure_reason: 'low_quality' });
    expect(rejectAfter.status).toBe(409);
    expect(await events(userId)).toHaveLength(1);

    const parsing = await seedJobAwaitingReview(h.db.knex, team.teamId, { unparsed: true });
    const early = await as().post(`${base()}/${parsing.jobId}/complete`).send(corrected());
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatchObject({ error_type: 'invalid_state', status: 'upload_pending' });

    const plain = await seedJobAwaitingReview(h.db.knex, team.teamId, { needsHumanReview: false });
    expect((await as().post(`${base()}/${plain.jobId}/complete`).send(corrected())).status).toBe(409);
    expect((await jobRow(plain.jobId)).is_reviewed).toBe(false);
  });

  it('rejects a report: failed with the reviewer’s reason, note kept out of the event', async () => {
    const { jobId, userId } = await seedJobAwaitingReview(h.db.knex, team.teamId);
    const res = await as()
      .post(`${base()}/${jobId}/reject`)
      .send({ failure_reason: 'low_quality', note: 'page 2 is a photo of a screen' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'failed',
      failure_reason: 'low_quality',
      data: null,
      is_reviewed: true,
    });
    expect(await jobRow(jobId)).toMatchObject({
      review_outcome: 'rejected',
      review_note: 'page 2 is a photo of a screen',
      failure_reason: 'low_quality',
    });
    const [event] = await events(userId);
    expect(event.data).toMatchObject({ status: 'failed', failure_reason: 'low_quality', is_reviewed: true });
    expect(JSON.stringify(event)).not.toContain('photo of a screen');
    const bad = await seedJobAwaitingReview(h.db.knex, team.teamId);
    expect(
      (await as().post(`${base()}/${bad.jobId}/reject`).send({ failure_reason: 'processing_error' })).status,
    ).toBe(422);
  });

  it('422 for a report not in the parser’s shape, and the job is left as it was', async () => {
    const { jobId } = await seedJobAwaitingReview(h.db.knex, team.teamId);
    const post = (body: object) => as().post(`${base()}/${jobId}/complete`).send(body);
    const { results, metadata } = corrected();
    const cases = [
      { metadata },
      { metadata, results: [{ ...results[0], interpretation: 'fine' }] },
      { metadata, results: [{ ...results[0], test_name: '' }] },
      { metadata: { ...metadata, dob: '1980-13-45' }, results },
      { metadata, results: [{ ...results[0], extra: 1 }] },
    ];
    for (const body of cases) expect((await post(body)).status).toBe(422);
    const range = await post({
      metadata,
      results: [{ ...results[0], min_reference_range: 9, max_reference_range: 1 }],
    });
    expect(range.status).toBe(422);
    expect(range.body.detail[0].loc).toEqual(['body', 'results', '0', 'max_reference_range']);
    expect(await jobRow(jobId)).toMatchObject({ status: 'started', is_reviewed: false, data: PARSED_REPORT });
  });

  it('keeps tenants apart: another team’s job is 404, other keys are refused, the beta gate applies', async () => {
    const { jobId } = await seedJobAwaitingReview(h.db.knex, team.teamId);
    const other = await seedTeam(h.db.knex, org.orgId, { features: ['lab_report_human_review'] });
    for (const path of ['', '/page/1']) {
      expect((await as().get(`${base(other.teamId)}/${jobId}${path}`)).status).toBe(404);
    }
    expect(
      (
        await as()
          .post(`${base(other.teamId)}/${jobId}/complete`)
          .send(corrected())
      ).status,
    ).toBe(404);
    expect((await as().get(`${base(team.teamId, 'production')}/${jobId}`)).status).toBe(404);

    const otherTeamKey = await seedManagementKey(h.db.knex, org.orgId, {
      role: 'team_admin',
      teamIds: [other.teamId],
    });
    expect((await as(otherTeamKey).get(`${base()}/${jobId}`)).status).toBe(403);
    const ownTeamKey = await seedManagementKey(h.db.knex, org.orgId, {
      role: 'team_admin',
      teamIds: [team.teamId],
    });
    expect((await as(ownTeamKey).get(`${base()}/${jobId}`)).status).toBe(200);

    const otherOrg = await seedOrg(h.db.knex);
    expect((await as(otherOrg.orgKey).get(`${base()}/${jobId}`)).status).toBe(403);
    expect((await as(team.apiKeys.sandbox).get(`${base()}/${jobId}`)).status).toBeGreaterThanOrEqual(401);

    const noBeta = await seedTeam(h.db.knex, org.orgId);
    const gated = await as().get(base(noBeta.teamId));
    expect(gated.status).toBe(403);
    expect(gated.body.detail).toMatchObject({
      error_type: 'feature_not_enabled',
      feature: 'lab_report_human_review',
    });
    expect((await jobRow(jobId)).status).toBe('started');
  });
});
