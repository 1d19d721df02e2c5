/**
 * `pnpm cli <command>`: operator commands against the same database `pnpm start` uses (usage below).
 */
import {
  createKnex,
  createOrgWithKey,
  createTeamFeaturesRepository,
  createTeamWithKeys,
  isFeature,
  migrateLatest,
  type Knex,
} from '@meridian/db';
import { FEATURES } from '@meridian/domain';
import { openLocalDatabase } from './local-database';

const USAGE = `usage: pnpm cli <command>

commands:
  migrate             run pending database migrations (under the advisory lock)
  bootstrap [--json]  create an org on the Scale plan, a team, team API keys for both environments and an
                      Org Management Key, and print them (keys are shown only here)
  features list <team_id> [--json]
                      the closed-beta features enabled for a team
  features enable|disable <team_id> <feature>
                      turn a closed-beta feature on or off for a team (features: ${FEATURES.join(', ')})

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
  if (command !== 'migrate' && command !== 'bootstrap' && command !== 'features') {
    log(`unknown command "${command}"\n\n${USAGE}`);
    return 2;
  }
  const featureArgs = command === 'features' ? parseFeatureArgs(rest.filter((a) => a !== '--json')) : null;
  if (typeof featureArgs === 'string') {
    log(`${featureArgs}\n\n${USAGE}`);
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
    if (featureArgs) return await runFeatures(db, featureArgs, json, log);
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

type FeatureArgs =
  | { action: 'list'; teamId: string }
  | { action: 'enable' | 'disable'; teamId: string; feature: (typeof FEATURES)[number] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `features …` arguments, or what is wrong with them (before any database is opened). */
function parseFeatureArgs(args: string[]): FeatureArgs | string {
  const [action, teamId, feature, ...extra] = args;
  if (action !== 'list' && action !== 'enable' && action !== 'disable') {
    return `features: expected list, enable or disable, got "${action ?? ''}"`;
  }
  if (!teamId || !UUID.test(teamId)) return `features ${action}: expected a team id (uuid)`;
  if (action === 'list') {
    return feature === undefined ? { action, teamId } : `features list: unexpected argument "${feature}"`;
  }
  if (!feature || !isFeature(feature)) {
    return `features ${action}: expected one of ${FEATURES.join(', ')}, got "${feature ?? ''}"`;
  }
  if (extra.length > 0) return `features ${action}: unexpected argument "${extra[0]}"`;
  return { action, teamId, feature };
}

async function runFeatures(db: Knex, args: FeatureArgs, json: boolean, log: (msg: string) => void) {
  const features = createTeamFeaturesRepository(db);
  if (!(await features.teamExists(args.teamId))) {
    log(`no team ${args.teamId}`);
    return 1;
  }
  if (args.action === 'enable') {
    const changed = await features.enable(args.teamId, args.feature);
    log(changed ? `${args.feature} enabled for team ${args.teamId}` : `${args.feature} was already enabled`);
  } else if (args.action === 'disable') {
    const changed = await features.disable(args.teamId, args.feature);
    log(changed ? `${args.feature} disabled for team ${args.teamId}` : `${args.feature} was not enabled`);
  }
  const enabled = await features.list(args.teamId);
  if (json) process.stdout.write(`${JSON.stringify({ team_id: args.teamId, features: enabled })}\n`);
  else process.stdout.write(enabled.length ? `${enabled.join('\n')}\n` : '');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
