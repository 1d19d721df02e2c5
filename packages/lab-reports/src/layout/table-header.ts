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
    /^(?:reference range|reference interval|reference limits|normal limits|bio(?:logical)?\.? ref(?:erence)?\.? (?:range|interval)|ref\.? range|ref\.? interval|normal range|reference|range|reference ranges?|standard range|reference values?|normal values?|expected range|ref range\/units|normal)$/i,
    'range',
  ],
  [/^(?:lab|performing lab|site|comments?|notes?|lab code)$/i, 'other'],
];

/** Cumulative reports print earlier results in columns headed by their date ("2024-01-29", "Previous"). */
const EARLIER_RESULTS =
  /^(?:previous(?: results?)?|prior(?: results?)?|last(?: result)?|earlier|history|cumulative|\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}[ -][A-Za-z]{3}[ -]\d{2,4}|[A-Za-z]{3} \d{1,2},? \d{4}|[A-Za-z]{3}[ .,-]*\d{4}|\d{1,2}[/.-]\d{4})$/i;

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
  /\b(?:date|time|by|on|at|received|collected|drawn|taken|reported|released|doctor|physician|dob|birth|sex|gender|age|id|no|number|patient|first|given|family|surname|forenames?)\b|\blast name\b|#/i;

function keywordKind(text: string): ColumnKind | null {
  // A heading is a few words: no digits, no sentence, no label with its value.
  if (text.length > 36 || /\d|:\s*\S/.test(text) || text.split(/\s+/).length > 4) return null;
  if (NOT_HEADING.test(text)) return null;
  for (const [pattern, kind] of HEADER_KEYWORDS) if (pattern.test(text)) return kind;
  return null;
}

export function headerKind(cell: Cell): ColumnKind | null {
  const text = cell.text.replace(/[:*]+$/, '').trim();
  const kind = kindOfText(text);
  if (kind !== null) return kind;
  // A bilingual heading ("Valeurs de référence / Reference", "Einheit / Unit"): the halves name one column; the
  // kind of the half we know, when the known halves agree.
  const halves = text.split(/\s+\/\s+/);
  if (halves.length !== 2 || text.length > 48 || /\d|:/.test(text)) return null;
  const kinds = new Set(halves.map(kindOfText).filter((k) => k !== null));
  return kinds.size === 1 ? ([...kinds][0] as ColumnKind) : null;
}

function kindOfText(text: string): ColumnKind | null {
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

/** Words of column headings, for headings OCR ran together without a space ("Valueindicator"). */
const HEADING_WORDS = new Set([
  'test',
  'tests',
  'name',
  'result',
  'results',
  'value',
  'values',
  'flag',
  'flags',
  'indicator',
  'abn',
  'unit',
  'units',
  'uom',
  'measure',
  'measured',
  'reference',
  'ref',
  'range',
  'interval',
  'normal',
  'limits',
  'status',
]);

/** "Valueindicator" → "Value indicator": a word made of two heading words. */
function unglue(word: string): string {
  const lower = word.toLowerCase();
  if (HEADING_WORDS.has(lower)) return word;
  for (let k = 3; k <= lower.length - 3; k++)
    if (HEADING_WORDS.has(lower.slice(0, k)) && HEADING_WORDS.has(lower.slice(k)))
      return `${word.slice(0, k)} ${word.slice(k)}`;
  return word;
}

/**
 * Splits a cell made of several headings that ran together ("Out Of Range Reference Range" when the gap between
 * two headings is narrow) into one cell per heading, using the items' positions.
 */
function splitHeadings(cell: Cell): Cell[] {
  const glued = /[a-z][A-Z][a-z]/.test(cell.text) || cell.text.split(/\s+/).some((w) => unglue(w) !== w);
  if (exactKind(cell.text) || (cell.parts.length < 2 && !glued && cell.text.split(/\s+/).length < 3))
    return [cell];
  // Headings drawn as separate runs that touch ("Abnormal Flag" + "UNITS"): one cell per run when each names a column.
  const own = cell.parts.map((part) => ({ text: part.text.trim(), x0: part.x0, x1: part.x1, parts: [part] }));
  if (
    own.length >= 2 &&
    own.every((c) => headerKind(c) !== null) &&
    new Set(own.map((c) => headerKind(c))).size === own.length
  ) {
    return own;
  }
  const words = cell.parts.flatMap((part) => {
    // OCR runs two headings together when their gap is narrow ("Unit of MeasureNormal Values", "Result
    // Valueindicator"): a capital after a lower-case letter, or a second heading word, starts a word.
    const pieces = part.text
      .trim()
      .replace(/([a-z])([A-Z][a-z])/g, '$1 $2')
      .split(/\s+/)
      .flatMap((w) => unglue(w).split(' '));
    const width = (part.x1 - part.x0) / Math.max(1, part.text.length);
    let offset = 0;
    return pieces.map((piece) => {
      const at = part.text.indexOf(piece, offset);
      offset = at + piece.length;
      return { text: piece, x0: part.x0 + at * width, x1: part.x0 + offset * width };
    });
  });
  const textOf = (from: number, to: number): string =>
    words
      .slice(from, to)
      .map((w) => w.text)
      .join(' ');
  // Known headings, longest first, left to right; a heading in a wording of its own ("Reference Limits", "Abn
  // Flag") by its key word, between known ones. Null when the words do not split into headings.
  const parse = (i: number): [number, number][] | null => {
    if (i === words.length) return [];
    for (let n = Math.min(4, words.length - i); n >= 1; n--) {
      if (!exactKind(textOf(i, i + n))) continue;
      const rest = parse(i + n);
      if (rest) return [[i, i + n], ...rest];
    }
    for (let n = 1; n <= Math.min(4, words.length - i); n++) {
      const text = textOf(i, i + n);
      if (/[()]/.test(text) || !keywordKind(text)) continue;
      const rest = parse(i + n);
      if (rest) return [[i, i + n], ...rest];
    }
    return null;
  };
  const parsed = parse(0);
  if (!parsed || !parsed.some(([a, b]) => exactKind(textOf(a, b)))) return [cell];
  // Neighbours of one kind are one heading ("Abn" + "Flag", "Unit" + "of Measurement").
  const kindOf = ([a, b]: [number, number]) => exactKind(textOf(a, b)) ?? keywordKind(textOf(a, b));
  const groups: [number, number][] = [];
  for (const group of parsed) {
    const last = groups[groups.length - 1];
    if (last && kindOf(last) === kindOf(group)) last[1] = group[1];
    else groups.push([...group]);
  }
  // Several headings, each naming another column; at least one the vocabulary knows as a whole.
  const kinds = groups.map(kindOf);
  if (groups.length < 2 || new Set(kinds).size < kinds.length) return [cell];
  return groups.map(([a, b]) => {
    const first = words[a] as { x0: number };
    const last = words[b - 1] as { x1: number };
    return { text: textOf(a, b), x0: first.x0, x1: last.x1, parts: [] };
  });
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A column heading that is a date, as [year, first number, second number] (day and month in printed order). */
function headingDate(text: string): { y: number; a: number; b: number; named: boolean } | null {
  const t = text.trim();
  const year = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
  let m = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(t);
  if (m) return { y: Number(m[1]), a: Number(m[3]), b: Number(m[2]), named: true };
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(t);
  if (m) return { y: year(m[3] as string), a: Number(m[1]), b: Number(m[2]), named: false };
  m = /^(\d{1,2})[ -]([A-Za-z]{3})[a-z]*[ -](\d{2}|\d{4})$/.exec(t);
  const month = m ? MONTHS.indexOf((m[2] as string).toLowerCase()) + 1 : 0;
  if (m && month > 0) return { y: year(m[3] as string), a: Number(m[1]), b: month, named: true };
  return null;
}

/**
 * Cumulative reports head their result columns with the dates of the visits and no "Result" heading: the column of
 * the latest date holds this report's results. Day-month order from the dates themselves (a number over 12 is a
 * day); when they cannot tell and the two orders disagree on the latest, the rightmost column (printed last).
 */
function latestDateColumn(texts: string[]): number | null {
  const dates = texts.map((t, i) => ({ i, d: headingDate(t) })).filter((x) => x.d !== null) as {
    i: number;
    d: { y: number; a: number; b: number; named: boolean };
  }[];
  if (dates.length < 2) return null;
  const dayFirst = dates.some((x) => !x.d.named && x.d.a > 12);
  const monthFirst = dates.some((x) => !x.d.named && x.d.b > 12);
  const latest = (dmy: boolean): number => {
    const key = (d: { y: number; a: number; b: number; named: boolean }) =>
      d.y * 10_000 + (dmy || d.named ? d.b * 100 + d.a : d.a * 100 + d.b);
    return dates.reduce((best, x) => (key(x.d) > key(best.d) ? x : best)).i;
  };
  if (dayFirst !== monthFirst) return latest(dayFirst);
  const [dmy, mdy] = [latest(true), latest(false)];
  return dmy === mdy ? dmy : (dates[dates.length - 1] as { i: number }).i;
}

/**
 * The second line of a cumulative report's two-line header ("Date  14/01/25  02/04/25  19/07/25" under "HAEMATOLOGY
 * Units  Ref Range"): the visit dates as result columns (the latest one this report's values), merged with the
 * columns of the line above; the leftmost column holds the test names. Null when the line is not such dates.
 */
export function readDateHeader(line: Line, above: TableColumns[] | null): TableColumns[] | null {
  if (!above || above.length !== 1) return null;
  const table = above[0] as TableColumns;
  if (table.columns.some((c) => c.kind === 'value')) return null;
  const cells = line.cells;
  const label = cells[0] && !headingDate(cells[0].text) ? cells[0] : null;
  const dates = label ? cells.slice(1) : cells;
  if (dates.length < 2 || dates.some((c) => !headingDate(c.text)) || (label && label.text.length > 20))
    return null;
  const latest = latestDateColumn(dates.map((c) => c.text));
  if (latest === null) return null;
  const start = Math.min(table.x0, label?.x0 ?? Infinity, ...dates.map((c) => c.x0));
  const columns: Column[] = [
    ...table.columns.filter((c) => c.kind !== 'name' && !(c.kind === 'other' && c.x0 <= start + 1)),
    ...dates.map((c, i): Column => ({ kind: i === latest ? 'value' : 'other', x0: c.x0, x1: c.x1 })),
  ].sort((a, b) => a.x0 - b.x0);
  columns.unshift({ kind: 'name', x0: start, x1: start });
  return [toTable(columns)];
}

/** The tables a header line declares, or null when the line is not a column header. */
export function readTableHeader(line: Line): TableColumns[] | null {
  const cells = line.cells.flatMap(splitHeadings);
  line = { ...line, cells };
  const kinds = line.cells.map(headerKind);
  // "Test  14/01/25  02/04/25  19/07/25  Units  Range": without a result heading, the latest visit's column.
  if (!kinds.includes('value')) {
    const latest = latestDateColumn(line.cells.map((c) => c.text));
    if (latest !== null && kinds[latest] === 'other') kinds[latest] = 'value';
  }
  // One heading the vocabulary does not know, where a table without a value column prints its values: the values.
  const unknown = kinds.flatMap((k, i) => (k === null ? [i] : []));
  // A misread first heading ("Tem", "Tesl Name") over the leftmost column: the test names, when the other headings
  // name a table's columns.
  if (
    unknown.length === 1 &&
    unknown[0] === 0 &&
    !kinds.includes('name') &&
    kinds.includes('value') &&
    kinds.filter((k) => k !== null && k !== 'other').length >= 2 &&
    /^[A-Za-z][A-Za-z .]{1,24}$/.test(line.cells[0]?.text ?? '')
  ) {
    kinds[0] = 'name';
    unknown.shift();
  }
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
