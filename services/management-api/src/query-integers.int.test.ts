import { randomUUID } from 'node:crypto';
import { seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import { createManagementApiHarness, type ManagementApiHarness } from './testing/management-api.harness';
import { api } from './testing/management-seeds';

/**
 * Integer query parameters of the list endpoints accept only integers inside their documented bounds:
 * `1e309` (a number too large for a double, which parses to Infinity) once slipped through validation and
 * the query ran without a LIMIT. Webhook bodies likewise hold only integers an integer column can store.
 */
const outOfBounds = (min: number, max: number) => [
  ...new Set(['1e309', '-1e309', 'Infinity', '1.5', `${max + 1}`, `${min - 1}`, '-1']),
];

const HOOK = 'https://hooks.example.com/meridian';
const resolveHost = async () => ['93.184.216.34'];

describe('integer query parameters of the management API lists', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  let webhookId: string;
  let messageId: string;
  const as = () => api(h.app, org.orgKey);
  const webhooks = () => `/v1/org/${org.orgId}/team/${team.teamId}/sandbox/webhook`;

  /** Each list with three items, so a page of two is a real bound. */
  const lists = () => [
    { list: 'webhooks', url: webhooks(), max: 250, count: (b: { data: unknown[] }) => b.data.length },
    {
      list: 'webhook messages',
      url: `${webhooks()}/${webhookId}/message`,
      max: 250,
      count: (b: { data: unknown[] }) => b.data.length,
    },
    {
      list: 'message attempts',
      url: `${webhooks()}/${webhookId}/message/${messageId}/attempt`,
      max: 250,
      count: (b: { data: unknown[] }) => b.data.length,
    },
    {
      list: 'data-pull preferences',
      url: `/v1/org/${org.orgId}/team_data_pull_preferences/sandbox/us`,
      max: 100,
      count: (b: { data_pull_preferences: unknown[] }) => b.data_pull_preferences.length,
    },
  ];

  beforeAll(async () => {
    h = await createManagementApiHarness({ resolveHost });
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    for (let i = 0; i < 3; i++) {
      const res = await as().post(webhooks()).send({ url: HOOK });
      expect(res.status).toBe(200);
      webhookId = res.body.id as string;
    }
    const knex = h.db.knex;
    for (let i = 0; i < 3; i++) {
      const eventId = randomUUID();
      await knex('outbox').insert({
        id: eventId,
        team_id: team.teamId,
        environment: 'sandbox',
        event_type: 'daily.data.sleep.created',
        payload: JSON.stringify({}),
      });
      messageId = `msg_bounds_${i}`;
      await knex('webhook_messages').insert({ id: messageId, event_id: eventId, webhook_id: webhookId });
    }
    await knex('webhook_attempts').insert(
      [1, 2, 3].map((n) => ({
        id: randomUUID(),
        message_id: messageId,
        status_code: 500 + n,
        duration_ms: n,
      })),
    );
    const prefs = await as()
      .post(`/v1/org/${org.orgId}/team_data_pull_preferences/sandbox/us`)
      .send({
        team_ids: [team.teamId],
        providers: { oura: { default: true }, fitbit: { default: true }, withings: { default: false } },
      });
    expect(prefs.status).toBe(200);
  });
  afterAll(() => h.close());

  it.each(['webhooks', 'webhook messages', 'message attempts', 'data-pull preferences'])(
    '%s: limit outside its bounds, or not an integer, is a 422 at the parameter',
    async (name) => {
      const list = lists().find((l) => l.list === name)!;
      for (const value of outOfBounds(1, list.max)) {
        const res = await as().get(`${list.url}?limit=${encodeURIComponent(value)}`);
        expect([value, res.status]).toEqual([value, 422]);
        expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['query', 'limit'] })]);
      }
    },
  );

  it.each(['webhooks', 'webhook messages', 'message attempts', 'data-pull preferences'])(
    '%s: a valid limit bounds the page',
    async (name) => {
      const list = lists().find((l) => l.list === name)!;
      const page = await as().get(`${list.url}?limit=2`);
      expect(page.status).toBe(200);
      expect(list.count(page.body)).toBe(2);
      expect(page.body.next_cursor).toEqual(expect.any(String));
      const all = await as().get(`${list.url}?limit=${list.max}`);
      expect(all.status).toBe(200);
      expect(list.count(all.body)).toBe(3);
    },
  );

  it('a webhook rate_limit beyond an integer column is a 422, not a database error', async () => {
    for (const rateLimit of [3_000_000_000, 2_147_483_648, 1.5, 0]) {
      const created = await as().post(webhooks()).send({ url: HOOK, rate_limit: rateLimit });
      expect([rateLimit, created.status]).toEqual([rateLimit, 422]);
      expect(created.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'rate_limit'] })]);
      const patched = await as().patch(`${webhooks()}/${webhookId}`).send({ rate_limit: rateLimit });
      expect([rateLimit, patched.status]).toEqual([rateLimit, 422]);
    }
    const largest = await as().post(webhooks()).send({ url: HOOK, rate_limit: 2_147_483_647 });
    expect(largest.status).toBe(200);
    expect(largest.body.rate_limit).toBe(2_147_483_647);
  });

  it('an integration_team_id longer than an index entry can hold is a 422, not a database error', async () => {
    const huge = 'x'.repeat(900 * 1024);
    const teams = `/v1/org/${org.orgId}/team`;
    const created = await as().post(teams).send({ name: 'Bounds', region: 'us', integration_team_id: huge });
    expect(created.status).toBe(422);
    expect(created.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'integration_team_id'], type: 'string_too_long' }),
    ]);
    const resolved = await as().post(`/v1/org/${org.orgId}/resolve_team`).send({ integration_team_id: huge });
    expect(resolved.status).toBe(422);
    const longest = await as()
      .post(teams)
      .send({ name: 'Bounds', region: 'us', integration_team_id: 'é'.repeat(255) });
    expect(longest.status).toBe(200);
  });
});
