import { Client } from 'pg';
import { createKnex } from './knex';
import { migrateLatest } from './migrate';
import { baseDatabaseUrl, databaseUrlFor } from '../../test-utils/src/database-url';

async function admin<T>(work: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: baseDatabaseUrl() });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

describe('migrateLatest', () => {
  const name = `meridian_migrate_${Date.now().toString(36)}`;
  beforeAll(() => admin((c) => c.query(`create database "${name}"`)));
  afterAll(() => admin((c) => c.query(`drop database if exists "${name}" with (force)`)));

  it('applies every migration once, recorded without file extension, even when replicas race', async () => {
    const replicas = [1, 2, 3].map(() => createKnex({ connectionString: databaseUrlFor(name), poolMax: 2 }));
    try {
      const results = await Promise.all(replicas.map((db) => migrateLatest(db)));
      const applied = results.flat();
      expect(applied.length).toBeGreaterThan(0);
      expect(new Set(applied).size).toBe(applied.length);
      expect(results.filter((r) => r.length > 0)).toHaveLength(1);
      const recorded = await replicas[0]!('knex_migrations').pluck('name');
      expect(recorded).toEqual(applied);
      for (const n of recorded) expect(n).not.toMatch(/\.(ts|js)$/);
      expect(await migrateLatest(replicas[0]!)).toEqual([]);
    } finally {
      await Promise.all(replicas.map((db) => db.destroy()));
    }
  });
});
