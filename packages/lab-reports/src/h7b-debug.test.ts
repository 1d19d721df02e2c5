import fs from 'node:fs';
jest.mock('./extract/extract-rows', () => {
  const actual = jest.requireActual('./extract/extract-rows');
  return { ...actual, extractRows: (p: unknown) => { (globalThis as any).__captured = p; return actual.extractRows(p); } };
});
import { createLabReportParser } from './index';
import { buildCorpusV2 } from './testing/corpus-v2/build';
import { runCorpusDocument } from './testing/run-corpus';
import type { Line } from './layout/layout-types';

jest.setTimeout(600_000);
it('dumps', async () => {
  const ids = (process.env.H7B_DOCS ?? '').split(',');
  let captured: Line[][] = [];
  const docs = (await buildCorpusV2({ part: 'dev' })).filter((d) => ids.includes(d.id));
  const parser = createLabReportParser();
  for (const doc of docs) {
    captured = [];
    (globalThis as any).__captured = [];
    const run = await runCorpusDocument(parser, doc);
    captured = (globalThis as any).__captured;
    const lines = captured.map((p, i) => `--- page ${i}\n` + p.map((l) => `${l.y0.toFixed(0)} h${l.height.toFixed(1)}: ` + l.cells.map((c) => `[${c.x0.toFixed(0)}] ${c.text}`).join(' | ')).join('\n')).join('\n');
    fs.writeFileSync(`/tmp/h7b-dump/${doc.id}.txt`, JSON.stringify({ expected: doc.expected, outcome: run.outcome.status === 'completed' ? { m: run.outcome.report.metadata, r: run.outcome.report.results.map((r) => [r.test_name, r.value, r.units, r.min_reference_range, r.max_reference_range, r.source_panel_name]) } : run.outcome }) + '\n' + lines);
  }
  await parser.close();
});
