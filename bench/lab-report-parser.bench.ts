/**
 * Lab report parser accuracy and speed benchmark (issues #5 and #15). Parses corpus v2
 * (packages/lab-reports/src/testing/corpus-v2, README there) the way the API and the worker do (upload checks, then
 * the parser) and prints, separately for the development part (tuned on) and the evaluation part (measured only):
 * row precision / recall / F1, value / unit / range / type / interpretation accuracy on matched rows, metadata
 * accuracy per field, LOINC top-1 and top-5, failure-reason accuracy, seconds per text page and per OCR page, a
 * per-family table, and the eval/dev ratio of the headline figures (the generalisation gap, same run).
 *
 *   pnpm bench:lab-reports [--part dev|eval|all] [--family a,b] [--limit N] [--kind text|ocr|all] [--ocr-limit N]
 *                          [--only id,id] [--legacy] [--ocr-workers 2] [--no-warmup] [--verbose] [--out file.json]
 *                          [--show-eval-details]
 *
 * --limit N keeps N documents per part, spread round-robin over the families; --ocr-limit N keeps at most N OCR
 * documents per part (OCR is slow: a quick run is `--kind text` or `--ocr-limit 4`). --legacy also runs the issue #5
 * corpus (packages/lab-reports/src/testing/corpus.ts) as a baseline. Seconds per page time `parser.parse` only,
 * after an untimed warm-up parse of one text and one OCR document. No database or broker needed.
 *
 * The evaluation part is measured, never tuned on: its per-document details (which documents fail and why, the
 * per-document lines of --verbose and --out) are hidden unless --show-eval-details; its aggregate figures are always
 * printed. `os.loadavg()` is printed at the start and the end (the machine is shared: timings depend on load).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createLabReportParser, type LabReportParser } from '../packages/lab-reports/src/index';
import {
  buildCorpus,
  type CorpusDocument,
  type CorpusOutcome,
} from '../packages/lab-reports/src/testing/corpus';
import {
  FAMILY_IDS,
  planCorpusV2,
  renderPlanned,
  type CorpusV2Document,
  type Part,
} from '../packages/lab-reports/src/testing/corpus-v2/build';
import { runCorpusDocument, type CorpusRun } from '../packages/lab-reports/src/testing/run-corpus';
import {
  describeDocumentScore,
  METADATA_FIELDS,
  ROW_FIELDS,
  scoreCorpus,
  type CorpusScore,
  type Rate,
} from '../packages/lab-reports/src/testing/scoring';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const PART = (option('part') ?? 'all') as Part | 'all';
const FAMILIES = option('family')?.split(',');
const LIMIT = option('limit') !== undefined ? Number(option('limit')) : undefined;
const KIND = (option('kind') ?? 'all') as 'text' | 'ocr' | 'all';
const OCR_LIMIT = option('ocr-limit') !== undefined ? Number(option('ocr-limit')) : undefined;
const ONLY = option('only')?.split(',');
const OUT = option('out');
const OCR_WORKERS = Number(option('ocr-workers') ?? 2);
const VERBOSE = args.includes('--verbose');
const NO_WARMUP = args.includes('--no-warmup');
const LEGACY = args.includes('--legacy');
const SHOW_EVAL_DETAILS = args.includes('--show-eval-details');
const log = (msg: string) => process.stdout.write(`${msg}\n`);

/** Issue #15 goals on the evaluation part. */
const TARGETS = {
  rowF1: 0.98,
  metadataField: 0.95,
  loincTop1: 0.98,
  secondsPerTextPage: 0.5,
  secondsPerOcrPage: 3,
};

const pct = (r: number) => `${(100 * r).toFixed(1)}%`;
const rate = (r: Rate) => `${pct(r.rate).padStart(6)}  (${r.correct}/${r.total})`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const printLoad = (when: string) =>
  log(
    `load average (1, 5, 15 min) ${when}: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
/** Per-document details of the evaluation part stay hidden unless asked for (no tuning on eval documents). */
const detailsShown = (partName: string) => SHOW_EVAL_DETAILS || !partName.startsWith('evaluation');

interface PartResult {
  name: string;
  docs: CorpusDocument[];
  runs: CorpusRun[];
  score: CorpusScore;
  text: { pages: number; seconds: number; perPage: number };
  ocr: { pages: number; seconds: number; perPage: number };
}

function perPage(docs: CorpusDocument[], runs: CorpusRun[], scanned: boolean) {
  const set = docs
    .map((doc, i) => ({ doc, run: runs[i] as CorpusRun }))
    .filter(
      ({ doc, run }) =>
        doc.scanned === scanned && run.outcome.status !== 'rejected' && !doc.tags.includes('too-many-pages'),
    );
  const pages = set.reduce((s, { doc }) => s + doc.pageCount, 0);
  const seconds = set.reduce((s, { run }) => s + run.parseSeconds, 0);
  return { pages, seconds, perPage: pages === 0 ? 0 : seconds / pages };
}

async function runPart(parser: LabReportParser, name: string, docs: CorpusDocument[]): Promise<PartResult> {
  log('');
  log(`== ${name}: ${docs.length} documents (${docs.filter((d) => d.scanned).length} OCR)`);
  const runs: CorpusRun[] = [];
  const started = Date.now();
  for (const doc of docs) {
    const run = await runCorpusDocument(parser, doc);
    runs.push(run);
    if (VERBOSE && detailsShown(name)) {
      const o = run.outcome;
      const what =
        o.status === 'completed'
          ? `completed, ${o.report.results.length} rows`
          : o.status === 'failed'
            ? `failed: ${o.failureReason}`
            : `rejected: ${o.code}`;
      log(
        `  ${doc.id.padEnd(36)} ${(doc.scanned ? 'ocr' : 'text').padEnd(5)} ${String(doc.pageCount).padStart(2)}p ${run.parseSeconds.toFixed(2).padStart(6)} s  ${what}`,
      );
    }
  }
  log(`  parsed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const score = scoreCorpus(
    docs,
    runs.map((r): CorpusOutcome => r.outcome),
  );
  return { name, docs, runs, score, text: perPage(docs, runs, false), ocr: perPage(docs, runs, true) };
}

function printPart(r: PartResult): void {
  const s = r.score;
  log('');
  log(`---- ${r.name} ----`);
  log(`result rows: expected ${s.rows.expected}, found ${s.rows.found}, matched ${s.rows.matched}`);
  log(
    `  precision ${pct(s.rows.precision)}  recall ${pct(s.rows.recall)}  F1 ${s.rows.f1.toFixed(3)}   goal ≥ ${TARGETS.rowF1}: ${verdict(s.rows.f1 >= TARGETS.rowF1)}`,
  );
  log('field accuracy on matched rows');
  for (const f of ROW_FIELDS) log(`  ${f.padEnd(22)} ${rate(s.fields[f])}`);
  log(`metadata accuracy        ${rate(s.metadata)}`);
  for (const f of METADATA_FIELDS) {
    const fr = s.metadata.byField[f];
    log(`  ${f.padEnd(22)} ${rate(fr)}   ${verdict(fr.rate >= TARGETS.metadataField)}`);
  }
  log(
    `LOINC top-1              ${rate(s.loincTop1)}   goal ≥ ${TARGETS.loincTop1}: ${verdict(s.loincTop1.rate >= TARGETS.loincTop1)}`,
  );
  log(
    `LOINC top-1 (catalogue)  ${rate(s.loincTop1InCatalogue)}   (rows whose expected code is in the catalogue)`,
  );
  log(`LOINC top-5              ${rate(s.loincTop5)}   (among the ranked matches returned)`);
  log(
    `failure reasons          ${rate(s.failureReasons)}   ${verdict(s.failureReasons.correct === s.failureReasons.total)}   (documents that must fail)`,
  );
  log(
    `status and reason right  ${rate(s.statusAndReason)}   ${verdict(s.statusAndReason.correct === s.statusAndReason.total)}   (every document: completed, or failed for the expected reason)`,
  );
  log(
    `seconds per text page    ${r.text.perPage.toFixed(2)}  (${r.text.pages} pages, ${r.text.seconds.toFixed(1)} s)   goal ≤ ${TARGETS.secondsPerTextPage}: ${verdict(r.text.perPage <= TARGETS.secondsPerTextPage)}`,
  );
  log(
    `seconds per OCR page     ${r.ocr.perPage.toFixed(2)}  (${r.ocr.pages} pages, ${r.ocr.seconds.toFixed(1)} s)   goal ≤ ${TARGETS.secondsPerOcrPage}: ${verdict(r.ocr.perPage <= TARGETS.secondsPerOcrPage || r.ocr.pages === 0)}`,
  );
}

function printFamilies(r: PartResult): void {
  const fam = (d: CorpusDocument) => (d as Partial<CorpusV2Document>).family ?? d.id;
  const families = [...new Set(r.docs.map(fam))];
  log('');
  log(`per family (${r.name})`);
  log(
    `  ${'family'.padEnd(22)} ${'docs'.padStart(4)} ${'rowP'.padStart(6)} ${'rowR'.padStart(6)} ${'F1'.padStart(6)} ${'meta'.padStart(6)} ${'loinc1'.padStart(6)} ${'reason'.padStart(6)} ${'s/page'.padStart(6)}`,
  );
  for (const f of families) {
    const idx = r.docs.map((d, i) => (fam(d) === f ? i : -1)).filter((i) => i >= 0);
    const docs = idx.map((i) => r.docs[i] as CorpusDocument);
    const runs = idx.map((i) => r.runs[i] as CorpusRun);
    const s = scoreCorpus(
      docs,
      runs.map((x) => x.outcome),
    );
    const pages = docs.reduce((n, d) => n + d.pageCount, 0);
    const secs = runs.reduce((n, x) => n + x.parseSeconds, 0);
    const hasRows = s.rows.expected > 0;
    const cellRate = (x: Rate) => (x.total === 0 ? '-' : pct(x.rate));
    log(
      `  ${f.padEnd(22)} ${String(docs.length).padStart(4)} ${(hasRows ? pct(s.rows.precision) : '-').padStart(6)} ${(hasRows ? pct(s.rows.recall) : '-').padStart(6)} ${(hasRows ? s.rows.f1.toFixed(3) : '-').padStart(6)} ${cellRate(s.metadata).padStart(6)} ${cellRate(s.loincTop1).padStart(6)} ${cellRate(s.failureReasons).padStart(6)} ${(pages ? (secs / pages).toFixed(2) : '-').padStart(6)}`,
    );
  }
}

function printFailures(r: PartResult): void {
  const failing = r.score.documents.filter((d) => !d.passed);
  if (failing.length === 0) return;
  log('');
  log(`documents below the per-document bar (${r.name}): ${failing.length}/${r.score.documents.length}`);
  if (!detailsShown(r.name)) {
    log('(details hidden: the evaluation part is not tuned on; --show-eval-details to print them)');
    return;
  }
  for (const d of failing) {
    const text = describeDocumentScore(d);
    log(VERBOSE ? text : text.split('\n').slice(0, 5).join('\n'));
  }
  if (!VERBOSE) log('(--verbose for every mismatch)');
}

async function main(): Promise<void> {
  printLoad('at start');
  let started = Date.now();
  const parts: Part[] = PART === 'all' ? ['dev', 'eval'] : [PART];
  if (FAMILIES)
    for (const f of FAMILIES)
      if (!FAMILY_IDS.includes(f)) throw new Error(`unknown family ${f}; families: ${FAMILY_IDS.join(', ')}`);
  const corpora = new Map<Part, CorpusDocument[]>();
  for (const part of parts) {
    let planned = planCorpusV2({ part, families: FAMILIES, limit: LIMIT, kind: KIND, ocrLimit: OCR_LIMIT });
    if (ONLY) planned = planned.filter((d) => ONLY.includes(d.id));
    const docs: CorpusDocument[] = [];
    for (const d of planned) docs.push(await renderPlanned(d));
    corpora.set(part, docs);
  }
  const legacy = LEGACY ? await buildCorpus() : [];
  log(
    `corpus v2 built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${parts.map((p) => `${p} ${corpora.get(p)?.length ?? 0}`).join(', ')}${LEGACY ? `, legacy ${legacy.length}` : ''}`,
  );

  const parser = createLabReportParser({ ocrWorkers: OCR_WORKERS });
  const results: PartResult[] = [];
  try {
    if (!NO_WARMUP) {
      const all = [...corpora.values()].flat();
      for (const doc of [all.find((d) => !d.scanned), all.find((d) => d.scanned)])
        if (doc) await runCorpusDocument(parser, doc);
    }
    started = Date.now();
    for (const part of parts)
      results.push(
        await runPart(
          parser,
          part === 'dev' ? 'development part' : 'evaluation part',
          corpora.get(part) ?? [],
        ),
      );
    if (LEGACY) results.push(await runPart(parser, 'legacy corpus (issue #5, baseline)', legacy));
    log(`\nall parsed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await parser.close();
  }

  for (const r of results) printPart(r);
  for (const r of results) if (!r.name.startsWith('legacy')) printFamilies(r);
  const dev = results.find((r) => r.name.startsWith('development'));
  const evaluation = results.find((r) => r.name.startsWith('evaluation'));
  if (dev && evaluation) {
    const ratio = (a: number, b: number) => (b === 0 ? '-' : (a / b).toFixed(3));
    log('');
    log('eval / dev ratio (1.000 = no generalisation gap)');
    log(
      `  row F1 ${ratio(evaluation.score.rows.f1, dev.score.rows.f1)}   metadata ${ratio(evaluation.score.metadata.rate, dev.score.metadata.rate)}   LOINC top-1 ${ratio(evaluation.score.loincTop1.rate, dev.score.loincTop1.rate)}   failure reasons ${ratio(evaluation.score.failureReasons.rate, dev.score.failureReasons.rate)}`,
    );
  }
  const legacyRun = results.find((r) => r.name.startsWith('legacy'));
  if (legacyRun && evaluation) {
    log(
      `  eval / legacy row F1 ${(evaluation.score.rows.f1 / (legacyRun.score.rows.f1 || 1)).toFixed(3)}   metadata ${(evaluation.score.metadata.rate / (legacyRun.score.metadata.rate || 1)).toFixed(3)}`,
    );
  }
  for (const r of results) printFailures(r);
  if (OUT) {
    const dump = results
      .filter((r) => detailsShown(r.name))
      .map((r) => ({
        part: r.name,
        documents: r.score.documents.map((d, i) => ({
          ...d,
          seconds: r.runs[i]?.parseSeconds,
          family: (r.docs[i] as Partial<CorpusV2Document>).family,
        })),
      }));
    writeFileSync(OUT, JSON.stringify(dump, null, 1));
    log(`\nper-document results written to ${OUT}${SHOW_EVAL_DETAILS ? '' : ' (evaluation part left out)'}`);
  }
  log('');
  printLoad('at end');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
