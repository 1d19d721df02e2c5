/**
 * `pnpm cli <command>`: operator commands against the same database `pnpm start` uses (usage below).
 */
import { createKnex, createOrgWithKey, createTeamWithKeys, migrateLatest } from '@meridian/db';
import { openLocalDatabase } from './local-database';

const USAGE = `usage: pnpm cli <command>

commands:
  migrate             run pending database migrations (under the advisory lock)
  bootstrap [--json]  create an org on the Scale plan, a team, team API keys for both environments and an
                      Org Management Key, and print them (keys are shown only here)

The database is DATABASE_URL when set, else the embedded PostgreSQL of \`pnpm start\` (.meridian/).
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const json = rest.includes('--json');
  const log = (msg: string) => process.stderr.write(`${msg}\n`);
  if (command === undefined) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (['--help', '-h', 'help'].includes(command) || rest.includes('--help')) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command !== 'migrate' && command !== 'bootstrap') {
    log(`unknown command "${command}"\n\n${USAGE}`);
    return 2;
  }
  const database = await openLocalDatabase(log);
  const db = createKnex({ connectionString: database.url, poolMax: 2, applicationName: 'meridian-cli' });
  try {
    const applied = await migrateLatest(db);
    if (command === 'migrate') {
      log(
        applied.length
          ? `applied ${applied.length} migration(s): ${applied.join(', ')}`
          : 'database is up to date',
      );
      return 0;
    }
    const result = await db.transaction(async (trx) => {
      const org = await createOrgWithKey(trx, { plan: 'scale', name: 'Meridian Org' });
      const team = await createTeamWithKeys(trx, org.orgId, { name: 'Default Team', region: 'us' });
      return {
        org_id: org.orgId,
        team_id: team.teamId,
        management_key: org.orgKey,
        api_keys: { production: team.apiKeys.production, sandbox: team.apiKeys.sandbox },
      };
    });
    if (json) {
      process.stdout.write(`${JSON.stringify(result)}\n`);
    } else {
      process.stdout.write(
        [
          `org_id:          ${result.org_id}`,
          `team_id:         ${result.team_id}`,
          `management_key:  ${result.management_key}`,
          `sandbox key:     ${result.api_keys.sandbox}`,
          `production key:  ${result.api_keys.production}`,
          'Keys are stored hashed and cannot be shown again.',
          '',
        ].join('\n'),
      );
    }
    return 0;
  } finally {
    await db.destroy();
    await database.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
