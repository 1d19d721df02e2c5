import fs from 'node:fs';
import { createLabReportParser } from './index';
import { buildCorpus } from './testing/corpus';
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
  const docs = (await buildCorpus()).filter((d) => d.scanned || d.id.includes('scan') || d.id.includes('noise'));
  const parser = createLabReportParser();
  const out: unknown[] = [];
  for (const doc of docs) {
    (globalThis as any).__quality = null;
    const run = await runCorpusDocument(parser, doc);
    out.push({ id: doc.id, expected: doc.expected.failureReason ?? 'completed', got: run.outcome.status === 'failed' ? run.outcome.failureReason : run.outcome.status, q: (globalThis as any).__quality, s: run.parseSeconds });
  }
  fs.writeFileSync('/tmp/h7b-dump/quality.json', JSON.stringify(out, null, 1));
  await parser.close();
});
