import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  buildFhirObservations,
  fhirObservationIssues,
  fhirObservationPlan,
  parseQuery,
} from '@meridian/query-language';
import { seedOrg, seedTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';

const base = (userId: string, query: string) => `/aggregate/v1/user/${userId}/continuous_query/${query}`;

const TABLE = { 'group_key.0': ['2025-01-10T00:00:00'], 'sum.steps.value': [1500] };

describe('continuous query result tables and task history (data API)', () => {
  let h: DataApiHarness;
  let orgId: string;
  let key: string;
  let prodKey: string;
  let otherKey: string;
  let betaOffKey: string;
  let teamId: string;
  let otherTeamId: string;
  let userId: string;
  let otherUserId: string;
  let queryId: string;
  let platformQueryId: string;
  let otherQueryId: string;

  const addUser = async (team: string) => {
    const id = randomUUID();
    await h.db.knex('users').insert({ id, team_id: team, environment: 'sandbox', client_user_id: `c-${id}` });
    return id;
  };

  const addQuery = async (
    team: string | null,
    slug: string,
    status: 'active' | 'archived' = 'active',
    fhir = false,
  ) => {
    const id = randomUUID();
    await h.db.knex('continuous_queries').insert({
      id,
      org_id: orgId,
      team_id: team,
      query_type: team === null ? 'platform' : 'team',
      environment: 'sandbox',
      slug,
      title: slug,
      status,
      archived_at: status === 'archived' ? new Date() : null,
      query: JSON.stringify({ select: [{ group_key: '*' }] }),
      scheduling_preferences: JSON.stringify({ minimum_gap_duration_second: null }),
      export_preferences: JSON.stringify({ data_events: { enabled: true }, fhir_observations: fhir }),
      result_table_schema: JSON.stringify({}),
      resource_dependencies: ['steps'],
      fhir_observation_mappers: [],
    });
    return id;
  };

  const addResult = (query: string, user: string, table: Record<string, unknown[]>) =>
    h.db.knex('continuous_query_results').insert({
      query_id: query,
      user_id: user,
      result_table: JSON.stringify(table),
      table_hash: 'h',
    });

  const addTask = (query: string, user: string, scheduledAt: string, status = 'completed', extra = {}) =>
    h.db.knex('continuous_query_tasks').insert({
      id: randomUUID(),
      query_id: query,
      user_id: user,
      status,
      scheduled_at: scheduledAt,
      started_at: status === 'completed' || status === 'error' ? scheduledAt : null,
      ended_at: status === 'scheduled' ? null : scheduledAt,
      ...extra,
    });

  const get = (k: string, path: string) => request(h.app).get(path).set('x-service-api-key', k);

  beforeAll(async () => {
    h = await createDataApiHarness();
    // The app builds its OpenAPI validator in the background (seconds on a busy machine, with the event loop
    // held): one request waits for it, so the seeding below does not time out acquiring connections.
    await request(h.app).get(`${base(randomUUID(), 'warm-up')}/result_table`);
    orgId = (await seedOrg(h.db.knex)).orgId;
    const team = await seedTeam(h.db.knex, orgId);
    const other = await seedTeam(h.db.knex, orgId);
    const betaOff = await seedTeam(h.db.knex, orgId);
    for (const t of [team, other])
      await h.db.knex('team_features').insert({ team_id: t.teamId, feature: 'continuous_query' });
    teamId = team.teamId;
    otherTeamId = other.teamId;
    key = team.apiKeys.sandbox;
    prodKey = team.apiKeys.production;
    otherKey = other.apiKeys.sandbox;
    betaOffKey = betaOff.apiKeys.sandbox;
    userId = await addUser(teamId);
    otherUserId = await addUser(otherTeamId);
    queryId = await addQuery(teamId, 'sleep-analysis');
    platformQueryId = await addQuery(null, 'org-steps');
    otherQueryId = await addQuery(otherTeamId, 'other-team');
    await addResult(queryId, userId, TABLE);
    await addResult(platformQueryId, userId, { 'group_key.0': [], 'sum.steps.value': [] });
    await addResult(otherQueryId, otherUserId, TABLE);
  }, 60_000);
  afterAll(() => h.close());

  describe('GET …/result_table', () => {
    it('answers the stored table by id and by slug', async () => {
      for (const name of [queryId, queryId.toUpperCase(), 'sleep-analysis']) {
        const res = await get(key, `${base(userId, name)}/result_table`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ table: TABLE });
      }
    });

    it("reaches the organization's platform queries, and the team's own query wins a shared slug", async () => {
      expect((await get(key, `${base(userId, 'org-steps')}/result_table`)).body).toEqual({
        table: { 'group_key.0': [], 'sum.steps.value': [] },
      });
      const sameSlug = await addQuery(null, 'sleep-analysis');
      await addResult(sameSlug, userId, { x: [1] });
      expect((await get(key, `${base(userId, 'sleep-analysis')}/result_table`)).body).toEqual({
        table: TABLE,
      });
      expect((await get(key, `${base(userId, sameSlug)}/result_table`)).body).toEqual({ table: { x: [1] } });
    });

    it('is 404 without a table, for an unknown query or user, and across tenants', async () => {
      const fresh = await addUser(teamId);
      const cases: [string, string][] = [
        [key, `${base(fresh, queryId)}/result_table`], // no run yet
        [key, `${base(userId, 'no-such-query')}/result_table`],
        [key, `${base(userId, randomUUID())}/result_table`],
        [key, `${base(randomUUID(), queryId)}/result_table`],
        [key, `${base(otherUserId, otherQueryId)}/result_table`], // another team's user and query
        [key, `${base(userId, otherQueryId)}/result_table`], // another team's query
        [otherKey, `${base(userId, queryId)}/result_table`],
        [prodKey, `${base(userId, queryId)}/result_table`], // another environment
      ];
      for (const [k, path] of cases) {
        const res = await get(k, path);
        expect({ path, status: res.status, type: res.body.detail?.error_type }).toEqual({
          path,
          status: 404,
          type: 'not_found',
        });
      }
    });

    it('finds an archived query by id only (its slug is free for a new query)', async () => {
      const archived = await addQuery(teamId, 'old-query', 'archived');
      await addResult(archived, userId, TABLE);
      expect((await get(key, `${base(userId, archived)}/result_table`)).status).toBe(200);
      expect((await get(key, `${base(userId, 'old-query')}/result_table`)).status).toBe(404);
    });

    it('is 404 for a user in the deletion grace period', async () => {
      const leaving = await addUser(teamId);
      await addResult(queryId, leaving, TABLE);
      expect((await get(key, `${base(leaving, queryId)}/result_table`)).status).toBe(200);
      await h.db.knex('users').where({ id: leaving }).update({ deleted_at: new Date() });
      expect((await get(key, `${base(leaving, queryId)}/result_table`)).status).toBe(404);
    });

    it('is a closed beta, 406 for other media types, 422 for malformed ids', async () => {
      const off = await get(betaOffKey, `${base(userId, queryId)}/result_table`);
      expect(off.status).toBe(403);
      expect(off.body.detail).toMatchObject({
        error_type: 'feature_not_enabled',
        feature: 'continuous_query',
      });
      const csv = await get(key, `${base(userId, queryId)}/result_table`).set('Accept', 'text/csv');
      expect(csv.status).toBe(406);
      expect(csv.body.detail.error_type).toBe('not_acceptable');
      expect((await get(key, `${base(userId, queryId)}/result_table`).set('Accept', '*/*')).status).toBe(200);
      const badUser = await get(key, `${base('not-a-uuid', queryId)}/result_table`);
      expect(badUser.status).toBe(422);
      expect(badUser.body.detail[0].loc).toEqual(['path', 'user_id']);
      const badQuery = await get(key, `${base(userId, 'bad_slug!')}/result_table`);
      expect(badQuery.status).toBe(422);
      expect(badQuery.body.detail[0].loc).toEqual(['path', 'query_id_or_slug']);
    });
  });

  describe('GET …/task_history', () => {
    let historyUser: string;

    beforeAll(async () => {
      historyUser = await addUser(teamId);
      await addTask(queryId, historyUser, '2026-01-01T10:00:00.000Z');
      await addTask(queryId, historyUser, '2026-01-01T10:10:00.000Z', 'skipped');
      await addTask(queryId, historyUser, '2026-01-01T10:30:00.000Z', 'error', { error_details: 'timeout' });
      await addTask(queryId, historyUser, '2026-01-01T11:00:00.123Z', 'scheduled');
      // Same scheduled_at: the id breaks the tie.
      await addTask(platformQueryId, historyUser, '2026-01-02T00:00:00.000Z');
      await addTask(platformQueryId, historyUser, '2026-01-02T00:00:00.000Z', 'skipped');
      await addTask(platformQueryId, historyUser, '2026-01-02T00:00:00.000Z', 'error', {
        error_details: 'x',
      });
    });

    it('lists the runs newest first, every key present', async () => {
      const res = await get(key, `${base(historyUser, 'sleep-analysis')}/task_history`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: [
          {
            query_id: queryId,
            user_id: historyUser,
            status: 'scheduled',
            scheduled_at: '2026-01-01T11:00:00.123+00:00',
            started_at: null,
            ended_at: null,
            error_details: null,
          },
          expect.objectContaining({ status: 'error', error_details: 'timeout' }),
          expect.objectContaining({ status: 'skipped', started_at: null }),
          {
            query_id: queryId,
            user_id: historyUser,
            status: 'completed',
            scheduled_at: '2026-01-01T10:00:00+00:00',
            started_at: '2026-01-01T10:00:00+00:00',
            ended_at: '2026-01-01T10:00:00+00:00',
            error_details: null,
          },
        ],
        next_cursor: null,
      });
    });

    it('pages with an opaque cursor bound to the query, user and tenant', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const path = `${base(historyUser, platformQueryId)}/task_history?limit=2${cursor ? `&next_cursor=${cursor}` : ''}`;
        const res = await get(key, path);
        expect(res.status).toBe(200);
        seen.push(...res.body.data.map((t: { status: string }) => t.status));
        cursor = res.body.next_cursor;
        pages++;
        if (pages === 1) {
          // The cursor opens only for the same list.
          const elsewhere = await get(
            key,
            `${base(historyUser, queryId)}/task_history?next_cursor=${cursor}`,
          );
          expect(elsewhere.status).toBe(422);
          expect(elsewhere.body.detail[0].loc).toEqual(['query', 'next_cursor']);
        }
      } while (cursor);
      expect(pages).toBe(2);
      expect(seen.sort()).toEqual(['completed', 'error', 'skipped']);
      expect((await get(key, `${base(historyUser, queryId)}/task_history?next_cursor=garbage`)).status).toBe(
        422,
      );
      expect((await get(key, `${base(historyUser, queryId)}/task_history?limit=0`)).status).toBe(422);
    });

    it('is empty for a query without runs for the user, and 404 across tenants', async () => {
      const res = await get(key, `${base(userId, 'org-steps')}/task_history`);
      expect(res.body).toEqual({ data: [], next_cursor: null });
      expect((await get(otherKey, `${base(historyUser, queryId)}/task_history`)).status).toBe(404);
      expect((await get(key, `${base(historyUser, otherQueryId)}/task_history`)).status).toBe(404);
      expect((await get(betaOffKey, `${base(historyUser, queryId)}/task_history`)).status).toBe(403);
      expect(
        (await get(key, `${base(historyUser, queryId)}/task_history`).set('Accept', 'text/html')).status,
      ).toBe(406);
    });
  });
  describe('GET …/fhir_observations', () => {
    let fhirQuery: string;
    let fhirUser: string;
    const HR_TABLE = {
      'group_key.0': ['2026-03-30T00:00:00', '2026-03-31T00:00:00'],
      'mean.heartrate.value': [65, 58],
    };
    beforeAll(async () => {
      fhirUser = await addUser(teamId);
      fhirQuery = await addQuery(teamId, 'hr-fhir', 'active', true);
      const parsed = parseQuery(
        {
          group_by: [{ date_trunc: { unit: 'day' }, arg: { index: 'timeseries' } }],
          select: [{ group_key: '*' }, { func: 'mean', arg: { timeseries: 'heartrate', field: 'value' } }],
        },
        { basePath: ['query'], mode: 'continuous' },
      );
      if (!parsed.ok) throw new Error('the heart-rate query must parse');
      const observations = buildFhirObservations(
        fhirObservationPlan(parsed.query, parsed.derived),
        HR_TABLE,
        {
          queryId: fhirQuery,
          userId: fhirUser,
          issuedAt: new Date('2026-04-01T00:00:00Z'),
          timeZone: null,
        },
      );
      await h.db.knex('continuous_query_results').insert({
        query_id: fhirQuery,
        user_id: fhirUser,
        result_table: JSON.stringify(HR_TABLE),
        table_hash: 'h',
        fhir_observations: JSON.stringify(observations),
      });
    });

    it('answers the stored Observations as a FHIR searchset Bundle, in the media type asked for', async () => {
      const res = await get(key, `${base(fhirUser, 'hr-fhir')}/fhir_observations`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 2 });
      expect(res.body.entry).toHaveLength(2);
      for (const entry of res.body.entry) {
        expect(fhirObservationIssues(entry.resource)).toEqual([]);
        expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource.id}`);
        expect(entry.search).toEqual({ mode: 'match' });
        expect(entry.resource.subject).toEqual({ reference: `Patient/${fhirUser}` });
      }
      expect(
        res.body.entry.map(
          (e: { resource: { valueQuantity: { value: number } } }) => e.resource.valueQuantity.value,
        ),
      ).toEqual([65, 58]);
      const fhir = await get(key, `${base(fhirUser, fhirQuery)}/fhir_observations`).set(
        'Accept',
        'application/fhir+json',
      );
      expect(fhir.status).toBe(200);
      expect(fhir.headers['content-type']).toMatch(/^application\/fhir\+json/);
      expect(JSON.parse(fhir.text)).toEqual(res.body);
      const csv = await get(key, `${base(fhirUser, fhirQuery)}/fhir_observations`).set('Accept', 'text/csv');
      expect(csv.status).toBe(406);
      expect(csv.body.detail.error_type).toBe('not_acceptable');
    });

    it('is 404 for a query without FHIR observations, before the first run, and across tenants', async () => {
      const fresh = await addUser(teamId);
      const cases: [string, string][] = [
        [key, `${base(userId, queryId)}/fhir_observations`], // a table, but the query does not build them
        [key, `${base(fresh, fhirQuery)}/fhir_observations`], // no run yet
        [otherKey, `${base(fhirUser, fhirQuery)}/fhir_observations`],
        [prodKey, `${base(fhirUser, fhirQuery)}/fhir_observations`],
      ];
      for (const [k, path] of cases) {
        const res = await get(k, path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
      }
      expect((await get(betaOffKey, `${base(fhirUser, fhirQuery)}/fhir_observations`)).status).toBe(403);
    });
  });
});
