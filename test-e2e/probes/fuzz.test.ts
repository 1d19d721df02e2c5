/**
 * Issue #10, "Probes the project keeps": a fuzzer driven by the two OpenAPI documents. Every operation of
 * the data and management APIs gets every kind of bad input (wrong types, missing fields, 1 MB strings,
 * NUL and odd unicode, invalid UUIDs and dates, wrong content types, 5,000-level JSON, undecodable
 * Content-Encoding, bad percent-escapes, query-shape tricks, oversized request lines and headers, huge
 * numbers, malformed bodies, missing or wrong credentials, wrong methods), sent with valid keys of a
 * seeded tenant so the requests reach the handlers. The APIs run as processes from their `main.ts`.
 *
 * Beside the sampled run, every date and date-time parameter gets every impossible value of its kind.
 *
 * It asserts: no 5xx and no dropped connection; every error body is JSON in a documented form (and the
 * form the operation documents for its status); no stack trace, source path, SQL or HTML in any body;
 * no key, secret, personal value, stack trace or SQL in the processes' logs.
 *
 * The run is deterministic: FUZZ_SEED (default fixed) and FUZZ_COUNT (default: every operation × every
 * kind once, about 3,200 requests); `pnpm fuzz` runs a long one. A failure prints its case number:
 * FUZZ_SEED=<seed> FUZZ_CASES=<n> replays it.
 */
import {
  matchPending,
  matchPendingLog,
  PENDING_DEFECTS,
  stalePending,
  type PendingDefect,
} from './support/known-pending';
import { impossibleDateCases } from './support/format-probe';
import { sendRaw } from './support/raw-http';
import { checkResponse, type Finding } from './support/response-checks';
import { FUZZ_KINDS } from './support/fuzz-cases';
import { fuzzSettings, setUpFuzz, type FuzzSetup } from './support/fuzz-context';
import { formatReport, runFuzz, type FuzzReport } from './support/fuzz-runner';
import { formatLogFindings, scanForInternals, scanForValues } from './support/log-scan';

jest.setTimeout(600_000);

describe('OpenAPI-driven fuzz of the data and management APIs', () => {
  let setup: FuzzSetup;
  let report: FuzzReport;
  const datePending: Array<{ pending: PendingDefect }> = [];

  beforeAll(async () => {
    setup = await setUpFuzz();
    const operations = setup.docs.data.operations.length + setup.docs.management.operations.length;
    const { count, seed, only } = fuzzSettings(operations * FUZZ_KINDS.length);
    report = await runFuzz({
      docs: setup.docs,
      urls: setup.urls,
      ctx: setup.ctx,
      count,
      seed,
      only,
      pendingDefects: PENDING_DEFECTS,
    });
    process.stdout.write(`\n${formatReport(report)}\n`);
  });

  afterAll(async () => {
    await setup?.stack.stop();
  });

  it('covers every operation of both documents with every kind of input', () => {
    expect(report.operations).toBeGreaterThan(150);
    expect(report.requests).toBeGreaterThanOrEqual(
      process.env.FUZZ_CASES
        ? 1
        : Math.min(report.operations * FUZZ_KINDS.length, Number(process.env.FUZZ_COUNT ?? Infinity)),
    );
  });

  it('answers every request: no 5xx, no dropped connection, JSON errors in the documented forms, no internals', () => {
    const failures = report.failures.map(
      (f) =>
        `#${f.index} ${f.api} ${f.method} ${f.route} [${f.kind}: ${f.detail}] → ${f.status} ${f.findings.join('+')}: ${f.excerpt.slice(0, 160)}`,
    );
    expect(failures).toEqual([]);
  });

  it('refuses an impossible value in every date and date-time parameter with a documented 4xx', async () => {
    const cases = impossibleDateCases(setup.docs, setup.ctx);
    const problems: string[] = [];
    for (const { fuzzCase, detail } of cases) {
      const res = await sendRaw(setup.urls[fuzzCase.api], fuzzCase.request);
      const check = checkResponse(res, fuzzCase.op, setup.docs[fuzzCase.api].resolve);
      const findings: Finding[] =
        res.status >= 200 && res.status < 400 ? ['accepted_invalid', ...check.findings] : check.findings;
      if (findings.length === 0) continue;
      const line = `${fuzzCase.api} ${fuzzCase.request.method} ${fuzzCase.op.path} [${detail}] → ${res.status} ${findings.join('+')}: ${check.excerpt.slice(0, 120)}`;
      const pending = matchPending(PENDING_DEFECTS, {
        api: fuzzCase.api,
        method: fuzzCase.request.method,
        route: fuzzCase.op.path,
        kind: 'bad_date',
        detail,
        status: res.status,
        findings,
        excerpt: check.excerpt,
        index: -1,
        sent: '',
      });
      if (pending) datePending.push({ pending });
      if (pending) process.stdout.write(`  PENDING [${pending.id}] ${line}\n`);
      else problems.push(line);
    }
    process.stdout.write(
      `impossible dates: ${cases.length} requests, ${problems.length} problems, ${datePending.length} known pending\n`,
    );
    expect(cases.length).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it('is still serving with the keys it started with (the fuzz did not take its own tenant down)', async () => {
    expect(setup.stack.exited()).toEqual([]);
    const team = setup.org.teams[0]!;
    const users = await fetch(`${setup.stack.dataUrl}/v2/user`, {
      headers: { 'x-service-api-key': team.apiKeys.sandbox },
    });
    expect(users.status).toBe(200);
    const org = await fetch(`${setup.stack.managementUrl}/v1/org/${setup.org.orgId}`, {
      headers: { 'x-management-key': setup.org.orgKey },
    });
    expect(org.status).toBe(200);
  });

  it('logs no key, secret, client_user_id, name, date of birth or lab value, and no stack trace or SQL', () => {
    const lines = setup.stack.logLines();
    const values = new Map(setup.sensitive.kinds);
    for (const v of setup.ctx.sensitive) if (!values.has(v)) values.set(v, 'fuzzed personal value');
    const findings = [...scanForValues(lines, values), ...scanForInternals(lines)].map((finding) => ({
      finding,
      pending: matchPendingLog(PENDING_DEFECTS, finding),
    }));
    const open = findings.filter((f) => !f.pending).map((f) => f.finding);
    const pending = findings.filter((f) => f.pending);
    process.stdout.write(
      [
        `log scan (fuzz): ${lines.length} lines, ${values.size} values looked for, ${open.length} findings, ${pending.length} known pending`,
        ...formatLogFindings(
          pending.map((f) => f.finding),
          10,
        ).map((l) => `  PENDING ${l.slice(0, 300)}`),
        '',
      ].join('\n'),
    );
    const stale = stalePending(PENDING_DEFECTS, [...report.pending, ...pending, ...datePending]);
    if (stale.length > 0)
      process.stdout.write(
        `stale pending entries (their defect no longer shows; remove them): ${stale.map((d) => d.id).join(', ')}\n`,
      );
    expect(formatLogFindings(open)).toEqual([]);
  });
});
