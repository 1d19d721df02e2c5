#!/usr/bin/env node
/**
 * `pnpm test [jest args]`: unit + integration suites in parallel, then the end-to-end suites one at a
 * time (they run real processes that share the broker's queues, so two suites' workers would compete
 * for each other's messages). Extra arguments (paths, -t) go to both phases. Ends with one summary line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const args = process.argv.slice(2);
const filtered = args.length > 0 ? ['--passWithNoTests'] : [];
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=meridian-src`.trim(),
};
const dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let status = 0;

const phases = [
  ['unit', ['--selectProjects', 'unit+int']],
  ['e2e', ['--selectProjects', 'e2e', '--runInBand']],
];
for (const [name, phase] of phases) {
  const out = path.join(dir, `${name}.json`);
  const result = spawnSync(
    process.execPath,
    [jest, ...phase, ...filtered, '--json', `--outputFile=${out}`, ...args],
    {
      stdio: 'inherit',
      env,
    },
  );
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    totals.failed += 1;
  }
  if (result.status !== 0) {
    status = result.status ?? 1;
    break;
  }
}
rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
process.exit(status);
