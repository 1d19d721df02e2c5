/**
 * Report metadata from key/value pairs found by position and a label vocabulary (`metadata-labels.ts`): a value
 * after the label's colon, in the next cell to the right, or in the cell under the label; plus the letterhead (or
 * footer) for the lab name. Every candidate carries a confidence; a field whose best candidate is below
 * {@link MIN_CONFIDENCE} stays null rather than being wrong.
 */
import type { ReportMetadata } from '@meridian/domain';
import type { Cell, Line } from '../layout/layout-types';
import { readTableHeader } from '../layout/table-header';
import { detectDateConvention } from './date-convention';
import type { DocumentDateConvention } from './date-convention';
import { hasSeamLookalike, hasStrayLowerCase, yearThenLookalike } from './identifier-misreads';
import { colonOnlyLabel, labelOf } from './metadata-labels';
import { capitalIMisread, undoubleWords } from './name-misreads';
import type { MetaField } from './metadata-labels';
import { readDate, repairOcrDate } from './normalise-date';
import { nearestByConfusion, titleCaseMisread } from './ocr-confusion';

/** Fields of ReportMetadata that carry a confidence. */
export type ScoredField = Exclude<keyof ReportMetadata, 'gender'> | 'gender';

export interface MetadataWithConfidence {
  metadata: ReportMetadata;
  /** 0–1 per field; 0 when nothing was found. */
  confidence: Record<ScoredField, number>;
}

/** Below this a field is reported as null. */
export const MIN_CONFIDENCE = 0.5;

interface Candidate {
  field: ScoredField;
  value: string;
  confidence: number;
  /** Reading order: earlier wins a tie. */
  order: number;
}

/** An OCR word read with less confidence (0–100) than this may be misread. */
const UNSURE_OCR_WORD = 50;
/** Below this, OCR doubts the word itself: identifiers read right rarely score under 20 (most score 20–50 or more). */
const DOUBTFUL_OCR_WORD = 20;
/** A character no specimen number carries: identifiers are letters and digits, some with `-`, `/` or `.`. */
const STRAY_IN_ID = /[^A-Za-z0-9/.-]/;

/** How a value was found relative to its label. */
const PLACEMENT = { colon: 0.95, right: 0.9, below: 0.8, prefix: 0.75, heading: 0.7 } as const;

const lineText = (line: Line): string => line.cells.map((c) => c.text).join('  ');

// ——— values ————————————————————————————————————————————————————————————————————————————————————————

const TITLES =
  /^(?:mr|mrs|ms|miss|mx|dr|prof|mstr|master|baby|smt|shri|sri|kum|kumari|sir|madam|mdm|rev)\.?$/i;

/** Words that are labels or report vocabulary, never a patient's name. */
const NOT_NAME =
  /^(?:name|patient|pt|first|last|surname|given|sex|gender|dob|date|birth|age|male|female|report|laboratory|lab|results?|test|specimen|information|details|demographics|unknown|n\/a|na|none|not|provided)$/i;

export interface NameParts {
  first: string | null;
  last: string | null;
  confidence: number;
}

const isUpperWord = (w: string): boolean =>
  /[A-Z]/.test(w) && w === w.toUpperCase() && w.replace(/[^A-Za-z]/g, '').length >= 2;

/** "LAST, FIRST", "First Last", "LAST First", "Mr First LAST" → first and last name. */
export function splitName(raw: string): NameParts | null {
  let text = raw
    // A title OCR printed with a comma or no stop ("Mr, John Smith"), or glued to the name ("MR.SURESH BABU").
    .replace(/^(?:mr|mrs|ms|miss|mx|dr)[.,]?\s+/i, '')
    .replace(/^(?:mr|mrs|ms|miss|mx|dr|master|mstr|baby|smt|shri|sri|kum|kumari)\.(?=\p{L}{2})/iu, '')
    .replace(/\((?:[^)]*)\)/g, ' ')
    .replace(/[|;].*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  // What follows the name on the same cell: an age, sex, an id ("JOHN SMITH 45Y M", "Jane Doe F/45").
  text = text.replace(/\s+(?:\S*\d\S*|[MF]|male|female)(?:\s.*)?$/i, '').trim();
  if (!text || /\d/.test(text)) return null;
  // OCR reads a comma as a period: "Kowalski. Gwendolyn" is "Kowalski, Gwendolyn" (an initial is one letter).
  text = text.replace(/^(\p{L}[\p{L}'’-]{2,})\.\s+(?=\p{L})/u, (all, head: string) =>
    TITLES.test(head) ? all : `${head}, `,
  );
  if (text.includes(',')) {
    const [lastPart, rest] = text.split(',', 2).map((s) => s.trim());
    const last = words(lastPart ?? '');
    const given = words(rest ?? '');
    if (last.length === 0 || last.length > 3 || !last.every(isNameWord)) return null;
    // An initial is no first name ("SMITH, J."): none then.
    const first = given.find((w) => isNameWord(w) && !isInitial(w)) ?? null;
    return { first, last: last.join(' '), confidence: first ? 0.95 : 0.7 };
  }
  const parts = words(text);
  if (parts.length === 0 || parts.length > 5 || !parts.every(isNameWord)) return null;
  // A trailing initial ("SURESH BABU K", "Anita Rao S."): no surname is one letter; the word before it is.
  if (parts.length >= 3 && /^\p{L}\.?$/u.test(parts[parts.length - 1] as string)) {
    const named = splitName(parts.slice(0, -1).join(' '));
    return named ? { ...named, confidence: Math.min(named.confidence, 0.7) } : null;
  }
  if (parts.length === 1) return { first: null, last: parts[0] ?? null, confidence: 0.6 };
  // "Jan de Vries", "J. van der Berg", "Maria dos Santos": the surname keeps its lower-case particles.
  const particle = parts.findIndex((w, i) => i > 0 && PARTICLES.test(w));
  if (
    particle > 0 &&
    particle < parts.length - 1 &&
    parts.slice(particle, -1).every((w) => PARTICLES.test(w))
  ) {
    const given = parts.slice(0, particle).find((w) => !isInitial(w)) ?? null;
    return { first: given, last: parts.slice(particle).join(' '), confidence: given ? 0.85 : 0.75 };
  }
  // "N. DLAMINI", "J Smith": the initial of a first name, not the name.
  if (parts.length === 2 && isInitial(parts[0] as string))
    return { first: null, last: parts[1] ?? null, confidence: 0.8 };
  const upper = parts.map(isUpperWord);
  const allUpper = upper.every(Boolean);
  if (!allUpper && upper[0] && !upper.slice(1).some(Boolean)) {
    // "SMITH John": the surname in capitals first.
    return { first: parts[1] ?? null, last: parts[0] ?? null, confidence: 0.85 };
  }
  if (!allUpper && upper[upper.length - 1] && !upper.slice(0, -1).some(Boolean)) {
    return { first: parts[0] ?? null, last: parts[parts.length - 1] ?? null, confidence: 0.9 };
  }
  return {
    first: parts[0] ?? null,
    last: parts[parts.length - 1] ?? null,
    confidence: allUpper ? 0.75 : 0.85,
  };
}

/** Lower-case particles of Dutch, German, French, Spanish, Portuguese and Italian surnames. */
const PARTICLES = /^(?:de|der|den|van|von|ten|ter|te|du|des|la|le|da|das|do|dos|di|del|della)$/;

function words(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}]+|[^\p{L}.'-]+$/gu, ''))
    .filter((w) => w !== '' && !TITLES.test(w));
}

const isInitial = (w: string): boolean => /^\p{L}\.?$/u.test(w);

const isNameWord = (w: string): boolean =>
  /^\p{L}[\p{L}'’.-]*$/u.test(w) && !NOT_NAME.test(w) && w.length <= 30;

function readSex(value: string): 'male' | 'female' | null {
  const v = value.trim().toLowerCase();
  if (/^(?:m|male|man|boy)\b/.test(v)) return 'male';
  if (/^(?:f|female|woman|girl)\b/.test(v)) return 'female';
  // The word with letters misread (`Fema1e`, `Fernale`, `Mate`) or broken by a space (`Fe male`): one word only,
  // nothing else is that close.
  const compact = /^(?:f\s?e\s?m\s?a\s?l\s?e|m\s?a\s?l\s?e)\b/.exec(v)?.[0].replace(/\s/g, '');
  if (compact) return compact === 'male' ? 'male' : 'female';
  const word = /^([a-z0-9|]{4,6})\b/.exec(v.replace(/rn/g, 'm'))?.[1];
  const sex = word ? nearestByConfusion(word, ['male', 'female'], word.length > 4 ? 2 : 1) : null;
  return sex === 'male' ? 'male' : sex === 'female' ? 'female' : null;
}

/** Both sexes printed ("M / F", "Male  Female", "☐ M ☒ F"): a form's choices, not an answer OCR can tell. */
function namesBothSexes(value: string): boolean {
  const [a, b] = value
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map((t) => (t === 'm' || t === 'male' ? 'male' : t === 'f' || t === 'female' ? 'female' : t));
  return (a === 'male' && b === 'female') || (a === 'female' && b === 'male');
}

/** "45 Y / F", "F/45", "Female / 45 Years" → the sex. */
function readAgeSex(value: string): 'male' | 'female' | null {
  for (const token of value.split(/[\s/,|-]+/)) {
    const t = token.replace(/[^A-Za-z]/g, '');
    if (!t || /^(?:y|yr|yrs|years?|m?o|months?|d|days?)$/i.test(t)) continue;
    const sex = readSex(t);
    if (sex && (t.length === 1 || /^(?:male|female)$/i.test(t))) return sex;
    // The word with a letter misread as a digit ("Fema1e", "Ma1e"): four letters or more.
    const word = token.replace(/[^A-Za-z0-9|]/g, '');
    const misread = /[a-z]/i.test(word) && word.length >= 4 ? readSex(word) : null;
    if (misread) return misread;
  }
  return null;
}

/** A specimen number: the first token, with a digit, not a date or a time. */
function readSpecimen(value: string): string | null {
  // A space OCR put inside an identifier at one of its separators ("LP/24/ 687315", "MC-24 -771635"): one token.
  const tokens = value
    .trim()
    .replace(/(?<=[A-Za-z0-9][/-])\s(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])\s(?=[/-][A-Za-z0-9])/g, '')
    .split(/\s+/);
  // `$` and `€` are OCR misreadings of `S` and `C` (`$X5120794`); no lab prints them in an identifier. A trailing
  // speck ("WC5577121°") or full stop is not part of it.
  const token = (tokens[0] ?? '')
    .replace(/^[#:]+|[^A-Za-z0-9)]+$/g, '')
    .replace(/\$/g, 'S')
    .replace(/€/g, 'C')
    // "W(9791935": a "(" between a capital and a digit is a misread "C".
    .replace(/(?<=[A-Z])\((?=\d)/g, 'C');
  if (token.length < 3 || token.length > 32 || !/\d/.test(token)) return null;
  // One separator unlike the others (`720-551.9920-8`): a dash OCR read as a full stop, or the reverse.
  // Two separators in a row ("25.-929652-3"): the odd one is a speck.
  const seps = token.match(/[/.-]/g) ?? [];
  for (const [odd, usual] of [
    ['.', '-'],
    ['-', '.'],
  ] as const)
    if (seps.filter((c) => c === odd).length === 1 && seps.filter((c) => c === usual).length >= 2) {
      const speck = token.includes(`${odd}${usual}`) || token.includes(`${usual}${odd}`);
      return readSpecimen(token.replace(odd, speck ? '' : usual));
    }
  if (/^\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}$/.test(token) || /^\d{1,2}:\d{2}/.test(token)) return null;
  // OCR may misread one character as punctuation ("LR6562535)"): most of it must still be letters and digits.
  if (!/^[A-Za-z0-9]/.test(token) || token.replace(/[A-Za-z0-9]/g, '').length > Math.max(2, token.length / 4))
    return null;
  return token;
}

const currentYear = (): number => new Date().getUTCFullYear();

interface Context {
  /** OCR confidence (0–100) of each word read, the highest when a word occurs more than once; empty for text layers. */
  wordConfidence: Map<string, number>;
  convention: DocumentDateConvention;
  candidates: Candidate[];
  order: number;
}

/**
 * 0.5 when OCR was unsure of a word of a name (best read under `UNSURE_OCR_WORD`: `Amebke` for `Amelie` read at 11),
 * which puts the name under the confidence threshold (null rather than wrong); 1 otherwise. Names read right on our
 * scans score 78 and more.
 */
function nameWordDoubt(ctx: Context, name: string): number {
  if (ctx.wordConfidence.size === 0) return 1;
  for (const word of name.split(/\s+/)) {
    const reads = [...ctx.wordConfidence].filter(
      ([text]) => text.replace(/[^\p{L}'’-]/gu, '') === word.replace(/[^\p{L}'’-]/gu, ''),
    );
    if (reads.length > 0 && Math.max(...reads.map(([, c]) => c)) < UNSURE_OCR_WORD) return 0.5;
  }
  return 1;
}

/** Turns a labelled value into candidates (none when the value does not fit the field). */
function offer(ctx: Context, field: MetaField, weight: number, value: string, placement: number): boolean {
  // Leading marks are not part of a value: an aligned ":" or "#", or a speck OCR read as "©", ";", "!" or "|".
  const raw = value.replace(/^[^\p{L}\p{N}<>$€]+/u, '').trim();
  // One word and a colon ("pos:") is a label OCR misread, not a value; after several, a speck ("SMITH, JOHN:").
  if (/^\S+:$/.test(raw)) return false;
  // A word read twice over (`MaleMale`) once; a value whose doubled reads disagree is no value.
  const v = undoubleWords(raw.replace(/\s*:$/, ''));
  if (!v || labelOf(v)) return false;
  const order = ctx.order++;
  const push = (f: ScoredField, val: string, confidence: number): void => {
    ctx.candidates.push({ field: f, value: val, confidence: confidence * weight * placement, order });
  };
  switch (field) {
    case 'nameLastFirst':
    case 'name': {
      // The label says the surname comes first ("Surname / Forename: SMITH / John"): the slash is the comma.
      const ordered = field === 'nameLastFirst' && !v.includes(',') ? v.replace(/\s*\/\s*/, ', ') : v;
      // "SMITH JOHN A" (a US system's LAST FIRST MI without the comma) or "SURESH BABU K" (an Indian given name,
      // surname and initial): capitals ending in an initial are read the second way only where dates are not US.
      if (
        !ordered.includes(',') &&
        /^[A-Z][A-Z'.-]+(?: [A-Z][A-Z'.-]+)+ [A-Z]\.?$/.test(ordered.trim()) &&
        ctx.convention.convention === 'mdy'
      )
        return false;
      const name = splitName(capitalIMisread(ordered.replace(/\s+\/\s+/g, ' ')));
      if (!name) return false;
      // "ANIL KUMAR SHARMA (42Y/M)": age and sex in brackets after the name.
      const ageSex = /\(\s*\d{1,3}\s*(?:y|yrs?|years?)?\s*\/\s*([MF])\s*\)/i.exec(v);
      if (ageSex?.[1]) push('gender', ageSex[1].toUpperCase() === 'M' ? 'male' : 'female', 0.9);
      if (name.last) push('patient_last_name', name.last, name.confidence * nameWordDoubt(ctx, name.last));
      if (name.first)
        push('patient_first_name', name.first, name.confidence * nameWordDoubt(ctx, name.first));
      return true;
    }
    case 'firstName':
    case 'lastName': {
      const parts = words(capitalIMisread(v.replace(/\s+(?:\S*\d\S*)(?:\s.*)?$/, '')));
      if (parts.length === 0 || parts.length > 3 || !parts.every(isNameWord)) return false;
      // A given-names field may hold middle names: the first is the first name.
      const value = field === 'firstName' ? (parts[0] as string) : parts.join(' ');
      push(
        field === 'firstName' ? 'patient_first_name' : 'patient_last_name',
        value,
        nameWordDoubt(ctx, value),
      );
      return true;
    }
    case 'dob':
    case 'collected':
    case 'reported': {
      // A date OCR misread (`O3/l4/2O24`, `0314/1975`): read after repair, a little less surely.
      const repaired = readDate(v, ctx.convention.convention) ? null : repairOcrDate(v);
      const date = readDate(repaired ?? v, ctx.convention.convention);
      if (!date) return false;
      const year = Number(date.iso.slice(0, 4));
      const plausible =
        field === 'dob' ? year >= 1900 && year <= currentYear() : year >= 1980 && year <= currentYear() + 1;
      if (!plausible) return false;
      const sure = (date.ambiguous ? ctx.convention.confidence : 1) * (repaired ? 0.85 : 1);
      push(
        field === 'dob' ? 'dob' : field === 'collected' ? 'date_collected' : 'date_reported',
        date.iso,
        sure,
      );
      return true;
    }
    case 'sex':
    case 'ageSex': {
      // "Age / Gender : 18 Yrs / Male" reaches here as "Gender: 18 Yrs / Male".
      const sex = namesBothSexes(v) ? null : field === 'sex' ? (readSex(v) ?? readAgeSex(v)) : readAgeSex(v);
      if (!sex) return false;
      push('gender', sex, 1);
      return true;
    }
    case 'specimen': {
      const specimen = readSpecimen(v);
      if (!specimen) return false;
      // Tesseract's word confidence alone says little about an identifier (no dictionary backs it: long IDs read
      // right often score 10–50), so a low score nulls it only when OCR also saw a character no identifier carries
      // (`LPr23:30`, `(38549878` for `C38549878`), a small letter among capitals (`SDi23/558575`), or — a score so low
      // that OCR doubts the word — a letter it confuses with a digit where letters meet digits (`KMB2262122`: `KM8…`
      // reads as well). The best read counts: the same identifier read well elsewhere on the page is no doubt.
      const reads = [...ctx.wordConfidence].filter(([text]) => text.includes(specimen));
      const bestRead = reads.length > 0 ? Math.max(...reads.map(([, c]) => c)) : 100;
      const unsure =
        bestRead < UNSURE_OCR_WORD &&
        (hasStrayLowerCase(specimen) ||
          (bestRead < DOUBTFUL_OCR_WORD && hasSeamLookalike(specimen)) ||
          // The word OCR read, less a label glued before it ("No:").
          [specimen, ...reads.map(([text]) => text.replace(/^[A-Za-z.]*[#:]+/, ''))].some((t) =>
            STRAY_IN_ID.test(t),
          ));
      push('specimen_number', specimen, unsure ? 0.5 : 1);
      return true;
    }
    case 'lab': {
      if (!/[A-Za-z]{3}/.test(v) || /\d{3}/.test(v) || v.length > 60) return false;
      push('lab_name', v, 0.65);
      return true;
    }
    case 'other':
      return true;
  }
}

// ——— positions —————————————————————————————————————————————————————————————————————————————————————

interface Mark {
  field: MetaField;
  weight: number;
  start: number;
  end: number;
}

const MARKS_CACHE = new Map<string, Mark[]>();

/** "Label: value Label: value" inside one cell: the labels, longest known suffix of up to 5 words before a colon. */
function colonMarks(text: string): Mark[] {
  // Asked several times per cell (as a label, as a neighbour's value): remembered per text.
  const cached = MARKS_CACHE.get(text);
  if (cached) return cached;
  const marks = findColonMarks(text);
  if (MARKS_CACHE.size > 20_000) MARKS_CACHE.clear();
  MARKS_CACHE.set(text, marks);
  return marks;
}

function findColonMarks(text: string): Mark[] {
  const marks: Mark[] = [];
  if (!/[:;]/.test(text)) return marks;
  // Commas inside a label: "Name (Last, First):".
  // OCR may read a label's letter as a digit or sign ("D.0.B.:", "Sample 1D:", "$pecimen:"): labelOf reads those.
  // A colon OCR read as a semicolon ("Released; 25 Jun 2023") ends a label too.
  // A slash between two labels' words ("Surname / Forename:", "DOB / Age:") belongs to the label.
  const pattern = /((?:(?:[A-Za-z#($]|\/(?=\s)|\d(?=[A-Za-z]))[A-Za-z0-9.'#/()&,$|-]*\s?){1,7})[:;]\s*/g;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const ws = (m[1] as string).trim().split(/\s+/);
    for (let k = 0; k < ws.length; k++) {
      const hit = labelOf(ws.slice(k).join(' ')) ?? colonOnlyLabel(ws.slice(k).join(' '));
      if (hit) {
        const offset = m[0].indexOf(ws[k] as string);
        marks.push({ ...hit, start: m.index + offset, end: m.index + m[0].length });
        break;
      }
    }
  }
  return marks;
}

/** A cell that starts with a label without a colon ("DOB 03/14/1975", "Patient Name JOHN SMITH"). */
function prefixLabel(text: string): { mark: Mark; rest: string } | null {
  const ws = text.split(' ');
  for (let n = Math.min(5, ws.length - 1); n >= 1; n--) {
    const head = ws.slice(0, n).join(' ');
    const hit = labelOf(head);
    if (hit && hit.field !== 'other') {
      return { mark: { ...hit, start: 0, end: head.length }, rest: ws.slice(n).join(' ') };
    }
  }
  // The space before a date lost ("Reported14/03/2024", "DOB03/14/1975"): a label of letters glued to a number.
  const glued = /^([A-Za-z][A-Za-z .#/]*[A-Za-z.#])(\d.*)$/.exec(text);
  const hit = glued ? labelOf(glued[1] as string) : null;
  if (glued && hit && hit.field !== 'other' && hit.field !== 'name' && hit.field !== 'lab')
    return { mark: { ...hit, start: 0, end: (glued[1] as string).length }, rest: glued[2] as string };
  return null;
}

/** The cell under a label cell: on one of the next two lines, starting near the label's left edge. */
function valueBelow(lines: Line[], index: number, cell: Cell): Cell | null {
  const line = lines[index] as Line;
  for (let j = index + 1; j <= index + 2 && j < lines.length; j++) {
    const below = lines[j] as Line;
    if (below.y0 - line.y1 > line.height * 3) return null;
    const aligned = below.cells
      .filter((c) => c.x0 < cell.x1 + line.height && c.x1 > cell.x0 - line.height)
      .sort((a, b) => Math.abs(a.x0 - cell.x0) - Math.abs(b.x0 - cell.x0))[0];
    if (aligned)
      return Math.abs(aligned.x0 - cell.x0) < Math.max(line.height * 4, (cell.x1 - cell.x0) * 0.8)
        ? aligned
        : null;
  }
  return null;
}

/**
 * The cell over a label cell on the line just above (at most two line heights up), starting near the label's left
 * edge, when it is no label itself; with the gap between the two lines.
 */
function valueAbove(lines: Line[], index: number, cell: Cell): { cell: Cell; gap: number } | null {
  const line = lines[index] as Line;
  const up = lines[index - 1];
  if (!up) return null;
  const gap = line.y0 - up.y1;
  if (gap > line.height * 2) return null;
  const aligned = up.cells
    .filter((c) => c.x0 < cell.x1 + line.height && c.x1 > cell.x0 - line.height)
    .sort((a, b) => Math.abs(a.x0 - cell.x0) - Math.abs(b.x0 - cell.x0))[0];
  if (!aligned || isLabelCell(aligned)) return null;
  return Math.abs(aligned.x0 - cell.x0) < Math.max(line.height * 4, (cell.x1 - cell.x0) * 0.8)
    ? { cell: aligned, gap }
    : null;
}

/**
 * Whether the line after `index` (or, with `over`, the line at `index` itself, above the cell) is a row of labels with a
 * label aligned with the cell.
 */
function labelRowUnder(lines: Line[], index: number, cell: Cell, over = false): boolean {
  const row = lines[over ? index : index + 1];
  if (!row || row.cells.length < 2 || row.cells.filter(isLabelCell).length < 2) return false;
  return row.cells.some((c) => isLabelCell(c) && c.x0 < cell.x1 + row.height && c.x1 > cell.x0 - row.height);
}

/** Whether a cell starting with a label holds a value after it too ("Sex: F", "DOB: 14/08/1962"). */
function labelledValue(text: string): boolean {
  if (labelOf(text) !== null) return false;
  const marks = colonMarks(text);
  const first = marks[0];
  return first !== undefined && first.start === 0 && text.slice(first.end, marks[1]?.start).trim() !== '';
}

const isLabelCell = (cell: Cell): boolean =>
  labelOf(cell.text) !== null || colonMarks(cell.text)[0]?.start === 0;

function readLine(ctx: Context, lines: Line[], index: number): void {
  const line = lines[index] as Line;
  const cells = line.cells;
  const labelCells = cells.filter((c) => labelOf(c.text)).length;
  // A row of labels: two or more, and at most one other cell, without digits (a label we do not know).
  const others = cells.filter((c) => !isLabelCell(c));
  // Labels that carry their value ("Sex: F") are no row of labels over (or under) a row of values.
  const bare = cells.filter((c) => isLabelCell(c) && !labelledValue(c.text)).length;
  const labelRow = bare >= 2 && others.length <= 1 && others.every((c) => !/\d/.test(c.text));
  cells.forEach((cell, ci) => {
    const whole = labelOf(cell.text);
    // "FINAL REPORT | 2024-03-06 16:25": a heading wording followed on its line by a date is that date's label.
    const next = cells[ci + 1];
    const headingLabel = whole ? null : colonOnlyLabel(cell.text);
    if (
      headingLabel &&
      next &&
      next.x0 - cell.x1 < line.height * 30 &&
      readDate(next.text, ctx.convention.convention)
    )
      offer(ctx, headingLabel.field, headingLabel.weight, next.text, PLACEMENT.right);
    const marks = whole ? [] : colonMarks(cell.text);
    // Text before the first label ("ABERNATHY, TAMSIN  DOB: ...") is not labelled here.
    const pending: Mark[] = [];
    if (whole) pending.push({ ...whole, start: 0, end: cell.text.length });
    marks.forEach((mark, i) => {
      const next = marks[i + 1];
      let value = cell.text.slice(mark.end, next ? next.start : undefined).trim();
      // "Patient's Name: FITZGERALD," | "GEORGIA": the given name OCR put in a cell of its own after the comma.
      const right = cells[ci + 1];
      if (
        !next &&
        mark.field === 'name' &&
        /,$/.test(value) &&
        right &&
        right.x0 - cell.x1 < line.height * 10 &&
        !isLabelCell(right) &&
        colonMarks(right.text).length === 0
      )
        value = `${value} ${right.text}`;
      if (value) offer(ctx, mark.field, mark.weight, value, PLACEMENT.colon);
      else if (!next) pending.push(mark);
    });
    // A label without a colon at the start of the cell, before any "Label:" in it ("DOB 1948-11-23 . Sex: Female").
    const head = marks.length > 0 ? cell.text.slice(0, (marks[0] as Mark).start).trim() : cell.text;
    if (!whole && head) {
      const prefix = prefixLabel(head);
      if (prefix && prefix.mark.field !== 'name' && prefix.mark.field !== 'lab') {
        offer(ctx, prefix.mark.field, prefix.mark.weight, prefix.rest, PLACEMENT.prefix);
      } else if (
        prefix?.mark.field === 'name' &&
        // "Patient Name JOHN SMITH", "Name of Patient SMITH, JOHN": "Patient" or a label of two words or more ("Name"
        // alone may start any text).
        // A colon a scan read as a point ("PATIENT. CALDWELL, BRENDA") is still a colon; "Patient" misread too
        // ("Pabent"): any one-word name label but "Name" and "Pt".
        (!/^(?:name|pt)$/i.test(head.slice(0, prefix.mark.end).replace(/[\s:.=-]+$/, '')) ||
          head.slice(0, prefix.mark.end).trim().split(/\s+/).length >= 2)
      ) {
        offer(ctx, prefix.mark.field, prefix.mark.weight, prefix.rest, PLACEMENT.prefix);
      }
    }
    for (const mark of pending) {
      // The value: the next cell to the right (past an aligned ":" printed as a cell of its own), else the cell below.
      const right = /^[:=-]$/.test(cells[ci + 1]?.text.trim() ?? '') ? cells[ci + 2] : cells[ci + 1];
      const gap = right ? right.x0 - cell.x1 : Infinity;
      // A row of headings over a row of values ("Last Name | First Name | pos" over "Lefebvre | Madison |
      // 1988-01-22"): when the label and its right neighbour both have a value under them on one line that is not a
      // table's column header, the neighbour is another heading (one OCR did not read), and the value is below.
      const underLabel = valueBelow(lines, index, cell);
      const underRight = right ? valueBelow(lines, index, right) : null;
      const rowBelow = underLabel ? lines.find((l) => l.cells.includes(underLabel)) : undefined;
      const grid =
        labelCells >= 2 &&
        underLabel !== null &&
        underRight !== null &&
        underRight !== underLabel &&
        rowBelow !== undefined &&
        rowBelow.cells.includes(underRight) &&
        !isLabelCell(underLabel) &&
        !/:$/.test(underLabel.text.trim()) &&
        readTableHeader(rowBelow) === null;
      const fromTheRight = (): boolean => {
        if (!right || isLabelCell(right) || gap >= line.height * 30) return false;
        const fromRight = colonMarks(right.text)[0];
        const value = fromRight ? right.text.slice(0, fromRight.start) : right.text;
        return offer(ctx, mark.field, mark.weight, value, PLACEMENT.right);
      };
      const fromBelow = (): boolean => {
        if (!underLabel || isLabelCell(underLabel)) return false;
        const labelled = colonMarks(underLabel.text)[0];
        const value = labelled ? underLabel.text.slice(0, labelled.start) : underLabel.text;
        // A row of labels over a row of values is a sure sign of the layout.
        return offer(
          ctx,
          mark.field,
          mark.weight,
          value,
          labelCells >= 2 ? PLACEMENT.below : PLACEMENT.below * 0.95,
        );
      };
      // Values printed over their labels (a row of labels under a row of values): the nearer row is the label's.
      const above = labelRow ? valueAbove(lines, index, cell) : null;
      const belowGap = underLabel && rowBelow ? rowBelow.y0 - line.y1 : Infinity;
      // Rows evenly spaced: the value above is the label's when no row of labels sits over it, while the value below
      // has a row of labels under it (the block starts with values).
      const even = above !== null && Math.abs(above.gap - belowGap) <= line.height * 0.25;
      const valuesFirst =
        even &&
        rowBelow !== undefined &&
        underLabel !== null &&
        labelRowUnder(lines, lines.indexOf(rowBelow), underLabel) &&
        !labelRowUnder(lines, index - 2, above.cell, true);
      if (above && (above.gap < belowGap - line.height * 0.25 || valuesFirst)) {
        const labelled = colonMarks(above.cell.text)[0];
        if (!labelled) offer(ctx, mark.field, mark.weight, above.cell.text, PLACEMENT.below * 0.95);
      } else if (grid) {
        if (!fromBelow()) fromTheRight();
      } else if (!fromTheRight()) fromBelow();
    }
  });
  // A letter: "Dear Ms. Washington," names the patient; the address block above gives the first name.
  const salutation =
    /^dear\s+(?:(mr|mrs|ms|miss|mx|dr)\.?\s+)?(\p{Lu}[\p{L}'’-]+)(?:\s+(\p{Lu}[\p{L}'’-]+))?\s*,?$/iu.exec(
      lineText(line).trim(),
    );
  if (salutation?.[2] && !/^(?:patient|sir|madam|colleague|doctor|customer|member)$/i.test(salutation[2])) {
    const [, title, a, b] = salutation;
    const last = title ? (b ?? a) : b;
    const first = title ? (b ? a : null) : a;
    const order = ctx.order++;
    if (last) ctx.candidates.push({ field: 'patient_last_name', value: last, confidence: 0.7, order });
    if (first) ctx.candidates.push({ field: 'patient_first_name', value: first, confidence: 0.7, order });
    if (last && !first) {
      // "Ms. Marisol Washington" in the address block.
      for (const other of lines.slice(0, index)) {
        const m = new RegExp(
          String.raw`^(?:(?:mr|mrs|ms|miss|mx|dr)\.?\s+)?([A-Z][\p{L}'’-]+)(?:\s+[A-Z]\.?)*\s+${last}$`,
          'iu',
        ).exec(other.cells[0]?.text.trim() ?? '');
        if (m?.[1] && !/^(?:mr|mrs|ms|miss|mx|dr)$/i.test(m[1])) {
          ctx.candidates.push({ field: 'patient_first_name', value: m[1], confidence: 0.7, order });
          break;
        }
      }
    }
  }
  // Running text: "the results of the blood tests taken on 3 March 2024".
  const narrative = /\b(?:taken|collected|drawn)\s+on\s+(?:the\s+)?(\S.{5,30})/i.exec(lineText(line));
  if (narrative?.[1]) offer(ctx, 'collected', 1, narrative[1], PLACEMENT.prefix);
  // A "Patient Information" block heading: the patient's name is printed under it without a label.
  const heading = cells.find((c) =>
    /^(?:patient|patient (?:information|details|demographics|info)|patient's details)\s*:?$/i.test(c.text),
  );
  if (heading) {
    const below = valueBelow(lines, index, heading);
    if (below && !isLabelCell(below)) {
      const value = colonMarks(below.text)[0];
      offer(ctx, 'name', 1, value ? below.text.slice(0, value.start) : below.text, PLACEMENT.heading);
    }
  }
}

/**
 * A date of birth whose label OCR lost ("pos" over "1988-01-22"): in the patient block (before the first table), the
 * one date that is years older than the report's collection and report dates, in a cell of its own with no known
 * label to its left or above. Weaker than any labelled value; nothing when there are several such dates.
 */
function birthDateByAge(ctx: Context, pages: Line[][]): void {
  const years = ctx.candidates
    .filter((c) => c.field === 'date_collected' || c.field === 'date_reported')
    .map((c) => Number(c.value.slice(0, 4)));
  if (years.length === 0) return;
  const reportYear = Math.min(...years);
  const lines = pages[0] ?? [];
  const found: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (readTableHeader(line)) break;
    line.cells.forEach((cell, ci) => {
      // A label OCR misread past recognition ("pos: 9/6/1989"): a short unknown word and a colon before the date.
      const unknown = /^([A-Za-z.]{2,5})[:;]\s*(?=\d)/.exec(cell.text.trim());
      const text =
        unknown && !labelOf(unknown[1] as string)
          ? cell.text.trim().slice(unknown[0].length)
          : cell.text.trim();
      if (text.length > 24 || !/\d{4}/.test(text) || /[A-Za-z]{2,}.*[A-Za-z]{2,}.*\d|:\s/.test(text)) return;
      const date = readDate(text, ctx.convention.convention);
      if (!date || text.replace(/[\d\s/.,-]|[A-Za-z]{3,9}/g, '').length > 0) return;
      const year = Number(date.iso.slice(0, 4));
      if (year < 1900 || year > reportYear - 2) return;
      const left = line.cells[ci - 1];
      const above = lines
        .slice(Math.max(0, i - 2), i)
        .flatMap((l) => l.cells)
        .find((c) => c.x0 < cell.x1 && c.x1 > cell.x0);
      if ((left && labelOf(left.text)) || (above && labelOf(above.text))) return;
      found.push(date.iso);
    });
  }
  if (new Set(found).size === 1)
    ctx.candidates.push({ field: 'dob', value: found[0] as string, confidence: 0.55, order: ctx.order++ });
}

/** Words of a page's headings, addresses and app names: a line holding one is not a person's name. */
const NOT_PERSON =
  /\b(?:test|tests|results?|report|reports|summary|panel|profile|count|blood|chemistry|haematology|hematology|urinalysis|lipid|metabolic|thyroid|liver|kidney|renal|function|screen|message|messages|care|team|account|visit|visits|portal|connect|chart|app|online|home|welcome|inbox|records?|street|st|avenue|ave|road|rd|drive|dr|lane|way|boulevard|blvd|suite|floor|place|court|north|south|east|west|new|city|county|centre|center|group|services?)\b/i;

/**
 * A patient portal's page prints the patient's name at the top without a label ("Esperanza Villalobos" over "Test
 * Results > Basic Metabolic Panel"). Only when nothing labelled names the patient: among the first lines of the
 * first page (before any table), the one line that is two or three capitalised words and nothing else, no lab, no
 * heading, no address. Weak (just over the threshold); nothing when two lines could be the name.
 */
function unlabelledName(ctx: Context, pages: Line[][]): void {
  const found: string[] = [];
  for (const line of (pages[0] ?? []).slice(0, 5)) {
    if (readTableHeader(line)) break;
    if (line.cells.length !== 1) continue;
    const text = (line.cells[0] as Cell).text.trim();
    if (!/^(?:(?:mr|mrs|ms|miss|mx)\.?\s+)?\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+){1,2}$/u.test(text))
      continue;
    if (LAB_WORDS.test(text) || NOT_LAB.test(text) || NOT_PERSON.test(text)) continue;
    found.push(text);
  }
  if (found.length !== 1) return;
  const name = splitName(found[0] as string);
  if (!name?.first || !name.last) return;
  const order = ctx.order++;
  ctx.candidates.push({ field: 'patient_last_name', value: name.last, confidence: 0.55, order });
  ctx.candidates.push({ field: 'patient_first_name', value: name.first, confidence: 0.55, order });
}

// ——— lab name ——————————————————————————————————————————————————————————————————————————————————————

const LAB_WORDS =
  /\b(?:laborator(?:y|ies|ios|ium|io|ire|oires)|labs?|[a-z]{3,}labs?|pathlabs?|pathcare|diagnostics?|diagnostic (?:centre|center|services)|clinical|pathology|pathologists?|medical|health|healthcare|bioreference|quest|labcorp|lifelabs|dynacare|sonic|reference|genomics|sciences|hospital|nhs|trust|imaging|biosciences?|clinics?|institute)\b/i;
const NOT_LAB =
  /\b(?:report|results?|patient|page|final|requisition|summary|invoice|name|dob|date|specimen|collected|tel|phone|fax|email|www|https?|director|physician|doctor|dr\.?)\b|[@:]/i;

const DISCIPLINE =
  /^(?:clinical |special )?(?:haematology|hematology|chemistry|biochemistry|immunology|serology|microbiology|endocrinology|urinalysis|coagulation|virology|histopathology|cytology|toxicology)$/i;

function labNameCandidates(ctx: Context, pages: Line[][]): void {
  const first = pages[0] ?? [];
  const last = pages[pages.length - 1] ?? [];
  const heightOf = (lines: Line[]): number => {
    const sorted = lines.map((l) => l.height).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 1;
  };
  const consider = (lines: Line[], where: 'header' | 'footer'): void => {
    const body = heightOf(lines);
    lines.forEach((line, i) => {
      if (line.cells.length > 3) return;
      for (const cell of line.cells) {
        // "Harbourside Pathology Services, Leeds LS1 3EX": the name without the address that follows it.
        const segments = cell.text
          .replace(/\s+/g, ' ')
          .split(/\s*[|•·]\s*|,\s+|\s+[–—-]\s+/)
          .map((t) => t.trim())
          .filter(Boolean);
        const text = titleCaseMisread(
          // Marks at either end are no part of the name ("University Hospital Corrib -" where OCR lost what followed).
          (segments.find((t) => LAB_WORDS.test(t)) ?? segments[0] ?? '')
            .replace(/^[^\p{L}\p{N}]+/u, '')
            .replace(/[\s,;:|•·–—-]+$/u, ''),
        );
        if (/^(?:department|dept\.?|division|section|unit) of\b/i.test(text)) continue;
        // A section's heading over the results ("HAEMATOLOGY", "Clinical Chemistry") names a discipline, not the lab.
        if (DISCIPLINE.test(text)) continue;
        if (!/[A-Za-z]{3}/.test(text) || text.length > 70 || /\d{2}[/.-]\d{2}/.test(text)) continue;
        const named = LAB_WORDS.test(text);
        // Two or three capitalised words and no lab word: a person's name (a portal's heading), not a lab's.
        if (!named && /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}\.?(?:[\p{L}'’-]+)?){1,2}$/u.test(text)) continue;
        if (NOT_LAB.test(text) && !(named && !/[@:]|\b(?:page|report|patient|name)\b/i.test(text))) continue;
        if (/^\d/.test(text) || (text.match(/\d/g) ?? []).length > 3) continue;
        const large = line.height > body * 1.15;
        let confidence = named ? 0.8 : large ? 0.6 : 0.4;
        if (large && named) confidence = 0.9;
        if (where === 'footer') confidence -= 0.15;
        // Earlier lines of the letterhead are likelier the brand line.
        confidence -= Math.min(0.1, i * 0.01);
        ctx.candidates.push({ field: 'lab_name', value: text, confidence, order: i });
      }
    });
  };
  consider(first.slice(0, 14), 'header');
  consider(last.slice(-6), 'footer');
}

// ——— assembly ——————————————————————————————————————————————————————————————————————————————————————

function best(candidates: Candidate[], field: ScoredField): Candidate | null {
  let winner: Candidate | null = null;
  for (const c of candidates) {
    if (c.field !== field) continue;
    if (!winner || c.confidence > winner.confidence + 1e-9) winner = c;
  }
  return winner;
}

/** The same value found several times (every page's banner) is surer; its confidence rises a little. */
function agreement(candidates: Candidate[], field: ScoredField, value: string): number {
  const same = candidates.filter((c) => c.field === field && c.value === value).length;
  return Math.min(0.1, (same - 1) * 0.03);
}

export function extractMetadataWithConfidence(pages: Line[][]): MetadataWithConfidence {
  const text = pages.flat().map(lineText).join('\n');
  const wordConfidence = new Map<string, number>();
  for (const part of pages.flat().flatMap((line) => line.cells.flatMap((c) => c.parts)))
    if (part.confidence !== undefined)
      wordConfidence.set(part.text, Math.max(part.confidence, wordConfidence.get(part.text) ?? 0));
  const ctx: Context = { wordConfidence, convention: detectDateConvention(text), candidates: [], order: 0 };
  let tableSeen = false;
  for (const lines of pages) {
    lines.forEach((line, i) => {
      if (readTableHeader(line)) {
        tableSeen = true;
        return;
      }
      readLine(ctx, lines, i);
      // The patient block before the first table: a cell that is only "Female" or "Male" is the sex even when
      // OCR lost its label.
      if (!tableSeen)
        for (const cell of line.cells)
          if (/^(?:male|female)$/i.test(cell.text.trim())) {
            const sex = readSex(cell.text);
            if (sex)
              ctx.candidates.push({ field: 'gender', value: sex, confidence: 0.6, order: ctx.order++ });
          }
    });
  }
  // Unlabelled repeats (page footers) count too: "AV8333448E" on three pages beats one "AVB333448E".
  const specimens = ctx.candidates.filter((c) => c.field === 'specimen_number');
  if (specimens.length > 0) {
    const tokens = pages.flat().flatMap((line) => line.cells.flatMap((c) => c.text.split(/\s+/)));
    const counts = new Map<string, number>();
    for (const t of tokens) if (specimens.some((s) => s.value === t)) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const s of specimens) s.confidence += Math.min(0.1, ((counts.get(s.value) ?? 1) - 1) * 0.02);
  }
  // On a scan, an identifier of digits only that starts with the report's year: labs that number specimens by year
  // print a letter or a separator after it ("23Z1030782", "24-771374-1"), and OCR reads Z, I, O, S, B, G, A as
  // 7/2, 1, 0, 5, 8, 6, 4 — so "2371030782" may be "23Z1030782" as well as what it says, and stays null.
  if (ctx.wordConfidence.size > 0) {
    const years = new Set(
      ctx.candidates
        .filter((c) => c.field === 'date_collected' || c.field === 'date_reported')
        .map((c) => c.value.slice(2, 4)),
    );
    for (const s of specimens) if (yearThenLookalike(s.value, years)) s.confidence *= 0.5;
  }
  if (!ctx.candidates.some((c) => c.field === 'dob')) birthDateByAge(ctx, pages);
  if (!ctx.candidates.some((c) => c.field === 'patient_last_name')) unlabelledName(ctx, pages);
  labNameCandidates(ctx, pages);
  const fields: ScoredField[] = [
    'patient_first_name',
    'patient_last_name',
    'dob',
    'lab_name',
    'date_reported',
    'date_collected',
    'specimen_number',
    'gender',
  ];
  const metadata: ReportMetadata = {
    patient_first_name: null,
    patient_last_name: null,
    dob: null,
    lab_name: null,
    date_reported: null,
    date_collected: null,
    specimen_number: null,
    gender: 'other',
  };
  const confidence = Object.fromEntries(fields.map((f) => [f, 0])) as Record<ScoredField, number>;
  for (const field of fields) {
    const winner = best(ctx.candidates, field);
    if (!winner) continue;
    const score = Math.min(1, winner.confidence + agreement(ctx.candidates, field, winner.value));
    confidence[field] = Math.round(score * 100) / 100;
    if (score < MIN_CONFIDENCE) continue;
    if (field === 'gender') metadata.gender = winner.value === 'male' ? 'male' : 'female';
    else metadata[field] = winner.value;
  }
  checkDateOrder(metadata, confidence);
  return { metadata, confidence };
}

/**
 * Dates that cannot all be right: a report before its sample was taken, or a birth after it (a digit OCR lost or
 * misread). The less sure of the two becomes null; both when equally sure (which one is wrong is unknown).
 */
function checkDateOrder(metadata: ReportMetadata, confidence: Record<ScoredField, number>): void {
  const drop = (field: 'dob' | 'date_collected' | 'date_reported'): void => {
    metadata[field] = null;
    confidence[field] = Math.min(confidence[field], MIN_CONFIDENCE - 0.01);
  };
  const conflict = (early: 'dob' | 'date_collected', late: 'date_collected' | 'date_reported'): void => {
    const a = metadata[early];
    const b = metadata[late];
    if (!a || !b || a <= b) return;
    const [sureEarly, sureLate] = [confidence[early], confidence[late]];
    if (sureEarly <= sureLate) drop(early);
    if (sureLate <= sureEarly) drop(late);
  };
  conflict('date_collected', 'date_reported');
  conflict('dob', 'date_collected');
}

export function extractMetadata(pages: Line[][]): ReportMetadata {
  return extractMetadataWithConfidence(pages).metadata;
}
