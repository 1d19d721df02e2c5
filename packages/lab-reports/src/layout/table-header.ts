/**
 * Column headers of result tables ("Test  Result  Flag  Units  Reference Range"): where the columns are, and where
 * a second table starts on the same line (two-column layouts).
 */
import type { Cell, Line } from './layout-types';

/** `other` columns (performing lab code, comments) are read but never part of a result. */
export type ColumnKind = 'name' | 'value' | 'flag' | 'units' | 'range' | 'other';

export interface Column {
  kind: ColumnKind;
  x0: number;
  x1: number;
}

/** One table of a header line: columns left to right; `x0`/`x1` bound the table on the page. */
export interface TableColumns {
  columns: Column[];
  x0: number;
  x1: number;
}

const HEADER_WORDS: [RegExp, ColumnKind][] = [
  [
    /^(?:tests?|test name|tests? ordered|analyte|component|description|procedure|examination|test description|name|investigation|parameter)$/i,
    'name',
  ],
  [
    /^(?:results?|value|your value|observed|result value|current result|in range|out of range|out of|result\s*\/\s*flag|result flag)$/i,
    'value',
  ],
  [/^(?:flags?|abnormal flag|abn|h\/l|status|abnormal|flag\s*\/\s*status)$/i, 'flag'],
  [/^(?:units?|uom|unit of measure)$/i, 'units'],
  [
    /^(?:reference range|reference interval|ref\.? range|ref\.? interval|normal range|reference|range|reference ranges?|standard range|reference values?|normal values?|expected range|ref range\/units|normal)$/i,
    'range',
  ],
  [/^(?:lab|performing lab|site|comments?|notes?|lab code)$/i, 'other'],
];

/** Cumulative reports print earlier results in columns headed by their date ("2024-01-29", "Previous"). */
const EARLIER_RESULTS =
  /^(?:previous(?: results?)?|prior(?: results?)?|last(?: result)?|earlier|history|cumulative|\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}[ -][A-Za-z]{3}[ -]\d{2,4}|[A-Za-z]{3} \d{1,2},? \d{4})$/i;

/**
 * Headings labs word in their own way ("Biological Ref. Interval", "Observed Value", "Unit of Measurement", "Abnormal
 * Indicator", "Test Description"): the kind from the heading's key word, checked in this order ("Reference Value" is
 * a range, "Result Unit" a unit).
 */
const HEADER_KEYWORDS: [RegExp, ColumnKind][] = [
  [/\b(?:method(?:ology)?|specimen|sample|comments?|remarks?|notes?|performing|loinc|code)\b/i, 'other'],
  [
    /\b(?:ranges?|interval|intervals|ref|reference|normal|limits?|expected|target|desirable|bio(?:logical)?)\b/i,
    'range',
  ],
  [/\b(?:units?|uom|measure(?:ment)?)\b/i, 'units'],
  [/\b(?:flags?|abn|abnormal|alerts?|indicators?|h\/l|interpretation)\b/i, 'flag'],
  [/\b(?:results?|values?|observed|observations?|measured|readings?|findings?|outcome|levels?)\b/i, 'value'],
  [
    /\b(?:tests?|analytes?|components?|investigations?|parameters?|examinations?|determinations?|assays?|descriptions?|procedures?|name|studies|study)\b/i,
    'name',
  ],
];

/** Words of metadata labels ("Result Date", "Ref. By", "Specimen #"): such a cell is not a column heading. */
const NOT_HEADING =
  /\b(?:date|time|by|on|at|received|collected|drawn|taken|reported|released|doctor|physician|dob|birth|sex|gender|age|id|no|number)\b|#/i;

function keywordKind(text: string): ColumnKind | null {
  // A heading is a few words: no digits, no sentence, no label with its value.
  if (text.length > 36 || /\d|:\s*\S/.test(text) || text.split(/\s+/).length > 4) return null;
  if (NOT_HEADING.test(text)) return null;
  for (const [pattern, kind] of HEADER_KEYWORDS) if (pattern.test(text)) return kind;
  return null;
}

export function headerKind(cell: Cell): ColumnKind | null {
  const text = cell.text.replace(/[:*]+$/, '').trim();
  for (const [pattern, kind] of HEADER_WORDS) if (pattern.test(text)) return kind;
  if (EARLIER_RESULTS.test(text)) return 'other';
  // OCR may glue a heading to its neighbour ("Reference Rangdlag"): the first word still says what it is.
  if (/^(?:reference|ref\.?)\b/i.test(text)) return 'range';
  return keywordKind(text);
}

function exactKind(text: string): ColumnKind | null {
  const t = text.replace(/[:*]+$/, '').trim();
  for (const [pattern, kind] of HEADER_WORDS) if (pattern.test(t)) return kind;
  return null;
}

/**
 * Splits a cell made of several headings that ran together ("Out Of Range Reference Range" when the gap between
 * two headings is narrow) into one cell per heading, using the items' positions.
 */
function splitHeadings(cell: Cell): Cell[] {
  if (exactKind(cell.text) || cell.parts.length < 2) return [cell];
  // Headings drawn as separate runs that touch ("Abnormal Flag" + "UNITS"): one cell per run when each names a column.
  const own = cell.parts.map((part) => ({ text: part.text.trim(), x0: part.x0, x1: part.x1, parts: [part] }));
  if (
    own.every((c) => headerKind(c) !== null) &&
    new Set(own.map((c) => headerKind(c))).size === own.length
  ) {
    return own;
  }
  const words = cell.parts.flatMap((part) => {
    const pieces = part.text.trim().split(/\s+/);
    const width = (part.x1 - part.x0) / Math.max(1, part.text.length);
    let offset = 0;
    return pieces.map((piece) => {
      const at = part.text.indexOf(piece, offset);
      offset = at + piece.length;
      return { text: piece, x0: part.x0 + at * width, x1: part.x0 + offset * width };
    });
  });
  // Longest known heading first, left to right.
  const cells: Cell[] = [];
  let i = 0;
  while (i < words.length) {
    let taken = 0;
    for (let n = Math.min(4, words.length - i); n >= 1; n--) {
      if (
        exactKind(
          words
            .slice(i, i + n)
            .map((w) => w.text)
            .join(' '),
        )
      ) {
        taken = n;
        break;
      }
    }
    if (taken === 0) return [cell];
    const group = words.slice(i, i + taken);
    const first = group[0] as { x0: number };
    const last = group[group.length - 1] as { x1: number };
    cells.push({ text: group.map((w) => w.text).join(' '), x0: first.x0, x1: last.x1, parts: [] });
    i += taken;
  }
  return cells;
}

/** The tables a header line declares, or null when the line is not a column header. */
export function readTableHeader(line: Line): TableColumns[] | null {
  const cells = line.cells.flatMap(splitHeadings);
  line = { ...line, cells };
  const kinds = line.cells.map(headerKind);
  // One heading the vocabulary does not know, where a table without a value column prints its values: the values.
  const unknown = kinds.flatMap((k, i) => (k === null ? [i] : []));
  if (unknown.length === 1 && !kinds.includes('value') && (unknown[0] as number) > 0 && kinds[0] === 'name') {
    kinds[unknown[0] as number] = 'value';
  }
  const known = kinds.filter((k) => k !== null).length;
  if (known - kinds.filter((k) => k === 'other').length < 2 || known < line.cells.length - 1) return null;
  if (!kinds.includes('value') && !kinds.includes('range')) return null;
  // A heading not understood ("Ind", "Lab") is still a column: its text must not run into its neighbour's.
  for (let i = 0; i < kinds.length; i++) if (kinds[i] === null) kinds[i] = 'other';
  const tables: TableColumns[] = [];
  let current: Column[] = [];
  line.cells.forEach((cell, i) => {
    const kind = kinds[i];
    if (!kind) return;
    if (kind === 'name' && current.length > 0) {
      tables.push(toTable(current));
      current = [];
    }
    current.push({ kind, x0: cell.x0, x1: cell.x1 });
  });
  if (current.length > 0) tables.push(toTable(current));
  // A table must start with its name column; when the header omits it ("Result Units Range"), assume it.
  return tables;
}

function toTable(columns: Column[]): TableColumns {
  return { columns, x0: columns[0]?.x0 ?? 0, x1: columns[columns.length - 1]?.x1 ?? 0 };
}
