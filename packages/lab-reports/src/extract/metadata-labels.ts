import { confusionSubstitutions } from './ocr-confusion';

/**
 * Label vocabulary of report metadata: the wordings labs in the US, Canada, the UK, Australia and India print
 * before (or above) a patient's name, date of birth, sex, collection and report dates, and specimen number.
 */

export type MetaField =
  | 'name'
  /** A name printed surname first by its label ("Surname / Forename: SMITH / John"). */
  | 'nameLastFirst'
  | 'firstName'
  | 'lastName'
  | 'dob'
  | 'sex'
  | 'ageSex'
  | 'collected'
  | 'reported'
  | 'specimen'
  | 'lab'
  | 'other';

/** Label texts (lower case, single spaces, no trailing colon) per field; `weight` < 1 for weaker wordings. */
const VOCABULARY: [MetaField, number, string[]][] = [
  [
    'name',
    1,
    [
      'patient',
      "patient's name",
      'patient name',
      'patient full name',
      'pt name',
      'pt',
      'pt. name',
      'name',
      'full name',
      'name of patient',
      'patient name (last, first)',
      'name (last, first)',
      'last name, first name',
      'surname, first name',
      'surname, forename',
      'surname, given name',
      'last, first',
      'name (surname, forename)',
      'patient (last, first)',
      'client name',
      'member name',
      'forename/surname',
      'forenames/surname',
      'first name/surname',
      'first name/last name',
      'given name/surname',
      'given name/family name',
    ],
  ],
  [
    'nameLastFirst',
    1,
    [
      'surname/forename',
      'surname/forenames',
      'surname/first name',
      'surname/given name',
      'surname/given names',
      'last name/first name',
      'family name/given name',
      'family name/given names',
      'last/first',
    ],
  ],
  [
    'firstName',
    1,
    [
      'first name',
      'given name',
      'given names',
      'given name(s)',
      'forename',
      'forenames',
      'forename(s)',
      'patient first name',
      'first',
    ],
  ],
  ['lastName', 1, ['last name', 'surname', 'family name', 'patient last name', 'patient surname', 'last']],
  [
    'dob',
    1,
    [
      'dob',
      'd.o.b',
      'd.o.b.',
      'd o b',
      'date of birth',
      'birth date',
      'birthdate',
      'born',
      'dob (mm/dd/yyyy)',
      'dob (dd/mm/yyyy)',
      'date of birth (dd/mm/yyyy)',
      'date of birth (mm/dd/yyyy)',
      'birth',
      'birth dt',
      'dob/age',
      'd.o.b/age',
      'date of birth/age',
      'birth date/age',
    ],
  ],
  [
    'sex',
    1,
    [
      'sex',
      'gender',
      'sex/gender',
      'gender/sex',
      'sex at birth',
      'birth sex',
      'sex assigned at birth',
      'legal sex',
    ],
  ],
  ['ageSex', 1, ['age/sex', 'age / sex', 'age/gender', 'sex/age', 'gender/age', 'age & sex', 'age and sex']],
  [
    'collected',
    1,
    [
      'collected',
      'date collected',
      'collection date',
      'collection date/time',
      'collection date & time',
      'collection time',
      'collected on',
      'collected at',
      'collected date',
      'date of collection',
      'collection',
      'date/time collected',
      'specimen collected',
      'specimen collection date',
      'sample collected',
      'sample collected on',
      'sample collection date',
      'sample date',
      'specimen date',
      'specimen taken',
      'date taken',
      'taken',
      'drawn',
      'date drawn',
      'draw date',
      'collection dt',
      'coll. date',
      'coll date',
      'coll. dt',
      'coll dt',
      'collected/received',
      'date of sample',
      'sampled',
      'sample taken',
    ],
  ],
  [
    'reported',
    1,
    [
      'reported',
      'date reported',
      'report date',
      'reported on',
      'reported at',
      'date of report',
      'report date/time',
      'report date & time',
      'final report date',
      'resulted',
      'date resulted',
      'result date',
      'results date',
      'report status date',
      'finalized',
      'finalised',
      'date finalized',
      'authorised',
      'authorized',
      'authorised on',
      'date authorised',
      'verified',
      'verified on',
      'report generated',
      'report issued',
      'issued',
      'date issued',
      'released',
      'released on',
      'report released',
      'report released on',
      'date released',
      'reported date',
      'date of issue',
      'result released',
      'results released',
      'rpt date',
      'rpt dt',
    ],
  ],
  [
    'specimen',
    1,
    [
      'specimen',
      'specimen id',
      'specimen #',
      'specimen no',
      'specimen no.',
      'specimen number',
      'specimen ref',
      'accession',
      'accession #',
      'accession no',
      'accession no.',
      'accession number',
      'accession id',
      'acc #',
      'acc no',
      'acc no.',
      'acc',
      'lab id',
      'lab no',
      'lab no.',
      'lab number',
      'lab #',
      'lab ref',
      'lab ref.',
      'lab reference',
      'laboratory no',
      'laboratory number',
      'laboratory id',
      'sample id',
      'sample #',
      'sample no',
      'sample no.',
      'sample number',
      'episode',
      'episode no',
      'episode number',
      'barcode',
      'barcode no',
      'specimen/accession',
      'accession/specimen',
    ],
  ],
  // Numbers of the order or the report rather than the specimen: the specimen number when nothing better is printed,
  // never over an accession or specimen number.
  [
    'specimen',
    0.9,
    [
      'requisition',
      'requisition #',
      'requisition no',
      'requisition no.',
      'requisition number',
      'req #',
      'req no',
      'req. no.',
      'order #',
      'order no',
      'order number',
      'order id',
      'report id',
      'report no',
      'report #',
      'report number',
      'ref no',
      'ref. no.',
      'reference no',
      'visit no',
      'control #',
      'control no',
    ],
  ],
  [
    'lab',
    1,
    [
      'laboratory',
      'performing lab',
      'performing laboratory',
      'lab name',
      'testing laboratory',
      'performed by',
      'performed at',
    ],
  ],
  [
    'other',
    1,
    [
      'age',
      'phone',
      'tel',
      'address',
      'physician',
      'ordering physician',
      'referring physician',
      'referring doctor',
      'ref. by',
      'ref by',
      'referred by',
      'provider',
      'ordering provider',
      'doctor',
      'dr',
      'gp',
      'consultant',
      'clinician',
      'account',
      'account #',
      'account no',
      'mrn',
      'patient id',
      'patient #',
      'patient no',
      'pid',
      'uhid',
      'nhs no',
      'nhs number',
      'hospital no',
      'hospital number',
      'health card',
      'health card no',
      'medicare no',
      'medicare',
      'id',
      'received',
      'date received',
      'received on',
      'received date',
      'registered',
      'registered on',
      'registration date',
      'status',
      'fasting',
      'client',
      'ordered by',
      'npi',
      'location',
      'time',
      'page',
      'ward',
      'clinic',
      'source',
      'specimen type',
      'sample type',
      'report status',
      'test',
      'tests',
      'result',
      'room',
      'bed',
      'email',
      'fax',
      'your ref',
      'client ref',
      'client ref.',
      'client reference',
      'copy to',
      'ordered',
      'order date',
      // Who did it, not when: a person's name follows.
      'reported by',
      'collected by',
      'verified by',
      'authorised by',
      'authorized by',
      'approved by',
      'released by',
      'signed by',
      'checked by',
      'tested by',
      'validated by',
      // A print date is when someone printed the report, not when the lab reported it.
      'printed',
      'printed on',
      'print date',
      'date printed',
    ],
  ],
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

export const normaliseLabel = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // A speck before the label ("_Surname", "• DOB").
    .replace(/^[\s_~*•·|'".,/-]+/, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([/&])\s*/g, '$1')
    // A colon OCR read as a semicolon ("Received;") ends a label too.
    .replace(/[\s:;.#-]+$/, (tail) => (tail.includes('#') ? ' #' : tail.includes('.') ? '.' : ''))
    .trim();

const INDEX = new Map<string, { field: MetaField; weight: number }>();
for (const [field, weight, labels] of VOCABULARY) {
  for (const label of labels) {
    const key = normaliseLabel(label);
    if (!INDEX.has(key)) INDEX.set(key, { field, weight });
  }
}

const DATE_WORDS = String.raw`(?:\s+(?:on|at|date|time|dt|d\/t|date\/time|date&time|date and time))*`;
const DATE_PREFIX = String.raw`(?:(?:date|time|date\/time|date&time|date and time)\s+(?:of\s+)?)?`;

/**
 * Wordings the vocabulary does not list, by their key words: "Date/Time Specimen Collected", "Sample Drawn On",
 * "Final Report Date", "Lab Accession No", "SID No", "Place of Birth" (not a date of birth). Checked after the
 * vocabulary, with a slightly lower weight.
 */
const PATTERNS: [RegExp, MetaField][] = [
  [/\b(?:place|country|city) of birth\b/, 'other'],
  [
    /\b(?:received|receiving|receipt|registered|registration|booked|arrived|logged|printed|ordered|requested|admitted|admission|discharge|visit date|due)\b/,
    'other',
  ],
  // The patient's identifiers are printed beside the specimen number: never it.
  [
    /^(?:patient|pt|mrn|medical record|hospital|uhid|nhs|chi|ihi|ur|urn|medicare|health card|hcn|ohip|phn|member|insurance|policy|bill|invoice|account|encounter|reg|registration|ip|op|client|customer|visit)\.?\s*(?:id|no|num|nbr|number|#|card)?\.?$/,
    'other',
  ],
  [/^(?:date of birth|birth ?date|d\.? ?o\.? ?b\.?)\b.{0,20}$/, 'dob'],
  [
    new RegExp(
      String.raw`^${DATE_PREFIX}(?:the\s+)?(?:specimen\s+|sample\s+|blood\s+)?(?:collect(?:ed|ion)|coll\.?|drawn|draw|taken|sampled|sampling|obtained|venepuncture|venipuncture)${DATE_WORDS}$`,
    ),
    'collected',
  ],
  [
    new RegExp(
      String.raw`^${DATE_PREFIX}(?:final\s+|report\s+|results?\s+)?(?:reported|resulted|released|authori[sz]ed|authori[sz]ation|verified|validated|approved|finali[sz]ed|issued|signed(?: out)?|completed|generated|generation|reporting|(?:last\s+)?resulted)${DATE_WORDS}$`,
    ),
    'reported',
  ],
  [
    /^(?:final\s+)?(?:report|results?|rpt\.?|rep\.?)\s+(?:date|time|dt|date\/time|date&time|issued|released|sent)(?:\s+(?:on|at|time))?$/,
    'reported',
  ],
  [/^date(?:\/time)? of (?:the\s+)?(?:final\s+)?(?:report|results?)$/, 'reported'],
  [
    /^(?:lab(?:oratory)?\.?\s+|specimen\s+|sample\s+|lab\s+sample\s+)?(?:specimen|sample|accession|accn|acc|requisition|req|episode|barcode|sin|sid|collection|tube|container|order)\.?\s*(?:id|no|num|nbr|number|#|ref|reference|code|barcode|identifier)\.?(?:\s*(?:no|#)\.?)?$/,
    'specimen',
  ],
  [
    /^(?:lab(?:oratory)?\.?\s+)(?:ref|reference|accession|episode|sample|specimen)\.?(?:\s*(?:id|no|num|number|#))?\.?$/,
    'specimen',
  ],
];

/**
 * A short label of several words with one letter misread, added or lost in one word ("Lab Ne", "Lab Neo" for "Lab
 * No"): the other words as printed, and one label only at that distance.
 */
function shortLabelMisread(key: string): { field: MetaField; weight: number } | null {
  const words = key.split(' ');
  if (words.length < 2) return null;
  let found: { field: MetaField; weight: number } | null = null;
  for (const [label, hit] of INDEX) {
    const other = label.split(' ');
    if (other.length !== words.length) continue;
    const differing = words.filter((w, i) => w !== other[i]);
    if (differing.length !== 1) continue;
    const i = words.indexOf(differing[0] as string);
    const a = words[i] as string;
    const b = other[i] as string;
    // A letter misread, or one OCR added or lost ("Lab Neo" for "Lab No").
    if (a.length < 2 || b.length < 2 || Math.abs(a.length - b.length) > 1 || editDistance(a, b) !== 1)
      continue;
    if (found && found.field !== hit.field) return null;
    found = { field: hit.field, weight: hit.weight * 0.9 };
  }
  return found;
}

/** Fields whose labels a misreading may name (a misread "other" label would hide a result row named like it). */
const MISREAD_FIELDS = new Set<MetaField>([
  'name',
  'firstName',
  'lastName',
  'dob',
  'sex',
  'ageSex',
  'collected',
  'reported',
  'specimen',
]);

/**
 * A label whose letters OCR confused with look-alikes (`Gendcr`, `Scx`, `lssued`, `Age/Scx`): same length, every
 * differing letter a known OCR confusion, one such letter (two in a label of 8+ characters), one field only. Labels
 * of fewer than 5 characters only for `sex` and `dob` (a short word is too easily another word).
 */
function confusedLabel(key: string): { field: MetaField; weight: number } | null {
  if (key.length < 3 || !/[a-z]/.test(key)) return null;
  let found: { field: MetaField; weight: number } | null = null;
  let best = Infinity;
  let tie = false;
  for (const [label, hit] of INDEX) {
    if (label.length !== key.length || !MISREAD_FIELDS.has(hit.field)) continue;
    if (label.length < 5 && hit.field !== 'sex' && hit.field !== 'dob') continue;
    const d = confusionSubstitutions(key, label);
    if (d === 0 || d > (label.length >= 8 ? 2 : 1) || d > best) continue;
    if (d < best) {
      best = d;
      found = { field: hit.field, weight: hit.weight * 0.9 };
      tie = false;
    } else if (found && found.field !== hit.field) tie = true;
  }
  return tie ? null : found;
}

const LABEL_CACHE = new Map<string, { field: MetaField; weight: number } | null>();

/**
 * Wordings that are a report's heading on their own ("FINAL REPORT") and a label only before a colon ("Final Report:
 * 2024-03-06"): read by the colon search only.
 */
export function colonOnlyLabel(text: string): { field: MetaField; weight: number } | null {
  return /^final report(?: (?:on|at))?$/.test(normaliseLabel(text))
    ? { field: 'reported', weight: 0.95 }
    : null;
}

/** The field a label text names (trailing colon allowed), or null when it is not a known label. */
export function labelOf(text: string): { field: MetaField; weight: number } | null {
  // Called for every cell and every colon of a document, often with the same texts: remembered.
  const cached = LABEL_CACHE.get(text);
  if (cached !== undefined) return cached;
  const hit = findLabel(text);
  if (LABEL_CACHE.size > 20_000) LABEL_CACHE.clear();
  LABEL_CACHE.set(text, hit);
  return hit;
}

/**
 * OCR misreadings inside a label's words: a digit or sign for a letter in a word that has letters (`D.0.B.`,
 * `Sample 1D`, `$pecimen`), `rn` for `m` (`Pt Narne`) and `m` for `rn` (`Sumame`), `n` for `ri` (`Venfied`), `cl` for `d`, `vv` for `w`, a
 * comma for a full stop (`D.O,B,`). Words that are all digits (a
 * value after the label) are left alone, so `Age 45` stays unknown.
 */
function ocrReadings(key: string): string[] {
  const readings = new Set<string>();
  const letterFor = (one: string) => (word: string) =>
    /[a-z]/.test(word)
      ? word.replace(
          /[0158$|]/g,
          (c) => ({ '0': 'o', '1': one, '5': 's', '8': 'b', $: 's', '|': 'l' })[c] ?? c,
        )
      : word;
  for (const one of ['i', 'l']) {
    const mapped = key.split(' ').map(letterFor(one)).join(' ');
    if (mapped !== key) readings.add(mapped);
  }
  for (const base of [key, ...readings]) {
    const glyphs = base.replace(/rn/g, 'm').replace(/cl/g, 'd').replace(/vv/g, 'w').replace(/,/g, '.');
    if (glyphs !== base) readings.add(glyphs);
  }
  // "Sumame": an "m" read for "rn", one at a time.
  for (let i = key.indexOf('m'); i >= 0; i = key.indexOf('m', i + 1))
    readings.add(`${key.slice(0, i)}rn${key.slice(i + 1)}`);
  // "Surnarne": an "rn" read for "m", one at a time (the word may hold a real "rn" too).
  for (let i = key.indexOf('rn'); i >= 0; i = key.indexOf('rn', i + 1))
    readings.add(`${key.slice(0, i)}m${key.slice(i + 2)}`);
  // "Authonsed", "Venfied": an "n" read for "ri", one at a time.
  for (let i = key.indexOf('n'); i >= 0; i = key.indexOf('n', i + 1))
    readings.add(`${key.slice(0, i)}ri${key.slice(i + 1)}`);
  // "Pabent": a "b" read for "ti" on a faint scan, one at a time.
  for (let i = key.indexOf('b'); i >= 0; i = key.indexOf('b', i + 1))
    readings.add(`${key.slice(0, i)}ti${key.slice(i + 1)}`);
  return [...readings];
}

function findLabel(text: string): { field: MetaField; weight: number } | null {
  const raw = text.replace(/\s+/g, ' ').trim();
  const key = normaliseLabel(raw);
  if (!key || key.length > 40) return null;
  // As printed, then in another wording, then with a letter misread (a wording is surer than a near miss: "Patient
  // DOB" is the date of birth, not "Patient No" misread).
  const plain = findKey(key, false) ?? wordedLabel(key) ?? findKey(key);
  if (plain) return plain;
  // An OCR misreading of a known label: the same field, a little less surely.
  for (const reading of ocrReadings(key)) {
    const hit = findKey(reading);
    if (hit && hit.field !== 'other') return { field: hit.field, weight: hit.weight * 0.95 };
    if (hit) return hit;
  }
  // A specimen number's `#` read as `4`, `H`, `ff`, `tt`, `%` or `*` ("Accession 4:"): only a specimen label.
  const hash = /^(\D*[a-z]) (?:4|h|ff|tt|%|\*)$/.exec(key);
  const numbered = hash ? findKey(`${hash[1]} #`) : null;
  if (numbered?.field === 'specimen') return { field: 'specimen', weight: numbered.weight * 0.9 };
  // Letters misread as look-alikes (`Gendcr`, `Scx`), last: the readings above are surer.
  return confusedLabel(key) ?? thinLetterLost(key);
}

/**
 * A label of 6 or 7 letters with one thin letter (i, l, t, f, j, r) that OCR lost (`Patent` for `Patient`, `Gende`
 * for `Gender`): labels of 8 and more letters are found by edit distance, shorter ones only this way; one field only.
 */
function thinLetterLost(key: string): { field: MetaField; weight: number } | null {
  if (key.length < 5 || key.length > 6 || !/^[a-z]+$/.test(key)) return null;
  let found: { field: MetaField; weight: number } | null = null;
  for (const [label, hit] of INDEX) {
    if (label.length !== key.length + 1 || !MISREAD_FIELDS.has(hit.field)) continue;
    let lost = false;
    for (let i = 0; i < label.length && !lost; i++)
      lost = /[iltfjr]/.test(label[i] as string) && label.slice(0, i) + label.slice(i + 1) === key;
    if (!lost) continue;
    if (found && found.field !== hit.field) return null;
    found = { field: hit.field, weight: hit.weight * 0.85 };
  }
  return found;
}

/** Fields a patient's own label may name after "Patient" or "Pt" ("Pt DOB", "Patient Sex"). */
const PATIENT_PREFIXED = new Set<MetaField>(['dob', 'sex', 'ageSex', 'firstName', 'lastName']);

/**
 * Known labels in other wordings: with a note in brackets after them ("Patient Name (Last, First, MI)", "DOB (Age)"),
 * after "Patient"/"Pt" ("Pt DOB", "Pt Sex"), or in two languages ("Sexe / Sex", "Date de naissance / Date of birth":
 * the sides that are known labels all name one field).
 */
function wordedLabel(key: string): { field: MetaField; weight: number } | null {
  const bare = key.replace(/\s*\([^)]*\)$/, '').trim();
  if (bare !== key && bare) {
    const hit = findKey(bare, false);
    if (hit) return hit;
  }
  const prefixed = /^(?:patient'?s?|pt\.?)\s+(.+)$/.exec(key)?.[1];
  const own = prefixed ? findKey(prefixed, false) : null;
  if (own && PATIENT_PREFIXED.has(own.field)) return own;
  // Two wordings of one label: words only (a slash in a value, "Collected: 03/04/2024", is no second wording).
  if (key.includes('/') && !/[\d:]/.test(key) && key.split(' ').length <= 8) {
    const sides = key
      .split('/')
      .map((side) => side.trim())
      .filter(Boolean)
      .map((side) => findKey(side, false));
    const fields = new Set(sides.filter((hit) => hit !== null && hit.field !== 'other').map((h) => h?.field));
    if (sides.length === 2 && fields.size === 1) {
      const hit = sides.find((h) => h !== null && h.field !== 'other');
      if (hit) return { field: hit.field, weight: hit.weight * 0.95 };
    }
  }
  return null;
}

function findKey(key: string, nearMiss = true): { field: MetaField; weight: number } | null {
  const exact =
    INDEX.get(key) ??
    INDEX.get(key.replace(/\.$/, '')) ??
    INDEX.get(key.replace(/ #$/, '')) ??
    INDEX.get(key.replace(/\./g, ''));
  if (exact) return exact;
  // Only label-like texts: a few words, no digits.
  if (!/\d/.test(key) && key.split(' ').length <= 6) {
    for (const [pattern, field] of PATTERNS) if (pattern.test(key)) return { field, weight: 0.95 };
  }
  if (!nearMiss) return null;
  // One misread letter in a label of 8+ characters, two in one of 10+ (OCR: "Spedmen ID"), when one field is
  // nearest.
  if (key.length < 8) return shortLabelMisread(key);
  const allowed = key.length >= 10 ? 2 : 1;
  let nearest: { distance: number; hit: { field: MetaField; weight: number } } | null = null;
  let tie = false;
  for (const [label, hit] of INDEX) {
    if (label.length < 8 || Math.abs(label.length - key.length) > allowed) continue;
    const distance = editDistance(key, label);
    if (distance > allowed || (distance === 2 && label.length < 10)) continue;
    if (!nearest || distance < nearest.distance) {
      nearest = { distance, hit };
      tie = false;
    } else if (distance === nearest.distance && hit.field !== nearest.hit.field) tie = true;
  }
  if (!nearest || tie) return null;
  return nearest.distance === 1 ? nearest.hit : { ...nearest.hit, weight: nearest.hit.weight * 0.9 };
}
