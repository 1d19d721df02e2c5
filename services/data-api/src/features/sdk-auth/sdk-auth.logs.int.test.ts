import { PassThrough } from 'node:stream';
import request from 'supertest';
import { createLogger, createMetricsRegistry } from '@meridian/platform';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { createDataApi } from '../../app';
import { seedTenant } from './sdk-auth.test-fixtures';

/** Tokens are credentials: no log line at any level may carry one, on success or on refusal. */
describe('device authentication logs', () => {
  let db: TestDatabase;
  let lines = '';

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  it('never writes a sign-in, access or refresh token', async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      lines += chunk.toString('utf8');
    });
    const app = createDataApi({
      db: db.knex,
      logger: createLogger({ service: 'data-api', level: 'debug', stream }),
      metrics: createMetricsRegistry('data-api'),
      region: 'us',
      readiness: {},
      validateResponses: true,
    });
    const tenant = await seedTenant(db.knex);
    const key = { 'x-service-api-key': tenant.sandboxKey };
    const user = await request(app).post('/v2/user').set(key).send({ client_user_id: 'logs-1' }).expect(200);
    const userId = user.body.user_id as string;
    const minted = await request(app).post(`/v2/user/${userId}/sign_in_token`).set(key).send().expect(200);
    const signIn = minted.body.sign_in_token as string;
    const token = (body: object) => request(app).post('/v2/sdk/auth/token').send(body);
    const device = { installation_id: 'logs-phone' };
    const first = await token({ grant_type: 'sign_in_token', sign_in_token: signIn, device }).expect(200);
    await token({ grant_type: 'sign_in_token', sign_in_token: signIn, device }).expect(400);
    await token({ grant_type: 'sign_in_token', sign_in_token: signIn }).expect(422);
    const second = await token({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
    }).expect(200);
    await request(app)
      .get(`/v2/user/${userId}`)
      .set('authorization', `Bearer ${second.body.access_token}`)
      .expect(401);
    await request(app).post('/v2/sdk/auth/revoke').send({ token: second.body.refresh_token }).expect(200);
    await token({ grant_type: 'refresh_token', refresh_token: second.body.refresh_token }).expect(400);
    await new Promise((resolve) => setImmediate(resolve));

    // The access log saw every call (so the check below reads real lines).
    expect(lines.match(/"route":"\/v2\/sdk\/auth\/token"/g)?.length).toBe(5);
    for (const secret of [
      signIn,
      first.body.access_token,
      first.body.refresh_token,
      second.body.access_token,
      second.body.refresh_token,
    ] as string[]) {
      expect(lines).not.toContain(secret.slice(5));
    }
  });
});
