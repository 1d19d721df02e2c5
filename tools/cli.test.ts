/** `pnpm cli` as a person first meets it: asking for help succeeds; a wrong command says so and fails. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

function cli(args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['--conditions=meridian-src', '--import', 'tsx', 'tools/cli.ts', ...args],
    {
      cwd: root,
      encoding: 'utf8',
      // No database is opened for help or usage errors: an unreachable one proves it.
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      timeout: 30_000,
    },
  );
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('pnpm cli', () => {
  it.each(['--help', '-h', 'help', 'bootstrap --help'])('prints its usage and exits 0 for `%s`', (line) => {
    const run = cli(line.split(' '));
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^usage: pnpm cli <command>/);
    expect(run.stdout).toContain('migrate');
    expect(run.stdout).toContain('bootstrap [--json]');
  });

  it('names an unknown command, prints the usage on stderr and exits 2', () => {
    const run = cli(['bootstrapp']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('unknown command "bootstrapp"');
    expect(run.stderr).toContain('usage: pnpm cli <command>');
  });
});
