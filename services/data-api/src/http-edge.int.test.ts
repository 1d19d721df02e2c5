import request from 'supertest';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from './testing/data-api.harness';

/**
 * The HTTP edge of the real data API: input that used to reach a 500 (fuzzing found them) answers a 4xx
 * with the documented JSON body, before authentication where the request cannot be read at all, and a
 * NUL character never reaches PostgreSQL.
 */
const nested = (depth: number) => '['.repeat(depth) + '1' + ']'.repeat(depth);

function expectEnvelope(res: request.Response, status: number, errorType: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.text).not.toMatch(/<html|<pre>|\.ts:\d+|node_modules|RangeError/);
  expect(res.body.detail.error_type).toBe(errorType);
}

describe('data API edge', () => {
  let h: DataApiHarness;
  let team: SeededTeam;
  const key = () => team.apiKeys.sandbox;

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
  });
  afterAll(() => h.close());

  it.each(['gzip', 'deflate', 'br'])(
    'answers a body that does not decode as %s with 400; without a key, 401 and the body is never read',
    async (coding) => {
      const send = (headers: Record<string, string>) =>
        request(h.app)
          .post('/v2/user')
          .set(headers)
          .set('content-type', 'application/json')
          .set('content-encoding', coding)
          .send('not compressed');
      expectEnvelope(await send({ 'x-service-api-key': key() }), 400, 'invalid_content_encoding');
      expectEnvelope(await send({}), 401, 'invalid_credentials');
    },
  );

  it('answers a malformed percent-escape in the path with 400 before authentication', async () => {
    expectEnvelope(await request(h.app).get('/v2/user/%ZZ'), 400, 'malformed_path');
    expectEnvelope(await request(h.app).get('/v2/user/resolve/%E0%A4%A'), 400, 'malformed_path');
  });

  it('refuses a NUL character in a path, query or body string before it reaches PostgreSQL', async () => {
    const calls = [
      request(h.app).get('/v2/user/resolve/ab%00c').set('x-service-api-key', key()),
      request(h.app).post('/v2/user').set('x-service-api-key', key()).send({ client_user_id: 'nul\u0000id' }),
      request(h.app).post('/v2/user/undo_delete?client_user_id=a%00b').set('x-service-api-key', key()),
      request(h.app).get('/v2/events?after=%00').set('x-service-api-key', key()),
    ];
    for (const res of await Promise.all(calls)) expectEnvelope(res, 400, 'nul_character');
    expect(await h.db.knex('users').where('client_user_id', 'like', 'nul%').first()).toBeUndefined();
  });

  it('refuses JSON nested 5,000 levels deep with 400, as JSON (without a key: 401, unread)', async () => {
    for (const [headers, status, type] of [
      [{ 'x-service-api-key': key() }, 400, 'json_too_deep'],
      [{}, 401, 'invalid_credentials'],
    ] as const) {
      const res = await request(h.app)
        .post('/v2/user')
        .set(headers)
        .set('content-type', 'application/json')
        .send(`{"client_user_id":${nested(5000)}}`);
      expectEnvelope(res, status, type);
    }
  });

  it('answers a malformed multipart upload with 400 invalid_multipart', async () => {
    const res = await request(h.app)
      .post('/lab_report/v1/parser/job')
      .set('x-service-api-key', key())
      .set('content-type', 'multipart/form-data; boundary=XYZ')
      .send('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7');
    expectEnvelope(res, 400, 'invalid_multipart');
  });

  it.each(['/v2/user', '/v2/events'])(
    'refuses limit=1e309 on %s with 422 (no unbounded page)',
    async (path) => {
      const res = await request(h.app).get(`${path}?limit=1e309`).set('x-service-api-key', key());
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        {
          loc: ['query', 'limit'],
          msg: 'Input should be a finite number',
          type: 'finite_number',
          input: '1e309',
          ctx: {},
        },
      ]);
    },
  );

  it('refuses a urn:uuid: id with 422 instead of letting it reach PostgreSQL', async () => {
    const id = 'urn:uuid:3b241101-e2bb-4255-8caf-4136c566a962';
    const res = await request(h.app).get(`/v2/user/${id}`).set('x-service-api-key', key());
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['path', 'user_id']);
  });
});
