import fs from 'node:fs';
import { buildLines } from './layout/build-lines';
import { extractFreeResults } from './extract/extract-free-results';
import { extractRows } from './extract/extract-rows';
const file = process.argv[2] as string;
const items = [];
for (const l of fs.readFileSync(file, 'utf8').split('\n').slice(2)) {
  const m = /^(\d+) h([\d.]+): (.*)$/.exec(l);
  if (!m) continue;
  const y = Number(m[1]); const h = Number(m[2]);
  for (const c of (m[3] as string).split(' | ')) {
    const cm = /^\[(\d+)\] (.*)$/.exec(c);
    if (cm) items.push({ text: cm[2] as string, x0: Number(cm[1]), x1: Number(cm[1]) + (cm[2] as string).length * h * 0.5, y0: y, y1: y + h });
  }
}
const lines = buildLines({ width: 612, height: 792, items }, 0);
const t = extractRows([lines]);
console.log('table', t.map((r) => r.name));
console.log(JSON.stringify(extractFreeResults([lines], t)));
