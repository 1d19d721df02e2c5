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

  it('refuses an unpaired surrogate escape in a JSON string instead of storing U+FFFD in its place', async () => {
    const send = (text: string) =>
      request(h.app)
        .post('/v2/user')
        .set('x-service-api-key', key())
        .set('content-type', 'application/json')
        .send(text);
    for (const text of [
      '{"client_user_id":"lone-\\ud800-high"}',
      '{"client_user_id":"lone-\\uDC00-low"}',
      '{"client_user_id":"lone-x","fallback_time_zone":"Europe/Berlin","extra":{"k\\ud801":1}}',
    ]) {
      const res = await send(text);
      expectEnvelope(res, 400, 'invalid_unicode');
      expect(res.body.detail.loc[0]).toBe('body');
    }
    expect(await h.db.knex('users').where('client_user_id', 'like', 'lone-%').first()).toBeUndefined();
    // A well-formed pair (escaped or not) is one character: stored and read back as sent.
    const pair = await send('{"client_user_id":"pair-\\ud83d\\ude00-\u{1F600}"}');
    expect(pair.status).toBe(200);
    expect(pair.body.client_user_id).toBe('pair-\u{1F600}-\u{1F600}');
    const read = await request(h.app).get(`/v2/user/${pair.body.user_id}`).set('x-service-api-key', key());
    expect(read.body.client_user_id).toBe('pair-\u{1F600}-\u{1F600}');
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

  it('reads a date-time range whose colons are not percent-encoded (RFC 3986 allows them in a query)', async () => {
    const created = await request(h.app)
      .post('/v2/user')
      .set('x-service-api-key', key())
      .send({ client_user_id: 'edge-reserved-query' });
    expect(created.status).toBe(200);
    const path = `/v2/timeseries/${created.body.user_id}/blood_pressure/grouped`;
    const ok = await request(h.app)
      .get(`${path}?start_date=2026-01-01T00:00:00Z&end_date=2026-01-31T23:59:59.000%2B01:00`)
      .set('x-service-api-key', key());
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ groups: {}, next_cursor: null, next: null });
    // The value is still read by its own rules: a colon does not make a date valid.
    const bad = await request(h.app)
      .get(`${path}?start_date=2026-01-01T25:00:00Z`)
      .set('x-service-api-key', key());
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'start_date']);
    expect(bad.body.detail[0].type).toBe('datetime_parsing');
  });

  it('reads every ISO 8601 offset the date-time format admits (`+01` too), never a 500', async () => {
    const get = (query: string) => request(h.app).get(`/v3/orders?${query}`).set('x-service-api-key', key());
    for (const query of [
      'start_date=2026-01-01T00:00:00%2B01',
      'end_date=2126-01-01T00:00:00-05',
      'updated_start_date=2026-01-01T00:00:00%2B0100&updated_end_date=2126-01-01',
    ]) {
      const res = await get(query);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ orders: [], total: 0 });
    }
    const resend = await request(h.app)
      .post('/v3/order/resend_events')
      .set('x-service-api-key', key())
      .send({ start_at: '2026-01-01T00:00:00+01', end_at: '2126-01-01T00:00:00-05' });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ order_ids: [] });
    const user = await request(h.app)
      .post('/v2/user')
      .set('x-service-api-key', key())
      .send({ client_user_id: 'edge-offset-hours' });
    // Two hours from now, written at +01 with the hours-only offset.
    const at = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 19);
    const code = await request(h.app)
      .post(`/v2/link/code/create?user_id=${user.body.user_id}&expires_at=${at}%2B01`)
      .set('x-service-api-key', key());
    expect(code.status).toBe(200);
    expect(Date.parse(code.body.expires_at)).toBe(Date.parse(`${at}+01:00`));
  });

  it.each([
    ['start_date', '2026-13-01'],
    ['end_date', '2026-02-30'],
    ['updated_start_date', '0000-01-01'],
  ])('refuses the date %s=%s that does not exist with 422 date_parsing', async (name, value) => {
    const res = await request(h.app).get(`/v3/orders?${name}=${value}`).set('x-service-api-key', key());
    expect(res.status).toBe(422);
    expect(res.body.detail.map((i: { loc: string[] }) => i.loc)).toContainEqual(['query', name]);
    expect(res.body.detail.map((i: { type: string }) => i.type)).toContain('date_parsing');
  });

  it('answers a method the path does not have with 405, the envelope and the Allow header', async () => {
    for (const call of [
      request(h.app).delete('/v2/user'),
      request(h.app).put('/v2/user'),
      request(h.app).patch('/v2/user'),
    ]) {
      const res = await call.set('x-service-api-key', key());
      expectEnvelope(res, 405, 'method_not_allowed');
      expect(res.headers.allow?.split(', ').sort()).toEqual(['GET', 'POST']);
    }
  });

  it('answers HEAD as GET without a body: 200 for a read, the same 4xx otherwise', async () => {
    const ok = await request(h.app).head('/v2/user').set('x-service-api-key', key());
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^application\/json/);
    expect(ok.text ?? '').toBe('');
    expect((await request(h.app).head('/v2/user')).status).toBe(401);
    const missing = await request(h.app)
      .head('/v2/user/3b241101-e2bb-4255-8caf-4136c566a962')
      .set('x-service-api-key', key());
    expect(missing.status).toBe(404);
    const postOnly = await request(h.app).head('/v2/user/undo_delete').set('x-service-api-key', key());
    expect(postOnly.status).toBe(405);
    expect(postOnly.headers.allow).toBe('POST');
  });

  it('refuses a urn:uuid: id with 422 instead of letting it reach PostgreSQL', async () => {
    const id = 'urn:uuid:3b241101-e2bb-4255-8caf-4136c566a962';
    const res = await request(h.app).get(`/v2/user/${id}`).set('x-service-api-key', key());
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['path', 'user_id']);
  });
});
