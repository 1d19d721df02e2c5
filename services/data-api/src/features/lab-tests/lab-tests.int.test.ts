import request from 'supertest';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';

interface WireMarker {
  id: number;
  name: string;
  slug: string;
  provider_id: string;
}
interface WireLabTest {
  id: string;
  slug: string;
  name: string;
  method: string;
  sample_type: string;
  price: number;
  status: string;
  is_active: boolean;
  fasting: boolean;
  lab: { slug: string; name: string } | null;
  markers: WireMarker[];
}

describe('lab-test catalogue (/v3/lab_tests, /v3/lab_test)', () => {
  let h: DataApiHarness;
  let team: SeededTeam;
  let other: SeededTeam;

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    other = await seedTeam(h.db.knex, org.orgId);
  });
  afterAll(() => h.close());

  const get = (key: string, path: string) => request(h.app).get(path).set('x-service-api-key', key);
  const post = (key: string, path: string, body: unknown) =>
    request(h.app)
      .post(path)
      .set('x-service-api-key', key)
      .send(body as object);
  const patch = (key: string, path: string, body: unknown) =>
    request(h.app)
      .patch(path)
      .set('x-service-api-key', key)
      .send(body as object);
  const sandboxTests = async (key = team.apiKeys.sandbox) =>
    (await get(key, '/v3/lab_tests')).body as WireLabTest[];
  const labId = async (slug: string) =>
    ((await get(team.apiKeys.sandbox, '/v3/lab_tests/labs')).body as { id: number; slug: string }[]).find(
      (l) => l.slug === slug,
    )!.id;
  const markerOf = async (lab: string, name: string): Promise<WireMarker> => {
    const page = await get(
      team.apiKeys.sandbox,
      `/v3/lab_tests/markers?lab_slug=${lab}&name=${name}&size=100`,
    );
    return (page.body.markers as WireMarker[]).find((m) => m.name === name)!;
  };

  describe('the seeded sandbox catalogue', () => {
    it('a sandbox environment starts with one lab test per collection method, with named markers', async () => {
      const res = await get(team.apiKeys.sandbox, '/v3/lab_tests');
      expect(res.status).toBe(200);
      const tests = res.body as WireLabTest[];
      expect(tests.map((t) => t.name)).toEqual([
        'Lipid Panel',
        'Complete Blood Count',
        'Comprehensive Metabolic Panel',
        'Hemoglobin A1c Test Kit',
        'Thyroid Panel',
      ]);
      expect(new Set(tests.map((t) => t.method))).toEqual(
        new Set(['at_home_phlebotomy', 'walk_in_test', 'testkit', 'on_site_collection']),
      );
      const lipid = tests[0]!;
      expect(lipid).toEqual({
        id: expect.any(String),
        slug: 'lipid-panel',
        name: 'Lipid Panel',
        sample_type: 'serum',
        method: 'at_home_phlebotomy',
        price: 22,
        is_active: true,
        status: 'active',
        fasting: true,
        lab: { slug: 'labcorp', name: 'Labcorp' },
        markers: [
          {
            id: expect.any(Number),
            name: 'Total cholesterol',
            slug: 'total-cholesterol',
            provider_id: 'LBC-001',
          },
          {
            id: expect.any(Number),
            name: 'HDL cholesterol',
            slug: 'hdl-cholesterol',
            provider_id: 'LBC-002',
          },
          {
            id: expect.any(Number),
            name: 'LDL cholesterol (calculated)',
            slug: 'ldl-cholesterol-calculated',
            provider_id: 'LBC-003',
          },
          { id: expect.any(Number), name: 'Triglycerides', slug: 'triglycerides', provider_id: 'LBC-004' },
        ],
        is_delegated: false,
        auto_generated: false,
        has_collection_instructions: true,
        common_tat_days: 3,
        worst_case_tat_days: 7,
      });
      const kit = tests.find((t) => t.method === 'testkit')!;
      expect(kit.sample_type).toBe('dried_blood_spot');
      expect(tests.find((t) => t.method === 'on_site_collection')!).toMatchObject({
        has_collection_instructions: false,
      });
      // Seeded once: a second read returns the same tests.
      expect((await sandboxTests()).map((t) => t.id)).toEqual(tests.map((t) => t.id));
    });

    it('a production environment starts empty', async () => {
      const res = await get(team.apiKeys.production, '/v3/lab_tests');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect((await get(team.apiKeys.production, '/v3/lab_test')).body).toEqual({
        data: [],
        next_cursor: null,
        next: null,
      });
    });
  });

  describe('tenant isolation', () => {
    it("another team's or environment's key sees none of the team's lab tests", async () => {
      const mine = await sandboxTests();
      const theirs = await sandboxTests(other.apiKeys.sandbox);
      expect(theirs).toHaveLength(mine.length);
      expect(theirs.map((t) => t.id).filter((id) => mine.some((m) => m.id === id))).toEqual([]);
      const id = mine[0]!.id;
      for (const key of [other.apiKeys.sandbox, other.apiKeys.production, team.apiKeys.production]) {
        expect((await get(key, `/v3/lab_tests/${id}`)).status).toBe(404);
        expect((await get(key, `/v3/lab_tests/${id}/markers`)).status).toBe(404);
        expect((await patch(key, `/v3/lab_tests/${id}`, { name: 'Taken over' })).status).toBe(404);
        const set = await post(key, '/v3/lab_tests/list_order_set_markers', { lab_test_ids: [id] });
        expect(set.status).toBe(404);
        expect(set.body.detail.error_type).toBe('not_found');
        const page = await get(key, '/v3/lab_test?limit=100');
        expect(page.body.data.map((t: WireLabTest) => t.id)).not.toContain(id);
      }
      expect((await get(team.apiKeys.sandbox, `/v3/lab_tests/${id}`)).body.name).toBe(mine[0]!.name);
    });

    it("another tenant's cursor is a 422", async () => {
      const first = await get(team.apiKeys.sandbox, '/v3/lab_test?limit=1');
      const cursor = first.body.next_cursor as string;
      expect(cursor).toEqual(expect.any(String));
      for (const key of [other.apiKeys.sandbox, team.apiKeys.production]) {
        const res = await get(key, `/v3/lab_test?next_cursor=${cursor}`);
        expect(res.status).toBe(422);
        expect(res.body.detail[0]).toMatchObject({ loc: ['query', 'next_cursor'], type: 'value_error' });
      }
    });
  });

  describe('reads', () => {
    it('filters by method, lab, status, markers, name and generation method, and sorts', async () => {
      const names = async (query: string) =>
        ((await get(team.apiKeys.sandbox, `/v3/lab_tests?${query}`)).body as WireLabTest[]).map(
          (t) => t.name,
        );
      expect(await names('collection_method=walk_in_test')).toEqual(['Comprehensive Metabolic Panel']);
      expect(await names('lab_slug=quest')).toEqual(['Comprehensive Metabolic Panel', 'Thyroid Panel']);
      expect(await names('lab_slug=nowhere')).toEqual([]);
      expect(await names('name=PANEL&collection_method=at_home_phlebotomy')).toEqual(['Lipid Panel']);
      expect(await names('name=%25')).toEqual([]);
      expect(await names('generation_method=auto')).toEqual([]);
      expect(await names('status=inactive')).toEqual([]);
      const hdl = await markerOf('labcorp', 'HDL cholesterol');
      const tsh = await markerOf('quest', 'TSH');
      expect(await names(`marker_ids=${hdl.id}`)).toEqual(['Lipid Panel']);
      expect(await names(`marker_ids=${hdl.id}&marker_ids=${tsh.id}`)).toEqual([
        'Lipid Panel',
        'Thyroid Panel',
      ]);
      const byPrice = (await sandboxTests()).map((t) => t.price);
      const desc = (
        (await get(team.apiKeys.sandbox, '/v3/lab_tests?order_key=price&order_direction=desc'))
          .body as WireLabTest[]
      ).map((t) => t.price);
      expect(desc).toEqual([...byPrice].sort((a, b) => b - a));
    });

    it('refuses bad filters with 422', async () => {
      for (const query of [
        'collection_method=by_post',
        'status=gone',
        'marker_ids=abc',
        'marker_ids=0',
        'order_key=slug',
        `name=${'x'.repeat(201)}`,
      ]) {
        const res = await get(team.apiKeys.sandbox, `/v3/lab_tests?${query}`);
        expect([query, res.status]).toEqual([query, 422]);
        expect(res.body.detail[0].loc[0]).toBe('query');
      }
      expect((await get(team.apiKeys.sandbox, '/v3/lab_tests/not-a-uuid')).status).toBe(422);
      expect((await get(team.apiKeys.sandbox, '/v3/lab_test?limit=101')).status).toBe(422);
      expect((await get(team.apiKeys.sandbox, '/v3/lab_test?next_cursor=garbage')).status).toBe(422);
    });

    it('GET /v3/lab_test pages through every lab test with a cursor', async () => {
      const all = (await sandboxTests()).map((t) => t.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor ? `&next_cursor=${cursor}` : '';
        const res = await get(team.apiKeys.sandbox, `/v3/lab_test?limit=2${query}`);
        expect(res.status).toBe(200);
        expect(res.body.next).toBe(res.body.next_cursor);
        seen.push(...res.body.data.map((t: WireLabTest) => t.id));
        cursor = res.body.next_cursor;
        pages++;
      } while (cursor);
      expect(seen).toEqual(all);
      expect(pages).toBe(Math.ceil(all.length / 2));
      // The deprecated alias works too.
      const first = await get(team.apiKeys.sandbox, '/v3/lab_test?limit=2');
      const viaAlias = await get(
        team.apiKeys.sandbox,
        `/v3/lab_test?limit=2&cursor=${first.body.next_cursor}`,
      );
      expect(viaAlias.body.data.map((t: WireLabTest) => t.id)).toEqual(all.slice(2, 4));
      const walkIn = await get(team.apiKeys.sandbox, '/v3/lab_test?collection_method=walk_in_test');
      expect(walkIn.body.data).toHaveLength(1);
    });

    it('lists labs, the compendium (paged), a lab test’s markers and one marker by order code', async () => {
      const labs = await get(team.apiKeys.sandbox, '/v3/lab_tests/labs');
      expect(labs.status).toBe(200);
      expect(labs.body.map((l: { slug: string }) => l.slug)).toEqual([
        'quest',
        'labcorp',
        'bioreference',
        'sonora_quest',
      ]);
      expect(labs.body[1]).toEqual({
        id: expect.any(Number),
        slug: 'labcorp',
        name: 'Labcorp',
        collection_methods: expect.arrayContaining(['testkit', 'at_home_phlebotomy']),
        sample_types: expect.arrayContaining(['serum', 'dried_blood_spot']),
      });

      const labcorp = await labId('labcorp');
      const page1 = await get(team.apiKeys.sandbox, `/v3/lab_tests/markers?lab_id=${labcorp}&size=10`);
      const page2 = await get(team.apiKeys.sandbox, `/v3/lab_tests/markers?lab_id=${labcorp}&size=10&page=2`);
      expect(page1.body).toMatchObject({ page: 1, size: 10, total: page2.body.total });
      expect(page1.body.markers).toHaveLength(10);
      expect(page1.body.markers.map((m: WireMarker) => m.id)).not.toContain(page2.body.markers[0].id);
      expect(page1.body.total).toBeGreaterThan(20);
      const all = await get(team.apiKeys.sandbox, '/v3/lab_tests/markers?size=100');
      expect(all.body.total).toBe(page1.body.total * 4);
      const named = await get(team.apiKeys.sandbox, '/v3/lab_tests/markers?name=cholesterol&lab_slug=quest');
      expect(named.body.markers.map((m: WireMarker) => m.name)).toEqual([
        'Total cholesterol',
        'HDL cholesterol',
        'LDL cholesterol (calculated)',
      ]);
      expect((await get(team.apiKeys.sandbox, '/v3/lab_tests/markers?size=0')).status).toBe(422);

      const lipid = (await sandboxTests())[0]!;
      const own = await get(team.apiKeys.sandbox, `/v3/lab_tests/${lipid.id}/markers?size=3&page=2`);
      expect(own.body).toEqual({ markers: [lipid.markers[3]], total: 4, page: 2, size: 3 });

      const one = await get(team.apiKeys.sandbox, `/v3/lab_tests/${labcorp}/markers/LBC-020`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({
        id: expect.any(Number),
        name: 'Hemoglobin A1c',
        slug: 'hemoglobin-a1c',
        provider_id: 'LBC-020',
      });
      expect((await get(team.apiKeys.sandbox, `/v3/lab_tests/${labcorp}/markers/QST-020`)).status).toBe(404);
      expect((await get(team.apiKeys.sandbox, '/v3/lab_tests/999/markers/LBC-020')).status).toBe(404);
    });
  });

  describe('POST /v3/lab_tests', () => {
    it('creates an active lab test from marker ids and order codes, priced as the sum of its markers', async () => {
      const quest = await labId('quest');
      const ferritin = await markerOf('quest', 'Ferritin');
      const res = await post(team.apiKeys.sandbox, '/v3/lab_tests', {
        name: '  Iron Studies ',
        method: 'walk_in_test',
        marker_ids: [ferritin.id, ferritin.id],
        provider_ids: ['QST-031'],
        lab_id: quest,
        fasting: true,
        ignored_key: 1,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        slug: 'iron-studies',
        name: 'Iron Studies',
        method: 'walk_in_test',
        sample_type: 'serum',
        price: 20,
        status: 'active',
        is_active: true,
        fasting: true,
        lab: { slug: 'quest', name: 'Quest Diagnostics' },
        auto_generated: false,
        has_collection_instructions: true,
        common_tat_days: 3,
        worst_case_tat_days: 7,
      });
      expect(res.body.markers.map((m: WireMarker) => m.provider_id)).toEqual(['QST-030', 'QST-031']);
      expect((await get(team.apiKeys.sandbox, `/v3/lab_tests/${res.body.id}`)).body).toEqual(res.body);
      // The same name again gets a numbered slug; another team may use the plain one.
      const again = await post(team.apiKeys.sandbox, '/v3/lab_tests', {
        name: 'Iron studies',
        method: 'walk_in_test',
        marker_ids: [ferritin.id],
      });
      expect(again.body.slug).toBe('iron-studies-2');
      const elsewhere = await post(other.apiKeys.sandbox, '/v3/lab_tests', {
        name: 'Iron studies',
        method: 'walk_in_test',
        marker_ids: [ferritin.id],
      });
      expect(elsewhere.body.slug).toBe('iron-studies');
      expect((await sandboxTests(other.apiKeys.sandbox)).map((t) => t.id)).not.toContain(res.body.id);
    });

    it('creates lab tests in production too (which was not seeded)', async () => {
      const hba1c = await markerOf('bioreference', 'Hemoglobin A1c');
      const res = await post(team.apiKeys.production, '/v3/lab_tests', {
        name: 'A1c kit',
        method: 'testkit',
        marker_ids: [hba1c.id],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ sample_type: 'dried_blood_spot', lab: { slug: 'bioreference' } });
      expect(
        (await get(team.apiKeys.production, '/v3/lab_tests')).body.map((t: WireLabTest) => t.id),
      ).toEqual([res.body.id]);
    });

    it('answers invalid bodies with 422 at the offending key', async () => {
      const questTsh = await markerOf('quest', 'TSH');
      const labcorpTsh = await markerOf('labcorp', 'TSH');
      const bioTsh = await markerOf('bioreference', 'TSH');
      const cases: [unknown, string[], string?][] = [
        [{ method: 'walk_in_test', marker_ids: [questTsh.id] }, ['body', 'name'], 'missing'],
        [{ name: 'x', marker_ids: [questTsh.id] }, ['body', 'method'], 'missing'],
        [{ name: 'x', method: 'by_post', marker_ids: [questTsh.id] }, ['body', 'method'], 'enum'],
        [{ name: 'x', method: 'walk_in_test' }, ['body', 'marker_ids'], 'missing'],
        [{ name: '   ', method: 'walk_in_test', marker_ids: [questTsh.id] }, ['body', 'name']],
        [
          { name: 'x', method: 'walk_in_test', marker_ids: [questTsh.id, 999999] },
          ['body', 'marker_ids', '1'],
        ],
        [
          { name: 'x', method: 'walk_in_test', marker_ids: [questTsh.id, labcorpTsh.id] },
          ['body', 'marker_ids'],
        ],
        [{ name: 'x', method: 'walk_in_test', provider_ids: ['QST-001'] }, ['body', 'lab_id'], 'missing'],
        [
          { name: 'x', method: 'walk_in_test', provider_ids: ['NOPE'], lab_id: 1 },
          ['body', 'provider_ids', '0'],
        ],
        [{ name: 'x', method: 'walk_in_test', marker_ids: [questTsh.id], lab_id: 99 }, ['body', 'lab_id']],
        [{ name: 'x', method: 'walk_in_test', marker_ids: [bioTsh.id] }, ['body', 'method']],
        [
          { name: 'x', method: 'walk_in_test', marker_ids: [questTsh.id], sample_type: 'saliva' },
          ['body', 'sample_type'],
        ],
        [{ name: 'x'.repeat(201), method: 'walk_in_test', marker_ids: [questTsh.id] }, ['body', 'name']],
        [
          { name: 'x', method: 'walk_in_test', marker_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
          ['body', 'marker_ids'],
        ],
      ];
      const before = (await sandboxTests()).length;
      for (const [body, loc, type] of cases) {
        const res = await post(team.apiKeys.sandbox, '/v3/lab_tests', body);
        expect([JSON.stringify(body).slice(0, 80), res.status]).toEqual([
          JSON.stringify(body).slice(0, 80),
          422,
        ]);
        expect(res.body.detail.map((d: { loc: string[] }) => d.loc)).toContainEqual(loc);
        if (type)
          expect(res.body.detail.find((d: { loc: string[] }) => d.loc.join() === loc.join()).type).toBe(type);
      }
      expect(await sandboxTests()).toHaveLength(before);
    });

    it('refuses a lab test beyond the team environment’s 1,000 with 409 lab_test_limit_reached', async () => {
      const limited = await seedTeam(h.db.knex, (await seedOrg(h.db.knex)).orgId);
      await h.db.knex.raw(
        `insert into lab_tests (id, team_id, environment, slug, name, method, sample_type, lab_id, price)
         select gen_random_uuid(), ?, 'production', 'bulk-' || n, 'Bulk ' || n, 'walk_in_test', 'serum', 1, 0
         from generate_series(1, 1000) n`,
        [limited.teamId],
      );
      const tsh = await markerOf('quest', 'TSH');
      const res = await post(limited.apiKeys.production, '/v3/lab_tests', {
        name: 'One more',
        method: 'walk_in_test',
        marker_ids: [tsh.id],
      });
      expect(res.status).toBe(409);
      expect(res.body.detail.error_type).toBe('lab_test_limit_reached');
    });
  });

  describe('PATCH /v3/lab_tests/{id}', () => {
    it('renames (slug kept), deactivates and reactivates', async () => {
      const thyroid = (await sandboxTests()).find((t) => t.name === 'Thyroid Panel')!;
      const renamed = await patch(team.apiKeys.sandbox, `/v3/lab_tests/${thyroid.id}`, {
        name: 'Thyroid Panel (Full)',
        status: 'inactive',
        fasting: true,
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        slug: 'thyroid-panel',
        name: 'Thyroid Panel (Full)',
        status: 'inactive',
        is_active: false,
        fasting: true,
      });
      expect((await get(team.apiKeys.sandbox, '/v3/lab_tests?status=inactive')).body).toHaveLength(1);
      const unchanged = await patch(team.apiKeys.sandbox, `/v3/lab_tests/${thyroid.id}`, {});
      expect(unchanged.body).toEqual(renamed.body);
      const back = await patch(team.apiKeys.sandbox, `/v3/lab_tests/${thyroid.id}`, { status: 'active' });
      expect(back.body).toMatchObject({ status: 'active', is_active: true, name: 'Thyroid Panel (Full)' });
    });

    it('refuses pending_approval as a target (422) and switching a pending test (409 invalid_state)', async () => {
      const lipid = (await sandboxTests())[0]!;
      const bad = await patch(team.apiKeys.sandbox, `/v3/lab_tests/${lipid.id}`, {
        status: 'pending_approval',
      });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0].loc).toEqual(['body', 'status']);
      await h.db.knex('lab_tests').where({ id: lipid.id }).update({ status: 'pending_approval' });
      try {
        const conflict = await patch(team.apiKeys.sandbox, `/v3/lab_tests/${lipid.id}`, { status: 'active' });
        expect(conflict.status).toBe(409);
        expect(conflict.body.detail).toMatchObject({
          error_type: 'invalid_state',
          status: 'pending_approval',
        });
        expect(
          (await patch(team.apiKeys.sandbox, `/v3/lab_tests/${lipid.id}`, { name: 'Lipids' })).status,
        ).toBe(200);
      } finally {
        await h.db
          .knex('lab_tests')
          .where({ id: lipid.id })
          .update({ status: 'active', name: 'Lipid Panel' });
      }
      expect((await patch(team.apiKeys.sandbox, `/v3/lab_tests/${lipid.id}`, { name: '' })).status).toBe(422);
      expect(
        (await patch(team.apiKeys.sandbox, `/v3/lab_tests/${lipid.id}`, { fasting: 'yes' })).status,
      ).toBe(422);
    });
  });

  describe('POST /v3/lab_tests/list_order_set_markers', () => {
    it('lists the lab tests’ markers then the add-ons, each once, paged', async () => {
      const tests = await sandboxTests();
      const lipid = tests.find((t) => t.name === 'Lipid Panel')!;
      const cbc = tests.find((t) => t.name === 'Complete Blood Count')!;
      const a1c = await markerOf('labcorp', 'Hemoglobin A1c');
      const res = await post(team.apiKeys.sandbox, '/v3/lab_tests/list_order_set_markers?size=100', {
        lab_test_ids: [lipid.id, cbc.id, lipid.id],
        add_on: { marker_ids: [a1c.id, lipid.markers[0]!.id], provider_ids: ['LBC-037'] },
      });
      expect(res.status).toBe(200);
      expect(res.body.markers.map((m: WireMarker) => m.provider_id)).toEqual([
        ...lipid.markers.map((m) => m.provider_id),
        ...cbc.markers.map((m) => m.provider_id),
        'LBC-020',
        'LBC-037',
      ]);
      expect(res.body).toMatchObject({ total: 11, page: 1, size: 100 });
      const page2 = await post(team.apiKeys.sandbox, '/v3/lab_tests/list_order_set_markers?size=5&page=3', {
        lab_test_ids: [lipid.id, cbc.id],
        add_on: { marker_ids: [a1c.id], provider_ids: ['LBC-037'] },
      });
      expect(page2.body.markers.map((m: WireMarker) => m.provider_id)).toEqual(['LBC-037']);
      const addOnsOnly = await post(team.apiKeys.sandbox, '/v3/lab_tests/list_order_set_markers', {
        add_on: { marker_ids: [a1c.id], provider_ids: ['LBC-001'] },
      });
      expect(addOnsOnly.body.markers.map((m: WireMarker) => m.provider_id)).toEqual(['LBC-020', 'LBC-001']);
    });

    it('refuses empty, mixed-lab, unknown and lab-less order sets', async () => {
      const tests = await sandboxTests();
      const lipid = tests.find((t) => t.name === 'Lipid Panel')!;
      const cmp = tests.find((t) => t.lab?.slug === 'quest')!;
      const questTsh = await markerOf('quest', 'TSH');
      const cases: [unknown, number, string[]?][] = [
        [{}, 422, ['body']],
        [{ lab_test_ids: [], add_on: {} }, 422, ['body']],
        [{ lab_test_ids: [lipid.id, cmp.id] }, 422, ['body']],
        [{ lab_test_ids: [lipid.id], add_on: { marker_ids: [questTsh.id] } }, 422, ['body']],
        [{ add_on: { provider_ids: ['LBC-001'] } }, 422, ['body', 'add_on', 'provider_ids']],
        [
          { lab_test_ids: [lipid.id], add_on: { provider_ids: ['QST-001'] } },
          422,
          ['body', 'add_on', 'provider_ids', '0'],
        ],
        [
          { lab_test_ids: [lipid.id], add_on: { marker_ids: [999999] } },
          422,
          ['body', 'add_on', 'marker_ids', '0'],
        ],
        [{ lab_test_ids: ['not-a-uuid'] }, 422, ['body', 'lab_test_ids', '0']],
        [{ lab_test_ids: ['00000000-0000-4000-8000-000000000000'] }, 404],
      ];
      for (const [body, status, loc] of cases) {
        const res = await post(team.apiKeys.sandbox, '/v3/lab_tests/list_order_set_markers', body);
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
        if (loc) expect(res.body.detail[0].loc).toEqual(loc);
      }
    });
  });
});
