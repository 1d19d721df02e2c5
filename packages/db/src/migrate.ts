import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';

/** Arbitrary constant shared by every Meridian process: only one migrator runs at a time. */
const MIGRATION_LOCK_ID = 724_115_001;

export const MIGRATIONS_DIRECTORY = path.join(__dirname, 'migrations');

interface MigrationFile {
  name: string;
  file: string;
}

/**
 * Migrations are recorded by name without extension, so a database migrated from source (tsx, `.ts`)
 * and later from a compiled image (`.js`) agrees on what has run.
 */
const migrationSource: Knex.MigrationSource<MigrationFile> = {
  async getMigrations() {
    const ext = __filename.endsWith('.ts') ? '.ts' : '.js';
    return readdirSync(MIGRATIONS_DIRECTORY)
      .filter((f) => f.endsWith(ext) && !f.endsWith('.d.ts') && !f.includes('.test.'))
      .sort()
      .map((f) => ({ name: f.slice(0, -ext.length), file: path.join(MIGRATIONS_DIRECTORY, f) }));
  },
  getMigrationName: (m) => m.name,
  // require, not import(): migrations load as CommonJS under tsx, jest and the compiled build alike.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  getMigration: async (m) => require(m.file) as Knex.Migration,
};

export function migrationConfig(): Knex.MigratorConfig {
  return { migrationSource, tableName: 'knex_migrations' };
}

/**
 * Runs pending migrations under a PostgreSQL advisory lock (session level, on one dedicated
 * connection), so replicas starting together never race. Returns the names applied.
 */
export async function migrateLatest(db: Knex): Promise<string[]> {
  const conn = await db.client.acquireConnection();
  try {
    await db.raw('select pg_advisory_lock(?)', [MIGRATION_LOCK_ID]).connection(conn);
    const [, applied] = (await db.migrate.latest(migrationConfig())) as [number, string[]];
    return applied;
  } finally {
    await db.raw('select pg_advisory_unlock(?)', [MIGRATION_LOCK_ID]).connection(conn);
    await db.client.releaseConnection(conn);
  }
}
