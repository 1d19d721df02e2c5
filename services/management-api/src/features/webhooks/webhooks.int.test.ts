import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { seedManagementKey, seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import { createSecretBox, openHeaderValues } from '@meridian/platform';
import request from 'supertest';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api } from '../../testing/management-seeds';

/** Fake DNS: tests never resolve real names. */
const DNS: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'dual.example.com': ['93.184.216.34', '2606:2800:220:1::1'],
  'sneaky.example.com': ['93.184.216.34', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:10.0.0.9'],
  'cgnat.example.com': ['100.64.3.4'],
  localhost: ['127.0.0.1', '::1'],
  'hooks.internal': ['10.20.0.5'],
  'lab.example.com': ['10.1.2.3'],
};
const resolveHost = async (host: string) => {
  if (isIP(host)) return [host];
  const found = DNS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

const SECRETS_KEY = randomBytes(32);
const secretOf = (bytes: number, fill = 1) => `whsec_${Buffer.alloc(bytes, fill).toString('base64')}`;

describe('webhooks', () => {
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  const as = (key = org.orgKey) => api(h.app, key);
  const base = (env = 'sandbox', teamId = team.teamId, orgId = org.orgId) =>
    `/v1/org/${orgId}/team/${teamId}/${env}/webhook`;
  const create = (body: object, env = 'sandbox', key = org.orgKey) => as(key).post(base(env)).send(body);
  const put = (url: string, body: object, key = org.orgKey) =>
    request(h.app).put(url).set('X-Management-Key', key).send(body);
  const HOOK = 'https://hooks.example.com/meridian';

  beforeAll(async () => {
    h = await createManagementApiHarness({
      resolveHost,
      webhookAllowedTargets: ['127.0.0.1', 'hooks.internal', '10.1.0.0/16'],
      secretsKey: SECRETS_KEY,
    });
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
  });
  afterAll(() => h.close());

  describe('create and read', () => {
    it('creates a webhook with defaults and reads it back', async () => {
      const res = await create({ url: HOOK });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^ep_[A-Za-z0-9_-]{24}$/),
        url: HOOK,
        description: '',
        rate_limit: null,
        disabled: false,
        filter_types: null,
        created_at: expect.stringMatching(/\+00:00$/),
        updated_at: expect.stringMatching(/\+00:00$/),
      });
      const got = await as().get(`${base()}/${res.body.id}`);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(res.body);
      const secret = await as().get(`${base()}/${res.body.id}/secret`);
      expect(secret.status).toBe(200);
      expect(secret.body.key).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    });

    it('keeps every given field and the given secret, sealed at rest', async () => {
      const secret = secretOf(32, 9);
      const body = {
        url: 'https://dual.example.com/hook?x=1',
        description: 'orders',
        rate_limit: 10,
        disabled: true,
        filter_types: [
          'labtest.order.created',
          'daily.data.weight.created',
          'daily.timeseries.hypnogram.created',
        ],
        secret,
      };
      const res = await create(body, 'production');
      expect(res.status).toBe(200);
      const { secret: _secret, ...shown } = body;
      expect(res.body).toMatchObject(shown);
      expect(res.body).not.toHaveProperty('secret');
      expect((await as().get(`${base('production')}/${res.body.id}/secret`)).body).toEqual({ key: secret });

      const row = await h.db.knex('webhooks').where({ id: res.body.id }).first();
      expect(row).toMatchObject({ team_id: team.teamId, environment: 'production', failing_since: null });
      expect(JSON.stringify(row)).not.toContain(secret.slice('whsec_'.length));
      expect(row.secret_ciphertext).toMatch(/^v1\./);
    });

    it('lists webhooks of the team environment only, paged by limit', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await create({ url: `${HOOK}/${i}` })).body.id);
      await create({ url: HOOK }, 'production');
      const other = await seedTeam(h.db.knex, org.orgId);
      await as().post(base('sandbox', other.teamId)).send({ url: HOOK });

      const all = await as().get(base());
      expect(all.status).toBe(200);
      expect(all.body.data.map((w: { id: string }) => w.id)).toEqual(ids);
      expect(all.body.next_cursor).toBeNull();

      const first = await as().get(`${base()}?limit=2`);
      expect(first.body.data.map((w: { id: string }) => w.id)).toEqual(ids.slice(0, 2));
      const second = await as().get(`${base()}?limit=2&next_cursor=${first.body.next_cursor}`);
      expect(second.body.data.map((w: { id: string }) => w.id)).toEqual(ids.slice(2));
      expect(second.body.next_cursor).toBeNull();

      expect((await as().get(`${base()}?next_cursor=bogus`)).body.detail[0]).toMatchObject({
        loc: ['query', 'next_cursor'],
        type: 'value_error',
      });
      expect((await as().get(`${base()}?limit=0`)).status).toBe(422);
      expect((await as().get(`${base()}?limit=251`)).status).toBe(422);
    });

    it('answers 404 for a webhook of another team, environment or organization', async () => {
      const id = (await create({ url: HOOK })).body.id;
      const other = await seedTeam(h.db.knex, org.orgId);
      const foreignOrg = await seedOrg(h.db.knex);
      const foreignTeam = await seedTeam(h.db.knex, foreignOrg.orgId);
      for (const url of [
        `${base('production')}/${id}`,
        `${base('sandbox', other.teamId)}/${id}`,
        `${base()}/ep_unknown`,
      ]) {
        const res = await as().get(url);
        expect(res.status).toBe(404);
        expect(res.body.detail.error_type).toBe('not_found');
        expect((await as().get(`${url}/secret`)).status).toBe(404);
        expect((await as().delete(url)).status).toBe(404);
      }
      const foreign = await as(foreignOrg.orgKey).get(
        `${base('sandbox', foreignTeam.teamId, foreignOrg.orgId)}/${id}`,
      );
      expect(foreign.status).toBe(404);
      // a team of another org through our org's path: not found on list and create
      expect((await as().get(base('sandbox', foreignTeam.teamId))).status).toBe(404);
      const created = await as().post(base('sandbox', foreignTeam.teamId)).send({ url: HOOK });
      expect(created.status).toBe(404);
    });
  });

  describe('validation', () => {
    it('requires an https URL', async () => {
      const missing = await create({});
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'url'], type: 'missing' });
      for (const url of ['http://hooks.example.com/x', 'ftp://hooks.example.com/x', 'not a url']) {
        const res = await create({ url });
        expect(res.status).toBe(422);
        expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'url'], type: 'value_error', input: url });
      }
      const creds = await create({ url: 'https://user:pass@hooks.example.com/x' });
      expect(creds.body.detail[0]).toMatchObject({ loc: ['body', 'url'] });
      const unresolvable = await create({ url: 'https://nowhere.example.com/x' });
      expect(unresolvable.status).toBe(422);
      expect(unresolvable.body.detail[0].msg).toMatch(/does not resolve/);
    });

    it('accepts only known event types in filter_types', async () => {
      const res = await create({
        url: HOOK,
        filter_types: ['daily.data.sleep.created', 'daily.data.body_weight.created'],
      });
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({
        loc: ['body', 'filter_types', '1'],
        type: 'value_error',
        input: 'daily.data.body_weight.created',
      });
      expect((await create({ url: HOOK, filter_types: [] })).status).toBe(422);
      expect((await create({ url: HOOK, filter_types: null })).body.filter_types).toBeNull();
    });

    it.each([
      ['too short', secretOf(23)],
      ['too long', secretOf(65)],
      ['no prefix', Buffer.alloc(32, 1).toString('base64')],
      ['not base64', 'whsec_!!!!'],
    ])('refuses a secret that is %s', async (_why, secret) => {
      const res = await create({ url: HOOK, secret });
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'secret'], type: 'value_error' });
    });

    it('validates rate_limit, environment and types', async () => {
      expect((await create({ url: HOOK, rate_limit: 0 })).status).toBe(422);
      expect((await create({ url: HOOK, disabled: 'yes' })).status).toBe(422);
      const env = await create({ url: HOOK }, 'staging');
      expect(env.status).toBe(422);
      expect(env.body.detail[0]).toMatchObject({ loc: ['path', 'environment'], type: 'enum' });
    });
  });

  describe('SSRF', () => {
    it.each([
      ['https://127.0.0.2/x', 'loopback'],
      ['https://localhost/x', 'loopback'],
      ['https://[::1]/x', 'loopback'],
      ['https://10.0.0.1/x', 'private'],
      ['https://192.168.1.10/x', 'private'],
      ['https://172.16.5.5/x', 'private'],
      ['https://[fd00::1]/x', 'private'],
      ['https://metadata.example.com/latest', 'link-local'],
      ['https://169.254.169.254/latest', 'link-local'],
      ['https://[fe80::1]/x', 'link-local'],
      ['https://mapped.example.com/x', 'private'],
      ['https://cgnat.example.com/x', 'carrier-grade NAT'],
      ['https://0.0.0.0/x', 'unspecified'],
      ['https://sneaky.example.com/x', 'private'],
    ])('refuses %s (%s)', async (url, reason) => {
      const res = await create({ url });
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'url'], type: 'value_error', input: url });
      expect(res.body.detail[0].ctx.reason).toBe(reason);
      expect(await h.db.knex('webhooks').where({ team_id: team.teamId })).toEqual([]);
    });

    it('lets allow-listed hosts, addresses and CIDRs through, over http too', async () => {
      for (const url of [
        'http://127.0.0.1:9999/sink',
        'https://127.0.0.1/sink',
        'http://hooks.internal/x',
        'http://lab.example.com/x',
        'https://10.1.200.1/x',
      ]) {
        const res = await create({ url });
        expect({ url, status: res.status }).toEqual({ url, status: 200 });
      }
      expect((await create({ url: 'http://10.2.0.1/x' })).status).toBe(422);
    });

    it('checks a new URL on PATCH', async () => {
      const id = (await create({ url: HOOK })).body.id;
      const res = await as().patch(`${base()}/${id}`).send({ url: 'https://169.254.169.254/' });
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'url'], type: 'value_error' });
      expect((await as().get(`${base()}/${id}`)).body.url).toBe(HOOK);
    });
  });

  describe('PATCH and DELETE', () => {
    it('changes only the given keys and re-enabling resets the failure clock', async () => {
      const created = (
        await create({ url: HOOK, description: 'a', rate_limit: 5, filter_types: ['labtest.order.created'] })
      ).body;
      await h.db
        .knex('webhooks')
        .where({ id: created.id })
        .update({ disabled: true, failing_since: new Date() });
      h.setNow(new Date(Date.now() + 60_000));
      try {
        const res = await as().patch(`${base()}/${created.id}`).send({ description: 'b', disabled: false });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          id: created.id,
          url: HOOK,
          description: 'b',
          rate_limit: 5,
          disabled: false,
          filter_types: ['labtest.order.created'],
          created_at: created.created_at,
        });
        expect(res.body.updated_at).not.toBe(created.updated_at);
      } finally {
        h.setNow(undefined);
      }
      expect((await h.db.knex('webhooks').where({ id: created.id }).first()).failing_since).toBeNull();

      const cleared = await as()
        .patch(`${base()}/${created.id}`)
        .send({ rate_limit: null, filter_types: null });
      expect(cleared.body).toMatchObject({ rate_limit: null, filter_types: null, description: 'b' });
      const bad = await as()
        .patch(`${base()}/${created.id}`)
        .send({ filter_types: ['nope'] });
      expect(bad.status).toBe(422);
      expect((await as().patch(`${base()}/ep_unknown`).send({ description: 'x' })).status).toBe(404);
    });

    it('deletes with 204', async () => {
      const id = (await create({ url: HOOK })).body.id;
      const res = await as().delete(`${base()}/${id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await as().get(`${base()}/${id}`)).status).toBe(404);
      expect((await as().delete(`${base()}/${id}`)).status).toBe(404);
    });
  });

  describe('headers', () => {
    it('replaces headers and shows sensitive values redacted', async () => {
      const id = (await create({ url: HOOK })).body.id;
      expect((await as().get(`${base()}/${id}/headers`)).body).toEqual({ headers: {}, sensitive: [] });
      const headers = { 'X-Team': 'alpha', Authorization: 'Bearer s3cr3t', 'X-Api-Key': 'k-123' };
      const res = await put(`${base()}/${id}/headers`, { headers });
      expect(res.status).toBe(204);
      const got = await as().get(`${base()}/${id}/headers`);
      expect(got.body).toEqual({
        headers: { 'X-Team': 'alpha', Authorization: '********', 'X-Api-Key': '********' },
        sensitive: ['Authorization', 'X-Api-Key'],
      });
      // Stored sealed: names readable, no value in clear, and they open back to what was sent.
      const stored = (await h.db.knex('webhooks').where({ id }).first()).headers as Record<string, string>;
      expect(Object.keys(stored).sort()).toEqual(Object.keys(headers).sort());
      for (const value of Object.values(headers)) expect(JSON.stringify(stored)).not.toContain(value);
      expect(openHeaderValues(createSecretBox(SECRETS_KEY), stored)).toEqual(headers);

      expect((await put(`${base()}/${id}/headers`, { headers: { 'X-Other': '1' } })).status).toBe(204);
      expect((await as().get(`${base()}/${id}/headers`)).body.headers).toEqual({ 'X-Other': '1' });
    });

    it('refuses reserved and malformed names', async () => {
      const id = (await create({ url: HOOK })).body.id;
      for (const name of [
        'webhook-id',
        'Svix-Signature',
        'Content-Type',
        'content-length',
        'Host',
        'bad name',
      ]) {
        const res = await put(`${base()}/${id}/headers`, { headers: { [name]: 'x' } });
        expect(res.status).toBe(422);
        expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'headers', name], type: 'value_error' });
      }
      expect((await put(`${base()}/${id}/headers`, { headers: { 'X-A': 1 } })).status).toBe(422);
      const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-H${i}`, 'v']));
      expect((await put(`${base()}/${id}/headers`, { headers: many })).status).toBe(422);
      const longName = await put(`${base()}/${id}/headers`, { headers: { [`X-${'n'.repeat(300)}`]: 'v' } });
      expect(longName.status).toBe(422);
      expect(longName.body.detail[0]).toMatchObject({ type: 'string_too_long', input: 302 });
      const longValue = await put(`${base()}/${id}/headers`, { headers: { 'X-A': 'v'.repeat(4097) } });
      expect(longValue.status).toBe(422);
      expect((await put(`${base()}/${id}/headers`, {})).status).toBe(422);
      expect((await put(`${base()}/ep_unknown/headers`, { headers: {} })).status).toBe(404);
    });
  });

  describe('secret rotation', () => {
    it('generates a new secret and keeps the previous one signing for 24 hours', async () => {
      const id = (await create({ url: HOOK })).body.id;
      const before = (await as().get(`${base()}/${id}/secret`)).body.key;
      const now = new Date('2026-11-21T12:00:00Z');
      h.setNow(now);
      try {
        expect((await as().post(`${base()}/${id}/secret/rotate`).send({})).status).toBe(204);
      } finally {
        h.setNow(undefined);
      }
      const after = (await as().get(`${base()}/${id}/secret`)).body.key;
      expect(after).toMatch(/^whsec_/);
      expect(after).not.toBe(before);

      const row = await h.db.knex('webhooks').where({ id }).first();
      expect(row.previous_secret_expires_at).toEqual(new Date('2026-11-22T12:00:00Z'));
      expect(row.previous_secret_ciphertext).toMatch(/^v1\./);
      const raw = JSON.stringify(row);
      expect(raw).not.toContain(before.slice(6));
      expect(raw).not.toContain(after.slice(6));
    });

    it('takes a given key, and refuses a malformed one', async () => {
      const id = (await create({ url: HOOK })).body.id;
      const key = secretOf(64, 3);
      expect((await as().post(`${base()}/${id}/secret/rotate`).send({ key })).status).toBe(204);
      expect((await as().get(`${base()}/${id}/secret`)).body).toEqual({ key });
      expect((await as().post(`${base()}/${id}/secret/rotate`).send({ key: null })).status).toBe(204);
      expect((await as().get(`${base()}/${id}/secret`)).body.key).not.toBe(key);

      const bad = await as().post(`${base()}/${id}/secret/rotate`).send({ key: 'whsec_short' });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'key'], type: 'value_error' });
      expect((await as().post(`${base()}/ep_unknown/secret/rotate`).send({})).status).toBe(404);
    });
  });

  describe('access', () => {
    it('lets a Team Management Key reach bound teams only', async () => {
      const other = await seedTeam(h.db.knex, org.orgId);
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [team.teamId],
      });
      const id = (await create({ url: HOOK }, 'sandbox', teamKey)).body.id;
      expect(id).toMatch(/^ep_/);
      expect((await as(teamKey).get(`${base()}/${id}/secret`)).status).toBe(200);
      const otherId = (await as().post(base('sandbox', other.teamId)).send({ url: HOOK })).body.id;
      for (const res of [
        await as(teamKey).get(base('sandbox', other.teamId)),
        await as(teamKey).post(base('sandbox', other.teamId)).send({ url: HOOK }),
        await as(teamKey).get(`${base('sandbox', other.teamId)}/${otherId}/secret`),
        await as(teamKey).delete(`${base('sandbox', other.teamId)}/${otherId}`),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.detail.error_type).toBe('forbidden');
      }
    });

    it('needs the Scale plan for an Org Management Key, not for a Team Management Key', async () => {
      const launch = await seedOrg(h.db.knex, { plan: 'launch' });
      const launchTeam = await seedTeam(h.db.knex, launch.orgId);
      const url = base('sandbox', launchTeam.teamId, launch.orgId);
      const res = await as(launch.orgKey).get(url);
      expect(res.status).toBe(403);
      expect(res.body.detail.error_type).toBe('plan_required');
      const teamKey = await seedManagementKey(h.db.knex, launch.orgId, {
        role: 'team_admin',
        teamIds: [launchTeam.teamId],
      });
      expect((await as(teamKey).get(url)).status).toBe(200);
    });

    it('rejects missing keys, team API keys and keys of another org', async () => {
      expect((await api(h.app, undefined).get(base())).status).toBe(401);
      const wrong = await request(h.app).get(base()).set('x-service-api-key', team.apiKeys.sandbox);
      expect(wrong.status).toBe(403);
      expect(wrong.body.detail.error_type).toBe('wrong_key_type');
      const foreign = await seedOrg(h.db.knex);
      const res = await as(foreign.orgKey).get(base());
      expect(res.status).toBe(403);
      expect(res.body.detail.error_type).toBe('forbidden');
    });
  });
});
