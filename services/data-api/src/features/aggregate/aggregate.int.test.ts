import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { seedOrg, seedTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';

const PATH = (userId: string) => `/aggregate/v1/user/${userId}/query`;

const STEPS_BY_DAY = {
  timeframe: { type: 'relative', anchor: '2025-01-11', past: { unit: 'day', value: 2 } },
  queries: [
    {
      group_by: [{ date_trunc: { unit: 'day' }, arg: { index: 'timeseries' } }],
      select: [{ group_key: '*' }, { func: 'sum', arg: { timeseries: 'steps', field: 'value' } }],
    },
  ],
};

describe('POST /aggregate/v1/user/{user_id}/query', () => {
  let h: DataApiHarness;
  let key: string;
  let prodKey: string;
  let otherKey: string;
  let betaOffKey: string;
  let userId: string;
  let otherTeamUserId: string;

  const addUser = async (teamId: string, environment = 'sandbox') => {
    const id = randomUUID();
    await h.db.knex('users').insert({ id, team_id: teamId, environment, client_user_id: `c-${id}` });
    return id;
  };
  const steps = (uid: string, startAt: string, value: number) =>
    h.db.knex('timeseries_samples').insert({
      user_id: uid,
      resource: 'steps',
      provider: 'garmin',
      source_type: 'watch',
      start_at: startAt,
      end_at: new Date(Date.parse(startAt) + 60_000).toISOString(),
      value,
    });

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    const team = await seedTeam(h.db.knex, org.orgId);
    const other = await seedTeam(h.db.knex, org.orgId);
    const betaOff = await seedTeam(h.db.knex, org.orgId);
    for (const t of [team, other]) {
      await h.db.knex('team_features').insert({ team_id: t.teamId, feature: 'continuous_query' });
    }
    key = team.apiKeys.sandbox;
    prodKey = team.apiKeys.production;
    otherKey = other.apiKeys.sandbox;
    betaOffKey = betaOff.apiKeys.sandbox;
    userId = await addUser(team.teamId);
    otherTeamUserId = await addUser(other.teamId);
    await steps(userId, '2025-01-10T08:00:00Z', 1200);
    await steps(userId, '2025-01-10T09:00:00Z', 300);
    await steps(userId, '2025-01-11T09:00:00Z', 4000);
    await steps(otherTeamUserId, '2025-01-10T08:00:00Z', 99999);
  }, 60_000);
  afterAll(() => h.close());

  const post = (k: string, uid: string, body: unknown) =>
    request(h.app)
      .post(PATH(uid))
      .set('x-service-api-key', k)
      .send(body as object);

  it('answers one column-oriented table per query', async () => {
    const res = await post(key, userId, {
      ...STEPS_BY_DAY,
      queries: [
        ...STEPS_BY_DAY.queries,
        { select: [{ func: 'count', arg: { timeseries: 'steps', field: 'value' } }] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [
        // 1200 + 300 on the 10th, 4000 on the 11th (UTC: the user has no time zone).
        {
          table: {
            'group_key.0': ['2025-01-10T00:00:00', '2025-01-11T00:00:00'],
            'sum.steps.value': [1500, 4000],
          },
        },
        { table: { 'count.steps.value': [3] } },
      ],
    });
  });

  it('is a closed beta: 403 feature_not_enabled as JSON', async () => {
    const res = await post(betaOffKey, userId, STEPS_BY_DAY);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      detail: {
        error_type: 'feature_not_enabled',
        error_message: expect.any(String),
        feature: 'continuous_query',
      },
    });
  });

  it('answers 406 for an Accept it cannot serve', async () => {
    const res = await post(key, userId, STEPS_BY_DAY).set('Accept', 'text/csv');
    expect(res.status).toBe(406);
    expect(res.body.detail.error_type).toBe('not_acceptable');
    for (const accept of ['*/*', 'application/json']) {
      expect((await post(key, userId, STEPS_BY_DAY).set('Accept', accept)).status).toBe(200);
    }
  });

  it('answers 422 with the loc of the offending element', async () => {
    const res = await post(key, userId, {
      ...STEPS_BY_DAY,
      queries: [
        {
          select: [{ group_key: '*' }, { func: 'mean', arg: { value_macro: 'nap_score' } }],
          group_by: [{ date_trunc: { unit: 'day' }, arg: { index: 'sleep' } }],
        },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          loc: ['body', 'queries', '0', 'select', '1', 'arg', 'value_macro'],
          type: 'unknown_value_macro',
        }),
      ]),
    );
    const where = await post(key, userId, {
      ...STEPS_BY_DAY,
      queries: [{ ...STEPS_BY_DAY.queries[0], where: 'nope > 1' }],
    });
    expect(where.status).toBe(422);
    expect(where.body.detail[0]).toMatchObject({
      loc: ['body', 'queries', '0', 'where'],
      type: 'unknown_column',
    });
    expect(where.body.detail[0].msg).toContain('nope');
  });

  it('answers 422 not_supported (never 500) for a form the engine cannot compute yet', async () => {
    const res = await post(key, userId, {
      ...STEPS_BY_DAY,
      queries: [{ select: [{ derived_readiness: 'recovery_score' }] }],
    });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({
      type: 'not_supported',
      loc: ['body', 'queries', '0', 'select', '0'],
    });
  });

  it('answers 422 not_supported at validation (before the user lookup) for columns Meridian does not store', async () => {
    const res = await post(key, randomUUID(), {
      ...STEPS_BY_DAY,
      queries: [
        { select: [{ sleep: 'score' }], where: 'hrv_mean_sdnn > 20' },
        { select: [{ func: 'max', arg: { sleep: 'heart_rate_maximum' } }] },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      expect.objectContaining({
        type: 'not_supported',
        loc: ['body', 'queries', '0', 'where'],
        msg: expect.stringContaining('sleep.hrv_mean_sdnn'),
      }),
      expect.objectContaining({
        type: 'not_supported',
        loc: ['body', 'queries', '1', 'select', '0', 'arg'],
        msg: expect.stringContaining('sleep.heart_rate_maximum'),
      }),
    ]);
  });

  it('isolates tenants: another team, another environment, an unknown user are 404', async () => {
    for (const [k, uid] of [
      [key, otherTeamUserId],
      [otherKey, userId],
      [prodKey, userId],
      [key, randomUUID()],
    ] as const) {
      const res = await post(k, uid, STEPS_BY_DAY);
      expect(res.status).toBe(404);
      expect(res.body.detail.error_type).toBe('not_found');
    }
  });

  it('reads only the named user even with a WHERE naming another user’s values', async () => {
    const res = await post(key, userId, {
      ...STEPS_BY_DAY,
      queries: [{ ...STEPS_BY_DAY.queries[0], where: "value > 5000 or source_provider = 'x'' or 1=1 --'" }],
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0].table).toEqual({ 'group_key.0': [], 'sum.steps.value': [] });
  });

  it('answers 422 for a malformed user id and a non-object body', async () => {
    expect((await post(key, 'not-a-uuid', STEPS_BY_DAY)).status).toBe(422);
    const res = await post(key, userId, [1, 2]);
    expect(res.status).toBe(422);
  });
});
