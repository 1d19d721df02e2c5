/**
 * Writes corpus v2 documents and their ground truth to a directory, for looking at them:
 *
 *   node --conditions=meridian-src --import tsx packages/lab-reports/src/testing/corpus-v2/write-corpus.ts \
 *     <dir> [--part dev|eval] [--family a,b] [--limit N]
 *
 * One file per upload part plus `<id>.truth.json`. The evaluation part is for measuring only: do not tune on it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { planCorpusV2, renderPlanned, type Part } from './build';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dir = args[0];
  if (!dir || dir.startsWith('--'))
    throw new Error('usage: write-corpus.ts <dir> [--part dev|eval] [--family a,b] [--limit N]');
  const opt = (n: string) => {
    const i = args.indexOf(`--${n}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const part = (opt('part') ?? 'dev') as Part;
  const limit = opt('limit');
  const planned = planCorpusV2({
    part,
    families: opt('family')?.split(','),
    limit: limit ? Number(limit) : undefined,
  });
  mkdirSync(dir, { recursive: true });
  for (const p of planned) {
    const doc = await renderPlanned(p);
    for (const f of doc.files) writeFileSync(path.join(dir, f.filename ?? doc.id), f.bytes);
    const truth = {
      id: doc.id,
      family: doc.family,
      variant: doc.variant,
      part: doc.part,
      pageCount: doc.pageCount,
      scanned: doc.scanned,
      tags: doc.tags,
      expected: doc.expected,
    };
    writeFileSync(path.join(dir, `${doc.id}.truth.json`), `${JSON.stringify(truth, null, 2)}\n`);
  }
  process.stdout.write(`${planned.length} documents written to ${dir}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
