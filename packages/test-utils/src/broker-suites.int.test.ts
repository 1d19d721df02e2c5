import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Every suite that needs RabbitMQ (declared with `describeWithBroker`) is reported by jest as skipped when
 * the broker cannot be reached, never as passed, and fails under REQUIRE_SERVICES. Runs jest itself on
 * those suites with an AMQP_URL where nothing listens.
 */

const ROOT = path.resolve(__dirname, '../../..');
const JEST = require.resolve('jest/bin/jest');
const NOWHERE = 'amqp://guest:guest@127.0.0.1:1';

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: Array<{
    name: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
  }>;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts') && !e.parentPath.includes('node_modules'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Test files that declare a suite with describeWithBroker (this helper's own tests aside). */
function brokerSuites(): string[] {
  return ['packages', 'services', 'test-e2e']
    .flatMap((dir) => testFiles(path.join(ROOT, dir)))
    .filter((file) => file !== __filename && /\bdescribeWithBroker\(/.test(readFileSync(file, 'utf8')));
}

function runJest(files: string[], env: Record<string, string>): JestReport {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-broker-suites-'));
  const out = path.join(dir, 'report.json');
  try {
    const { MERIDIAN_TEST_BROKER_PROBE: _probe, REQUIRE_SERVICES: _required, ...inherited } = process.env;
    spawnSync(
      process.execPath,
      [JEST, '--json', `--outputFile=${out}`, '--runInBand', '--runTestsByPath', ...files],
      {
        cwd: ROOT,
        stdio: 'ignore',
        timeout: 150_000,
        env: {
          ...inherited,
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=meridian-src`.trim(),
          ...env,
        },
      },
    );
    return JSON.parse(readFileSync(out, 'utf8')) as JestReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('suites that need RabbitMQ, without a broker', () => {
  const suites = brokerSuites();

  it('finds the broker suites: the AMQP transport and the end-to-end suites', () => {
    const relative = suites.map((file) => path.relative(ROOT, file));
    expect(relative).toContain('packages/messaging/src/amqp-transport.int.test.ts');
    expect(relative.filter((file) => file.startsWith('test-e2e/')).length).toBeGreaterThanOrEqual(8);
  });

  it('are reported as skipped, not passed', () => {
    const report = runJest(suites, { AMQP_URL: NOWHERE });
    const ran = report.testResults.flatMap((r) =>
      r.assertionResults.filter((a) => a.status !== 'pending').map((a) => a.fullName),
    );
    // The one test in these files that needs no broker: the transport refusing to start without one.
    expect(ran).toEqual(['AmqpTransport without a broker fails to start when the broker cannot be reached']);
    expect(report.numFailedTests).toBe(0);
    expect(report.numPendingTests).toBeGreaterThanOrEqual(30);
  }, 160_000);

  it('fail when REQUIRE_SERVICES is set', () => {
    const report = runJest([path.join(ROOT, 'packages/messaging/src/amqp-transport.int.test.ts')], {
      AMQP_URL: NOWHERE,
      REQUIRE_SERVICES: '1',
    });
    const failures = report.testResults.flatMap((r) =>
      r.assertionResults.filter((a) => a.status === 'failed'),
    );
    expect(failures.length).toBeGreaterThanOrEqual(2);
    for (const failure of failures) {
      expect(failure.failureMessages.join('\n')).toContain(
        'RabbitMQ is not reachable at 127.0.0.1:1 and REQUIRE_SERVICES is set',
      );
    }
    expect(report.numPendingTests).toBe(0);
  }, 160_000);
});
