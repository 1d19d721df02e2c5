/**
 * Label vocabulary of report metadata: the wordings labs in the US, Canada, the UK, Australia and India print
 * before (or above) a patient's name, date of birth, sex, collection and report dates, and specimen number.
 */

export type MetaField =
  | 'name'
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
    ],
  ],
  ['sex', 1, ['sex', 'gender', 'sex/gender', 'gender/sex']],
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
      'requisition',
      'requisition #',
      'requisition no',
      'requisition no.',
      'requisition number',
      'req #',
      'req no',
      'req. no.',
      'episode',
      'episode no',
      'episode number',
      'barcode',
      'barcode no',
      'order #',
      'order no',
      'order number',
      'specimen/accession',
      'accession/specimen',
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
      'copy to',
      'ordered',
      'order date',
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
    .replace(/\s+/g, ' ')
    .replace(/\s*([/&])\s*/g, '$1')
    .replace(/[\s:.#-]+$/, (tail) => (tail.includes('#') ? ' #' : tail.includes('.') ? '.' : ''))
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
    /\b(?:received|receipt|registered|registration|booked|arrived|logged|printed|ordered|requested|admitted|admission|discharge|visit date|due)\b/,
    'other',
  ],
  // The patient's identifiers are printed beside the specimen number: never it.
  [
    /^(?:patient|pt|mrn|medical record|hospital|uhid|nhs|chi|ihi|ur|urn|medicare|health card|hcn|ohip|phn|member|insurance|policy|bill|invoice|account|encounter|reg|registration|ip|op|client|customer)\.?\s*(?:id|no|num|nbr|number|#|card)?\.?$/,
    'other',
  ],
  [/^(?:date of birth|birth ?date|d\.? ?o\.? ?b\.?)\b.{0,20}$/, 'dob'],
  [
    new RegExp(
      String.raw`^${DATE_PREFIX}(?:the\s+)?(?:specimen\s+|sample\s+|blood\s+)?(?:collect(?:ed|ion)|drawn|draw|taken|sampled|sampling|obtained|venepuncture|venipuncture)${DATE_WORDS}$`,
    ),
    'collected',
  ],
  [
    new RegExp(
      String.raw`^${DATE_PREFIX}(?:final\s+|report\s+|results?\s+)?(?:reported|resulted|released|authori[sz]ed|authori[sz]ation|verified|validated|approved|finali[sz]ed|issued|signed(?: out)?|completed)${DATE_WORDS}$`,
    ),
    'reported',
  ],
  [
    /^(?:final\s+)?(?:report|results?)\s+(?:date|time|dt|date\/time|date&time|issued|released|sent)(?:\s+(?:on|at|time))?$/,
    'reported',
  ],
  [
    /^(?:lab(?:oratory)?\.?\s+|specimen\s+|sample\s+|lab\s+sample\s+)?(?:specimen|sample|accession|accn|acc|requisition|req|episode|barcode|sin|sid|collection|tube|container|order)\.?\s*(?:id|no|num|nbr|number|#|ref|reference|code|barcode|identifier)\.?(?:\s*(?:no|#)\.?)?$/,
    'specimen',
  ],
  [
    /^(?:lab(?:oratory)?\.?\s+)(?:ref|reference|accession|episode|sample|specimen)\.?(?:\s*(?:id|no|num|number|#))?\.?$/,
    'specimen',
  ],
];

const LABEL_CACHE = new Map<string, { field: MetaField; weight: number } | null>();

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

function findLabel(text: string): { field: MetaField; weight: number } | null {
  const raw = text.replace(/\s+/g, ' ').trim();
  const key = normaliseLabel(raw);
  if (!key || key.length > 40) return null;
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
  // One misread letter in a label of 8+ characters (OCR).
  if (key.length < 8) return null;
  for (const [label, hit] of INDEX)
    if (label.length >= 8 && Math.abs(label.length - key.length) <= 1 && editDistance(key, label) <= 1)
      return hit;
  return null;
}
