/** `node dist/migrate.js`: runs pending migrations under the advisory lock and exits (Helm hook Job, compose). */
import { createKnex, migrateLatest } from '@meridian/db';
import { config, createLogger, loadConfig, runMain } from '@meridian/platform';

runMain('migrate', async () => {
  const { values: cfg, secrets } = loadConfig(
    { DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }) },
    process.env,
  );
  const logger = createLogger({ service: 'migrate', secrets });
  const db = createKnex({ connectionString: cfg.DATABASE_URL, poolMax: 2, applicationName: 'migrate' });
  try {
    const applied = await migrateLatest(db);
    logger.info('migrations applied', { count: applied.length, names: applied });
  } finally {
    await db.destroy();
  }
  process.exit(0);
});
