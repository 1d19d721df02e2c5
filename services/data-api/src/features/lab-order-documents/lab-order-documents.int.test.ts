import request from 'supertest';
import { newId, type Environment } from '@meridian/domain';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';
import { ensureSandboxCatalogue } from '../lab-tests/sandbox-catalogue';
import { readPdfText, pageTexts } from '../../../../../packages/lab-documents/src/testing/pdf-text';

/**
 * The lab-testing PDFs (api-shapes §6.2) against a real database: each endpoint answers a PDF that reads back
 * (pdf.js) with the patient, the order and the markers; documents exist only in the states that have them;
 * another team's or environment's order or lab test is 404; ETag / If-None-Match; label parameters.
 *
 * Orders and results are written as rows (the orders and results features own their write paths); what is
 * read is the `Order` as the orders feature presents it.
 */

type Low = 'ordered' | 'requisition_created' | 'appointment_scheduled' | 'draw_completed' | 'completed';

interface Tenant {
  team: SeededTeam;
  environment: Environment;
  key: string;
  userId: string;
  labTests: { id: string; name: string; method: string }[];
}

const PDF_MAGIC = '%PDF-';

describe('lab order documents (/v3/order/{id}/…pdf, /v3/lab_test/{id}/collection_instruction_pdf)', () => {
  let h: DataApiHarness;
  let a: Tenant;
  let aProduction: Tenant;
  let b: Tenant;

  async function tenant(team: SeededTeam, environment: Environment): Promise<Tenant> {
    await ensureSandboxCatalogue(h.db.knex, { teamId: team.teamId, environment }, new Date());
    const userId = newId();
    await h.db.knex('users').insert({
      id: userId,
      team_id: team.teamId,
      environment,
      client_user_id: `c-${userId}`,
    });
    const labTests = await h.db
      .knex('lab_tests')
      .where({ team_id: team.teamId, environment })
      .orderBy('created_at')
      .select<{ id: string; name: string; method: string }[]>('id', 'name', 'method');
    return { team, environment, key: team.apiKeys[environment], userId, labTests };
  }

  const labTestOf = (t: Tenant, method: string) => t.labTests.find((x) => x.method === method)!;

  /** An order row with its event history (the status columns mirror the last event). */
  async function insertOrder(
    t: Tenant,
    opts: {
      method?: string;
      path?: Low[];
      sampleId?: string | null;
      hasAbn?: boolean;
      firstName?: string;
      lastName?: string;
    } = {},
  ): Promise<string> {
    const method = opts.method ?? 'at_home_phlebotomy';
    const path = opts.path ?? ['ordered'];
    const low = path.at(-1)!;
    const top: Record<Low, string> = {
      ordered: 'received',
      requisition_created: 'received',
      appointment_scheduled: 'collecting_sample',
      draw_completed: method === 'on_site_collection' ? 'sample_with_lab' : 'collecting_sample',
      completed: 'completed',
    };
    const id = newId();
    const created = new Date('2026-11-20T10:00:00Z');
    await h.db.knex('lab_orders').insert({
      id,
      team_id: t.team.teamId,
      environment: t.environment,
      user_id: t.userId,
      lab_test_id: labTestOf(t, method).id,
      collection_method: method,
      status_top: top[low],
      status_low: low,
      status_changed_at: created,
      details_id: newId(),
      patient_first_name: opts.firstName ?? 'Ada',
      patient_last_name: opts.lastName ?? 'Lovelace',
      patient_dob: '1990-01-02',
      patient_details: JSON.stringify({
        gender: 'female',
        phone_number: '+15555550100',
        email: 'ada@example.com',
      }),
      patient_address: JSON.stringify({
        receiver_name: 'Ada Lovelace',
        first_line: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        country: 'US',
      }),
      physician: JSON.stringify({ first_name: 'Gregory', last_name: 'House', npi: '1234567893' }),
      icd_codes: ['E11.9'],
      sample_id: opts.sampleId === undefined ? 'MRD0001234' : opts.sampleId,
      has_abn: opts.hasAbn ?? false,
      created_at: created,
      updated_at: created,
    });
    for (const [i, step] of path.entries()) {
      await h.db.knex('lab_order_events').insert({
        order_id: id,
        team_id: t.team.teamId,
        environment: t.environment,
        status: `${top[step]}.${method}.${step}`,
        created_at: new Date(created.getTime() + i * 60_000),
      });
    }
    return id;
  }

  /** A final report with `n` biomarkers (the second abnormal, the third critical) and one missing result. */
  async function insertResults(t: Tenant, orderId: string, n = 3): Promise<void> {
    await h.db.knex('lab_results').insert({
      order_id: orderId,
      team_id: t.team.teamId,
      environment: t.environment,
      status: 'final',
      metadata: JSON.stringify({
        age: '36',
        dob: '1990-01-02',
        'clia_#': '05D0642827',
        patient: 'Lovelace, Ada',
        provider: 'Gregory House',
        laboratory: 'Labcorp',
        date_reported: '2026-11-24',
        date_collected: '2026-11-22',
        specimen_number: 'MRD0001234',
        date_received: '2026-11-23',
        status: 'final',
        interpretation: 'critical',
        patient_id: null,
        account_id: null,
      }),
      interpretation: 'critical',
      updated_at: new Date('2026-11-24T12:00:00Z'),
    });
    const rows = Array.from({ length: n }, (_, i) => ({
      order_id: orderId,
      position: i,
      name: i === 0 ? 'Total cholesterol' : i === 1 ? 'HDL cholesterol' : `Marker number ${i}`,
      slug: `marker-${i}`,
      value: 100 + i,
      result: String(100 + i),
      type: 'numeric',
      unit: 'mg/dL',
      reference_range: '50-150',
      min_range_value: 50,
      max_range_value: 150,
      is_above_max_range: i === 2,
      is_below_min_range: false,
      interpretation: i === 1 ? 'abnormal' : i === 2 ? 'critical' : 'normal',
      loinc: '2093-3',
    }));
    await h.db.knex('lab_biomarker_results').insert(rows);
    await h.db.knex('lab_missing_results').insert({
      order_id: orderId,
      position: 0,
      name: 'Triglycerides',
      slug: 'triglycerides',
      inferred_failure_type: 'quantity_not_sufficient_failure',
      note: 'Insufficient volume.',
    });
  }

  const get = (key: string, path: string) =>
    request(h.app)
      .get(path)
      .set('x-service-api-key', key)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  /** The error envelope of an answer read as bytes. */
  const jsonOf = (body: unknown) =>
    JSON.parse((body as Buffer).toString('utf8')) as { detail: { error_type: string; status?: string } };
  const issuesOf = (body: unknown) =>
    JSON.parse((body as Buffer).toString('utf8')) as { detail: { loc: string[]; type: string }[] };

  async function textOf(body: unknown): Promise<string> {
    const [pdf] = await readPdfText(new Uint8Array(body as Buffer));
    return pageTexts(pdf!).join('\n');
  }

  function expectPdfHeaders(res: request.Response, filename: string) {
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((res.body as Buffer).subarray(0, 5).toString('latin1')).toBe(PDF_MAGIC);
    expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
    expect(res.headers['content-disposition']).toBe(`inline; filename="${filename}"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  }

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    const teamA = await seedTeam(h.db.knex, org.orgId);
    const teamB = await seedTeam(h.db.knex, org.orgId);
    a = await tenant(teamA, 'sandbox');
    aProduction = await tenant(teamA, 'production');
    b = await tenant(teamB, 'sandbox');
    await h.db
      .knex('teams')
      .where({ id: teamA.teamId })
      .update({
        settings: JSON.stringify({
          sandbox: { brand_information: { company_name: 'Acme Labs', brand_color: '#0b6e4f' } },
        }),
      });
  });
  afterAll(() => h.close());

  describe('GET /v3/order/{order_id}/result/pdf', () => {
    it('is 404 until the lab has reported, then the report with patient, order, markers and flags', async () => {
      const orderId = await insertOrder(a, { path: ['ordered', 'requisition_created', 'draw_completed'] });
      const before = await get(a.key, `/v3/order/${orderId}/result/pdf`);
      expect(before.status).toBe(404);
      expect(jsonOf(before.body).detail.error_type).toBe('not_found');

      await insertResults(a, orderId);
      const res = await get(a.key, `/v3/order/${orderId}/result/pdf`);
      expectPdfHeaders(res, `results-${orderId}.pdf`);
      expect(res.headers['content-disposition']).not.toMatch(/Lovelace|Ada/);
      const text = await textOf(res.body);
      expect(text).toContain('Lovelace, Ada');
      expect(text).toContain(orderId);
      expect(text).toContain('Total cholesterol');
      expect(text).toContain('HDL cholesterol');
      expect(text).toContain('CRITICAL');
      expect(text).toContain('Triglycerides');
      expect(text).toContain('Acme Labs');
    });

    it('answers If-None-Match with 304 while the document is unchanged, and a new tag once it changes', async () => {
      const orderId = await insertOrder(a, { path: ['ordered', 'requisition_created', 'draw_completed'] });
      await insertResults(a, orderId);
      const path = `/v3/order/${orderId}/result/pdf`;
      const first = await get(a.key, path);
      const second = await get(a.key, path);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(Buffer.compare(second.body as Buffer, first.body as Buffer)).toBe(0);

      const etag = String(first.headers.etag);
      const cached = await get(a.key, path).set('If-None-Match', etag);
      expect(cached.status).toBe(304);
      expect((cached.body as Buffer).length).toBe(0);
      expect(cached.headers.etag).toBe(etag);
      expect(cached.headers['cache-control']).toBe('private, no-store');
      expect((await get(a.key, path).set('If-None-Match', `"other", W/${etag}`)).status).toBe(304);
      expect((await get(a.key, path).set('If-None-Match', '"stale"')).status).toBe(200);

      await h.db
        .knex('lab_biomarker_results')
        .where({ order_id: orderId, position: 0 })
        .update({ result: '187', value: 187 });
      await h.db.knex('lab_results').where({ order_id: orderId }).update({ updated_at: new Date() });
      const changed = await get(a.key, path).set('If-None-Match', etag);
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(await textOf(changed.body)).toContain('187');
    });

    it('draws a 50-marker report', async () => {
      const orderId = await insertOrder(a, { path: ['ordered', 'requisition_created', 'draw_completed'] });
      await insertResults(a, orderId, 50);
      const res = await get(a.key, `/v3/order/${orderId}/result/pdf`);
      expectPdfHeaders(res, `results-${orderId}.pdf`);
      const text = await textOf(res.body);
      expect(text).toContain('Marker number 49');
    });
  });

  describe('GET /v3/order/{order_id}/requisition/pdf', () => {
    it('is 409 invalid_state before Requisition Ready, then the requisition', async () => {
      const early = await insertOrder(a, { path: ['ordered'] });
      const refused = await get(a.key, `/v3/order/${early}/requisition/pdf`);
      expect(refused.status).toBe(409);
      expect(jsonOf(refused.body).detail).toMatchObject({
        error_type: 'invalid_state',
        status: 'received.at_home_phlebotomy.ordered',
      });

      const ready = await insertOrder(a, {
        path: ['ordered', 'requisition_created', 'appointment_scheduled'],
      });
      const res = await get(a.key, `/v3/order/${ready}/requisition/pdf`);
      expectPdfHeaders(res, `requisition-${ready}.pdf`);
      const text = await textOf(res.body);
      expect(text).toContain('Lovelace, Ada');
      expect(text).toContain('MRD0001234');
      expect(text).toContain('1234567893');
      expect(text).toContain('E11.9');
      const lipid = labTestOf(a, 'at_home_phlebotomy');
      expect(text).toContain(lipid.name);
      // The seeded at-home test is the lipid panel: its markers with their LOINC codes.
      expect(text).toContain('HDL cholesterol');
      expect(text).toContain('2085-9');
    });
  });

  describe('GET /v3/order/{order_id}/collection_instruction_pdf', () => {
    it('gives the steps for the order with the patient and markers; none for on-site collection', async () => {
      const orderId = await insertOrder(a, { path: ['ordered'] });
      const res = await get(a.key, `/v3/order/${orderId}/collection_instruction_pdf`);
      expectPdfHeaders(res, `collection-instructions-${orderId}.pdf`);
      const text = await textOf(res.body);
      expect(text).toContain('Lovelace, Ada');
      expect(text).toContain('phlebotomist');
      expect(text).toContain('HDL cholesterol');

      const onSite = await insertOrder(a, { method: 'on_site_collection', path: ['ordered'] });
      const none = await get(a.key, `/v3/order/${onSite}/collection_instruction_pdf`);
      expect(none.status).toBe(404);
      expect(jsonOf(none.body).detail.error_type).toBe('not_found');
    });
  });

  describe('GET /v3/order/{order_id}/abn_pdf', () => {
    it('exists only for an order with has_abn', async () => {
      const without = await insertOrder(a, { path: ['ordered'] });
      expect((await get(a.key, `/v3/order/${without}/abn_pdf`)).status).toBe(404);

      const withAbn = await insertOrder(a, { path: ['ordered'], hasAbn: true });
      const res = await get(a.key, `/v3/order/${withAbn}/abn_pdf`);
      expectPdfHeaders(res, `abn-${withAbn}.pdf`);
      const text = await textOf(res.body);
      expect(text).toContain('Advance Beneficiary Notice');
      expect(text).toContain('Lovelace');
      expect(text).toContain(labTestOf(a, 'at_home_phlebotomy').name);
    });
  });

  describe('GET /v3/order/{order_id}/labels/pdf', () => {
    it('prints number_of_labels labels (default 3) with the patient, collection date and sample id', async () => {
      const orderId = await insertOrder(a, { path: ['ordered', 'requisition_created'] });
      const res = await get(a.key, `/v3/order/${orderId}/labels/pdf?collection_date=2026-11-22`);
      expectPdfHeaders(res, `labels-${orderId}.pdf`);
      const text = await textOf(res.body);
      expect(text.match(/MRD0001234/g)).toHaveLength(3);
      expect(text).toContain('Lovelace, Ada');
      expect(text).toContain('11/22/2026');

      const many = await get(
        a.key,
        `/v3/order/${orderId}/labels/pdf?collection_date=2026-11-22&number_of_labels=31`,
      );
      expect(many.status).toBe(200);
      const [pdf] = await readPdfText(new Uint8Array(many.body as Buffer));
      expect(pdf!.pageCount).toBe(2);
      expect(
        pageTexts(pdf!)
          .join('\n')
          .match(/MRD0001234/g),
      ).toHaveLength(31);
    });

    it.each([
      ['number_of_labels=0', 'number_of_labels', 'greater_than_equal'],
      ['number_of_labels=61', 'number_of_labels', 'less_than_equal'],
      ['number_of_labels=abc', 'number_of_labels', 'int_type'],
      ['number_of_labels=2.5', 'number_of_labels', 'int_type'],
      ['collection_date=2026-02-30', 'collection_date', 'date_parsing'],
      ['collection_date=yesterday', 'collection_date', 'date_parsing'],
      ['', 'collection_date', 'missing'],
    ])('refuses %s with 422 at the parameter', async (query, param, type) => {
      const orderId = await insertOrder(a, { path: ['ordered'] });
      const q =
        query.startsWith('collection_date') || query === '' ? query : `collection_date=2026-11-22&${query}`;
      const res = await get(a.key, `/v3/order/${orderId}/labels/pdf?${q}`);
      expect(res.status).toBe(422);
      const issue = issuesOf(res.body).detail[0]!;
      expect(issue.loc).toEqual(['query', param]);
      expect(issue.type).toBe(type);
    });

    it('is 409 invalid_state while the order has no sample id', async () => {
      const orderId = await insertOrder(a, { path: ['ordered'], sampleId: null });
      const res = await get(a.key, `/v3/order/${orderId}/labels/pdf?collection_date=2026-11-22`);
      expect(res.status).toBe(409);
      expect(jsonOf(res.body).detail).toMatchObject({ error_type: 'invalid_state' });
    });
  });

  describe('GET /v3/lab_test/{lab_test_id}/collection_instruction_pdf', () => {
    it('gives the lab test’s instructions, no patient; 404 for on-site collection tests', async () => {
      const lipid = labTestOf(a, 'at_home_phlebotomy');
      const res = await get(a.key, `/v3/lab_test/${lipid.id}/collection_instruction_pdf`);
      expectPdfHeaders(res, `collection-instructions-${lipid.id}.pdf`);
      const text = await textOf(res.body);
      expect(text).toContain(lipid.name);
      expect(text).toContain('HDL cholesterol');
      expect(text).not.toContain('Lovelace');

      const onSite = labTestOf(a, 'on_site_collection');
      expect((await get(a.key, `/v3/lab_test/${onSite.id}/collection_instruction_pdf`)).status).toBe(404);
      const etag = String(res.headers.etag);
      const again = await get(a.key, `/v3/lab_test/${lipid.id}/collection_instruction_pdf`).set(
        'If-None-Match',
        etag,
      );
      expect(again.status).toBe(304);
    });
  });

  describe('tenant isolation', () => {
    it('another team’s or environment’s key gets 404 for every document of an order and lab test', async () => {
      const orderId = await insertOrder(a, {
        path: ['ordered', 'requisition_created', 'draw_completed'],
        hasAbn: true,
      });
      await insertResults(a, orderId);
      const paths = [
        `/v3/order/${orderId}/result/pdf`,
        `/v3/order/${orderId}/requisition/pdf`,
        `/v3/order/${orderId}/collection_instruction_pdf`,
        `/v3/order/${orderId}/abn_pdf`,
        `/v3/order/${orderId}/labels/pdf?collection_date=2026-11-22`,
        `/v3/lab_test/${labTestOf(a, 'at_home_phlebotomy').id}/collection_instruction_pdf`,
      ];
      for (const path of paths) {
        // The owner gets every one (so the refusals below are about the key, not the document).
        expect([path, (await get(a.key, path)).status]).toEqual([path, 200]);
        for (const key of [b.key, aProduction.key]) {
          const res = await get(key, path);
          expect([path, res.status]).toEqual([path, 404]);
          expect(jsonOf(res.body).detail.error_type).toBe('not_found');
          expect((res.body as Buffer).toString('latin1')).not.toContain(PDF_MAGIC);
        }
      }
      expect((await get(a.key, `/v3/order/${newId()}/result/pdf`)).status).toBe(404);
      expect((await get(a.key, '/v3/order/not-a-uuid/result/pdf')).status).toBe(422);
      expect((await get(a.key, '/v3/lab_test/not-a-uuid/collection_instruction_pdf')).status).toBe(422);
    });

    it('needs a key', async () => {
      const orderId = await insertOrder(a);
      const res = await request(h.app).get(`/v3/order/${orderId}/collection_instruction_pdf`);
      expect(res.status).toBe(401);
    });
  });
});
