import fs from 'node:fs';
jest.mock('./extract/extract-metadata', () => {
  const actual = jest.requireActual('./extract/extract-metadata');
  return { ...actual, extractMetadata: (p: unknown) => { (globalThis as any).__captured = p; return actual.extractMetadata(p); } };
});
import { createLabReportParser } from './index';
import { buildCorpus } from './testing/corpus';
import { runCorpusDocument } from './testing/run-corpus';
import type { Line } from './layout/layout-types';

jest.setTimeout(600_000);
it('dumps', async () => {
  const ids = (process.env.H7B_DOCS ?? '').split(',');
  let captured: Line[][] = [];
  const docs = (await buildCorpus()).filter((d) => ids.includes(d.id));
  const parser = createLabReportParser();
  for (const doc of docs) {
    captured = [];
    (globalThis as any).__captured = [];
    const run = await runCorpusDocument(parser, doc);
    captured = (globalThis as any).__captured;
    const lines = captured.map((p, i) => `--- page ${i}\n` + p.map((l) => `${l.y0.toFixed(0)} h${l.height.toFixed(1)}: ` + l.cells.map((c) => `[${c.x0.toFixed(0)}] ${c.text}`).join(' | ')).join('\n')).join('\n');
    fs.writeFileSync(`/tmp/h7b-dump/${doc.id}.txt`, JSON.stringify({ expected: doc.expected.metadata, outcome: run.outcome.status === 'completed' ? run.outcome.report.metadata : run.outcome }, null, 1) + '\n' + lines);
  }
  await parser.close();
});
