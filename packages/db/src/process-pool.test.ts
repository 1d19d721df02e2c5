import type { Knex } from 'knex';
import { startOnOwnPool } from './process-pool';

const options = { connectionString: 'postgres://nobody@127.0.0.1:1/none', applicationName: 'pool-test' };
/** knex drops its pool on destroy(). */
const destroyed = (db: Knex) => (db.client as { pool?: unknown }).pool === undefined;

describe('startOnOwnPool', () => {
  it('stops what it started before destroying the pool', async () => {
    const order: string[] = [];
    let pool: Knex | undefined;
    const running = await startOnOwnPool(options, async (db) => {
      pool = db;
      return {
        url: 'http://x',
        close: async () => {
          order.push(destroyed(db) ? 'closed after the pool' : 'closed');
        },
      };
    });
    expect(running.url).toBe('http://x');
    expect(destroyed(pool!)).toBe(false);
    await running.close();
    expect(order).toEqual(['closed']);
    expect(destroyed(pool!)).toBe(true);
  });

  it('destroys the pool when starting fails, and when closing fails', async () => {
    let pool: Knex | undefined;
    await expect(
      startOnOwnPool(options, (db) => {
        pool = db;
        return Promise.reject(new Error('port taken'));
      }),
    ).rejects.toThrow('port taken');
    expect(destroyed(pool!)).toBe(true);

    const running = await startOnOwnPool(options, (db) => {
      pool = db;
      return Promise.resolve({ close: () => Promise.reject(new Error('stuck')) });
    });
    await expect(running.close()).rejects.toThrow('stuck');
    expect(destroyed(pool!)).toBe(true);
  });
});
