import type { MessageEnvelope } from '@meridian/messaging';
import type { RunningEmulator } from '@meridian/provider-emulators';
import { PROVIDER_SYNC_TASK } from '@meridian/sync';
import { connectThroughOAuth, createLinkHarness, type LinkHarness } from '../link/link.test-fixtures';

const SYNC_TASK = PROVIDER_SYNC_TASK;

/** Refresh, deregistration and user deletion of real provider connections (Oura emulator). */
describe('user provider connections: refresh and deregistration', () => {
  let h: LinkHarness;
  let oura: RunningEmulator;
  let key: string;
  const published: { key: string; message: MessageEnvelope }[] = [];

  beforeAll(async () => {
    // Sync work goes to a recorded "broker": refreshes publish tasks instead of pulling here.
    h = await createLinkHarness(['oura'], {
      transport: {
        async publish(routingKey, message) {
          published.push({ key: routingKey, message });
        },
      },
    });
    oura = h.emulators.get('oura')!;
    key = h.team.keys.sandbox;
  });
  afterAll(() => h.close());
  beforeEach(() => oura.emulator.faults.clear());
  afterEach(() => h.resetClock());

  const as = <T extends { set(k: string, v: string): T }>(req: T, k = key) => req.set('x-service-api-key', k);
  const refresh = (userId: string, query = '', k = key) =>
    as(h.api().post(`/v2/user/refresh/${userId}${query}`), k);
  const accessTokenOf = async (userId: string) => {
    const row = await h.db.knex('provider_connections').where({ user_id: userId, provider: 'oura' }).first();
    return (JSON.parse(h.secretBox.open(row.credentials_sealed)) as { access_token: string }).access_token;
  };

  async function connectedUser(username: string): Promise<string> {
    const userId = await h.createUser(key);
    await connectThroughOAuth(h, key, userId, 'oura', username);
    return userId;
  }

  describe('POST /v2/user/refresh/{user_id}', () => {
    it('makes the connections due, hands them to the sync workers, and reports them in progress', async () => {
      const userId = await connectedUser('erin');
      const connection = await h.db.knex('provider_connections').where({ user_id: userId }).first();
      published.length = 0;
      const res = await refresh(userId, '?timeout=0.5');
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        success: true,
        user_id: userId,
        refreshed_sources: [],
        in_progress_sources: ['oura'],
        failed_sources: [],
      });
      expect(published).toEqual([
        { key: SYNC_TASK, message: expect.objectContaining({ data: { connection_id: connection.id } }) },
      ]);
      expect(await h.db.knex('provider_refresh_requests').where({ user_id: userId })).toHaveLength(1);
    });

    it('answers 400 RefreshError when the user has nothing to refresh, without counting the call', async () => {
      const userId = await h.createUser(key);
      const res = await refresh(userId);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        user_id: userId,
        error: expect.any(String),
        failed_sources: null,
      });
      expect(await h.db.knex('provider_refresh_requests').where({ user_id: userId })).toEqual([]);
    });

    it('admits 8 calls per user per hour, then 429 with Retry-After until the oldest leaves the hour', async () => {
      const userId = await connectedUser('frank');
      const now = Date.now();
      // Seven earlier calls this hour, the oldest 50 minutes ago.
      await h.db.knex('provider_refresh_requests').insert(
        Array.from({ length: 7 }, (_, i) => ({
          user_id: userId,
          requested_at: new Date(now - (50 - i) * 60_000),
        })),
      );
      expect((await refresh(userId, '?timeout=0')).status).toBe(202);
      const limited = await refresh(userId, '?timeout=0');
      expect(limited.status).toBe(429);
      expect(limited.body.detail.error_type).toBe('rate_limited');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(9 * 60);
      expect(retryAfter).toBeLessThanOrEqual(10 * 60 + 1);
      // Another user is not limited by this one.
      expect((await refresh(await connectedUser('gina'), '?timeout=0')).status).not.toBe(429);
      h.advance(retryAfter * 1000);
      expect((await refresh(userId, '?timeout=0')).status).not.toBe(429);
    });

    it('answers 404 for a user of another team or environment, 422 for a bad timeout', async () => {
      const userId = await connectedUser('hank');
      expect((await refresh(userId, '', h.otherTeam.keys.sandbox)).status).toBe(404);
      expect((await refresh(userId, '', h.team.keys.production)).status).toBe(404);
      expect((await refresh(userId, '?timeout=61')).status).toBe(422);
      expect((await refresh(userId, '?timeout=abc')).status).toBe(422);
      expect((await h.api().post(`/v2/user/refresh/${userId}`)).status).toBe(401);
      expect(await h.db.knex('provider_refresh_requests').where({ user_id: userId })).toEqual([]);
    });
  });

  describe('deregistration', () => {
    it('DELETE /v2/user/{user_id}/{provider} revokes at the provider and removes the connection', async () => {
      const userId = await connectedUser('ivy');
      const accessToken = await accessTokenOf(userId);
      const revokesBefore = oura.emulator.oauth!.stats().revokeCalls;
      expect((await as(h.api().delete(`/v2/user/${userId}/oura`), h.otherTeam.keys.sandbox)).status).toBe(
        404,
      );
      const res = await as(h.api().delete(`/v2/user/${userId}/oura`));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(oura.emulator.oauth!.stats().revokeCalls).toBe(revokesBefore + 1);
      expect(oura.emulator.oauth!.isRevoked(accessToken)).toBe(true);
      expect(await h.db.knex('provider_connections').where({ user_id: userId })).toEqual([]);
      expect((await as(h.api().delete(`/v2/user/${userId}/oura`))).status).toBe(404);
    });

    it('deregisters even when the provider cannot be reached to revoke', async () => {
      const userId = await connectedUser('jack');
      const settings = h.providers.get('oura')!;
      const apiUrl = settings.apiUrl;
      settings.apiUrl = 'http://127.0.0.1:9'; // nothing listens there: the revocation fails
      const revokesBefore = oura.emulator.oauth!.stats().revokeCalls;
      try {
        const res = await as(h.api().delete(`/v2/user/${userId}/oura`));
        expect(res.status).toBe(200);
      } finally {
        settings.apiUrl = apiUrl;
      }
      expect(oura.emulator.oauth!.stats().revokeCalls).toBe(revokesBefore);
      expect(await h.db.knex('provider_connections').where({ user_id: userId })).toEqual([]);
    });

    it('DELETE /v2/user/{user_id} revokes every real connection at its provider', async () => {
      const userId = await connectedUser('kate');
      const accessToken = await accessTokenOf(userId);
      const res = await as(h.api().delete(`/v2/user/${userId}`));
      expect(res.status).toBe(200);
      expect(oura.emulator.oauth!.isRevoked(accessToken)).toBe(true);
      expect(await h.db.knex('provider_connections').where({ user_id: userId })).toEqual([]);
    });
  });

  describe('manual providers', () => {
    it('records a manual connection once and lists it', async () => {
      const userId = await h.createUser(key);
      const connect = (body: object, provider = 'manual', k = key) =>
        as(h.api().post(`/v2/link/provider/manual/${provider}`), k).send(body);
      expect((await connect({ user_id: userId, provider_id: 'scale-7' })).body).toEqual({ success: true });
      expect((await connect({ user_id: userId })).status).toBe(200);
      const rows = await h.db.knex('provider_connections').where({ user_id: userId });
      expect(rows).toEqual([
        expect.objectContaining({ provider: 'manual', external_user_id: 'scale-7', status: 'connected' }),
      ]);
      const events = await h.db
        .knex('outbox')
        .where({ user_id: userId, event_type: 'provider.connection.created' });
      expect(events).toHaveLength(1);
      expect((await connect({ user_id: userId }, 'oura')).status).toBe(422);
      expect((await connect({ user_id: userId }, 'manual', h.otherTeam.keys.sandbox)).status).toBe(404);
      expect((await as(h.api().delete(`/v2/user/${userId}/manual`))).status).toBe(200);
      expect(await h.db.knex('provider_connections').where({ user_id: userId })).toEqual([]);
    });
  });
});

/** Without a broker the sync engine refreshes inline, against the emulator, within the timeout. */
describe('user refresh without a broker', () => {
  let h: LinkHarness;

  beforeAll(async () => {
    h = await createLinkHarness(['oura'], { historyDays: 3 });
  });
  afterAll(() => h.close());

  it('answers 200 with the refreshed sources once the fetch is done', async () => {
    const key = h.team.keys.sandbox;
    const userId = await h.createUser(key);
    await connectThroughOAuth(h, key, userId, 'oura', 'mona');
    const res = await h.api().post(`/v2/user/refresh/${userId}?timeout=60`).set('x-service-api-key', key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      user_id: userId,
      refreshed_sources: ['oura'],
      in_progress_sources: [],
      failed_sources: [],
    });
  }, 90_000);
});
