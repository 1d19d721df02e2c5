import request from 'supertest';
import { purgeExpiredUsers } from '@meridian/db';
import { newId } from '@meridian/domain';
import { seedOrg, seedTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';

const T0 = new Date('2026-04-01T08:00:00.000Z');
const DAY = 24 * 3600 * 1000;
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('user deletion: 7-day grace period, undo, purge', () => {
  let h: DataApiHarness;
  let key: string;
  let otherTeamKey: string;
  let seq = 0;

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    key = (await seedTeam(h.db.knex, org.orgId)).apiKeys.sandbox;
    otherTeamKey = (await seedTeam(h.db.knex, org.orgId)).apiKeys.sandbox;
  });
  beforeEach(() => h.setNow(T0));
  afterAll(() => h.close());

  const api = () => request(h.app);
  const as = (req: request.Test, k = key) => req.set('x-service-api-key', k);

  async function createUser(clientUserId = `del-${++seq}`, k = key) {
    const res = await as(api().post('/v2/user').send({ client_user_id: clientUserId }), k);
    expect(res.status).toBe(200);
    return res.body as { user_id: string; client_user_id: string; created_on: string };
  }

  async function connect(userId: string, provider: string) {
    await h.db
      .knex('provider_connections')
      .insert({ id: newId(), user_id: userId, provider, created_on: T0 });
  }

  const deleteUser = (userId: string, k = key) => as(api().delete(`/v2/user/${userId}`), k);
  const undo = (query: string, body?: object, k = key) => {
    const req = as(api().post(`/v2/user/undo_delete${query}`), k);
    return body ? req.send(body) : req;
  };

  it('hides a deleted user from every read and write, and removes its connections at once', async () => {
    const user = await createUser();
    await connect(user.user_id, 'oura');
    await connect(user.user_id, 'fitbit');
    h.setNow(at(1000));
    const res = await deleteUser(user.user_id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const row = await h.db.knex('users').where({ id: user.user_id }).first();
    expect(row.deleted_at).toEqual(at(1000));
    expect(row.purge_after).toEqual(at(1000 + 7 * DAY));
    expect(await h.db.knex('provider_connections').where({ user_id: user.user_id })).toEqual([]);

    const id = user.user_id;
    const reads = [
      as(api().get(`/v2/user/${id}`)),
      as(api().get(`/v2/user/resolve/${user.client_user_id}`)),
      as(api().get(`/v2/user/providers/${id}`)),
      as(api().patch(`/v2/user/${id}`).send({ fallback_time_zone: 'UTC' })),
      as(api().delete(`/v2/user/${id}`)),
      as(api().delete(`/v2/user/${id}/oura`)),
    ];
    for (const r of await Promise.all(reads)) {
      expect(r.status).toBe(404);
      expect(r.body.detail.error_type).toBe('not_found');
    }
    const list = await as(api().get('/v2/user?limit=500'));
    expect(list.body.users.map((u: { user_id: string }) => u.user_id)).not.toContain(id);
    expect(list.body.total).toBe(list.body.users.length);
  });

  it('frees the client_user_id during the grace period', async () => {
    const user = await createUser('reused-id');
    await deleteUser(user.user_id);
    const again = await createUser('reused-id');
    expect(again.user_id).not.toBe(user.user_id);
    const resolved = await as(api().get('/v2/user/resolve/reused-id'));
    expect(resolved.body.user_id).toBe(again.user_id);
  });

  describe('undo within the grace period', () => {
    it('restores by query user_id, without the connections', async () => {
      const user = await createUser();
      await connect(user.user_id, 'garmin');
      await deleteUser(user.user_id);
      h.setNow(at(7 * DAY - 1000));
      const res = await undo(`?user_id=${user.user_id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      const back = await as(api().get(`/v2/user/${user.user_id}`));
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ client_user_id: user.client_user_id, created_on: user.created_on });
      expect(back.body.connected_sources).toEqual([]);
      const row = await h.db.knex('users').where({ id: user.user_id }).first();
      expect(row).toMatchObject({ deleted_at: null, purge_after: null });
    });

    it('restores by query client_user_id', async () => {
      const user = await createUser();
      await deleteUser(user.user_id);
      expect((await undo(`?client_user_id=${user.client_user_id}`)).status).toBe(200);
      expect((await as(api().get(`/v2/user/resolve/${user.client_user_id}`))).body.user_id).toBe(
        user.user_id,
      );
    });

    it('accepts the same keys in a JSON body', async () => {
      const a = await createUser();
      const b = await createUser();
      await deleteUser(a.user_id);
      await deleteUser(b.user_id);
      expect((await undo('', { user_id: a.user_id })).status).toBe(200);
      expect((await undo('', { client_user_id: b.client_user_id })).status).toBe(200);
      expect((await as(api().get(`/v2/user/${a.user_id}`))).status).toBe(200);
      expect((await as(api().get(`/v2/user/${b.user_id}`))).status).toBe(200);
    });

    it('lets the query win over the body, and user_id over client_user_id', async () => {
      const a = await createUser();
      const b = await createUser();
      await deleteUser(a.user_id);
      await deleteUser(b.user_id);
      expect(
        (await undo(`?user_id=${a.user_id}&client_user_id=${b.client_user_id}`, { user_id: b.user_id }))
          .status,
      ).toBe(200);
      expect((await as(api().get(`/v2/user/${a.user_id}`))).status).toBe(200);
      expect((await as(api().get(`/v2/user/${b.user_id}`))).status).toBe(404);
    });

    it('restores the most recently deleted holder of a client_user_id', async () => {
      const first = await createUser('twice-deleted');
      await deleteUser(first.user_id);
      h.setNow(at(DAY));
      const second = await createUser('twice-deleted');
      await deleteUser(second.user_id);
      expect((await undo('?client_user_id=twice-deleted')).status).toBe(200);
      expect((await as(api().get('/v2/user/resolve/twice-deleted'))).body.user_id).toBe(second.user_id);
    });

    it('succeeds without change for a user that is not deleted (a retried undo is safe)', async () => {
      const user = await createUser();
      expect((await undo(`?user_id=${user.user_id}`)).status).toBe(200);
      expect((await undo(`?user_id=${user.user_id}`)).status).toBe(200);
    });
  });

  it('is 409 client_user_id_taken with the holder when a new user took the client_user_id', async () => {
    const old = await createUser('taken-id');
    await deleteUser(old.user_id);
    const holder = await createUser('taken-id');
    for (const q of [`?user_id=${old.user_id}`, '?client_user_id=taken-id']) {
      const res = await undo(q);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        detail: {
          error_type: 'client_user_id_taken',
          error_message: expect.any(String),
          user_id: holder.user_id,
        },
      });
    }
    expect((await as(api().get(`/v2/user/${old.user_id}`))).status).toBe(404);
  });

  it('is 404 with a clear message once the grace period has ended', async () => {
    const user = await createUser();
    await deleteUser(user.user_id);
    h.setNow(at(7 * DAY));
    for (const q of [`?user_id=${user.user_id}`, `?client_user_id=${user.client_user_id}`]) {
      const res = await undo(q);
      expect(res.status).toBe(404);
      expect(res.body.detail).toEqual({
        error_type: 'not_found',
        error_message: 'The deletion grace period has ended; the user was erased.',
      });
    }
  });

  it('is 404 when the client_user_id names only an active user', async () => {
    const user = await createUser();
    const res = await undo(`?client_user_id=${user.client_user_id}`);
    expect(res.status).toBe(404);
    expect(res.body.detail.error_message).toMatch(/active user/);
  });

  it("is 404 for another team's deleted user", async () => {
    const foreign = await createUser(`foreign-${seq}`, otherTeamKey);
    await deleteUser(foreign.user_id, otherTeamKey);
    expect((await undo(`?user_id=${foreign.user_id}`)).status).toBe(404);
    expect((await undo(`?client_user_id=${foreign.client_user_id}`)).status).toBe(404);
    expect((await undo(`?user_id=${foreign.user_id}`, undefined, otherTeamKey)).status).toBe(200);
  });

  it('needs user_id or client_user_id (422), and a well-formed user_id', async () => {
    for (const res of [await undo(''), await undo('', {}), await undo('', { other: 1 })]) {
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        { loc: ['query', 'user_id'], msg: expect.any(String), type: 'missing', input: {}, ctx: {} },
      ]);
    }
    const bad = await undo('?user_id=nope');
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['query', 'user_id'], type: 'uuid_parsing' });
    const badBody = await undo('', { user_id: 'nope' });
    expect(badBody.status).toBe(422);
    expect(badBody.body.detail[0]).toMatchObject({ loc: ['body', 'user_id'], type: 'uuid_parsing' });
  });

  it('purge: after 8 days the scheduler erases the user; undo and resolve are 404', async () => {
    const gone = await createUser('purged-id');
    const kept = await createUser('kept-id');
    await deleteUser(gone.user_id);
    h.setNow(at(2 * DAY));
    await deleteUser(kept.user_id);

    const eightDaysLater = at(8 * DAY);
    h.setNow(eightDaysLater);
    expect(await purgeExpiredUsers(h.db.knex, eightDaysLater)).toBeGreaterThanOrEqual(1);
    expect(await h.db.knex('users').where({ id: gone.user_id }).first()).toBeUndefined();

    const undone = await undo(`?user_id=${gone.user_id}`);
    expect(undone.status).toBe(404);
    expect(undone.body.detail.error_message).toMatch(/grace period has ended and the user was erased/);
    expect((await undo('?client_user_id=purged-id')).status).toBe(404);
    expect((await as(api().get('/v2/user/resolve/purged-id'))).status).toBe(404);
    expect((await as(api().get(`/v2/user/${gone.user_id}`))).status).toBe(404);

    // Deleted 6 days earlier: still restorable.
    expect((await undo(`?user_id=${kept.user_id}`)).status).toBe(200);
  });
});
