/**
 * Report metadata from labelled fields ("Patient: DOE, JANE", "DOB: 03/14/1975", "Specimen ID: ...") and the
 * letterhead (lab name).
 */
import type { ReportMetadata } from '@meridian/domain';
import type { Line } from '../layout/layout-types';
import { normaliseDate } from './normalise-date';

type Field =
  'name' | 'firstName' | 'lastName' | 'dob' | 'sex' | 'collected' | 'reported' | 'specimen' | 'other';

const LABELS: [RegExp, Field][] = [
  [/^(?:patient(?:'s)? name|patient|name|pt name|patient full name)$/i, 'name'],
  [/^(?:first name|given name|patient first name)$/i, 'firstName'],
  [/^(?:last name|surname|family name|patient last name)$/i, 'lastName'],
  [/^(?:dob|d\.o\.b\.?|date of birth|birth date|birthdate|born)$/i, 'dob'],
  [/^(?:sex|gender|sex\/gender)$/i, 'sex'],
  [
    /^(?:collected|date collected|collection date|collection date\/time|collected on|date of collection|collection|collected date|date\/time collected|specimen collected|drawn|date drawn)$/i,
    'collected',
  ],
  [
    /^(?:reported|date reported|report date|reported on|date of report|report date\/time|final report date|resulted|date resulted|result date|report status date|finalized|printed)$/i,
    'reported',
  ],
  [
    /^(?:specimen|specimen id|specimen #|specimen no\.?|specimen number|accession|accession #|accession no\.?|accession number|acc #|acc no\.?|lab id|sample id|sample #|requisition|requisition #)$/i,
    'specimen',
  ],
  [
    /^(?:age|phone|address|physician|ordering physician|provider|doctor|account|account #|mrn|patient id|id|received|date received|status|fasting|client|ordered by|npi|location|time|page)$/i,
    'other',
  ],
];

/** Spelled-out labels for fuzzy matching of OCR misreadings ("Date Repoited"). */
const FUZZY_LABELS: [string, Field][] = [
  ['patient name', 'name'],
  ['date of birth', 'dob'],
  ['date collected', 'collected'],
  ['collection date', 'collected'],
  ['collected', 'collected'],
  ['date reported', 'reported'],
  ['report date', 'reported'],
  ['reported', 'reported'],
  ['date received', 'other'],
  ['received', 'other'],
  ['specimen id', 'specimen'],
  ['accession', 'specimen'],
  ['physician', 'other'],
];

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] as number) + 1, (current[j - 1] as number) + 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

function labelOf(text: string): Field | null {
  const key = text.replace(/\s+/g, ' ').trim();
  for (const [pattern, field] of LABELS) if (pattern.test(key)) return field;
  // One misread letter in a label of 8+ characters (OCR).
  const lower = key.toLowerCase();
  if (lower.length < 8) return null;
  for (const [label, field] of FUZZY_LABELS) if (editDistance(lower, label) <= 1) return field;
  return null;
}

/** `Label: value` pairs of a line; labels may be in their own cell or share it with the value. */
function labelledValues(line: Line): [Field, string][] {
  const pairs: [Field, string][] = [];
  // Diacritics are OCR noise in English labels ("Daté:").
  const text = line.cells
    .map((c) => c.text)
    .join('  ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  // Split at "Label:" tokens; a label is 1-4 words ending with a colon.
  const pattern = /((?:[A-Za-z#][A-Za-z.'#/]*\s?){1,4}):\s*/g;
  const marks: { field: Field | null; start: number; end: number }[] = [];
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const words = (m[1] as string).trim().split(/\s+/);
    // The label is the longest suffix of the words that is a known label.
    for (let k = 0; k < words.length; k++) {
      const candidate = words.slice(k).join(' ');
      const field = labelOf(candidate);
      if (field) {
        const offset = m[0].indexOf(words[k] as string);
        marks.push({ field, start: m.index + offset, end: m.index + m[0].length });
        break;
      }
    }
  }
  marks.forEach((mark, i) => {
    const next = marks[i + 1];
    const raw = text.slice(mark.end, next ? next.start : undefined);
    const value = (raw.split(/\s{2,}/)[0] ?? '').trim();
    if (mark.field && value) pairs.push([mark.field, value]);
  });
  return pairs;
}

function splitName(value: string): { first: string | null; last: string | null } {
  const clean = value.replace(/\s+/g, ' ').trim();
  if (clean.includes(',')) {
    const [last, rest] = clean.split(',', 2).map((s) => s.trim());
    const first = (rest ?? '').split(' ')[0] ?? '';
    return { first: first || null, last: last || null };
  }
  const words = clean.split(' ');
  if (words.length < 2) return { first: null, last: words[0] ?? null };
  return { first: words[0] ?? null, last: words[words.length - 1] ?? null };
}

function readGender(value: string): 'male' | 'female' | 'other' {
  const v = value.trim().toLowerCase();
  if (/^(?:m|male|man)\b/.test(v)) return 'male';
  if (/^(?:f|female|woman)\b/.test(v)) return 'female';
  return 'other';
}

const LAB_WORDS =
  /\b(?:laborator(?:y|ies)|labs?|diagnostics?|clinical|pathology|medical|health|bioreference|quest|labcorp|reference|genomics|sciences)\b/i;
const NOT_LAB = /\b(?:report|results?|patient|page|final|requisition|summary|invoice)\b/i;

/** The lab's brand line: the largest text near the top of the first page that looks like a name. */
function findLabName(lines: Line[]): string | null {
  if (lines.length === 0) return null;
  const top = Math.min(...lines.map((l) => l.y0));
  const candidates = lines
    .slice(0, 12)
    .filter(
      (l) =>
        l.cells.length <= 2 &&
        !/:/.test(l.cells[0]?.text ?? '') &&
        /[A-Za-z]{3}/.test(l.cells[0]?.text ?? ''),
    )
    .map((l) => ({ text: l.cells[0]?.text ?? '', line: l }))
    .filter((c) => !NOT_LAB.test(c.text) || LAB_WORDS.test(c.text))
    .filter((c) => !/\d{2}\/\d{2}/.test(c.text));
  const named = candidates.filter((c) => LAB_WORDS.test(c.text));
  const pool = named.length > 0 ? named : candidates;
  const best = [...pool].sort(
    (a, b) => b.line.height - a.line.height || a.line.y0 - top - (b.line.y0 - top),
  )[0];
  return best ? best.text.replace(/\s+/g, ' ').trim() : null;
}

/**
 * Labels printed above their values without colons (a row of "Patient Name | Date of Birth | Sex" over a row of
 * values): each value is the cell of the next line that starts nearest under its label.
 */
function stackedValues(line: Line, next: Line | undefined): [Field, string][] {
  if (!next || line.cells.length < 2) return [];
  const fields = line.cells.map((c) => labelOf(c.text.replace(/:$/, '')));
  if (fields.filter((f) => f !== null).length < Math.max(2, line.cells.length - 1)) return [];
  if (next.y0 - line.y1 > line.height * 2.5) return [];
  const pairs: [Field, string][] = [];
  line.cells.forEach((cell, i) => {
    const field = fields[i];
    if (!field) return;
    const value = next.cells.find((c) => Math.abs(c.x0 - cell.x0) < line.height * 1.5);
    if (value) pairs.push([field, value.text]);
  });
  return pairs;
}

/** A "Patient Information" block heading: the patient's name is printed under it without a label. */
function blockName(line: Line, next: Line | undefined): [Field, string][] {
  const heading = line.cells.find((c) => /^patient (?:information|details|demographics):?$/i.test(c.text));
  if (!heading || !next) return [];
  const value = next.cells.find((c) => Math.abs(c.x0 - heading.x0) < line.height * 1.5);
  if (!value || /:/.test(value.text) || !/[A-Za-z]{2}/.test(value.text)) return [];
  return [['name', value.text]];
}

/** The most frequent value (the first one on a tie); null when there is none. */
function mostFrequent(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = value;
  return best;
}

export function extractMetadata(pages: Line[][]): ReportMetadata {
  const meta: ReportMetadata = {
    patient_first_name: null,
    patient_last_name: null,
    dob: null,
    lab_name: null,
    date_reported: null,
    date_collected: null,
    specimen_number: null,
    gender: 'other',
  };
  // The specimen number is printed on every page: the reading most pages agree on beats one OCR slip.
  const specimens: string[] = [];
  for (const lines of pages) {
    lines.forEach((line, i) => {
      const next = lines[i + 1];
      const pairs = [...labelledValues(line), ...stackedValues(line, next), ...blockName(line, next)];
      for (const [field, value] of pairs) {
        if (field === 'specimen') specimens.push(value.split(' ')[0]?.replace(/[,;]$/, '') ?? '');
        else apply(meta, field, value);
      }
    });
  }
  // Unlabelled repeats (page footers) count too: "AV8333448E" on three pages beats one "AVB333448E".
  const everywhere = pages.flat().flatMap((line) => line.cells.flatMap((c) => c.text.split(/\s+/)));
  const candidates = new Set(specimens.filter((s) => s !== ''));
  meta.specimen_number = mostFrequent([
    ...specimens.filter((s) => s !== ''),
    ...everywhere.filter((w) => candidates.has(w)),
  ]);
  meta.lab_name = findLabName(pages[0] ?? []);
  return meta;
}

function apply(meta: ReportMetadata, field: Field, value: string): void {
  switch (field) {
    case 'name': {
      if (meta.patient_last_name) return;
      const { first, last } = splitName(value);
      meta.patient_first_name ??= first;
      meta.patient_last_name = last;
      return;
    }
    case 'firstName':
      meta.patient_first_name ??= value.split(' ')[0] ?? null;
      return;
    case 'lastName':
      meta.patient_last_name ??= value.split(' ')[0] ?? null;
      return;
    case 'dob':
      meta.dob ??= normaliseDate(value);
      return;
    case 'sex':
      if (meta.gender === 'other') meta.gender = readGender(value);
      return;
    case 'collected':
      meta.date_collected ??= normaliseDate(value);
      return;
    case 'reported':
      meta.date_reported ??= normaliseDate(value);
      return;
    case 'specimen':
    case 'other':
      return;
  }
}
