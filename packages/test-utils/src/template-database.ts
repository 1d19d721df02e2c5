import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createKnex, migrateLatest, MIGRATIONS_DIRECTORY } from '@meridian/db';
import { baseDatabaseUrl, databaseUrlFor } from './database-url';

/**
 * Template name derives from the migrations and the migrator (which decides how runs are recorded), so
 * a change to either gets a fresh template.
 */
export function templateDatabaseName(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(MIGRATIONS_DIRECTORY, '..', 'migrate.ts')));
  for (const file of readdirSync(MIGRATIONS_DIRECTORY).sort()) {
    hash.update(file);
    hash.update(readFileSync(path.join(MIGRATIONS_DIRECTORY, file)));
  }
  return `meridian_tpl_${hash.digest('hex').slice(0, 12)}`;
}

async function withAdminClient<T>(work: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: baseDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates and migrates the template database once; safe when several test runs start together. */
export async function ensureTemplateDatabase(): Promise<string> {
  const name = templateDatabaseName();
  await withAdminClient(async (admin) => {
    await admin.query('select pg_advisory_lock(724115002)');
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) return;
      const building = `${name}_build`;
      await admin.query(`drop database if exists "${building}"`);
      await admin.query(`create database "${building}"`);
      const db = createKnex({ connectionString: databaseUrlFor(building), poolMax: 2 });
      try {
        await migrateLatest(db);
      } finally {
        await db.destroy();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
    } finally {
      await admin.query('select pg_advisory_unlock(724115002)');
    }
  });
  return name;
}

export async function createDatabaseFromTemplate(template: string, name: string): Promise<void> {
  await withAdminClient((admin) => admin.query(`create database "${name}" template "${template}"`));
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdminClient((admin) => admin.query(`drop database if exists "${name}" with (force)`));
}
