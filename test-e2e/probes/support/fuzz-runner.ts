/**
 * Runs fuzz cases against the running APIs and tallies what came back. Case `i` of a run is built from
 * its own PRNG (seed, i), so `FUZZ_SEED=<seed> FUZZ_CASES=<i>,<j>` replays exactly those requests.
 */
import { buildCase, FUZZ_KINDS, type FuzzContext, type FuzzKind } from './fuzz-cases';
import type { ApiDocument, ApiName, Operation } from './openapi-operations';
import { createPrng } from './prng';
import { sendRaw } from './raw-http';
import { checkResponse, type Finding } from './response-checks';
import { matchPending, type PendingDefect } from './known-pending';

export interface FuzzFailure {
  index: number;
  api: ApiName;
  method: string;
  /** The operation's path template (the sent path is in `sent`). */
  route: string;
  kind: FuzzKind;
  detail: string;
  status: number;
  findings: Finding[];
  excerpt: string;
  /** The request line as sent, shortened. */
  sent: string;
  pending?: PendingDefect;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  operations: number;
  byStatus: Map<number, number>;
  byKind: Map<FuzzKind, Map<string, number>>;
  /** Total response time per kind (where the run's time goes). */
  msByKind: Map<FuzzKind, number>;
  failures: FuzzFailure[];
  /** Failures matching a documented pending defect (fixed elsewhere, not hidden: printed too). */
  pending: FuzzFailure[];
  durationMs: number;
  slowest: { ms: number; what: string }[];
}

/** (operation, kind) pairs: every operation with every kind once, in a seeded order; then random pairs. */
export function casePlan(operations: Operation[], count: number, seed: number): Array<[Operation, FuzzKind]> {
  const matrix: Array<[Operation, FuzzKind]> = operations.flatMap((op) =>
    FUZZ_KINDS.map((k) => [op, k] as [Operation, FuzzKind]),
  );
  const prng = createPrng(seed ^ 0x5eed);
  for (let i = matrix.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [matrix[i], matrix[j]] = [matrix[j]!, matrix[i]!];
  }
  const plan = matrix.slice(0, count);
  while (plan.length < count) plan.push([prng.pick(operations), prng.pick(FUZZ_KINDS)]);
  return plan;
}

export async function runFuzz(opts: {
  docs: Record<ApiName, ApiDocument>;
  urls: Record<ApiName, string>;
  ctx: FuzzContext;
  count: number;
  seed: number;
  /** Only these case indexes (replay). */
  only?: Set<number>;
  pendingDefects: readonly PendingDefect[];
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<FuzzReport> {
  const operations = [...opts.docs.data.operations, ...opts.docs.management.operations];
  const plan = casePlan(operations, opts.count, opts.seed);
  const report: FuzzReport = {
    seed: opts.seed,
    requests: 0,
    operations: operations.length,
    byStatus: new Map(),
    byKind: new Map(),
    msByKind: new Map(),
    failures: [],
    pending: [],
    durationMs: 0,
    slowest: [],
  };
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < plan.length; index = next++) {
      if (opts.only && !opts.only.has(index)) continue;
      await runOne(index);
    }
  };
  const runOne = async (index: number) => {
    const [op, kind] = plan[index]!;
    const fuzzCase = buildCase(op, kind, createPrng(opts.seed).fork(index), opts.ctx, operations);
    const res = await sendRaw(opts.urls[op.api], fuzzCase.request);
    report.requests++;
    report.byStatus.set(res.status, (report.byStatus.get(res.status) ?? 0) + 1);
    const perKind = report.byKind.get(kind) ?? new Map<string, number>();
    const cls = res.status <= 0 ? 'none' : `${String(res.status)[0]}xx`;
    perKind.set(cls, (perKind.get(cls) ?? 0) + 1);
    report.byKind.set(kind, perKind);
    const what = `${fuzzCase.request.method} ${op.path} [${kind}: ${fuzzCase.detail}]`;
    report.msByKind.set(kind, (report.msByKind.get(kind) ?? 0) + res.ms);
    report.slowest.push({ ms: res.ms, what });
    report.slowest.sort((a, b) => b.ms - a.ms).splice(5);
    if (process.env.FUZZ_TRACE_VALID && kind === 'valid' && res.status >= 400)
      process.stdout.write(
        `valid→${res.status} ${fuzzCase.request.method} ${op.path} ${fuzzCase.request.path.slice(0, 120)} ${res.body.toString('utf8').slice(0, 200)}\n`,
      );
    const check = checkResponse(res, fuzzCase.targetsOperation ? op : undefined, opts.docs[op.api].resolve);
    if (check.findings.length > 0) {
      const failure: FuzzFailure = {
        index,
        api: op.api,
        method: fuzzCase.request.method,
        route: op.path,
        kind,
        detail: fuzzCase.detail,
        status: res.status,
        findings: check.findings,
        excerpt: check.excerpt,
        sent: shorten(`${fuzzCase.request.method} ${fuzzCase.request.path}`),
      };
      failure.pending = matchPending(opts.pendingDefects, failure);
      (failure.pending ? report.pending : report.failures).push(failure);
    }
    if (opts.onProgress && index % 250 === 0) opts.onProgress(index, plan.length);
  };
  // A few requests in flight (each case is still built from its own PRNG, so it is the same request).
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  report.failures.sort((a, b) => a.index - b.index);
  report.pending.sort((a, b) => a.index - b.index);
  report.durationMs = performance.now() - started;
  return report;
}

function shorten(s: string, max = 160): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length} chars)` : s;
}

/** The run's figures as printable lines. */
export function formatReport(report: FuzzReport, maxFailures = 60): string {
  const lines: string[] = [];
  const statuses = [...report.byStatus.entries()].sort((a, b) => a[0] - b[0]);
  lines.push(
    `fuzz: ${report.requests} requests over ${report.operations} operations in ${(report.durationMs / 1000).toFixed(1)} s (seed ${report.seed})`,
  );
  lines.push(`  by status: ${statuses.map(([s, n]) => `${s <= 0 ? 'no response' : s}: ${n}`).join(', ')}`);
  for (const [kind, classes] of report.byKind)
    lines.push(
      `  ${kind.padEnd(22)} ${[...classes.entries()]
        .sort()
        .map(([c, n]) => `${c} ${n}`)
        .join(', ')}; ${((report.msByKind.get(kind) ?? 0) / 1000).toFixed(1)} s`,
    );
  lines.push(
    `  slowest: ${report.slowest.map((s) => `${s.ms.toFixed(0)} ms ${s.what.slice(0, 100)}`).join(' | ')}`,
  );
  lines.push(
    `  failures: ${report.failures.length}; known pending (fixed elsewhere): ${report.pending.length}`,
  );
  lines.push(...groupFailures(report.failures, maxFailures).map((l) => `  FAIL ${l}`));
  lines.push(...groupFailures(report.pending, 30).map((l) => `  PENDING ${l}`));
  return lines.join('\n');
}

/** One line per (api, method, route, kind, status, findings), with a count and the first case. */
export function groupFailures(failures: FuzzFailure[], max: number): string[] {
  const groups = new Map<string, { n: number; first: FuzzFailure }>();
  for (const f of failures) {
    const key = `${f.api} ${f.method} ${f.route} ${f.kind} ${f.status} ${f.findings.join('+')}`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { n: 1, first: f });
  }
  const out = [...groups.entries()].map(
    ([key, { n, first }]) =>
      `${key} ×${n} — case #${first.index}: ${first.detail}${first.pending ? ` [${first.pending.id}]` : ''}\n      sent: ${first.sent}\n      body: ${first.excerpt.slice(0, 200)}`,
  );
  return out.length > max ? [...out.slice(0, max), `… and ${out.length - max} more groups`] : out;
}
