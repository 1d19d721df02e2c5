/**
 * Draws a DocSpecV2 on a Surface: header (one of several kinds and places), result blocks (tables in one to three
 * columns, cards, stacked blocks, sentences, fixed-width LIS lines), footers with "Page x of n" and distractor
 * dates. Pagination is computed on a measuring surface first, so every page knows the page count.
 */
import type { PrintedRow } from '../corpus/ground-truth';
import { formatDateV2, formatRange, printName } from './format';
import type { ColumnKey, DocSpecV2, SentenceKind } from './spec';
import { measuring, type Surface, type TextStyle } from './surface';

const M = 40;

interface Block {
  height: number;
  /** Keep with the following block (panel titles). */
  keep?: boolean;
  /** Table column heads are drawn at the top of each frame holding table rows. */
  table?: boolean;
  draw(p: Surface, x: number, y: number, w: number): void;
}

function wrap(p: Surface, text: string, width: number, st: TextStyle): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const w of text.split(' ')) {
    const next = cur ? `${cur} ${w}` : w;
    if (cur && p.widthOf(next, st) > width) {
      lines.push(cur);
      cur = w;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

const dt = (s: DocSpecV2, iso: string, time?: string) =>
  `${formatDateV2(iso, s.dateStyle)}${s.withTimes && time ? ` ${time}` : ''}`;

function ageAt(dob: string, on: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

function sexText(s: DocSpecV2): string | null {
  if (s.sexStyle === 'none') return null;
  const male = s.patient.gender === 'male';
  return s.sexStyle === 'letter' ? (male ? 'M' : 'F') : male ? 'Male' : 'Female';
}

/** Label/value pairs of the metadata block, in print order, per column. */
function metaPairs(s: DocSpecV2): { left: [string, string][]; right: [string, string][] } {
  const n = printName(s.patient, s.nameStyle, s.region);
  const L = s.labels;
  const left: [string, string][] = [];
  if (s.nameStyle === 'split' || s.nameStyle === 'SPLIT') {
    left.push([L.split[0], n.last], [L.split[1], n.first]);
  } else left.push([L.name, n.text]);
  const age = ageAt(s.patient.dob, s.collected);
  if (s.showDob) left.push([L.dob, formatDateV2(s.patient.dob, s.dateStyle)]);
  const sex = sexText(s);
  if (!s.showDob) left.push([L.age, `${age} Yrs${sex ? ` / ${sex}` : ''}`]);
  else if (sex) left.push([L.sex, sex]);
  if (s.patientId) left.push([s.patientId.label, s.patientId.value]);
  const right: [string, string][] = [
    [L.specimen, s.specimen],
    [L.collected, dt(s, s.collected, '08:42')],
  ];
  if (s.received) right.push([L.received, dt(s, s.received, '11:05')]);
  right.push([L.reported, dt(s, s.reported, '16:20')]);
  right.push([L.physician, s.physician]);
  return { left, right };
}

/** Draws the page header; returns the y where content starts. */
function drawHeader(p: Surface, s: DocSpecV2, page: number, pages: number): number {
  const f = s.font;
  const hs = Math.min(s.size, 9.5);
  const st: TextStyle = { family: f, size: hs };
  const bold: TextStyle = { ...st, bold: true };
  const brand: TextStyle = { family: f, size: s.header === 'lis' ? hs + 1 : 15, bold: true };
  let y = 28;
  if (s.faxBanner) {
    p.text(
      `${s.faxBanner}   P.${String(page).padStart(3, '0')}/${String(pages).padStart(3, '0')}`,
      M - 10,
      10,
      { family: 'mono', size: 7 },
    );
    y = 34;
  }
  const pageLabel = pages > 1 ? `Page ${page} of ${pages}` : '';
  if (page > 1 && s.repeat === 'compact' && s.header !== 'lis') {
    const n = printName(s.patient, s.nameStyle, s.region);
    const who = n.text || `${n.last}, ${n.first}`;
    p.text(`${s.labName}`, M, y, bold);
    p.text(`${who}   ${s.labels.specimen}: ${s.specimen}   (continued)`, M, y + hs + 4, st);
    if (pageLabel) p.text(pageLabel, p.width - M - p.widthOf(pageLabel, st), y, st);
    p.line(M, y + 2 * hs + 10, p.width - M, y + 2 * hs + 10, 0.6);
    return y + 2 * hs + 18;
  }
  const { left, right } = metaPairs(s);
  const lh = hs + 5;
  switch (s.header) {
    case 'kv2':
    case 'bottom': {
      p.text(s.labName, M, y, brand);
      p.text(`${s.lab.address}  Tel ${s.lab.phone}`, M, y + 19, { family: f, size: hs - 1.5 });
      if (pageLabel) p.text(pageLabel, p.width - M - p.widthOf(pageLabel, st), y + 2, st);
      y += 36;
      p.text(s.header === 'bottom' ? 'RESULTS' : 'LABORATORY REPORT', M, y, {
        family: f,
        size: hs + 2,
        bold: true,
      });
      y += hs + 10;
      if (s.header === 'bottom') {
        p.line(M, y, p.width - M, y, 0.8);
        return y + 8;
      }
      const lw = Math.max(...left.map(([l]) => p.widthOf(`${l}:`, bold))) + 8;
      const rw = Math.max(...right.map(([l]) => p.widthOf(`${l}:`, bold))) + 8;
      const rx = p.width / 2 + 10;
      left.forEach(([l, v], i) => {
        p.text(`${l}:`, M, y + i * lh, bold);
        p.text(v, M + lw, y + i * lh, st);
      });
      right.forEach(([l, v], i) => {
        p.text(`${l}:`, rx, y + i * lh, bold);
        p.text(v, rx + rw, y + i * lh, st);
      });
      y += Math.max(left.length, right.length) * lh + 2;
      p.line(M, y, p.width - M, y, 0.8);
      return y + 10;
    }
    case 'grid': {
      p.text(s.labName, M, y, brand);
      if (pageLabel) p.text(pageLabel, p.width - M - p.widthOf(pageLabel, st), y + 2, st);
      y += 26;
      const cells = [...left, ...right];
      const perRow = 4;
      const w = (p.width - 2 * M) / perRow;
      for (let r = 0; r < cells.length; r += perRow) {
        p.fillRect(M, y, p.width - 2 * M, hs + 5, 0.87);
        cells.slice(r, r + perRow).forEach(([l, v], i) => {
          p.text(l, M + 4 + i * w, y + 2, bold);
          p.text(v, M + 4 + i * w, y + hs + 8, st);
        });
        y += 2 * hs + 16;
      }
      return y + 6;
    }
    case 'sidebar': {
      p.text(s.labName, M, y, brand);
      p.text(s.lab.address, M, y + 19, { family: f, size: hs - 1.5 });
      const bw = 230;
      const bx = p.width - M - bw;
      const by = y + 34;
      p.rect(bx, by - 4, bw, left.length * lh + 10);
      left.forEach(([l, v], i) => {
        p.text(`${l}`, bx + 6, by + i * lh, bold);
        p.text(v, bx + 84, by + i * lh, st);
      });
      right.forEach(([l, v], i) => {
        p.text(`${l}`, M, by + i * lh, bold);
        p.text(v, M + 96, by + i * lh, st);
      });
      if (pageLabel) p.text(pageLabel, p.width - M - p.widthOf(pageLabel, st), y + 2, st);
      const end = by + Math.max(left.length * lh + 10, right.length * lh) + 6;
      p.line(M, end, p.width - M, end, 0.8);
      return end + 10;
    }
    case 'strip': {
      p.text(s.labName, M, y, brand);
      if (pageLabel) p.text(pageLabel, p.width - M - p.widthOf(pageLabel, st), y + 2, st);
      y += 24;
      p.line(M, y, p.width - M, y, 0.6);
      y += 5;
      const lines = [left, right].map((pairs) => pairs.map(([l, v]) => `${l}: ${v}`));
      for (const parts of lines) {
        let line = '';
        for (const part of parts) {
          const next = line ? `${line}   |   ${part}` : part;
          if (line && p.widthOf(next, st) > p.width - 2 * M) {
            p.text(line, M, y, st);
            y += lh;
            line = part;
          } else line = next;
        }
        p.text(line, M, y, st);
        y += lh;
      }
      p.line(M, y, p.width - M, y, 0.6);
      return y + 10;
    }
    case 'letter': {
      p.text(s.labName, M, y, brand);
      p.text(`${s.lab.address} | ${s.lab.phone}`, M, y + 19, { family: f, size: hs - 1.5 });
      y += 46;
      const n = printName(s.patient, s.nameStyle, s.region);
      p.text(n.text, M, y, st);
      p.text('14 Orchard Close', M, y + lh, st);
      p.text(s.lab.address.split(',').slice(-2).join(',').trim(), M, y + 2 * lh, st);
      const date = formatDateV2(s.reported, s.dateStyle);
      p.text(date, p.width - M - p.widthOf(date, st), y, st);
      y += 4 * lh;
      const facts = [
        ...(s.showDob ? [`${s.labels.dob}: ${formatDateV2(s.patient.dob, s.dateStyle)}`] : []),
        `${s.labels.specimen}: ${s.specimen}`,
        `${s.labels.collected}: ${dt(s, s.collected, '09:10')}`,
        `${s.labels.reported}: ${dt(s, s.reported, '15:45')}`,
      ];
      p.text(facts.join('    '), M, y, bold);
      y += lh + 6;
      if (pageLabel) p.text(pageLabel, p.width - M - p.widthOf(pageLabel, st), 28, st);
      return y;
    }
    case 'colon': {
      p.text(
        s.labName.toUpperCase() === s.labName ? s.labName : s.labName,
        (p.width - p.widthOf(s.labName, brand)) / 2,
        y,
        brand,
      );
      const addr = s.lab.address;
      p.text(addr, (p.width - p.widthOf(addr, { family: f, size: hs - 1.5 })) / 2, y + 19, {
        family: f,
        size: hs - 1.5,
      });
      y += 38;
      p.line(M, y, p.width - M, y, 1);
      y += 6;
      const lw = Math.max(...left.map(([l]) => p.widthOf(l, st))) + 6;
      const rw = Math.max(...right.map(([l]) => p.widthOf(l, st))) + 6;
      const rx = p.width / 2 + 20;
      left.forEach(([l, v], i) => {
        p.text(l, M, y + i * lh, st);
        p.text(':', M + lw, y + i * lh, st);
        p.text(v, M + lw + 8, y + i * lh, i === 0 ? bold : st);
      });
      right.forEach(([l, v], i) => {
        p.text(l, rx, y + i * lh, st);
        p.text(':', rx + rw, y + i * lh, st);
        p.text(v, rx + rw + 8, y + i * lh, st);
      });
      y += Math.max(left.length, right.length) * lh + 2;
      p.line(M, y, p.width - M, y, 1);
      if (pageLabel) p.text(pageLabel, p.width - M - p.widthOf(pageLabel, st), 12, st);
      return y + 10;
    }
    case 'boxed': {
      p.text(s.labName, M, y, brand);
      if (pageLabel) p.text(pageLabel, p.width - M - p.widthOf(pageLabel, st), y + 2, st);
      y += 26;
      const cells = [...left, ...right];
      const rows = Math.ceil(cells.length / 2);
      const cw = (p.width - 2 * M) / 4;
      for (let r = 0; r < rows; r += 1) {
        for (let c = 0; c < 2; c += 1) {
          const cell = cells[r * 2 + c];
          if (!cell) continue;
          const x = M + c * 2 * cw;
          p.fillRect(x, y, cw, lh + 2, 0.9);
          p.rect(x, y, cw, lh + 2);
          p.rect(x + cw, y, cw, lh + 2);
          p.text(cell[0], x + 3, y + 3, bold);
          p.text(cell[1], x + cw + 3, y + 3, st);
        }
        y += lh + 2;
      }
      return y + 12;
    }
    case 'lis': {
      const mono: TextStyle = { family: 'mono', size: hs };
      const n = printName(s.patient, s.nameStyle, s.region);
      const pad = (t: string, k: number) => (t.length >= k ? `${t} ` : t.padEnd(k));
      const lines = [
        s.labName,
        s.lab.address.toUpperCase(),
        '',
        `${pad(`${s.labels.name.toUpperCase()}: ${n.text || `${n.last}, ${n.first}`}`, 44)}${s.labels.specimen.toUpperCase()}: ${s.specimen}`,
        `${pad(s.showDob ? `${s.labels.dob.toUpperCase()}: ${formatDateV2(s.patient.dob, s.dateStyle)}` : `AGE: ${ageAt(s.patient.dob, s.collected)}`, 22)}${pad(sexText(s) ? `${s.labels.sex.toUpperCase()}: ${sexText(s)}` : '', 22)}${s.labels.collected.toUpperCase()}: ${dt(s, s.collected, '0842')}`,
        `${pad(`${s.labels.physician.toUpperCase()}: ${s.physician.toUpperCase()}`, 44)}${s.labels.reported.toUpperCase()}: ${dt(s, s.reported, '1620')}`,
        '-'.repeat(Math.floor((p.width - 2 * M) / (hs * 0.6))),
      ];
      lines.forEach((t, i) => p.text(t, M, y + i * (hs + 3), i === 0 ? { ...mono, bold: true } : mono));
      if (pages > 1)
        p.text(
          `PAGE ${page} OF ${pages}`,
          p.width - M - p.widthOf(`PAGE ${page} OF ${pages}`, mono),
          y,
          mono,
        );
      return y + lines.length * (hs + 3) + 4;
    }
  }
}

function drawFooter(p: Surface, s: DocSpecV2, page: number, pages: number): number {
  const st: TextStyle = { family: s.header === 'lis' ? 'mono' : s.font, size: 7 };
  const y = p.height - 34;
  p.line(M, y - 4, p.width - M, y - 4, 0.5);
  const left = s.printed ? `Printed: ${formatDateV2(s.printed, s.dateStyle)} 07:31` : 'Final report';
  p.text(`${left}   ${s.lab.name} | ${s.lab.phone}`, M, y, st);
  if (s.header !== 'lis') {
    const label = page === pages ? '*** End of report ***' : 'continued overleaf';
    p.text(label, p.width - M - p.widthOf(label, st), y, st);
  }
  p.text('Results relate only to the specimen received. Accredited medical laboratory.', M, y + 10, st);
  return y - 10;
}

function cell(key: ColumnKey, r: PrintedRow, s: DocSpecV2): string {
  const range = formatRange(r.range, s.rangeStyle);
  const flagged = r.flag !== '';
  switch (key) {
    case 'name':
      return r.name;
    case 'value':
      return r.value;
    case 'flag':
      return r.flag;
    case 'units':
      return r.units ?? '';
    case 'range':
      return range;
    case 'valueFlag':
      return flagged ? `${r.value} ${r.flag}` : r.value;
    case 'valueUnits':
      return [r.value, r.units ?? '', flagged ? r.flag : ''].filter((x) => x !== '').join(' ');
    case 'rangeUnits':
      return [range, r.units ?? ''].filter((x) => x !== '').join(' ');
    case 'prev1':
      return s.history.get(r.name)?.[0] ?? '';
    case 'prev2':
      return s.history.get(r.name)?.[1] ?? '';
    case 'status':
      return 'Final';
  }
}

/** Relative column widths per key. */
const WIDTH: Record<ColumnKey, number> = {
  name: 3.4,
  value: 1.1,
  flag: 0.9,
  units: 1.4,
  range: 1.6,
  valueFlag: 1.3,
  valueUnits: 2.0,
  rangeUnits: 2.4,
  prev1: 1.1,
  prev2: 1.1,
  status: 0.9,
};

function columnsOf(s: DocSpecV2, width: number): { key: ColumnKey; x: number; w: number }[] {
  if (s.results.kind !== 'table') return [];
  const keys = s.results.columns;
  const total = keys.reduce((a, k) => a + WIDTH[k], 0);
  let x = 0;
  return keys.map((k) => {
    const w = (WIDTH[k] / total) * width;
    const c = { key: k, x, w };
    x += w;
    return c;
  });
}

function titleOf(s: DocSpecV2, key: ColumnKey): string {
  if (s.results.kind !== 'table') return '';
  const given = s.results.titles[key];
  if (given !== undefined) return given;
  if (key === 'prev1') return formatDateV2(s.historyDates[0], s.dateStyle);
  if (key === 'prev2') return formatDateV2(s.historyDates[1], s.dateStyle);
  return key;
}

function sentence(kind: SentenceKind, r: PrintedRow, s: DocSpecV2, i: number): string {
  const range = formatRange(
    r.range,
    s.rangeStyle === 'paren' || s.rangeStyle === 'bracket'
      ? 'endash'
      : s.rangeStyle === 'spaced-paren'
        ? 'spaced'
        : s.rangeStyle,
  );
  const u = r.units ? ` ${r.units}` : '';
  const ref = range ? range : 'not established';
  const name = i % 3 === 1 && kind !== 'colon' ? r.name : r.name;
  switch (kind) {
    case 'was':
      return `${name} was ${r.value}${u} (reference ${ref}).`;
    case 'your':
      return `Your ${name} result is ${r.value}${u}; the normal range is ${ref}.`;
    case 'colon':
      return `${name}: ${r.value}${u} (normal ${ref}).`;
    case 'came':
      return `The ${name} came back at ${r.value}${u}, against a reference interval of ${ref}.`;
    case 'measured':
      return `${name} measured ${r.value}${u} [ref. ${ref}].`;
    case 'showed':
      return `Your ${name} showed ${r.value}${u} (normal range ${ref}).`;
    case 'found':
      return `We found a ${name} of ${r.value}${u}; the reference range is ${ref}.`;
    case 'comma':
      return `${name}, ${r.value}${u} (ref ${ref}).`;
  }
}

function resultBlocks(p: Surface, s: DocSpecV2, frameWidth: number): Block[] {
  const size = s.size;
  const lh = size + 3.5;
  const body: TextStyle = { family: s.results.kind === 'lis' ? 'mono' : s.font, size };
  const bold: TextStyle = { ...body, bold: true };
  const blocks: Block[] = [];
  for (const text of s.preamble) {
    const lines = wrap(p, text, frameWidth, { ...body, italic: true });
    blocks.push({
      height: lines.length * lh + 6,
      draw: (q, x, y) => lines.forEach((l, i) => q.text(l, x, y + i * lh, { ...body, italic: true })),
    });
  }
  const res = s.results;
  for (const panel of s.panels) {
    if (panel.title !== null) {
      const t = panel.title;
      blocks.push({
        height: lh + 8,
        keep: true,
        table: res.kind === 'table',
        draw: (q, x, y) => q.text(t, x, y + 4, { ...bold, size: size + 0.5 }),
      });
    }
    switch (res.kind) {
      case 'table': {
        const cols = columnsOf(s, frameWidth);
        const nameCol = cols.find((c) => c.key === 'name') as { w: number };
        for (const r of panel.rows) {
          const nameLines = wrap(p, r.name, nameCol.w - 6, body);
          blocks.push({
            height: nameLines.length * lh + 3,
            table: true,
            draw: (q, x, y, w) => {
              for (const c of cols) {
                if (c.key === 'name') nameLines.forEach((l, i) => q.text(l, x + c.x, y + i * lh, body));
                else {
                  const t = cell(c.key, r, s);
                  const st = c.key === 'flag' && t ? bold : body;
                  if (t) q.text(t, x + c.x, y, st);
                }
              }
              if (res.rules) q.line(x, y + nameLines.length * lh, x + w, y + nameLines.length * lh, 0.25);
            },
          });
        }
        break;
      }
      case 'cards': {
        const gap = 10;
        const cw = (frameWidth - gap * (res.perRow - 1)) / res.perRow;
        for (let i = 0; i < panel.rows.length; i += res.perRow) {
          const group = panel.rows.slice(i, i + res.perRow);
          const lines = group.map((r) => wrap(p, r.name, cw - (res.badge ? 74 : 16), bold));
          const nameH = Math.max(...lines.map((l) => l.length)) * lh;
          const h = nameH + 3 * lh + 22;
          blocks.push({
            height: h + gap,
            draw: (q, x, y) => {
              group.forEach((r, k) => {
                const cx = x + k * (cw + gap);
                q.rect(cx, y, cw, h);
                (lines[k] as string[]).forEach((l, j) => q.text(l, cx + 8, y + 6 + j * lh, bold));
                let yy = y + 8 + nameH;
                const big: TextStyle = { ...body, size: size + 5, bold: true };
                if (res.valueLabel) {
                  q.greyText(res.valueLabel, cx + 8, yy + 3, { ...body, size: size - 1 }, 0.35);
                }
                const vx =
                  cx + 8 + (res.valueLabel ? q.widthOf(res.valueLabel, { ...body, size: size - 1 }) + 6 : 0);
                q.text(r.value, vx, yy, big);
                if (r.units) q.text(r.units, vx + q.widthOf(r.value, big) + 4, yy + 4, body);
                if (res.badge) {
                  const badge = r.flag !== '' ? r.flag : r.range !== '' ? 'Normal' : '';
                  if (badge) {
                    const bw = q.widthOf(badge, bold) + 8;
                    q.fillRect(cx + cw - bw - 6, y + 6, bw, lh + 2, r.flag !== '' ? 0.75 : 0.92);
                    q.text(badge, cx + cw - bw - 2, y + 7, bold);
                  }
                } else if (r.flag) q.text(r.flag, cx + cw - 8 - q.widthOf(r.flag, bold), yy + 4, bold);
                yy += lh + 10;
                const range = formatRange(r.range, s.rangeStyle);
                q.greyText(
                  `${res.rangeLabel}: ${range || '-'}${range && r.units && !/^[A-Za-z]/.test(range) ? ` ${r.units}` : ''}`,
                  cx + 8,
                  yy,
                  { ...body, size: size - 1 },
                  0.3,
                );
              });
            },
          });
        }
        break;
      }
      case 'blocks': {
        for (const r of panel.rows) {
          const range = formatRange(r.range, s.rangeStyle);
          blocks.push({
            height: 3 * lh + 10,
            draw: (q, x, y, w) => {
              q.text(r.name, x, y, bold);
              if (r.flag) q.text(r.flag, x + w - q.widthOf(r.flag, bold), y, bold);
              const v = res.unitsInline && r.units ? `${r.value} ${r.units}` : r.value;
              q.text(`${res.valueLabel}: ${v}`, x + 14, y + lh, body);
              if (!res.unitsInline && r.units) q.text(`Units: ${r.units}`, x + 200, y + lh, body);
              q.greyText(`${res.rangeLabel}: ${range || 'Not applicable'}`, x + 14, y + 2 * lh, body, 0.3);
              q.line(x, y + 3 * lh + 4, x + w, y + 3 * lh + 4, 0.2);
            },
          });
        }
        break;
      }
      case 'inline': {
        const text = panel.rows
          .map((r, i) => sentence(res.sentences[i % res.sentences.length] as SentenceKind, r, s, i))
          .join(' ');
        const lines = wrap(p, text, frameWidth, body);
        // Paragraphs split across pages line by line.
        for (const l of lines) blocks.push({ height: lh + 1, draw: (q, x, y) => q.text(l, x, y, body) });
        blocks.push({ height: lh, draw: () => undefined });
        break;
      }
      case 'lis': {
        for (const r of panel.rows) {
          const range = formatRange(r.range, s.rangeStyle);
          const name = r.name.length > 28 ? r.name : r.name.padEnd(28);
          const line = `${name} ${r.value.padStart(9)} ${r.flag.padEnd(4)} ${(r.units ?? '').padEnd(14)} ${range}`;
          blocks.push({ height: lh, draw: (q, x, y) => q.text(line, x, y, body) });
        }
        break;
      }
    }
  }
  if (s.notes.length > 0) {
    const lines = s.notes.flatMap((n) => wrap(p, n, frameWidth - 10, body));
    blocks.push({
      height: (lines.length + 1) * lh + 10,
      draw: (q, x, y) => {
        q.text('Comments:', x, y + 4, bold);
        lines.forEach((l, i) => q.text(l, x + 10, y + 4 + (i + 1) * lh, body));
      },
    });
  }
  if (s.header === 'bottom') {
    const { left, right } = metaPairs(s);
    const pairs = [...left, ...right];
    const hs = Math.min(size, 9.5);
    const st: TextStyle = { family: s.font, size: hs };
    blocks.push({
      height: (Math.ceil(pairs.length / 2) + 1) * (hs + 5) + 16,
      draw: (q, x, y, w) => {
        q.line(x, y + 2, x + w, y + 2, 0.8);
        q.text('Patient and specimen details', x, y + 8, { ...st, bold: true });
        pairs.forEach(([l, v], i) => {
          const cx = x + (i % 2) * (w / 2);
          const cy = y + 8 + (Math.floor(i / 2) + 1) * (hs + 5);
          q.text(`${l}:`, cx, cy, { ...st, bold: true });
          q.text(v, cx + 100, cy, st);
        });
      },
    });
  }
  return blocks;
}

function drawColumnHeads(p: Surface, s: DocSpecV2, x: number, y: number, w: number): number {
  if (s.results.kind === 'lis') {
    const st: TextStyle = { family: 'mono', size: s.size, bold: true };
    p.text(
      `${'TEST'.padEnd(28)} ${'RESULT'.padStart(9)} ${'FLAG'.padEnd(4)} ${'UNITS'.padEnd(14)} REFERENCE`,
      x,
      y,
      st,
    );
    return y + s.size + 8;
  }
  if (s.results.kind !== 'table') return y;
  const hs = Math.min(s.size, 9.5);
  const st: TextStyle = { family: s.font, size: hs, bold: true };
  if (s.results.band) p.fillRect(x, y - 2, w, hs + 6, 0.86);
  for (const c of columnsOf(s, w)) p.text(titleOf(s, c.key), x + c.x, y, st);
  if (!s.results.band) p.line(x, y + hs + 3, x + w, y + hs + 3, 0.6);
  return y + hs + 9;
}

/** Draws the document; returns the page count. */
export function drawDocumentV2(p: Surface, s: DocSpecV2): number {
  const frames = s.results.kind === 'table' ? s.results.frames : 1;
  const gap = 16;
  const frameWidth = (p.width - 2 * M - gap * (frames - 1)) / frames;
  const blocks = resultBlocks(p, s, frameWidth);
  const dry = measuring(p);
  const top1 = drawHeader(dry, s, 1, 2);
  const topN = drawHeader(dry, s, 2, 2);
  const limit = drawFooter(dry, s, 1, 2);
  const headH = s.results.kind === 'table' || s.results.kind === 'lis' ? Math.min(s.size, 9.5) + 9 : 0;
  const pages: Block[][][] = [];
  let frameList: Block[][] = [[]];
  let y = top1 + headH;
  blocks.forEach((b, i) => {
    const next = blocks[i + 1];
    const need = b.height + (b.keep && next ? next.height : 0);
    if (y + need > limit && (frameList[frameList.length - 1] as Block[]).length > 0) {
      if (frameList.length < frames) frameList.push([]);
      else {
        pages.push(frameList);
        frameList = [[]];
      }
      y = (pages.length === 0 ? top1 : topN) + headH;
    }
    (frameList[frameList.length - 1] as Block[]).push(b);
    y += b.height;
  });
  pages.push(frameList);
  pages.forEach((fl, pi) => {
    if (pi > 0) p.addPage();
    const top = drawHeader(p, s, pi + 1, pages.length);
    fl.forEach((frame, fi) => {
      const x = M + fi * (frameWidth + gap);
      let fy = top;
      if (frame.some((b) => b.table) || s.results.kind === 'lis')
        fy = drawColumnHeads(p, s, x, fy, frameWidth);
      for (const b of frame) {
        b.draw(p, x, fy, frameWidth);
        fy += b.height;
      }
    });
    drawFooter(p, s, pi + 1, pages.length);
  });
  return pages.length;
}
