/**
 * Lab report parser accuracy and speed benchmark (issue #5): parses the generated corpus
 * (packages/lab-reports/src/testing, ground truth in testing/corpus/README.md) the way the API and the worker do
 * (upload checks, then the parser) and prints row precision/recall/F1, per-field exact-match rates, metadata
 * accuracy, LOINC top-1 accuracy, failure-reason accuracy and seconds per text and OCR page, with the targets.
 *
 *   pnpm bench:lab-reports [--only <id>[,<id>…]] [--ocr-workers 2] [--no-warmup] [--verbose]
 *
 * Seconds per page time `parser.parse` only (the worker's part), after an untimed warm-up parse of one text and
 * one OCR document; the upload checks (`inspectUpload`, the API's synchronous part) are shown separately.
 *
 * No database or broker; everything runs in this process (pdf.js in worker threads, tesseract.js workers).
 */
import { createLabReportParser } from '../packages/lab-reports/src/index';
import { buildCorpus, type CorpusOutcome } from '../packages/lab-reports/src/testing/corpus';
import { runCorpusDocument, type CorpusRun } from '../packages/lab-reports/src/testing/run-corpus';
import {
  describeDocumentScore,
  METADATA_FIELDS,
  ROW_FIELDS,
  scoreCorpus,
  type Rate,
} from '../packages/lab-reports/src/testing/scoring';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const ONLY = option('only')?.split(',');
const OCR_WORKERS = Number(option('ocr-workers') ?? 2);
const VERBOSE = args.includes('--verbose');
const NO_WARMUP = args.includes('--no-warmup');
const log = (msg: string) => process.stdout.write(`${msg}\n`);

const TARGETS = { rowF1: 0.97, loincTop1: 0.95, secondsPerTextPage: 1, secondsPerOcrPage: 5 };

const pct = (r: number) => `${(100 * r).toFixed(1)}%`;
const rate = (r: Rate) => `${pct(r.rate).padStart(6)}  (${r.correct}/${r.total})`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

async function main(): Promise<void> {
  let started = Date.now();
  const all = await buildCorpus();
  const docs = ONLY ? all.filter((d) => ONLY.includes(d.id)) : all;
  log(
    `corpus: ${docs.length} documents (${docs.filter((d) => d.scanned).length} scans), built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const parser = createLabReportParser({ ocrWorkers: OCR_WORKERS });
  const runs: CorpusRun[] = [];
  try {
    // Warm-up (untimed): the first text and the first OCR parse load pdf.js and start the tesseract workers.
    if (!NO_WARMUP) {
      for (const doc of [docs.find((d) => !d.scanned), docs.find((d) => d.scanned)]) {
        if (doc) await runCorpusDocument(parser, doc);
      }
    }
    log('');
    log(
      `${'document'.padEnd(30)} ${'kind'.padEnd(5)} ${'pages'.padStart(5)} ${'inspect s'.padStart(9)} ${'parse s'.padStart(8)}  outcome`,
    );
    started = Date.now();
    for (const doc of docs) {
      const run = await runCorpusDocument(parser, doc);
      runs.push(run);
      const o = run.outcome;
      const what =
        o.status === 'completed'
          ? `completed, ${o.report.results.length} rows`
          : o.status === 'failed'
            ? `failed: ${o.failureReason}`
            : `rejected: ${o.code}`;
      log(
        `${doc.id.padEnd(30)} ${(doc.scanned ? 'ocr' : 'text').padEnd(5)} ${String(doc.pageCount).padStart(5)} ${run.inspectSeconds.toFixed(2).padStart(9)} ${run.parseSeconds.toFixed(2).padStart(8)}  ${what}`,
      );
    }
    log(`parsed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await parser.close();
  }

  const score = scoreCorpus(
    docs,
    runs.map((r): CorpusOutcome => r.outcome),
  );
  // Seconds per page over documents that went through the whole parse (not refused, not stopped at the page limit).
  const timed = docs
    .map((doc, i) => ({ doc, run: runs[i] as CorpusRun }))
    .filter(({ doc, run }) => run.outcome.status !== 'rejected' && !doc.tags.includes('too-many-pages'));
  const perPage = (scanned: boolean) => {
    const set = timed.filter(({ doc }) => doc.scanned === scanned);
    const pages = set.reduce((s, { doc }) => s + doc.pageCount, 0);
    const seconds = set.reduce((s, { run }) => s + run.parseSeconds, 0);
    return { pages, seconds, perPage: pages === 0 ? 0 : seconds / pages };
  };
  const text = perPage(false);
  const ocr = perPage(true);

  log('');
  log('result rows (matched by normalised test name)');
  log(`  expected ${score.rows.expected}, found ${score.rows.found}, matched ${score.rows.matched}`);
  log(
    `  precision ${pct(score.rows.precision)}  recall ${pct(score.rows.recall)}  F1 ${score.rows.f1.toFixed(3)}   target ≥ ${TARGETS.rowF1}: ${verdict(score.rows.f1 >= TARGETS.rowF1)}`,
  );
  log('exact match on matched rows');
  for (const f of ROW_FIELDS) log(`  ${f.padEnd(20)} ${rate(score.fields[f])}`);
  log(`metadata accuracy       ${rate(score.metadata)}`);
  for (const f of METADATA_FIELDS) log(`  ${f.padEnd(20)} ${rate(score.metadata.byField[f])}`);
  log(
    `LOINC top-1 accuracy    ${rate(score.loincTop1)}   target ≥ ${TARGETS.loincTop1}: ${verdict(score.loincTop1.rate >= TARGETS.loincTop1)}`,
  );
  log(`failure-reason accuracy ${rate(score.failureReasons)}`);
  log(
    `seconds per text page   ${text.perPage.toFixed(2)}  (${text.pages} pages, ${text.seconds.toFixed(1)} s)   target ≤ ${TARGETS.secondsPerTextPage}: ${verdict(text.perPage <= TARGETS.secondsPerTextPage)}`,
  );
  log(
    `seconds per OCR page    ${ocr.perPage.toFixed(2)}  (${ocr.pages} pages, ${ocr.seconds.toFixed(1)} s)   target ≤ ${TARGETS.secondsPerOcrPage}: ${verdict(ocr.perPage <= TARGETS.secondsPerOcrPage)}`,
  );
  log(
    `documents meeting the corpus test's bar: ${score.documents.filter((d) => d.passed).length}/${score.documents.length}`,
  );
  const failing = score.documents.filter((d) => !d.passed);
  if (failing.length > 0) {
    log('');
    for (const d of failing) {
      const text = describeDocumentScore(d);
      log(VERBOSE ? text : text.split('\n').slice(0, 6).join('\n'));
    }
    if (!VERBOSE) log('(--verbose for every mismatch)');
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
