/**
 * Report layouts drawn on a Painter: header blocks (metadata), result tables (flags in their own column or after
 * the value, units in their own column or after the range, wrapped names), panel headers, comments, footers with
 * "Page x of n", one or two columns per page, and fixed-width LIS printouts. Pagination is computed before drawing
 * so every page knows the page count; headers are repeated on every page.
 */
import type { PrintedRow } from './ground-truth';
import { measuringPainter, type FontFamily, type Painter, type TextStyle } from './painter';

export interface Patient {
  first: string;
  last: string;
  /** YYYY-MM-DD */
  dob: string;
  gender: 'male' | 'female' | 'other';
}

export interface Lab {
  name: string;
  /** Short code printed in the "Lab" column. */
  code: string;
  address: string;
  phone: string;
  director: string;
}

export type DateStyle = 'us' | 'us-short' | 'long' | 'iso';

export interface ReportSpec {
  lab: Lab;
  patient: Patient;
  /** YYYY-MM-DD */
  collected: string;
  /** YYYY-MM-DD */
  reported: string;
  /** YYYY-MM-DD, printed as a distractor date (received) by some headers. */
  received: string;
  specimen: string;
  physician: string;
  dateStyle: DateStyle;
  nameStyle: 'LAST, FIRST' | 'Last, First' | 'First Last';
  sexStyle: 'letter' | 'word' | 'none';
  panels: { title: string | null; rows: PrintedRow[] }[];
  /** Free-text notes at the end of the report (not rows). */
  notes: string[];
}

export type HeaderKind = 'quest' | 'labcorp' | 'simple' | 'lis' | 'banner';
export type ColumnKey =
  'name' | 'value' | 'flag' | 'units' | 'range' | 'inRange' | 'outRange' | 'rangeUnits' | 'valueFlag' | 'lab';

export interface Column {
  key: ColumnKey;
  title: string;
  /** Relative to the frame's left edge. */
  x: number;
  width: number;
}

export interface LayoutStyle {
  header: HeaderKind;
  font: FontFamily;
  size: number;
  columns: Column[];
  /** Frames per page (1 or 2 columns of tables). */
  frames: 1 | 2;
  /** Panel titles in upper case, bold. */
  panelUpper: boolean;
  /** Fixed-width rows: each row printed as one padded string (mono font). */
  lis?: boolean;
  /** Horizontal rules under rows. */
  rules?: boolean;
  /** Grey band behind column headers. */
  band?: boolean;
  /** Max lines for a wrapped test name. */
  maxNameLines?: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  switch (style) {
    case 'iso':
      return iso;
    case 'us':
      return `${m}/${d}/${y}`;
    case 'us-short':
      return `${Number(m)}/${Number(d)}/${y}`;
    case 'long':
      return `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}`;
  }
}

function ageAt(dob: string, on: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

function printedName(spec: ReportSpec): string {
  const { first, last } = spec.patient;
  switch (spec.nameStyle) {
    case 'LAST, FIRST':
      return `${last}, ${first}`.toUpperCase();
    case 'Last, First':
      return `${last}, ${first}`;
    case 'First Last':
      return `${first} ${last}`;
  }
}

function printedSex(spec: ReportSpec): string {
  const g = spec.patient.gender;
  if (spec.sexStyle === 'letter') return g === 'male' ? 'M' : g === 'female' ? 'F' : 'U';
  return g === 'male' ? 'Male' : g === 'female' ? 'Female' : 'Unknown';
}

const MARGIN = 40;

/** Draws the header block; returns the y where the body starts. */
function drawHeader(p: Painter, spec: ReportSpec, style: LayoutStyle, page: number, pages: number): number {
  const f = style.font;
  // Header blocks keep a normal size when the table is printed large (scans, multi-page reports).
  const s = style.header === 'lis' ? style.size : Math.min(style.size, 9.5);
  const dt = (iso: string) => formatDate(iso, spec.dateStyle);
  const small: TextStyle = { family: f, size: s };
  const bold: TextStyle = { family: f, size: s, bold: true };
  const age = ageAt(spec.patient.dob, spec.collected);
  const showSex = spec.sexStyle !== 'none';
  switch (style.header) {
    case 'quest': {
      p.text(spec.lab.name, MARGIN, 32, { family: f, size: 16, bold: true });
      p.text(`${spec.lab.address}  ${spec.lab.phone}`, MARGIN, 52, { family: f, size: s - 1 });
      const top = 72;
      p.line(MARGIN, top, p.width - MARGIN, top, 1);
      const col = (p.width - 2 * MARGIN) / 3;
      p.text('Patient Information', MARGIN, top + 6, bold);
      p.text('Specimen Information', MARGIN + col, top + 6, bold);
      p.text('Client Information', MARGIN + 2 * col, top + 6, bold);
      const lh = s + 4;
      const left = [
        printedName(spec),
        `DOB: ${dt(spec.patient.dob)}    AGE: ${age}`,
        ...(showSex ? [`Gender: ${printedSex(spec)}`] : []),
        `Patient ID: ${spec.specimen.slice(-5)}`,
      ];
      const mid = [
        `Specimen: ${spec.specimen}`,
        `Collected: ${dt(spec.collected)} / 08:12 EST`,
        `Received: ${dt(spec.received)} / 21:40 EST`,
        `Reported: ${dt(spec.reported)} / 06:55 EST`,
      ];
      const right = [spec.physician, 'Greenfield Family Practice', '1180 Orchard Way, Suite 210'];
      left.forEach((t, i) => p.text(t, MARGIN, top + 8 + lh * (i + 1), i === 0 ? bold : small));
      mid.forEach((t, i) => p.text(t, MARGIN + col, top + 8 + lh * (i + 1), small));
      right.forEach((t, i) => p.text(t, MARGIN + 2 * col, top + 8 + lh * (i + 1), small));
      const bottom = top + 14 + lh * 5;
      p.line(MARGIN, bottom, p.width - MARGIN, bottom, 1);
      if (pages > 1) p.text(`Page ${page} of ${pages}`, p.width - MARGIN - 60, 36, small);
      return bottom + 10;
    }
    case 'labcorp': {
      p.text(spec.lab.name, MARGIN, 30, { family: f, size: 15, bold: true });
      p.text('Patient Report', p.width - MARGIN - 90, 32, { family: f, size: 11, bold: true });
      const top = 60;
      p.fillRect(MARGIN, top, p.width - 2 * MARGIN, s + 6, 0.85);
      const cells: [string, string][] = [
        ['Patient Name', printedName(spec)],
        ['Date of Birth', dt(spec.patient.dob)],
        ['Age', String(age)],
        ...(showSex ? ([['Sex', printedSex(spec)]] as [string, string][]) : []),
      ];
      const cells2: [string, string][] = [
        ['Specimen ID', spec.specimen],
        ['Date Collected', dt(spec.collected)],
        ['Date Received', dt(spec.received)],
        ['Date Reported', dt(spec.reported)],
      ];
      const w = (p.width - 2 * MARGIN) / 4;
      cells.forEach(([label, value], i) => {
        p.text(label, MARGIN + 4 + i * w, top + 3, bold);
        p.text(value, MARGIN + 4 + i * w, top + s + 10, small);
      });
      const top2 = top + 2 * s + 20;
      p.fillRect(MARGIN, top2, p.width - 2 * MARGIN, s + 6, 0.85);
      cells2.forEach(([label, value], i) => {
        p.text(label, MARGIN + 4 + i * w, top2 + 3, bold);
        p.text(value, MARGIN + 4 + i * w, top2 + s + 10, small);
      });
      const bottom = top2 + 2 * s + 22;
      p.text(`Ordering Physician: ${spec.physician}`, MARGIN, bottom - 4, small);
      return bottom + s + 10;
    }
    case 'simple':
    case 'banner': {
      let y = 30;
      if (style.header === 'banner') {
        p.fillRect(0, 0, p.width, 58, 0.2);
        // White text is invisible on the PDF text layer to a human but not to pdf.js; draw it dark on a light band.
        p.fillRect(
          MARGIN - 6,
          14,
          p.widthOf(spec.lab.name, { family: f, size: 18, bold: true }) + 12,
          30,
          0.95,
        );
        p.text(spec.lab.name, MARGIN, 20, { family: f, size: 18, bold: true });
        y = 70;
      } else {
        p.text(spec.lab.name, MARGIN, y, { family: f, size: 17, bold: true });
        y += 22;
      }
      p.text(
        `${spec.lab.address} | Tel ${spec.lab.phone} | Laboratory Director: ${spec.lab.director}`,
        MARGIN,
        y,
        {
          family: f,
          size: s - 1.5,
        },
      );
      y += s + 8;
      p.text('LABORATORY REPORT', MARGIN, y, { family: f, size: s + 3, bold: true });
      y += s + 10;
      const lh = s + 5;
      const left: [string, string][] = [
        ['Patient:', printedName(spec)],
        ['DOB:', dt(spec.patient.dob)],
        ...(showSex ? ([['Sex:', printedSex(spec)]] as [string, string][]) : []),
        ['Physician:', spec.physician],
      ];
      const right: [string, string][] = [
        ['Accession #:', spec.specimen],
        ['Collection Date:', dt(spec.collected)],
        ['Report Date:', dt(spec.reported)],
      ];
      const labelW = 72;
      left.forEach(([l, v], i) => {
        p.text(l, MARGIN, y + i * lh, bold);
        p.text(v, MARGIN + labelW, y + i * lh, small);
      });
      const rx = p.width / 2 + 20;
      right.forEach(([l, v], i) => {
        p.text(l, rx, y + i * lh, bold);
        p.text(v, rx + labelW + 18, y + i * lh, small);
      });
      y += Math.max(left.length, right.length) * lh + 4;
      p.line(MARGIN, y, p.width - MARGIN, y, 0.8);
      return y + 10;
    }
    case 'lis': {
      const mono: TextStyle = { family: 'mono', size: s };
      const lh = s + 3;
      const lines = [
        `${spec.lab.name.toUpperCase()}`,
        `${spec.lab.address.toUpperCase()}`,
        '',
        `PATIENT: ${printedName(spec).padEnd(28)}SPECIMEN: ${spec.specimen}`,
        `DOB: ${dt(spec.patient.dob).padEnd(12)}${showSex ? `SEX: ${printedSex(spec)}`.padEnd(19) : ''.padEnd(19)}COLLECTED: ${dt(spec.collected)}`,
        `PHYSICIAN: ${spec.physician.toUpperCase().padEnd(26)}REPORTED: ${dt(spec.reported)}`,
        '-'.repeat(86),
      ];
      lines.forEach((t, i) => p.text(t, MARGIN, 34 + i * lh, i === 0 ? { ...mono, bold: true } : mono));
      if (pages > 1) p.text(`PAGE ${page} OF ${pages}`, p.width - MARGIN - 80, 34, mono);
      return 34 + lines.length * lh + 4;
    }
  }
}

function drawFooter(p: Painter, spec: ReportSpec, style: LayoutStyle, page: number, pages: number): void {
  const st: TextStyle = { family: style.font, size: Math.min(8, Math.max(6.5, style.size - 2)) };
  const y = p.height - 36;
  p.line(MARGIN, y - 4, p.width - MARGIN, y - 4, 0.5);
  const name = printedName(spec);
  if (style.header === 'lis') {
    p.text(`${'-'.repeat(30)} END OF PAGE ${page} ${'-'.repeat(30)}`, MARGIN, y, {
      family: 'mono',
      size: st.size,
    });
    return;
  }
  p.text(`${name}  |  ${spec.specimen}  |  Final Report`, MARGIN, y, st);
  if (style.header !== 'quest' || pages === 1) {
    const label = `Page ${page} of ${pages}`;
    p.text(label, p.width - MARGIN - p.widthOf(label, st), y, st);
  }
  p.text(`${spec.lab.name}, ${spec.lab.address}. CLIA-certified laboratory.`, MARGIN, y + st.size + 3, st);
}

function wrapWords(p: Painter, text: string, width: number, st: TextStyle): string[] {
  const words = text.split(' ');
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    const next = cur ? `${cur} ${w}` : w;
    if (cur && p.widthOf(next, st) > width) {
      lines.push(cur);
      cur = w;
    } else {
      cur = next;
    }
  }
  if (cur) lines.push(cur);
  return lines;
}

function cellText(key: ColumnKey, row: PrintedRow, lab: Lab): string {
  const flagged = row.flag !== '';
  switch (key) {
    case 'name':
      return row.name;
    case 'value':
      return row.value;
    case 'flag':
      return row.flag;
    case 'units':
      return row.units ?? '';
    case 'range':
      return row.range;
    case 'inRange':
      return flagged ? '' : row.value;
    case 'outRange':
      return flagged ? `${row.value} ${row.flag}` : '';
    case 'rangeUnits':
      return [row.range, row.units ?? ''].filter((x) => x !== '').join(' ');
    case 'valueFlag':
      return flagged ? `${row.value} ${row.flag}` : row.value;
    case 'lab':
      return lab.code;
  }
}

type Block =
  | { kind: 'panel'; title: string; height: number }
  | { kind: 'colheads'; height: number }
  | { kind: 'row'; row: PrintedRow; nameLines: string[]; commentLines: string[]; height: number }
  | { kind: 'note'; lines: string[]; height: number };

function lisLine(row: PrintedRow): string {
  const name = row.name.length > 26 ? row.name : row.name.padEnd(26);
  return `${name} ${row.value.padStart(9)} ${row.flag.padEnd(4)} ${(row.units ?? '').padEnd(14)} ${row.range}`;
}

/** Draws the report; returns the page count. */
export function drawReport(p: Painter, spec: ReportSpec, style: LayoutStyle): number {
  const s = style.size;
  const lh = s + 3;
  const body: TextStyle = { family: style.font, size: s };
  const nameCol = style.columns.find((c) => c.key === 'name');
  const nameWidth = nameCol ? nameCol.width : 200;
  const frameWidth = style.frames === 2 ? (p.width - 2 * MARGIN - 16) / 2 : p.width - 2 * MARGIN;
  const blocks: Block[] = [];
  for (const panel of spec.panels) {
    if (panel.title !== null) {
      blocks.push({
        kind: 'panel',
        title: style.panelUpper ? panel.title.toUpperCase() : panel.title,
        height: lh + 6,
      });
    }
    for (const row of panel.rows) {
      const nameLines = style.lis
        ? [lisLine(row)]
        : wrapWords(p, row.name, nameWidth - 4, body).slice(0, style.maxNameLines ?? 3);
      if (!style.lis && nameLines.join(' ') !== row.name) {
        throw new Error(`test name does not fit in ${style.maxNameLines ?? 3} lines: ${row.name}`);
      }
      const commentLines = row.comment
        ? wrapWords(p, row.comment, frameWidth - 30, { ...body, size: s - 1, italic: true })
        : [];
      blocks.push({
        kind: 'row',
        row,
        nameLines,
        commentLines,
        height: nameLines.length * lh + commentLines.length * (lh - 1) + 2,
      });
    }
  }
  if (spec.notes.length > 0) {
    const lines = spec.notes.flatMap((n) => wrapWords(p, n, p.width - 2 * MARGIN - 10, body));
    blocks.push({ kind: 'note', lines, height: (lines.length + 1) * lh + 8 });
  }

  // Pagination: measure the header once on a throwaway pass (same height on every page).
  const headerBottom = measureHeader(p, spec, style);
  const bottomLimit = p.height - 52;
  const colHeadHeight = lh + 6;
  type Frame = Block[];
  const pages: Frame[][] = [];
  let frames: Frame[] = [[]];
  let y = headerBottom + colHeadHeight;
  // Two columns: balance a short report over both instead of filling the left one first.
  const total = blocks.reduce((sum, b) => sum + b.height, 0);
  const balanced = Math.min(bottomLimit, headerBottom + colHeadHeight + Math.ceil(total / 2) + lh);
  for (const block of blocks) {
    const isNote = block.kind === 'note';
    const limit = style.frames === 2 && pages.length === 0 && frames.length === 1 ? balanced : bottomLimit;
    // Keep a panel title with its first row.
    const nextNeedsRoom = block.kind === 'panel' ? lh * 2 : 0;
    if (y + block.height + nextNeedsRoom > limit || (isNote && frames.length > 1)) {
      if (frames.length < style.frames && !isNote) {
        frames.push([]);
      } else {
        pages.push(frames);
        frames = [[]];
      }
      y = headerBottom + colHeadHeight;
    }
    (frames[frames.length - 1] as Frame).push(block);
    y += block.height;
  }
  pages.push(frames);

  pages.forEach((pageFrames, pageIndex) => {
    if (pageIndex > 0) p.addPage();
    const top = drawHeader(p, spec, style, pageIndex + 1, pages.length);
    pageFrames.forEach((frame, frameIndex) => {
      const fx = MARGIN + frameIndex * (frameWidth + 16);
      let fy = top;
      if (frame.some((b) => b.kind !== 'note')) fy = drawColumnHeads(p, style, fx, fy, frameWidth);
      for (const block of frame) {
        fy = drawBlock(p, spec, style, block, fx, fy, frameWidth);
      }
    });
    drawFooter(p, spec, style, pageIndex + 1, pages.length);
  });
  return pages.length;
}

function measureHeader(p: Painter, spec: ReportSpec, style: LayoutStyle): number {
  return drawHeader(measuringPainter(p), spec, style, 1, 2);
}

function drawColumnHeads(p: Painter, style: LayoutStyle, fx: number, fy: number, width: number): number {
  const s = style.lis ? style.size : Math.min(style.size, 9.5);
  const st: TextStyle = { family: style.lis ? 'mono' : style.font, size: s, bold: true };
  if (style.band) p.fillRect(fx, fy - 2, width, s + 6, 0.88);
  if (style.lis) {
    p.text(
      `${'TEST'.padEnd(26)} ${'RESULT'.padStart(9)} ${'FLAG'.padEnd(4)} ${'UNITS'.padEnd(14)} REFERENCE`,
      fx,
      fy,
      st,
    );
  } else {
    for (const c of style.columns) p.text(c.title, fx + c.x, fy, st);
  }
  if (!style.band) p.line(fx, fy + s + 3, fx + width, fy + s + 3, 0.6);
  return fy + s + 9;
}

function drawBlock(
  p: Painter,
  spec: ReportSpec,
  style: LayoutStyle,
  block: Block,
  fx: number,
  fy: number,
  width: number,
): number {
  const s = style.size;
  const lh = s + 3;
  const family = style.lis ? 'mono' : style.font;
  const body: TextStyle = { family, size: s };
  switch (block.kind) {
    case 'panel':
      p.text(block.title, fx, fy + 3, { family, size: s + 0.5, bold: true });
      return fy + block.height;
    case 'note': {
      p.text('Comments:', fx, fy + 4, { family, size: s, bold: true });
      block.lines.forEach((l, i) => p.text(l, fx + 10, fy + 4 + (i + 1) * lh, body));
      return fy + block.height;
    }
    case 'colheads':
      return drawColumnHeads(p, style, fx, fy, width);
    case 'row': {
      if (style.lis) {
        p.text(block.nameLines[0] as string, fx, fy, body);
      } else {
        for (const c of style.columns) {
          if (c.key === 'name') {
            block.nameLines.forEach((l, i) => p.text(l, fx + c.x, fy + i * lh, body));
          } else {
            const text = cellText(c.key, block.row, spec.lab);
            const st = { ...body, bold: c.key === 'flag' || c.key === 'outRange' };
            if (p.widthOf(text, st) > c.width - 2) {
              throw new Error(`"${text}" overflows the ${c.key} column (${c.width} pt)`);
            }
            if (text) p.text(text, fx + c.x, fy, st);
          }
        }
      }
      let y = fy + block.nameLines.length * lh;
      const cst: TextStyle = { family, size: s - 1, italic: true };
      block.commentLines.forEach((l, i) => p.text(l, fx + 20, y + i * (lh - 1), cst));
      y += block.commentLines.length * (lh - 1);
      if (style.rules) p.line(fx, y, fx + width, y, 0.25);
      return y + 2;
    }
  }
}

/** Column sets used by the corpus. */
export const STYLES = {
  quest: (font: FontFamily, size: number): LayoutStyle => ({
    header: 'quest',
    font,
    size,
    frames: 1,
    panelUpper: true,
    columns: [
      { key: 'name', title: 'Test Name', x: 0, width: 200 },
      { key: 'inRange', title: 'In Range', x: 205, width: 70 },
      { key: 'outRange', title: 'Out Of Range', x: 280, width: 75 },
      { key: 'rangeUnits', title: 'Reference Range', x: 360, width: 130 },
      { key: 'lab', title: 'Lab', x: 500, width: 30 },
    ],
  }),
  labcorp: (font: FontFamily, size: number): LayoutStyle => ({
    header: 'labcorp',
    font,
    size,
    frames: 1,
    panelUpper: false,
    band: true,
    columns: [
      { key: 'name', title: 'Tests', x: 0, width: 190 },
      { key: 'value', title: 'Result', x: 195, width: 60 },
      { key: 'flag', title: 'Flag', x: 260, width: 45 },
      { key: 'units', title: 'Units', x: 310, width: 85 },
      { key: 'range', title: 'Reference Interval', x: 400, width: 100 },
      { key: 'lab', title: 'Lab', x: 505, width: 25 },
    ],
  }),
  simple: (font: FontFamily, size: number, header: HeaderKind = 'simple'): LayoutStyle => ({
    header,
    font,
    size,
    frames: 1,
    panelUpper: false,
    rules: true,
    columns: [
      { key: 'name', title: 'Test', x: 0, width: 190 },
      { key: 'value', title: 'Result', x: 192, width: 80 },
      { key: 'units', title: 'Units', x: 274, width: 100 },
      { key: 'range', title: 'Reference Range', x: 376, width: 100 },
      { key: 'flag', title: 'Flag', x: 478, width: 54 },
    ],
  }),
  wrapped: (font: FontFamily, size: number): LayoutStyle => ({
    header: 'simple',
    font,
    size,
    frames: 1,
    panelUpper: false,
    rules: true,
    maxNameLines: 3,
    columns: [
      { key: 'name', title: 'Test Description', x: 0, width: 120 },
      { key: 'value', title: 'Result', x: 135, width: 70 },
      { key: 'flag', title: 'Flag', x: 210, width: 50 },
      { key: 'units', title: 'Units', x: 265, width: 90 },
      { key: 'range', title: 'Reference Range', x: 360, width: 110 },
    ],
  }),
  twoColumn: (font: FontFamily, size: number): LayoutStyle => ({
    header: 'banner',
    font,
    size,
    frames: 2,
    panelUpper: true,
    columns: [
      { key: 'name', title: 'Test', x: 0, width: 92 },
      { key: 'valueFlag', title: 'Result', x: 94, width: 42 },
      { key: 'units', title: 'Units', x: 138, width: 66 },
      { key: 'range', title: 'Range', x: 206, width: 52 },
    ],
  }),
  lis: (size: number): LayoutStyle => ({
    header: 'lis',
    font: 'mono',
    size,
    frames: 1,
    panelUpper: true,
    lis: true,
    columns: [],
  }),
};
