/**
 * Walks the lines of a document and collects result rows: follows table headers (and two-table lines), panel
 * headers (kept across page breaks), wrapped test names, and skips repeated page headers/footers and comments.
 */
import { toCell } from '../layout/build-lines';
import type { Cell, Line, PositionedText } from '../layout/layout-types';
import { readDateHeader, readTableHeader } from '../layout/table-header';
import { isCatalogueName } from '../loinc/ocr-name';
import type { TableColumns } from '../layout/table-header';
import type { PrintedFields } from './read-row';
import { readRowByColumns, readRowBySequence } from './read-row';
import { isValueText, parseReferenceRange, splitRangeAndUnits } from './result-fields';

export interface PrintedRow extends PrintedFields {
  panel: string | null;
}

export const lineText = (line: Line): string => line.cells.map((c) => c.text).join('  ');

const normaliseRepeated = (text: string): string =>
  text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/** Texts that repeat on several pages (letterheads, patient banners, footers) are not results or panels. */
function repeatedLineTexts(pages: Line[][]): Set<string> {
  const seen = new Map<string, Set<number>>();
  pages.forEach((lines, page) => {
    for (const line of lines) {
      const key = normaliseRepeated(lineText(line));
      if (!seen.has(key)) seen.set(key, new Set());
      seen.get(key)?.add(page);
    }
  });
  return new Set([...seen].filter(([, onPages]) => onPages.size > 1).map(([key]) => key));
}

const FOOTER =
  /^(?:page \d+ ?(?:of|\/) ?\d+|page \d+|\d+ of \d+|final report|end of report|continued|\(continued\)|-+ ?end of (?:report|page)\b)/i;
/** Footer and letterhead text anywhere in a line. */
const FOOTER_ANYWHERE = /\bpage \d+ ?(?:of|\/) ?\d+\b|\bclia\b|\bfinal report\b|\bend of (?:report|page)\b/i;

const PANEL_WORDS =
  /\b(?:panel|profile|count|cbc|cmp|bmp|chemistry|chemistries|hematology|urinalysis|lipid|lipids|thyroid|metabolic|differential|serology|immunology|endocrinology|coagulation|microscopic|macroscopic|iron|vitamins?|hepatic|liver|renal|kidney|electrolytes|cardiac|infectious|diabetes|hormones?|screen|studies|function|analysis|dipstick|sediment|chemical|physical)\b/i;

const DATED = new RegExp(
  [
    String.raw`\b\d{4}[/.-]\d{1,2}[/.-]\d{1,2}\b`,
    String.raw`\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b`,
    String.raw`\b\d{1,2}[ -](?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[ -]\d{2,4}\b`,
    String.raw`\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}\b`,
    String.raw`^(?:date|time)\b`,
  ].join('|'),
  'i',
);

/** Whether a text on its own line can be a panel header. */
export function isPanelText(text: string): boolean {
  // `U&E`, `C&S`: initials joined by an ampersand name a panel too.
  if (text.length < 3 || text.length > 70 || !/[A-Za-z]{2}|^[A-Z]&[A-Z]$/.test(text)) return false;
  if (FOOTER.test(text) || /:/.test(text) || /\.$/.test(text) || /\d{1,2}\/\d{1,2}\/\d{2,4}/.test(text))
    return false;
  // "Date of sample 12 Feb 2025", "Collected 2025-02-12 09:40": a dated line over the results names no panel.
  if (DATED.test(text)) return false;
  if (isValueText(text)) return false;
  const letters = text.replace(/[^A-Za-z]/g, '');
  const upper = letters.replace(/[^A-Z]/g, '').length / Math.max(1, letters.length);
  return (
    upper > 0.8 ||
    PANEL_WORDS.test(text) ||
    // "B12/Folate": a first word may hold digits after its capital.
    /^[A-Z][A-Za-z0-9]*(?:[ ,&/()-]+[A-Za-z0-9()]+){0,6}$/.test(text)
  );
}

interface Slot {
  /** Items starting at or right of this x belong to the slot (until the next slot). */
  x0: number;
  table: TableColumns | null;
}

interface RowRef {
  row: PrintedRow;
  /** The last line of the row (its wrapped name may continue below). */
  line: Line;
  firstLine: Line;
  nameX0: number;
}

interface SlotState {
  panel: string | null;
  lastRow: RowRef | null;
  /** Name-column-only lines since the last row: panel headers, comments, or the start of a wrapped name. */
  pending: { text: string; line: Line; x0: number }[];
}

function slotsFor(tables: TableColumns[] | null, height: number): Slot[] {
  if (!tables || tables.length === 0) return [{ x0: -Infinity, table: null }];
  return tables.map((table, i) => ({ x0: i === 0 ? -Infinity : table.x0 - height, table }));
}

/** The cells of a line that fall in one slot (a cell straddling two tables is split between its items). */
function cellsIn(line: Line, slots: Slot[], index: number): Cell[] {
  const slot = slots[index] as Slot;
  const next = slots[index + 1];
  const inSlot = (item: PositionedText): boolean => item.x0 >= slot.x0 && (!next || item.x0 < next.x0);
  const cells: Cell[] = [];
  for (const cell of line.cells) {
    const parts = cell.parts.filter(inSlot);
    if (parts.length === cell.parts.length) cells.push(cell);
    else if (parts.length > 0) {
      cells.push(toCell({ parts, x0: parts[0]?.x0 ?? 0, x1: Math.max(...parts.map((p) => p.x1)) }));
    }
  }
  return cells;
}

interface Walk {
  /** Usual top-to-top distance of two consecutive one-line rows; null until measured. */
  pitch: number | null;
  /** Samples of that distance seen while walking. */
  samples: number[];
  /** Median line height of the document: the body text's size. */
  body: number;
}

/**
 * Collects result rows from the lines of all pages in reading order: on a two-table page the left table top to
 * bottom, then the right one. A first walk measures the row pitch (a wrapped name's next line is closer than the
 * next row), the second uses it.
 */
export function extractRows(pages: Line[][]): PrintedRow[] {
  const heights = pages
    .flat()
    .map((l) => l.height)
    .sort((a, b) => a - b);
  const body = heights[Math.floor(heights.length / 2)] ?? 0;
  const first: Walk = { pitch: null, samples: [], body };
  walkRows(pages, first);
  const samples = first.samples.sort((a, b) => a - b);
  const pitch = samples.length >= 3 ? (samples[Math.floor(samples.length * 0.25)] ?? null) : null;
  return walkRows(pages, { pitch, samples: [], body });
}

function walkRows(pages: Line[][], walk: Walk): PrintedRow[] {
  const repeated = pages.length > 1 ? repeatedLineTexts(pages) : new Set<string>();
  const rows: PrintedRow[] = [];
  const state: SlotState = { panel: null, lastRow: null, pending: [] };
  let tables: TableColumns[] | null = null;
  for (const lines of pages) {
    // The tables in effect for each line (a header line changes them for the lines below). A page that prints its
    // own column headers starts without the previous page's (its letterhead is above them).
    const read = lines.map(readTableHeader);
    // A cumulative report's visit dates on a line of their own under the other headings.
    const headers = read.map((h, i) => h ?? readDateHeader(lines[i] as Line, read[i - 1] ?? null));
    if (headers.some((h) => h !== null)) tables = null;
    const context = lines.map((line, i) => {
      const header = headers[i] ?? null;
      if (header) tables = header;
      // A wide blank band ends a table: the page footer below it is not a row ("Final report  Wattle Creek
      // Pathology  (02) 5550 1840" would read as one under the table's columns).
      const above = lines[i - 1];
      if (!header && above && line.y0 - above.y1 > Math.max(line.height, above.height) * 12) tables = null;
      return { line, header, tables };
    });
    const slotCount = Math.max(1, ...context.map((c) => c.tables?.length ?? 1));
    for (let index = 0; index < slotCount; index++) {
      for (const { line, header, tables: inEffect } of context) {
        if (header) {
          state.lastRow = null;
          continue;
        }
        const text = lineText(line);
        if (FOOTER.test(text.trim()) || FOOTER_ANYWHERE.test(text)) continue;
        // Letterheads and banners repeat on every page; a result row may too (serial results), so it is still read.
        const banner = repeated.has(normaliseRepeated(text));
        const slots = slotsFor(inEffect, line.height);
        if (index >= slots.length) continue;
        const cells = cellsIn(line, slots, index);
        if (cells.length === 0) continue;
        readSlotLine(cells, line, slots[index] as Slot, state, rows, walk, banner);
      }
      state.pending = [];
      state.lastRow = null;
    }
  }
  return rows;
}

/** Outside a table, a "name value" line (a phone number, an invoice total) is only a result with units or a range. */
function plausibleWithoutHeader(fields: PrintedFields | null): PrintedFields | null {
  if (!fields) return null;
  // "Red lentils  250 g" (a recipe) has units too: units in the value's cell count only beside a range.
  // A range that does not read as one ("Yellow  Hazy  1.022": three cards' values side by side) is no evidence.
  const range = fields.range !== null && parseReferenceRange(fields.range) !== null;
  if (fields.gluedUnits) return range ? fields : null;
  return fields.units !== null || range ? fields : null;
}

function valueColumnStart(slot: Slot): number {
  const column = slot.table?.columns.find((c) => c.kind !== 'name');
  return column ? column.x0 : Infinity;
}

function isTight(above: Line, below: Line, walk: Walk): boolean {
  // Centre to centre, in the smaller line height: a scan's box around a bold heading or one word may be much taller
  // than the text, which makes the gap between two boxes say little. A wrapped name's next line sits about one line
  // height below; the next row or a heading over it, well over that. (A box around lower-case letters only is
  // shorter than the text's size: not below most of the body's.)
  const height = Math.max(Math.min(below.height, above.height), walk.body * 0.8);
  const centres = (below.y0 + below.y1) / 2 - (above.y0 + above.y1) / 2;
  if (centres > height * 1.6) return false;
  const pitch = below.y0 - above.y0;
  if (walk.pitch !== null) return pitch < walk.pitch * 0.93;
  return below.y0 - above.y1 < height * 0.45;
}

function readSlotLine(
  cells: Cell[],
  line: Line,
  slot: Slot,
  state: SlotState,
  out: PrintedRow[],
  walk: Walk,
  banner: boolean,
): void {
  const fields = slot.table
    ? (readRowByColumns(cells, slot.table.columns, line.height) ?? readRowBySequence(cells))
    : plausibleWithoutHeader(readRowBySequence(cells));
  const first = cells[0] as Cell;
  if (fields) {
    const previous = state.lastRow;
    if (previous && previous.line === previous.firstLine && state.pending.length === 0) {
      const pitch = line.y0 - previous.line.y0;
      if (pitch > 0 && pitch < 4 * line.height) walk.samples.push(pitch);
    }
    const prefix = takeNamePrefix(state, line, first.x0, walk, fields.name);
    const row: PrintedRow = { ...fields, name: joinName(prefix, fields.name), panel: state.panel };
    out.push(row);
    state.lastRow = { row, line, firstLine: line, nameX0: first.x0 };
    return;
  }
  if (banner) return;
  // A scan's specks elsewhere on a heading's line (`Liver Function.` and a `.` under the ranges) are no text of it.
  const marks = cells.filter((c) => !SPECK.test(c.text.trim()));
  readOtherLine(marks.length > 0 ? marks : cells, line, slot, state, walk);
}

const SPECK = /^[.,:;'`~_|°•·"-]+$/;

/** A line that is no row: the rest of a range or of a name, a heading, a comment. */
function readOtherLine(cells: Cell[], line: Line, slot: Slot, state: SlotState, walk: Walk): void {
  const first = cells[0] as Cell;
  const text = cells
    .map((c) => c.text)
    .join(' ')
    .trim();
  if (continueRange(state.lastRow, cells, line, slot, text)) return;
  // A panel title may run past the name column; what matters is that nothing starts in the other columns.
  const nameOnly = slot.table
    ? cells.every((c) => c.x0 < valueColumnStart(slot) - line.height)
    : cells.length === 1;
  if (!nameOnly) {
    // A row that could not be read (a scan misread its value) still belongs to the panel printed above it.
    if (slot.table && state.pending.length > 0 && first.x0 < valueColumnStart(slot) - line.height)
      takePanel(state, line, first.x0);
    state.pending = [];
    state.lastRow = null;
    return;
  }
  const last = state.lastRow;
  if (
    last &&
    state.pending.length === 0 &&
    // "Comments:" under the last row is a label, not the rest of its name.
    !/:$/.test(text) &&
    !isHeadingNotWrap(last.row.name, text, false) &&
    Math.abs(first.x0 - last.nameX0) < line.height * 0.8 &&
    isTight(last.line, line, walk)
  ) {
    last.row.name = joinName(last.row.name, text);
    last.line = line;
    return;
  }
  state.pending.push({ text, line, x0: first.x0 });
  state.lastRow = null;
}

/**
 * A reference range broken over two lines in its column (`3.9 -` / `6.1`, `3.5 to` / `5.1 mmol/L`): the second line
 * holds only the rest of the range, close below the row, in the range column (or right of the name without a table).
 */
function continueRange(last: RowRef | null, cells: Cell[], line: Line, slot: Slot, text: string): boolean {
  const range = last?.row.range;
  if (!last || !range || !/(?:-|–|—|\bto)\s*$/i.test(range)) return false;
  if (line.y0 - last.line.y1 > line.height * 1.5) return false;
  const column = slot.table?.columns.find((c) => c.kind === 'range');
  const start = column ? column.x0 - line.height : last.nameX0 + 4 * line.height;
  if (cells.some((c) => c.x0 < start)) return false;
  const joined = `${range} ${text}`.replace(/\s+/g, ' ').trim();
  if (parseReferenceRange(joined)) {
    last.row.range = joined;
    return true;
  }
  const split = splitRangeAndUnits(joined);
  if (!split || (last.row.units && last.row.units !== split.units)) return false;
  last.row.range = split.range;
  last.row.units = split.units;
  return true;
}

/**
 * A heading set close to a row (a low-resolution scan's tall word boxes leave little gap) reads like a line of a
 * wrapped name. It is not one when the row's name is a test's whole name in the catalogue and the two together are
 * not (`Inflammatory Markers` over `C reactive protein`, `THYROID STUDIES` under `Glucose`); a name whose lines make
 * a catalogue name together (`Hemoglobin` / `A1c`), or that is no catalogue name alone, still joins.
 */
function isHeadingNotWrap(name: string, heading: string, above: boolean): boolean {
  // A line opening with a bracket, a joining mark or a small letter goes on a name (`(AST/SGOT)`, `& Folate`,
  // `count`): no heading starts so.
  if (/^[([{&/+,-]|^[a-z]/.test(heading.trim())) return false;
  if (panelHeading(heading) === null) return false;
  // A panel's heading repeated on the next page ("LIPID PANEL (continued)"), or a panel's heading in capitals over a
  // name in small letters (`COMPREHENSIVE METABOLIC PANEL` over a misread `Chionde`): one name's lines share a case.
  if (/\((?:continued|cont'?d?\.?)\)$/i.test(heading.trim())) return true;
  const letters = (t: string) => t.replace(/[^A-Za-z]/g, '');
  const capitals = letters(heading).length >= 6 && letters(heading) === letters(heading).toUpperCase();
  if (capitals && PANEL_WORDS.test(heading) && /^[A-Z][a-z]{2}/.test(name.trim())) return true;
  if (!isCatalogueName(name)) return false;
  return !isCatalogueName(above ? `${heading} ${name}` : `${name} ${heading}`);
}

/** Name-only lines tight above the row and aligned with its name are the start of its wrapped name. */
function takeNamePrefix(state: SlotState, line: Line, nameX0: number, walk: Walk, name: string): string {
  let first = state.pending.length;
  let below = line;
  for (let i = state.pending.length - 1; i >= 0; i--) {
    const p = state.pending[i] as SlotState['pending'][number];
    if (!isTight(p.line, below, walk) || Math.abs(p.x0 - nameX0) > line.height * 0.8) break;
    first = i;
    below = p.line;
  }
  let taken = state.pending.slice(first);
  // The top line may be the panel's heading rather than the name's first line.
  const top = taken[0];
  const rest = joinName(
    taken
      .slice(1)
      .map((p) => p.text)
      .join(' '),
    name,
  );
  if (top && isHeadingNotWrap(rest, top.text, true)) {
    taken = taken.slice(1);
    first += 1;
    below = taken[0]?.line ?? line;
  }
  state.pending.splice(first);
  takePanel(state, below, nameX0);
  return taken.map((p) => p.text).join(' ');
}

/** Headings that introduce notes, not results. */
const NOTE_HEADINGS =
  /^(?:comments?|notes?|remarks?|interpretation|clinical (?:details|notes|information|history)|specimen|sample|method|results?|tests?|report)$/i;

/**
 * The panel a heading line names: the text itself, or without the colon some labs print after a heading
 * ("Glycated Haemoglobin:", "Lipid Profile :"). A colon after a note's heading ("Comments:") names no panel.
 * A point after a panel's words or capitals is a speck; after other words it ends a sentence.
 */
export function panelHeading(text: string): string | null {
  if (isPanelText(text)) return text;
  const bare = text.replace(/\s*:$/, '');
  if (bare !== text) return NOTE_HEADINGS.test(bare) || !isPanelText(bare) ? null : bare;
  // `Liver Function.`: a point after a heading that names a panel is a scan's speck (a sentence ends with one).
  const unpointed = text.replace(/\s*\.$/, '');
  if (unpointed === text || /\./.test(unpointed) || !isPanelText(unpointed)) return null;
  const letters = unpointed.replace(/[^A-Za-z]/g, '');
  return PANEL_WORDS.test(unpointed) || letters === letters.toUpperCase() ? unpointed : null;
}

/** The last panel-like line shortly above the row and aligned with its name (a column header may sit between). */
function takePanel(state: SlotState, row: Line, nameX0: number): void {
  for (let i = state.pending.length - 1; i >= 0; i--) {
    const p = state.pending[i] as SlotState['pending'][number];
    if (row.y0 - p.line.y1 > row.height * 6) break;
    const heading = panelHeading(p.text);
    // Labs print a heading at the names' left edge or outdented a few characters from names indented under it.
    const offset = p.x0 - nameX0;
    if (offset < row.height * 0.8 && offset > -row.height * 2.5 && heading !== null) {
      state.panel = heading;
      break;
    }
  }
  state.pending = [];
}

const joinName = (head: string, tail: string): string =>
  (head ? `${head} ${tail}` : tail).replace(/\s+/g, ' ').trim();
