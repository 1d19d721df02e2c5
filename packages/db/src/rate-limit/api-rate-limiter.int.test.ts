// Relative import: @meridian/test-utils depends on @meridian/db, so db cannot list it as a dependency.
import { createTestDatabase, type TestDatabase } from '../../../test-utils/src';
import { createApiRateLimiter } from './api-rate-limiter';

describe('api rate limiter (PostgreSQL-shared fixed windows)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  const spend = async (
    limiter: ReturnType<typeof createApiRateLimiter>,
    bucket: string,
    n: number,
    limit: number,
    windowMs: number,
  ) => {
    const decisions = [];
    for (let i = 0; i < n; i += 1) decisions.push(await limiter.consume(bucket, limit, windowMs));
    return decisions;
  };

  it('grants exactly the limit per window, then refuses with the time left, with headers to match', async () => {
    const limiter = createApiRateLimiter(db.knex);
    const decisions = await spend(limiter, 'key:a', 25, 20, 60_000);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
    expect(decisions.slice(20).every((d) => !d.allowed)).toBe(true);
    expect(decisions[0]).toMatchObject({ limit: 20, windowSeconds: 60 });
    expect(decisions[0]!.remaining).toBe(19);
    expect(decisions[19]).toMatchObject({ allowed: true, remaining: 0 });
    const refused = decisions[24]!;
    expect(refused.resetSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.resetSeconds).toBeLessThanOrEqual(60);
  });

  it('replicas share one budget: four limiters together grant no more than the limit', async () => {
    const replicas = Array.from({ length: 4 }, () => createApiRateLimiter(db.knex, { leaseFraction: 0.1 }));
    const results = await Promise.all(
      replicas.map((r) =>
        Promise.all(Array.from({ length: 40 }, () => r.consume('key:shared', 100, 60_000))),
      ),
    );
    const granted = results.flat().filter((d) => d.allowed).length;
    // 160 asked, 100 allowed by the budget; leased slices left unspent may only lower the count.
    expect(granted).toBeLessThanOrEqual(100);
    expect(granted).toBeGreaterThanOrEqual(100 - 4 * 10);
    const row = await db.knex('api_rate_windows').where({ bucket: 'key:shared' }).first();
    expect(row.used).toBeLessThanOrEqual(100);
  });

  it('recovers when the window ends', async () => {
    const limiter = createApiRateLimiter(db.knex);
    const first = await spend(limiter, 'key:short', 4, 3, 1_000);
    expect(first.map((d) => d.allowed)).toEqual([true, true, true, false]);
    await new Promise((r) => setTimeout(r, first[3]!.resetSeconds * 1000 + 50));
    expect((await limiter.consume('key:short', 3, 1_000)).allowed).toBe(true);
  });

  it('buckets are independent', async () => {
    const limiter = createApiRateLimiter(db.knex);
    await spend(limiter, 'addr:1', 2, 2, 60_000);
    expect((await limiter.consume('addr:1', 2, 60_000)).allowed).toBe(false);
    expect((await limiter.consume('addr:2', 2, 60_000)).allowed).toBe(true);
  });

  it('lets requests through when the database cannot be asked, and says so', async () => {
    const errors: unknown[] = [];
    const broken = createTestDatabase().then(async (other) => {
      await other.destroy();
      return other;
    });
    const gone = await broken;
    const limiter = createApiRateLimiter(gone.knex, { onStoreError: (e) => errors.push(e) });
    const d = await limiter.consume('key:x', 1, 60_000);
    expect(d.allowed).toBe(true);
    expect(errors).toHaveLength(1);
  });

  it('sweeps windows that ended long ago', async () => {
    await db.knex('api_rate_windows').insert({
      bucket: 'key:old',
      window_start: new Date(Date.now() - 3 * 3600_000),
      used: 1,
    });
    const limiter = createApiRateLimiter(db.knex);
    expect(await limiter.sweep()).toBeGreaterThanOrEqual(1);
    expect(await db.knex('api_rate_windows').where({ bucket: 'key:old' })).toHaveLength(0);
  });
});
