/**
 * The long run of the OpenAPI-driven fuzzer (issue #10): the same cases as the bounded run in `pnpm test`
 * (test-e2e/probes/fuzz.test.ts), many more of them, with response validation on in the APIs.
 *
 *   pnpm fuzz [--count 50000] [--seed 20261110] [--concurrency 4]
 *
 * FUZZ_CASES=<i>,<j> with the same seed replays single cases. Needs PostgreSQL (DATABASE_URL's server, a
 * fresh database); no broker. Prints the figures and every failure group; exits 1 when anything failed.
 */
import { FUZZ_KINDS } from '../test-e2e/probes/support/fuzz-cases';
import { setUpFuzz } from '../test-e2e/probes/support/fuzz-context';
import { formatReport, runFuzz } from '../test-e2e/probes/support/fuzz-runner';
import { matchPendingLog, PENDING_DEFECTS } from '../test-e2e/probes/support/known-pending';
import { formatLogFindings, scanForInternals, scanForValues } from '../test-e2e/probes/support/log-scan';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
  return value;
};

async function main(): Promise<number> {
  process.env.FUZZ_VALIDATE_RESPONSES ??= '1';
  const count = flag('count', Number(process.env.FUZZ_COUNT ?? 50_000));
  const seed = flag('seed', Number(process.env.FUZZ_SEED ?? 20261110));
  const concurrency = flag('concurrency', 4);
  const only = process.env.FUZZ_CASES ? new Set(process.env.FUZZ_CASES.split(',').map(Number)) : undefined;
  const setup = await setUpFuzz();
  try {
    const operations = setup.docs.data.operations.length + setup.docs.management.operations.length;
    process.stdout.write(
      `fuzzing ${operations} operations × ${FUZZ_KINDS.length} kinds: ${count} cases, seed ${seed}, ${concurrency} in flight\n`,
    );
    const report = await runFuzz({
      docs: setup.docs,
      urls: setup.urls,
      ctx: setup.ctx,
      count,
      seed,
      only,
      concurrency,
      pendingDefects: PENDING_DEFECTS,
      onProgress: (done, total) => process.stdout.write(`  ${done}/${total}\r`),
    });
    process.stdout.write(`${formatReport(report, 200)}\n`);
    const lines = setup.stack.logLines();
    const values = new Map(setup.sensitive.kinds);
    for (const v of setup.ctx.sensitive) if (!values.has(v)) values.set(v, 'fuzzed personal value');
    const findings = [...scanForValues(lines, values), ...scanForInternals(lines)].filter(
      (f) => !matchPendingLog(PENDING_DEFECTS, f),
    );
    process.stdout.write(`log scan: ${lines.length} lines, ${findings.length} findings\n`);
    for (const line of formatLogFindings(findings, 100)) process.stdout.write(`  LOG ${line}\n`);
    const crashed = setup.stack.exited();
    if (crashed.length > 0) process.stdout.write(`processes that exited: ${crashed.join(', ')}\n`);
    return report.failures.length + findings.length + crashed.length > 0 ? 1 : 0;
  } finally {
    await setup.stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
