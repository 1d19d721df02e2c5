/**
 * The long run of the OpenAPI-driven fuzzer (issue #10): the same cases as the bounded run in `pnpm test`
 * (test-e2e/probes/fuzz.test.ts), many more of them, with response validation on in the APIs.
 *
 *   pnpm fuzz [--count 50000] [--seed 20261110 | --seeds 1,2,3] [--concurrency 4] [--no-edge]
 *
 * FUZZ_CASES=<i>,<j> with the same seed replays single cases. Needs PostgreSQL (DATABASE_URL's server, a
 * fresh database); no broker. Prints the figures and every failure group; exits 1 when anything failed.
 *
 * After the seeded runs, an edge pass (skipped with --no-edge) sends every operation's valid request
 * changed in ways the random kinds do not cover, each checked like a fuzz case (never a 5xx, documented
 * error forms) plus its own rule: date-times in the query with raw `:` (legal in a query), date-times with
 * an hours-only offset (`+01`), an unpaired surrogate escape in a JSON body (must not be accepted), both
 * management key headers at once (X-Management-Key wins), HEAD on a GET path (GET without the body), and
 * a 405 naming the allowed methods.
 */
import { buildCase, FUZZ_KINDS, otherMethods, type FuzzContext } from '../test-e2e/probes/support/fuzz-cases';
import { setUpFuzz } from '../test-e2e/probes/support/fuzz-context';
import { formatReport, runFuzz } from '../test-e2e/probes/support/fuzz-runner';
import type { ApiDocument, ApiName, Operation, Schema } from '../test-e2e/probes/support/openapi-operations';
import { createPrng } from '../test-e2e/probes/support/prng';
import { sendRaw, type RawRequest, type RawResponse } from '../test-e2e/probes/support/raw-http';
import { checkResponse } from '../test-e2e/probes/support/response-checks';
import { matchPendingLog, PENDING_DEFECTS } from '../test-e2e/probes/support/known-pending';
import { formatLogFindings, scanForInternals, scanForValues } from '../test-e2e/probes/support/log-scan';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
  return value;
};

const DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The same instant written at +01:00 with the hours-only offset `+01`. */
function hoursOnlyOffset(value: string): string {
  const ms = Date.parse(value) + 3_600_000;
  return `${new Date(ms).toISOString().slice(0, 19)}+01`;
}

/** A copy of a JSON value with `change` applied to every string (keys untouched); whether any changed. */
function mapStrings(
  value: unknown,
  change: (s: string) => string | null,
): { value: unknown; changed: boolean } {
  if (typeof value === 'string') {
    const next = change(value);
    return next === null ? { value, changed: false } : { value: next, changed: true };
  }
  if (Array.isArray(value)) {
    const items = value.map((v) => mapStrings(v, change));
    return { value: items.map((i) => i.value), changed: items.some((i) => i.changed) };
  }
  if (value !== null && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const m = mapStrings(v, change);
      out[k] = m.value;
      changed ||= m.changed;
    }
    return { value: out, changed };
  }
  return { value, changed: false };
}

const isDateTimeSchema = (s: Schema | undefined): boolean =>
  !!s && (s.format === 'date-time' || [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(isDateTimeSchema));

interface EdgeCase {
  op: Operation;
  what: string;
  request: RawRequest;
  /** The edge's own rule on top of the fuzz checks; a failure description, or null. */
  rule?: (res: RawResponse) => string | null;
  /** The request still targets `op` (its documented answers apply). */
  targetsOperation: boolean;
  /** A HEAD request: no body to check, only its status. */
  head?: boolean;
}

function edgeCases(docs: Record<ApiName, ApiDocument>, ctx: FuzzContext): EdgeCase[] {
  const all = [...docs.data.operations, ...docs.management.operations];
  const cases: EdgeCase[] = [];
  const seenPaths = new Set<string>();
  all.forEach((op, i) => {
    const valid = buildCase(op, 'valid', createPrng(20261125).fork(i), ctx, all).request;
    const [path, query = ''] = valid.path.split('?');
    const dateParams = op.parameters.filter((p) => p.in === 'query' && isDateTimeSchema(p.schema));
    if (dateParams.length > 0) {
      const others = new URLSearchParams(query);
      for (const p of dateParams) others.delete(p.name);
      const rest = others.toString();
      const withDates = (value: string) =>
        `${path}?${dateParams.map((p) => `${p.name}=${value}`).join('&')}${rest ? `&${rest}` : ''}`;
      cases.push({
        op,
        what: `query ${dateParams.map((p) => p.name).join(', ')} = 2026-01-01T00:00:00Z, colons not encoded`,
        request: { ...valid, path: withDates('2026-01-01T00:00:00Z') },
        rule: (res) =>
          res.status === 422 && res.body.toString('utf8').includes('must be url encoded')
            ? 'a legal `:` in the query refused as not url encoded'
            : null,
        targetsOperation: true,
      });
      cases.push({
        op,
        what: `query ${dateParams.map((p) => p.name).join(', ')} with an hours-only offset (+01)`,
        request: { ...valid, path: withDates('2026-01-01T01:00:00%2B01') },
        targetsOperation: true,
      });
    }
    const json = valid.body && /json/.test(valid.headers['content-type'] ?? '') ? valid.body : undefined;
    if (json) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(json.toString('utf8'));
      } catch {
        parsed = undefined;
      }
      const offsets = mapStrings(parsed, (v) => (DATE_TIME.test(v) ? hoursOnlyOffset(v) : null));
      if (offsets.changed) {
        cases.push({
          op,
          what: 'body date-times with an hours-only offset (+01)',
          request: { ...valid, body: Buffer.from(JSON.stringify(offsets.value)) },
          targetsOperation: true,
        });
      }
      let first = true;
      const lone = mapStrings(parsed, (v) => (first ? ((first = false), `${v}\ud800`) : null));
      if (lone.changed) {
        cases.push({
          op,
          what: 'an unpaired surrogate escape (\\ud800) in the first body string',
          request: { ...valid, body: Buffer.from(JSON.stringify(lone.value)) },
          rule: (res) =>
            res.status >= 200 && res.status < 300
              ? 'an unpaired surrogate accepted (stored as U+FFFD)'
              : null,
          targetsOperation: true,
        });
      }
    }
    if (op.api === 'management' && op.method === 'get' && valid.headers['x-management-key']) {
      cases.push({
        op,
        what: 'X-Management-Key and a wrong X-Service-Org-Key: the first wins',
        request: { ...valid, headers: { ...valid.headers, 'x-service-org-key': 'mg_not_a_key' } },
        rule: (res) => (res.status === 401 ? 'the deprecated alias overrode X-Management-Key' : null),
        targetsOperation: true,
      });
      const { 'x-management-key': key, ...rest } = valid.headers;
      cases.push({
        op,
        what: 'the management key in the deprecated X-Service-Org-Key only',
        request: { ...valid, headers: { ...rest, 'x-service-org-key': key } },
        rule: (res) => (res.status === 401 || res.status === 403 ? 'the deprecated alias refused' : null),
        targetsOperation: true,
      });
    }
    if (op.method === 'get' && !seenPaths.has(`HEAD ${op.api} ${op.path}`)) {
      seenPaths.add(`HEAD ${op.api} ${op.path}`);
      cases.push({
        op,
        what: 'HEAD on a GET path',
        request: { ...valid, method: 'HEAD' },
        rule: (res) =>
          res.status === 405
            ? 'HEAD refused on a path that has GET'
            : res.body.length > 0
              ? 'a body in the answer to HEAD'
              : null,
        targetsOperation: false,
        head: true,
      });
    }
    const method = otherMethods(op, all).find((m) => m !== 'options');
    if (method && !seenPaths.has(`${op.api} ${op.path}`)) {
      seenPaths.add(`${op.api} ${op.path}`);
      cases.push({
        op,
        what: `${method.toUpperCase()} on a path without it`,
        request: { ...valid, method: method.toUpperCase() },
        rule: (res) => (res.status === 405 && !res.headers.allow ? '405 without an Allow header' : null),
        targetsOperation: false,
      });
    }
  });
  return cases;
}

async function runEdgePass(
  docs: Record<ApiName, ApiDocument>,
  urls: Record<ApiName, string>,
  ctx: FuzzContext,
): Promise<number> {
  const cases = edgeCases(docs, ctx);
  const byStatus = new Map<number, number>();
  const failures: string[] = [];
  for (const c of cases) {
    const res = await sendRaw(urls[c.op.api], c.request);
    byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
    const doc = docs[c.op.api];
    const checked = checkResponse(res, c.targetsOperation ? c.op : undefined, doc.resolve);
    // A HEAD answer has no body to read: only a 5xx or no answer counts.
    const findings = c.head
      ? checked.findings.filter((f) => f === 'server_error' || f === 'no_response')
      : checked.findings;
    const { excerpt } = checked;
    const broken = c.rule?.(res);
    if (findings.length > 0 || broken) {
      failures.push(
        `${c.op.api} ${c.request.method} ${c.op.path}: ${c.what} → ${res.status} ${[...findings, ...(broken ? [broken] : [])].join(', ')}\n      body: ${excerpt.slice(0, 200)}`,
      );
    }
  }
  const statuses = [...byStatus.entries()].sort(([a], [b]) => a - b);
  process.stdout.write(
    `edge pass: ${cases.length} requests; by status: ${statuses.map(([s, n]) => `${s}: ${n}`).join(', ')}; failures: ${failures.length}\n`,
  );
  for (const f of failures.slice(0, 200)) process.stdout.write(`  EDGE FAIL ${f}\n`);
  return failures.length;
}

async function main(): Promise<number> {
  process.env.FUZZ_VALIDATE_RESPONSES ??= '1';
  const count = flag('count', Number(process.env.FUZZ_COUNT ?? 50_000));
  const seedsAt = args.indexOf('--seeds');
  const seeds =
    seedsAt >= 0
      ? String(args[seedsAt + 1] ?? '')
          .split(',')
          .map(Number)
      : [flag('seed', Number(process.env.FUZZ_SEED ?? 20261110))];
  if (seeds.some((s) => !Number.isSafeInteger(s) || s < 0)) {
    throw new Error('--seeds must list non-negative integers');
  }
  const concurrency = flag('concurrency', 4);
  const only = process.env.FUZZ_CASES ? new Set(process.env.FUZZ_CASES.split(',').map(Number)) : undefined;
  const setup = await setUpFuzz();
  try {
    const operations = setup.docs.data.operations.length + setup.docs.management.operations.length;
    let failed = 0;
    let requests = 0;
    for (const seed of seeds) {
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
      failed += report.failures.length;
      requests += report.requests;
    }
    if (!args.includes('--no-edge')) {
      failed += await runEdgePass(setup.docs, setup.urls, setup.ctx);
    }
    if (seeds.length > 1) {
      process.stdout.write(`all seeds: ${requests} requests, ${failed} failures\n`);
    }
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
    return failed + findings.length + crashed.length > 0 ? 1 : 0;
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
