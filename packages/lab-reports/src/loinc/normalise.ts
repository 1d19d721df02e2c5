/**
 * Test-name normalisation shared by the index and the queries: case, accents, punctuation, LOINC syntax words,
 * specimen words ("Serum", "Ser/Plas"), plural endings and common spellings/abbreviations.
 */
import { looksLikeUnit } from './units';

/** Words that carry no identity in a printed test name or a LOINC long name. */
const NOISE = new Set([
  'serum',
  'plasma',
  'ser',
  'plas',
  'serpl',
  'sp',
  'pl',
  'in',
  'of',
  'by',
  'or',
  'the',
  'and',
  'a',
  'an',
  'w',
  'with',
  'level',
  'lvl',
  'test',
  'result',
  'value',
  'auto',
  'automated',
  'count',
  'cnt',
  'mass',
  'entitic',
  'fraction',
  'presence',
  'concentration',
  'conc',
  'strip',
  'random',
  'specimen',
  'method',
  'rate',
  'area',
  'field',
  'power',
  'microscopy',
  'light',
  'sediment',
  'whole',
  'cal',
  'measured',
  'is',
  'enzymatic',
  'activity',
  'unit',
  'number',
  'sq',
  'm',
  'predicted',
  'pred',
  'formula',
  'based',
  'x',
]);

/** Spelling variants and abbreviations → one canonical token (keys are already lower-case and de-pluralised). */
const SYNONYMS: Record<string, string> = {
  haemoglobin: 'hemoglobin',
  hgb: 'hemoglobin',
  hb: 'hemoglobin',
  haematocrit: 'hematocrit',
  hct: 'hematocrit',
  bld: 'blood',
  oestradiol: 'estradiol',
  leucocyte: 'leukocyte',
  colour: 'color',
  tot: 'total',
  totl: 'total',
  '%': 'pct',
  percent: 'pct',
  percentage: 'pct',
  relative: 'pct',
  '#': 'abs',
  absolute: 'abs',
  ab: 'antibody',
  antibodie: 'antibody',
  ag: 'antigen',
  quantitative: 'quant',
  qn: 'quant',
  qualitative: 'qual',
  ql: 'qual',
  ur: 'urine',
  urn: 'urine',
  u: 'urine',
  ua: 'urine',
  dipstick: 'urine',
  chol: 'cholesterol',
  cholest: 'cholesterol',
  trig: 'triglyceride',
  trigl: 'triglyceride',
  creat: 'creatinine',
  crea: 'creatinine',
  bili: 'bilirubin',
  bilirub: 'bilirubin',
  alk: 'alkaline',
  glu: 'glucose',
  gluc: 'glucose',
  sgpt: 'alt',
  sgot: 'ast',
  plt: 'platelet',
  plts: 'platelet',
  lyms: 'lymphocyte',
  ketone: 'ketone',
  neut: 'neutrophil',
  poly: 'neutrophil',
  lymph: 'lymphocyte',
  lym: 'lymphocyte',
  mono: 'monocyte',
  eos: 'eosinophil',
  eo: 'eosinophil',
  eosino: 'eosinophil',
  baso: 'basophil',
  retic: 'reticulocyte',
  vit: 'vitamin',
  calculated: 'calc',
  calculation: 'calc',
  estimated: 'est',
  estimate: 'est',
  hr: 'hour',
  hrs: 'hour',
  h: 'hour',
  '24hr': '24',
  '24h': '24',
  sens: 'sensitivity',
  sensitive: 'sensitivity',
  hs: 'sensitivity',
  microalb: 'microalbumin',
};

function stem(token: string): string {
  if (token.length > 4 && token.endsWith('s') && !/(ss|us|is)$/.test(token)) return token.slice(0, -1);
  return token;
}

/** Tokens of a name, canonicalised; `vocabulary` (when given) enables OCR-confusion repair of unknown tokens. */
export function tokenise(raw: string, vocabulary?: ReadonlySet<string>): string[] {
  const text = raw
    // Dotted initials are one abbreviation: "T.S.H." is TSH, "H.D.L. Cholesterol" HDL cholesterol.
    .replace(/\b(?:[A-Za-z]\.){2,}(?:[A-Za-z]\b)?/g, (m) => m.replace(/\./g, ''))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[µμ]/g, 'u')
    // A slash between words reads "per" (BUN/Creat, Chol/HDL): keeps a ratio apart from its parts.
    .replace(/([a-z])\s*\/\s*(?=[a-z])/g, '$1 / ')
    .replace(/%/g, ' % ')
    .replace(/#/g, ' # ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9%#/]+/g, ' ')
    .replace(/\//g, ' / ');
  const out: string[] = [];
  for (const piece of text.split(' ')) {
    if (piece === '') continue;
    if (piece === '/') {
      out.push(PER);
      continue;
    }
    let token = stem(piece);
    if (vocabulary && !vocabulary.has(token) && !SYNONYMS[token]) token = repairOcr(token, vocabulary);
    token = SYNONYMS[token] ?? token;
    if (NOISE.has(token)) continue;
    out.push(token);
  }
  // "per" only between two kept words ("Ser/Plas" leaves nothing).
  const kept = out.filter(
    (t, i) => t !== PER || (i > 0 && i < out.length - 1 && out[i - 1] !== PER && out[i + 1] !== PER),
  );
  return kept.filter((t, i) => kept.indexOf(t) === i || t === PER);
}

const PER = 'per';

const OCR_DIGIT_TO_LETTER: Record<string, string> = {
  '0': 'o',
  '1': 'l',
  '5': 's',
  '8': 'b',
  '9': 'g',
  '6': 'g',
};

/** Undo the usual OCR confusions (0/O, 1/l/I, 5/S, rn/m, vv/w) when that yields a known word. */
function repairOcr(token: string, vocabulary: ReadonlySet<string>): string {
  const candidates = new Set<string>();
  if (/[a-z]/.test(token) && /\d/.test(token)) {
    candidates.add(token.replace(/[015896]/g, (d) => OCR_DIGIT_TO_LETTER[d] ?? d));
    candidates.add(token.replace(/1/g, 'i').replace(/0/g, 'o'));
    candidates.add(token.replace(/0/g, 'o'));
    candidates.add(token.replace(/1/g, 'l'));
  }
  if (/[a-z]/.test(token)) {
    candidates.add(token.replace(/rn/g, 'm'));
    candidates.add(token.replace(/vv/g, 'w'));
    candidates.add(token.replace(/l/g, 'i'));
    candidates.add(token.replace(/i/g, 'l'));
    candidates.add(token.replace(/cl/g, 'd'));
  }
  for (const c of candidates) {
    const s = stem(c);
    if (c !== token && (vocabulary.has(s) || SYNONYMS[s])) return s;
  }
  return token;
}

/**
 * Splits units printed inside a test name ("Glucose (mg/dL)", "Hemoglobin, g/dL") from the name. A trailing `%` or
 * `#` stays in the name (it also tells relative from absolute counts) and is reported as a unit hint.
 */
export function splitUnitsFromName(name: string): { name: string; unit: string | null } {
  let unit: string | null = null;
  let cleaned = name.replace(/\(([^()]*)\)/g, (whole, inner: string) => {
    if (looksLikeUnit(inner.trim())) {
      unit ??= inner.trim();
      return ' ';
    }
    return whole;
  });
  cleaned = cleaned
    .split(/(\s+|,)/)
    .map((chunk) => {
      const trimmed = chunk.trim();
      if (trimmed.includes('/') && looksLikeUnit(trimmed)) {
        unit ??= trimmed;
        return ' ';
      }
      return chunk;
    })
    .join('');
  if (unit === null) {
    if (/%\s*$/.test(cleaned) || /\bpercent\b/i.test(cleaned)) unit = '%';
  }
  return { name: cleaned, unit };
}
