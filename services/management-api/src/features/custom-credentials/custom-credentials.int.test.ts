import { createHash, randomBytes } from 'node:crypto';
import { CONNECTORS } from '@meridian/connectors';
import { createSecretBox } from '@meridian/platform';
import { seedManagementKey, seedOrg, seedTeam, type SeededOrg, type SeededTeam } from '@meridian/test-utils';
import request from 'supertest';
import { createManagementApiHarness, type ManagementApiHarness } from '../../testing/management-api.harness';
import { api } from '../../testing/management-seeds';

const PUBLIC_URL = 'https://data.meridian.example/api';
const SECRET = 'cs_live_4f9a0c2e7b1d6a5f3e8c9b0a';
const OTHER_SECRET = 'cs_live_different_0000000000';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const FITBIT_TOKENS = {
  workout_verify_token: 'wk-verify-7c1e9a2b44f0d3e1',
  sleep_verify_token: 'short-sleep',
  body_verify_token: 'bd-verify-0a9b8c7d6e5f4a3b',
};

interface Credential {
  id: string;
  client_id: string | null;
  client_secret_hash: string | null;
  source: string;
  team_id: string;
  created_at: string;
  updated_at: string;
  details: Record<string, unknown> | null;
  app_url: string | null;
  redirect_url_override: string | null;
}

describe('team custom credentials', () => {
  const secretsKey = randomBytes(32);
  const box = createSecretBox(secretsKey);
  let h: ManagementApiHarness;
  let org: SeededOrg;
  let team: SeededTeam;
  const as = (key = org.orgKey) => api(h.app, key);
  const base = (env = 'sandbox', region = 'us', orgId = org.orgId) =>
    `/v1/org/${orgId}/team_custom_credentials/${env}/${region}`;
  const prepareUrl = (env = 'sandbox', region = 'us', orgId = org.orgId) =>
    `/v1/org/${orgId}/prepare_team_custom_credentials/${env}/${region}`;
  const set = (body: object, env = 'sandbox', key = org.orgKey) =>
    as(key)
      .post(base(env))
      .send({ team_id: team.teamId, ...body });
  const rowsOf = (teamId: string) => h.db.knex('team_custom_credentials').where({ team_id: teamId });

  beforeAll(async () => {
    h = await createManagementApiHarness({ secretsKey, dataApiPublicUrl: PUBLIC_URL });
  });
  beforeEach(async () => {
    org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
  });
  afterEach(() => h.setNow(undefined));
  afterAll(() => h.close());

  describe('prepare', () => {
    const prepare = (provider: string, teamId = team.teamId, key = org.orgKey) =>
      as(key).post(prepareUrl()).send({ team_id: teamId, provider });

    it('asks for the OAuth callback and the webhook URI of a provider whose connector has webhooks', async () => {
      const res = await prepare('oura');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'preparations_required',
        preparation_steps: [
          {
            type: 'redirect_uri',
            key: null,
            value: `${PUBLIC_URL}/v2/link/oauth/callback`,
            description: expect.stringContaining('redirect'),
          },
          {
            type: 'webhook_uri',
            key: null,
            value: `${PUBLIC_URL}/v2/provider_webhooks/oura/teams/${team.teamId}`,
            description: expect.stringContaining('webhook'),
          },
        ],
      });
    });

    it('asks only for the callback of an OAuth provider without a connector (api-shapes §4.2 list)', async () => {
      const res = await prepare('ihealth');
      expect(res.body).toEqual({
        status: 'preparations_required',
        preparation_steps: [expect.objectContaining({ type: 'redirect_uri' })],
      });
    });

    it.each(['renpho', 'apple_health_kit', 'quest', 'getlabs'])(
      'needs nothing for %s (no OAuth app)',
      async (provider) => {
        const res = await prepare(provider);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'no_action_needed', preparation_steps: null });
      },
    );

    it('follows each connector: OAuth gets the callback, a webhook handler gets the webhook URI', async () => {
      for (const connector of CONNECTORS) {
        const res = await prepare(connector.slug);
        const types = ((res.body.preparation_steps ?? []) as { type: string }[]).map((s) => s.type);
        const oauth = connector.auth.type === 'oauth';
        expect({ slug: connector.slug, types }).toEqual({
          slug: connector.slug,
          types: oauth ? (connector.webhook ? ['redirect_uri', 'webhook_uri'] : ['redirect_uri']) : [],
        });
      }
    });

    it('refuses an unknown provider, a foreign or unbound team, and the region not served', async () => {
      const unknown = await prepare('myspace');
      expect(unknown.status).toBe(422);
      expect(unknown.body.detail[0]).toMatchObject({ loc: ['body', 'provider'], type: 'enum' });

      const foreign = await seedOrg(h.db.knex);
      const foreignTeam = await seedTeam(h.db.knex, foreign.orgId);
      const notOurs = await prepare('oura', foreignTeam.teamId);
      expect(notOurs.status).toBe(404);
      expect(notOurs.body.detail.error_type).toBe('not_found');

      const other = await seedTeam(h.db.knex, org.orgId);
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [team.teamId],
      });
      expect((await prepare('oura', team.teamId, teamKey)).status).toBe(200);
      const unbound = await prepare('oura', other.teamId, teamKey);
      expect(unbound.status).toBe(403);
      expect(unbound.body.detail.error_type).toBe('forbidden');

      const eu = await as()
        .post(prepareUrl('sandbox', 'eu'))
        .send({ team_id: team.teamId, provider: 'oura' });
      expect(eu.status).toBe(404);
    });
  });

  describe('set and read', () => {
    it('seals the client secret, returns only its SHA-256, and keeps no raw secret in the database', async () => {
      const res = await set({ provider: 'ihealth', client_id: 'ihealth-app', client_secret: SECRET });
      expect(res.status).toBe(200);
      const credential = res.body as Credential;
      expect(credential).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        client_id: 'ihealth-app',
        client_secret_hash: sha256(SECRET),
        source: 'ihealth',
        team_id: team.teamId,
        created_at: expect.stringMatching(/\+00:00$/),
        updated_at: expect.stringMatching(/\+00:00$/),
        details: null,
        app_url: null,
        redirect_url_override: null,
      });
      expect(JSON.stringify(res.body)).not.toContain(SECRET);

      const [row] = await rowsOf(team.teamId);
      expect(row).toMatchObject({ environment: 'sandbox', provider: 'ihealth', client_id: 'ihealth-app' });
      expect(row.client_secret_sealed).toMatch(/^v1\./);
      expect(box.open(row.client_secret_sealed)).toBe(SECRET);
      expect(JSON.stringify(row)).not.toContain(SECRET);

      const listed = await as().get(base());
      expect(listed.body).toEqual({ credentials: [credential], next_cursor: null });
      expect(JSON.stringify(listed.body)).not.toContain(SECRET);
      // environments are separate
      expect((await as().get(base('production'))).body.credentials).toEqual([]);
    });

    it('keeps the hash stable for the same secret and changes it with the secret', async () => {
      const first = (await set({ provider: 'ihealth', client_id: 'a', client_secret: SECRET })).body;
      const again = (await set({ provider: 'ihealth', client_secret: SECRET })).body;
      expect(again.client_secret_hash).toBe(first.client_secret_hash);
      const rotated = (await set({ provider: 'ihealth', client_secret: OTHER_SECRET })).body;
      expect(rotated.client_secret_hash).toBe(sha256(OTHER_SECRET));
      expect(rotated.client_secret_hash).not.toBe(first.client_secret_hash);
      const [row] = await rowsOf(team.teamId);
      expect(box.open(row.client_secret_sealed)).toBe(OTHER_SECRET);
    });

    it('upserts per team, environment and provider: same id, omitted keys kept, null clears', async () => {
      h.setNow(new Date('2026-11-24T10:00:00Z'));
      const created = (
        await set({
          provider: 'google_fit',
          client_id: 'gf-app',
          client_secret: SECRET,
          details: { redirect_uri: 'https://app.example.com/cb', data_scopes: ['fitness.activity.read'] },
        })
      ).body as Credential;
      h.setNow(new Date('2026-11-24T11:00:00Z'));
      const updated = (
        await set({ provider: 'google_fit', redirect_url_override: 'https://app.example.com/oauth/return' })
      ).body as Credential;
      expect(updated).toEqual({
        ...created,
        redirect_url_override: 'https://app.example.com/oauth/return',
        updated_at: '2026-11-24T11:00:00+00:00',
      });
      expect(created.created_at).toBe('2026-11-24T10:00:00+00:00');

      // another environment and another provider are other credentials
      const production = (
        await set({ provider: 'google_fit', client_id: 'gf-prod', client_secret: SECRET }, 'production')
      ).body as Credential;
      expect(production.id).not.toBe(created.id);
      expect(await rowsOf(team.teamId)).toHaveLength(2);

      const cleared = (await set({ provider: 'google_fit', details: null, redirect_url_override: null }))
        .body as Credential;
      expect(cleared).toMatchObject({ id: created.id, details: null, redirect_url_override: null });
      expect(cleared.client_secret_hash).toBe(sha256(SECRET));

      // a partner without OAuth may drop its secret
      await set({ provider: 'getlabs', client_id: 'gl', client_secret: SECRET });
      const noSecret = (await set({ provider: 'getlabs', client_secret: null })).body as Credential;
      expect(noSecret).toMatchObject({ client_id: 'gl', client_secret_hash: null });
    });

    it('needs client_id and client_secret for an OAuth provider, without echoing the secret', async () => {
      const res = await set({ provider: 'ihealth', client_secret: SECRET });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        expect.objectContaining({ loc: ['body', 'client_id'], type: 'missing' }),
      ]);
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
      const noSecret = await set({ provider: 'ihealth', client_id: 'x' });
      expect(noSecret.body.detail[0]).toMatchObject({ loc: ['body', 'client_secret'], type: 'missing' });
      await set({ provider: 'ihealth', client_id: 'x', client_secret: SECRET });
      const clearing = await set({ provider: 'ihealth', client_secret: null });
      expect(clearing.status).toBe(422);
      expect(clearing.body.detail[0]).toMatchObject({ loc: ['body', 'client_secret'], type: 'value_error' });
      const tooLong = await set({ provider: 'ihealth', client_id: 'x', client_secret: 'y'.repeat(4097) });
      expect(tooLong.status).toBe(422);
      expect(tooLong.body.detail[0]).toMatchObject({ loc: ['body', 'client_secret'], input: '[redacted]' });
      expect(await rowsOf(team.teamId)).toHaveLength(1);
    });

    it('refuses an unknown provider', async () => {
      const res = await set({ provider: 'myspace', client_id: 'x', client_secret: SECRET });
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'provider'], type: 'enum' });
    });
  });

  describe('details', () => {
    const fitbit = (details: object) =>
      set({ provider: 'fitbit', client_id: 'fb', client_secret: SECRET, details });

    it('seals the details and returns the secret fields redacted (last four of long values)', async () => {
      const res = await fitbit({ fitbit: { ...FITBIT_TOKENS, is_hr_enabled: true, shoe_size: 44 } });
      expect(res.status).toBe(200);
      expect(res.body.details).toEqual({
        fitbit: {
          is_hr_enabled: true,
          workout_verify_token: '***d3e1',
          sleep_verify_token: '***',
          body_verify_token: '***4a3b',
        },
      });
      const body = JSON.stringify(res.body);
      for (const token of Object.values(FITBIT_TOKENS)) expect(body).not.toContain(token);

      const [row] = await rowsOf(team.teamId);
      const raw = JSON.stringify(row);
      for (const token of Object.values(FITBIT_TOKENS)) expect(raw).not.toContain(token);
      // unknown keys are not stored
      expect(JSON.parse(box.open(row.details_sealed))).toEqual({
        fitbit: { ...FITBIT_TOKENS, is_hr_enabled: true },
      });
      expect((await as().get(base())).body.credentials[0].details).toEqual(res.body.details);
    });

    it('keeps stored secrets when details come back as returned, and refuses other redacted values', async () => {
      const first = await fitbit({ fitbit: FITBIT_TOKENS });
      const resent = await fitbit({ fitbit: { ...first.body.details.fitbit, is_hr_enabled: false } });
      expect(resent.status).toBe(200);
      const [row] = await rowsOf(team.teamId);
      expect(JSON.parse(box.open(row.details_sealed))).toEqual({
        fitbit: { ...FITBIT_TOKENS, is_hr_enabled: false },
      });

      const guessed = await fitbit({ fitbit: { ...FITBIT_TOKENS, body_verify_token: '***zzzz' } });
      expect(guessed.status).toBe(422);
      expect(guessed.body.detail).toEqual([
        expect.objectContaining({
          loc: ['body', 'details', 'fitbit', 'body_verify_token'],
          type: 'value_error',
          input: '[redacted]',
        }),
      ]);
    });

    it('checks each variant and reports every problem with its loc, secrets hidden', async () => {
      const missing = await fitbit({ fitbit: { workout_verify_token: FITBIT_TOKENS.workout_verify_token } });
      expect(missing.status).toBe(422);
      expect(missing.body.detail.map((d: { loc: string[]; type: string }) => [d.loc, d.type])).toEqual([
        [['body', 'details', 'fitbit', 'sleep_verify_token'], 'missing'],
        [['body', 'details', 'fitbit', 'body_verify_token'], 'missing'],
      ]);
      expect(JSON.stringify(missing.body)).not.toContain(FITBIT_TOKENS.workout_verify_token);

      const unwrapped = await fitbit(FITBIT_TOKENS);
      expect(unwrapped.body.detail[0]).toMatchObject({ loc: ['body', 'details', 'fitbit'], type: 'missing' });
      expect(JSON.stringify(unwrapped.body)).not.toContain(FITBIT_TOKENS.body_verify_token);

      const polar = await set({
        provider: 'polar',
        client_id: 'p',
        client_secret: SECRET,
        details: { webhook_secret: 42 },
      });
      expect(polar.body.detail[0]).toMatchObject({
        loc: ['body', 'details', 'webhook_secret'],
        type: 'string_type',
      });

      const google = await set({
        provider: 'google_health',
        client_id: 'g',
        client_secret: SECRET,
        details: { project_number: '1234', service_account_email: 'not-an-email' },
      });
      expect(google.body.detail[0]).toMatchObject({
        loc: ['body', 'details', 'service_account_email'],
        type: 'value_error',
        input: 'not-an-email',
      });

      const googleFit = await set({
        provider: 'google_fit',
        client_id: 'g',
        client_secret: SECRET,
        details: { redirect_uri: 'http://app.example.com/cb', data_scopes: ['a', ''] },
      });
      expect(googleFit.body.detail.map((d: { loc: string[] }) => d.loc)).toEqual([
        ['body', 'details', 'redirect_uri'],
        ['body', 'details', 'data_scopes', '1'],
      ]);

      const none = await set({
        provider: 'ihealth',
        client_id: 'i',
        client_secret: SECRET,
        details: { api_key: 'hidden-value' },
      });
      expect(none.body.detail[0]).toMatchObject({ loc: ['body', 'details'], type: 'value_error' });
      expect(JSON.stringify(none.body)).not.toContain('hidden-value');
      expect(await rowsOf(team.teamId)).toEqual([]);
    });

    it('takes the keys the connectors read from a team app (Oura, Strava, Fitbit, LibreView)', async () => {
      const oura = await set({
        provider: 'oura',
        client_id: 'o',
        client_secret: SECRET,
        details: { verification_token: 'oura-verification-token-77aa' },
      });
      expect(oura.status).toBe(200);
      expect(oura.body.details).toEqual({ verification_token: '***77aa' });
      const strava = await set({
        provider: 'strava',
        client_id: 's',
        client_secret: SECRET,
        details: { verify_token: 'strava-verify', subscription_id: 120475 },
      });
      expect(strava.body.details).toEqual({ verify_token: '***', subscription_id: 120475 });
      const fitbit = await set({
        provider: 'fitbit',
        client_id: 'f',
        client_secret: SECRET,
        details: { fitbit: FITBIT_TOKENS, subscriber_id: 'meridian-subscriber' },
      });
      expect(fitbit.body.details).toMatchObject({ subscriber_id: 'meridian-subscriber' });
      const libre = await set({
        provider: 'freestyle_libre',
        client_id: 'practice@clinic.example',
        client_secret: SECRET,
        details: { region: 'eu' },
      });
      expect(libre.body).toMatchObject({ client_secret_hash: sha256(SECRET), details: { region: 'eu' } });
      const badId = await set({
        provider: 'strava',
        client_id: 's',
        client_secret: SECRET,
        details: { subscription_id: 1.5 },
      });
      expect(badId.body.detail[0]).toMatchObject({ loc: ['body', 'details', 'subscription_id'] });
    });

    it('accepts the partner variants', async () => {
      const getlabs = await set({
        provider: 'getlabs',
        details: { getlabs: { webhook_secret_key: 'gl-key-0123456789abcdef', webhook_secret_token: 'tok' } },
      });
      expect(getlabs.status).toBe(200);
      expect(getlabs.body.details).toEqual({
        getlabs: { webhook_secret_key: '***cdef', webhook_secret_token: '***' },
      });
      const phleb = {
        account_id: 'acc-1',
        account_name: 'Acme Draws',
        team_id: 'pf-team-9',
        team_name: 'Acme',
        webhook_token: 'pf-webhook-token-abcdef123456',
        email: 'ops@acme.example',
      };
      const phlebfinders = await set({ provider: 'phlebfinders', details: { phlebfinders: phleb } });
      expect(phlebfinders.body.details).toEqual({ phlebfinders: { ...phleb, webhook_token: '***3456' } });
    });
  });

  describe('redirect_url_override', () => {
    const withOverride = (redirect_url_override: string, provider = 'ihealth') =>
      set({ provider, client_id: 'i', client_secret: SECRET, redirect_url_override });

    it.each(['https://app.example.com/oauth/cb?x=1', 'http://localhost:3000/cb', 'http://127.0.0.1/cb'])(
      'accepts %s and stores it as written',
      async (url) => {
        const res = await withOverride(url);
        expect(res.status).toBe(200);
        expect(res.body.redirect_url_override).toBe(url);
      },
    );

    it.each([
      'http://app.example.com/cb',
      'ftp://app.example.com/cb',
      '/relative/cb',
      'https://user:pw@app.example.com/cb',
      'https://app.example.com/cb#frag',
    ])('refuses %s', async (url) => {
      const res = await withOverride(url);
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'redirect_url_override'] });
    });

    it('refuses an override for a provider without OAuth', async () => {
      const res = await withOverride('https://app.example.com/cb', 'getlabs');
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({
        loc: ['body', 'redirect_url_override'],
        type: 'value_error',
      });
    });
  });

  describe('list and delete', () => {
    it('pages 50 at a time by creation time and filters by team and provider', async () => {
      const second = await seedTeam(h.db.knex, org.orgId);
      const providers = ['renpho', 'peloton', 'zwift', 'eight_sleep', 'beurer_api', 'dexcom', 'hammerhead'];
      const labs = ['ayumetrix', 'spiriplex', 'ussl', 'quest', 'labcorp', 'bioreference', 'us_biotek'];
      const labs2 = ['sanocardio', 'ihd', 'nexus', 'my_uti', 'sonora_quest', 'crl', 'mtl', 'getlabs'];
      const slugs = [...providers, ...labs, ...labs2, 'kardia', 'tandem_source']; // 24 non-OAuth slugs
      let clock = Date.parse('2026-11-24T00:00:00Z');
      const created: string[] = [];
      for (const teamId of [team.teamId, second.teamId]) {
        for (const provider of [...slugs, 'my_fitness_pal', 'whoop', 'abbott_libreview']) {
          h.setNow(new Date((clock += 1000)));
          const res = await as().post(base()).send({ team_id: teamId, provider, client_id: provider });
          expect(res.status).toBe(200);
          created.push(res.body.id);
        }
      }
      expect(created).toHaveLength(54);

      const first = await as().get(base());
      expect(first.body.credentials).toHaveLength(50);
      expect(first.body.next_cursor).toEqual(expect.any(String));
      const rest = await as().get(`${base()}?next_cursor=${first.body.next_cursor}`);
      expect(rest.body).toEqual({ credentials: expect.any(Array), next_cursor: null });
      const ids = [...first.body.credentials, ...rest.body.credentials].map((c: Credential) => c.id);
      expect(ids).toEqual(created);

      const byTeam = await as().get(`${base()}?team_id=${second.teamId}&provider=quest`);
      expect(byTeam.body.credentials.map((c: Credential) => [c.team_id, c.source])).toEqual([
        [second.teamId, 'quest'],
      ]);
      const both = await as().get(
        `${base()}?team_id=${team.teamId}&team_id=${second.teamId}&provider=renpho`,
      );
      expect(both.body.credentials).toHaveLength(2);
      expect((await as().get(`${base()}?provider=myspace`)).body.credentials).toEqual([]);

      const bad = await as().get(`${base()}?next_cursor=bogus`);
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0]).toMatchObject({ loc: ['query', 'next_cursor'] });
    });

    it('deletes reachable credentials; every other id is not_found, whether it exists or not', async () => {
      const other = await seedTeam(h.db.knex, org.orgId);
      const mine = (await set({ provider: 'renpho', client_id: 'r' })).body.id as string;
      const theirs = (await as().post(base()).send({ team_id: other.teamId, provider: 'renpho' })).body
        .id as string;
      const foreign = await seedOrg(h.db.knex);
      const foreignTeam = await seedTeam(h.db.knex, foreign.orgId);
      const foreignId = (
        await as(foreign.orgKey)
          .post(base('sandbox', 'us', foreign.orgId))
          .send({ team_id: foreignTeam.teamId, provider: 'renpho' })
      ).body.id as string;
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [team.teamId],
      });
      const unknown = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
      const res = await as(teamKey).delete(
        `${base()}?credential_id=${mine}&credential_id=${theirs}&credential_id=${foreignId}&credential_id=${unknown}`,
      );
      expect(res.status).toBe(200);
      // Another team's credential answers exactly as an unknown id: the answer does not tell that it exists.
      expect(res.body).toEqual({ success: [mine], failure: [], not_found: [theirs, foreignId, unknown] });
      expect(await rowsOf(team.teamId)).toEqual([]);
      expect(await rowsOf(other.teamId)).toHaveLength(1);
      expect(await rowsOf(foreignTeam.teamId)).toHaveLength(1);
      // the production environment does not hold the sandbox credential
      const wrongEnv = await as().delete(`${base('production')}?credential_id=${theirs}`);
      expect(wrongEnv.body).toEqual({ success: [], failure: [], not_found: [theirs] });
      const missing = await as().delete(base());
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0]).toMatchObject({ loc: ['query', 'credential_id'], type: 'missing' });
    });
  });

  describe('access and tenancy', () => {
    it('lets a Team Management Key reach only its bound teams', async () => {
      const other = await seedTeam(h.db.knex, org.orgId);
      await as().post(base()).send({ team_id: other.teamId, provider: 'renpho' });
      const teamKey = await seedManagementKey(h.db.knex, org.orgId, {
        role: 'team_admin',
        teamIds: [team.teamId],
      });
      expect((await set({ provider: 'renpho' }, 'sandbox', teamKey)).status).toBe(200);
      for (const res of [
        await as(teamKey).get(`${base()}?team_id=${other.teamId}`),
        await as(teamKey).post(base()).send({ team_id: other.teamId, provider: 'quest' }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.detail.error_type).toBe('forbidden');
      }
      const listed = (await as(teamKey).get(base())).body.credentials as Credential[];
      expect(listed.map((c) => c.team_id)).toEqual([team.teamId]);
      expect(await rowsOf(other.teamId)).toHaveLength(1);
    });

    it('answers 404 for a team of another org or another region, and lists nothing of theirs', async () => {
      const foreign = await seedOrg(h.db.knex);
      const foreignTeam = await seedTeam(h.db.knex, foreign.orgId);
      await as(foreign.orgKey)
        .post(base('sandbox', 'us', foreign.orgId))
        .send({ team_id: foreignTeam.teamId, provider: 'renpho' });
      const euTeam = await seedTeam(h.db.knex, org.orgId, { region: 'eu' });
      for (const teamId of [foreignTeam.teamId, euTeam.teamId]) {
        for (const res of [
          await as().post(base()).send({ team_id: teamId, provider: 'renpho' }),
          await as().get(`${base()}?team_id=${teamId}`),
        ]) {
          expect(res.status).toBe(404);
          expect(res.body.detail.error_type).toBe('not_found');
        }
      }
      expect((await as().get(base())).body.credentials).toEqual([]);
      expect(await rowsOf(euTeam.teamId)).toEqual([]);
    });

    it('answers 404 for the region not served and rejects team API keys and foreign keys', async () => {
      for (const res of [
        await as().get(base('sandbox', 'eu')),
        await as().post(base('sandbox', 'eu')).send({ team_id: team.teamId, provider: 'renpho' }),
        await as().delete(`${base('sandbox', 'eu')}?credential_id=${team.teamId}`),
      ]) {
        expect(res.status).toBe(404);
      }
      const wrong = await request(h.app).get(base()).set('x-service-api-key', team.apiKeys.sandbox);
      expect(wrong.status).toBe(403);
      expect(wrong.body.detail.error_type).toBe('wrong_key_type');
      expect((await api(h.app, undefined).get(base())).status).toBe(401);
      const foreign = await seedOrg(h.db.knex);
      const res = await as(foreign.orgKey).post(base()).send({ team_id: team.teamId, provider: 'renpho' });
      expect(res.status).toBe(403);
      expect(res.body.detail.error_type).toBe('forbidden');
      expect(await rowsOf(team.teamId)).toEqual([]);
    });
  });
});
