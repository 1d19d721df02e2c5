import path from 'node:path';
import type { Knex } from 'knex';

/** Arbitrary constant shared by every Meridian process: only one migrator runs at a time. */
const MIGRATION_LOCK_ID = 724_115_001;

export const MIGRATIONS_DIRECTORY = path.join(__dirname, 'migrations');

export function migrationConfig(): Knex.MigratorConfig {
  return {
    directory: MIGRATIONS_DIRECTORY,
    loadExtensions: __filename.endsWith('.ts') ? ['.ts'] : ['.js'],
    tableName: 'knex_migrations',
    disableMigrationsListValidation: false,
  };
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
