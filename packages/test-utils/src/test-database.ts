import { randomBytes } from 'node:crypto';
import { createKnex, type Knex } from '@meridian/db';
import { databaseUrlFor } from './database-url';
import { createDatabaseFromTemplate, dropDatabase, ensureTemplateDatabase } from './template-database';

export interface TestDatabase {
  name: string;
  url: string;
  knex: Knex;
  destroy(): Promise<void>;
}

/** A fresh, migrated database for one test file, cloned from the template (fast and isolated). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = await ensureTemplateDatabase();
  const name = `meridian_t_${randomBytes(6).toString('hex')}`;
  await createDatabaseFromTemplate(template, name);
  const url = databaseUrlFor(name);
  const knex = createKnex({
    connectionString: url,
    poolMax: 5,
    // A test's first request compiles the OpenAPI validator, which holds the event loop for seconds on a
    // loaded two-core machine: a pending connection must outlast it rather than fail the suite's setup.
    acquireTimeoutMs: 60_000,
  });
  return {
    name,
    url,
    knex,
    async destroy() {
      await knex.destroy();
      await dropDatabase(name);
    },
  };
}
