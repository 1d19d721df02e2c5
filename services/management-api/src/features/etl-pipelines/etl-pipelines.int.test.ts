import { randomBytes } from 'node:crypto';
import { createSecretBox } from '@meridian/platform';
import { seedManagementKey, seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import request from 'supertest';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api, seedTeamRows } from '../../testing/management-seeds';

const SAS_KEY = 'c2VjcmV0LWtleS1ub3QtcmVhbA/abc+def=';
const CONNECTION_STRING = `Endpoint=sb://meridian-test.servicebus.windows.net/;SharedAccessKeyName=send-only;SharedAccessKey=${SAS_KEY}`;
const REDACTED =
  'Endpoint=sb://meridian-test.servicebus.windows.net/;SharedAccessKeyName=send-only;SharedAccessKey=***';
const AZURE = {
  connection_string: CONNECTION_STRING,
  default_event_hub: 'meridian-events',
  event_hub_matchers: [
    { event_type_prefix: 'labtest.', event_hub: 'lab-events' },
    { event_type_prefix: 'daily.data.', event_hub: 'data_events.v1' },
  ],
  compression: 'always',
};
const RABBIT_PASSWORD = 'rabbit-pw-9f8e7d';
const RABBIT_URI = `amqps://meridian:${RABBIT_PASSWORD}@rabbit.example.com:5671/health`;

interface Pipeline {
  team_id: string;
  azure_amqp: { connection_string: string } | null;
  [key: string]: unknown;
}
const teamIdsOf = (pipelines: Pipeline[]) => pipelines.map((p) => p.team_id);

/** Fake DNS: tests never resolve real names. */
const DNS: Record<string, string[]> = {
  'meridian-test.servicebus.windows.net': ['20.42.65.92'],
  'dual.servicebus.windows.net': ['20.42.65.92', '2603:1030:20e:3::23c'],
  'internal.example.com': ['10.20.0.5'],
  'sneaky.example.com': ['20.42.65.92', '169.254.169.254'],
  'nat64.example.com': ['64:ff9b::c0a8:101'],
  localhost: ['127.0.0.1', '::1'],
};
const resolveHost = async (host: string) => {
  const found = DNS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};
const connectionStringAt = (endpoint: string) =>
  `Endpoint=${endpoint};SharedAccessKeyName=send-only;SharedAccessKey=${SAS_KEY}`;

describe('ETL pipelines', () => {
  const secretsKey = randomBytes(32);
  const box = createSecretBox(secretsKey);
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  const as = (key = org.orgKey) => api(h.app, key);
  const base = (env = 'sandbox', region = 'us', orgId = org.orgId) =>
    `/v1/org/${orgId}/team_etl_pipelines/${env}/${region}`;
  const upsert = (body: object, env = 'sandbox', key = org.orgKey) => as(key).post(base(env)).send(body);
  const rowsOf = (teamId: string) => h.db.knex('etl_pipelines').where({ team_id: teamId });

  beforeAll(async () => {
    // `localhost` stands for a local Event Hubs emulator, reachable through the operator's allow-list
    h = await createManagementApiHarness({ secretsKey, resolveHost, webhookAllowedTargets: ['localhost'] });
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
  });
  afterEach(() => h.setNow(undefined));
  afterAll(() => h.close());

  describe('create, read, upsert, delete', () => {
    it('creates a pipeline with defaults, redacted, and lists it in its environment only', async () => {
      const res = await upsert({
        team_ids: [team.teamId],
        azure_amqp: AZURE,
        event_type_prefixes: ['daily.data.', 'labtest.'],
        push_historical_data: true,
      });
      expect(res.status).toBe(200);
      const expected = {
        team_id: team.teamId,
        push_historical_data: true,
        provider_raw_data: false,
        preferences: { preferred: 'azure_amqp', enabled: ['azure_amqp'] },
        azure_amqp: { ...AZURE, connection_string: REDACTED },
        cloud_pubsub: null,
        rabbitmq: null,
        webhook: null,
        event_type_prefixes: ['daily.data.', 'labtest.'],
      };
      expect(res.body).toEqual([expected]);

      const listed = await as().get(base());
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({ pipelines: [expected], next_cursor: null });
      expect((await as().get(base('production'))).body).toEqual({ pipelines: [], next_cursor: null });
    });

    it('stores only ciphertexts of the connection string and the RabbitMQ URI, which decrypt to the originals', async () => {
      const res = await upsert({
        team_ids: [team.teamId],
        azure_amqp: { connection_string: CONNECTION_STRING, default_event_hub: 'meridian-events' },
        rabbitmq: { uri: RABBIT_URI, exchange: 'meridian.events' },
        preferences: { preferred: 'azure_amqp', enabled: ['azure_amqp', 'rabbitmq'] },
      });
      expect(res.status).toBe(200);
      expect(res.body[0].azure_amqp).toEqual({
        connection_string: REDACTED,
        default_event_hub: 'meridian-events',
        event_hub_matchers: null,
        compression: 'auto',
      });
      expect(res.body[0].rabbitmq).toEqual({
        uri: 'amqps://meridian:***@rabbit.example.com:5671/health',
        exchange: 'meridian.events',
      });
      expect(JSON.stringify(res.body)).not.toContain(SAS_KEY);
      expect(JSON.stringify(res.body)).not.toContain(RABBIT_PASSWORD);

      const [row] = await rowsOf(team.teamId);
      expect(row).toMatchObject({ environment: 'sandbox' });
      // the jsonb blocks the Event Hubs delivery reads hold settings only
      expect(row.azure_amqp).toEqual({
        default_event_hub: 'meridian-events',
        event_hub_matchers: null,
        compression: 'auto',
      });
      expect(row.rabbitmq).toEqual({ exchange: 'meridian.events' });
      expect(row.azure_connection_string_ciphertext).toMatch(/^v1\./);
      expect(box.open(row.azure_connection_string_ciphertext)).toBe(CONNECTION_STRING);
      expect(box.open(row.rabbitmq_uri_ciphertext)).toBe(RABBIT_URI);
      const raw = JSON.stringify(row);
      expect(raw).not.toContain(SAS_KEY);
      expect(raw).not.toContain('SharedAccessKey');
      expect(raw).not.toContain(RABBIT_PASSWORD);
    });

    it('replaces the whole configuration on upsert and keeps the pipeline in its place', async () => {
      const other = await seedTeam(h.db.knex, org.orgId);
      const t0 = Date.now();
      h.setNow(new Date(t0));
      await upsert({ team_ids: [team.teamId], azure_amqp: AZURE, push_historical_data: true });
      h.setNow(new Date(t0 + 1000));
      await upsert({ team_ids: [other.teamId], webhook: {} });
      const [before] = await rowsOf(team.teamId);

      const scoped = `Endpoint=sb://localhost:5672;SharedAccessKeyName=Root;SharedAccessKey=${SAS_KEY};EntityPath=hub1;UseDevelopmentEmulator=true`;
      h.setNow(new Date(t0 + 60_000));
      const res = await upsert({
        team_ids: [team.teamId],
        preferences: { preferred: 'webhook', enabled: ['webhook', 'azure_amqp'] },
        webhook: { regional: true },
        azure_amqp: { connection_string: scoped, default_event_hub: 'hub1' },
        cloud_pubsub: { project: 'acme', topic: 'meridian', message_ordering: true },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          team_id: team.teamId,
          push_historical_data: false,
          provider_raw_data: false,
          preferences: { preferred: 'webhook', enabled: ['webhook', 'azure_amqp'] },
          azure_amqp: {
            connection_string:
              'Endpoint=sb://localhost:5672/;SharedAccessKeyName=Root;SharedAccessKey=***;EntityPath=hub1;UseDevelopmentEmulator=true',
            default_event_hub: 'hub1',
            event_hub_matchers: null,
            compression: 'auto',
          },
          cloud_pubsub: { project: 'acme', topic: 'meridian', message_ordering: true },
          rabbitmq: null,
          webhook: { regional: true },
          event_type_prefixes: null,
        },
      ]);
      const [after] = await rowsOf(team.teamId);
      expect(after.created_at).toEqual(before.created_at);
      expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
      expect(box.open(after.azure_connection_string_ciphertext)).toBe(scoped);
      expect(await h.db.knex('etl_pipelines').whereIn('team_id', [team.teamId, other.teamId])).toHaveLength(
        2,
      );
      expect(teamIdsOf((await as().get(base())).body.pipelines)).toEqual([team.teamId, other.teamId]);
    });

    it('writes every team of the org in the region when team_ids is absent', async () => {
      const second = await seedTeam(h.db.knex, org.orgId);
      const euTeam = await seedTeam(h.db.knex, org.orgId, { region: 'eu' });
      const foreign = await seedTeam(h.db.knex, (await seedOrg(h.db.knex)).orgId);
      const res = await upsert({ webhook: {} }, 'production');
      expect(res.status).toBe(200);
      expect(teamIdsOf(res.body)).toEqual([team.teamId, second.teamId]);
      expect(await rowsOf(euTeam.teamId)).toEqual([]);
      expect(await rowsOf(foreign.teamId)).toEqual([]);

      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [second.teamId],
      });
      const mine = await upsert({ webhook: {} }, 'sandbox', teamKey);
      expect(teamIdsOf(mine.body)).toEqual([second.teamId]);
      expect(await rowsOf(team.teamId)).toHaveLength(1); // production only
    });

    it('pages the list with next_cursor and filters by team_id', async () => {
      const more = await seedTeamRows(
        h.db.knex,
        org.orgId,
        Array.from({ length: 51 }, (_, i) => `Team ${i}`),
      );
      const written = await upsert({ team_ids: [team.teamId, ...more], webhook: {} });
      expect(written.status).toBe(200);
      expect(teamIdsOf(written.body)).toEqual([team.teamId, ...more]);

      const first = await as().get(base());
      expect(first.body.pipelines).toHaveLength(50);
      expect(first.body.next_cursor).toEqual(expect.any(String));
      const second = await as().get(`${base()}?next_cursor=${first.body.next_cursor}`);
      expect(second.body.pipelines).toHaveLength(2);
      expect(second.body.next_cursor).toBeNull();
      const seen = [...teamIdsOf(first.body.pipelines), ...teamIdsOf(second.body.pipelines)];
      expect(new Set(seen)).toEqual(new Set([team.teamId, ...more]));

      const one = await as().get(`${base()}?team_id=${more[7]}`);
      expect(teamIdsOf(one.body.pipelines)).toEqual([more[7]]);
      const none = await seedTeam(h.db.knex, org.orgId);
      expect((await as().get(`${base()}?team_id=${none.teamId}`)).body).toEqual({
        pipelines: [],
        next_cursor: null,
      });

      const bad = await as().get(`${base()}?next_cursor=bogus`);
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0]).toMatchObject({ loc: ['query', 'next_cursor'], type: 'value_error' });
    });

    it('deletes the named pipelines, or every reachable one, and returns them redacted', async () => {
      const other = await seedTeam(h.db.knex, org.orgId);
      const third = await seedTeam(h.db.knex, org.orgId);
      await upsert({ team_ids: [team.teamId, other.teamId, third.teamId], azure_amqp: AZURE });
      await upsert({ team_ids: [team.teamId], webhook: {} }, 'production');

      const removed = await as().delete(`${base()}?team_id=${other.teamId}&team_id=${team.teamId}`);
      expect(removed.status).toBe(200);
      // written in one upsert, so created together: ordered by team id
      expect(teamIdsOf(removed.body)).toEqual([team.teamId, other.teamId].sort());
      expect(removed.body[0].azure_amqp.connection_string).toBe(REDACTED);
      expect(JSON.stringify(removed.body)).not.toContain(SAS_KEY);
      expect(teamIdsOf((await as().get(base())).body.pipelines)).toEqual([third.teamId]);

      const again = await as().delete(`${base()}?team_id=${team.teamId}`);
      expect(again.status).toBe(200);
      expect(again.body).toEqual([]);

      const rest = await as().delete(base());
      expect(teamIdsOf(rest.body)).toEqual([third.teamId]);
      expect((await as().get(base())).body.pipelines).toEqual([]);
      // the other environment is untouched
      expect(teamIdsOf((await as().get(base('production'))).body.pipelines)).toEqual([team.teamId]);
    });

    it('lets a Team Management Key delete only its bound teams', async () => {
      const other = await seedTeam(h.db.knex, org.orgId);
      await upsert({ team_ids: [team.teamId, other.teamId], webhook: {} });
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [other.teamId],
      });
      expect(teamIdsOf((await as(teamKey).get(base())).body.pipelines)).toEqual([other.teamId]);
      const res = await as(teamKey).delete(base());
      expect(teamIdsOf(res.body)).toEqual([other.teamId]);
      expect(await rowsOf(team.teamId)).toHaveLength(1);
    });
  });

  describe('plan', () => {
    it.each(['launch', 'grow'] as const)('refuses every key of a %s org with plan_required', async (plan) => {
      const small = await seedOrg(h.db.knex, { plan });
      const smallTeam = await seedTeam(h.db.knex, small.orgId);
      const teamKey = await seedManagementKey(h.db.knex, small.orgId, {
        role: 'team_admin',
        teamIds: [smallTeam.teamId],
      });
      const url = base('sandbox', 'us', small.orgId);
      for (const key of [small.orgKey, teamKey]) {
        for (const res of [
          await as(key).get(url),
          await as(key).get(`${url}?team_id=${smallTeam.teamId}`),
          await as(key)
            .post(url)
            .send({ team_ids: [smallTeam.teamId], azure_amqp: AZURE }),
          // the plan is checked before the body is validated
          await as(key)
            .post(url)
            .send({ azure_amqp: { connection_string: 'nope' } }),
          await as(key).delete(`${url}?team_id=${smallTeam.teamId}`),
        ]) {
          expect(res.status).toBe(403);
          expect(res.body.detail.error_type).toBe('plan_required');
        }
      }
      expect(await rowsOf(smallTeam.teamId)).toEqual([]);
    });
  });

  describe('access and tenancy', () => {
    it('refuses a Team Management Key naming a team it is not bound to', async () => {
      const other = await seedTeam(h.db.knex, org.orgId);
      await upsert({ team_ids: [other.teamId], webhook: {} });
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [team.teamId],
      });
      expect((await upsert({ team_ids: [team.teamId], webhook: {} }, 'sandbox', teamKey)).status).toBe(200);
      for (const res of [
        await as(teamKey).get(`${base()}?team_id=${other.teamId}`),
        await as(teamKey)
          .post(base())
          .send({ team_ids: [team.teamId, other.teamId], webhook: {} }),
        await as(teamKey).delete(`${base()}?team_id=${other.teamId}`),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.detail.error_type).toBe('forbidden');
      }
      expect(teamIdsOf((await as(teamKey).get(base())).body.pipelines)).toEqual([team.teamId]);
      expect(await rowsOf(other.teamId)).toHaveLength(1);
    });

    it('answers 404 for a team of another org, another region, or none, and writes nothing', async () => {
      const foreignOrg = await seedOrg(h.db.knex);
      const foreignTeam = await seedTeam(h.db.knex, foreignOrg.orgId);
      await as(foreignOrg.orgKey)
        .post(base('sandbox', 'us', foreignOrg.orgId))
        .send({ team_ids: [foreignTeam.teamId], webhook: {} });
      const euTeam = await seedTeam(h.db.knex, org.orgId, { region: 'eu' });
      const unknown = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
      for (const teamId of [foreignTeam.teamId, euTeam.teamId, unknown]) {
        for (const res of [
          await upsert({ team_ids: [team.teamId, teamId], webhook: {} }),
          await as().get(`${base()}?team_id=${teamId}`),
          await as().delete(`${base()}?team_id=${teamId}`),
        ]) {
          expect(res.status).toBe(404);
          expect(res.body.detail.error_type).toBe('not_found');
        }
      }
      expect(await rowsOf(team.teamId)).toEqual([]);
      expect(await rowsOf(euTeam.teamId)).toEqual([]);
      expect(await rowsOf(foreignTeam.teamId)).toHaveLength(1);
      // and the other org's pipeline is not listed to us
      expect((await as().get(base())).body.pipelines).toEqual([]);
    });

    it('does not list teams of another region', async () => {
      const euTeam = await seedTeam(h.db.knex, org.orgId, { region: 'eu' });
      await h.db.knex('etl_pipelines').insert({
        team_id: euTeam.teamId,
        environment: 'sandbox',
        preferences: JSON.stringify({ preferred: 'webhook', enabled: ['webhook'] }),
        webhook: JSON.stringify({ regional: false }),
      });
      expect((await as().get(base())).body.pipelines).toEqual([]);
      expect((await as().delete(base())).body).toEqual([]);
      expect(await rowsOf(euTeam.teamId)).toHaveLength(1);
    });

    it('answers 404 for the region this deployment does not serve', async () => {
      for (const res of [
        await as().get(base('sandbox', 'eu')),
        await as()
          .post(base('sandbox', 'eu'))
          .send({ team_ids: [team.teamId], webhook: {} }),
        await as().delete(base('sandbox', 'eu')),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.detail.error_type).toBe('not_found');
      }
      expect(await rowsOf(team.teamId)).toEqual([]);
      const unknownRegion = await as().get(base('sandbox', 'ap'));
      expect(unknownRegion.status).toBe(422);
      expect(unknownRegion.body.detail[0]).toMatchObject({ loc: ['path', 'region'], type: 'enum' });
    });

    it('rejects missing keys, team API keys and keys of another org', async () => {
      expect((await api(h.app, undefined).get(base())).status).toBe(401);
      const wrong = await request(h.app).get(base()).set('x-service-api-key', team.apiKeys.sandbox);
      expect(wrong.status).toBe(403);
      expect(wrong.body.detail.error_type).toBe('wrong_key_type');
      const foreign = await seedOrg(h.db.knex);
      for (const res of [
        await as(foreign.orgKey).get(base()),
        await as(foreign.orgKey)
          .post(base())
          .send({ team_ids: [team.teamId], webhook: {} }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.detail.error_type).toBe('forbidden');
      }
      expect(await rowsOf(team.teamId)).toEqual([]);
    });
  });

  describe('validation', () => {
    const invalid = async (body: object) => {
      const res = await upsert({ team_ids: [team.teamId], ...body });
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).not.toContain(SAS_KEY);
      return res.body.detail as { loc: string[]; type: string; input: unknown; msg: string }[];
    };

    it.each([
      ['an https endpoint', CONNECTION_STRING.replace('sb://', 'https://')],
      ['no SharedAccessKey', CONNECTION_STRING.replace(`;SharedAccessKey=${SAS_KEY}`, '')],
      ['an unknown key', `${CONNECTION_STRING};Secret=${SAS_KEY}`],
      ['a repeated key', `${CONNECTION_STRING};SharedAccessKey=${SAS_KEY}`],
      ['plain text', `just-a-key-${SAS_KEY}`],
    ])('refuses a connection string with %s, without echoing it', async (_why, connection_string) => {
      const detail = await invalid({ azure_amqp: { ...AZURE, connection_string } });
      expect(detail).toEqual([
        expect.objectContaining({
          loc: ['body', 'azure_amqp', 'connection_string'],
          type: 'value_error',
          input: '[redacted]',
          msg: expect.stringMatching(/^Not an Event Hubs connection string: /),
        }),
      ]);
    });

    it('checks event hub names and prefixes', async () => {
      const badDefault = await invalid({ azure_amqp: { ...AZURE, default_event_hub: '-events' } });
      expect(badDefault[0]).toMatchObject({
        loc: ['body', 'azure_amqp', 'default_event_hub'],
        type: 'string_pattern_mismatch',
      });
      const badMatcher = await invalid({
        azure_amqp: { ...AZURE, event_hub_matchers: [{ event_type_prefix: 'lab', event_hub: 'has space' }] },
      });
      expect(badMatcher[0]).toMatchObject({
        loc: ['body', 'azure_amqp', 'event_hub_matchers', '0', 'event_hub'],
        type: 'string_pattern_mismatch',
      });
      const tooLong = await invalid({ azure_amqp: { ...AZURE, default_event_hub: 'h'.repeat(257) } });
      expect(tooLong[0]).toMatchObject({ type: 'string_too_long' });
      const emptyPrefix = await invalid({
        azure_amqp: { ...AZURE, event_hub_matchers: [{ event_type_prefix: '', event_hub: 'lab' }] },
      });
      expect(emptyPrefix[0]).toMatchObject({
        loc: ['body', 'azure_amqp', 'event_hub_matchers', '0', 'event_type_prefix'],
        type: 'string_too_short',
      });
      // schema errors come from the OpenAPI validator, whose `missing` items echo the enclosing object (here
      // the caller's own connection string back to the caller; 422 bodies are not logged)
      const noHub = await upsert({ team_ids: [team.teamId], azure_amqp: { connection_string: 'x' } });
      expect(noHub.status).toBe(422);
      expect(noHub.body.detail[0]).toMatchObject({
        loc: ['body', 'azure_amqp', 'default_event_hub'],
        type: 'missing',
      });
      expect((await invalid({ webhook: {}, event_type_prefixes: [] }))[0]).toMatchObject({
        loc: ['body', 'event_type_prefixes'],
        type: 'too_short',
      });
      expect((await invalid({ webhook: {}, event_type_prefixes: ['daily.', ''] }))[0]).toMatchObject({
        loc: ['body', 'event_type_prefixes', '1'],
        type: 'string_too_short',
      });
      expect((await invalid({ azure_amqp: { ...AZURE, compression: 'sometimes' } }))[0]).toMatchObject({
        loc: ['body', 'azure_amqp', 'compression'],
        type: 'enum',
      });
    });

    it('refuses hubs other than the EntityPath of a hub-scoped key', async () => {
      const detail = await invalid({
        azure_amqp: { ...AZURE, connection_string: `${CONNECTION_STRING};EntityPath=lab-events` },
      });
      expect(detail.map((d) => d.loc)).toEqual([
        ['body', 'azure_amqp', 'default_event_hub'],
        ['body', 'azure_amqp', 'event_hub_matchers', '1', 'event_hub'],
      ]);
      expect(detail[0]).toMatchObject({ type: 'value_error', input: 'meridian-events' });
    });

    it('checks preferences against the destination blocks', async () => {
      const notEnabled = await invalid({
        azure_amqp: AZURE,
        preferences: { preferred: 'webhook', enabled: ['azure_amqp'] },
      });
      expect(notEnabled[0]).toMatchObject({
        loc: ['body', 'preferences', 'preferred'],
        type: 'value_error',
        input: 'webhook',
      });
      const noBlock = await invalid({
        azure_amqp: AZURE,
        preferences: { preferred: 'azure_amqp', enabled: ['azure_amqp', 'rabbitmq'] },
      });
      expect(noBlock).toEqual([
        expect.objectContaining({ loc: ['body', 'preferences', 'enabled', '1'], input: 'rabbitmq' }),
      ]);
      const nothing = await invalid({});
      expect(nothing[0]).toMatchObject({ loc: ['body', 'preferences'], type: 'missing' });
      expect((await invalid({ azure_amqp: null, webhook: null }))[0]).toMatchObject({
        loc: ['body', 'preferences'],
      });
      expect((await invalid({ preferences: { preferred: 'email', enabled: ['email'] } }))[0]).toMatchObject({
        type: 'enum',
      });
      expect(
        (await invalid({ webhook: {}, preferences: { preferred: 'webhook', enabled: [] } }))[0],
      ).toMatchObject({ loc: ['body', 'preferences', 'enabled'], type: 'too_short' });
    });

    it('checks the other blocks and team_ids', async () => {
      const rabbit = await invalid({
        rabbitmq: { uri: `http://u:${RABBIT_PASSWORD}@rabbit.example.com`, exchange: 'x' },
      });
      expect(rabbit[0]).toMatchObject({
        loc: ['body', 'rabbitmq', 'uri'],
        type: 'value_error',
        input: '[redacted]',
      });
      expect((await invalid({ rabbitmq: { uri: RABBIT_URI } }))[0]).toMatchObject({
        loc: ['body', 'rabbitmq', 'exchange'],
        type: 'missing',
      });
      expect((await invalid({ cloud_pubsub: { project: 'p', topic: 't' } }))[0]).toMatchObject({
        loc: ['body', 'cloud_pubsub', 'message_ordering'],
        type: 'missing',
      });
      expect((await invalid({ webhook: { regional: 'yes' } }))[0]).toMatchObject({ type: 'bool_type' });
      const badIds = await upsert({ team_ids: ['not-a-uuid'], webhook: {} });
      expect(badIds.status).toBe(422);
      expect(badIds.body.detail[0]).toMatchObject({ loc: ['body', 'team_ids', '0'], type: 'uuid_parsing' });
      expect((await upsert({ team_ids: [], webhook: {} })).status).toBe(422);
      const env = await as().post(base('staging')).send({ webhook: {} });
      expect(env.status).toBe(422);
      expect(env.body.detail[0]).toMatchObject({ loc: ['path', 'env'], type: 'enum' });
      expect((await as().delete(`${base()}?team_id=nope`)).status).toBe(422);
    });

    describe('SSRF rules of the Event Hubs endpoint (those of webhooks)', () => {
      it.each([
        ['sb://127.0.0.1:5671/', 'loopback'],
        ['sb://10.0.0.1/', 'private'],
        ['sb://172.20.1.1/', 'private'],
        ['sb://192.168.1.10:5671', 'private'],
        ['sb://169.254.169.254/', 'link-local'],
        ['sb://100.64.1.1/', 'carrier-grade NAT'],
        ['sb://198.18.0.1/', 'reserved'],
        ['sb://192.0.2.1/', 'reserved'],
        ['sb://203.0.113.5/', 'reserved'],
        ['sb://0.0.0.0/', 'unspecified'],
        ['sb://224.0.0.1/', 'multicast'],
        ['sb://2130706433/', 'loopback'],
        ['sb://0x7f000001/', 'loopback'],
        ['sb://0177.0.0.1/', 'loopback'],
        ['sb://127.1/', 'loopback'],
        ['sb://167772161:5671/', 'private'],
        ['sb://[::1]/', 'loopback'],
        ['sb://[::127.0.0.1]/', 'reserved'],
        ['sb://[::ffff:10.0.0.1]/', 'private'],
        ['sb://[::ffff:7f00:1]/', 'loopback'],
        ['sb://[64:ff9b::a9fe:a9fe]/', 'link-local'],
        ['sb://[2002:a00:1::]/', 'private'],
        ['sb://[2001:db8::1]/', 'reserved'],
        ['sb://[2001::1]/', 'Teredo'],
        ['sb://[fd00::1]/', 'private'],
        ['sb://[fe80::1]/', 'link-local'],
        ['sb://internal.example.com/', 'private'],
        ['sb://sneaky.example.com/', 'link-local'],
        ['sb://nat64.example.com/', 'private'],
      ])('refuses the endpoint %s (%s) and stores nothing', async (endpoint, reason) => {
        const detail = await invalid({
          azure_amqp: { ...AZURE, connection_string: connectionStringAt(endpoint) },
        });
        expect(detail).toEqual([
          {
            loc: ['body', 'azure_amqp', 'connection_string'],
            type: 'value_error',
            input: '[redacted]',
            msg: `The Endpoint host resolves to a ${reason} address, which Event Hubs delivery cannot reach`,
            ctx: { host: expect.any(String), reason },
          },
        ]);
        expect(await rowsOf(team.teamId)).toEqual([]);
      });

      it('answers as webhooks do for a private target', async () => {
        const webhook = await as()
          .post(`/v1/org/${org.orgId}/team/${team.teamId}/sandbox/webhook`)
          .send({ url: 'https://internal.example.com/hooks' });
        const etl = await upsert({
          team_ids: [team.teamId],
          azure_amqp: { ...AZURE, connection_string: connectionStringAt('sb://internal.example.com/') },
        });
        for (const res of [webhook, etl]) {
          expect(res.status).toBe(422);
          expect(res.body.detail).toEqual([
            expect.objectContaining({
              type: 'value_error',
              msg: expect.stringMatching(/ host resolves to a private address, which .* cannot reach$/),
              ctx: { host: 'internal.example.com', reason: 'private' },
            }),
          ]);
        }
      });

      it('refuses an endpoint host that does not resolve', async () => {
        const detail = await invalid({
          azure_amqp: { ...AZURE, connection_string: connectionStringAt('sb://nowhere.example.com/') },
        });
        expect(detail).toEqual([
          expect.objectContaining({
            loc: ['body', 'azure_amqp', 'connection_string'],
            msg: 'The Endpoint host does not resolve',
            input: '[redacted]',
          }),
        ]);
      });

      it('accepts public endpoints, and allow-listed ones such as a local emulator', async () => {
        for (const endpoint of [
          'sb://meridian-test.servicebus.windows.net/',
          'sb://dual.servicebus.windows.net:5671',
          'sb://20.42.65.92/',
          'sb://[2603:1030:20e:3::23c]/',
          'sb://localhost:5672',
        ]) {
          const res = await upsert({
            team_ids: [team.teamId],
            azure_amqp: { ...AZURE, connection_string: connectionStringAt(endpoint) },
          });
          expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 200 });
        }
      });
    });

    it('leaves the stored pipeline untouched when an upsert is refused', async () => {
      const created = await upsert({ team_ids: [team.teamId], azure_amqp: AZURE });
      const [before] = await rowsOf(team.teamId);
      await invalid({ azure_amqp: { ...AZURE, connection_string: 'Endpoint=sb://x/' } });
      await invalid({ azure_amqp: AZURE, preferences: { preferred: 'webhook', enabled: ['webhook'] } });
      const other = await seedOrg(h.db.knex);
      const foreignTeam = await seedTeam(h.db.knex, other.orgId);
      expect((await upsert({ team_ids: [team.teamId, foreignTeam.teamId], webhook: {} })).status).toBe(404);
      expect(await rowsOf(team.teamId)).toEqual([before]);
      expect((await as().get(base())).body.pipelines).toEqual(created.body);
    });
  });
});
