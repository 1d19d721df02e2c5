import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { createApiRateLimiter } from '@meridian/db';
import { createLogger, createMetricsRegistry, type RateLimitSettings } from '@meridian/platform';
import {
  createTestDatabase,
  seedOrg,
  seedTeam,
  type SeededTeam,
  type TestDatabase,
} from '@meridian/test-utils';
import { createDataApi } from './app';

/**
 * Rate limits of the data API (issue 11) on a real database: per key (a team override wins), per client
 * address without a key, failed authentications locked out per address, one budget across replicas, and
 * no body read before the key is checked.
 */
describe('data API rate limits', () => {
  let db: TestDatabase;
  let team: SeededTeam;
  let other: SeededTeam;
  let addressSeq = 0;
  /** Each test speaks from its own address (X-Forwarded-For, trusted): buckets never leak between tests. */
  const nextAddress = () => `203.0.113.${(addressSeq += 1)}`;

  const app = (settings: Partial<RateLimitSettings> = {}): Express =>
    createDataApi({
      db: db.knex,
      logger: createLogger({ service: 'data-api', silent: true }),
      metrics: createMetricsRegistry('data-api'),
      region: 'us',
      readiness: {},
      audit: null,
      rateLimits: {
        limiter: createApiRateLimiter(db.knex, { leaseFraction: 0.5 }),
        settings: { perKey: 5, perAddress: 3, failedAuthPerAddress: 4, ...settings },
        trustProxy: true,
      },
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    team = await seedTeam(db.knex, org.orgId);
    other = await seedTeam(db.knex, org.orgId);
  });
  afterAll(() => db.destroy());

  const list = (a: Express, key: string, from: string) =>
    request(a).get('/v2/user').set('x-service-api-key', key).set('x-forwarded-for', from);

  it('grants a key its limit per minute with RateLimit headers, then 429 rate_limited with Retry-After', async () => {
    const a = app();
    const from = nextAddress();
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push(await list(a, team.apiKeys.sandbox, from));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(answers[0]!.headers['ratelimit-limit']).toBe('5');
    expect(answers[0]!.headers['ratelimit-remaining']).toBe('4');
    expect(answers[0]!.headers['ratelimit-policy']).toBe('5;w=60');
    expect(Number(answers[0]!.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    const refused = answers[5]!;
    expect(refused.body).toEqual({
      detail: { error_type: 'rate_limited', error_message: expect.stringContaining('5 requests per minute') },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // Another key (its own budget) is not affected.
    expect((await list(a, team.apiKeys.production, from)).status).toBe(200);
  });

  it("a team's override replaces the default for each of its keys", async () => {
    await db.knex('team_rate_limits').insert({ team_id: other.teamId, requests_per_minute: 2 });
    const a = app();
    const from = nextAddress();
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await list(a, other.apiKeys.sandbox, from)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('replicas share one budget per key', async () => {
    const replicas = [app(), app(), app()];
    const key = (await seedTeam(db.knex, (await seedOrg(db.knex)).orgId)).apiKeys.sandbox;
    const from = nextAddress();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => list(replicas[i % 3]!, key, from).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('locks an address out after too many failed authentications, even for a valid key', async () => {
    const a = app();
    const from = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(429); i += 1) {
      statuses.push((await list(a, 'sk_us_wrong', from)).status);
      await new Promise((r) => setTimeout(r, 30)); // the failure is counted after the answer
    }
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(4);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(6);
    expect(statuses[statuses.length - 1]).toBe(429);
    const fresh = (await seedTeam(db.knex, (await seedOrg(db.knex)).orgId)).apiKeys.sandbox;
    const locked = await list(a, fresh, from);
    expect(locked.status).toBe(429);
    expect(locked.body.detail.error_type).toBe('rate_limited');
    // Another address is not locked out.
    expect((await list(a, fresh, nextAddress())).status).toBe(200);
  });

  it('limits requests without a key per client address', async () => {
    const a = app();
    const from = nextAddress();
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await request(a).get('/link').set('x-forwarded-for', from)).status);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it('checks the key before reading any body: an unauthenticated 1 MB upload is answered unread', async () => {
    const server = app({ perKey: 0, perAddress: 0, failedAuthPerAddress: 0 }).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          // Headers announcing a 1 MB body that is never sent: a server reading it first would wait forever.
          socket.write(
            'POST /v2/user HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
              'x-service-api-key: sk_us_wrong\r\nContent-Length: 1048576\r\n\r\n',
          );
        });
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString();
          if (text.includes('\r\n\r\n') && text.includes('}')) {
            socket.destroy();
            resolve(text);
          }
        });
        socket.on('error', reject);
        setTimeout(() => {
          socket.destroy();
          reject(new Error(`no answer without the body; got: ${text}`));
        }, 5_000);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 401/);
      expect(answer).toContain('invalid_credentials');
    } finally {
      server.close();
    }
  });
});
