import { randomUUID } from 'node:crypto';
import { parseQuery, queryToWire } from '@meridian/query-language';
import { seedManagementKey, seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import request from 'supertest';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api } from '../../testing/management-seeds';

/** The spec's example (api-shapes §5): mean sleep score per month. */
const SLEEP_BY_MONTH = {
  group_by: [{ arg: { index: 'sleep' }, date_trunc: { unit: 'month', value: 1 } }],
  select: [{ group_key: '*' }, { arg: { value_macro: 'sleep_score', version: 'automatic' }, func: 'mean' }],
};

/** Weekly heart rate from the timeseries, with a WHERE written loosely (the canonical form re-prints it). */
const HEART_RATE_BY_WEEK = {
  group_by: [{ date_trunc: { unit: 'week' }, arg: { index: 'timeseries' } }, { source: 'source_provider' }],
  select: [
    { group_key: '*' },
    { func: 'mean', arg: { timeseries: 'heartrate', field: 'value' } },
    { func: 'max', arg: { timeseries: 'heartrate', field: 'value' } },
    { func: 'count', arg: { timeseries: 'heartrate', field: 'value' } },
  ],
  where: "value > 30 and not (source_provider = 'o''ura')",
};

const WEIGHT_BY_MONTH = {
  group_by: [{ date_trunc: { unit: 'month' }, arg: { index: 'body' } }],
  select: [{ group_key: '*' }, { func: 'newest', arg: { body: 'weight_kilogram' } }],
};

describe('continuous queries (management API)', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  const as = (key = org.orgKey) => api(h.app, key);
  const base = (env = 'sandbox', teamId = team.teamId, orgId = org.orgId) =>
    `/v1/org/${orgId}/team/${teamId}/${env}`;
  const create = (body: object, opts: { env?: string; key?: string; type?: string; teamId?: string } = {}) =>
    as(opts.key)
      .post(`${base(opts.env, opts.teamId)}/continuous_query${opts.type ? `?query_type=${opts.type}` : ''}`)
      .send(body);
  const validate = (body: object, opts: { key?: string; type?: string } = {}) =>
    as(opts.key)
      .post(`${base()}/validate_continuous_query${opts.type ? `?query_type=${opts.type}` : ''}`)
      .send(body);
  const list = (opts: { env?: string; key?: string; teamId?: string; cursor?: string } = {}) =>
    as(opts.key).get(
      `${base(opts.env, opts.teamId)}/continuous_query${opts.cursor ? `?next_cursor=${opts.cursor}` : ''}`,
    );
  const one = (id: string, env = 'sandbox', teamId = team.teamId) =>
    `${base(env, teamId)}/continuous_query/${id}`;
  const definition = (slug: string, query: object = SLEEP_BY_MONTH) => ({
    slug,
    title: 'Sleep (monthly)',
    query,
  });
  /** Rows of this test's org (the database is shared by the file's tests). */
  const rowCounts = async () => {
    const ofOrg = h.db.knex('continuous_queries').where({ org_id: org.orgId }).select('id');
    const count = async (q: ReturnType<typeof h.db.knex>) =>
      Number(((await q.count({ n: '*' })) as [{ n: string }])[0].n);
    return {
      continuous_queries: await count(h.db.knex('continuous_queries').where({ org_id: org.orgId })),
      continuous_query_tasks: await count(
        h.db.knex('continuous_query_tasks').whereIn('query_id', ofOrg.clone()),
      ),
      continuous_query_results: await count(
        h.db.knex('continuous_query_results').whereIn('query_id', ofOrg.clone()),
      ),
    };
  };

  beforeAll(async () => {
    h = await createManagementApiHarness();
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId, { features: ['continuous_query'] });
  });
  afterAll(() => h.close());

  describe('create and read', () => {
    it('creates a query with the derivations of the query language and lists it', async () => {
      const res = await create(definition('sleep-monthly'));
      expect(res.status).toBe(200);
      const parsed = parseQuery(SLEEP_BY_MONTH, { basePath: ['body', 'query'] });
      if (!parsed.ok) throw new Error('the spec example must parse');
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'active',
        slug: 'sleep-monthly',
        title: 'Sleep (monthly)',
        team_id: team.teamId,
        query: queryToWire(parsed.query),
        query_config: null,
        scheduling_preferences: { minimum_gap_duration_second: null },
        export_preferences: { data_events: { enabled: true }, fhir_observations: false },
        result_table_schema: parsed.derived.resultTableSchema,
        resource_dependencies: parsed.derived.resourceDependencies,
        fhir_observation_mappers: parsed.derived.fhirObservationMappers,
      });
      // The spec's stated derivations, independently of the package.
      expect(res.body.result_table_schema).toEqual({
        'group_key.0': 'datetime',
        'mean.sleep_score': 'float64',
      });
      expect(res.body.resource_dependencies).toEqual(['sleep']);

      const listed = await list();
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({ data: [res.body], next_cursor: null });
      const row = await h.db.knex('continuous_queries').where({ id: res.body.id }).first();
      expect(row).toMatchObject({
        org_id: org.orgId,
        team_id: team.teamId,
        environment: 'sandbox',
        query_type: 'team',
      });
    });

    it('stores the canonical query and every given preference', async () => {
      const res = await create({
        slug: 'hr-weekly',
        title: 'Herzfrequenz – wöchentlich'.replace('–', '-'),
        query: HEART_RATE_BY_WEEK,
        query_config: { provider_priority_overrides: ['oura', 'fitbit'] },
        scheduling_preferences: { minimum_gap_duration_second: 3600 },
        export_preferences: { data_events: { enabled: false }, fhir_observations: true },
      });
      expect(res.status).toBe(200);
      const parsed = parseQuery(HEART_RATE_BY_WEEK, { basePath: ['body', 'query'] });
      if (!parsed.ok) throw new Error('the heart-rate query must parse');
      expect(res.body).toMatchObject({
        title: 'Herzfrequenz - wöchentlich',
        query: queryToWire(parsed.query),
        query_config: { provider_priority_overrides: ['oura', 'fitbit'] },
        scheduling_preferences: { minimum_gap_duration_second: 3600 },
        export_preferences: { data_events: { enabled: false }, fhir_observations: true },
        result_table_schema: parsed.derived.resultTableSchema,
        resource_dependencies: ['heartrate'],
        fhir_observation_mappers: ['vital-signs#8867-4#meridian-heart-rate-1'],
      });
      // Canonical: the WHERE is re-printed by the package, not stored as sent.
      expect(res.body.query.where).not.toBe(HEART_RATE_BY_WEEK.where);
      expect(res.body.query.where).toBe(queryToWire(parsed.query).where);
    });

    it('keeps team queries apart per environment', async () => {
      const sandbox = await create(definition('same-slug'));
      const production = await create(definition('same-slug'), { env: 'production' });
      expect([sandbox.status, production.status]).toEqual([200, 200]);
      expect((await list()).body.data.map((q: { id: string }) => q.id)).toEqual([sandbox.body.id]);
      expect((await list({ env: 'production' })).body.data.map((q: { id: string }) => q.id)).toEqual([
        production.body.id,
      ]);
      expect((await as().delete(one(sandbox.body.id, 'production'))).status).toBe(404);
    });

    it('pages with an opaque cursor bound to the team environment', async () => {
      for (let i = 0; i < 52; i += 13) {
        await Promise.all(
          Array.from({ length: 13 }, (_, k) => create(definition(`page-${i + k}`))).map(async (r) =>
            expect((await r).status).toBe(200),
          ),
        );
      }
      const first = await list();
      expect(first.body.data).toHaveLength(50);
      expect(first.body.next_cursor).toEqual(expect.any(String));
      expect(first.body.next_cursor).not.toContain(first.body.data[49].id);
      const second = await list({ cursor: first.body.next_cursor });
      expect(second.body.data).toHaveLength(2);
      expect(second.body.next_cursor).toBeNull();
      const slugs = [...first.body.data, ...second.body.data].map((q: { slug: string }) => q.slug);
      expect(new Set(slugs).size).toBe(52);
      // The cursor does not open in the other environment, and a forged one is a 422.
      const other = await list({ env: 'production', cursor: first.body.next_cursor });
      expect(other.status).toBe(422);
      expect(other.body.detail[0].loc).toEqual(['query', 'next_cursor']);
      expect((await list({ cursor: 'bogus' })).status).toBe(422);
    });
  });

  describe('validation (422)', () => {
    it('reports slug, title and every query-language issue with loc under body.query', async () => {
      const res = await create({
        slug: '-bad--slug',
        title: 'No <tags> please',
        query: {
          group_by: [{ arg: { index: 'sleep' }, date_trunc: { unit: 'fortnight' } }],
          select: [{ group_key: '*' }, { func: 'mean', arg: { sleep: 'no_such_column' } }],
        },
      });
      expect(res.status).toBe(422);
      const locs = res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'));
      expect(locs).toContain('body.slug');
      expect(locs).toContain('body.title');
      const queryIssues = res.body.detail.filter((d: { loc: string[] }) => d.loc[1] === 'query');
      expect(queryIssues.length).toBeGreaterThanOrEqual(2);
      for (const issue of res.body.detail) {
        expect(issue).toEqual({
          loc: expect.any(Array),
          msg: expect.any(String),
          type: expect.any(String),
          input: expect.anything(),
          ctx: expect.any(Object),
        });
        expect(issue.loc[0]).toBe('body');
      }
      // What the package says about the query, prefixed the same way.
      const parsed = parseQuery(
        {
          group_by: [{ arg: { index: 'sleep' }, date_trunc: { unit: 'fortnight' } }],
          select: [{ group_key: '*' }, { func: 'mean', arg: { sleep: 'no_such_column' } }],
        },
        { basePath: ['body', 'query'] },
      );
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(queryIssues).toEqual(parsed.issues);
      expect(await rowCounts()).toMatchObject({ continuous_queries: 0 });
    });

    it('applies the continuous-query rules (one date_trunc, group_key "*")', async () => {
      const res = await create(
        definition('no-trunc', {
          group_by: [{ source: 'source_provider' }],
          select: [{ group_key: 0 }, { func: 'count', arg: { sleep: 'score' } }],
        }),
      );
      expect(res.status).toBe(422);
      expect(res.body.detail.map((d: { type: string }) => d.type)).toEqual(
        expect.arrayContaining(['date_trunc_count']),
      );
      for (const d of res.body.detail) expect(d.loc.slice(0, 2)).toEqual(['body', 'query']);
    });

    it('locates a WHERE with an unknown column at body.query.where', async () => {
      const res = await create(definition('bad-where', { ...SLEEP_BY_MONTH, where: 'nonsense_col > 3' }));
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'query', 'where'] });
      expect(res.body.detail[0].msg).toContain('nonsense_col');
    });

    it('refuses a gap under 1800 seconds, unknown providers, and a query that is not an object', async () => {
      const gap = await create({
        ...definition('gap'),
        scheduling_preferences: { minimum_gap_duration_second: 1799 },
      });
      expect(gap.status).toBe(422);
      expect(gap.body.detail[0]).toMatchObject({
        loc: ['body', 'scheduling_preferences', 'minimum_gap_duration_second'],
        type: 'greater_than_equal',
      });
      const providers = await create({
        ...definition('providers'),
        query_config: { provider_priority_overrides: ['oura', 'myspace'] },
      });
      expect(providers.status).toBe(422);
      expect(providers.body.detail[0].loc).toEqual([
        'body',
        'query_config',
        'provider_priority_overrides',
        '1',
      ]);
      const notObject = await create({ slug: 'x', title: 'x', query: [1] });
      expect(notObject.status).toBe(422);
      expect(notObject.body.detail[0].loc).toEqual(['body', 'query']);
      const missing = await create({ slug: 'x', title: 'x' });
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'query'], type: 'missing' });
      const badType = await create(definition('x'), { type: 'global' });
      expect(badType.status).toBe(422);
      expect(badType.body.detail[0].loc).toEqual(['query', 'query_type']);
      expect(await rowCounts()).toMatchObject({ continuous_queries: 0 });
    });

    it('never answers 5xx to mangled queries', async () => {
      const bodies: unknown[] = [
        { select: null },
        { select: [{}], group_by: 'x' },
        {
          select: [{ group_key: '*' }],
          group_by: [{ date_trunc: { unit: 'day', value: 0 }, arg: { placeholder: true } }],
        },
        { select: [{ func: 'mean', arg: { value_macro: 'nope' } }], where: "'unterminated" },
        {
          ...SLEEP_BY_MONTH,
          align: { carry: { mode: 'carry_forward', max_age: { unit: 'day', value: 1 } } },
        },
        { ...SLEEP_BY_MONTH, where: '(((score > 1' },
      ];
      for (const [i, query] of bodies.entries()) {
        const res = await create({ slug: `mangled-${i}`, title: 'm', query });
        expect([i, res.status]).toEqual([i, 422]);
      }
    });
  });

  describe('duplicate slugs', () => {
    it('answers 409 duplicate_slug with the holder among active queries', async () => {
      const first = await create(definition('dup'));
      const again = await create(definition('dup'));
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        detail: { error_type: 'duplicate_slug', error_message: expect.any(String), query_id: first.body.id },
      });
    });

    it('lets exactly one of concurrent creates with one slug win', async () => {
      const results = await Promise.all(Array.from({ length: 6 }, () => create(definition('race'))));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      const winner = results.find((r) => r.status === 200)!;
      for (const r of results.filter((x) => x.status === 409))
        expect(r.body.detail.query_id).toBe(winner.body.id);
      expect(await rowCounts()).toMatchObject({ continuous_queries: 1 });
    });

    it('holds a slug even when a row slips past the check (the partial unique index)', async () => {
      const first = await create(definition('indexed'));
      const row = await h.db.knex('continuous_queries').where({ id: first.body.id }).first();
      await expect(
        h.db.knex('continuous_queries').insert({ ...row, id: '00000000-0000-4000-8000-000000000001' }),
      ).rejects.toMatchObject({ code: '23505', constraint: 'continuous_queries_active_team_slug_uq' });
    });
  });

  describe('patch', () => {
    it('changes the title and the gap only', async () => {
      const created = await create({
        ...definition('patchable'),
        scheduling_preferences: { minimum_gap_duration_second: 7200 },
      });
      const titled = await as().patch(one(created.body.id)).send({ title: 'Renamed' });
      expect(titled.status).toBe(200);
      expect(titled.body).toEqual({ ...created.body, title: 'Renamed' });
      const gap = await as()
        .patch(one(created.body.id))
        .send({ scheduling_preferences: { minimum_gap_duration_second: 1800 } });
      expect(gap.body.scheduling_preferences).toEqual({ minimum_gap_duration_second: 1800 });
      const untouched = await as()
        .patch(one(created.body.id))
        .send({ title: null, scheduling_preferences: {} });
      expect(untouched.body).toEqual(gap.body);
      const cleared = await as()
        .patch(one(created.body.id))
        .send({ scheduling_preferences: { minimum_gap_duration_second: null } });
      expect(cleared.body).toEqual({
        ...gap.body,
        scheduling_preferences: { minimum_gap_duration_second: null },
      });
    });

    it.each([
      [{ slug: 'other' }, ['body', 'slug']],
      [{ query: SLEEP_BY_MONTH }, ['body', 'query']],
      [{ export_preferences: { fhir_observations: true } }, ['body', 'export_preferences']],
      [{ status: 'archived' }, ['body', 'status']],
      [
        { scheduling_preferences: { minimum_gap_duration_second: 2000, other: 1 } },
        ['body', 'scheduling_preferences', 'other'],
      ],
    ])('refuses %j with 422 extra_forbidden', async (body, loc) => {
      const created = await create(definition('frozen'));
      const res = await as().patch(one(created.body.id)).send(body);
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc, type: 'extra_forbidden' });
      expect((await list()).body.data[0]).toEqual(created.body);
    });

    it('validates the title and the gap', async () => {
      const created = await create(definition('strict'));
      const title = await as().patch(one(created.body.id)).send({ title: 'semi;colon' });
      expect(title.status).toBe(422);
      expect(title.body.detail[0]).toMatchObject({ loc: ['body', 'title'], type: 'string_pattern_mismatch' });
      const gap = await as()
        .patch(one(created.body.id))
        .send({ scheduling_preferences: { minimum_gap_duration_second: 60 } });
      expect(gap.status).toBe(422);
    });
  });

  describe('archive', () => {
    it('archives idempotently, frees the slug, and refuses changes afterwards', async () => {
      const created = await create(definition('seasonal'));
      const archived = await as().delete(one(created.body.id));
      expect(archived.status).toBe(200);
      expect(archived.body).toEqual({ ...created.body, status: 'archived' });
      const row = await h.db.knex('continuous_queries').where({ id: created.body.id }).first();
      expect(row.archived_at).toBeInstanceOf(Date);
      const again = await as().delete(one(created.body.id));
      expect(again.status).toBe(200);
      expect(again.body).toEqual(archived.body);
      const after = await h.db.knex('continuous_queries').where({ id: created.body.id }).first();
      expect(after.archived_at).toEqual(row.archived_at);

      const reused = await create(definition('seasonal'));
      expect(reused.status).toBe(200);
      expect(reused.body.id).not.toBe(created.body.id);
      expect((await list()).body.data.map((q: { status: string }) => q.status)).toEqual([
        'archived',
        'active',
      ]);

      const patch = await as().patch(one(created.body.id)).send({ title: 'Too late' });
      expect(patch.status).toBe(409);
      expect(patch.body.detail).toMatchObject({ error_type: 'invalid_state', status: 'archived' });
    });

    it('ends the pending tasks as skipped (task history shows nothing more will run)', async () => {
      const created = await create(definition('pending-runs'));
      const userId = randomUUID();
      await h.db.knex('users').insert({
        id: userId,
        team_id: team.teamId,
        environment: 'sandbox',
        client_user_id: `c-${userId}`,
      });
      const at = new Date('2026-01-01T00:00:00Z');
      const task = (status: string, extra: object = {}) => ({
        id: randomUUID(),
        query_id: created.body.id,
        user_id: userId,
        status,
        scheduled_at: at,
        ...extra,
      });
      await h.db
        .knex('continuous_query_tasks')
        .insert([
          task('completed', { started_at: at, ended_at: at }),
          task('started', { started_at: at }),
          task('scheduled', { scheduled_at: new Date('2099-01-01T00:00:00Z') }),
        ]);
      expect((await as().delete(one(created.body.id))).status).toBe(200);
      const rows = await h.db
        .knex('continuous_query_tasks')
        .where({ query_id: created.body.id })
        .orderBy('scheduled_at')
        .select('status', 'ended_at');
      expect(rows.map((r: { status: string }) => r.status)).toEqual(['completed', 'started', 'skipped']);
      expect(rows[2].ended_at).toBeInstanceOf(Date);
    });

    it('answers 404 for an unknown query', async () => {
      const res = await as().delete(one('6f1d1c9e-8a3b-4a53-9a1e-2b6c5d4e3f21'));
      expect(res.status).toBe(404);
      expect(res.body.detail.error_type).toBe('not_found');
      expect((await as().delete(one('not-a-uuid'))).status).toBe(422);
    });
  });

  describe('validate', () => {
    it('returns the derivations and writes nothing', async () => {
      await create(definition('existing'));
      const before = await rowCounts();
      const res = await validate(definition('existing', HEART_RATE_BY_WEEK));
      expect(res.status).toBe(200);
      const parsed = parseQuery(HEART_RATE_BY_WEEK, { basePath: ['body', 'query'] });
      if (!parsed.ok) throw new Error('the heart-rate query must parse');
      expect(res.body).toEqual({
        result_table_schema: parsed.derived.resultTableSchema,
        resource_dependencies: parsed.derived.resourceDependencies,
        fhir_observation_previews: {
          'vital-signs#8867-4#meridian-heart-rate-1': expect.objectContaining({
            value_columns: expect.any(Array),
          }),
        },
      });
      expect(await rowCounts()).toEqual(before);
      const bad = await validate(definition('x', { select: [] }));
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0].loc.slice(0, 2)).toEqual(['body', 'query']);
      expect(await rowCounts()).toEqual(before);
    });

    it('previews the FHIR observations the mappers would write', async () => {
      const res = await validate({
        ...definition('hr', HEART_RATE_BY_WEEK),
        export_preferences: { fhir_observations: true },
      });
      expect(res.status).toBe(200);
      const previews = res.body.fhir_observation_previews;
      expect(Object.keys(previews)).toEqual(['vital-signs#8867-4#meridian-heart-rate-1']);
      const hr = previews['vital-signs#8867-4#meridian-heart-rate-1'];
      // count is not a heart rate; mean and max are.
      expect(hr.value_columns).toEqual(['mean.heartrate.value', 'max.heartrate.value']);
      // A real Observation, built by the runs' code from an example row (the week holding the validation time).
      expect(hr.observation).toMatchObject({
        resourceType: 'Observation',
        status: 'preliminary',
        category: [{ coding: [{ code: 'vital-signs' }] }],
        code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
        subject: { reference: 'Patient/example' },
        valueQuantity: { value: 62, code: '/min', system: 'http://unitsofmeasure.org' },
        extension: [
          {
            url: 'urn:meridian:fhir:group-key',
            extension: [
              { url: 'column', valueString: 'group_key.1' },
              { url: 'value', valueString: 'example' },
            ],
          },
        ],
      });
      const { start, end } = hr.observation.effectivePeriod;
      expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(1); // weeks start on Monday
      expect(Date.parse(end) - Date.parse(start)).toBe(6 * 86_400_000); // the last day, inclusive
      const weight = await validate({
        ...definition('w', WEIGHT_BY_MONTH),
        export_preferences: { fhir_observations: true },
      });
      expect(Object.keys(weight.body.fhir_observation_previews)).toEqual([
        'vital-signs#29463-7#meridian-body-weight-1',
      ]);
      expect(
        weight.body.fhir_observation_previews['vital-signs#29463-7#meridian-body-weight-1'],
      ).toMatchObject({
        value_columns: ['newest.weight_kilogram'],
        observation: { valueQuantity: { value: 70.5, unit: 'kg', code: 'kg' } },
      });
      // Previews show what the mappers would build, whether or not the query asks runs to build them.
      const off = await validate({ ...definition('w', WEIGHT_BY_MONTH) });
      expect(Object.keys(off.body.fhir_observation_previews)).toEqual([
        'vital-signs#29463-7#meridian-body-weight-1',
      ]);
      const none = await validate({ ...definition('s'), export_preferences: { fhir_observations: true } });
      expect(none.body.fhir_observation_previews).toBeNull();
    });
  });

  describe('closed beta and keys', () => {
    it('answers 403 feature_not_enabled (JSON) on every endpoint for a team without the feature', async () => {
      const created = await create(definition('gated'));
      const gated = await seedTeam(h.db.knex, org.orgId);
      const path = `/v1/org/${org.orgId}/team/${gated.teamId}/sandbox`;
      const calls = [
        as().get(`${path}/continuous_query`),
        as().post(`${path}/continuous_query`).send(definition('x')),
        as().post(`${path}/validate_continuous_query`).send(definition('x')),
        as().patch(`${path}/continuous_query/${created.body.id}`).send({ title: 'x' }),
        as().delete(`${path}/continuous_query/${created.body.id}`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body).toEqual({
          detail: {
            error_type: 'feature_not_enabled',
            error_message: expect.any(String),
            feature: 'continuous_query',
          },
        });
      }
    });

    it('rejects a team API key in either header', async () => {
      const key = team.apiKeys.sandbox;
      const inHeader = await as(key).post(`${base()}/continuous_query`).send(definition('k'));
      expect(inHeader.status).toBe(403);
      expect(inHeader.body.detail.error_type).toBe('wrong_key_type');
      const alone = await request(h.app).get(`${base()}/continuous_query`).set('x-service-api-key', key);
      expect(alone.status).toBe(403);
      expect(alone.body.detail.error_type).toBe('wrong_key_type');
      expect(await rowCounts()).toMatchObject({ continuous_queries: 0 });
    });

    it('lets a Team Management Key manage its own team queries', async () => {
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [team.teamId],
      });
      const created = await create(definition('own'), { key: teamKey });
      expect(created.status).toBe(200);
      expect((await as(teamKey).patch(one(created.body.id)).send({ title: 'Mine' })).status).toBe(200);
      expect((await as(teamKey).delete(one(created.body.id))).status).toBe(200);
    });
  });

  describe('tenant isolation', () => {
    it("reports another team's, environment's or org's query as not found, and changes nothing", async () => {
      const victim = await create(definition('victim'));
      const id = victim.body.id as string;
      const sibling = await seedTeam(h.db.knex, org.orgId, { features: ['continuous_query'] });
      const siblingKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [sibling.teamId],
      });
      const orgB = await seedOrg(h.db.knex);
      const teamB = await seedTeam(h.db.knex, orgB.orgId, { features: ['continuous_query'] });
      const teamBKey = await seedManagementKey(h.db.knex, orgB.orgId, {
        role: 'team_admin',
        teamIds: [teamB.teamId],
      });
      const attempts: Array<[string, string, string]> = [
        // [key, path, expected error]
        [
          org.orgKey,
          `/v1/org/${org.orgId}/team/${sibling.teamId}/sandbox/continuous_query/${id}`,
          'not_found',
        ],
        [
          siblingKey,
          `/v1/org/${org.orgId}/team/${sibling.teamId}/sandbox/continuous_query/${id}`,
          'not_found',
        ],
        [
          org.orgKey,
          `/v1/org/${org.orgId}/team/${team.teamId}/production/continuous_query/${id}`,
          'not_found',
        ],
        [
          orgB.orgKey,
          `/v1/org/${orgB.orgId}/team/${teamB.teamId}/sandbox/continuous_query/${id}`,
          'not_found',
        ],
        [teamBKey, `/v1/org/${orgB.orgId}/team/${teamB.teamId}/sandbox/continuous_query/${id}`, 'not_found'],
        [siblingKey, one(id), 'forbidden'],
        [orgB.orgKey, one(id), 'forbidden'],
        [teamBKey, one(id), 'forbidden'],
      ];
      for (const [key, path, expected] of attempts) {
        const patch = await as(key).patch(path).send({ title: 'Stolen' });
        const del = await as(key).delete(path);
        expect([path, patch.status, patch.body.detail?.error_type]).toEqual([
          path,
          expected === 'not_found' ? 404 : 403,
          expected,
        ]);
        expect([path, del.status, del.body.detail?.error_type]).toEqual([
          path,
          expected === 'not_found' ? 404 : 403,
          expected,
        ]);
      }
      const otherLists = await Promise.all([
        list({ teamId: sibling.teamId }),
        list({ env: 'production' }),
        as(orgB.orgKey).get(`/v1/org/${orgB.orgId}/team/${teamB.teamId}/sandbox/continuous_query`),
      ]);
      for (const res of otherLists) expect(res.body).toEqual({ data: [], next_cursor: null });
      // A team of another org in the path has no feature here (the gate refuses before any body is judged),
      // as a malformed team id does (never a 500 from the lookup).
      const foreignPaths = [
        [org.orgKey, `/v1/org/${org.orgId}/team/${teamB.teamId}/sandbox`],
        [orgB.orgKey, `/v1/org/${orgB.orgId}/team/${team.teamId}/sandbox`],
        [org.orgKey, `/v1/org/${org.orgId}/team/not-a-uuid/sandbox`],
      ] as const;
      for (const [key, path] of foreignPaths) {
        const responses = [
          await as(key).get(`${path}/continuous_query`),
          await as(key).post(`${path}/continuous_query`).send({ slug: 'x', title: 'x', query: {} }),
          await as(key).post(`${path}/validate_continuous_query`).send({ slug: 'x', title: 'x', query: {} }),
          await as(key).delete(`${path}/continuous_query/${id}`),
        ];
        for (const res of responses)
          expect([path, res.status, res.body.detail?.error_type]).toEqual([path, 403, 'feature_not_enabled']);
      }
      expect((await list()).body.data).toEqual([victim.body]);
    });
  });

  describe('platform queries', () => {
    it('are created by an Org Management Key with no team, and shared by every team of the org environment', async () => {
      const created = await create(definition('org-wide'), { type: 'platform' });
      expect(created.status).toBe(200);
      expect(created.body.team_id).toBeNull();
      const row = await h.db.knex('continuous_queries').where({ id: created.body.id }).first();
      expect(row).toMatchObject({ org_id: org.orgId, team_id: null, query_type: 'platform' });
      const sibling = await seedTeam(h.db.knex, org.orgId, { features: ['continuous_query'] });
      expect((await list({ teamId: sibling.teamId })).body.data).toEqual([created.body]);
      expect((await list({ env: 'production' })).body.data).toEqual([]);
      const orgB = await seedOrg(h.db.knex);
      const teamB = await seedTeam(h.db.knex, orgB.orgId, { features: ['continuous_query'] });
      const foreign = await as(orgB.orgKey).get(
        `/v1/org/${orgB.orgId}/team/${teamB.teamId}/sandbox/continuous_query`,
      );
      expect(foreign.body.data).toEqual([]);
    });

    it('share the slug space with the teams of the org environment', async () => {
      const team2 = await seedTeam(h.db.knex, org.orgId, { features: ['continuous_query'] });
      const teamQuery = await create(definition('taken'), { teamId: team2.teamId });
      const platformClash = await create(definition('taken'), { type: 'platform' });
      expect(platformClash.status).toBe(409);
      expect(platformClash.body.detail.query_id).toBe(teamQuery.body.id);
      const platform = await create(definition('platform-slug'), { type: 'platform' });
      const teamClash = await create(definition('platform-slug'));
      expect(teamClash.status).toBe(409);
      expect(teamClash.body.detail.query_id).toBe(platform.body.id);
    });

    it('are out of reach of a Team Management Key (403 forbidden) except for reading', async () => {
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [team.teamId],
      });
      const denied = await create(definition('team-key-platform'), { key: teamKey, type: 'platform' });
      expect(denied.status).toBe(403);
      expect(denied.body.detail.error_type).toBe('forbidden');
      expect((await validate(definition('v'), { key: teamKey, type: 'platform' })).status).toBe(403);
      const platform = await create(definition('org-only'), { type: 'platform' });
      expect((await as(teamKey).patch(one(platform.body.id)).send({ title: 'x' })).status).toBe(403);
      expect((await as(teamKey).delete(one(platform.body.id))).status).toBe(403);
      expect((await list({ key: teamKey })).body.data).toEqual([platform.body]);
      expect((await as().delete(one(platform.body.id))).body.status).toBe('archived');
    });
  });

  it('removes result tables and tasks with their user', async () => {
    const created = await create(definition('cascade'));
    const userId = '6a1d1c9e-8a3b-4a53-9a1e-2b6c5d4e3f22';
    await h.db
      .knex('users')
      .insert({ id: userId, team_id: team.teamId, environment: 'sandbox', client_user_id: 'cq-user' });
    await h.db.knex('continuous_query_tasks').insert({
      id: '6a1d1c9e-8a3b-4a53-9a1e-2b6c5d4e3f23',
      query_id: created.body.id,
      user_id: userId,
      status: 'scheduled',
    });
    await h.db.knex('continuous_query_results').insert({
      query_id: created.body.id,
      user_id: userId,
      result_table: JSON.stringify({ 'group_key.0': [], 'mean.sleep_score': [] }),
      table_hash: 'abc',
    });
    await h.db.knex('users').where({ id: userId }).del();
    expect(await rowCounts()).toMatchObject({ continuous_query_tasks: 0, continuous_query_results: 0 });
  });
});
