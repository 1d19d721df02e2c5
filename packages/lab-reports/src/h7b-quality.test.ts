import fs from 'node:fs';
import { createLabReportParser } from './index';
import { buildCorpusV2 } from './testing/corpus-v2/build';
import { runCorpusDocument } from './testing/run-corpus';

jest.mock('./ocr/ocr-quality', () => {
  const actual = jest.requireActual('./ocr/ocr-quality');
  return {
    ...actual,
    assessOcrQuality: (pages: unknown) => {
      const r = actual.assessOcrQuality(pages);
      (globalThis as any).__quality = { ...r, words: (pages as { words: unknown[] }[]).reduce((n, p) => n + p.words.length, 0) };
      return r;
    },
  };
});

jest.setTimeout(1_200_000);
it('measures', async () => {
  const docs = await buildCorpusV2({ part: 'dev', kind: 'ocr' });
  const parser = createLabReportParser();
  const out: unknown[] = [];
  for (const doc of docs) {
    (globalThis as any).__quality = null;
    const run = await runCorpusDocument(parser, doc);
    const o = run.outcome as any;
    const rows = o.status === 'completed' ? o.report.results.length : 0;
    out.push({ id: doc.id, family: doc.family, expected: doc.expected.failureReason ?? 'completed', got: run.outcome.status === 'failed' ? run.outcome.failureReason : run.outcome.status, q: (globalThis as any).__quality, s: run.parseSeconds, rows, expRows: (doc.expected as any).results?.length ?? 0 });
    fs.writeFileSync('/tmp/h7b-dump/quality-dev.json', JSON.stringify(out, null, 1));
  }
  fs.writeFileSync('/tmp/h7b-dump/quality-dev.json', JSON.stringify(out, null, 1));
  await parser.close();
});
