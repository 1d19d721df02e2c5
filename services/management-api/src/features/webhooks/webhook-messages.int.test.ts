import { randomUUID } from 'node:crypto';
import { seedManagementKey, seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api } from '../../testing/management-seeds';

const HOOK = 'https://hooks.example.com/meridian';
const resolveHost = async () => ['93.184.216.34'];

describe('webhook messages', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  let webhookId: string;
  const as = (key = org.orgKey) => api(h.app, key);
  const base = (env = 'sandbox', teamId = team.teamId, orgId = org.orgId) =>
    `/v1/org/${orgId}/team/${teamId}/${env}/webhook`;
  const hook = (id = webhookId) => `${base()}/${id}`;
  const ids = (body: { data: { id: string }[] }) => body.data.map((m) => m.id);

  async function createWebhook(env = 'sandbox', teamId = team.teamId): Promise<string> {
    const res = await as().post(base(env, teamId)).send({ url: HOOK });
    expect(res.status).toBe(200);
    return res.body.id as string;
  }

  let seq = 0;
  /** An outbox event and its message to `webhook`, created `minutesAgo` before now. */
  async function seedMessage(
    webhook: string,
    opts: { status?: string; minutesAgo?: number; eventType?: string; lastStatusCode?: number | null } = {},
  ): Promise<string> {
    const eventId = randomUUID();
    const createdAt = new Date(Date.now() - (opts.minutesAgo ?? 0) * 60_000);
    await h.db.knex('outbox').insert({
      id: eventId,
      team_id: team.teamId,
      environment: 'sandbox',
      event_type: opts.eventType ?? 'daily.data.sleep.created',
      payload: JSON.stringify({}),
      created_at: createdAt,
    });
    const id = `msg_${(seq++).toString().padStart(4, '0')}_${randomUUID().slice(0, 8)}`;
    await h.db.knex('webhook_messages').insert({
      id,
      event_id: eventId,
      webhook_id: webhook,
      status: opts.status ?? 'succeeded',
      attempts: 1,
      next_attempt_at: createdAt,
      last_status_code: opts.lastStatusCode === undefined ? 200 : opts.lastStatusCode,
      created_at: createdAt,
      updated_at: createdAt,
    });
    return id;
  }

  beforeAll(async () => {
    h = await createManagementApiHarness({ resolveHost });
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    webhookId = await createWebhook();
  });
  afterAll(() => h.close());

  it('lists messages newest first with their event type, filtered by status and paged', async () => {
    const oldest = await seedMessage(webhookId, { minutesAgo: 30, status: 'failed', lastStatusCode: 500 });
    const middle = await seedMessage(webhookId, { minutesAgo: 20, eventType: 'labtest.order.created' });
    const newest = await seedMessage(webhookId, { minutesAgo: 10, status: 'pending', lastStatusCode: null });
    await seedMessage(await createWebhook(), { minutesAgo: 5 });

    const all = await as().get(`${hook()}/message`);
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([newest, middle, oldest]);
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.data[1]).toEqual({
      id: middle,
      event_id: expect.any(String),
      event_type: 'labtest.order.created',
      status: 'succeeded',
      attempts: 1,
      next_attempt_at: null,
      last_status_code: 200,
      created_at: expect.stringMatching(/\+00:00$/),
      updated_at: expect.stringMatching(/\+00:00$/),
    });
    expect(all.body.data[0]).toMatchObject({ status: 'pending', next_attempt_at: expect.any(String) });
    expect(all.body.data[2]).toMatchObject({ status: 'failed', last_status_code: 500 });

    const failed = await as().get(`${hook()}/message?status=failed`);
    expect(ids(failed.body)).toEqual([oldest]);
    expect((await as().get(`${hook()}/message?status=bogus`)).status).toBe(422);

    const first = await as().get(`${hook()}/message?limit=2`);
    expect(ids(first.body)).toEqual([newest, middle]);
    const second = await as().get(`${hook()}/message?limit=2&next_cursor=${first.body.next_cursor}`);
    expect(ids(second.body)).toEqual([oldest]);
    expect(second.body.next_cursor).toBeNull();
    expect((await as().get(`${hook()}/message?next_cursor=bogus`)).status).toBe(422);
    expect((await as().get(`${hook()}/message?limit=251`)).status).toBe(422);
  });

  it('seals the message cursor for its webhook: opaque, refused by another webhook or list (422)', async () => {
    await seedMessage(webhookId, { minutesAgo: 3 });
    const middle = await seedMessage(webhookId, { minutesAgo: 2 });
    await seedMessage(webhookId, { minutesAgo: 1 });
    const first = await as().get(`${hook()}/message?limit=2`);
    const cursor = first.body.next_cursor as string;
    expect(ids(first.body)[1]).toBe(middle);
    expect(Buffer.from(cursor, 'base64url').toString('latin1')).not.toContain(middle);
    expect((await as().get(`${hook()}/message?limit=2&next_cursor=${cursor}`)).status).toBe(200);

    const otherHook = await createWebhook();
    const foreign = await as().get(`${hook(otherHook)}/message?next_cursor=${cursor}`);
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail[0]).toMatchObject({ loc: ['query', 'next_cursor'], type: 'value_error' });
    expect((await as().get(`${hook()}/message/${middle}/attempt?next_cursor=${cursor}`)).status).toBe(422);
  });

  it('lists the attempts of a message, newest first', async () => {
    const message = await seedMessage(webhookId, { status: 'pending', minutesAgo: 10 });
    const at = (m: number) => new Date(Date.now() - m * 60_000);
    const attempts = [
      { id: randomUUID(), attempted_at: at(9), status_code: null, duration_ms: 30000, error: 'timeout' },
      { id: randomUUID(), attempted_at: at(8), status_code: 503, duration_ms: 12, error: null },
      { id: randomUUID(), attempted_at: at(7), status_code: 500, duration_ms: 15, error: null },
    ];
    await h.db.knex('webhook_attempts').insert(
      attempts.map((a, i) => ({
        ...a,
        message_id: message,
        response_body: a.status_code ? 'oops' : '',
        next_attempt_at: i < 2 ? at(7 - i) : null,
      })),
    );
    const res = await as().get(`${hook()}/message/${message}/attempt`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(attempts.map((a) => a.id).reverse());
    expect(res.body.data[2]).toEqual({
      id: attempts[0]!.id,
      attempted_at: expect.stringMatching(/\+00:00$/),
      status_code: null,
      response_body: '',
      duration_ms: 30000,
      error: 'timeout',
      next_attempt_at: expect.stringMatching(/\+00:00$/),
    });
    expect(res.body.data[0]).toMatchObject({ status_code: 500, next_attempt_at: null });

    const first = await as().get(`${hook()}/message/${message}/attempt?limit=2`);
    expect(ids(first.body)).toEqual([attempts[2]!.id, attempts[1]!.id]);
    const second = await as().get(
      `${hook()}/message/${message}/attempt?limit=2&next_cursor=${first.body.next_cursor}`,
    );
    expect(ids(second.body)).toEqual([attempts[0]!.id]);

    const otherMessage = await seedMessage(await createWebhook());
    expect((await as().get(`${hook()}/message/${otherMessage}/attempt`)).status).toBe(404);
  });

  it('resends a message under the same id, and refuses for a disabled webhook', async () => {
    const message = await seedMessage(webhookId, { status: 'failed', minutesAgo: 60 });
    const now = new Date('2030-01-02T03:04:05.000Z');
    h.setNow(now);
    try {
      const res = await as().post(`${hook()}/message/${message}/resend`);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ id: message, status: 'pending' });
      const row = await h.db.knex('webhook_messages').where({ id: message }).first();
      expect(row.status).toBe('pending');
      expect(new Date(row.next_attempt_at).toISOString()).toBe(now.toISOString());
    } finally {
      h.setNow(undefined);
    }
    expect((await as().post(`${hook()}/message/msg_unknown/resend`)).status).toBe(404);

    expect((await as().patch(hook()).send({ disabled: true })).status).toBe(200);
    const refused = await as().post(`${hook()}/message/${message}/resend`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail.error_type).toBe('invalid_state');
  });

  it('recovers the failed messages created since a time', async () => {
    const oldFailed = await seedMessage(webhookId, { status: 'failed', minutesAgo: 120 });
    const recent = [
      await seedMessage(webhookId, { status: 'failed', minutesAgo: 30 }),
      await seedMessage(webhookId, { status: 'failed', minutesAgo: 20 }),
    ];
    const succeeded = await seedMessage(webhookId, { status: 'succeeded', minutesAgo: 10 });
    const since = new Date(Date.now() - 60 * 60_000).toISOString();

    const res = await as().post(`${hook()}/recover`).send({ since });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recovered: 2 });
    const rows = await h.db.knex('webhook_messages').where({ webhook_id: webhookId }).select('id', 'status');
    const statusOf = Object.fromEntries(rows.map((r: { id: string; status: string }) => [r.id, r.status]));
    expect(statusOf).toEqual({
      [oldFailed]: 'failed',
      [recent[0]!]: 'pending',
      [recent[1]!]: 'pending',
      [succeeded]: 'succeeded',
    });
    expect((await as().post(`${hook()}/recover`).send({})).status).toBe(422);
    expect((await as().post(`${hook()}/recover`).send({ since: 'yesterday' })).status).toBe(422);
  });

  it('answers 404 for a webhook of another team or environment, 403 for an unbound team key', async () => {
    const other = await seedTeam(h.db.knex, org.orgId);
    const otherHook = await createWebhook('sandbox', other.teamId);
    const message = await seedMessage(otherHook, { status: 'failed' });
    const since = new Date(0).toISOString();
    for (const url of [`${base('sandbox')}/${otherHook}`, `${base('production')}/${webhookId}`]) {
      for (const res of [
        await as().get(`${url}/message`),
        await as().get(`${url}/message/${message}/attempt`),
        await as().post(`${url}/message/${message}/resend`),
        await as().post(`${url}/recover`).send({ since }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.detail.error_type).toBe('not_found');
      }
    }
    const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
      role: 'team_admin',
      teamIds: [team.teamId],
    });
    expect((await as(teamKey).get(`${hook()}/message`)).status).toBe(200);
    const otherUrl = `${base('sandbox', other.teamId)}/${otherHook}`;
    for (const res of [
      await as(teamKey).get(`${otherUrl}/message`),
      await as(teamKey).get(`${otherUrl}/message/${message}/attempt`),
      await as(teamKey).post(`${otherUrl}/message/${message}/resend`),
      await as(teamKey).post(`${otherUrl}/recover`).send({ since }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.detail.error_type).toBe('forbidden');
    }
    const row = await h.db.knex('webhook_messages').where({ id: message }).first();
    expect(row.status).toBe('failed');
  });
});
