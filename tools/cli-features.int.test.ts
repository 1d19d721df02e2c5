/** `pnpm cli features …`: an operator turns closed-beta features on and off for a team, in the real database. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { newId } from '@meridian/domain';

const root = path.resolve(__dirname, '..');

function cli(
  args: string[],
  databaseUrl: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=meridian-src', '--import', 'tsx', 'tools/cli.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: databaseUrl },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('pnpm cli features', () => {
  let db: TestDatabase;
  let teamId: string;
  let otherTeamId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const { orgId } = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, orgId)).teamId;
    otherTeamId = (await seedTeam(db.knex, orgId)).teamId;
  });
  afterAll(() => db.destroy());

  const enabled = async (team: string) =>
    (await db.knex('team_features').where({ team_id: team }).orderBy('feature').pluck('feature')) as string[];

  it('enables, lists and disables a feature for one team only, idempotently', async () => {
    const on = await cli(['features', 'enable', teamId, 'continuous_query'], db.url);
    expect(on.code).toBe(0);
    expect(on.stderr).toContain('continuous_query enabled');
    expect(await enabled(teamId)).toEqual(['continuous_query']);
    expect(await enabled(otherTeamId)).toEqual([]);

    const again = await cli(['features', 'enable', teamId, 'continuous_query'], db.url);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('already enabled');

    await cli(['features', 'enable', teamId, 'lab_report_human_review'], db.url);
    const list = await cli(['features', 'list', teamId, '--json'], db.url);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual({
      team_id: teamId,
      features: ['continuous_query', 'lab_report_human_review'],
    });

    const off = await cli(['features', 'disable', teamId, 'continuous_query'], db.url);
    expect(off.code).toBe(0);
    expect(off.stdout.trim()).toBe('lab_report_human_review');
    expect(await enabled(teamId)).toEqual(['lab_report_human_review']);
  }, 120_000);

  it('refuses an unknown feature or a malformed team id before touching the database, and names a missing team', async () => {
    const unknownFeature = await cli(
      ['features', 'enable', teamId, 'time_travel'],
      'postgres://nobody@127.0.0.1:1/none',
    );
    expect(unknownFeature.code).toBe(2);
    expect(unknownFeature.stderr).toContain('expected one of continuous_query, lab_report_human_review');

    const badTeam = await cli(['features', 'list', 'not-a-uuid'], 'postgres://nobody@127.0.0.1:1/none');
    expect(badTeam.code).toBe(2);
    expect(badTeam.stderr).toContain('expected a team id');

    const missing = newId();
    const noTeam = await cli(['features', 'enable', missing, 'continuous_query'], db.url);
    expect(noTeam.code).toBe(1);
    expect(noTeam.stderr).toContain(`no team ${missing}`);
  }, 120_000);
});
